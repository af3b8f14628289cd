/**
 * Named scenarios of the session and its sign-in flow, recovery paths that the generated walk reaches with one
 * context only: 'Enter confirmation code' reuses the sign-up this browser kept for that email, and
 * a confirmation without sign-up data (entered from Sign In) completes no signup.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  authMachine,
  signInFlowMachine,
  type MembershipResult,
  type PendingConfirmation,
  type SessionCheck,
  type SignInResult,
} from '../../src/machines/auth';

const EMAIL = 'ada@summit.test';
const USER = { username: 'uuid-ada', email: EMAIL, attributes: { sub: 'sub-ada', email: EMAIL } };
const KEPT: PendingConfirmation = {
  email: EMAIL,
  isRequired: false,
  signupData: { phoneNumber: '+15551234567', organization: 'Summit Builders', fullName: 'Ada Lovelace' },
};

function start(check: SessionCheck, signIn: SignInResult, pendingAfterSignIn: PendingConfirmation | null) {
  const saved: PendingConfirmation[] = [];
  const actor = createActor(
    authMachine.provide({
      actors: {
        checkSession: fromPromise(async () => check),
        signInFlow: signInFlowMachine.provide({
          actors: { signIn: fromPromise(async () => signIn) },
          actions: {
            savePendingConfirmation: (_: unknown, { pending }: { pending: PendingConfirmation }) => saved.push(pending),
            clearPendingConfirmation: () => undefined,
          },
        }),
        loadPendingSignup: fromPromise(async () => pendingAfterSignIn),
        completeSignup: fromPromise(() => new Promise<void>(() => undefined)),
        loadMembership: fromPromise(() => new Promise<MembershipResult>(() => undefined)),
      },
      actions: { clearPendingConfirmation: () => undefined },
    }),
  ).start();
  /** The sign-in flow the session runs while signed out. */
  const flow = () => {
    const child = actor.getSnapshot().children.signInFlow;
    if (!child) throw new Error('not signed out');
    return child;
  };
  return { actor, flow, saved };
}

describe('recovery scenarios', () => {
  it("'Enter confirmation code' reuses the sign-up this browser kept for that email", async () => {
    const { actor, flow, saved } = start({ user: null, pending: KEPT }, { kind: 'confirmSignUp' }, null);
    await waitFor(actor, (s) => s.matches('signedOut'));
    expect(flow().getSnapshot().matches({ signIn: 'idle' })).toBe(true);
    flow().send({ type: 'auth.signIn', username: EMAIL, password: 'Hardline#2026' });
    await waitFor(flow(), (s) => s.context.unconfirmedEmail === EMAIL);
    flow().send({ type: 'auth.enterCode' });
    expect(flow().getSnapshot().matches('confirmEmail')).toBe(true);
    expect(saved.at(-1)).toEqual({ ...KEPT, isRequired: true });
  });

  it('a confirmation without sign-up data completes no signup after signing in', async () => {
    const bare: PendingConfirmation = { email: EMAIL, isRequired: false, signupData: { phoneNumber: '', organization: '', fullName: '' } };
    const { actor, flow } = start({ user: null, pending: null }, { kind: 'signedIn', user: USER }, bare);
    await waitFor(actor, (s) => s.matches('signedOut'));
    flow().send({ type: 'auth.signIn', username: EMAIL, password: 'Hardline#2026' });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedIn: 'checkingAccess' }) || s.matches({ signedIn: 'completingSignup' }));
    expect(snapshot.matches({ signedIn: 'checkingAccess' })).toBe(true);
  });

  it('the same sign-up with its data is completed', async () => {
    const { actor, flow } = start({ user: null, pending: null }, { kind: 'signedIn', user: USER }, KEPT);
    await waitFor(actor, (s) => s.matches('signedOut'));
    flow().send({ type: 'auth.signIn', username: EMAIL, password: 'Hardline#2026' });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedIn: 'checkingAccess' }) || s.matches({ signedIn: 'completingSignup' }));
    expect(snapshot.matches({ signedIn: 'completingSignup' })).toBe(true);
  });
});
