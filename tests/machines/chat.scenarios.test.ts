/**
 * Named scenarios of the Assistant conversation (SPEC §2 Assistant screen, §4 Chat, §8 Assistant),
 * read as its specification. Actor level, no rendering: each question's answer is a promise the
 * test settles, and the scenario sees what the `ask` actor was asked.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CopilotIntent } from '../../src/contract/api';
import { QUESTION_TOO_LONG_MESSAGE } from '../../src/domain/forms';
import { LIMITS } from '../../src/domain/limits';
import {
  CHAT_FAILURE_MESSAGE,
  chatMachine,
  selectFailedQuestion,
  selectHeldQuestion,
  selectInputError,
  selectIsAwaitingReply,
  selectMessages,
  selectRateLimitWait,
  type AskInput,
  type ChatReply,
} from '../../src/machines/chat';
import { ApiRequestError } from '../../src/services/api/errors';
import { waitFor } from '../support/snapshots';

const PENDING: CopilotIntent = { subject: 'members', measure: 'count', filters: { status: 'pending' } };
const ORGANISATION_REPLY: ChatReply = { text: 'Three users are active.', sources: [], webSearchUsed: false };

function openAssistant() {
  const asked: AskInput[] = [];
  const answers: { resolve: (reply: ChatReply) => void; reject: (error: unknown) => void }[] = [];
  const actor = createActor(
    chatMachine.provide({
      actors: {
        ask: fromPromise<ChatReply, AskInput>(
          ({ input }) =>
            new Promise<ChatReply>((resolve, reject) => {
              asked.push(input);
              answers.push({ resolve, reject });
            }),
        ),
      },
    }),
  ).start();
  const answer = () => {
    const next = answers.at(-1);
    if (!next) throw new Error('nothing was asked');
    return next;
  };
  const idle = () => waitFor(actor, (s) => s.matches('idle'));
  return { actor, asked, answer, idle };
}

describe('the Assistant conversation', () => {
  it('the question appears at once, the typing indicator shows while the reply is awaited, then the reply follows it', async () => {
    const { actor, asked, answer, idle } = openAssistant();
    actor.send({ type: 'chat.send', text: '  Who is active?  ' });
    const waiting = actor.getSnapshot();
    expect(selectIsAwaitingReply(waiting)).toBe(true);
    expect(waiting.context.pendingQuestion).toBe('Who is active?');
    expect(selectMessages(waiting)).toEqual([
      expect.objectContaining({ type: 'user', content: 'Who is active?', sources: [], webSearchUsed: false, sourceType: 'vector' }),
    ]);
    expect(asked).toEqual([{ query: 'Who is active?' }]);

    answer().resolve(ORGANISATION_REPLY);
    const done = await idle();
    expect(selectIsAwaitingReply(done)).toBe(false);
    expect(done.context.pendingQuestion).toBeNull();
    const [question, reply] = selectMessages(done);
    expect(reply).toEqual({
      id: expect.any(String),
      type: 'ai',
      content: 'Three users are active.',
      timestamp: expect.any(String),
      sources: [],
      webSearchUsed: false,
      sourceType: 'vector',
    });
    expect(question?.id).not.toBe(reply?.id);
    for (const message of [question, reply]) {
      expect(new Date(message?.timestamp ?? '').toISOString()).toBe(message?.timestamp);
    }
    expect(selectFailedQuestion(done)).toBeNull();
  });

  it("a reply found on the web keeps its sources and reads 'Sources from web search'", async () => {
    const { actor, answer, idle } = openAssistant();
    actor.send({ type: 'chat.send', text: 'Any safety news this week?' });
    const sources = [{ id: 'w1', type: 'web', title: 'OSHA update', url: 'https://osha.example/news' }];
    answer().resolve({ text: 'OSHA published new guidance.', sources, webSearchUsed: true });
    const done = await idle();
    expect(selectMessages(done)[1]).toMatchObject({ sources, webSearchUsed: true, sourceType: 'web' });
  });

  it('a blank question is ignored: nothing is sent and nothing is said', () => {
    const { actor, asked } = openAssistant();
    const before = actor.getSnapshot();
    actor.send({ type: 'chat.send', text: ' \n\t ' });
    const after = actor.getSnapshot();
    expect(after.value).toBe('idle');
    expect(selectMessages(after)).toEqual([]);
    expect(selectInputError(after)).toBeNull();
    expect(after.context).toBe(before.context);
    expect(asked).toEqual([]);
  });

  it(`a question over ${LIMITS.question} characters is refused with '${QUESTION_TOO_LONG_MESSAGE}', and the next one is accepted`, async () => {
    const { actor, asked, answer, idle } = openAssistant();
    expect(QUESTION_TOO_LONG_MESSAGE).toBe('Question must be at most 2,000 characters');
    actor.send({ type: 'chat.send', text: 'q'.repeat(LIMITS.question + 1) });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectInputError(actor.getSnapshot())).toBe(QUESTION_TOO_LONG_MESSAGE);
    expect(selectMessages(actor.getSnapshot())).toEqual([]);
    expect(asked).toEqual([]);

    // Exactly at the limit (spaces around it are trimmed first) is fine, and the message goes.
    const longest = 'q'.repeat(LIMITS.question);
    actor.send({ type: 'chat.send', text: ` ${longest} ` });
    expect(selectInputError(actor.getSnapshot())).toBeNull();
    expect(asked).toEqual([{ query: longest }]);
    answer().resolve(ORGANISATION_REPLY);
    await idle();
  });

  it('sending is blocked while a reply is awaited: one question at a time', async () => {
    const { actor, asked, answer, idle } = openAssistant();
    actor.send({ type: 'chat.send', text: 'User Activity' });
    actor.send({ type: 'chat.send', text: 'Weekly Report' });
    expect(asked).toEqual([{ query: 'User Activity' }]);
    expect(selectMessages(actor.getSnapshot())).toHaveLength(1);
    answer().resolve(ORGANISATION_REPLY);
    await idle();
    expect(selectMessages(actor.getSnapshot())).toHaveLength(2);
  });

  it(`when the Assistant fails, the bubble reads '${CHAT_FAILURE_MESSAGE}' and the question is offered again`, async () => {
    const { actor, asked, answer, idle } = openAssistant();
    actor.send({ type: 'chat.send', text: 'Weekly Report' });
    expect(selectFailedQuestion(actor.getSnapshot())).toBeNull();
    answer().reject(new Error('HTTP 500: Internal Server Error'));
    const failed = await idle();
    expect(selectMessages(failed)[1]).toEqual({
      id: expect.any(String),
      type: 'ai',
      content: 'Sorry, I encountered an error. Please try again.',
      timestamp: expect.any(String),
      sources: [],
      webSearchUsed: false,
      sourceType: 'vector',
      failed: true,
      question: 'Weekly Report',
    });
    expect(failed.context.pendingQuestion).toBeNull();
    expect(selectFailedQuestion(failed)).toBe('Weekly Report');

    // Asking again: the offer goes while the reply is awaited, and for good once it arrives.
    actor.send({ type: 'chat.send', text: 'Weekly Report' });
    expect(selectFailedQuestion(actor.getSnapshot())).toBeNull();
    expect(asked).toHaveLength(2);
    answer().resolve(ORGANISATION_REPLY);
    const answered = await idle();
    expect(selectMessages(answered)).toHaveLength(4);
    expect(selectFailedQuestion(answered)).toBeNull();
  });

  it('a follow-up question is asked in the context of the previous answer; a failure keeps that context, an answer without one ends it', async () => {
    const { actor, asked, answer, idle } = openAssistant();
    const ask = async (text: string, settle: (a: ReturnType<typeof answer>) => void) => {
      actor.send({ type: 'chat.send', text });
      settle(answer());
      return idle();
    };
    await ask('How many users are pending?', (a) => a.resolve({ ...ORGANISATION_REPLY, intent: PENDING }));
    expect(actor.getSnapshot().context.lastIntent).toEqual(PENDING);
    await ask('which of them are supervisors?', (a) => a.reject(new Error('boom')));
    await ask('which of them are supervisors?', (a) => a.resolve({ text: 'Hello!', sources: [], webSearchUsed: false }));
    await ask('and last week?', (a) => a.resolve(ORGANISATION_REPLY));
    expect(asked).toEqual([
      { query: 'How many users are pending?' },
      { query: 'which of them are supervisors?', previousIntent: PENDING },
      { query: 'which of them are supervisors?', previousIntent: PENDING },
      { query: 'and last week?' },
    ]);
    expect(actor.getSnapshot().context.lastIntent).toBeNull();
  });

  it('clearing the conversation empties it and forgets the context of the last answer', async () => {
    const { actor, asked, answer, idle } = openAssistant();
    actor.send({ type: 'chat.send', text: 'How many users are pending?' });
    answer().resolve({ ...ORGANISATION_REPLY, intent: PENDING });
    await idle();
    actor.send({ type: 'chat.clear' });
    const cleared = actor.getSnapshot();
    expect(selectMessages(cleared)).toEqual([]);
    expect(cleared.context.lastIntent).toBeNull();
    expect(cleared.context.pendingQuestion).toBeNull();
    actor.send({ type: 'chat.send', text: 'which of them are supervisors?' });
    expect(asked.at(-1)).toEqual({ query: 'which of them are supervisors?' });
  });

  it('clearing an empty conversation changes nothing', () => {
    const { actor } = openAssistant();
    const before = actor.getSnapshot();
    expect(selectFailedQuestion(before)).toBeNull();
    actor.send({ type: 'chat.clear' });
    expect(actor.getSnapshot().context).toBe(before.context);
  });

  it('a refused question keeps its message when a blank one follows', () => {
    const { actor } = openAssistant();
    actor.send({ type: 'chat.send', text: 'q'.repeat(LIMITS.question + 1) });
    actor.send({ type: 'chat.send', text: '   ' });
    expect(selectInputError(actor.getSnapshot())).toBe(QUESTION_TOO_LONG_MESSAGE);
  });
});

describe('over the rate limit (issue 37)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a question refused with 429 is taken back to the composer, sending waits out Retry-After, then it can be sent again', async () => {
    vi.useFakeTimers();
    const { actor, asked, answer } = openAssistant();
    actor.send({ type: 'chat.send', text: 'Who is active?' });
    answer().resolve(ORGANISATION_REPLY);
    await waitFor(actor, (s) => s.matches('idle'));

    actor.send({ type: 'chat.send', text: 'And who is pending?' });
    answer().reject(new ApiRequestError(429, 'Too Many Requests', { message: 'Too many requests. Try again in 20 seconds.' }, 20));
    await waitFor(actor, (s) => s.matches('rateLimited'));
    const waiting = actor.getSnapshot();
    // Not asked: out of the conversation (no failure bubble), held for the composer.
    expect(selectMessages(waiting).map((m) => m.content)).toEqual(['Who is active?', 'Three users are active.']);
    expect(selectHeldQuestion(waiting)).toBe('And who is pending?');
    expect(selectRateLimitWait(waiting)).toBe(20);
    expect(selectIsAwaitingReply(waiting)).toBe(false);
    expect(selectFailedQuestion(waiting)).toBeNull();

    // Sending is blocked while waiting.
    actor.send({ type: 'chat.send', text: 'And who is pending?' });
    expect(asked).toHaveLength(2);
    vi.advanceTimersByTime(19_999);
    expect(actor.getSnapshot().value).toBe('rateLimited');
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectRateLimitWait(actor.getSnapshot())).toBeNull();

    // Then the same question goes, in the same follow-up context.
    actor.send({ type: 'chat.send', text: 'And who is pending?' });
    expect(asked.at(-1)).toEqual({ query: 'And who is pending?' });
    expect(selectHeldQuestion(actor.getSnapshot())).toBeNull();
  });

  it('another failure, or a 429 without Retry-After, is the failure bubble as before', async () => {
    const { actor, answer, idle } = openAssistant();
    actor.send({ type: 'chat.send', text: 'Who is active?' });
    answer().reject(new ApiRequestError(429, 'Too Many Requests', { message: 'Slow down' }));
    const done = await idle();
    expect(selectMessages(done).at(-1)).toMatchObject({ failed: true, content: CHAT_FAILURE_MESSAGE, question: 'Who is active?' });
    expect(selectHeldQuestion(done)).toBeNull();
  });

  it('while a rate limit is waited out, the failure before is not offered again: its question is back in the composer', async () => {
    vi.useFakeTimers();
    const { actor, answer } = openAssistant();
    actor.send({ type: 'chat.send', text: 'Weekly Report' });
    answer().reject(new Error('HTTP 500: Internal Server Error'));
    await waitFor(actor, (s) => s.matches('idle'));
    expect(selectFailedQuestion(actor.getSnapshot())).toBe('Weekly Report');

    actor.send({ type: 'chat.send', text: 'Weekly Report' });
    answer().reject(new ApiRequestError(429, 'Too Many Requests', {}, 20));
    const waiting = await waitFor(actor, (s) => s.matches('rateLimited'));
    // The failure bubble is the last message again, but the question is offered in the composer only.
    expect(selectMessages(waiting).at(-1)).toMatchObject({ failed: true, question: 'Weekly Report' });
    expect(selectHeldQuestion(waiting)).toBe('Weekly Report');
    expect(selectFailedQuestion(waiting)).toBeNull();
  });

  it('the conversation can be cleared while waiting; the wait goes on', async () => {
    vi.useFakeTimers();
    const { actor, answer } = openAssistant();
    actor.send({ type: 'chat.send', text: 'Who is active?' });
    answer().resolve(ORGANISATION_REPLY);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'chat.send', text: 'And who is pending?' });
    answer().reject(new ApiRequestError(429, 'Too Many Requests', {}, 5));
    await waitFor(actor, (s) => s.matches('rateLimited'));
    actor.send({ type: 'chat.clear' });
    expect(selectMessages(actor.getSnapshot())).toEqual([]);
    expect(actor.getSnapshot().value).toBe('rateLimited');
    vi.advanceTimersByTime(5_000);
    expect(actor.getSnapshot().value).toBe('idle');
  });
});
