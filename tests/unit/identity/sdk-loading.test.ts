/**
 * The identity SDK is a chunk fetched on first use (`import('./cognito')`). When that chunk cannot
 * be fetched (the network is a boundary we don't own; simulated by a module factory that throws), a
 * sign-in fails as a network failure, the next attempt fetches again, and signing out still leaves
 * nothing stored. Sign-up and password reset (`import('./signUpAndReset')`) are fetched on first use
 * the same way.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../../src/services/config';
import { createStorage } from '../../../src/services/storage';
import { fakeGateway } from './fake-gateway';

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

afterEach(() => {
  vi.doUnmock('../../../src/services/identity/cognito');
  vi.doUnmock('../../../src/services/identity/signUpAndReset');
  vi.resetModules();
  sessionStorage.clear();
});

describe('identity SDK loading', () => {
  it('reports a chunk that fails to arrive as a network failure, retries it, and still signs out', async () => {
    let attempts = 0;
    vi.doMock('../../../src/services/identity/cognito', () => {
      attempts += 1;
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    const { createIdentityService, IdentityError } = await import('../../../src/services/identity');
    const identity = createIdentityService(config, createStorage(window));

    await identity.preload();
    const failure = await identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdentityError);
    expect(failure).toMatchObject({ kind: 'network', code: 'NetworkError' });
    expect(attempts).toBeGreaterThanOrEqual(2);

    sessionStorage.setItem('CognitoIdentityServiceProvider.client123.LastAuthUser', 'ada@example.com');
    sessionStorage.setItem('CognitoIdentityServiceProvider.client123.ada@example.com.refreshToken', 'refresh-1');
    await identity.signOut();
    expect(sessionStorage.length).toBe(0);
  });

  it("reports sign-up and reset code that fails to arrive as that call's network failure, and fetches it again next time", async () => {
    let attempts = 0;
    vi.doMock('../../../src/services/identity/signUpAndReset', async (importOriginal) => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return importOriginal();
    });
    const { createIdentityServiceWith, IdentityError } = await import('../../../src/services/identity');
    const fake = fakeGateway();
    vi.mocked(fake.gateway.forgotPassword).mockResolvedValue(undefined);
    const identity = createIdentityServiceWith(fake.gateway);

    const failure = await identity.requestPasswordReset({ email: 'ada@example.com' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(IdentityError);
    expect(failure).toMatchObject({
      kind: 'network',
      message: 'The identity service could not be reached. Check your connection and try again.',
    });
    expect(fake.gateway.forgotPassword).not.toHaveBeenCalled();

    await identity.requestPasswordReset({ email: 'ada@example.com' });
    expect(attempts).toBe(2);
    expect(fake.gateway.forgotPassword).toHaveBeenCalledWith('ada@example.com');
  });

  it('knows whether the tab holds a session without loading the SDK', async () => {
    let loaded = 0;
    vi.doMock('../../../src/services/identity/cognito', () => {
      loaded += 1;
      throw new TypeError('the SDK must not be loaded');
    });
    const { createIdentityService } = await import('../../../src/services/identity');
    const identity = createIdentityService(config, createStorage(window));
    expect(identity.hasStoredSession()).toBe(false);
    expect(await identity.getCurrentSession()).toBeNull();
    expect(await identity.getAccessToken()).toBeNull();

    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = (claims: object) => `${encode({ alg: 'RS256' })}.${encode(claims)}.sig`;
    const prefix = 'CognitoIdentityServiceProvider.client123';
    sessionStorage.setItem(`${prefix}.LastAuthUser`, 'ada@example.com');
    sessionStorage.setItem(`${prefix}.ada@example.com.idToken`, token({ sub: 'sub-1', email: 'ada@example.com', exp }));
    sessionStorage.setItem(`${prefix}.ada@example.com.accessToken`, token({ sub: 'sub-1', exp }));
    sessionStorage.setItem(`${prefix}.ada@example.com.refreshToken`, 'refresh-1');
    const reloaded = createIdentityService(config, createStorage(window));
    expect(reloaded.hasStoredSession()).toBe(true);
    expect((await reloaded.getCurrentSession())?.email).toBe('ada@example.com');
    expect(await reloaded.getAccessToken()).toBe(token({ sub: 'sub-1', exp }));
    expect(await reloaded.getIdTokenSub()).toBe('sub-1');
    expect(loaded).toBe(0);
  });
});
