// @vitest-environment node
/**
 * Password reset through the identity service over a fake gateway: the request never tells whether
 * an account exists, and each refusal of Cognito ConfirmForgotPassword has its own message.
 */
import { describe, expect, it, vi } from 'vitest';
import { createIdentityServiceWith, IdentityError } from '../../../src/services/identity';
import { RESET_PASSWORD_MESSAGES } from '../../../src/services/identity/signUpAndResetErrors';
import { cognitoError, fakeGateway } from './fake-gateway';

const EMAIL = 'ada@example.com';

describe('requestPasswordReset', () => {
  it('asks the pool for a code with the trimmed email', async () => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.forgotPassword).mockResolvedValue(undefined);
    await createIdentityServiceWith(fake.gateway).requestPasswordReset({ email: `  ${EMAIL} ` });
    expect(fake.gateway.forgotPassword).toHaveBeenCalledWith(EMAIL);
  });

  it.each([
    ['UserNotFoundException', 'Username/client id combination not found.'],
    ['InvalidParameterException', 'Cannot reset password for the user as there is no registered/verified email'],
  ])('answers %s like a code that was sent (no account is revealed)', async (code, message) => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.forgotPassword).mockRejectedValue(cognitoError(code, message));
    await expect(createIdentityServiceWith(fake.gateway).requestPasswordReset({ email: EMAIL })).resolves.toBeUndefined();
  });

  it('says to wait when the pool limits the attempts', async () => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.forgotPassword).mockRejectedValue(cognitoError('LimitExceededException', 'Attempt limit exceeded'));
    await expect(createIdentityServiceWith(fake.gateway).requestPasswordReset({ email: EMAIL })).rejects.toMatchObject({
      message: RESET_PASSWORD_MESSAGES.limitExceeded,
      code: 'LimitExceededException',
    });
  });

  it('reports an unreachable pool as a network failure', async () => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.forgotPassword).mockRejectedValue(cognitoError('NetworkError', 'Network error'));
    const error = await createIdentityServiceWith(fake.gateway)
      .requestPasswordReset({ email: EMAIL })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdentityError);
    expect(error).toMatchObject({ kind: 'network', message: RESET_PASSWORD_MESSAGES.requestFallback });
  });

  it('refuses a blank email without calling the pool', async () => {
    const fake = fakeGateway();
    await expect(createIdentityServiceWith(fake.gateway).requestPasswordReset({ email: ' ' })).rejects.toBeInstanceOf(IdentityError);
    expect(fake.gateway.forgotPassword).not.toHaveBeenCalled();
  });
});

describe('confirmPasswordReset', () => {
  it('sends the trimmed email and code with the new password', async () => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.confirmForgotPassword).mockResolvedValue(undefined);
    await createIdentityServiceWith(fake.gateway).confirmPasswordReset({
      email: ` ${EMAIL}`,
      code: ' 123456 ',
      newPassword: 'Brand#New2026',
    });
    expect(fake.gateway.confirmForgotPassword).toHaveBeenCalledWith(EMAIL, '123456', 'Brand#New2026');
  });

  it.each([
    ['CodeMismatchException', 'Invalid verification code provided, please try again.', RESET_PASSWORD_MESSAGES.codeMismatch],
    ['UserNotFoundException', 'Username/client id combination not found.', RESET_PASSWORD_MESSAGES.codeMismatch],
    ['ExpiredCodeException', 'Invalid code provided, please request a code again.', RESET_PASSWORD_MESSAGES.expiredCode],
    ['LimitExceededException', 'Attempt limit exceeded, please try after some time.', RESET_PASSWORD_MESSAGES.limitExceeded],
    [
      'InvalidPasswordException',
      'Password does not conform to policy: Password must have uppercase characters',
      'Password must contain at least one uppercase letter',
    ],
    ['InvalidPasswordException', 'Password does not conform to policy', RESET_PASSWORD_MESSAGES.weakPassword],
    ['InternalErrorException', 'boom', RESET_PASSWORD_MESSAGES.fallback],
  ])('maps %s (%s) to its message', async (code, text, message) => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.confirmForgotPassword).mockRejectedValue(cognitoError(code, text));
    await expect(
      createIdentityServiceWith(fake.gateway).confirmPasswordReset({ email: EMAIL, code: '123456', newPassword: 'Brand#New2026' }),
    ).rejects.toMatchObject({ message, code });
  });

  it('refuses a blank code or password without calling the pool', async () => {
    const fake = fakeGateway();
    const identity = createIdentityServiceWith(fake.gateway);
    await expect(identity.confirmPasswordReset({ email: EMAIL, code: ' ', newPassword: 'Brand#New2026' })).rejects.toBeInstanceOf(
      IdentityError,
    );
    await expect(identity.confirmPasswordReset({ email: EMAIL, code: '123456', newPassword: '' })).rejects.toBeInstanceOf(IdentityError);
    expect(fake.gateway.confirmForgotPassword).not.toHaveBeenCalled();
  });
});
