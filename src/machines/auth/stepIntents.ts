/**
 * The named intents of the sign-in flow's children (./intents.ts has the flow's own): forgot
 * password, 'Resend code' and the authenticator step. Each takes the ref a view reads with the
 * child's selector; a child that is not running (yet) has nothing to send to.
 *
 * Imported by the steps' views themselves, not through ./index.ts: what the index exports is part of
 * the /login JavaScript (everything the entry reaches statically is), and these are not needed there.
 */
import type { ResetPasswordForm } from './recoveryForms';
import type { selectForgotPassword, selectMfaChallenge, selectResendCode } from './selectors';

type ForgotPasswordRef = NonNullable<ReturnType<typeof selectForgotPassword>>;
type MfaChallengeRef = ReturnType<typeof selectMfaChallenge>;
type ResendCodeRef = ReturnType<typeof selectResendCode>;

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
