// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { IdentityError, newPasswordError, refreshFailure, signInError } from '../../../src/services/identity/errors';
import { confirmError, isAlreadyConfirmed, signUpError } from '../../../src/services/identity/signUpAndResetErrors';

/** The shape amazon-cognito-identity-js rejects with: an Error whose `code` and `name` are the Cognito code. */
function cognito(code: string, message: string): Error {
  const error = new Error(message) as Error & { code: string };
  error.name = code;
  error.code = code;
  return error;
}

const networkError = () => Object.assign(new Error('Network error'), { code: 'NetworkError' });

describe('sign-in errors (SPEC §8)', () => {
  it.each([
    ['NotAuthorizedException', 'Incorrect username or password.'],
    ['UserNotFoundException', 'User does not exist.'],
    ['InvalidPasswordException', 'Invalid password'],
  ])('%s reads as a credentials failure', (code, message) => {
    const mapped = signInError(cognito(code, message));
    expect(mapped.message).toBe('Sign in failed. Please check your credentials.');
    expect(mapped.kind).toBe('auth');
  });

  it('an unconfirmed account is asked to confirm its email', () => {
    expect(signInError(cognito('UserNotConfirmedException', 'User is not confirmed.')).message).toBe(
      'Please check your email and confirm your account before signing in.',
    );
  });

  it('a sign-in while another user is signed in is refused', () => {
    expect(signInError(cognito('UserAlreadyAuthenticatedException', 'x')).message).toBe('There is already a signed in user.');
  });

  it('otherwise the server message, or the fallback', () => {
    expect(signInError(cognito('TooManyRequestsException', 'Rate exceeded')).message).toBe('Rate exceeded');
    expect(signInError({}).message).toBe('An error occurred during sign in');
    expect(signInError(networkError()).kind).toBe('network');
  });

  it('keeps an IdentityError as it is', () => {
    const error = new IdentityError('As is', 'rejected');
    expect(signInError(error)).toBe(error);
  });
});

describe('sign-up errors (SPEC §8)', () => {
  it.each([
    [
      'Password did not conform with policy: Password must have uppercase characters',
      'Password must contain at least one uppercase letter',
    ],
    [
      'Password did not conform with policy: Password must have lowercase characters',
      'Password must contain at least one lowercase letter',
    ],
    ['Password did not conform with policy: Password must have numeric characters', 'Password must contain at least one number'],
    ['Password did not conform with policy: Password must have symbol characters', 'Password must contain at least one special character'],
  ])('InvalidPasswordException "%s" maps to the rule message', (text, expected) => {
    expect(signUpError(cognito('InvalidPasswordException', text)).message).toBe(expected);
  });

  it('any other password refusal reads as the generic requirements message', () => {
    expect(signUpError(cognito('InvalidPasswordException', 'Password did not conform with policy: Password not long enough')).message).toBe(
      'Password does not meet security requirements. Please check the password requirements above.',
    );
  });

  it('configuration errors name the identity service configuration', () => {
    const notFound = signUpError(cognito('ResourceNotFoundException', 'User pool client abc does not exist.'));
    expect(notFound.kind).toBe('config');
    expect(notFound.message).toMatch(/identity service is not configured correctly/);
    const badClient = signUpError(cognito('InvalidParameterException', 'USER_PASSWORD_AUTH flow not enabled for this client'));
    expect(badClient.kind).toBe('config');
    expect(badClient.message).toMatch(/identity service is not configured correctly/);
  });

  it('an invalid attribute keeps its server message; anything else falls back', () => {
    expect(signUpError(cognito('InvalidParameterException', 'Invalid phone number format.')).message).toBe('Invalid phone number format.');
    expect(signUpError(cognito('InternalErrorException', 'boom')).message).toBe('An error occurred during sign up');
    expect(signUpError('weird').message).toBe('An error occurred during sign up');
  });
});

describe('confirm-code errors (SPEC §8)', () => {
  it('the server message, or the fallback', () => {
    expect(confirmError(cognito('CodeMismatchException', 'Invalid verification code provided, please try again.')).message).toBe(
      'Invalid verification code provided, please try again.',
    );
    expect(confirmError(cognito('CodeMismatchException', '')).message).toBe('Invalid confirmation code. Please try again.');
    expect(confirmError(undefined).message).toBe('Invalid confirmation code. Please try again.');
  });

  it('recognises an account that is already confirmed', () => {
    expect(isAlreadyConfirmed(cognito('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'))).toBe(true);
    expect(isAlreadyConfirmed(cognito('NotAuthorizedException', 'Incorrect username or password.'))).toBe(false);
    expect(isAlreadyConfirmed(cognito('CodeMismatchException', 'Current status is CONFIRMED'))).toBe(false);
  });
});

describe('new-password errors (SPEC §8)', () => {
  it('maps a password policy refusal, an expired challenge session and anything else', () => {
    expect(newPasswordError(cognito('InvalidPasswordException', 'Password does not conform')).message).toBe(
      'Password does not meet security requirements. Please check the requirements and try again.',
    );
    expect(newPasswordError(cognito('NotAuthorizedException', 'Invalid session for the user, session is expired.')).message).toBe(
      'Failed to set new password. Please try again.',
    );
    expect(newPasswordError(cognito('InternalErrorException', 'boom')).message).toBe('An error occurred while setting your new password');
  });
});

describe('refresh failures', () => {
  it('tells a network failure (keep the session) from a refusal (end it)', () => {
    expect(refreshFailure(networkError()).kind).toBe('network');
    expect(refreshFailure(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(refreshFailure(cognito('TooManyRequestsException', 'Rate exceeded')).kind).toBe('network');
    expect(refreshFailure(cognito('NotAuthorizedException', 'Refresh Token has been revoked')).kind).toBe('auth');
    expect(refreshFailure(cognito('NotAuthorizedException', 'Refresh Token has been revoked')).message).toBe(
      'Refresh Token has been revoked',
    );
  });
});
