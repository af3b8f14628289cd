export {
  authMachine,
  type AuthActorRef,
  type AuthSnapshot,
  type MembershipResult,
  type PendingConfirmation,
  type SessionCheck,
  type SessionUser,
  type SignInResult,
} from './authMachine';
export { AUTH_MESSAGES, AUTH_LOG_MESSAGES } from './messages';
export type { FieldErrors, SignInFlowEvent } from './signInFlowTypes';
export { signInFlowMachine, type SignInFlowActorRef, type SignInFlowSnapshot, type SignedIn } from './signInFlowMachine';
export { authImplementations, pendingConfirmationActions } from './implementations';
export * from './selectors';
export { forgotPasswordMachine, FORGOT_PASSWORD_MESSAGES, type ForgotPasswordActorRef } from './forgotPasswordMachine';
export { resendCodeMachine, RESEND_CODE_MESSAGES } from './resendCodeMachine';
export { mfaChallengeMachine } from './mfaChallengeMachine';
export { signInFlowIntents } from './intents';
