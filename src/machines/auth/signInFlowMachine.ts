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
 * provided `savePendingConfirmation` / `clearPendingConfirmation` actions.
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { SignInValues, SignUpValues } from '../../domain/forms';
import type { SessionUser, SignInResult } from '../../services/identity';
import type { PendingConfirmation } from '../../services/storage';
import { messageOf, placeholderAction, placeholderActor } from '../shared';
import { forgotPasswordMachine } from './forgotPasswordMachine';
import { formStep } from './formStep';
import { AUTH_MESSAGES } from './messages';
import {
  formErrors,
  signInValues,
  signUpValues,
  type SignedIn,
  type SignInFlowContext,
  type SignInFlowEvent,
  type SignInFlowInput,
} from './signInFlowTypes';
import { mfaChallengeMachine } from './mfaChallengeMachine';
import { resendCodeMachine } from './resendCodeMachine';

export type { SignedIn, SignInFlowContext, SignInFlowInput };

const noMessages = { fieldErrors: {}, formError: null, notice: null } as const;
const noSignupData = { phoneNumber: '', organization: '', fullName: '' } as const;

type Ctx = { context: SignInFlowContext };
type Failure = { event: { error: unknown } };
/** What Sign In answered (the params of its guards and actions). */
const signInAnswer = ({ event }: { event: { output: SignInResult } }) => event.output;
/** The message of a failed step, or the step's own when the error has none. */
const failureMessage =
  (fallback: string) =>
  ({ event }: Failure) =>
    messageOf(event.error, fallback);

export const signInFlowMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is read by TypeScript only; XState ignores it at run time
  types: {
    context: {} as SignInFlowContext,
    events: {} as SignInFlowEvent,
    input: {} as SignInFlowInput,
    output: {} as SignedIn,
    children: {} as { forgotPassword: 'forgotPassword'; resendCode: 'resendCode'; mfaChallenge: 'mfaChallenge' },
  },
  actors: {
    signIn: placeholderActor<SignInResult, SignInValues>('signIn'),
    signUp: placeholderActor<{ confirmationRequired: boolean }, SignUpValues>('signUp'),
    confirmSignUp: placeholderActor<void, { email: string; code: string }>('confirmSignUp'),
    completeNewPassword: placeholderActor<SessionUser, { newPassword: string }>('completeNewPassword'),
    forgotPassword: forgotPasswordMachine,
    resendCode: resendCodeMachine,
    mfaChallenge: mfaChallengeMachine,
  },
  guards: {
    isAwaitingCode: ({ context }) => context.pendingConfirmation?.isRequired === true,
    isFormInvalid: ({ event }) => formErrors(event) !== null,
    isSignedIn: (_, result: SignInResult) => result.kind === 'signedIn',
    isNewPasswordRequired: (_, result: SignInResult) => result.kind === 'newPasswordRequired',
    isConfirmSignUp: (_, result: SignInResult) => result.kind === 'confirmSignUp',
    isTotpRequired: (_, result: SignInResult) => result.kind === 'totpRequired',
    isMfa: (_, result: SignInResult) => result.kind === 'mfa',
    isConfirmationRequired: (_, output: { confirmationRequired: boolean }) => output.confirmationRequired,
    hasUnconfirmedEmail: ({ context }) => context.unconfirmedEmail !== null,
  },
  actions: {
    /** Persist the pending confirmation (localStorage `auth_pending_confirmation`; provided). */
    savePendingConfirmation: placeholderAction<{ pending: PendingConfirmation }>('savePendingConfirmation'),
    /** Remove the persisted pending confirmation (provided). */
    clearPendingConfirmation: placeholderAction('clearPendingConfirmation'),
    clearMessages: assign({ ...noMessages, unconfirmedEmail: null }),
    assignFormErrors: assign(({ event }) => {
      const { form, ...fields } = formErrors(event) ?? {};
      return { fieldErrors: fields, formError: form ?? null, notice: null };
    }),
    assignFormError: assign((_, message: string) => ({ formError: message, notice: null })),
    assignSignInEmail: assign((_, email: string) => ({ signInEmail: email })),
    rememberSignInEmail: assign(({ event }) => ({ signInEmail: signInValues(event).username })),
    /** What Sign In's answer carries: the user (signed in) or who sets a new password. */
    assignSignInResult: assign((_, result: SignInResult) => {
      if (result.kind === 'signedIn') return { signedIn: { user: result.user, passwordSet: false } };
      // Stryker disable next-line ConditionalExpression: the action runs only on the signed-in and new-password answers, and the signed-in one returned on the line above
      if (result.kind === 'newPasswordRequired') return { passwordChangeUsername: result.username };
      return {};
    }),
    assignSignedIn: assign((_, signedIn: SignedIn) => ({ signedIn, passwordChangeUsername: null, ...noMessages })),
    assignUnconfirmedEmail: assign(({ context }) => ({ unconfirmedEmail: context.signInEmail })),
    forgetPasswordChange: assign({ passwordChangeUsername: null }),
    /** Create Account's data, kept until the email is confirmed and the workspace set up (SPEC §3). */
    assignPendingFromSignUp: assign(({ event }) => {
      const { email, phoneNumber, organization, fullName } = signUpValues(event);
      return { pendingConfirmation: { email, isRequired: true, signupData: { phoneNumber, organization, fullName } } };
    }),
    forgetPending: assign({ pendingConfirmation: null }),
    assignNotice: assign((_, notice: string) => ({ ...noMessages, notice })),
  },
  delays: {
    /** SPEC §4 / §9: the sign-in state kept between steps expires after 3 minutes. */
    challengeExpiry: 180_000,
  },
})
  // Named sequences that persist the pending confirmation too (they enqueue the provided
  // `savePendingConfirmation`, which `extend` lets them name with its type).
  .extend<{ persistPending: undefined; openConfirmEmail: undefined; signUpConfirmed: string }>({
    actions: {
      persistPending: enqueueActions(({ context, enqueue }) => {
        // Stryker disable next-line ConditionalExpression: persistPending runs only after Create Account, whose accept action (assignPendingFromSignUp) has just set the pending confirmation
        if (context.pendingConfirmation) enqueue({ type: 'savePendingConfirmation', params: { pending: context.pendingConfirmation } });
      }),
      /** Confirm Email for the account signed in to: the sign-up this browser kept for it, or its email alone. */
      openConfirmEmail: enqueueActions(({ context, enqueue }) => {
        // Stryker disable next-line LogicalOperator: openConfirmEmail runs only behind hasUnconfirmedEmail, and unconfirmedEmail is a copy of signInEmail (assignUnconfirmedEmail): `&&` gives the same email
        const email = context.unconfirmedEmail ?? context.signInEmail;
        const kept = context.pendingConfirmation;
        const pending: PendingConfirmation =
          kept && kept.email.toLowerCase() === email.toLowerCase()
            ? { ...kept, isRequired: true }
            : { email, isRequired: true, signupData: { ...noSignupData } };
        enqueue.assign({ pendingConfirmation: pending, unconfirmedEmail: null, ...noMessages });
        enqueue({ type: 'savePendingConfirmation', params: { pending } });
      }),
      /**
       * The sign-up is confirmed (by its code, or by a pool that needs none): the kept sign-up is no
       * longer awaiting a code, Sign In shows the notice with the email filled in.
       */
      signUpConfirmed: enqueueActions(({ context, enqueue }, notice: string) => {
        const pending = context.pendingConfirmation && { ...context.pendingConfirmation, isRequired: false };
        // Stryker disable next-line OptionalChaining: a sign-up is confirmed only while one is kept (Create Account and Confirm Email set it first)
        enqueue.assign({ pendingConfirmation: pending, signInEmail: pending?.email ?? context.signInEmail, ...noMessages, notice });
        // Stryker disable next-line ConditionalExpression: same: the kept sign-up is always there when this runs
        if (pending) enqueue({ type: 'savePendingConfirmation', params: { pending } });
      }),
    },
  })
  .createMachine({
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
    output: ({ context }) => {
      // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable: the final state is entered only by transitions that assign signedIn first
      if (!context.signedIn) throw new Error('signInFlow finished without a signed-in user');
      return context.signedIn;
    },
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
          // Stryker disable next-line OptionalChaining,StringLiteral: confirmEmail is entered only with a pending confirmation (openConfirmEmail, persistPending or the one this browser kept)
          input: ({ context }) => ({ email: context.pendingConfirmation?.email ?? '' }),
        },
        ...formStep({
          submit: 'auth.confirm',
          src: 'confirmSignUp',
          input: ({ context, event }: Ctx & { event: SignInFlowEvent }) => {
            assertEvent(event, 'auth.confirm');
            // Stryker disable next-line OptionalChaining,StringLiteral: same: confirmEmail always has its pending confirmation
            return { email: context.pendingConfirmation?.email ?? '', code: event.code.trim() };
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
