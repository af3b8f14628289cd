export {
  authMachine,
  AUTH_MESSAGES,
  AUTH_LOG_MESSAGES,
  type AuthActorRef,
  type AuthContext,
  type AuthEvent,
  type AuthMachine,
  type AuthSnapshot,
  type CompleteSignupInput,
  type FieldErrors,
  type MembershipResult,
  type PendingConfirmation,
  type SessionCheck,
  type SessionUser,
  type SignInResult,
} from './authMachine';
export { authImplementations, pendingConfirmationActions, type AuthServices } from './implementations';
export { completeSignupPayload } from './signup';
export * from './selectors';
