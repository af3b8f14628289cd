// @vitest-environment node
/**
 * Named scenarios of the session (src/machines/auth/authMachine.ts) and its sign-in flow, read as
 * the specification of SPEC §4: the session check on start, the administrator check, signup
 * completion, activation, sign-out and an expired session (the sign-in flow's own scenarios are in
 * signInFlow.scenarios.test.ts). First, recovery paths that the generated walk reaches with one
 * context only: 'Enter confirmation code' reuses the sign-up this browser kept for that email, and
 * a confirmation without sign-up data (entered from Sign In) completes no signup. Actor level, no
 * rendering: every side effect is a promise the scenario settles.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  authMachine,
  selectAccessError,
  selectAccessFailed,
  selectGateScreen,
  selectIsAuthorized,
  selectIsCheckingSession,
  selectIsCompletingSignup,
  selectIsNotAdministrator,
  selectIsSigningOut,
  selectMembership,
  selectSignInFlow,
  selectUsername,
  signInFlowMachine,
  type AuthSnapshot,
  type GateScreen,
  type MembershipResult,
  type PendingConfirmation,
  type SessionCheck,
  type SessionUser,
  type SignInResult,
} from '../../src/machines/auth';
import type { CompleteSignupInput } from '../../src/machines/auth/authMachine';
import { signedInUser } from '../../src/machines/auth/authSetup';
import { EMAIL, KEPT, USER, adminMe, calls } from './auth.harness';

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

/** From Sign In: signs in with a first-time password and sets a new one (the account's activation follows). */
async function setFirstTimePassword(c: Console): Promise<void> {
  c.flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
  c.signIn.last().resolve({ kind: 'newPasswordRequired', username: EMAIL });
  await settle();
  c.flow().send({ type: 'auth.newPassword', password: 'Brand#New2026', confirmPassword: 'Brand#New2026' });
  c.completeNewPassword.last().resolve(USER);
  await settle();
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

// ---------------------------------------------------------------------------------------------
// The session
// ---------------------------------------------------------------------------------------------

const ME = adminMe(EMAIL);
const PASSWORD = 'Hardline#2026';

/** The session with every side effect held by the scenario. */
function openConsole() {
  const checkSession = calls<SessionCheck>();
  const signIn = calls<SignInResult, { username: string; password: string }>();
  const completeNewPassword = calls<SessionUser, { newPassword: string }>();
  const loadPendingSignup = calls<PendingConfirmation | null>();
  const completeSignup = calls<void, CompleteSignupInput>();
  const activateUser = calls<unknown>();
  const loadMembership = calls<MembershipResult>();
  const signOut = calls<void>();
  const signOutAllDevices = calls<void>();
  let cleared = 0;
  const actor = createActor(
    authMachine.provide({
      actors: {
        checkSession: checkSession.logic,
        signInFlow: signInFlowMachine.provide({
          actors: { signIn: signIn.logic, completeNewPassword: completeNewPassword.logic },
          actions: { savePendingConfirmation: () => undefined, clearPendingConfirmation: () => undefined },
        }),
        loadPendingSignup: loadPendingSignup.logic,
        completeSignup: completeSignup.logic,
        activateUser: activateUser.logic,
        loadMembership: loadMembership.logic,
        signOut: signOut.logic,
        signOutAllDevices: signOutAllDevices.logic,
      },
      actions: {
        clearPendingConfirmation: () => {
          cleared += 1;
        },
      },
    }),
  ).start();
  const snapshot = (): AuthSnapshot => actor.getSnapshot();
  /** The Sign In screen's flow while signed out. */
  const flow = () => {
    const child = selectSignInFlow(snapshot());
    if (!child) throw new Error('not signed out');
    return child;
  };
  return {
    actor,
    snapshot,
    flow,
    checkSession,
    signIn,
    completeNewPassword,
    loadPendingSignup,
    completeSignup,
    activateUser,
    loadMembership,
    signOut,
    signOutAllDevices,
    cleared: () => cleared,
  };
}

type Console = ReturnType<typeof openConsole>;

/** Lets settled promises reach the actors. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A live session found on start, no sign-up to complete: the access check is running. */
async function signedInOnStart(c: Console = openConsole()) {
  c.checkSession.last().resolve({ user: USER, pending: null });
  await settle();
  c.loadPendingSignup.last().resolve(null);
  await settle();
  return c;
}

/** An administrator with a live session, on the console. */
async function onTheConsole() {
  const c = await signedInOnStart();
  c.loadMembership.last().resolve({ kind: 'member', me: ME });
  await settle();
  return c;
}

/** Signed in after a sign-up, with `pending` being what the browser kept: where it stops. */
async function afterSignInWithKept(pending: PendingConfirmation | null, user: SessionUser = USER) {
  const c = openConsole();
  c.checkSession.last().resolve({ user, pending: null });
  await settle();
  c.loadPendingSignup.last().resolve(pending);
  await settle();
  return c;
}

describe('the session', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
  });

  it('on opening, the console checks the session before showing anything', () => {
    const c = openConsole();
    expect(c.snapshot().value).toBe('checkingSession');
    expect(selectIsCheckingSession(c.snapshot())).toBe(true);
    expect(c.snapshot().hasTag('pending')).toBe(true);
    expect(selectSignInFlow(c.snapshot())).toBeUndefined();
    expect(c.snapshot().context).toEqual({
      user: null,
      pendingConfirmation: null,
      signedOutMessage: null,
      membership: null,
      accessError: null,
      signupAttempts: 0,
      signupRetryAfterSeconds: null,
    });
  });

  it('a visitor without a session is asked to sign in, with the sign-up this browser kept', async () => {
    const c = openConsole();
    const kept = { email: EMAIL, isRequired: false, signupData: KEPT.signupData };
    c.checkSession.last().resolve({ user: null, pending: kept });
    await settle();
    expect(c.snapshot().value).toBe('signedOut');
    expect(selectIsCheckingSession(c.snapshot())).toBe(false);
    expect(c.snapshot().context.pendingConfirmation).toEqual(kept);
    expect(c.flow().getSnapshot().context.signInEmail).toBe(EMAIL);
    expect(c.flow().getSnapshot().context.formError).toBeNull();
    expect(c.loadMembership.log).toHaveLength(0);
  });

  it("a session check that fails: Sign In says 'We could not check your session. Please sign in.'", async () => {
    const c = openConsole();
    c.checkSession.last().reject(new Error(''));
    await settle();
    expect(c.snapshot().value).toBe('signedOut');
    expect(c.flow().getSnapshot().context.formError).toBe('We could not check your session. Please sign in.');
  });

  it('a session check that fails with a message shows that message', async () => {
    const c = openConsole();
    c.checkSession.last().reject(new Error('Network error: the identity service cannot be reached.'));
    await settle();
    expect(c.flow().getSnapshot().context.formError).toBe('Network error: the identity service cannot be reached.');
  });

  it('an administrator with a live session sees the console, under their email', async () => {
    const c = await signedInOnStart();
    expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
    expect(c.snapshot().hasTag('pending')).toBe(true);
    expect(selectIsAuthorized(c.snapshot())).toBe(false);
    c.loadMembership.last().resolve({ kind: 'member', me: ME });
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'authorized' });
    expect(selectIsAuthorized(c.snapshot())).toBe(true);
    expect(selectIsNotAdministrator(c.snapshot())).toBe(false);
    expect(selectAccessFailed(c.snapshot())).toBe(false);
    expect(selectMembership(c.snapshot())).toEqual(ME);
    expect(selectUsername(c.snapshot())).toBe(EMAIL);
    expect(selectSignInFlow(c.snapshot())).toBeUndefined();
  });

  it('a member who is not an administrator is told the console is not theirs', async () => {
    const c = await signedInOnStart();
    const worker = { ...ME, isAdmin: false, role: 'Field Worker' as const };
    c.loadMembership.last().resolve({ kind: 'member', me: worker });
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'notAdministrator' });
    expect(selectIsNotAdministrator(c.snapshot())).toBe(true);
    expect(selectIsAuthorized(c.snapshot())).toBe(false);
    expect(selectMembership(c.snapshot())).toEqual(worker);
  });

  it('an account that belongs to no organisation is not an administrator either', async () => {
    const c = await signedInOnStart();
    c.loadMembership.last().resolve({ kind: 'noMembership', status: 403 });
    await settle();
    expect(selectIsNotAdministrator(c.snapshot())).toBe(true);
    expect(selectMembership(c.snapshot())).toBeNull();
  });

  it("the account cannot be loaded: 'We could not load your account.', and 'Try again' checks again", async () => {
    const c = await signedInOnStart();
    c.loadMembership.last().reject(new Error(''));
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'accessFailed' });
    expect(selectAccessFailed(c.snapshot())).toBe(true);
    expect(selectAccessError(c.snapshot())).toBe('We could not load your account.');
    c.actor.send({ type: 'auth.retry' });
    expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
    expect(c.loadMembership.log).toHaveLength(2);
    c.loadMembership.last().resolve({ kind: 'member', me: ME });
    await settle();
    expect(selectIsAuthorized(c.snapshot())).toBe(true);
    expect(selectAccessError(c.snapshot())).toBeNull();
  });

  it("the API's message shows when it gives one", async () => {
    const c = await signedInOnStart();
    c.loadMembership.last().reject(new Error('Internal server error'));
    await settle();
    expect(selectAccessError(c.snapshot())).toBe('Internal server error');
  });

  it("'Try again' does nothing while the account loads or once it is loaded", async () => {
    const c = await onTheConsole();
    c.actor.send({ type: 'auth.retry' });
    expect(c.snapshot().value).toEqual({ signedIn: 'authorized' });
    expect(c.loadMembership.log).toHaveLength(1);
  });

  it('when the kept sign-up cannot be read, the account is checked all the same', async () => {
    const c = openConsole();
    c.checkSession.last().resolve({ user: USER, pending: null });
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'checkingPendingSignup' });
    expect(c.snapshot().hasTag('pending')).toBe(true);
    c.loadPendingSignup.last().reject(new Error('storage'));
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
  });

  it('signing in from Sign In opens the console and forgets why the last session ended', async () => {
    const c = openConsole();
    c.checkSession.last().resolve({ user: null, pending: null });
    await settle();
    c.flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
    c.signIn.last().resolve({ kind: 'signedIn', user: USER });
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'checkingPendingSignup' });
    expect(c.snapshot().context.user).toEqual(USER);
    expect(c.activateUser.log).toHaveLength(0);
  });

  it('a first-time password: the account is activated before the access check', async () => {
    const c = openConsole();
    c.checkSession.last().resolve({ user: null, pending: null });
    await settle();
    await setFirstTimePassword(c);
    expect(c.snapshot().value).toEqual({ signedIn: 'activating' });
    expect(c.snapshot().hasTag('pending')).toBe(true);
    expect(c.snapshot().context.user).toEqual(USER);
    expect(c.loadPendingSignup.log).toHaveLength(0);
    c.activateUser.last().resolve(undefined);
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
    expect(warn).not.toHaveBeenCalled();
  });

  it("an activation that fails is only logged: 'User activation failed (continuing):'", async () => {
    const c = openConsole();
    c.checkSession.last().resolve({ user: null, pending: null });
    await settle();
    await setFirstTimePassword(c);
    const failure = new Error('activation refused');
    c.activateUser.last().reject(failure);
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
    expect(warn).toHaveBeenCalledWith('User activation failed (continuing):', failure);
  });
});

describe('signup completion', () => {
  let warn: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    warn.mockRestore();
  });

  const CONFIRMED: PendingConfirmation = { ...KEPT, isRequired: false };

  it("a confirmed sign-up's workspace is set up after the first sign-in, then the kept sign-up is cleared", async () => {
    const c = await afterSignInWithKept(CONFIRMED);
    expect(c.snapshot().value).toEqual({ signedIn: { completingSignup: 'attempting' } });
    expect(selectIsCompletingSignup(c.snapshot())).toBe(true);
    expect(c.snapshot().hasTag('pending')).toBe(true);
    expect(c.completeSignup.last().input).toEqual({ pending: CONFIRMED, email: EMAIL });
    c.completeSignup.last().resolve();
    await settle();
    expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
    expect(selectIsCompletingSignup(c.snapshot())).toBe(false);
    expect(c.snapshot().context.pendingConfirmation).toBeNull();
    expect(c.cleared()).toBe(1);
    expect(warn).not.toHaveBeenCalled();
  });

  it('the email matches whatever its case', async () => {
    const c = await afterSignInWithKept({ ...CONFIRMED, email: 'ADA@Summit.test' });
    expect(selectIsCompletingSignup(c.snapshot())).toBe(true);
  });

  it('a sign-up still awaiting its code, or of another account, or without an organisation, is not completed', async () => {
    for (const pending of [
      { ...CONFIRMED, isRequired: true },
      { ...CONFIRMED, email: 'grace@summit.test' },
      { ...CONFIRMED, signupData: { ...CONFIRMED.signupData, organization: '  ' } },
      null,
    ]) {
      const c = await afterSignInWithKept(pending);
      expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
      expect(c.completeSignup.log).toHaveLength(0);
    }
  });

  it("a completion the server refuses (a 4xx) is only logged: 'Signup completion failed (continuing):', cleared after that one attempt, and not tried again", async () => {
    for (const status of [400, 401, 403, 404, 409, 422]) {
      warn.mockClear();
      const c = await afterSignInWithKept(CONFIRMED);
      vi.useFakeTimers();
      try {
        const failure = Object.assign(new Error('Conflict'), { status, timedOut: false });
        c.completeSignup.last().reject(failure);
        await vi.advanceTimersByTimeAsync(0);
        expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
        expect(warn).toHaveBeenCalledTimes(1);
        expect(warn).toHaveBeenCalledWith('Signup completion failed (continuing):', failure);
        expect(c.snapshot().context.pendingConfirmation).toBeNull();
        expect(c.cleared()).toBe(1);
        await vi.advanceTimersByTimeAsync(60_000);
        expect(c.completeSignup.log).toHaveLength(1);
      } finally {
        vi.useRealTimers();
      }
    }
  });

  describe('a completion that fails for now (no answer, timed out, 5xx, 429, 408) is tried again in the same visit', () => {
    const forNow = (status: number | null) =>
      status === null
        ? Object.assign(new Error('Cannot reach the server. Check your connection and try again.'), { timedOut: false })
        : Object.assign(new Error(`HTTP ${status}`), { status });
    const FOR_NOW = [null, 500, 502, 503, 429, 408];
    /** Moves the fake clock (XState's `after` timers) and lets what it released settle. */
    const tick = (ms: number) => vi.advanceTimersByTimeAsync(ms);
    afterEach(() => {
      vi.useRealTimers();
    });

    it.each(FOR_NOW)(
      '(%s): logged, "Setting up your account..." stays, ~2 s later sent again; its success sets up the workspace and clears the kept sign-up',
      async (status) => {
        const c = await afterSignInWithKept(CONFIRMED);
        vi.useFakeTimers();
        const failure = forNow(status);
        c.completeSignup.last().reject(failure);
        await tick(0);
        expect(c.snapshot().value).toEqual({ signedIn: { completingSignup: 'waitingToRetry' } });
        expect(selectGateScreen(c.snapshot())).toBe('settingUp');
        expect(c.snapshot().hasTag('pending')).toBe(true);
        expect(warn).toHaveBeenCalledWith('Signup completion failed (continuing):', failure);
        // Kept until the retry has its answer; nothing asks for the membership meanwhile (SPEC §4).
        expect(c.cleared()).toBe(0);
        expect(c.snapshot().context.pendingConfirmation).toEqual(CONFIRMED);
        expect(c.loadMembership.log).toHaveLength(0);
        await tick(1_999);
        expect(c.completeSignup.log).toHaveLength(1);
        await tick(1);
        expect(c.completeSignup.log).toHaveLength(2);
        expect(c.completeSignup.last().input).toEqual({ pending: CONFIRMED, email: EMAIL });
        c.completeSignup.last().resolve();
        await tick(0);
        expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
        expect(c.snapshot().context.pendingConfirmation).toBeNull();
        expect(c.cleared()).toBe(1);
        expect(warn).toHaveBeenCalledTimes(1);
      },
    );

    it('three failures: sent at 0, ~2 s and ~5 s after that, each logged; then given up and the kept sign-up cleared (SPEC §4)', async () => {
      const c = await afterSignInWithKept(CONFIRMED);
      vi.useFakeTimers();
      const failures = [forNow(503), forNow(null), forNow(500)];
      c.completeSignup.last().reject(failures[0]);
      await tick(2_000);
      expect(c.completeSignup.log).toHaveLength(2);
      c.completeSignup.last().reject(failures[1]);
      await tick(4_999);
      expect(c.completeSignup.log).toHaveLength(2);
      await tick(1);
      expect(c.completeSignup.log).toHaveLength(3);
      expect(c.cleared()).toBe(0);
      c.completeSignup.last().reject(failures[2]);
      await tick(0);
      expect(c.snapshot().value).toEqual({ signedIn: 'checkingAccess' });
      expect(c.snapshot().context.pendingConfirmation).toBeNull();
      expect(c.cleared()).toBe(1);
      expect(warn.mock.calls).toEqual(failures.map((failure) => ['Signup completion failed (continuing):', failure]));
      // No fourth attempt.
      await tick(60_000);
      expect(c.completeSignup.log).toHaveLength(3);
    });

    it('a 429 waits the Retry-After the API client read (3 s here, instead of 2 s), capped at 10 s', async () => {
      const limited = (retryAfterSeconds: number) =>
        Object.assign(new Error(`Too many requests. Try again in ${retryAfterSeconds} seconds.`), { status: 429, retryAfterSeconds });
      const c = await afterSignInWithKept(CONFIRMED);
      vi.useFakeTimers();
      c.completeSignup.last().reject(limited(3));
      await tick(2_999);
      expect(c.completeSignup.log).toHaveLength(1);
      await tick(1);
      expect(c.completeSignup.log).toHaveLength(2);
      c.completeSignup.last().reject(limited(3_600));
      await tick(9_999);
      expect(c.completeSignup.log).toHaveLength(2);
      await tick(1);
      expect(c.completeSignup.log).toHaveLength(3);
    });

    it('Sign out while a retry waits ends it: nothing is sent again, and the kept sign-up is cleared (SPEC §3)', async () => {
      const c = await afterSignInWithKept(CONFIRMED);
      vi.useFakeTimers();
      c.completeSignup.last().reject(forNow(503));
      await tick(0);
      c.actor.send({ type: 'auth.signOut' });
      c.signOut.last().resolve();
      await tick(10_000);
      expect(c.snapshot().value).toBe('signedOut');
      expect(c.completeSignup.log).toHaveLength(1);
      expect(c.cleared()).toBe(1);
    });

    it('a new completion (the next sign-in) starts again from its first attempt', async () => {
      const c = await afterSignInWithKept(CONFIRMED);
      vi.useFakeTimers();
      c.completeSignup.last().reject(forNow(503));
      await tick(2_000);
      c.completeSignup.last().reject(forNow(503));
      await tick(0);
      expect(c.snapshot().context.signupAttempts).toBe(2);
      c.actor.send({ type: 'auth.signOut' });
      c.signOut.last().resolve();
      await tick(0);
      c.flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
      c.signIn.last().resolve({ kind: 'signedIn', user: USER });
      await tick(0);
      c.loadPendingSignup.last().resolve(CONFIRMED);
      await tick(0);
      // Three attempts of its own: 2 s, then 5 s apart.
      for (const wait of [2_000, 5_000]) {
        c.completeSignup.last().reject(forNow(503));
        await tick(wait);
      }
      expect(c.completeSignup.log).toHaveLength(5);
      expect(c.snapshot().value).toEqual({ signedIn: { completingSignup: 'attempting' } });
    });
  });

  it('a completion that is not an Error at all is logged as a failure too', async () => {
    for (const failure of [null, 'timedOut', { timedOut: 'yes' }]) {
      warn.mockClear();
      const c = await afterSignInWithKept(CONFIRMED);
      c.completeSignup.last().reject(failure);
      await settle();
      expect(warn).toHaveBeenCalledWith('Signup completion failed (continuing):', failure);
      c.actor.stop();
    }
  });

  it('a completion that timed out logs that the setup continues on the server and to refresh, and is tried again', async () => {
    const c = await afterSignInWithKept(CONFIRMED);
    c.completeSignup.last().reject(Object.assign(new Error('Request timed out'), { timedOut: true }));
    await settle();
    expect(warn).toHaveBeenCalledWith(
      'Account setup is taking longer than expected. It continues on the server: refresh the page in a minute to see your workspace.',
    );
    expect(c.snapshot().value).toEqual({ signedIn: { completingSignup: 'waitingToRetry' } });
    c.actor.stop();
  });
});

describe('what the Gate shows (selectGateScreen)', () => {
  /** The session's state as a path, e.g. 'signedIn.authorized'. */
  const stateOf = (s: AuthSnapshot): string => {
    type Value = string | { [key: string]: Value };
    const path = (value: Value): string[] =>
      typeof value === 'string' ? [value] : Object.entries(value).flatMap(([parent, child]) => [parent, ...path(child)]);
    return path(s.value as Value).join('.');
  };

  /** Every state of the session machine that has no states of its own. */
  const leaves = (node: typeof authMachine.root): string[] =>
    Object.keys(node.states).length === 0 ? [node.path.join('.')] : Object.values(node.states).flatMap(leaves);

  it('every state of the session shows one screen: the console, a screen of its own, Sign In, or the spinner', async () => {
    const shown = new Map<string, GateScreen>();
    const see = (c: Console) => shown.set(stateOf(c.snapshot()), selectGateScreen(c.snapshot()));

    // Signed out, then signing in with a first-time password, a failed access check, 'Try again'.
    const c = openConsole();
    see(c);
    c.checkSession.last().resolve({ user: null, pending: null });
    await settle();
    see(c);
    await setFirstTimePassword(c);
    see(c);
    c.activateUser.last().resolve(undefined);
    await settle();
    see(c);
    c.loadMembership.last().reject(new Error(''));
    await settle();
    see(c);
    c.actor.send({ type: 'auth.retry' });
    c.loadMembership.last().resolve({ kind: 'member', me: ME });
    await settle();
    see(c);
    c.actor.send({ type: 'auth.signOut' });
    see(c);
    const everywhere = await onTheConsole();
    everywhere.actor.send({ type: 'auth.signOutAllDevices' });
    see(everywhere);

    // A session found on start: the kept sign-up is read, then completed; a member who is not an administrator.
    const kept = openConsole();
    kept.checkSession.last().resolve({ user: USER, pending: null });
    await settle();
    see(kept);
    kept.loadPendingSignup.last().resolve({ ...KEPT, isRequired: false });
    await settle();
    see(kept);
    kept.completeSignup.last().reject(Object.assign(new Error('HTTP 503'), { status: 503 }));
    await settle();
    see(kept);
    kept.actor.stop();
    const worker = await signedInOnStart();
    worker.loadMembership.last().resolve({ kind: 'member', me: { ...ME, isAdmin: false, role: 'Field Worker' } });
    await settle();
    see(worker);

    expect(Object.fromEntries(shown)).toEqual({
      checkingSession: 'checking',
      signedOut: 'signIn',
      'signedIn.activating': 'checking',
      'signedIn.checkingAccess': 'checking',
      'signedIn.accessFailed': 'accessCheckFailed',
      'signedIn.authorized': 'console',
      signingOut: 'checking',
      signingOutAllDevices: 'checking',
      'signedIn.checkingPendingSignup': 'checking',
      'signedIn.completingSignup.attempting': 'settingUp',
      'signedIn.completingSignup.waitingToRetry': 'settingUp',
      'signedIn.notAdministrator': 'accessDenied',
    });
    expect([...shown.keys()].sort()).toEqual(leaves(authMachine.root).sort());
  });
});

describe('sign-out', () => {
  it('Sign out ends the session and forgets the kept sign-up; Sign In shows no message', async () => {
    const c = await onTheConsole();
    c.actor.send({ type: 'auth.signOut' });
    expect(c.snapshot().value).toBe('signingOut');
    expect(selectIsSigningOut(c.snapshot())).toBe(true);
    expect(selectIsCheckingSession(c.snapshot())).toBe(true);
    expect(c.snapshot().hasTag('pending')).toBe(true);
    c.signOut.last().resolve();
    await settle();
    expect(c.snapshot().value).toBe('signedOut');
    expect(selectIsSigningOut(c.snapshot())).toBe(false);
    expect(c.snapshot().context).toEqual({
      user: null,
      pendingConfirmation: null,
      signedOutMessage: null,
      membership: null,
      accessError: null,
      signupAttempts: 0,
      signupRetryAfterSeconds: null,
    });
    expect(selectUsername(c.snapshot())).toBeNull();
    expect(c.cleared()).toBe(1);
    expect(c.flow().getSnapshot().context.formError).toBeNull();
  });

  it('signing out never fails for the person: the local session is gone either way', async () => {
    const c = await onTheConsole();
    c.actor.send({ type: 'auth.signOut' });
    c.signOut.last().reject(new Error('network'));
    await settle();
    expect(c.snapshot().value).toBe('signedOut');
    expect(c.snapshot().context.user).toBeNull();
    expect(c.snapshot().context.membership).toBeNull();
    expect(c.cleared()).toBe(1);
  });

  it('a failed access check is forgotten at sign-out', async () => {
    const c = await signedInOnStart();
    c.loadMembership.last().reject(new Error(''));
    await settle();
    c.actor.send({ type: 'auth.signOut' });
    c.signOut.last().resolve();
    await settle();
    expect(c.snapshot().context.accessError).toBeNull();
  });

  it("an expired session signs out and Sign In says 'Your session has expired. Please sign in again.'", async () => {
    const c = await onTheConsole();
    c.actor.send({ type: 'auth.sessionExpired' });
    expect(c.snapshot().value).toBe('signingOut');
    c.signOut.last().resolve();
    await settle();
    expect(c.flow().getSnapshot().context.formError).toBe('Your session has expired. Please sign in again.');
    // Signing in again forgets it, so the next sign-out says nothing.
    c.flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
    c.signIn.last().resolve({ kind: 'signedIn', user: USER });
    await settle();
    expect(c.snapshot().context.signedOutMessage).toBeNull();
  });

  it('signing out is offered only while signed in', async () => {
    const c = openConsole();
    c.actor.send({ type: 'auth.signOut' });
    c.actor.send({ type: 'auth.signOutAllDevices' });
    c.actor.send({ type: 'auth.sessionExpired' });
    expect(c.snapshot().value).toBe('checkingSession');
    expect(c.signOut.log).toHaveLength(0);
    expect(c.signOutAllDevices.log).toHaveLength(0);
  });

  it('Sign out of all devices ends the session like Sign out, with its own call; Sign In shows no message', async () => {
    const c = await onTheConsole();
    c.actor.send({ type: 'auth.signOutAllDevices' });
    expect(c.snapshot().value).toBe('signingOutAllDevices');
    expect(selectIsSigningOut(c.snapshot())).toBe(true);
    expect(selectIsCheckingSession(c.snapshot())).toBe(true);
    expect(c.signOut.log).toHaveLength(0);
    c.signOutAllDevices.last().resolve();
    await settle();
    expect(c.snapshot().value).toBe('signedOut');
    expect(c.snapshot().context.user).toBeNull();
    expect(c.cleared()).toBe(1);
    expect(c.flow().getSnapshot().context.formError).toBeNull();
  });

  it('Sign out of all devices that fails signs this device out and says the others may not be', async () => {
    const c = await onTheConsole();
    c.actor.send({ type: 'auth.signOutAllDevices' });
    c.signOutAllDevices.last().reject(new Error('network'));
    await settle();
    expect(c.snapshot().value).toBe('signedOut');
    expect(c.snapshot().context.user).toBeNull();
    expect(c.flow().getSnapshot().context.formError).toBe(
      'You are signed out on this device, but your other devices could not be signed out. Sign in and choose Sign out of all devices again.',
    );
  });
});

describe('for the developer wiring the console', () => {
  it('a side effect nobody provided fails with its name where the person would see the failure', async () => {
    const bare = createActor(authMachine).start();
    await settle();
    expect(bare.getSnapshot().value).toBe('signedOut');
    const flow = selectSignInFlow(bare.getSnapshot());
    expect(flow?.getSnapshot().context.formError).toBe('The "checkSession" actor is not provided');

    const c = createActor(
      authMachine.provide({
        actors: {
          checkSession: fromPromise<SessionCheck>(async () => ({ user: USER, pending: null })),
          loadPendingSignup: fromPromise<PendingConfirmation | null>(async () => null),
        },
      }),
    ).start();
    await settle();
    expect(selectAccessError(c.getSnapshot())).toBe('The "loadMembership" actor is not provided');
  });

  it('signup completion and activation that nobody provided are logged with their names', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const kept: PendingConfirmation = { ...KEPT, isRequired: false };
    createActor(
      authMachine.provide({
        actors: {
          checkSession: fromPromise<SessionCheck>(async () => ({ user: USER, pending: null })),
          loadPendingSignup: fromPromise<PendingConfirmation | null>(async () => kept),
          loadMembership: fromPromise(() => new Promise<MembershipResult>(() => undefined)),
        },
        actions: { clearPendingConfirmation: () => undefined },
      }),
    ).start();
    await settle();
    await settle();
    expect(warn).toHaveBeenCalledWith('Signup completion failed (continuing):', new Error('The "completeSignup" actor is not provided'));

    const withoutActivation = createActor(
      authMachine.provide({
        actors: {
          checkSession: fromPromise<SessionCheck>(async () => ({ user: null, pending: null })),
          signInFlow: signInFlowMachine.provide({
            actors: {
              signIn: fromPromise(async (): Promise<SignInResult> => ({ kind: 'newPasswordRequired', username: EMAIL })),
              completeNewPassword: fromPromise<SessionUser, { newPassword: string }>(async () => USER),
            },
          }),
          loadMembership: fromPromise(() => new Promise<MembershipResult>(() => undefined)),
        },
      }),
    ).start();
    await settle();
    const flow = selectSignInFlow(withoutActivation.getSnapshot());
    flow?.send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
    await settle();
    flow?.send({ type: 'auth.newPassword', password: 'Brand#New2026', confirmPassword: 'Brand#New2026' });
    await settle();
    await settle();
    expect(warn).toHaveBeenCalledWith('User activation failed (continuing):', new Error('The "activateUser" actor is not provided'));
    warn.mockRestore();
  });

  it('forgetting the pending confirmation at sign-out, when nobody provided it, stops the session with its name', async () => {
    const c = createActor(
      authMachine.provide({
        actors: {
          checkSession: fromPromise<SessionCheck>(async () => ({ user: USER, pending: null })),
          loadPendingSignup: fromPromise<PendingConfirmation | null>(async () => null),
          loadMembership: fromPromise(async (): Promise<MembershipResult> => ({ kind: 'member', me: ME })),
          signOut: fromPromise<void>(async () => undefined),
        },
      }),
    );
    const failed = new Promise<unknown>((resolve) => c.subscribe({ error: resolve }));
    c.start();
    await settle();
    c.send({ type: 'auth.signOut' });
    expect(await failed).toEqual(new Error('The "clearPendingConfirmation" action is not provided'));
  });
});

describe('what the session reads as always there', () => {
  // Inside signedIn (the pending sign-up's check, its completion) the user is read through
  // signedInUser: there is always one there. Read signed out, it is a bug, said at once.
  it('the signed-in user is the one the session has; signed out, reading it throws', () => {
    const signedOut = createActor(authMachine).getSnapshot().context;
    const user: SessionUser = { username: 'ada', email: 'ada@example.com', attributes: {} };
    expect(signedInUser({ ...signedOut, user })).toBe(user);
    expect(() => signedInUser(signedOut)).toThrow('auth: no user is signed in here');
  });
});
