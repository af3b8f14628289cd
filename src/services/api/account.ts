/**
 * The account's calls (SPEC §3, §7, and docs/API.md "Sessions"): completing a sign-up, activating
 * the account, who is signed in, and telling the API a session is over. They sit at the
 * top of ProductApi, not in a group. One file per area, like the route table
 * (src/contract/routes/account.ts); ./index.ts gathers them.
 */
import { type CompleteSignupRequest } from '../../contract/api';
import { accountRoutes } from '../../contract/routes/account';
import type { ApiClient, CallOptions } from './client';
import { routeCalls } from './routeSpec';

/** Sign-out waits this long for the API before it goes on (the person is signing out either way). */
const SIGN_OUT_TIMEOUT_MS = 5_000;

/** SPEC §9: the signup-completion call waits up to 30 seconds. */
const COMPLETE_SIGNUP_TIMEOUT_MS = 30_000;

export function createAccountCalls(client: ApiClient) {
  const { send, sendOnly } = routeCalls(client);
  return {
    completeSignup: (body: CompleteSignupRequest, opts?: CallOptions) =>
      send(accountRoutes.completeSignup, { json: body, timeoutMs: COMPLETE_SIGNUP_TIMEOUT_MS }, opts),
    activateUser: (opts?: CallOptions): Promise<void> => sendOnly(accountRoutes.activateUser, {}, opts),
    me: (opts?: CallOptions) => send(accountRoutes.me, {}, opts),
    /** Beyond SPEC §7 (docs/API.md "Sessions"): the API refuses the session's tokens from then on. */
    session: {
      /** POST /api/session/sign-out: this session's access tokens. */
      signOut: (opts?: CallOptions): Promise<void> => sendOnly(accountRoutes.signOut, { timeoutMs: SIGN_OUT_TIMEOUT_MS }, opts),
      /** POST /api/session/sign-out-all: every access token issued to the account until now. */
      signOutAllDevices: (opts?: CallOptions): Promise<void> =>
        sendOnly(accountRoutes.signOutAll, { timeoutMs: SIGN_OUT_TIMEOUT_MS }, opts),
    },
  };
}
