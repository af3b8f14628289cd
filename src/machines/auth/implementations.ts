/**
 * The real side effects of the session machine and its sign-in flow, built from the services (the
 * one place this folder touches a service value). Apply with
 * `authMachine.provide(authImplementations(services))`.
 */
import { fromAbortablePromise } from '../shared';
import { ApiRequestError } from '../../services/api/errors';
import type { ProductApi } from '../../services/api';
import type { IdentityService } from '../../services/identity';
import type { AppStorage, PendingConfirmation } from '../../services/storage';
import type { CompleteSignupInput, MembershipResult, SessionCheck } from './authMachine';
import { AUTH_LOG_MESSAGES } from './messages';
import { completeSignupPayload } from './signup';
import { forgotPasswordMachine } from './forgotPasswordMachine';
import { signInFlowMachine } from './signInFlowMachine';
import { resendCodeMachine } from './resendCodeMachine';
import { mfaChallengeMachine } from './mfaChallengeMachine';
import type { SignUpValues } from '../../domain/forms';

export interface AuthServices {
  identity: IdentityService;
  api: Pick<ProductApi, 'completeSignup' | 'activateUser' | 'me' | 'session'>;
  storage: AppStorage;
}

/** The named actions that persist the pending confirmation (localStorage `auth_pending_confirmation`). */
export function pendingConfirmationActions(storage: AppStorage) {
  return {
    savePendingConfirmation: (_: unknown, params: { pending: PendingConfirmation }) => storage.savePendingConfirmation(params.pending),
    clearPendingConfirmation: () => storage.clearPendingConfirmation(),
  };
}

export function authImplementations({ identity, api, storage }: AuthServices) {
  const pendingActions = pendingConfirmationActions(storage);
  return {
    actors: {
      checkSession: fromAbortablePromise<SessionCheck>(async () => ({
        user: await identity.getCurrentSession(),
        pending: storage.loadPendingConfirmation(),
      })),
      signInFlow: signInFlowMachine.provide({ actors: signInFlowActors(identity), actions: pendingActions }),
      loadPendingSignup: fromAbortablePromise<PendingConfirmation | null>(async () => storage.loadPendingConfirmation()),
      completeSignup: fromAbortablePromise(async ({ input, signal }: { input: CompleteSignupInput; signal: AbortSignal }) => {
        if (!input.pending) throw new Error('No sign-up data: the signup cannot be completed.');
        const sub = await identity.getIdTokenSub();
        if (!sub) throw new Error('No identity token: the signup cannot be completed.');
        // The machine reads nothing from the answer (SPEC §7: "not shown").
        await api.completeSignup(completeSignupPayload(input.pending, input.email, sub), { signal });
      }),
      activateUser: fromAbortablePromise(({ signal }) => api.activateUser({ signal })),
      loadMembership: fromAbortablePromise<MembershipResult>(async ({ signal }) => {
        try {
          return { kind: 'member', me: await api.me({ signal }) };
        } catch (error) {
          if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404)) {
            return { kind: 'noMembership', status: error.status };
          }
          throw error;
        }
      }),
      // Sign-out tells the API first, while the token is still good: from its answer on, every API
      // process refuses the session's access tokens (docs/SECURITY.md "Sessions"). Then the pool
      // revokes the refresh token. It leaves nothing of the visit behind in this tab: the tokens
      // (identity) and the users list's remembered view (a search may name a member), even when a
      // call fails. An API that cannot be reached is logged: the person is signed out here anyway.
      signOut: fromAbortablePromise<void>(async ({ signal }) => {
        try {
          await api.session.signOut({ signal }).catch((error: unknown) => console.warn(AUTH_LOG_MESSAGES.apiSignOutFailed, error));
          await identity.signOut();
        } finally {
          storage.clearUsersView();
        }
      }),
      // Every session of the account: the API refuses every token issued to it until now, and the
      // pool (GlobalSignOut) every refresh token, so another device is signed out at its next
      // request. Both are tried; a failure of either rejects (the machine says so).
      signOutAllDevices: fromAbortablePromise<void>(async ({ signal }) => {
        try {
          const atApi = await api.session.signOutAllDevices({ signal }).then(
            () => null,
            (error: unknown) => error,
          );
          await identity.signOutAllDevices();
          if (atApi !== null) throw atApi;
        } finally {
          storage.clearUsersView();
        }
      }),
    },
    actions: { clearPendingConfirmation: pendingActions.clearPendingConfirmation },
  };
}

/** The sign-in flow's side effects: the identity service's calls. */
function signInFlowActors(identity: IdentityService) {
  return {
    signIn: fromAbortablePromise(({ input }: { input: { username: string; password: string } }) => identity.signIn(input)),
    signUp: fromAbortablePromise(({ input }: { input: SignUpValues }) =>
      identity.signUp({
        email: input.email,
        password: input.password,
        phoneNumber: input.phoneNumber,
        organization: input.organization,
        fullName: input.fullName,
      }),
    ),
    confirmSignUp: fromAbortablePromise(({ input }: { input: { email: string; code: string } }) => identity.confirmSignUp(input)),
    completeNewPassword: fromAbortablePromise(({ input }: { input: { newPassword: string } }) => identity.completeNewPassword(input)),
    mfaChallenge: mfaChallengeMachine.provide({
      actors: { answerTotp: fromAbortablePromise(({ input }: { input: { code: string } }) => identity.answerTotp(input)) },
    }),
    resendCode: resendCodeMachine.provide({
      actors: {
        resendConfirmationCode: fromAbortablePromise(({ input }: { input: { email: string } }) => identity.resendConfirmationCode(input)),
      },
    }),
    forgotPassword: forgotPasswordMachine.provide({
      actors: {
        requestPasswordReset: fromAbortablePromise(({ input }: { input: { email: string } }) => identity.requestPasswordReset(input)),
        confirmPasswordReset: fromAbortablePromise(({ input }: { input: { email: string; code: string; newPassword: string } }) =>
          identity.confirmPasswordReset(input),
        ),
      },
    }),
  };
}
