/**
 * The Assistant conversation (SPEC §4 Chat): the administrator sends a question, the typing
 * indicator shows while the reply is awaited, then the reply or the failure bubble is appended.
 *
 * Lives at the signed-in shell level (ChatProvider), so the conversation survives navigation and is
 * gone after sign-out. The question text stays in the view until this machine accepts it (appends
 * it): a blank, too long or blocked send leaves the draft where it is. A question over the API's
 * limit (LIMITS.question) is refused with `inputError`, validated with the form schema.
 *
 * Follow-ups: a reply may carry the `intent` the API understood the question as; the machine keeps
 * the latest reply's one (`lastIntent`) and sends it with the next question (`previousIntent`), so
 * "which of them are supervisors?" refines the previous answer. A failed reply keeps it (a retry asks
 * in the same context); clearing the conversation drops it. The console never builds an intent.
 *
 * Rate limits (docs/SECURITY.md): a question the API refuses with 429 and Retry-After was not
 * asked. It is taken back out of the conversation and held (`heldQuestion`, which the view puts
 * back in the composer), and the machine waits out the time in `rateLimited` (the named delay
 * `retryAfter`, the seconds the API gave): sending is blocked and "Too many requests. Try again in
 * N seconds." shows; then it is idle again and the question can be sent as it was.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { retryAfterOf } from '../../domain/errors';
import { QuestionSchema, validate } from '../../domain/forms';
import type { CopilotIntent, Source } from '../../contract/api';
import { placeholderActor } from '../shared';

/** What the ask actor resolves with: the reply text already unwrapped from `result`. */
export interface ChatReply {
  text: string;
  sources: Source[];
  webSearchUsed: boolean;
  /** What the API understood the question as (an extension of SPEC §7), when it says. */
  intent?: CopilotIntent | undefined;
}

export interface AskInput {
  query: string;
  /** The latest reply's intent, for a follow-up question. */
  previousIntent?: CopilotIntent;
}

type SourceType = 'web' | 'vector';

/** A chat message (SPEC §3). `failed` marks the failure bubble; `question` is what it failed to answer. */
export interface ChatMessage {
  id: string;
  type: 'user' | 'ai';
  content: string;
  /** ISO 8601. */
  timestamp: string;
  sources: Source[];
  webSearchUsed: boolean;
  sourceType: SourceType;
  failed?: true;
  question?: string;
}

export interface ChatContext {
  messages: ChatMessage[];
  /** The question being answered (set while awaiting a reply). */
  pendingQuestion: string | null;
  /** Why the last question was refused (too long), until one is accepted. */
  inputError: string | null;
  /** The intent of the latest reply, sent with the next question. */
  lastIntent: CopilotIntent | null;
  /** The question a rate limit refused, given back to the composer (set from then on until the next one is accepted). */
  heldQuestion: string | null;
  /** The seconds to wait in `rateLimited` (the 429's Retry-After). */
  retryAfterSeconds: number | null;
}

export type ChatEvent = { type: 'chat.send'; text: string } | { type: 'chat.clear' };

/** SPEC §8 Assistant. */
export const CHAT_FAILURE_MESSAGE = 'Sorry, I encountered an error. Please try again.';

/** The question a send asks: its text, trimmed. */
const questionOf = (event: { text: string }): string => event.text.trim();

function now(): string {
  return new Date().toISOString();
}

export const chatMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as ChatContext,
    events: {} as ChatEvent,
  },
  actors: {
    ask: placeholderActor<ChatReply, AskInput>('ask'),
  },
  guards: {
    isBlank: ({ event }) => {
      assertEvent(event, 'chat.send');
      return event.text.trim() === '';
    },
    isInvalidQuestion: ({ event }) => {
      assertEvent(event, 'chat.send');
      return !validate(QuestionSchema, event.text).ok;
    },
    hasMessages: ({ context }) => context.messages.length > 0,
    isRateLimited: ({ event }) => retryAfterOf('error' in event ? event.error : null) !== null,
  },
  delays: {
    /** The wait a 429 asked for (its Retry-After, in seconds). */
    retryAfter: ({ context }) => (context.retryAfterSeconds ?? 1) * 1000,
  },
  actions: {
    appendQuestion: assign(({ context, event }) => {
      assertEvent(event, 'chat.send');
      const question = questionOf(event);
      const message: ChatMessage = {
        id: crypto.randomUUID(),
        type: 'user',
        content: question,
        timestamp: now(),
        sources: [],
        webSearchUsed: false,
        sourceType: 'vector',
      };
      return { messages: [...context.messages, message], pendingQuestion: question, inputError: null, heldQuestion: null };
    }),
    assignInputError: assign(({ event }) => {
      assertEvent(event, 'chat.send');
      const result = validate(QuestionSchema, event.text);
      return { inputError: result.ok ? null : (Object.values(result.errors)[0] ?? null) };
    }),
    appendReply: assign(({ context }, reply: ChatReply) => {
      const message: ChatMessage = {
        id: crypto.randomUUID(),
        type: 'ai',
        content: reply.text,
        timestamp: now(),
        sources: reply.sources,
        webSearchUsed: reply.webSearchUsed,
        sourceType: reply.webSearchUsed ? 'web' : 'vector',
      };
      return { messages: [...context.messages, message], pendingQuestion: null, lastIntent: reply.intent ?? null };
    }),
    appendFailure: assign(({ context }) => {
      const message: ChatMessage = {
        id: crypto.randomUUID(),
        type: 'ai',
        content: CHAT_FAILURE_MESSAGE,
        timestamp: now(),
        sources: [],
        webSearchUsed: false,
        sourceType: 'vector',
        failed: true,
        ...(context.pendingQuestion !== null ? { question: context.pendingQuestion } : {}),
      };
      return { messages: [...context.messages, message], pendingQuestion: null };
    }),
    holdQuestion: assign(({ context, event }) => ({
      // The question was not asked: out of the conversation, back to the composer.
      messages: context.messages.slice(0, -1),
      heldQuestion: context.pendingQuestion,
      pendingQuestion: null,
      retryAfterSeconds: retryAfterOf('error' in event ? event.error : null),
    })),
    endWait: assign({ retryAfterSeconds: () => null }),
    clearMessages: assign({ messages: () => [], pendingQuestion: () => null, lastIntent: () => null }),
  },
}).createMachine({
  id: 'chat',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Assistant screen', '§4 Chat'] },
  initial: 'idle',
  context: { messages: [], pendingQuestion: null, inputError: null, lastIntent: null, heldQuestion: null, retryAfterSeconds: null },
  states: {
    idle: {
      description: "Waiting for the administrator's question.",
      on: {
        'chat.send': [
          { guard: 'isBlank', description: 'A blank question is ignored.' },
          {
            guard: 'isInvalidQuestion',
            actions: 'assignInputError',
            description: 'A question over the length limit is refused with a message; the draft stays.',
          },
          { target: 'awaitingReply', actions: 'appendQuestion' },
        ],
        'chat.clear': { guard: 'hasMessages', actions: 'clearMessages' },
      },
    },
    awaitingReply: {
      description: 'The question is being answered: the typing indicator shows and sending is blocked.',
      tags: ['pending'],
      invoke: {
        id: 'ask',
        src: 'ask',
        // The question is the one the send that entered this state carries (appendQuestion keeps it as pendingQuestion).
        input: ({ context, event }): AskInput => {
          assertEvent(event, 'chat.send');
          return { query: questionOf(event), ...(context.lastIntent ? { previousIntent: context.lastIntent } : {}) };
        },
        onDone: {
          target: 'idle',
          actions: { type: 'appendReply', params: ({ event }) => event.output },
        },
        onError: [
          {
            guard: 'isRateLimited',
            target: 'rateLimited',
            actions: 'holdQuestion',
            description: 'Refused by a rate limit (429): the question goes back to the composer and the wait begins.',
          },
          { target: 'idle', actions: 'appendFailure' },
        ],
      },
      on: {
        'chat.send': { description: 'Blocked: one question at a time; the draft stays in the input.' },
      },
    },
    rateLimited: {
      description:
        'Waiting out a rate limit: "Too many requests. Try again in N seconds." shows, sending is blocked, the question is in the composer.',
      after: { retryAfter: { target: 'idle', actions: 'endWait' } },
      on: {
        'chat.send': { description: 'Blocked until the wait is over; the draft stays in the input.' },
        'chat.clear': { guard: 'hasMessages', actions: 'clearMessages' },
      },
    },
  },
});

export type ChatMachine = typeof chatMachine;
export type ChatActorRef = ActorRefFrom<typeof chatMachine>;
export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;
