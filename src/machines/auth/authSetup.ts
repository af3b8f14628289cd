/**
 * The session machine's types and implementations, named for ./authMachine.ts (the statechart):
 * the identity and API calls (placeholders here, real ones in ./implementations.ts), the sign-in
 * flow's machine, guards on what each call answered, the signup completion's retry delays, and the
 * actions that keep the user, the messages and the pending confirmation.
 */
import { assign, setup } from 'xstate';
import type { MeResponse } from '../../contract/api';
import type { SessionUser, SignInResult } from '../../services/identity';
import type { PendingConfirmation } from '../../services/storage';
import { retryAfterOf } from '../../domain/errors';
import { messageOf, placeholderAction, placeholderActor } from '../shared';
import { AUTH_LOG_MESSAGES, AUTH_MESSAGES } from './messages';
import { signInFlowMachine, type SignedIn } from './signInFlowMachine';

export type { PendingConfirmation, SessionUser, SignInResult };

export type MembershipResult =
  /** The caller belongs to an organisation; `me.isAdmin` says whether the console is theirs. */
  | { readonly kind: 'member'; readonly me: MeResponse }
  /** The API answered 403 or 404: signed in, but not a member the console serves. */
  | { readonly kind: 'noMembership'; readonly status: number };

export interface SessionCheck {
  readonly user: SessionUser | null;
  readonly pending: PendingConfirmation | null;
}

export interface CompleteSignupInput {
  /** The confirmed sign-up (the `isSignupToComplete` guard let only a complete one through). */
  readonly pending: PendingConfirmation | null;
  readonly email: string;
}

export interface AuthContext {
  user: SessionUser | null;
  /** The confirmation this browser kept (SPEC §3): where the sign-in flow starts, and the signup to complete. */
  pendingConfirmation: PendingConfirmation | null;
  /** Why the visitor is signed out (expired session, failed check): Sign In shows it. */
  signedOutMessage: string | null;
  membership: MeResponse | null;
  accessError: string | null;
  /** The attempts at the signup completion made since it began (at most COMPLETE_SIGNUP_ATTEMPTS). */
  signupAttempts: number;
  /** The wait a 429 of the last attempt asked for (its Retry-After, seconds); null otherwise. */
  signupRetryAfterSeconds: number | null;
}

export type AuthEvent =
  | { type: 'auth.signOut' }
  /** The account menu's 'Sign out of all devices': every session of the account ends. */
  | { type: 'auth.signOutAllDevices' }
  | { type: 'auth.sessionExpired' }
  | { type: 'auth.retry' };

/** The API client's NetworkError with `timedOut` (checked by shape: machines import no service values). */
function isTimeout(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'timedOut' in error && error.timedOut === true;
}

/**
 * A failure a moment may cure: no answer (offline, timed out), the server's own (5xx), Too Many
 * Requests (429), Request Timeout (408), or anything that is not an HTTP answer. Only a definite
 * refusal (any other 4xx) is not: sending the same details again would be refused again. Checked by
 * shape (`status`), like `isTimeout`.
 */
function isRetryable(error: unknown): boolean {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  if (typeof status !== 'number') return true;
  return status < 400 || status >= 500 || status === 429 || status === 408;
}

/** Attempts at the signup completion in one visit, the first included (the API answers a repeat "already completed"). */
const COMPLETE_SIGNUP_ATTEMPTS = 3;
/** The waits before the second and the third attempt. */
const COMPLETE_SIGNUP_RETRY_MS = { second: 2_000, third: 5_000 } as const;
/** The longest a 429's Retry-After is waited: the person is looking at 'Setting up your account...'. */
const COMPLETE_SIGNUP_RETRY_AFTER_MAX_MS = 10_000;

/** The wait before the next attempt: a 429's Retry-After (capped), else the schedule by the attempts made. */
function completeSignupRetryDelay({ signupAttempts, signupRetryAfterSeconds }: AuthContext): number {
  if (signupRetryAfterSeconds !== null) return Math.min(signupRetryAfterSeconds * 1000, COMPLETE_SIGNUP_RETRY_AFTER_MAX_MS);
  return signupAttempts <= 1 ? COMPLETE_SIGNUP_RETRY_MS.second : COMPLETE_SIGNUP_RETRY_MS.third;
}

/** The user signed in, read only inside `signedIn` (entered with one, left when it goes); anywhere else it is a bug. */
export function signedInUser(context: AuthContext): SessionUser {
  if (context.user === null) throw new Error('auth: no user is signed in here');
  return context.user;
}

/** The member behind a membership answer, if the caller is one. */
export const memberOf = ({ event }: { event: { output: MembershipResult } }) => (event.output.kind === 'member' ? event.output.me : null);

export const authSetup = setup({
  types: {
    tags: {} as 'pending',
    context: {} as AuthContext,
    events: {} as AuthEvent,
    children: {} as { signInFlow: 'signInFlow' },
  },
  actors: {
    checkSession: placeholderActor<SessionCheck>('checkSession'),
    /** Sign In and its next steps (./signInFlowMachine.ts); its actors are provided with it. */
    signInFlow: signInFlowMachine,
    loadPendingSignup: placeholderActor<PendingConfirmation | null>('loadPendingSignup'),
    completeSignup: placeholderActor<void, CompleteSignupInput>('completeSignup'),
    activateUser: placeholderActor<unknown>('activateUser'),
    loadMembership: placeholderActor<MembershipResult>('loadMembership'),
    signOut: placeholderActor<void>('signOut'),
    signOutAllDevices: placeholderActor<void>('signOutAllDevices'),
  },
  guards: {
    hasUser: (_, check: SessionCheck) => check.user !== null,
    /** A first-time password was just set: the account is activated first (SPEC §4). */
    isPasswordSet: (_, signedIn: SignedIn) => signedIn.passwordSet,
    /** A confirmed sign-up of this very account whose workspace is not set up yet. */
    isSignupToComplete: ({ context }, pending: PendingConfirmation | null) =>
      pending !== null &&
      !pending.isRequired &&
      // A code entered from Sign In (no Create Account in this browser) has no signup data to send.
      pending.signupData.organization.trim() !== '' &&
      // The user's: it runs in signedIn.checkingPendingSignup.
      pending.email.toLowerCase() === signedInUser(context).email.toLowerCase(),
    isAdministrator: (_, result: MembershipResult) => result.kind === 'member' && result.me.isAdmin,
    /** The signup completion failed in a way a moment may cure (see `isRetryable`), and attempts are left. */
    canRetrySignup: ({ context }, { error }: { error: unknown }) => isRetryable(error) && context.signupAttempts < COMPLETE_SIGNUP_ATTEMPTS,
  },
  delays: {
    /** Before the next attempt at the signup completion: ~2 s, then ~5 s; a 429's Retry-After instead, capped. */
    completeSignupRetry: ({ context }) => completeSignupRetryDelay(context),
  },
  actions: {
    /** Remove the persisted pending confirmation (localStorage `auth_pending_confirmation`; provided). */
    clearPendingConfirmation: placeholderAction('clearPendingConfirmation'),
    assignSessionCheck: assign((_, check: SessionCheck) => ({ user: check.user, pendingConfirmation: check.pending })),
    assignSignedOutMessage: assign((_, message: string | null) => ({ signedOutMessage: message })),
    assignUser: assign((_, user: SessionUser) => ({ user, signedOutMessage: null })),
    assignPending: assign((_, pending: PendingConfirmation | null) => ({ pendingConfirmation: pending })),
    forgetPending: assign({ pendingConfirmation: null }),
    assignMembership: assign((_, membership: MeResponse | null) => ({ membership, accessError: null })),
    assignAccessError: assign((_, { error }: { error: unknown }) => ({ accessError: messageOf(error, AUTH_MESSAGES.accessCheckFailed) })),
    resetSession: assign({
      user: null,
      membership: null,
      accessError: null,
      pendingConfirmation: null,
    }),
    /** A completion begins (after a sign-in): its attempts are counted from none. */
    startSignupCompletion: assign({ signupAttempts: 0, signupRetryAfterSeconds: null }),
    countSignupAttempt: assign(({ context }) => ({ signupAttempts: context.signupAttempts + 1 })),
    assignSignupRetryAfter: assign((_, { error }: { error: unknown }) => ({ signupRetryAfterSeconds: retryAfterOf(error) })),
    logActivationFailure: (_, { error }: { error: unknown }) => {
      console.warn(AUTH_LOG_MESSAGES.activationFailed, error);
    },
    logAllDevicesSignOutFailure: (_, { error }: { error: unknown }) => {
      console.warn(AUTH_LOG_MESSAGES.allDevicesSignOutFailed, error);
    },
    logSignupCompletionFailure: (_, { error }: { error: unknown }) => {
      if (isTimeout(error)) console.warn(AUTH_LOG_MESSAGES.signupCompletionTimedOut);
      else console.warn(AUTH_LOG_MESSAGES.signupCompletionFailed, error);
    },
  },
});
