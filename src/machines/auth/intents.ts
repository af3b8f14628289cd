/**
 * The named intents of the auth machines: what a view may ask of them, as plain functions over an
 * actor ref (a view holds them with `useIntents`, src/views/shared/useIntents.ts). The event objects
 * are built here and nowhere in src/views, typed by each machine's event union.
 *
 * The children of the sign-in flow (forgot password, resend code, the authenticator step) take the
 * ref a view reads with their selector; a child that is not running (yet) has nothing to send to.
 */
import type { NewPasswordForm, SignInForm, SignUpForm } from '../../domain/forms';
import type { AuthActorRef } from './authMachine';
import type { ResetPasswordForm } from './recoveryForms';
import type { SignInFlowActorRef } from './signInFlowMachine';
import type { selectForgotPassword, selectMfaChallenge, selectResendCode } from './selectors';

type ForgotPasswordRef = NonNullable<ReturnType<typeof selectForgotPassword>>;
type MfaChallengeRef = ReturnType<typeof selectMfaChallenge>;
type ResendCodeRef = ReturnType<typeof selectResendCode>;

/** The session (./authMachine.ts): sign out, of this browser or of all devices, and retry the access check. */
export function authIntents(auth: AuthActorRef) {
  return {
    signOut: () => auth.send({ type: 'auth.signOut' }),
    signOutAllDevices: () => auth.send({ type: 'auth.signOutAllDevices' }),
    retry: () => auth.send({ type: 'auth.retry' }),
  };
}

/** The login screen's steps (./signInFlowMachine.ts): each form's submit and the links between steps. */
export function signInFlowIntents(flow: SignInFlowActorRef) {
  return {
    signIn: (form: SignInForm) => flow.send({ type: 'auth.signIn', ...form }),
    signUp: (form: SignUpForm) => flow.send({ type: 'auth.signUp', ...form }),
    confirm: (code: string) => flow.send({ type: 'auth.confirm', code }),
    setNewPassword: (form: NewPasswordForm) => flow.send({ type: 'auth.newPassword', ...form }),
    /** 'Forgot password?' on Sign In, with the email typed there (to prefill). */
    forgotPassword: (email: string) => flow.send({ type: 'auth.forgotPassword', email }),
    /** 'Enter confirmation code' after signing in to an unconfirmed account. */
    enterCode: () => flow.send({ type: 'auth.enterCode' }),
    showSignUp: () => flow.send({ type: 'auth.showSignUp' }),
    showSignIn: () => flow.send({ type: 'auth.showSignIn' }),
    restartSignUp: () => flow.send({ type: 'auth.restartSignUp' }),
    backToSignIn: () => flow.send({ type: 'auth.backToSignIn' }),
  };
}

/** Forgot password's two steps (./forgotPasswordMachine.ts). */
export function forgotPasswordIntents(forgot: ForgotPasswordRef) {
  return {
    sendCode: (email: string) => forgot.send({ type: 'forgot.sendCode', email }),
    reset: (form: ResetPasswordForm) => forgot.send({ type: 'forgot.reset', ...form }),
    resendCode: () => forgot.send({ type: 'forgot.resendCode' }),
    changeEmail: () => forgot.send({ type: 'forgot.changeEmail' }),
  };
}

/** The authenticator code at sign-in (./mfaChallengeMachine.ts). */
export function mfaChallengeIntents(challenge: MfaChallengeRef) {
  return {
    submit: (code: string) => challenge?.send({ type: 'mfa.submit', code }),
  };
}

/** 'Resend code' on Confirm Email (./resendCodeMachine.ts). */
export function resendCodeIntents(resend: ResendCodeRef) {
  return {
    send: () => resend?.send({ type: 'resend.send' }),
  };
}
