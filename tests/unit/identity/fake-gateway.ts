/** A fake `CognitoGateway` (the adapter over the Cognito SDK, a boundary we don't own) and its data. */
import { vi } from 'vitest';
import type { CognitoGateway, SessionTokens } from '../../../src/services/identity';

const HOUR = 60 * 60 * 1000;

export function tokens(now: number, overrides: Partial<SessionTokens> = {}): SessionTokens {
  return {
    accessToken: 'access-1',
    idToken: 'id-1',
    refreshToken: 'refresh-1',
    expiresAt: now + HOUR,
    idClaims: { sub: 'sub-123', email: 'ada@example.com', 'cognito:username': 'uuid-ada', email_verified: true },
    ...overrides,
  };
}

export function cognitoError(code: string, message: string) {
  return Object.assign(new Error(message), { code, name: code });
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function fakeGateway(overrides: Partial<CognitoGateway> = {}) {
  const stored = new Map<string, SessionTokens>();
  let last: string | null = null;
  const gateway: CognitoGateway = {
    lastUsername: () => last,
    storedTokens: (username) => stored.get(username) ?? null,
    authenticate: vi.fn<CognitoGateway['authenticate']>(),
    refresh: vi.fn<CognitoGateway['refresh']>(),
    signUp: vi.fn<CognitoGateway['signUp']>(),
    confirmSignUp: vi.fn<CognitoGateway['confirmSignUp']>(),
    resendConfirmationCode: vi.fn<CognitoGateway['resendConfirmationCode']>(),
    forgotPassword: vi.fn<CognitoGateway['forgotPassword']>(),
    confirmForgotPassword: vi.fn<CognitoGateway['confirmForgotPassword']>(),
    getMfaSettings: vi.fn<CognitoGateway['getMfaSettings']>(),
    associateSoftwareToken: vi.fn<CognitoGateway['associateSoftwareToken']>(),
    verifySoftwareToken: vi.fn<CognitoGateway['verifySoftwareToken']>(),
    setSoftwareTokenMfa: vi.fn<CognitoGateway['setSoftwareTokenMfa']>(),
    signOut: vi.fn<CognitoGateway['signOut']>(async (username) => {
      stored.delete(username);
      last = null;
    }),
    globalSignOut: vi.fn<CognitoGateway['globalSignOut']>(async () => {}),
    clearStoredTokens: vi.fn(() => {
      stored.clear();
      last = null;
    }),
    ...overrides,
  };
  return {
    gateway,
    store(username: string, value: SessionTokens) {
      stored.set(username, value);
      last = username;
    },
    stored,
  };
}
