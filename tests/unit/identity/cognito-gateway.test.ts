/**
 * The real identity service (amazon-cognito-identity-js inside) against a fake Cognito HTTP
 * endpoint (`fetch` is the boundary we don't own): the configured auth flow and endpoint are used,
 * tokens live in sessionStorage only, sign-out revokes the refresh token and leaves nothing in any
 * storage, a sign-in the pool answers after the console gave up on it stores nothing, and a refresh
 * works with an app client that rotates refresh tokens and stores nothing once the session is gone.
 */
import { CognitoUser, CognitoUserSession } from 'amazon-cognito-identity-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppConfig } from '../../../src/services/config';
import { createIdentityService } from '../../../src/services/identity';
import { POOL_CALL_TIMEOUT_MS, REVOCATION_TIMEOUT_MS } from '../../../src/services/identity/cognito';
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

/** How many token sets the fake pool has issued in this test: each set is told apart by its number. */
let issued = 0;
/** The refresh tokens the fake pool accepts. */
const validRefreshTokens = new Set<string>();

function tokenSet() {
  const iat = Math.floor(Date.now() / 1000);
  issued += 1;
  validRefreshTokens.add(`refresh-token-${issued}`);
  return {
    AccessToken: jwt({ sub: 'sub-1', iat, exp: iat + 3600, origin_jti: `jti-${issued}`, username: 'ada@example.com' }),
    IdToken: jwt({ sub: 'sub-1', iat, exp: iat + 3600, email: 'ada@example.com', 'cognito:username': 'ada@example.com' }),
    RefreshToken: `refresh-token-${issued}`,
    ExpiresIn: 3600,
    TokenType: 'Bearer',
  };
}

/** The password of the fake pool's account that signs in with an authenticator code. */
const TOTP_PASSWORD = 'Totp#2026pass';

interface Call {
  url: string;
  target: string;
  body: Record<string, unknown>;
}

describe('identity service over the Cognito SDK', () => {
  let calls: Call[];
  /** Operations whose requests the network holds open: no answer and no error, ever. */
  let held: Set<string>;
  /** Operations answered only when the test says so (`answerLate`): the pool answering after the console gave up. */
  let late: Set<string>;
  let answerLate: (() => void)[];
  /**
   * Whether the fake pool's app client rotates refresh tokens (each refresh answers the next one and
   * the one presented stops working), as Cognito's refresh token rotation does; otherwise a refresh
   * answers no refresh token and the one presented stays valid.
   */
  let rotating: boolean;

  const storedRefreshToken = () => {
    const key = Object.keys(sessionStorage).find((k) => k.endsWith('.refreshToken'));
    return key === undefined ? null : sessionStorage.getItem(key);
  };

  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    calls = [];
    held = new Set();
    late = new Set();
    answerLate = [];
    issued = 0;
    validRefreshTokens.clear();
    rotating = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        const target = (headers['X-Amz-Target'] ?? '').replace('AWSCognitoIdentityProviderService.', '');
        const body = JSON.parse(String(init.body)) as Record<string, unknown>;
        calls.push({ url, target, body });
        if (held.has(target)) return new Promise<Response>(() => {});
        const reply = (status: number, data: unknown) => {
          const response = new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/x-amz-json-1.1' } });
          return late.has(target) ? new Promise<Response>((resolve) => answerLate.push(() => resolve(response))) : response;
        };
        if (target === 'InitiateAuth') {
          const params = body.AuthParameters as Record<string, string>;
          // Refused by an app client with refresh token rotation, which refreshes with
          // GetTokensFromRefreshToken only (the fake does not model Cognito's wording of it).
          if (body.AuthFlow === 'REFRESH_TOKEN_AUTH')
            return reply(400, { __type: 'NotAuthorizedException', message: 'This client refreshes with GetTokensFromRefreshToken.' });
          if (params.PASSWORD === 'wrong')
            return reply(400, { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' });
          // An account with an authenticator app: the pool asks for its code.
          if (params.PASSWORD === TOTP_PASSWORD) return reply(200, { ChallengeName: 'SOFTWARE_TOKEN_MFA', Session: 'challenge-1' });
          return reply(200, { AuthenticationResult: tokenSet(), ChallengeParameters: {} });
        }
        if (target === 'RespondToAuthChallenge') {
          const answers = body.ChallengeResponses as Record<string, string>;
          if (answers.SOFTWARE_TOKEN_MFA_CODE !== '123456')
            return reply(400, { __type: 'CodeMismatchException', message: 'Invalid code received for user' });
          return reply(200, { AuthenticationResult: tokenSet(), ChallengeParameters: {} });
        }
        if (target === 'GetTokensFromRefreshToken') {
          const presented = String(body.RefreshToken);
          if (body.ClientId !== config.cognito.clientId || !validRefreshTokens.has(presented))
            return reply(400, { __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
          const { RefreshToken, ...renewed } = tokenSet();
          if (!rotating) return reply(200, { AuthenticationResult: renewed });
          validRefreshTokens.delete(presented);
          return reply(200, { AuthenticationResult: { ...renewed, RefreshToken } });
        }
        if (target === 'RevokeToken') {
          validRefreshTokens.delete(String(body.Token));
          return reply(200, {});
        }
        if (target === 'SignUp') return reply(200, { UserConfirmed: false, UserSub: 'sub-2' });
        if (target === 'ForgotPassword') {
          if (body.Username === 'nobody@example.com')
            return reply(400, { __type: 'UserNotFoundException', message: 'User does not exist.' });
          return reply(200, { CodeDeliveryDetails: { DeliveryMedium: 'EMAIL', Destination: 'a***@example.com' } });
        }
        if (target === 'ConfirmForgotPassword') {
          if (body.ConfirmationCode !== '123456') return reply(400, { __type: 'CodeMismatchException', message: 'Invalid code.' });
          return reply(200, {});
        }
        return reply(400, { __type: 'InvalidParameterException', message: `unexpected ${target}` });
      }),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('signs in with the configured flow and endpoint, keeps tokens in sessionStorage, and leaves nothing after sign-out', async () => {
    const identity = createIdentityService(config, createStorage(window));
    const result = await identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' });
    expect(result).toMatchObject({ kind: 'signedIn', user: { email: 'ada@example.com' } });

    expect(calls[0]).toMatchObject({
      url: 'http://127.0.0.1:9229',
      target: 'InitiateAuth',
      body: { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: 'client123', AuthParameters: { USERNAME: 'ada@example.com' } },
    });
    const sessionKeys = Object.keys(sessionStorage);
    expect(sessionKeys.some((k) => k.endsWith('.accessToken'))).toBe(true);
    expect(sessionKeys.some((k) => k.endsWith('.refreshToken'))).toBe(true);
    expect(localStorage.length).toBe(0);
    const storedAccess = sessionStorage.getItem(sessionKeys.find((k) => k.endsWith('.accessToken')) ?? '');
    expect(storedAccess).toMatch(/^ey/);
    expect(await identity.getAccessToken()).toBe(storedAccess);

    // A new page of the same tab finds the session.
    const reloaded = createIdentityService(config, createStorage(window));
    expect((await reloaded.getCurrentSession())?.email).toBe('ada@example.com');
    expect(await reloaded.getIdTokenSub()).toBe('sub-1');

    await reloaded.signOut();
    expect(calls.some((c) => c.target === 'RevokeToken' && c.body.Token === 'refresh-token-1')).toBe(true);
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
    expect(await createIdentityService(config, createStorage(window)).getCurrentSession()).toBeNull();
  });

  it('maps a refused password to the SPEC message and stores nothing', async () => {
    const identity = createIdentityService(config, createStorage(window));
    await expect(identity.signIn({ username: 'ada@example.com', password: 'wrong' })).rejects.toThrow(
      'Sign in failed. Please check your credentials.',
    );
    expect(sessionStorage.length).toBe(0);
  });

  it('signs up with the SPEC attributes', async () => {
    const identity = createIdentityService(config, createStorage(window));
    expect(
      await identity.signUp({
        email: 'new@example.com',
        password: 'Hardline#2026',
        phoneNumber: '+15551234567',
        organization: 'Summit',
        fullName: 'New Admin',
      }),
    ).toEqual({ confirmationRequired: true });
    const signUp = calls.find((c) => c.target === 'SignUp');
    expect(signUp?.body).toMatchObject({
      ClientId: 'client123',
      Username: 'new@example.com',
      UserAttributes: [
        { Name: 'email', Value: 'new@example.com' },
        { Name: 'phone_number', Value: '+15551234567' },
        { Name: 'custom:organization', Value: 'Summit' },
        { Name: 'name', Value: 'New Admin' },
      ],
    });
  });

  it('asks for a reset code and sets the new password with it (ForgotPassword, ConfirmForgotPassword)', async () => {
    const identity = createIdentityService(config, createStorage(window));
    await identity.requestPasswordReset({ email: 'ada@example.com' });
    await identity.requestPasswordReset({ email: 'nobody@example.com' });
    expect(calls.filter((c) => c.target === 'ForgotPassword').map((c) => c.body)).toEqual([
      expect.objectContaining({ ClientId: 'client123', Username: 'ada@example.com' }),
      expect.objectContaining({ ClientId: 'client123', Username: 'nobody@example.com' }),
    ]);
    await expect(identity.confirmPasswordReset({ email: 'ada@example.com', code: '000000', newPassword: 'Brand#New2026' })).rejects.toThrow(
      'That code is not right. Check the code in your email and try again.',
    );
    await identity.confirmPasswordReset({ email: 'ada@example.com', code: '123456', newPassword: 'Brand#New2026' });
    expect(calls.filter((c) => c.target === 'ConfirmForgotPassword').at(-1)?.body).toMatchObject({
      ClientId: 'client123',
      Username: 'ada@example.com',
      ConfirmationCode: '123456',
      Password: 'Brand#New2026',
    });
  });

  it('reports a call the network holds open as the pool being unreachable once POOL_CALL_TIMEOUT_MS has passed, and signs out without the revocation after REVOCATION_TIMEOUT_MS', async () => {
    const identity = createIdentityService(config, createStorage(window));
    await identity.preload();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    held.add('InitiateAuth');
    const signIn = identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' }).then(
      () => 'signed in',
      (error: unknown) => error,
    );
    const settled = vi.fn();
    void signIn.then(settled);
    await vi.advanceTimersByTimeAsync(POOL_CALL_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledOnce();
    expect(await signIn).toMatchObject({ name: 'IdentityError', kind: 'network', code: 'NetworkError' });
    expect(sessionStorage.length).toBe(0);

    // The pool answers again: the next attempt signs in.
    held.delete('InitiateAuth');
    expect(await identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' })).toMatchObject({ kind: 'signedIn' });

    // A revocation the network holds open does not keep anyone signed in, or the spinner turning.
    held.add('RevokeToken');
    const signedOut = vi.fn();
    const signOut = identity.signOut().then(signedOut);
    await vi.advanceTimersByTimeAsync(REVOCATION_TIMEOUT_MS - 1);
    expect(signedOut).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(signedOut).toHaveBeenCalledOnce();
    await signOut;
    expect(calls.filter((c) => c.target === 'RevokeToken')).toHaveLength(1);
    expect(sessionStorage.length).toBe(0);
  });

  describe('a refresh', () => {
    const signedIn = async () => {
      const identity = createIdentityService(config, createStorage(window));
      expect(await identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' })).toMatchObject({ kind: 'signedIn' });
      expect(storedRefreshToken()).toBe('refresh-token-1');
      return identity;
    };

    /** Starts a refresh the pool answers only when told to (the promise, and what makes it answer). */
    async function refreshAnsweredLater(identity: ReturnType<typeof createIdentityService>) {
      late.add('GetTokensFromRefreshToken');
      const refreshed = identity.refreshAccessToken();
      await vi.waitFor(() => expect(answerLate).toHaveLength(1));
      late.delete('GetTokensFromRefreshToken');
      return { refreshed, poolAnswers: () => answerLate.splice(0).forEach((answer) => answer()) };
    }

    it('works with an app client that rotates refresh tokens: each stores the next token, the next refresh presents it, and Sign out revokes the last', async () => {
      const identity = await signedIn();
      expect(await identity.refreshAccessToken()).toMatch(/^ey/);
      expect(calls.at(-1)).toMatchObject({
        url: 'http://127.0.0.1:9229',
        target: 'GetTokensFromRefreshToken',
        body: { ClientId: 'client123', RefreshToken: 'refresh-token-1' },
      });
      expect(storedRefreshToken()).toBe('refresh-token-2');
      expect(await identity.refreshAccessToken()).toMatch(/^ey/);
      expect(calls.at(-1)?.body).toMatchObject({ RefreshToken: 'refresh-token-2' });
      expect(storedRefreshToken()).toBe('refresh-token-3');

      // A reload reads the last tokens, and signing out revokes the refresh token in use.
      const reloaded = createIdentityService(config, createStorage(window));
      expect((await reloaded.getCurrentSession())?.email).toBe('ada@example.com');
      await reloaded.signOut();
      expect(calls.filter((c) => c.target === 'RevokeToken').map((c) => c.body.Token)).toEqual(['refresh-token-3']);
      expect(sessionStorage.length).toBe(0);
    });

    it('keeps presenting the same refresh token to an app client that does not rotate it', async () => {
      rotating = false;
      const identity = await signedIn();
      expect(await identity.refreshAccessToken()).toMatch(/^ey/);
      expect(storedRefreshToken()).toBe('refresh-token-1');
      expect(await identity.refreshAccessToken()).toMatch(/^ey/);
      expect(calls.filter((c) => c.target === 'GetTokensFromRefreshToken').map((c) => c.body.RefreshToken)).toEqual([
        'refresh-token-1',
        'refresh-token-1',
      ]);
    });

    it('sends the device key the SDK stored at sign-in (a pool that remembers devices asks for it), and none when there is none', async () => {
      const identity = await signedIn();
      await identity.refreshAccessToken();
      expect(calls.at(-1)?.body).not.toHaveProperty('DeviceKey');
      // What the SDK stores once it has confirmed the device (CognitoUser#cacheDeviceKeyAndPassword).
      sessionStorage.setItem('CognitoIdentityServiceProvider.client123.ada@example.com.deviceKey', 'eu-west-1_device-1');
      await identity.refreshAccessToken();
      expect(calls.at(-1)).toMatchObject({ target: 'GetTokensFromRefreshToken', body: { DeviceKey: 'eu-west-1_device-1' } });
    });

    it('keeps the session, and the device key beside it, under the name the SDK stored it under (after an SRP sign-in, not the email)', async () => {
      const identity = await signedIn();
      // After an SRP sign-in the SDK names the session by the pool's username (USER_ID_FOR_SRP), not
      // by the email typed; this fake pool signs in with USER_PASSWORD_AUTH, so the keys are renamed.
      for (const key of Object.keys(sessionStorage)) {
        const value = sessionStorage.getItem(key) ?? '';
        sessionStorage.removeItem(key);
        if (key.endsWith('.LastAuthUser')) sessionStorage.setItem(key, 'uuid-ada');
        else sessionStorage.setItem(key.replace('.ada@example.com.', '.uuid-ada.'), value);
      }
      sessionStorage.setItem('CognitoIdentityServiceProvider.client123.uuid-ada.deviceKey', 'eu-west-1_device-1');

      await identity.refreshAccessToken();
      await identity.refreshAccessToken();
      expect(calls.filter((c) => c.target === 'GetTokensFromRefreshToken').map((c) => c.body.DeviceKey)).toEqual([
        'eu-west-1_device-1',
        'eu-west-1_device-1',
      ]);
      expect(sessionStorage.getItem('CognitoIdentityServiceProvider.client123.LastAuthUser')).toBe('uuid-ada');
      expect(sessionStorage.getItem('CognitoIdentityServiceProvider.client123.uuid-ada.refreshToken')).toBe('refresh-token-3');
      expect((await createIdentityService(config, createStorage(window)).getCurrentSession())?.email).toBe('ada@example.com');
    });

    /** A refresh the pool answers only after the console has given up on it as unreachable. */
    async function refreshGivenUp(identity: ReturnType<typeof createIdentityService>) {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      late.add('GetTokensFromRefreshToken');
      const outcome = identity.refreshAccessToken().then(
        () => 'refreshed',
        (error: unknown) => error,
      );
      await vi.waitFor(() => expect(answerLate).toHaveLength(1));
      await vi.advanceTimersByTimeAsync(POOL_CALL_TIMEOUT_MS);
      expect(await outcome).toMatchObject({ name: 'IdentityError', kind: 'network' });
      vi.useRealTimers();
      late.delete('GetTokensFromRefreshToken');
      return () => answerLate.splice(0).forEach((answer) => answer());
    }

    it('answered after the console gave up on it: the rotated token it carries is stored and presented next (the pool no longer takes the one before)', async () => {
      const identity = await signedIn();
      const poolAnswers = await refreshGivenUp(identity);
      expect(storedRefreshToken()).toBe('refresh-token-1');

      poolAnswers();
      await vi.waitFor(() => expect(storedRefreshToken()).toBe('refresh-token-2'));
      expect(await identity.refreshAccessToken()).toMatch(/^ey/);
      expect(calls.filter((c) => c.target === 'GetTokensFromRefreshToken').map((c) => c.body.RefreshToken)).toEqual([
        'refresh-token-1',
        'refresh-token-2',
      ]);
      expect(storedRefreshToken()).toBe('refresh-token-3');
    });

    it('answered after the console gave up on it and the person signed out: nothing is stored', async () => {
      const identity = await signedIn();
      const poolAnswers = await refreshGivenUp(identity);
      await identity.signOut();

      const cached = vi.spyOn(CognitoUserSession.prototype, 'getRefreshToken');
      poolAnswers();
      // The late answer has been read (its session built) by the time it is turned into tokens.
      await vi.waitFor(() => expect(cached).toHaveBeenCalled());
      cached.mockRestore();
      expect(sessionStorage.length).toBe(0);
      expect(await identity.getAccessToken()).toBeNull();
    });

    it('answered after Sign out leaves no session in the tab', async () => {
      const identity = await signedIn();
      const { refreshed, poolAnswers } = await refreshAnsweredLater(identity);
      await identity.signOut();
      expect(sessionStorage.length).toBe(0);

      poolAnswers();
      await refreshed;
      expect(sessionStorage.length).toBe(0);
      expect(await createIdentityService(config, createStorage(window)).getCurrentSession()).toBeNull();
    });

    it('answered after Sign out and another sign-in keeps the session of that sign-in', async () => {
      const identity = await signedIn();
      const { refreshed, poolAnswers } = await refreshAnsweredLater(identity);
      await identity.signOut();
      // The refresh's answer carries the second token set, this sign-in's the third.
      expect(await identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' })).toMatchObject({ kind: 'signedIn' });

      poolAnswers();
      await refreshed;
      expect(storedRefreshToken()).toBe('refresh-token-3');
      expect(await identity.getAccessToken()).toBe(
        sessionStorage.getItem(Object.keys(sessionStorage).find((k) => k.endsWith('.accessToken')) ?? ''),
      );
    });
  });

  describe('a sign-in the pool answers after the console reported it unreachable', () => {
    /**
     * Runs `step` while the pool answers `operation` late, until the console gives up on it (the
     * step fails as an unreachable pool). Resolves to what makes the pool answer it then.
     */
    async function givenUp(operation: string, step: () => Promise<unknown>): Promise<() => Promise<void>> {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      late.add(operation);
      const outcome = step().then(
        () => 'succeeded',
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(POOL_CALL_TIMEOUT_MS);
      expect(await outcome).toMatchObject({ name: 'IdentityError', kind: 'network' });
      vi.useRealTimers();
      late.delete(operation);
      expect(answerLate).toHaveLength(1);
      return async () => {
        // The SDK stores a sign-in's tokens itself (CognitoUser#cacheTokens, left out of its typings)
        // before it calls back: once it has been called, what the late answer stores is in storage.
        const cached = vi.spyOn(CognitoUser.prototype as CognitoUser & { cacheTokens(): void }, 'cacheTokens');
        for (const answer of answerLate.splice(0)) answer();
        await vi.waitFor(() => expect(cached).toHaveBeenCalledOnce());
        cached.mockRestore();
      };
    }

    /** Signs in while the pool answers late, until the console gives up on it. */
    async function givenUpSignIn(identity: ReturnType<typeof createIdentityService>): Promise<() => Promise<void>> {
      await identity.preload();
      return givenUp('InitiateAuth', () => identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' }));
    }

    it('leaves no session in the tab (the person was told the sign-in failed), and trying again signs in', async () => {
      const identity = createIdentityService(config, createStorage(window));
      const poolAnswers = await givenUpSignIn(identity);

      await poolAnswers();
      expect(sessionStorage.length).toBe(0);
      expect(localStorage.length).toBe(0);
      expect(await createIdentityService(config, createStorage(window)).getCurrentSession()).toBeNull();
      // Trying again signs in (a stored late session would refuse it: 'There is already a signed in user.').
      expect(await identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' })).toMatchObject({ kind: 'signedIn' });
      expect(storedRefreshToken()).toBe('refresh-token-2');
    });

    it('stores nothing from an authenticator code tried again after its step was given up (the retry signs in for this page only)', async () => {
      const identity = createIdentityService(config, createStorage(window));
      await identity.preload();
      expect(await identity.signIn({ username: 'ada@example.com', password: TOTP_PASSWORD })).toEqual({ kind: 'totpRequired' });

      const poolAnswers = await givenUp('RespondToAuthChallenge', () => identity.answerTotp({ code: '123456' }));

      // The code is tried again on the same sign-in, and the pool answers it at once.
      expect(await identity.answerTotp({ code: '123456' })).toMatchObject({ email: 'ada@example.com' });
      expect(await identity.getAccessToken()).toMatch(/^ey/);
      // The first answer comes in late: it is not stored, and neither was the retry's.
      await poolAnswers();
      expect(storedRefreshToken()).toBeNull();
      expect(await createIdentityService(config, createStorage(window)).getCurrentSession()).toBeNull();
    });

    it('keeps the session of the retry that signed in meanwhile', async () => {
      const identity = createIdentityService(config, createStorage(window));
      const poolAnswers = await givenUpSignIn(identity);
      expect(await identity.signIn({ username: 'ada@example.com', password: 'Hardline#2026' })).toMatchObject({ kind: 'signedIn' });
      // The late answer carries the first token set, the retry's the second.
      expect(storedRefreshToken()).toBe('refresh-token-2');

      await poolAnswers();
      expect(storedRefreshToken()).toBe('refresh-token-2');
      const reloaded = createIdentityService(config, createStorage(window));
      expect((await reloaded.getCurrentSession())?.email).toBe('ada@example.com');
      await reloaded.signOut();
      expect(calls.filter((c) => c.target === 'RevokeToken').map((c) => c.body.Token)).toEqual(['refresh-token-2']);
    });
  });
});
