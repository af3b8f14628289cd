export {
  authMachine,
  AUTH_MESSAGES,
  AUTH_LOG_MESSAGES,
  type AuthActorRef,
  type MembershipResult,
  type PendingConfirmation,
  type SessionCheck,
  type SessionUser,
  type SignInResult,
} from './authMachine';
export { authImplementations, pendingConfirmationActions } from './implementations';
export * from './selectors';
export { forgotPasswordMachine, FORGOT_PASSWORD_MESSAGES, type ForgotPasswordActorRef } from './forgotPasswordMachine';
export { resendCodeMachine, RESEND_CODE_MESSAGES } from './resendCodeMachine';
export { mfaChallengeMachine } from './mfaChallengeMachine';
