// @vitest-environment node
/**
 * Named scenarios of the authenticator-code step of sign-in (src/machines/auth/mfaChallengeMachine.ts),
 * read as its specification. Actor level, no rendering: the identity call is a promise the scenario
 * settles, and the scenario sees the code that was sent.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { mfaChallengeMachine } from '../../src/machines/auth/mfaChallengeMachine';
import type { SessionUser } from '../../src/services/identity';

const USER: SessionUser = { username: 'uuid-ada', email: 'ada@summit.test', attributes: { sub: 'sub-ada' } };
const CODE_MESSAGE = 'Enter the 6-digit code from your authenticator app';

interface Call {
  input: { code: string };
  resolve: (user: SessionUser) => void;
  reject: (error: unknown) => void;
}

function openCodeStep() {
  const calls: Call[] = [];
  const actor = createActor(
    mfaChallengeMachine.provide({
      actors: {
        answerTotp: fromPromise<SessionUser, { code: string }>(
          ({ input }) => new Promise<SessionUser>((resolve, reject) => calls.push({ input, resolve, reject })),
        ),
      },
    }),
  ).start();
  const last = (): Call => {
    const call = calls.at(-1);
    if (!call) throw new Error('nothing was asked');
    return call;
  };
  const idle = () => waitFor(actor, (s) => s.matches({ enterCode: 'idle' }));
  return { actor, calls, last, idle };
}

describe('the authenticator code at sign-in', () => {
  it('asks for the code, with nothing to correct yet', () => {
    const { actor } = openCodeStep();
    expect(actor.getSnapshot().value).toEqual({ enterCode: 'idle' });
    expect(actor.getSnapshot().context).toEqual({ user: null, fieldErrors: {}, formError: null });
  });

  it('a code that is not 6 digits is refused before anything is sent', () => {
    const { actor, calls } = openCodeStep();
    for (const code of ['12345', '1234567', '12a456', '']) {
      actor.send({ type: 'mfa.submit', code });
      expect(actor.getSnapshot().value).toEqual({ enterCode: 'idle' });
      expect(actor.getSnapshot().context.fieldErrors).toEqual({ code: CODE_MESSAGE });
      expect(actor.getSnapshot().context.formError).toBeNull();
    }
    expect(calls).toHaveLength(0);
  });

  it('the code is sent without the spaces pasted around it, and the person is signed in', async () => {
    const { actor, last } = openCodeStep();
    actor.send({ type: 'mfa.submit', code: ' 123456 ' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(last().input).toEqual({ code: '123456' });
    last().resolve(USER);
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.value).toBe('done');
    expect(done.output).toEqual({ user: USER });
  });

  it("a wrong code shows the identity service's message, and the code can be entered again", async () => {
    const { actor, calls, last, idle } = openCodeStep();
    actor.send({ type: 'mfa.submit', code: '111111' });
    last().reject(new Error('Invalid code received for user'));
    const refused = await idle();
    expect(refused.context.formError).toBe('Invalid code received for user');
    actor.send({ type: 'mfa.submit', code: '222222' });
    expect(calls).toHaveLength(2);
    expect(actor.getSnapshot().context.formError).toBeNull();
  });

  it("a failure without a message reads 'An error occurred while checking your code'", async () => {
    const { actor, last, idle } = openCodeStep();
    actor.send({ type: 'mfa.submit', code: '111111' });
    last().reject(new Error('  '));
    expect((await idle()).context.formError).toBe('An error occurred while checking your code');
  });

  it('a valid code clears the complaint about the last one', () => {
    const { actor } = openCodeStep();
    actor.send({ type: 'mfa.submit', code: '12' });
    actor.send({ type: 'mfa.submit', code: '123456' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({});
  });
});

describe('for the developer wiring the console', () => {
  it('an identity call nobody provided fails with its name', async () => {
    const actor = createActor(mfaChallengeMachine).start();
    actor.send({ type: 'mfa.submit', code: '123456' });
    const refused = await waitFor(actor, (s) => s.matches({ enterCode: 'idle' }));
    expect(refused.context.formError).toBe('The "answerTotp" actor is not provided');
  });
});
