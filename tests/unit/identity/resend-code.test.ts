// @vitest-environment node
/** Resending the sign-up confirmation code (Cognito ResendConfirmationCode) over a fake gateway. */
import { describe, expect, it, vi } from 'vitest';
import { createIdentityServiceWith, IdentityError } from '../../../src/services/identity';
import { RESEND_CODE_MESSAGES } from '../../../src/services/identity/signUpAndResetErrors';
import { cognitoError, fakeGateway } from './fake-gateway';

describe('resendConfirmationCode', () => {
  it('asks the pool for a new code with the trimmed email', async () => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.resendConfirmationCode).mockResolvedValue(undefined);
    await createIdentityServiceWith(fake.gateway).resendConfirmationCode({ email: ' ada@example.com ' });
    expect(fake.gateway.resendConfirmationCode).toHaveBeenCalledWith('ada@example.com');
  });

  it.each([
    ['LimitExceededException', 'Attempt limit exceeded, please try after some time.', RESEND_CODE_MESSAGES.limitExceeded],
    ['InvalidParameterException', 'User is already confirmed.', RESEND_CODE_MESSAGES.alreadyConfirmed],
    ['InternalErrorException', 'boom', RESEND_CODE_MESSAGES.fallback],
  ])('maps %s (%s) to its message', async (code, text, message) => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.resendConfirmationCode).mockRejectedValue(cognitoError(code, text));
    await expect(createIdentityServiceWith(fake.gateway).resendConfirmationCode({ email: 'ada@example.com' })).rejects.toMatchObject({
      message,
      code,
    });
  });

  it('refuses a blank email without calling the pool', async () => {
    const fake = fakeGateway();
    await expect(createIdentityServiceWith(fake.gateway).resendConfirmationCode({ email: '' })).rejects.toBeInstanceOf(IdentityError);
    expect(fake.gateway.resendConfirmationCode).not.toHaveBeenCalled();
  });
});
