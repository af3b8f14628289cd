/**
 * The errors of signing up, confirming an email, resending its code and resetting a password, and
 * their SPEC §8 messages. A module of their own, beside ./errors.ts, so that they come with the code
 * of those calls (./signUpAndReset.ts), fetched when one of those forms first shows, and not with
 * the /login JavaScript that every visit downloads before Sign In is usable.
 */
import { PASSWORD_RULES } from '../../domain/password';
import { IdentityError, LIMIT_EXCEEDED_MESSAGE, NEW_PASSWORD_MESSAGES, cognitoCode, isNetworkFailure, serverMessage } from './errors';

export const SIGN_UP_MESSAGES = {
  weakPassword: 'Password does not meet security requirements. Please check the password requirements above.',
  statusUnclear: 'Signup completed but status unclear. Please try signing in, or check your email for a confirmation code.',
  userExists: 'An account with this email already exists. Please sign in instead.',
  poolNotFound: 'The identity service is not configured correctly: the user pool or app client was not found. Please contact support.',
  clientMisconfigured:
    'The identity service is not configured correctly for sign-up (app client or user pool settings). Please contact support.',
  fallback: 'An error occurred during sign up',
} as const;

const CONFIRM_MESSAGES = {
  fallback: 'Invalid confirmation code. Please try again.',
} as const;

/** The SPEC §5 rule message named by a Cognito password-policy text, if one is. */
function passwordRuleMessage(text: string): string | undefined {
  const lower = text.toLowerCase();
  const byId = (id: string) => PASSWORD_RULES.find((rule) => rule.id === id)?.message;
  if (/upper\s?case/.test(lower)) return byId('uppercase');
  if (/lower\s?case/.test(lower)) return byId('lowercase');
  if (/numeric|number|digit/.test(lower)) return byId('number');
  if (/symbol|special/.test(lower)) return byId('special');
  return undefined;
}

export function signUpError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = cognitoCode(error);
  const text = serverMessage(error) ?? '';
  switch (code) {
    case 'InvalidPasswordException':
      return new IdentityError(passwordRuleMessage(text) ?? SIGN_UP_MESSAGES.weakPassword, 'rejected', code);
    case 'UsernameExistsException':
      return new IdentityError(SIGN_UP_MESSAGES.userExists, 'rejected', code);
    case 'ResourceNotFoundException':
      return new IdentityError(SIGN_UP_MESSAGES.poolNotFound, 'config', code);
    case 'InvalidParameterException':
      if (/client|pool|auth flow|secret/i.test(text)) return new IdentityError(SIGN_UP_MESSAGES.clientMisconfigured, 'config', code);
      return new IdentityError(text || SIGN_UP_MESSAGES.fallback, 'rejected', code);
    default:
      return new IdentityError(
        isNetworkFailure(error) ? text || SIGN_UP_MESSAGES.fallback : SIGN_UP_MESSAGES.fallback,
        isNetworkFailure(error) ? 'network' : 'rejected',
        code,
      );
  }
}

/** Confirming an account that is already confirmed counts as success (SPEC §4). */
export function isAlreadyConfirmed(error: unknown): boolean {
  const code = cognitoCode(error);
  const text = serverMessage(error) ?? '';
  return code === 'NotAuthorizedException' && /current status is confirmed|already confirmed/i.test(text);
}

export function confirmError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  return new IdentityError(
    serverMessage(error) ?? CONFIRM_MESSAGES.fallback,
    isNetworkFailure(error) ? 'network' : 'rejected',
    cognitoCode(error),
  );
}

/** Password reset (Cognito ForgotPassword / ConfirmForgotPassword). */
export const RESET_PASSWORD_MESSAGES = {
  codeMismatch: 'That code is not right. Check the code in your email and try again.',
  expiredCode: 'That code has expired. Use Resend code to get a new one.',
  limitExceeded: LIMIT_EXCEEDED_MESSAGE,
  weakPassword: NEW_PASSWORD_MESSAGES.weakPassword,
  requestFallback: 'We could not send a reset code. Please try again.',
  fallback: 'An error occurred while resetting your password',
} as const;

/**
 * Refusals of a reset request that would tell whether an account exists (no such user, or no
 * verified email to send to): the console answers them like a code that was sent.
 */
export function isHiddenResetRefusal(error: unknown): boolean {
  const code = cognitoCode(error);
  return code === 'UserNotFoundException' || code === 'InvalidParameterException';
}

export function resetRequestError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = cognitoCode(error);
  if (code === 'LimitExceededException' || code === 'TooManyRequestsException') {
    return new IdentityError(RESET_PASSWORD_MESSAGES.limitExceeded, 'rejected', code);
  }
  return new IdentityError(RESET_PASSWORD_MESSAGES.requestFallback, isNetworkFailure(error) ? 'network' : 'rejected', code);
}

export function resetConfirmError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = cognitoCode(error);
  switch (code) {
    // An unknown account answers like a wrong code: the reset does not reveal who has an account.
    case 'CodeMismatchException':
    case 'UserNotFoundException':
      return new IdentityError(RESET_PASSWORD_MESSAGES.codeMismatch, 'rejected', code);
    case 'ExpiredCodeException':
      return new IdentityError(RESET_PASSWORD_MESSAGES.expiredCode, 'rejected', code);
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return new IdentityError(RESET_PASSWORD_MESSAGES.limitExceeded, 'rejected', code);
    case 'InvalidPasswordException':
      return new IdentityError(passwordRuleMessage(serverMessage(error) ?? '') ?? RESET_PASSWORD_MESSAGES.weakPassword, 'rejected', code);
    default:
      return new IdentityError(RESET_PASSWORD_MESSAGES.fallback, isNetworkFailure(error) ? 'network' : 'rejected', code);
  }
}

export const RESEND_CODE_MESSAGES = {
  alreadyConfirmed: 'This account is already confirmed. Please sign in.',
  limitExceeded: RESET_PASSWORD_MESSAGES.limitExceeded,
  fallback: 'We could not send a new code. Please try again.',
} as const;

/** Cognito ResendConfirmationCode refusals. */
export function resendCodeError(error: unknown): IdentityError {
  if (error instanceof IdentityError) return error;
  const code = cognitoCode(error);
  if (code === 'LimitExceededException' || code === 'TooManyRequestsException') {
    return new IdentityError(RESEND_CODE_MESSAGES.limitExceeded, 'rejected', code);
  }
  if (code === 'InvalidParameterException' && /already confirmed/i.test(serverMessage(error) ?? '')) {
    return new IdentityError(RESEND_CODE_MESSAGES.alreadyConfirmed, 'rejected', code);
  }
  return new IdentityError(RESEND_CODE_MESSAGES.fallback, isNetworkFailure(error) ? 'network' : 'rejected', code);
}
