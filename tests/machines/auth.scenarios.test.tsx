/**
 * Named scenarios of the auth machine's recovery paths that the generated walk reaches with one
 * context only: 'Enter confirmation code' reuses the sign-up this browser kept for that email, and
 * a confirmation without sign-up data (entered from Sign In) completes no signup.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  authMachine,
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
        signIn: fromPromise(async () => signIn),
        loadPendingSignup: fromPromise(async () => pendingAfterSignIn),
        completeSignup: fromPromise(() => new Promise<void>(() => undefined)),
        loadMembership: fromPromise(() => new Promise<MembershipResult>(() => undefined)),
      },
      actions: {
        savePendingConfirmation: (_: unknown, { pending }: { pending: PendingConfirmation }) => saved.push(pending),
        clearPendingConfirmation: () => undefined,
      },
    }),
  ).start();
  return { actor, saved };
}

describe('recovery scenarios', () => {
  it("'Enter confirmation code' reuses the sign-up this browser kept for that email", async () => {
    const { actor, saved } = start({ user: null, pending: KEPT }, { kind: 'confirmSignUp' }, null);
    await waitFor(actor, (s) => s.matches({ signedOut: { signIn: 'idle' } }));
    actor.send({ type: 'auth.signIn', username: EMAIL, password: 'Hardline#2026' });
    await waitFor(actor, (s) => s.context.unconfirmedEmail === EMAIL);
    actor.send({ type: 'auth.enterCode' });
    expect(actor.getSnapshot().matches({ signedOut: 'confirmEmail' })).toBe(true);
    expect(saved.at(-1)).toEqual({ ...KEPT, isRequired: true });
  });

  it('a confirmation without sign-up data completes no signup after signing in', async () => {
    const bare: PendingConfirmation = { email: EMAIL, isRequired: false, signupData: { phoneNumber: '', organization: '', fullName: '' } };
    const { actor } = start({ user: null, pending: null }, { kind: 'signedIn', user: USER }, bare);
    await waitFor(actor, (s) => s.matches({ signedOut: { signIn: 'idle' } }));
    actor.send({ type: 'auth.signIn', username: EMAIL, password: 'Hardline#2026' });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedIn: 'checkingAccess' }) || s.matches({ signedIn: 'completingSignup' }));
    expect(snapshot.matches({ signedIn: 'checkingAccess' })).toBe(true);
  });

  it('the same sign-up with its data is completed', async () => {
    const { actor } = start({ user: null, pending: null }, { kind: 'signedIn', user: USER }, KEPT);
    await waitFor(actor, (s) => s.matches({ signedOut: { signIn: 'idle' } }));
    actor.send({ type: 'auth.signIn', username: EMAIL, password: 'Hardline#2026' });
    const snapshot = await waitFor(actor, (s) => s.matches({ signedIn: 'checkingAccess' }) || s.matches({ signedIn: 'completingSignup' }));
    expect(snapshot.matches({ signedIn: 'completingSignup' })).toBe(true);
  });
});
