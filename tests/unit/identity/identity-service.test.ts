// @vitest-environment node
/**
 * The identity service's policy over a fake `CognitoGateway` (the adapter over the Cognito SDK,
 * a boundary we don't own): sign-in results, the new-password challenge and its expiry, sign-up
 * attributes, confirmation, and the single-flight refresh ahead of expiry.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createIdentityServiceWith,
  IdentityError,
  REFRESH_MARGIN_MS,
  type AuthOutcome,
  type SessionTokens,
} from '../../../src/services/identity';
import { cognitoError, deferred, fakeGateway, tokens } from './fake-gateway';

describe('sign in', () => {
  it("maps a session to signedIn with the account's email and the id-token claims as attributes", async () => {
    const now = 1_000_000;
    const fake = fakeGateway();
    vi.mocked(fake.gateway.authenticate).mockResolvedValue({ kind: 'session', tokens: tokens(now) });
    const identity = createIdentityServiceWith(fake.gateway, { now: () => now });
    const result = await identity.signIn({ username: ' ada@example.com ', password: 'Hardline#2026' });
    expect(fake.gateway.authenticate).toHaveBeenCalledWith('ada@example.com', 'Hardline#2026');
    expect(result).toEqual({
      kind: 'signedIn',
      user: {
        username: 'uuid-ada',
        email: 'ada@example.com',
        attributes: { sub: 'sub-123', email: 'ada@example.com', 'cognito:username': 'uuid-ada' },
      },
    });
    expect(await identity.getAccessToken()).toBe('access-1');
    expect(await identity.getIdTokenSub()).toBe('sub-123');
  });

  it.each<[AuthOutcome, string]>([
    [{ kind: 'mfa' }, 'mfa'],
    [{ kind: 'other', challenge: 'CUSTOM_CHALLENGE' }, 'other'],
  ])('maps the %o step', async (outcome, kind) => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.authenticate).mockResolvedValue(outcome);
    const identity = createIdentityServiceWith(fake.gateway);
    expect(await identity.signIn({ username: 'a@b.co', password: 'x' })).toEqual({ kind });
  });

  it('turns an unconfirmed account into the confirm-sign-up step, and maps other refusals', async () => {
    const fake = fakeGateway();
    const identity = createIdentityServiceWith(fake.gateway);
    vi.mocked(fake.gateway.authenticate).mockRejectedValueOnce(cognitoError('UserNotConfirmedException', 'User is not confirmed.'));
    expect(await identity.signIn({ username: 'a@b.co', password: 'x' })).toEqual({ kind: 'confirmSignUp' });
    vi.mocked(fake.gateway.authenticate).mockRejectedValueOnce(cognitoError('NotAuthorizedException', 'Incorrect username or password.'));
    await expect(identity.signIn({ username: 'a@b.co', password: 'wrong' })).rejects.toThrow(
      'Sign in failed. Please check your credentials.',
    );
  });

  it('requires a username and a password, and refuses while another user is signed in', async () => {
    const fake = fakeGateway();
    const identity = createIdentityServiceWith(fake.gateway);
    await expect(identity.signIn({ username: ' ', password: 'x' })).rejects.toBeInstanceOf(IdentityError);
    await expect(identity.signIn({ username: 'a@b.co', password: '' })).rejects.toBeInstanceOf(IdentityError);
    fake.store('other@example.com', tokens(Date.now()));
    await expect(identity.signIn({ username: 'a@b.co', password: 'x' })).rejects.toThrow('There is already a signed in user.');
    expect(fake.gateway.authenticate).not.toHaveBeenCalled();
  });
});

describe('new password challenge', () => {
  it('completes with the user kept from the challenge', async () => {
    let now = 0;
    // The first-time account's tokens (their id token names its email).
    const firstTime = { sub: 'sub-456', email: 'firsttime@hardline.test', 'cognito:username': 'uuid-first' };
    const complete = vi.fn(async (): Promise<AuthOutcome> => ({ kind: 'session', tokens: tokens(now, { idClaims: firstTime }) }));
    const fake = fakeGateway();
    vi.mocked(fake.gateway.authenticate).mockResolvedValue({ kind: 'newPasswordRequired', complete });
    const identity = createIdentityServiceWith(fake.gateway, { now: () => now });
    expect(await identity.signIn({ username: 'firsttime@hardline.test', password: 'Temp#2026pass' })).toEqual({
      kind: 'newPasswordRequired',
      username: 'firsttime@hardline.test',
    });
    now = 2 * 60 * 1000;
    const user = await identity.completeNewPassword({ newPassword: 'Brand#New2026' });
    expect(complete).toHaveBeenCalledWith('Brand#New2026');
    expect(user.email).toBe('firsttime@hardline.test');
    expect(await identity.getAccessToken()).toBe('access-1');
  });

  it('expires after 3 minutes', async () => {
    let now = 0;
    // The first-time account's tokens (their id token names its email).
    const firstTime = { sub: 'sub-456', email: 'firsttime@hardline.test', 'cognito:username': 'uuid-first' };
    const complete = vi.fn(async (): Promise<AuthOutcome> => ({ kind: 'session', tokens: tokens(now, { idClaims: firstTime }) }));
    const fake = fakeGateway();
    vi.mocked(fake.gateway.authenticate).mockResolvedValue({ kind: 'newPasswordRequired', complete });
    const identity = createIdentityServiceWith(fake.gateway, { now: () => now });
    await identity.signIn({ username: 'firsttime@hardline.test', password: 'Temp#2026pass' });
    now = 3 * 60 * 1000;
    await expect(identity.completeNewPassword({ newPassword: 'Brand#New2026' })).rejects.toThrow(
      'Failed to set new password. Please try again.',
    );
    expect(complete).not.toHaveBeenCalled();
  });

  it('reports a further challenge and maps a weak password', async () => {
    const fake = fakeGateway();
    const complete = vi.fn<(p: string) => Promise<AuthOutcome>>();
    vi.mocked(fake.gateway.authenticate).mockResolvedValue({ kind: 'newPasswordRequired', complete });
    const identity = createIdentityServiceWith(fake.gateway);
    await identity.signIn({ username: 'f@h.test', password: 'Temp#2026pass' });
    complete.mockRejectedValueOnce(cognitoError('InvalidPasswordException', 'Password does not conform to policy'));
    await expect(identity.completeNewPassword({ newPassword: 'weakweak' })).rejects.toThrow(
      'Password does not meet security requirements. Please check the requirements and try again.',
    );
    complete.mockResolvedValueOnce({ kind: 'mfa' });
    await expect(identity.completeNewPassword({ newPassword: 'Brand#New2026' })).rejects.toThrow(
      'Additional steps required after password change. Please contact support.',
    );
  });
});

describe('sign up and confirm', () => {
  it('sends email (as the username), phone_number, custom:organization and name when given', async () => {
    const fake = fakeGateway();
    vi.mocked(fake.gateway.signUp).mockResolvedValue({ userConfirmed: false });
    const identity = createIdentityServiceWith(fake.gateway);
    expect(
      await identity.signUp({
        email: 'ada@example.com',
        password: 'Hardline#2026',
        phoneNumber: '+15551234567',
        organization: 'Summit',
        fullName: 'Ada',
      }),
    ).toEqual({ confirmationRequired: true });
    expect(fake.gateway.signUp).toHaveBeenCalledWith({
      username: 'ada@example.com',
      password: 'Hardline#2026',
      attributes: { email: 'ada@example.com', phone_number: '+15551234567', 'custom:organization': 'Summit', name: 'Ada' },
    });
    vi.mocked(fake.gateway.signUp).mockResolvedValue({ userConfirmed: true });
    expect(
      await identity.signUp({
        email: 'b@example.com',
        password: 'Hardline#2026',
        phoneNumber: '+15551234567',
        organization: 'S',
        fullName: ' ',
      }),
    ).toEqual({
      confirmationRequired: false,
    });
    expect(vi.mocked(fake.gateway.signUp).mock.calls[1]?.[0].attributes).not.toHaveProperty('name');
  });

  it('counts an already-confirmed account as confirmed and maps a wrong code', async () => {
    const fake = fakeGateway();
    const identity = createIdentityServiceWith(fake.gateway);
    vi.mocked(fake.gateway.confirmSignUp).mockRejectedValueOnce(
      cognitoError('NotAuthorizedException', 'User cannot be confirmed. Current status is CONFIRMED'),
    );
    await expect(identity.confirmSignUp({ email: 'ada@example.com', code: '123456' })).resolves.toBeUndefined();
    vi.mocked(fake.gateway.confirmSignUp).mockRejectedValueOnce(cognitoError('CodeMismatchException', ''));
    await expect(identity.confirmSignUp({ email: 'ada@example.com', code: '000000' })).rejects.toThrow(
      'Invalid confirmation code. Please try again.',
    );
    await expect(identity.confirmSignUp({ email: 'ada@example.com', code: '' })).rejects.toBeInstanceOf(IdentityError);
  });
});

describe('tokens', () => {
  it('restores the stored session and refreshes ahead of expiry', async () => {
    const now = 5_000_000;
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(now, { expiresAt: now + REFRESH_MARGIN_MS - 1 }));
    vi.mocked(fake.gateway.refresh).mockResolvedValue(tokens(now, { accessToken: 'access-2' }));
    const identity = createIdentityServiceWith(fake.gateway, { now: () => now });
    expect((await identity.getCurrentSession())?.email).toBe('ada@example.com');
    expect(fake.gateway.refresh).toHaveBeenCalledWith('ada@example.com', 'refresh-1', expect.any(Function));
    expect(await identity.getAccessToken()).toBe('access-2');
    expect(fake.gateway.refresh).toHaveBeenCalledTimes(1);
  });

  it("reads the email from the id token when the stored session is under the pool's username (after an SRP sign-in)", async () => {
    const now = 5_000_000;
    const fake = fakeGateway();
    // The SDK stores an SRP sign-in under USER_ID_FOR_SRP: with email as the username attribute, a UUID.
    fake.store('uuid-ada', tokens(now));
    const identity = createIdentityServiceWith(fake.gateway, { now: () => now });
    expect(await identity.getCurrentSession()).toMatchObject({ email: 'ada@example.com', username: 'uuid-ada' });
  });

  it('takes the login id as the email when the id token names none', async () => {
    const now = 5_000_000;
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(now, { idClaims: { sub: 'sub-123' } }));
    const identity = createIdentityServiceWith(fake.gateway, { now: () => now });
    expect((await identity.getCurrentSession())?.email).toBe('ada@example.com');
  });

  it('shares one refresh between concurrent callers', async () => {
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(Date.now()));
    const pending = deferred<SessionTokens>();
    vi.mocked(fake.gateway.refresh).mockReturnValue(pending.promise);
    const identity = createIdentityServiceWith(fake.gateway);
    const callers = Array.from({ length: 10 }, () => identity.refreshAccessToken());
    expect(fake.gateway.refresh).toHaveBeenCalledTimes(1);
    pending.resolve(tokens(Date.now(), { accessToken: 'access-2' }));
    expect(await Promise.all(callers)).toEqual(Array(10).fill('access-2'));
    vi.mocked(fake.gateway.refresh).mockResolvedValue(tokens(Date.now(), { accessToken: 'access-3' }));
    expect(await identity.refreshAccessToken()).toBe('access-3');
    expect(fake.gateway.refresh).toHaveBeenCalledTimes(2);
  });

  it('keeps the session on a network failure and clears it on a refusal', async () => {
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(Date.now()));
    const identity = createIdentityServiceWith(fake.gateway);
    vi.mocked(fake.gateway.refresh).mockRejectedValueOnce(Object.assign(new Error('Network error'), { code: 'NetworkError' }));
    const [a, b] = await Promise.allSettled([identity.refreshAccessToken(), identity.refreshAccessToken()]);
    expect(a).toMatchObject({ status: 'rejected', reason: { kind: 'network' } });
    expect(b).toMatchObject({ status: 'rejected', reason: { kind: 'network' } });
    expect(fake.gateway.clearStoredTokens).not.toHaveBeenCalled();
    expect(await identity.getAccessToken()).toBe('access-1');

    vi.mocked(fake.gateway.refresh).mockRejectedValueOnce(cognitoError('NotAuthorizedException', 'Refresh Token has been revoked'));
    await expect(identity.refreshAccessToken()).rejects.toMatchObject({ kind: 'auth' });
    expect(fake.gateway.clearStoredTokens).toHaveBeenCalled();
    expect(await identity.getAccessToken()).toBeNull();
    expect(await identity.getCurrentSession()).toBeNull();
  });

  describe('a refresh the pool answers after the console gave up on it (an unreachable pool)', () => {
    /** A refresh that fails as unreachable, and what hands the service the pool's late answer. */
    async function givenUp(fake: ReturnType<typeof fakeGateway>, identity: ReturnType<typeof createIdentityServiceWith>) {
      let lateAnswer: ((tokens: SessionTokens) => void) | undefined;
      vi.mocked(fake.gateway.refresh).mockImplementationOnce((_username, _refreshToken, onLateAnswer) => {
        lateAnswer = onLateAnswer;
        return Promise.reject(Object.assign(new Error('Network error'), { code: 'NetworkError' }));
      });
      await expect(identity.refreshAccessToken()).rejects.toMatchObject({ kind: 'network' });
      return (late: SessionTokens) => lateAnswer?.(late);
    }
    const late = tokens(Date.now(), { accessToken: 'access-late', refreshToken: 'refresh-late' });

    it('takes its tokens: the next call uses its access token, and the next refresh presents its (rotated) refresh token', async () => {
      const fake = fakeGateway();
      fake.store('ada@example.com', tokens(Date.now()));
      const identity = createIdentityServiceWith(fake.gateway);
      const answer = await givenUp(fake, identity);
      expect(await identity.getAccessToken()).toBe('access-1');

      answer(late);
      expect(await identity.getAccessToken()).toBe('access-late');
      vi.mocked(fake.gateway.refresh).mockResolvedValueOnce(tokens(Date.now(), { accessToken: 'access-3', refreshToken: 'refresh-3' }));
      expect(await identity.refreshAccessToken()).toBe('access-3');
      expect(fake.gateway.refresh).toHaveBeenLastCalledWith('ada@example.com', 'refresh-late', expect.any(Function));
    });

    it('keeps the tokens of a retry that refreshed since', async () => {
      const fake = fakeGateway();
      fake.store('ada@example.com', tokens(Date.now()));
      const identity = createIdentityServiceWith(fake.gateway);
      const answer = await givenUp(fake, identity);
      vi.mocked(fake.gateway.refresh).mockResolvedValueOnce(tokens(Date.now(), { accessToken: 'access-3', refreshToken: 'refresh-3' }));
      expect(await identity.refreshAccessToken()).toBe('access-3');

      answer(late);
      expect(await identity.getAccessToken()).toBe('access-3');
    });

    it('brings no session back after Sign out', async () => {
      const fake = fakeGateway();
      fake.store('ada@example.com', tokens(Date.now()));
      const identity = createIdentityServiceWith(fake.gateway);
      const answer = await givenUp(fake, identity);
      await identity.signOut();

      answer(late);
      expect(await identity.getAccessToken()).toBeNull();
      expect(await identity.getCurrentSession()).toBeNull();
    });
  });

  it('reads a session whose refresh is refused as no session', async () => {
    const now = 10_000_000;
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(now, { expiresAt: now - 1 }));
    vi.mocked(fake.gateway.refresh).mockRejectedValue(cognitoError('NotAuthorizedException', 'Refresh Token has expired'));
    const identity = createIdentityServiceWith(fake.gateway, { now: () => now });
    expect(await identity.getCurrentSession()).toBeNull();
  });

  it('signs out: revokes through the gateway and clears the stored tokens', async () => {
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(Date.now()));
    const identity = createIdentityServiceWith(fake.gateway);
    await identity.signOut();
    expect(fake.gateway.signOut).toHaveBeenCalledWith('ada@example.com', 'refresh-1');
    expect(fake.gateway.clearStoredTokens).toHaveBeenCalled();
    expect(fake.stored.size).toBe(0);
    expect(await identity.getAccessToken()).toBeNull();
  });

  it('signs out of all devices: GlobalSignOut with the access token, then clears the stored tokens', async () => {
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(Date.now()));
    const identity = createIdentityServiceWith(fake.gateway);
    await identity.signOutAllDevices();
    expect(fake.gateway.globalSignOut).toHaveBeenCalledWith('access-1');
    expect(fake.gateway.signOut).not.toHaveBeenCalled();
    expect(fake.stored.size).toBe(0);
    expect(await identity.getAccessToken()).toBeNull();
  });

  it('refreshes a token close to expiry before GlobalSignOut, and clears the tokens when the pool fails', async () => {
    const now = 10_000_000;
    const fake = fakeGateway();
    fake.store('ada@example.com', tokens(now, { expiresAt: now + 1000 }));
    vi.mocked(fake.gateway.refresh).mockResolvedValue(tokens(now, { accessToken: 'access-2' }));
    vi.mocked(fake.gateway.globalSignOut).mockRejectedValue(cognitoError('NetworkError', 'Network error'));
    const identity = createIdentityServiceWith(fake.gateway, { now: () => now });
    await expect(identity.signOutAllDevices()).rejects.toThrow('Network error');
    expect(fake.gateway.globalSignOut).toHaveBeenCalledWith('access-2');
    expect(fake.stored.size).toBe(0);
    expect(await identity.getAccessToken()).toBeNull();
  });
});
