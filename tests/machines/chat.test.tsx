/**
 * Model-based walk of the chat machine through the real Assistant screen: every generated path is
 * replayed by typing in the input, clicking, and settling the `ask` actor (a deferred double at the
 * network boundary), and every state is checked against what a person sees.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject, StateValue } from 'xstate';
import { CHAT_FAILURE_MESSAGE, chatMachine, type ChatReply } from '../../src/machines/chat';
import { QUICK_PROMPTS } from '../../src/domain/assistant';
import { QUESTION_TOO_LONG_MESSAGE } from '../../src/domain/forms';
import { LIMITS } from '../../src/domain/limits';
import { ApiRequestError } from '../../src/services/api/errors';
import { createControllableActors, createControlledDelays, generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { renderAssistant } from '../views/assistant/render-assistant';

const QUESTION = 'How many calls did the team make this week?';
const BLANK = '   ';
/** Over the limit: the textarea's maxLength stops typing there, so the walk sets it as a paste-less browser would. */
const TOO_LONG = 'x'.repeat(LIMITS.question + 1);
const REPLY: ChatReply = {
  text: 'The team made **12 calls** this week.',
  sources: [
    { id: 'call-1', type: 'call', title: 'Morning site check-in' },
    { id: 'member/1', type: 'user', title: 'Ana Ruiz' },
  ],
  webSearchUsed: false,
  intent: { subject: 'calls', measure: 'count', filters: { window: { kind: 'this_week' } } },
};

/** The API's answer over a rate limit (issue 37): 429, Retry-After 30 (the client's ApiRequestError). */
const WAIT_SECONDS = 30;
const RATE_LIMITED = new ApiRequestError(
  429,
  'Too Many Requests',
  { message: 'Too many requests. Try again in 30 seconds.' },
  WAIT_SECONDS,
);
const WAIT_MESSAGE = 'Too many requests. Try again in 30 seconds.';

const paths = generateModelPaths(chatMachine, {
  cover: 'pairs',
  events: {
    'chat.send': [
      { type: 'chat.send', text: BLANK },
      { type: 'chat.send', text: QUESTION },
      { type: 'chat.send', text: TOO_LONG },
    ],
    // 'Clear conversation' shows only when there are messages (so `hasMessages` is never seen false here).
    'chat.clear': (s) => (s.context.messages.length > 0 ? [{ type: 'chat.clear' }] : []),
    'xstate.done.actor.ask': { type: 'xstate.done.actor.ask', output: REPLY },
    'xstate.error.actor.ask': [
      { type: 'xstate.error.actor.ask', error: new Error('HTTP 500: Internal Server Error') },
      { type: 'xstate.error.actor.ask', error: RATE_LIMITED },
    ],
  },
  // Whether there is a conversation to clear, and while a reply is awaited whether there was one
  // before the question (a rate limit gives the question back, leaving what was there): none, the
  // question alone, or more. With only "any messages" the planner could not tell a first question
  // from a later one, and never planned a rate limit with a conversation to clear.
  key: (s) => Math.min(s.context.messages.length, 2),
});

walkPaths({
  machineId: 'chat',
  machine: chatMachine,
  paths,
  setup: ({ inspect }) => {
    const fakes = createControllableActors(chatMachine, ['ask']);
    const timers = createControlledDelays(['retryAfter']);
    timers.install();
    const user = userEvent.setup();
    const view = renderAssistant({ actors: fakes.actors, inspect, delays: timers.delays });
    const input = screen.getByRole('textbox', { name: 'Ask the assistant' });
    const log = screen.getByRole('log');
    /** The state when the last question was sent: accepted from idle, or blocked while waiting. */
    let current: StateValue = 'idle';
    let sentFrom: StateValue = 'idle';
    /** The model of the follow-up context: a reply's intent goes with every later question, until cleared. */
    let followsUp = false;
    /** What the composer held when the last reply failed (a rate limit gives the question back only to an empty one). */
    let draftAtFailure = '';
    const send = () => screen.getByRole('button', { name: 'Send' });
    const prompts = () => QUICK_PROMPTS.map((p) => screen.getByRole('button', { name: p.label }));
    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(() => {
        if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });

    return {
      ...tableDriver(chatMachine, {
        every: async ({ snapshot, context: { messages, inputError }, event }) => {
          current = snapshot.value;
          await waitFor(() => expect(within(log).queryAllByRole('article')).toHaveLength(messages.length));
          if (event?.type === 'chat.send') expect(input).toHaveFocus();
          // A refused question says why, under the input, until one is accepted.
          if (inputError !== null) expect(screen.getByRole('alert')).toHaveTextContent(inputError);
          else expect(screen.queryByText(QUESTION_TOO_LONG_MESSAGE)).not.toBeInTheDocument();
          expect(input).toHaveAttribute('maxLength', String(LIMITS.question));
        },
        states: {
          idle: ({ context: { messages } }) => {
            expect(within(log).queryByRole('status')).not.toBeInTheDocument();
            expect(screen.queryByText(/^Too many requests/)).not.toBeInTheDocument();
            expect(send()).toBeEnabled();
            for (const b of prompts()) expect(b).toBeEnabled();
            if (messages.length === 0) expect(within(log).getByText("Hello! I'm your Hardline assistant.")).toBeInTheDocument();
          },
          awaitingReply: () => {
            expect(within(log).getByRole('status')).toHaveTextContent('Assistant is typing…');
            expect(send()).toBeDisabled();
            for (const b of prompts()) expect(b).toBeDisabled();
            const lastUser = within(log).getAllByRole('article', { name: 'You' }).at(-1);
            expect(lastUser).toHaveTextContent(QUESTION);
          },
          rateLimited: () => {
            // The wait, in the words the console uses for every 429; nothing can be sent until it is over.
            expect(screen.getByRole('alert')).toHaveTextContent(WAIT_MESSAGE);
            expect(within(log).queryByRole('status')).not.toBeInTheDocument();
            expect(send()).toBeDisabled();
            for (const b of prompts()) expect(b).toBeDisabled();
            expect(within(log).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
          },
        },
        events: {
          'chat.send': async ({ text }) => {
            sentFrom = current;
            // user-event cannot edit a value longer than maxLength (set by a refused question): empty it as the page would.
            if ((input as HTMLTextAreaElement).value.length > LIMITS.question) fireEvent.change(input, { target: { value: '' } });
            else await user.clear(input);
            if (text.length > LIMITS.question) {
              fireEvent.change(input, { target: { value: text } });
              await user.type(input, '{Enter}');
            } else {
              await user.type(input, `${text}{Enter}`);
            }
          },
          'chat.clear': async () => {
            await user.click(screen.getByRole('button', { name: 'Clear conversation' }));
            followsUp = false;
          },
          'xstate.done.actor.ask': (event, info) => {
            followsUp = true;
            return settle(event, info);
          },
          'xstate.error.actor.ask': (event, info) => {
            draftAtFailure = (input as HTMLTextAreaElement).value;
            return settle(event, info);
          },
          'xstate.after.retryAfter.chat.rateLimited': () => act(() => timers.fire('retryAfter')),
        },
        arrivals: {
          idle: {
            // Ignored (blank) or refused (too long): the draft stays; a refusal says why.
            'chat.send': ({ event, context }) => {
              expect(input).toHaveValue(event?.text);
              if (event?.text === TOO_LONG) expect(context.inputError).toBe(QUESTION_TOO_LONG_MESSAGE);
            },
            'xstate.error.actor.ask': ({ context }) => {
              expect(context.messages.at(-1)?.failed).toBe(true);
              // One failure bubble per failed question (a walk may fail more than once).
              expect(within(log).getAllByText(CHAT_FAILURE_MESSAGE)).toHaveLength(context.messages.filter((m) => m.failed).length);
              expect(within(log).getByRole('button', { name: 'Retry' })).toBeEnabled();
            },
            'xstate.done.actor.ask': () => {
              expect(within(log).getAllByText('12 calls').at(-1)?.tagName).toBe('STRONG');
              expect(within(log).getAllByText('Sources from organization data').length).toBeGreaterThan(0);
              // A cited member links to their billing page, built from the source's id.
              expect(within(log).getAllByRole('link', { name: 'Ana Ruiz' }).at(-1)).toHaveAttribute('href', '/billing/user/member%2F1');
              expect(within(log).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
            },
          },
          rateLimited: {
            // The refused question left the conversation and is back in the composer (unless something else was typed).
            'xstate.error.actor.ask': ({ context }) => {
              expect(context.retryAfterSeconds).toBe(WAIT_SECONDS);
              expect(input).toHaveValue(draftAtFailure.trim() === '' ? QUESTION : draftAtFailure);
              expect(within(log).queryAllByText(CHAT_FAILURE_MESSAGE)).toHaveLength(context.messages.filter((m) => m.failed).length);
            },
            // Blocked while waiting: the draft stays.
            'chat.send': ({ event }) => expect(input).toHaveValue(event?.text),
          },
          awaitingReply: {
            'chat.send': ({ event }) => {
              // Accepted from idle: the input is emptied; blocked while waiting: the draft stays.
              expect(input).toHaveValue(sentFrom === 'idle' ? '' : event?.text);
              // Asked with the latest reply's intent (kept across a failure), none after a clear.
              expect(fakes.inputs('ask').at(-1)).toEqual(
                followsUp ? { query: QUESTION, previousIntent: REPLY.intent } : { query: QUESTION },
              );
            },
          },
        },
      }),
      teardown() {
        view.unmount();
        timers.uninstall();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
