/**
 * Two readings of the auth machines' context that hold by the machines' shape: the sign-up the
 * sign-in flow keeps (read in Confirm Email and once Create Account has answered) and the user the
 * session has signed in (read inside `signedIn`). Read where the machine has none, they throw (a
 * bug, said at once) rather than go on with an empty email.
 */
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { authMachine, signInFlowMachine } from '../../src/machines/auth';
import { signedInUser } from '../../src/machines/auth/authSetup';
import { keptSignUp } from '../../src/machines/auth/signInFlowTypes';

const KEPT = { email: 'ada@example.com', isRequired: true, signupData: { phoneNumber: '', organization: 'Summit', fullName: 'Ada' } };

describe('what the auth machines read as always there', () => {
  it('the kept sign-up: the one the flow keeps; none kept, a bug that says so', () => {
    const opened = createActor(signInFlowMachine, { input: { pending: null, formError: null } }).getSnapshot().context;
    expect(keptSignUp({ ...opened, pendingConfirmation: KEPT })).toBe(KEPT);
    expect(() => keptSignUp(opened)).toThrow('signInFlow: no sign-up is kept here');
  });

  it('the signed-in user: the one the session has; signed out, a bug that says so', () => {
    const signedOut = createActor(authMachine).getSnapshot().context;
    const user = { username: 'ada', email: 'ada@example.com', attributes: {} };
    expect(signedInUser({ ...signedOut, user })).toBe(user);
    expect(() => signedInUser(signedOut)).toThrow('auth: no user is signed in here');
  });
});
