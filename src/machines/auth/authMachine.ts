/**
 * The session (SPEC §4): the session check on start, signed out (the sign-in flow of
 * ./signInFlowMachine.ts runs then), signup completion, the administrator check, sign-out (of this
 * session, or of all the account's devices: docs/SECURITY.md "Sessions") and an expired session. One actor for the whole visit: the views' `auth`. Token refresh is the identity
 * service's (single-flight, below the API client); when a refresh is refused the API client sends
 * `auth.sessionExpired` here.
 *
 * Side effects are named actors (placeholders in ./authSetup.ts; real ones in ./implementations.ts).
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { messageOf } from '../shared';
import { AUTH_MESSAGES } from './messages';
import { authSetup, memberOf, signedInUser } from './authSetup';

export {
  type AuthContext,
  type AuthEvent,
  type CompleteSignupInput,
  type MembershipResult,
  type PendingConfirmation,
  type SessionCheck,
  type SessionUser,
  type SignInResult,
} from './authSetup';

export const authMachine = authSetup.createMachine({
  id: 'auth',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Gate', '§4 Authentication'] },
  initial: 'checkingSession',
  context: {
    user: null,
    pendingConfirmation: null,
    signedOutMessage: null,
    membership: null,
    accessError: null,
    signupAttempts: 0,
    signupRetryAfterSeconds: null,
  },
  states: {
    checkingSession: {
      tags: ['pending'],
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            guard: { type: 'hasUser', params: ({ event }) => event.output },
            target: 'signedIn',
            actions: { type: 'assignSessionCheck', params: ({ event }) => event.output },
          },
          // The sign-in flow opens on Confirm Email when the kept confirmation still awaits its code.
          { target: 'signedOut', actions: { type: 'assignSessionCheck', params: ({ event }) => event.output } },
        ],
        onError: {
          target: 'signedOut',
          actions: { type: 'assignSignedOutMessage', params: ({ event }) => messageOf(event.error, AUTH_MESSAGES.sessionCheckFailed) },
        },
      },
    },

    signedOut: {
      invoke: {
        id: 'signInFlow',
        src: 'signInFlow',
        input: ({ context }) => ({ pending: context.pendingConfirmation, formError: context.signedOutMessage }),
        onDone: [
          {
            guard: { type: 'isPasswordSet', params: ({ event }) => event.output },
            target: 'signedIn.activating',
            actions: { type: 'assignUser', params: ({ event }) => event.output.user },
          },
          { target: 'signedIn', actions: { type: 'assignUser', params: ({ event }) => event.output.user } },
        ],
      },
    },

    signedIn: {
      initial: 'checkingPendingSignup',
      on: {
        'auth.signOut': { target: 'signingOut', actions: { type: 'assignSignedOutMessage', params: null } },
        'auth.signOutAllDevices': { target: 'signingOutAllDevices', actions: { type: 'assignSignedOutMessage', params: null } },
        'auth.sessionExpired': { target: 'signingOut', actions: { type: 'assignSignedOutMessage', params: AUTH_MESSAGES.sessionExpired } },
      },
      states: {
        checkingPendingSignup: {
          tags: ['pending'],
          invoke: {
            id: 'loadPendingSignup',
            src: 'loadPendingSignup',
            onDone: [
              {
                guard: { type: 'isSignupToComplete', params: ({ event }) => event.output },
                target: 'completingSignup',
                actions: { type: 'assignPending', params: ({ event }) => event.output },
              },
              { target: 'checkingAccess' },
            ],
            onError: { target: 'checkingAccess' },
          },
        },
        // SPEC §4: completed on the server, then the kept sign-up is cleared, on success and on
        // failure alike. A failure a moment may cure is tried again first, in the same visit
        // (COMPLETE_SIGNUP_ATTEMPTS in all, `completeSignupRetry` between them); every failure is
        // logged, none is shown (SPEC §8). 'Setting up your account...' stays up meanwhile: until
        // the organisation exists the person is no member of it (SPEC §2, and §4: no dashboard or
        // billing data while it runs).
        completingSignup: {
          tags: ['pending'],
          initial: 'attempting',
          entry: 'startSignupCompletion',
          states: {
            attempting: {
              entry: 'countSignupAttempt',
              invoke: {
                id: 'completeSignup',
                src: 'completeSignup',
                input: ({ context }) => ({ pending: context.pendingConfirmation, email: signedInUser(context).email }),
                onDone: { target: '#auth.signedIn.checkingAccess', actions: ['forgetPending', 'clearPendingConfirmation'] },
                onError: [
                  {
                    guard: { type: 'canRetrySignup', params: ({ event }) => ({ error: event.error }) },
                    target: 'waitingToRetry',
                    actions: [
                      { type: 'logSignupCompletionFailure', params: ({ event }) => ({ error: event.error }) },
                      { type: 'assignSignupRetryAfter', params: ({ event }) => ({ error: event.error }) },
                    ],
                  },
                  // The last attempt, or a definite refusal: given up, and cleared all the same.
                  {
                    target: '#auth.signedIn.checkingAccess',
                    actions: [
                      { type: 'logSignupCompletionFailure', params: ({ event }) => ({ error: event.error }) },
                      'forgetPending',
                      'clearPendingConfirmation',
                    ],
                  },
                ],
              },
            },
            waitingToRetry: {
              after: { completeSignupRetry: 'attempting' },
            },
          },
        },
        activating: {
          tags: ['pending'],
          invoke: {
            id: 'activateUser',
            src: 'activateUser',
            onDone: { target: 'checkingAccess' },
            onError: {
              target: 'checkingAccess',
              actions: { type: 'logActivationFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        checkingAccess: {
          tags: ['pending'],
          invoke: {
            id: 'loadMembership',
            src: 'loadMembership',
            onDone: [
              {
                guard: { type: 'isAdministrator', params: ({ event }) => event.output },
                target: 'authorized',
                actions: { type: 'assignMembership', params: memberOf },
              },
              { target: 'notAdministrator', actions: { type: 'assignMembership', params: memberOf } },
            ],
            onError: {
              target: 'accessFailed',
              actions: { type: 'assignAccessError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        authorized: {},
        notAdministrator: {},
        accessFailed: {
          on: { 'auth.retry': 'checkingAccess' },
        },
      },
    },

    signingOut: {
      tags: ['pending'],
      invoke: {
        id: 'signOut',
        src: 'signOut',
        onDone: { target: 'signedOut', actions: ['resetSession', 'clearPendingConfirmation'] },
        // Signing out never fails for the person: the local session is gone either way.
        onError: { target: 'signedOut', actions: ['resetSession', 'clearPendingConfirmation'] },
      },
    },

    // This device is signed out either way; a failure means the other devices may not be, and
    // Sign In says so (the person can sign in and choose it again).
    signingOutAllDevices: {
      tags: ['pending'],
      invoke: {
        id: 'signOutAllDevices',
        src: 'signOutAllDevices',
        onDone: { target: 'signedOut', actions: ['resetSession', 'clearPendingConfirmation'] },
        onError: {
          target: 'signedOut',
          actions: [
            'resetSession',
            'clearPendingConfirmation',
            { type: 'assignSignedOutMessage', params: AUTH_MESSAGES.allDevicesSignOutFailed },
            { type: 'logAllDevicesSignOutFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
  },
});

export type AuthActorRef = ActorRefFrom<typeof authMachine>;
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;
