// @vitest-environment node
/**
 * Named scenarios of 'Resend code' on Confirm Email (src/machines/auth/resendCodeMachine.ts), read as
 * its specification. Actor level, no rendering: the identity call is a promise the scenario settles,
 * and the real cooldown (60 s) and countdown (1 s) delays run on Vitest's fake clock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { resendCodeMachine } from '../../src/machines/auth/resendCodeMachine';
import { EMAIL, calls, settle } from './auth.harness';

function openConfirmEmail() {
  const resends = calls<void, { email: string }>();
  const actor = createActor(resendCodeMachine.provide({ actors: { resendConfirmationCode: resends.logic } }), {
    input: { email: EMAIL },
  }).start();
  return { actor, calls: resends.log, last: resends.last };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("'Resend code' on Confirm Email", () => {
  it('is ready at once, with nothing said yet', () => {
    const { actor, calls } = openConfirmEmail();
    const snapshot = actor.getSnapshot();
    expect(snapshot.value).toBe('ready');
    expect(snapshot.context).toEqual({ email: EMAIL, secondsLeft: 0, notice: null, error: null });
    expect(calls).toHaveLength(0);
  });

  it('sends a new code to the address being confirmed and says so', async () => {
    const { actor, calls, last } = openConfirmEmail();
    actor.send({ type: 'resend.send' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(calls).toHaveLength(1);
    expect(last().input).toEqual({ email: EMAIL });
    last().resolve();
    await settle();
    const snapshot = actor.getSnapshot();
    expect(snapshot.matches('coolingDown')).toBe(true);
    expect(snapshot.hasTag('pending')).toBe(false);
    expect(snapshot.context.notice).toBe('We sent a new code to ada@summit.test');
    expect(snapshot.context.error).toBeNull();
    expect(snapshot.context.secondsLeft).toBe(60);
  });

  it('then waits 60 seconds, counting them down one a second, before it can be used again', async () => {
    const { actor, calls, last } = openConfirmEmail();
    actor.send({ type: 'resend.send' });
    last().resolve();
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(59);
    await vi.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(58);
    // Pressing it while it counts down sends nothing.
    actor.send({ type: 'resend.send' });
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(57_000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(actor.getSnapshot().matches('coolingDown')).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'resend.send' });
    expect(calls).toHaveLength(2);
    // The message of the last send goes while the next one is on its way.
    expect(actor.getSnapshot().context.notice).toBeNull();
  });

  it('the countdown never shows less than 1 second', async () => {
    const { actor, last } = openConfirmEmail();
    actor.send({ type: 'resend.send' });
    last().resolve();
    await settle();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
  });

  it("a refused request shows the identity service's message and can be tried again at once", async () => {
    const { actor, calls, last } = openConfirmEmail();
    actor.send({ type: 'resend.send' });
    last().reject(new Error('Attempt limit exceeded, please try after some time.'));
    await settle();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.error).toBe('Attempt limit exceeded, please try after some time.');
    actor.send({ type: 'resend.send' });
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it("a failure without a message reads 'We could not send a new code. Please try again.', and replaces the last notice", async () => {
    const { actor, last } = openConfirmEmail();
    actor.send({ type: 'resend.send' });
    last().resolve();
    await settle();
    await vi.advanceTimersByTimeAsync(60_000);
    actor.send({ type: 'resend.send' });
    last().reject(new Error(''));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({
      error: 'We could not send a new code. Please try again.',
      notice: null,
    });
  });
});

describe('for the developer wiring the console', () => {
  it('an identity call nobody provided fails with its name', async () => {
    const actor = createActor(resendCodeMachine, { input: { email: EMAIL } }).start();
    actor.send({ type: 'resend.send' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('The "resendConfirmationCode" actor is not provided');
  });
});
