// @vitest-environment node
/** The SOFTWARE_TOKEN_MFA step of sign-in over a fake gateway: answered, retried, expired. */
import { describe, expect, it, vi } from 'vitest';
import { createIdentityServiceWith, type AuthOutcome } from '../../../src/services/identity';
import { MFA_MESSAGES, SIGN_IN_MESSAGES } from '../../../src/services/identity/errors';
import { cognitoError, fakeGateway, tokens } from './fake-gateway';

const EMAIL = 'ada@example.com';

function totpSignIn(answer: (code: string) => Promise<AuthOutcome>, now = () => 1_000_000) {
  const fake = fakeGateway();
  vi.mocked(fake.gateway.authenticate).mockResolvedValue({ kind: 'totp', answer });
  return { fake, identity: createIdentityServiceWith(fake.gateway, { now }) };
}

describe('answerTotp', () => {
  it('asks for the code, then signs in with it', async () => {
    const answer = vi.fn(async () => ({ kind: 'session', tokens: tokens(1_000_000) }) as const);
    const { identity } = totpSignIn(answer);
    expect(await identity.signIn({ username: EMAIL, password: 'Hardline#2026' })).toEqual({ kind: 'totpRequired' });
    const user = await identity.answerTotp({ code: ' 123456 ' });
    expect(answer).toHaveBeenCalledWith('123456');
    expect(user.email).toBe(EMAIL);
    expect(await identity.getAccessToken()).toBe('access-1');
  });

  it('lets a wrong code be tried again', async () => {
    const answer = vi
      .fn<(code: string) => Promise<AuthOutcome>>()
      .mockRejectedValueOnce(cognitoError('CodeMismatchException', 'Invalid code received for user'))
      .mockResolvedValueOnce({ kind: 'session', tokens: tokens(1_000_000) });
    const { identity } = totpSignIn(answer);
    await identity.signIn({ username: EMAIL, password: 'Hardline#2026' });
    await expect(identity.answerTotp({ code: '000000' })).rejects.toMatchObject({ message: MFA_MESSAGES.wrongCode, kind: 'rejected' });
    expect((await identity.answerTotp({ code: '123456' })).email).toBe(EMAIL);
  });

  it('expires after 3 minutes without asking the pool', async () => {
    let now = 1_000_000;
    const answer = vi.fn<(code: string) => Promise<AuthOutcome>>();
    const { identity } = totpSignIn(answer, () => now);
    await identity.signIn({ username: EMAIL, password: 'Hardline#2026' });
    now += 3 * 60 * 1000;
    await expect(identity.answerTotp({ code: '123456' })).rejects.toMatchObject({ message: MFA_MESSAGES.expired, kind: 'auth' });
    expect(answer).not.toHaveBeenCalled();
  });

  it('ends the challenge when the pool refuses its session', async () => {
    const answer = vi
      .fn<(code: string) => Promise<AuthOutcome>>()
      .mockRejectedValue(cognitoError('NotAuthorizedException', 'Invalid session'));
    const { identity } = totpSignIn(answer);
    await identity.signIn({ username: EMAIL, password: 'Hardline#2026' });
    await expect(identity.answerTotp({ code: '123456' })).rejects.toMatchObject({ message: MFA_MESSAGES.expired });
    await expect(identity.answerTotp({ code: '123456' })).rejects.toMatchObject({ code: 'ChallengeExpired' });
    expect(answer).toHaveBeenCalledTimes(1);
  });

  it('keeps the SPEC message for multi-factor steps it cannot answer, and refuses a code then', async () => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.authenticate).mockResolvedValue({ kind: 'mfa' });
    const identity = createIdentityServiceWith(fake.gateway);
    expect(await identity.signIn({ username: EMAIL, password: 'Hardline#2026' })).toEqual({ kind: 'mfa' });
    await expect(identity.answerTotp({ code: '123456' })).rejects.toMatchObject({ code: 'ChallengeExpired' });
    expect(SIGN_IN_MESSAGES.mfa).toBe('Multi-factor authentication required. Please set up or enter your authenticator code.');
  });
});
