// @vitest-environment node
/**
 * Turning two-factor sign-in (the authenticator app) on and off, over a fake gateway: which calls
 * go to the pool with which token, the otpauth:// URI, and the messages of every failure.
 */
import { describe, expect, it, vi } from 'vitest';
import { createIdentityServiceWith, IdentityError } from '../../../src/services/identity';
import { TWO_FACTOR_MESSAGES } from '../../../src/services/identity/twoFactorErrors';
import { otpauthUri } from '../../../src/services/identity/totp';
import { cognitoError, fakeGateway, tokens } from './fake-gateway';

const NOW = 1_000_000;
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

function signedIn() {
  const fake = fakeGateway();
  fake.store('ada@example.com', tokens(NOW));
  const identity = createIdentityServiceWith(fake.gateway, { now: () => NOW });
  return { fake, identity, gateway: vi.mocked(fake.gateway) };
}

describe('otpauthUri', () => {
  it('names the issuer and the account, percent-encoded, with the secret', () => {
    expect(otpauthUri('ada@example.com', SECRET)).toBe(`otpauth://totp/Hardline:ada%40example.com?secret=${SECRET}&issuer=Hardline`);
    expect(otpauthUri('a b+c@x.io', 'ABC', 'Hard line')).toBe('otpauth://totp/Hard%20line:a%20b%2Bc%40x.io?secret=ABC&issuer=Hard%20line');
  });
});

describe('two-factor status', () => {
  it('is on when GetUser lists SOFTWARE_TOKEN_MFA or prefers it', async () => {
    const { identity, gateway } = signedIn();
    gateway.getMfaSettings.mockResolvedValueOnce({ enabledMethods: ['SOFTWARE_TOKEN_MFA'], preferred: 'SOFTWARE_TOKEN_MFA' });
    expect(await identity.getTwoFactorStatus()).toEqual({ enabled: true });
    expect(gateway.getMfaSettings).toHaveBeenCalledWith('access-1');

    gateway.getMfaSettings.mockResolvedValueOnce({ enabledMethods: [], preferred: 'SOFTWARE_TOKEN_MFA' });
    expect(await identity.getTwoFactorStatus()).toEqual({ enabled: true });
  });

  it('is off without it (nothing set, or SMS only)', async () => {
    const { identity, gateway } = signedIn();
    gateway.getMfaSettings.mockResolvedValueOnce({ enabledMethods: [], preferred: null });
    expect(await identity.getTwoFactorStatus()).toEqual({ enabled: false });
    gateway.getMfaSettings.mockResolvedValueOnce({ enabledMethods: ['SMS_MFA'], preferred: 'SMS_MFA' });
    expect(await identity.getTwoFactorStatus()).toEqual({ enabled: false });
  });

  it('asks nothing of the pool without a session', async () => {
    const fake = fakeGateway();
    const identity = createIdentityServiceWith(fake.gateway);
    await expect(identity.getTwoFactorStatus()).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.sessionExpired, kind: 'auth' });
    expect(fake.gateway.getMfaSettings).not.toHaveBeenCalled();
  });

  it('refreshes a token close to expiry first, and uses the new one', async () => {
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(NOW, { expiresAt: NOW + 60_000 }));
    vi.mocked(fake.gateway.refresh).mockResolvedValue(tokens(NOW, { accessToken: 'access-2' }));
    vi.mocked(fake.gateway.getMfaSettings).mockResolvedValue({ enabledMethods: [], preferred: null });
    const identity = createIdentityServiceWith(fake.gateway, { now: () => NOW });
    await identity.getTwoFactorStatus();
    expect(fake.gateway.getMfaSettings).toHaveBeenCalledWith('access-2');
  });

  it('says the session is over when the refresh is refused, and that the service is unreachable on a network failure', async () => {
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(NOW, { expiresAt: NOW + 60_000 }));
    vi.mocked(fake.gateway.refresh).mockRejectedValueOnce(Object.assign(new TypeError('Failed to fetch')));
    const identity = createIdentityServiceWith(fake.gateway, { now: () => NOW });
    await expect(identity.getTwoFactorStatus()).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.network, kind: 'network' });
    vi.mocked(fake.gateway.refresh).mockRejectedValueOnce(cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'));
    await expect(identity.getTwoFactorStatus()).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.sessionExpired, kind: 'auth' });
    expect(fake.gateway.getMfaSettings).not.toHaveBeenCalled();
  });

  it('maps a refused token, a network failure and anything else to messages (never the raw error)', async () => {
    const { identity, gateway } = signedIn();
    gateway.getMfaSettings.mockRejectedValueOnce(cognitoError('NotAuthorizedException', 'Access Token has expired'));
    await expect(identity.getTwoFactorStatus()).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.sessionExpired, kind: 'auth' });
    gateway.getMfaSettings.mockRejectedValueOnce(Object.assign(new Error('Network error'), { code: 'NetworkError' }));
    await expect(identity.getTwoFactorStatus()).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.network, kind: 'network' });
    gateway.getMfaSettings.mockRejectedValueOnce(cognitoError('InternalErrorException', 'boom'));
    const failure = await identity.getTwoFactorStatus().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdentityError);
    expect(failure).toMatchObject({ message: TWO_FACTOR_MESSAGES.loadFallback, kind: 'rejected', code: 'InternalErrorException' });
  });
});

describe('turning two-factor sign-in on', () => {
  it('associates a secret and gives its otpauth:// URI for the signed-in email', async () => {
    const { identity, gateway } = signedIn();
    gateway.associateSoftwareToken.mockResolvedValue(SECRET);
    expect(await identity.startTwoFactorSetup()).toEqual({
      secret: SECRET,
      uri: `otpauth://totp/Hardline:ada%40example.com?secret=${SECRET}&issuer=Hardline`,
      account: 'ada@example.com',
    });
    expect(gateway.associateSoftwareToken).toHaveBeenCalledWith('access-1');
  });

  it('verifies the code, then turns the app on (and preferred)', async () => {
    const { identity, gateway } = signedIn();
    gateway.verifySoftwareToken.mockResolvedValue();
    gateway.setSoftwareTokenMfa.mockResolvedValue();
    await identity.enableTwoFactor({ code: ' 123456 ' });
    expect(gateway.verifySoftwareToken).toHaveBeenCalledWith('access-1', '123456');
    expect(gateway.setSoftwareTokenMfa).toHaveBeenCalledWith('access-1', true);
    expect(gateway.verifySoftwareToken.mock.invocationCallOrder[0]).toBeLessThan(
      gateway.setSoftwareTokenMfa.mock.invocationCallOrder[0] ?? 0,
    );
  });

  it('turns nothing on after a wrong code (either way Cognito or the emulator says it)', async () => {
    const { identity, gateway } = signedIn();
    gateway.verifySoftwareToken.mockRejectedValueOnce(
      cognitoError('EnableSoftwareTokenMFAException', 'Code mismatch and fail enable Software Token MFA'),
    );
    await expect(identity.enableTwoFactor({ code: '000000' })).rejects.toMatchObject({
      message: TWO_FACTOR_MESSAGES.wrongCode,
      kind: 'rejected',
    });
    gateway.verifySoftwareToken.mockRejectedValueOnce(cognitoError('CodeMismatchException', 'Incorrect confirmation code'));
    await expect(identity.enableTwoFactor({ code: '000000' })).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongCode });
    expect(gateway.setSoftwareTokenMfa).not.toHaveBeenCalled();
    expect(TWO_FACTOR_MESSAGES.wrongCode).toBe('That code is not right. Check your authenticator app and try again.');
  });

  it('refuses an empty code without asking the pool', async () => {
    const { identity, gateway } = signedIn();
    await expect(identity.enableTwoFactor({ code: '  ' })).rejects.toMatchObject({ kind: 'rejected' });
    expect(gateway.verifySoftwareToken).not.toHaveBeenCalled();
  });

  it('says to start again when the pool has no secret to check, and maps the other failures', async () => {
    const { identity, gateway } = signedIn();
    gateway.verifySoftwareToken.mockRejectedValueOnce(
      cognitoError('InvalidParameterException', 'User has not associated a software token'),
    );
    await expect(identity.enableTwoFactor({ code: '123456' })).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.setupMissing });
    gateway.verifySoftwareToken.mockResolvedValue();
    gateway.setSoftwareTokenMfa.mockRejectedValueOnce(cognitoError('LimitExceededException', 'Attempt limit exceeded'));
    await expect(identity.enableTwoFactor({ code: '123456' })).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.limitExceeded });
    gateway.setSoftwareTokenMfa.mockRejectedValueOnce(cognitoError('InternalErrorException', 'boom'));
    await expect(identity.enableTwoFactor({ code: '123456' })).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.enableFallback });
    gateway.associateSoftwareToken.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(identity.startTwoFactorSetup()).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.network, kind: 'network' });
    gateway.associateSoftwareToken.mockRejectedValueOnce(cognitoError('InternalErrorException', 'boom'));
    await expect(identity.startTwoFactorSetup()).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.setupFallback });
  });
});

describe('turning two-factor sign-in off', () => {
  it('checks a current code first, then turns the app off, without associating a new secret', async () => {
    const { identity, gateway } = signedIn();
    gateway.verifySoftwareToken.mockResolvedValue();
    gateway.setSoftwareTokenMfa.mockResolvedValue();
    await identity.disableTwoFactor({ code: '654321' });
    expect(gateway.verifySoftwareToken).toHaveBeenCalledWith('access-1', '654321');
    expect(gateway.setSoftwareTokenMfa).toHaveBeenCalledWith('access-1', false);
    expect(gateway.associateSoftwareToken).not.toHaveBeenCalled();
  });

  it('keeps it on after a wrong code', async () => {
    const { identity, gateway } = signedIn();
    gateway.verifySoftwareToken.mockRejectedValue(cognitoError('CodeMismatchException', 'Incorrect confirmation code'));
    await expect(identity.disableTwoFactor({ code: '000000' })).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.wrongCode });
    expect(gateway.setSoftwareTokenMfa).not.toHaveBeenCalled();
  });

  it('says so when turning it off fails after the code was right', async () => {
    const { identity, gateway } = signedIn();
    gateway.verifySoftwareToken.mockResolvedValue();
    gateway.setSoftwareTokenMfa.mockRejectedValue(cognitoError('InternalErrorException', 'boom'));
    await expect(identity.disableTwoFactor({ code: '123456' })).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.disableFallback });
  });
});
