/**
 * The two-factor calls of the real identity service (amazon-cognito-identity-js inside) against a
 * fake Cognito endpoint (`fetch`, the boundary we don't own): the operations, their bodies, the
 * access token of the session, and what the answers become.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../../src/services/config';
import { createIdentityService } from '../../../src/services/identity';
import { TWO_FACTOR_MESSAGES } from '../../../src/services/identity/twoFactorErrors';
import { createStorage } from '../../../src/services/storage';

const config: AppConfig = {
  apiBaseUrl: 'http://127.0.0.1:8787',
  cognito: {
    userPoolId: 'local_pool1',
    clientId: 'client123',
    endpoint: 'http://127.0.0.1:9229',
    region: 'local',
    authFlow: 'USER_PASSWORD_AUTH',
  },
  stripePublishableKey: 'pk_test_x',
  trustedOrigins: [],
};

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const iat = Math.floor(Date.now() / 1000);
const ACCESS = jwt({ sub: 'sub-1', iat, exp: iat + 3600, username: 'ada@example.com' });
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

interface Call {
  target: string;
  body: Record<string, unknown>;
}

type Reply = { status: number; data: unknown };

describe('two-factor calls over the Cognito SDK', () => {
  let calls: Call[];
  let answers: Record<string, Reply>;

  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    calls = [];
    answers = {};
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        const target = (headers['X-Amz-Target'] ?? '').replace('AWSCognitoIdentityProviderService.', '');
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        calls.push({ target, body });
        const reply =
          target === 'InitiateAuth'
            ? {
                status: 200,
                data: {
                  AuthenticationResult: {
                    AccessToken: ACCESS,
                    IdToken: jwt({ sub: 'sub-1', iat, exp: iat + 3600, email: 'ada@example.com', 'cognito:username': 'sub-1' }),
                    RefreshToken: 'refresh-1',
                  },
                  ChallengeParameters: {},
                },
              }
            : (answers[target] ?? { status: 400, data: { __type: 'InvalidParameterException', message: `unexpected ${target}` } });
        return new Response(JSON.stringify(reply.data), {
          status: reply.status,
          headers: { 'content-type': 'application/x-amz-json-1.1' },
        });
      }),
    );
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  async function signIn() {
    const identity = createIdentityService(config, createStorage(window));
    await identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' });
    return identity;
  }

  it('reads the status with GetUser and the access token', async () => {
    const identity = await signIn();
    answers.GetUser = {
      status: 200,
      data: {
        Username: 'sub-1',
        UserAttributes: [],
        UserMFASettingList: ['SOFTWARE_TOKEN_MFA'],
        PreferredMfaSetting: 'SOFTWARE_TOKEN_MFA',
      },
    };
    expect(await identity.getTwoFactorStatus()).toEqual({ enabled: true });
    expect(calls.at(-1)).toEqual({ target: 'GetUser', body: { AccessToken: ACCESS } });
    // cognito-local leaves both fields out for a user without multi-factor methods.
    answers.GetUser = { status: 200, data: { Username: 'sub-1', UserAttributes: [] } };
    expect(await identity.getTwoFactorStatus()).toEqual({ enabled: false });
  });

  it('sets up: AssociateSoftwareToken, then VerifySoftwareToken with the code, then SetUserMFAPreference on', async () => {
    const identity = await signIn();
    answers.AssociateSoftwareToken = { status: 200, data: { SecretCode: SECRET } };
    answers.VerifySoftwareToken = { status: 200, data: { Status: 'SUCCESS' } };
    answers.SetUserMFAPreference = { status: 200, data: {} };
    const setup = await identity.startTwoFactorSetup();
    expect(setup.uri).toBe(`otpauth://totp/Hardline:ada%40example.com?secret=${SECRET}&issuer=Hardline`);
    await identity.enableTwoFactor({ code: '123456' });
    expect(calls.slice(1)).toEqual([
      { target: 'AssociateSoftwareToken', body: { AccessToken: ACCESS } },
      { target: 'VerifySoftwareToken', body: { AccessToken: ACCESS, UserCode: '123456' } },
      { target: 'SetUserMFAPreference', body: { AccessToken: ACCESS, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } } },
    ]);
  });

  it('turns off: VerifySoftwareToken with a current code, then SetUserMFAPreference off', async () => {
    const identity = await signIn();
    answers.VerifySoftwareToken = { status: 200, data: { Status: 'SUCCESS' } };
    answers.SetUserMFAPreference = { status: 200, data: {} };
    await identity.disableTwoFactor({ code: '654321' });
    expect(calls.slice(1).map((c) => c.target)).toEqual(['VerifySoftwareToken', 'SetUserMFAPreference']);
    expect(calls.at(-1)?.body).toEqual({ AccessToken: ACCESS, SoftwareTokenMfaSettings: { Enabled: false, PreferredMfa: false } });
  });

  it('answers a wrong code, a Status ERROR and an answer without a secret with messages', async () => {
    const identity = await signIn();
    answers.VerifySoftwareToken = { status: 400, data: { __type: 'EnableSoftwareTokenMFAException', message: 'Code mismatch' } };
    await expect(identity.enableTwoFactor({ code: '000000' })).rejects.toThrow(TWO_FACTOR_MESSAGES.wrongCode);
    answers.VerifySoftwareToken = { status: 200, data: { Status: 'ERROR' } };
    await expect(identity.disableTwoFactor({ code: '000000' })).rejects.toThrow(TWO_FACTOR_MESSAGES.wrongCode);
    expect(calls.some((c) => c.target === 'SetUserMFAPreference')).toBe(false);
    answers.AssociateSoftwareToken = { status: 200, data: {} };
    await expect(identity.startTwoFactorSetup()).rejects.toThrow(TWO_FACTOR_MESSAGES.setupFallback);
  });

  it('reports an unreachable pool as a network failure', async () => {
    const identity = await signIn();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(identity.getTwoFactorStatus()).rejects.toMatchObject({ message: TWO_FACTOR_MESSAGES.network, kind: 'network' });
  });
});
