// @vitest-environment node
/**
 * The Assistant after a rate limit is waited out (src/machines/chat/chatMachine.ts): the wait is
 * over in the conversation's own state too, so nothing of it is left to restore or to show. Actor
 * level: the answer is a promise the test settles, the wait runs on Vitest's fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { chatMachine, selectHeldQuestion, selectRateLimitWait, type AskInput, type ChatReply } from '../../src/machines/chat';
import { ApiRequestError } from '../../src/services/api/errors';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the Assistant after a rate limit', () => {
  it('once the Retry-After has passed, no wait is kept and the refused question is still offered', async () => {
    const answers: { reject: (error: unknown) => void }[] = [];
    const actor = createActor(
      chatMachine.provide({
        actors: { ask: fromPromise<ChatReply, AskInput>(() => new Promise<ChatReply>((_, reject) => answers.push({ reject }))) },
      }),
    ).start();
    actor.send({ type: 'chat.send', text: 'Who is pending?' });
    answers.at(-1)?.reject(new ApiRequestError(429, 'Too Many Requests', {}, 7));
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('rateLimited');
    expect(actor.getSnapshot().context.retryAfterSeconds).toBe(7);
    expect(selectRateLimitWait(actor.getSnapshot())).toBe(7);
    await vi.advanceTimersByTimeAsync(7_000);
    const after = actor.getSnapshot();
    expect(after.value).toBe('idle');
    expect(after.context.retryAfterSeconds).toBeNull();
    expect(selectRateLimitWait(after)).toBeNull();
    expect(selectHeldQuestion(after)).toBe('Who is pending?');
  });
});
