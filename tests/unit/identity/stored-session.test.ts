/**
 * The stored session read without the Cognito SDK: the same keys the SDK writes, the same claims
 * its token classes decode (UTF-8 payloads, base64url), and "no session" for missing pieces.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createStoredSession, decodeJwtPayload } from '../../../src/services/identity/storedSession';
import { createStorage } from '../../../src/services/storage';

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'RS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const prefix = 'CognitoIdentityServiceProvider.client123';

describe('stored session (no SDK)', () => {
  beforeEach(() => sessionStorage.clear());

  it('decodes payloads like the SDK: UTF-8, base64url, {} when unreadable', () => {
    const claims = { sub: 'sub-1', name: 'Zoë Ångström 🚧', exp: 1_900_000_000 };
    expect(decodeJwtPayload(jwt(claims))).toEqual(claims);
    expect(decodeJwtPayload(jwt(claims))).toEqual(JSON.parse(Buffer.from(jwt(claims).split('.')[1] ?? '', 'base64').toString('utf8')));
    expect(decodeJwtPayload('not-a-jwt')).toEqual({});
    expect(decodeJwtPayload('a.%%%.c')).toEqual({});
  });

  it('reads the last user and their tokens from the SDK keys, and clears them', () => {
    const storage = createStorage(window);
    const stored = createStoredSession('client123', storage.tokens);
    expect(stored.lastUsername()).toBeNull();

    const idToken = jwt({ sub: 'sub-1', exp: 2000, email: 'ada@example.com' });
    const accessToken = jwt({ sub: 'sub-1', exp: 1900 });
    sessionStorage.setItem(`${prefix}.LastAuthUser`, 'ada@example.com');
    sessionStorage.setItem(`${prefix}.ada@example.com.idToken`, idToken);
    sessionStorage.setItem(`${prefix}.ada@example.com.accessToken`, accessToken);
    expect(stored.lastUsername()).toBe('ada@example.com');
    expect(stored.storedTokens('ada@example.com')).toBeNull();

    sessionStorage.setItem(`${prefix}.ada@example.com.refreshToken`, 'refresh-1');
    sessionStorage.setItem(`${prefix}.ada@example.com.clockDrift`, '-5');
    expect(stored.storedTokens('ada@example.com')).toEqual({
      accessToken,
      idToken,
      refreshToken: 'refresh-1',
      expiresAt: (1900 - 5) * 1000,
      idClaims: { sub: 'sub-1', exp: 2000, email: 'ada@example.com' },
    });
    expect(createStoredSession('other-client', storage.tokens).lastUsername()).toBeNull();

    sessionStorage.setItem('unrelated', 'kept');
    stored.clearStoredTokens();
    expect(stored.lastUsername()).toBeNull();
    expect(Object.keys(sessionStorage)).toEqual(['unrelated']);
  });
});
