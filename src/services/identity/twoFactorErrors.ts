/**
 * The messages of turning two-factor sign-in on and off (src/services/identity/totp.ts). A module of
 * their own, beside ./errors.ts, so that they come with the two-factor code, fetched when a signed-in
 * person first opens the setting, and not with the /login JavaScript.
 */
import {
  IdentityError,
  LIMIT_EXCEEDED_MESSAGE,
  MFA_MESSAGES,
  UNREACHABLE_MESSAGE,
  cognitoCode,
  isNetworkFailure,
  serverMessage,
} from './errors';

/** Turning two-factor sign-in (the authenticator app) on and off, while signed in. */
export const TWO_FACTOR_MESSAGES = {
  wrongCode: MFA_MESSAGES.wrongCode,
  sessionExpired: 'Your session has expired. Please sign in again.',
  network: UNREACHABLE_MESSAGE,
  limitExceeded: LIMIT_EXCEEDED_MESSAGE,
  setupMissing: 'This setup is no longer valid. Cancel and start the setup again.',
  loadFallback: 'We could not read your two-factor sign-in setting. Please try again.',
  setupFallback: 'We could not start the two-factor setup. Please try again.',
  enableFallback: 'We could not turn on two-factor sign-in. Please try again.',
  disableFallback: 'We could not turn off two-factor sign-in. Please try again.',
} as const;

/**
 * A failed two-factor call (GetUser, AssociateSoftwareToken, VerifySoftwareToken,
 * SetUserMFAPreference) or a failed refresh of the token it needed. `fallback` is the message of
 * the call in hand, for refusals that have none of their own.
 */
export function twoFactorError(error: unknown, fallback: string): IdentityError {
  const code = error instanceof IdentityError ? error.code : cognitoCode(error);
  if (error instanceof IdentityError) {
    // The access token could not be refreshed: a network failure, or a session that is over.
    if (error.kind === 'network') return new IdentityError(TWO_FACTOR_MESSAGES.network, 'network', code);
    if (error.kind === 'auth') return new IdentityError(TWO_FACTOR_MESSAGES.sessionExpired, 'auth', code);
    return error;
  }
  if (isNetworkFailure(error)) return new IdentityError(TWO_FACTOR_MESSAGES.network, 'network', code);
  switch (code) {
    // cognito-local answers a wrong code with CodeMismatchException, Cognito with EnableSoftwareTokenMFAException.
    case 'CodeMismatchException':
    case 'EnableSoftwareTokenMFAException':
      return new IdentityError(TWO_FACTOR_MESSAGES.wrongCode, 'rejected', code);
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return new IdentityError(TWO_FACTOR_MESSAGES.limitExceeded, 'rejected', code);
    // The access token was refused (expired, revoked) or its user is gone.
    case 'NotAuthorizedException':
    case 'UserNotFoundException':
      return new IdentityError(TWO_FACTOR_MESSAGES.sessionExpired, 'auth', code);
    // No secret to check the code against, or not a verified one to turn on.
    case 'SoftwareTokenMFANotFoundException':
      return new IdentityError(TWO_FACTOR_MESSAGES.setupMissing, 'rejected', code);
    case 'InvalidParameterException':
      if (/software token|SOFTWARE_TOKEN_MFA/i.test(serverMessage(error) ?? '')) {
        return new IdentityError(TWO_FACTOR_MESSAGES.setupMissing, 'rejected', code);
      }
      return new IdentityError(fallback, 'rejected', code);
    default:
      return new IdentityError(fallback, 'rejected', code);
  }
}
