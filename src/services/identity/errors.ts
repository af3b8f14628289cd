/**
 * Identity-service errors and their SPEC §8 messages.
 *
 * Every failure of the identity service leaves it as an `IdentityError` whose `message` is the text
 * to show (already mapped), whose `code` is the Cognito error code when there was one, and whose
 * `kind` tells a caller what to do about it.
 */
export type IdentityErrorKind =
  /** The identity service could not be reached; nothing was decided, the session is kept. */
  | 'network'
  /** The credentials or the session were refused; the session (if any) has been cleared. */
  | 'auth'
  /** The console's identity settings are wrong (pool or client not found). */
  | 'config'
  /** Any other refusal (bad input, a password policy, a wrong code...). */
  | 'rejected';

export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  constructor(
    message: string,
    readonly kind: IdentityErrorKind,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const SIGN_IN_MESSAGES = {
  badCredentials: 'Sign in failed. Please check your credentials.',
  notConfirmed: 'Please check your email and confirm your account before signing in.',
  mfa: 'Multi-factor authentication required. Please set up or enter your authenticator code.',
  other: 'Additional authentication steps required. Please contact your administrator.',
  alreadySignedIn: 'There is already a signed in user.',
  fallback: 'An error occurred during sign in',
} as const;

/** The pool's refusal of too many attempts, the same for a sign-in code, a reset and a resend. */
export const LIMIT_EXCEEDED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

export const NEW_PASSWORD_MESSAGES = {
  weakPassword: 'Password does not meet security requirements. Please check the requirements and try again.',
  furtherChallenge: 'Additional steps required after password change. Please contact support.',
  failed: 'Failed to set new password. Please try again.',
  fallback: 'An error occurred while setting your new password',
} as const;

export const REQUIRED_INPUT_MESSAGES = {
  username: 'A username is required.',
  password: 'A password is required.',
  code: 'A confirmation code is required.',
} as const;

/** The Cognito error code (`NotAuthorizedException`...) of a thrown value, if it has one. */
export function cognitoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, name } = error as { code?: unknown; name?: unknown };
  if (typeof code === 'string' && code !== '') return code;
  if (typeof name === 'string' && name.endsWith('Exception')) return name;
  return undefined;
}

export function serverMessage(error: unknown): string | undefined {
  if (error instanceof Error && error.message.trim() !== '' && error.message !== 'null') return error.message;
  return undefined;
}

/** What the SDK throws for an unreachable service; also what a code chunk that could not be fetched is reported as. */
export function networkFailure(cause: unknown): Error {
  return Object.assign(new Error('Network error', { cause }), { code: 'NetworkError' });
}

/** The SDK reports an unreachable service as `Error('Network error')` with code `NetworkError`. */
export function isNetworkFailure(error: unknown): boolean {
  if (cognitoCode(error) === 'NetworkError') return true;
  return error instanceof TypeError || (error instanceof Error && error.message === 'Network error');
}

/** Refusals of a session or refresh token: the session cannot be recovered. */
const SESSION_REFUSALS = new Set([
  'NotAuthorizedException',
  'UserNotFoundException',
  'UserNotConfirmedException',
  'PasswordResetRequiredException',
]);

/** Classify a failed token refresh: network (keep the session) or auth (clear it). */
export function refreshFailure(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = cognitoCode(error);
  if (isNetworkFailure(error)) return new IdentityError('The identity service could not be reached.', 'network', code);
  if (code !== undefined && SESSION_REFUSALS.has(code)) {
    return new IdentityError(serverMessage(error) ?? 'The session was refused.', 'auth', code);
  }
  // Throttling and 5xx answers are not a verdict on the session either.
  if (code === 'TooManyRequestsException' || code === 'InternalErrorException' || code === 'ServiceUnavailable') {
    return new IdentityError(serverMessage(error) ?? 'The identity service is unavailable.', 'network', code);
  }
  return new IdentityError(serverMessage(error) ?? 'The session could not be refreshed.', 'auth', code);
}

export function signInError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = cognitoCode(error);
  switch (code) {
    // The cognito-local emulator answers a wrong password with InvalidPasswordException.
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
    case 'InvalidPasswordException':
      return new IdentityError(SIGN_IN_MESSAGES.badCredentials, 'auth', code);
    case 'UserNotConfirmedException':
      return new IdentityError(SIGN_IN_MESSAGES.notConfirmed, 'rejected', code);
    case 'UserAlreadyAuthenticatedException':
      return new IdentityError(SIGN_IN_MESSAGES.alreadySignedIn, 'rejected', code);
    default:
      return new IdentityError(serverMessage(error) ?? SIGN_IN_MESSAGES.fallback, isNetworkFailure(error) ? 'network' : 'rejected', code);
  }
}

export function newPasswordError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = cognitoCode(error);
  switch (code) {
    case 'InvalidPasswordException':
      return new IdentityError(NEW_PASSWORD_MESSAGES.weakPassword, 'rejected', code);
    // The challenge session was refused (expired or already used): start over.
    case 'NotAuthorizedException':
    case 'CodeMismatchException':
    case 'ExpiredCodeException':
      return new IdentityError(NEW_PASSWORD_MESSAGES.failed, 'auth', code);
    default:
      return new IdentityError(NEW_PASSWORD_MESSAGES.fallback, isNetworkFailure(error) ? 'network' : 'rejected', code);
  }
}

/**
 * A call that could not reach the identity service, or whose code (the two-factor settings', or
 * sign-up's and reset's, fetched on first use) could not be fetched.
 */
export const UNREACHABLE_MESSAGE = 'The identity service could not be reached. Check your connection and try again.';

/** The SOFTWARE_TOKEN_MFA step of sign-in. */

export const MFA_MESSAGES = {
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  expired: 'Your sign-in session has expired. Please sign in again.',
  limitExceeded: LIMIT_EXCEEDED_MESSAGE,
  fallback: 'An error occurred while checking your code',
} as const;

export function totpError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = cognitoCode(error);
  switch (code) {
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return new IdentityError(MFA_MESSAGES.wrongCode, 'rejected', code);
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return new IdentityError(MFA_MESSAGES.limitExceeded, 'rejected', code);
    // The challenge's session was refused (expired or used): sign in again.
    case 'NotAuthorizedException':
    case 'ExpiredCodeException':
      return new IdentityError(MFA_MESSAGES.expired, 'auth', code);
    default:
      return new IdentityError(MFA_MESSAGES.fallback, isNetworkFailure(error) ? 'network' : 'rejected', code);
  }
}
