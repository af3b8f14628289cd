/**
 * The sign-in flow's implementations, named for ./signInFlowMachine.ts: its actors (the identity
 * calls, provided; the child machines of Forgot password, 'Resend code' and the authenticator code),
 * guards on what each step answered, and the actions that keep the form's messages and the pending
 * confirmation (SPEC §3, persisted through the provided `savePendingConfirmation`).
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { SignInValues, SignUpValues } from '../../domain/forms';
import type { SessionUser, SignInResult } from '../../services/identity';
import type { PendingConfirmation } from '../../services/storage';
import { placeholderAction, placeholderActor } from '../shared';
import { forgotPasswordMachine } from './forgotPasswordMachine';
import {
  formErrors,
  keptSignUp,
  signInValues,
  signUpValues,
  type SignedIn,
  type SignInFlowContext,
  type SignInFlowEvent,
  type SignInFlowInput,
} from './signInFlowTypes';
import { mfaChallengeMachine } from './mfaChallengeMachine';
import { resendCodeMachine } from './resendCodeMachine';

export const noMessages = { fieldErrors: {}, formError: null, notice: null } as const;
const noSignupData = { phoneNumber: '', organization: '', fullName: '' } as const;

export const signInFlowSetup = setup({
  types: {
    tags: {} as 'pending',
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
    /** What Sign In's answer carries: the user (signed in) or who sets a new password (the two answers it runs on). */
    assignSignInResult: assign((_, result: SignInResult) => {
      if (result.kind === 'signedIn') return { signedIn: { user: result.user, passwordSet: false } };
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
        enqueue({ type: 'savePendingConfirmation', params: { pending: keptSignUp(context) } });
      }),
      /**
       * Confirm Email for the account signed in to: the sign-up this browser kept for it, or its email
       * alone. It runs behind hasUnconfirmedEmail, and unconfirmedEmail is a copy of the email signed
       * in with (assignUnconfirmedEmail), so that email is the one.
       */
      openConfirmEmail: enqueueActions(({ context, enqueue }) => {
        const email = context.signInEmail;
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
        const pending = { ...keptSignUp(context), isRequired: false };
        enqueue.assign({ pendingConfirmation: pending, signInEmail: pending.email, ...noMessages, notice });
        enqueue({ type: 'savePendingConfirmation', params: { pending } });
      }),
    },
  });
