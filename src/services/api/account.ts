/**
 * The account's calls (SPEC §3, §7, and docs/API.md "Sessions"): completing a sign-up, activating
 * the account, who is signed in, and telling the API a session is over. They sit at the
 * top of ProductApi, not in a group. One file per area, like the route table
 * (src/contract/routes/account.ts); ./index.ts gathers them.
 */
import { type CompleteSignupRequest } from '../../contract/api';
import { accountRoutes } from '../../contract/routes/account';
import type { ApiClient, CallOptions } from './client';
import { Ignored, at, signalOf } from './routeSpec';

/** Sign-out waits this long for the API before it goes on (the person is signing out either way). */
const SIGN_OUT_TIMEOUT_MS = 5_000;

/** SPEC §9: the signup-completion call waits up to 30 seconds. */
const COMPLETE_SIGNUP_TIMEOUT_MS = 30_000;

export function createAccountCalls(client: ApiClient) {
  return {
    completeSignup: (body: CompleteSignupRequest, opts?: CallOptions) =>
      client.request(
        {
          ...at(accountRoutes.completeSignup),
          json: body,
          timeoutMs: COMPLETE_SIGNUP_TIMEOUT_MS,
          signal: signalOf(opts),
        },
        accountRoutes.completeSignup.response,
      ),
    activateUser: async (opts?: CallOptions): Promise<void> => {
      await client.request({ ...at(accountRoutes.activateUser), signal: signalOf(opts) }, Ignored);
    },
    me: (opts?: CallOptions) => client.request({ ...at(accountRoutes.me), signal: signalOf(opts) }, accountRoutes.me.response),
    /** Beyond SPEC §7 (docs/API.md "Sessions"): the API refuses the session's tokens from then on. */
    session: {
      /** POST /api/session/sign-out: this session's access tokens. */
      signOut: async (opts?: CallOptions): Promise<void> => {
        await client.request({ ...at(accountRoutes.signOut), timeoutMs: SIGN_OUT_TIMEOUT_MS, signal: signalOf(opts) }, Ignored);
      },
      /** POST /api/session/sign-out-all: every access token issued to the account until now. */
      signOutAllDevices: async (opts?: CallOptions): Promise<void> => {
        await client.request({ ...at(accountRoutes.signOutAll), timeoutMs: SIGN_OUT_TIMEOUT_MS, signal: signalOf(opts) }, Ignored);
      },
    },
  };
}
