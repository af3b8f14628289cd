// @vitest-environment node
/**
 * The auth screens' reads of their child flows (src/machines/auth/selectors.ts: Forgot password's
 * steps, 'Resend code''s cooldown), what the sign-in flow starts with and ends with, what the
 * session logs and retries, and what the real sign-out implementations hand the API client.
 * Actor level, no rendering: each side effect is a promise the test settles.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { forgotPasswordMachine } from '../../src/machines/auth/forgotPasswordMachine';
import { resendCodeMachine } from '../../src/machines/auth/resendCodeMachine';
import {
  selectForgotOnCodeStep,
  selectResendCoolingDown,
  selectResendingResetCode,
  selectResettingPassword,
} from '../../src/machines/auth/selectors';
import { signInFlowMachine } from '../../src/machines/auth/signInFlowMachine';
import {
  AUTH_LOG_MESSAGES,
  authMachine,
  type AuthSnapshot,
  type MembershipResult,
  type PendingConfirmation,
  type SessionCheck,
  type SignInResult,
} from '../../src/machines/auth';
import type { CompleteSignupInput } from '../../src/machines/auth/authMachine';
import { authImplementations, type AuthServices } from '../../src/machines/auth/implementations';
import { EMAIL, KEPT, USER, adminMe, calls, settle } from './auth.harness';

const NEW_PASSWORD = 'Brand#New2026';
const ME = adminMe(EMAIL);

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Forgot password as the screen reads it', () => {
  function openResetPassword() {
    const requests = calls<void, { email: string }>();
    const resets = calls<void, { email: string; code: string; newPassword: string }>();
    const actor = createActor(
      forgotPasswordMachine.provide({ actors: { requestPasswordReset: requests.logic, confirmPasswordReset: resets.logic } }),
      { input: { email: EMAIL } },
    ).start();
    return { actor, requests, resets };
  }

  it('is on the code step only once the code was sent, and neither resetting nor resending meanwhile', async () => {
    const { actor, requests } = openResetPassword();
    expect(selectForgotOnCodeStep(actor.getSnapshot())).toBe(false);
    expect(selectResettingPassword(actor.getSnapshot())).toBe(false);
    expect(selectResendingResetCode(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'forgot.sendCode', email: EMAIL });
    expect(selectForgotOnCodeStep(actor.getSnapshot())).toBe(false);
    requests.last().resolve();
    await settle();
    const onCodeStep = actor.getSnapshot();
    expect(onCodeStep.value).toEqual({ resetPassword: 'idle' });
    expect(selectForgotOnCodeStep(onCodeStep)).toBe(true);
    expect(selectResettingPassword(onCodeStep)).toBe(false);
    expect(selectResendingResetCode(onCodeStep)).toBe(false);
  });

  it('is resetting while the new password is being set, and resending while a new code is asked for', async () => {
    const { actor, requests, resets } = openResetPassword();
    actor.send({ type: 'forgot.sendCode', email: EMAIL });
    requests.last().resolve();
    await settle();
    actor.send({ type: 'forgot.resendCode' });
    expect(selectResendingResetCode(actor.getSnapshot())).toBe(true);
    expect(selectResettingPassword(actor.getSnapshot())).toBe(false);
    expect(selectForgotOnCodeStep(actor.getSnapshot())).toBe(true);
    requests.last().resolve();
    await settle();
    actor.send({ type: 'forgot.reset', code: '123456', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(selectResettingPassword(actor.getSnapshot())).toBe(true);
    expect(selectResendingResetCode(actor.getSnapshot())).toBe(false);
    expect(resets.last().input).toEqual({ email: EMAIL, code: '123456', newPassword: NEW_PASSWORD });
  });

  it('is not on the code step when the flow is not running', () => {
    expect(selectForgotOnCodeStep(undefined)).toBe(false);
  });
});

describe("'Resend code' as Confirm Email reads it", () => {
  it('cools down only after a code was sent, for 60 seconds', async () => {
    const resends = calls<void, { email: string }>();
    const actor = createActor(resendCodeMachine.provide({ actors: { resendConfirmationCode: resends.logic } }), {
      input: { email: EMAIL },
    }).start();
    expect(selectResendCoolingDown(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'resend.send' });
    expect(selectResendCoolingDown(actor.getSnapshot())).toBe(false);
    resends.last().resolve();
    await settle();
    expect(selectResendCoolingDown(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(selectResendCoolingDown(actor.getSnapshot())).toBe(false);
  });

  it('is not cooling down when Confirm Email is not shown', () => {
    expect(selectResendCoolingDown(undefined)).toBe(false);
  });
});

describe('the sign-in flow', () => {
  function openLogin(pending: PendingConfirmation | null) {
    const signIn = calls<SignInResult, { username: string; password: string }>();
    const actor = createActor(
      signInFlowMachine.provide({
        actors: { signIn: signIn.logic },
        actions: { savePendingConfirmation: () => undefined, clearPendingConfirmation: () => undefined },
      }),
      { input: { pending, formError: null } },
    ).start();
    return { actor, signIn };
  }

  it('Sign In starts with the email of the sign-up this browser kept', () => {
    const { actor } = openLogin(KEPT);
    expect(actor.getSnapshot().value).toEqual({ signIn: 'idle' });
    expect(actor.getSnapshot().context.signInEmail).toBe(EMAIL);
  });

  it('a reload on Confirm Email keeps the address the code was sent to as the Sign In email', () => {
    const { actor } = openLogin({ ...KEPT, isRequired: true });
    expect(actor.getSnapshot().value).toEqual({ confirmEmail: 'idle' });
    expect(actor.getSnapshot().context.signInEmail).toBe(EMAIL);
  });

  it('a first visit starts with an empty email', () => {
    expect(openLogin(null).actor.getSnapshot().context.signInEmail).toBe('');
  });

  it('ends with the user signed in', async () => {
    const { actor, signIn } = openLogin(null);
    actor.send({ type: 'auth.signIn', username: EMAIL, password: 'Hardline#2026' });
    signIn.last().resolve({ kind: 'signedIn', user: USER });
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ user: USER, passwordSet: false });
  });
});

describe('the session', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
  });

  function openConsole(pendingAfterSignIn: PendingConfirmation | null) {
    const completeSignup = calls<void, CompleteSignupInput>();
    const loadMembership = calls<MembershipResult>();
    const signOutAllDevices = calls<void>();
    const actor = createActor(
      authMachine.provide({
        actors: {
          checkSession: fromPromise<SessionCheck>(async () => ({ user: USER, pending: null })),
          loadPendingSignup: fromPromise(async () => pendingAfterSignIn),
          completeSignup: completeSignup.logic,
          loadMembership: loadMembership.logic,
          signOutAllDevices: signOutAllDevices.logic,
        },
        actions: { clearPendingConfirmation: () => undefined },
      }),
    ).start();
    const snapshot = (): AuthSnapshot => actor.getSnapshot();
    return { actor, snapshot, completeSignup, loadMembership, signOutAllDevices };
  }

  it('logs why signing out of all devices failed', async () => {
    const c = openConsole(null);
    await settle();
    c.loadMembership.last().resolve({ kind: 'member', me: ME });
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'authorized' });
    c.actor.send({ type: 'auth.signOutAllDevices' });
    const failure = new Error('network');
    c.signOutAllDevices.last().reject(failure);
    await settle();
    expect(c.snapshot().value).toBe('signedOut');
    expect(warn.mock.calls).toEqual([[AUTH_LOG_MESSAGES.allDevicesSignOutFailed, failure]]);
  });

  it('a signup completion answered with a status below 400 (no refusal) is tried again ~2 s later', async () => {
    const c = openConsole(KEPT);
    await settle();
    expect(c.completeSignup.log).toHaveLength(1);
    c.completeSignup.last().reject(Object.assign(new Error('HTTP 302'), { status: 302 }));
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: { completingSignup: 'waitingToRetry' } });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(c.completeSignup.log).toHaveLength(2);
  });

  it('a signup completion refused (409) is not tried again', async () => {
    const c = openConsole(KEPT);
    await settle();
    c.completeSignup.last().reject(Object.assign(new Error('Conflict'), { status: 409 }));
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(c.completeSignup.log).toHaveLength(1);
  });
});

describe('the real sign-out implementations', () => {
  function wired(apiSignOutAll: () => Promise<void>) {
    const seen: Array<{ call: string; options: unknown }> = [];
    const clearUsersView = vi.fn();
    const services = {
      identity: { signOut: () => Promise.resolve(), signOutAllDevices: () => Promise.resolve() },
      api: {
        session: {
          signOut: (options: unknown) => {
            seen.push({ call: 'signOut', options });
            return Promise.resolve();
          },
          signOutAllDevices: (options: unknown) => {
            seen.push({ call: 'signOutAllDevices', options });
            return apiSignOutAll();
          },
        },
      },
      storage: { clearUsersView },
    } as unknown as AuthServices;
    return { actors: authImplementations(services).actors, seen, clearUsersView };
  }

  it('tell the API with the request’s abort signal, and forget the users list’s view', async () => {
    const { actors, seen, clearUsersView } = wired(() => Promise.resolve());
    await waitFor(createActor(actors.signOut).start(), (s) => s.status === 'done');
    await waitFor(createActor(actors.signOutAllDevices).start(), (s) => s.status === 'done');
    expect(seen).toEqual([
      { call: 'signOut', options: { signal: expect.any(AbortSignal) } },
      { call: 'signOutAllDevices', options: { signal: expect.any(AbortSignal) } },
    ]);
    expect(clearUsersView).toHaveBeenCalledTimes(2);
  });

  it('sign out of all devices fails with the API’s own error when the API refused it', async () => {
    const refused = new Error('Internal server error');
    const { actors, clearUsersView } = wired(() => Promise.reject(refused));
    const actor = createActor(actors.signOutAllDevices);
    const errors: unknown[] = [];
    actor.subscribe({ error: (error) => errors.push(error) });
    actor.start();
    await settle();
    expect(errors).toEqual([refused]);
    expect(errors[0]).toBe(refused);
    expect(clearUsersView).toHaveBeenCalledTimes(1);
  });
});
