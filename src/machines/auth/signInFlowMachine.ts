/**
 * The sign-in flow (SPEC §4): everything a signed-out visitor does until they are signed in —
 * Sign In, Create Account, Confirm Email, Set New Password (expires after 3 minutes), Forgot
 * password and the authenticator code. The session machine (./authMachine.ts) invokes it while
 * signed out, and takes the signed-in user from its output.
 *
 * Its four forms are one shape (./formStep.ts): `idle` validates the submit event with the domain
 * schema (field errors stay on the form) or goes to `submitting`, whose actor's error comes back to
 * `idle` with the message. Forgot password, 'Resend code' and the authenticator code are child
 * machines of their own. The pending confirmation (SPEC §3, localStorage) is persisted through the
 * provided `savePendingConfirmation` / `clearPendingConfirmation` actions. Its implementations are
 * named in ./signInFlowSetup.ts.
 */
import { assertEvent } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SessionUser, SignInResult } from '../../services/identity';
import { messageOf, present } from '../shared';
import { formStep } from './formStep';
import { AUTH_MESSAGES } from './messages';
import { noMessages, signInFlowSetup } from './signInFlowSetup';
import {
  keptSignUp,
  signInValues,
  signUpValues,
  type SignedIn,
  type SignInFlowContext,
  type SignInFlowEvent,
  type SignInFlowInput,
} from './signInFlowTypes';

export type { SignedIn, SignInFlowContext, SignInFlowInput };

type Ctx = { context: SignInFlowContext };
type Failure = { event: { error: unknown } };
/** What Sign In answered (the params of its guards and actions). */
const signInAnswer = ({ event }: { event: { output: SignInResult } }) => event.output;
/** The message of a failed step, or the step's own when the error has none. */
const failureMessage =
  (fallback: string) =>
  ({ event }: Failure) =>
    messageOf(event.error, fallback);

export const signInFlowMachine = signInFlowSetup.createMachine({
  id: 'signInFlow',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Login screen', '§4 Authentication'] },
  initial: 'opening',
  context: ({ input }) => ({
    signInEmail: input.pending?.email ?? '',
    unconfirmedEmail: null,
    passwordChangeUsername: null,
    pendingConfirmation: input.pending,
    ...noMessages,
    formError: input.formError,
    signedIn: null,
  }),
  // Its one final state is entered only after an answer that signed the user in set it.
  output: ({ context }) => present(context.signedIn),
  states: {
    /** A reload on the code screen stays on the code screen. */
    opening: {
      always: [{ guard: 'isAwaitingCode', target: 'confirmEmail' }, { target: 'signIn' }],
    },

    signIn: formStep({
      submit: 'auth.signIn',
      src: 'signIn',
      accept: 'rememberSignInEmail',
      input: ({ event }: { event: SignInFlowEvent }) => signInValues(event),
      onDone: [
        {
          guard: { type: 'isSignedIn', params: signInAnswer },
          target: '#signInFlow.signedIn',
          actions: { type: 'assignSignInResult', params: signInAnswer },
        },
        {
          guard: { type: 'isNewPasswordRequired', params: signInAnswer },
          target: '#signInFlow.newPassword',
          actions: { type: 'assignSignInResult', params: signInAnswer },
        },
        {
          guard: { type: 'isConfirmSignUp', params: signInAnswer },
          target: 'idle',
          actions: [{ type: 'assignFormError', params: AUTH_MESSAGES.confirmSignUp }, 'assignUnconfirmedEmail'],
        },
        {
          guard: { type: 'isTotpRequired', params: signInAnswer },
          target: '#signInFlow.mfa',
        },
        {
          guard: { type: 'isMfa', params: signInAnswer },
          target: 'idle',
          actions: { type: 'assignFormError', params: AUTH_MESSAGES.mfa },
        },
        { target: 'idle', actions: { type: 'assignFormError', params: AUTH_MESSAGES.other } },
      ],
      onError: {
        target: 'idle',
        actions: { type: 'assignFormError', params: failureMessage(AUTH_MESSAGES.signInFailed) },
      },
      on: {
        'auth.showSignUp': { target: '#signInFlow.signUp', actions: 'clearMessages' },
        'auth.enterCode': { guard: 'hasUnconfirmedEmail', target: '#signInFlow.confirmEmail', actions: 'openConfirmEmail' },
        'auth.forgotPassword': {
          target: '#signInFlow.forgotPassword',
          actions: [
            'clearMessages',
            {
              type: 'assignSignInEmail',
              params: ({ event }: { event: Extract<SignInFlowEvent, { type: 'auth.forgotPassword' }> }) => event.email.trim(),
            },
          ],
        },
      },
    }),

    signUp: formStep({
      submit: 'auth.signUp',
      src: 'signUp',
      accept: 'assignPendingFromSignUp',
      input: ({ event }: { event: SignInFlowEvent }) => signUpValues(event),
      onDone: [
        {
          guard: {
            type: 'isConfirmationRequired',
            params: ({ event }: { event: { output: { confirmationRequired: boolean } } }) => event.output,
          },
          target: '#signInFlow.confirmEmail',
          actions: 'persistPending',
        },
        { target: '#signInFlow.signIn', actions: { type: 'signUpConfirmed', params: AUTH_MESSAGES.accountCreated } },
      ],
      onError: {
        target: 'idle',
        actions: ['forgetPending', { type: 'assignFormError', params: failureMessage(AUTH_MESSAGES.signUpFailed) }],
      },
      on: { 'auth.showSignIn': { target: '#signInFlow.signIn', actions: 'clearMessages' } },
    }),

    confirmEmail: {
      invoke: {
        id: 'resendCode',
        src: 'resendCode',
        input: ({ context }) => ({ email: keptSignUp(context).email }),
      },
      ...formStep({
        submit: 'auth.confirm',
        src: 'confirmSignUp',
        input: ({ context, event }: Ctx & { event: SignInFlowEvent }) => {
          assertEvent(event, 'auth.confirm');
          return { email: keptSignUp(context).email, code: event.code.trim() };
        },
        onDone: { target: '#signInFlow.signIn', actions: { type: 'signUpConfirmed', params: AUTH_MESSAGES.emailConfirmed } },
        onError: {
          target: 'idle',
          actions: { type: 'assignFormError', params: failureMessage(AUTH_MESSAGES.confirmFailed) },
        },
        on: {
          'auth.restartSignUp': { target: '#signInFlow.signUp', actions: ['clearMessages', 'forgetPending', 'clearPendingConfirmation'] },
        },
      }),
    },

    forgotPassword: {
      invoke: {
        id: 'forgotPassword',
        src: 'forgotPassword',
        input: ({ context }) => ({ email: context.signInEmail }),
        onDone: {
          target: 'signIn',
          actions: [
            { type: 'assignSignInEmail', params: ({ event }) => event.output.email },
            { type: 'assignNotice', params: AUTH_MESSAGES.passwordReset },
          ],
        },
      },
      on: { 'auth.showSignIn': { target: 'signIn', actions: 'clearMessages' } },
    },

    /** SOFTWARE_TOKEN_MFA: the authenticator code, within the 3 minutes the challenge lives. */
    mfa: {
      invoke: {
        id: 'mfaChallenge',
        src: 'mfaChallenge',
        onDone: {
          target: 'signedIn',
          actions: { type: 'assignSignedIn', params: ({ event }) => ({ user: event.output.user, passwordSet: false }) },
        },
      },
      after: {
        challengeExpiry: { target: 'signIn', actions: { type: 'assignFormError', params: AUTH_MESSAGES.challengeExpired } },
      },
      on: { 'auth.backToSignIn': { target: 'signIn', actions: 'clearMessages' } },
    },

    newPassword: {
      after: {
        challengeExpiry: {
          target: 'signIn',
          actions: ['forgetPasswordChange', { type: 'assignFormError', params: AUTH_MESSAGES.challengeExpired }],
        },
      },
      ...formStep({
        submit: 'auth.newPassword',
        src: 'completeNewPassword',
        input: ({ event }: { event: SignInFlowEvent }) => {
          assertEvent(event, 'auth.newPassword');
          return { newPassword: event.password };
        },
        onDone: {
          target: '#signInFlow.signedIn',
          actions: {
            type: 'assignSignedIn',
            params: ({ event }: { event: { output: SessionUser } }) => ({ user: event.output, passwordSet: true }),
          },
        },
        onError: {
          target: 'idle',
          actions: { type: 'assignFormError', params: failureMessage(AUTH_MESSAGES.newPasswordFailed) },
        },
        on: { 'auth.backToSignIn': { target: '#signInFlow.signIn', actions: ['clearMessages', 'forgetPasswordChange'] } },
      }),
    },

    signedIn: { type: 'final' },
  },
});

export type SignInFlowActorRef = ActorRefFrom<typeof signInFlowMachine>;
export type SignInFlowSnapshot = SnapshotFrom<typeof signInFlowMachine>;
