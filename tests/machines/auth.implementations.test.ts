// @vitest-environment node
/**
 * The session machine and its sign-in flow with their real implementations
 * (src/machines/auth/implementations.ts) over the real identity service, API client and storage.
 * Only what we don't own is a double: the Cognito gateway (the adapter over the Cognito SDK), the
 * network (`fetch`) and the browser's storage areas (in memory). Each scenario says what reached
 * Cognito, the API and the storage.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, waitFor, type SnapshotFrom } from 'xstate';
import type { MeResponse } from '../../src/contract/api';
import { AUTH_LOG_MESSAGES, AUTH_MESSAGES, authMachine, type PendingConfirmation } from '../../src/machines/auth';
import { authImplementations } from '../../src/machines/auth/implementations';
import { completeSignupPayload } from '../../src/machines/auth/signup';
import { createIdentityServiceWith, type SessionTokens } from '../../src/services/identity';
import { PENDING_CONFIRMATION_KEY, createStorage } from '../../src/services/storage';
import { apiOverFetch, jsonResponse } from '../support/api';
import { fakeGateway, tokens } from '../unit/identity/fake-gateway';
import { adminMe } from './auth.harness';
import { WAIT_MS } from '../support/waits';

const EMAIL = 'ada@example.com';
const PASSWORD = 'Hardline#2026';
const NEW_PASSWORD = 'Brand#New2026';
const ME = adminMe(EMAIL);
const CONFIRMED: PendingConfirmation = {
  email: EMAIL,
  isRequired: false,
  signupData: { phoneNumber: '+15551234567', organization: 'Summit Builders', fullName: 'Ada Lovelace' },
};
const COMPLETED = { organizationId: 'org-summit', devicePhoneNumber: '+15550001111', message: 'Signup completed' };

/** A browser storage area in memory (the boundary: the browser's localStorage / sessionStorage). */
function memoryArea(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      items.set(key, String(value));
    },
  };
}

interface Seen {
  line: string;
  body: unknown;
  signal: AbortSignal;
  /** When it was sent (`Date.now()`: the fake clock's, where a test runs one). */
  at: number;
}

type Answer = (line: string) => Promise<Response> | 'hold';

/** The console's services over the doubles; `answer` answers each API request (or holds it). */
function services(answer: Answer) {
  const fake = fakeGateway();
  const identity = createIdentityServiceWith(fake.gateway);
  const localStorage = memoryArea();
  const sessionStorage = memoryArea();
  const storage = createStorage({ localStorage, sessionStorage });
  const seen: Seen[] = [];
  const api = apiOverFetch(async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const line = `${request.method} ${url.pathname}`;
    const text = await request.text();
    seen.push({ line, body: text === '' ? undefined : (JSON.parse(text) as unknown), signal: request.signal, at: Date.now() });
    const answered = answer(line);
    if (answered !== 'hold') return answered;
    return new Promise<Response>((_, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
    });
  });
  return { fake, identity, storage, localStorage, sessionStorage, seen, api };
}

type Services = ReturnType<typeof services>;

/** The answers of a healthy API: the signup completed, the account activated, the administrator `me`. */
function healthy(me: MeResponse = ME): Answer {
  return (line) => {
    if (line === 'POST /api/complete-signup') return jsonResponse(200, COMPLETED);
    if (line === 'POST /users/activate') return jsonResponse(200, {});
    if (line === 'GET /api/me') return jsonResponse(200, me);
    if (line === 'POST /api/session/sign-out' || line === 'POST /api/session/sign-out-all')
      return jsonResponse(200, { message: 'Signed out.' });
    return jsonResponse(404, { message: `No route ${line}` });
  };
}

function start(s: Services) {
  const actor = createActor(authMachine.provide(authImplementations({ identity: s.identity, api: s.api, storage: s.storage }))).start();
  const flow = () => {
    const child = actor.getSnapshot().children.signInFlow;
    if (!child) throw new Error('not signed out');
    return child;
  };
  const until = (predicate: (snapshot: SnapshotFrom<typeof authMachine>) => boolean) => waitFor(actor, predicate, { timeout: WAIT_MS });
  return { actor, flow, until };
}

/** A session stored by an earlier visit. */
function storedSession(s: Services, overrides: Partial<SessionTokens> = {}) {
  s.fake.store(EMAIL, tokens(Date.now(), overrides));
}

describe('the session over the real services', () => {
  it('a stored session and a confirmed sign-up: the workspace is set up with the sign-up data, then the administrator gets the console', async () => {
    const s = services(healthy());
    storedSession(s);
    s.storage.savePendingConfirmation(CONFIRMED);
    const { actor, until } = start(s);
    await until((snapshot) => snapshot.matches({ signedIn: 'authorized' }));
    expect(actor.getSnapshot().context.user).toEqual({
      username: 'uuid-ada',
      email: EMAIL,
      attributes: { sub: 'sub-123', email: EMAIL, 'cognito:username': 'uuid-ada' },
    });
    expect(s.seen.map((r) => r.line)).toEqual(['POST /api/complete-signup', 'GET /api/me']);
    expect(s.seen[0]?.body).toEqual({
      fullName: 'Ada Lovelace',
      email: EMAIL,
      phoneNumber: '+15551234567',
      organization: 'Summit Builders',
      cognitoUserId: 'sub-123',
    });
    expect(s.localStorage.getItem(PENDING_CONFIRMATION_KEY)).toBeNull();
    expect(actor.getSnapshot().context.membership).toEqual(ME);
  });

  it('without a stored session, Sign In opens on the sign-up this browser kept', async () => {
    const s = services(healthy());
    s.storage.savePendingConfirmation({ ...CONFIRMED, isRequired: true });
    const { flow, until } = start(s);
    await until((snapshot) => snapshot.matches('signedOut'));
    expect(flow().getSnapshot().matches('confirmEmail')).toBe(true);
    expect(flow().getSnapshot().context.pendingConfirmation).toEqual({ ...CONFIRMED, isRequired: true });
  });

  describe('a signup completion that fails (the delays between attempts on a fake clock)', () => {
    /** Runs the fake clock in steps until `predicate` holds. */
    async function runUntil(actor: ReturnType<typeof start>['actor'], predicate: (snapshot: SnapshotFrom<typeof authMachine>) => boolean) {
      for (let step = 0; step < 600 && !predicate(actor.getSnapshot()); step += 1) await vi.advanceTimersByTimeAsync(100);
      expect(predicate(actor.getSnapshot())).toBe(true);
    }
    const posts = (s: Services) => s.seen.filter((r) => r.line === 'POST /api/complete-signup');
    /** The waits between the attempts, in (fake) milliseconds. */
    const gaps = (s: Services) => posts(s).flatMap((r, i, all) => (i === 0 ? [] : [r.at - (all[i - 1]?.at ?? 0)]));

    /** Failures a moment may cure: the network (the boundary: fetch rejects), the server's, the rate limit, a timeout answer. */
    const FOR_NOW: Array<[string, () => Promise<Response>]> = [
      ['no answer (offline)', () => Promise.reject(new TypeError('Failed to fetch'))],
      ['500', () => jsonResponse(500, { message: 'Database unavailable' })],
      ['503', () => jsonResponse(503, { message: 'No device phone number is available right now. Please try again.' })],
      ['429 without Retry-After', () => jsonResponse(429, { message: 'Too many requests.' })],
      ['408', () => jsonResponse(408, { message: 'Request Timeout' })],
    ];

    it.each(FOR_NOW)(
      'for now (%s): logged, sent again 2 s later; that success sets up the workspace and clears the kept sign-up',
      async (_name, failure) => {
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
        try {
          let failures = 1;
          const s = services((line) => {
            if (line !== 'POST /api/complete-signup' || failures === 0) return healthy()(line);
            failures -= 1;
            return failure();
          });
          storedSession(s);
          s.storage.savePendingConfirmation(CONFIRMED);
          const { actor } = start(s);
          await runUntil(actor, (snapshot) => snapshot.matches({ signedIn: { completingSignup: 'waitingToRetry' } }));
          expect(warn).toHaveBeenCalledWith('Signup completion failed (continuing):', expect.any(Error));
          expect(s.storage.loadPendingConfirmation()).toEqual(CONFIRMED);
          await runUntil(actor, (snapshot) => snapshot.matches({ signedIn: 'authorized' }));
          expect(gaps(s)).toEqual([2_000]);
          expect(s.seen.map((r) => r.line)).toEqual(['POST /api/complete-signup', 'POST /api/complete-signup', 'GET /api/me']);
          expect(posts(s)[1]?.body).toEqual(posts(s)[0]?.body);
          expect(actor.getSnapshot().context.membership).toEqual(ME);
          expect(s.localStorage.getItem(PENDING_CONFIRMATION_KEY)).toBeNull();
          expect(warn).toHaveBeenCalledTimes(1);
          actor.stop();
        } finally {
          vi.useRealTimers();
          warn.mockRestore();
        }
      },
    );

    it('three times for now: three attempts (0, 2 s, 7 s), each logged, then the kept sign-up is cleared (SPEC §4) and the console goes on', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        // No organisation was made, so the account is no member of one: Access denied.
        const s = services((line) => {
          if (line === 'POST /api/complete-signup') return jsonResponse(503, { message: 'Try again' });
          if (line === 'GET /api/me') return jsonResponse(404, { message: 'Not a member' });
          return healthy()(line);
        });
        storedSession(s);
        s.storage.savePendingConfirmation(CONFIRMED);
        const { actor } = start(s);
        await runUntil(actor, (snapshot) => snapshot.matches({ signedIn: 'notAdministrator' }));
        expect(gaps(s)).toEqual([2_000, 5_000]);
        expect(s.seen.map((r) => r.line)).toEqual([
          'POST /api/complete-signup',
          'POST /api/complete-signup',
          'POST /api/complete-signup',
          'GET /api/me',
        ]);
        expect(warn.mock.calls).toEqual(
          Array.from({ length: 3 }, () => ['Signup completion failed (continuing):', expect.objectContaining({ status: 503 })]),
        );
        expect(s.localStorage.getItem(PENDING_CONFIRMATION_KEY)).toBeNull();
        await vi.advanceTimersByTimeAsync(60_000);
        expect(posts(s)).toHaveLength(3);
        actor.stop();
      } finally {
        vi.useRealTimers();
        warn.mockRestore();
      }
    });

    it('a 429 is sent again after the Retry-After the API client read (4 s)', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        let limited = true;
        const s = services((line) => {
          if (line !== 'POST /api/complete-signup' || !limited) return healthy()(line);
          limited = false;
          return Promise.resolve(
            new Response(JSON.stringify({ message: 'Too many requests.' }), {
              status: 429,
              headers: { 'content-type': 'application/json', 'Retry-After': '4' },
            }),
          );
        });
        storedSession(s);
        s.storage.savePendingConfirmation(CONFIRMED);
        const { actor } = start(s);
        await runUntil(actor, (snapshot) => snapshot.matches({ signedIn: 'authorized' }));
        expect(gaps(s)).toEqual([4_000]);
        expect(warn).toHaveBeenCalledWith(
          'Signup completion failed (continuing):',
          expect.objectContaining({ status: 429, retryAfterSeconds: 4 }),
        );
        actor.stop();
      } finally {
        vi.useRealTimers();
        warn.mockRestore();
      }
    });

    it.each([400, 403, 409, 422])(
      'with a definite refusal (%i): logged once, not sent again, and the kept sign-up is cleared',
      async (status) => {
        const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
        try {
          const s = services((line) =>
            line === 'POST /api/complete-signup' ? jsonResponse(status, { message: 'Refused' }) : healthy()(line),
          );
          storedSession(s);
          s.storage.savePendingConfirmation(CONFIRMED);
          const { actor } = start(s);
          await runUntil(actor, (snapshot) => snapshot.matches({ signedIn: 'authorized' }));
          await vi.advanceTimersByTimeAsync(60_000);
          expect(s.seen.map((r) => r.line)).toEqual(['POST /api/complete-signup', 'GET /api/me']);
          expect(warn).toHaveBeenCalledTimes(1);
          expect(warn).toHaveBeenCalledWith('Signup completion failed (continuing):', expect.objectContaining({ status }));
          expect(s.localStorage.getItem(PENDING_CONFIRMATION_KEY)).toBeNull();
          actor.stop();
        } finally {
          vi.useRealTimers();
          warn.mockRestore();
        }
      },
    );

    it('a session without an identity token cannot complete the signup: each attempt is logged, nothing is sent, the sign-up is cleared and the console goes on', async () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
      try {
        const s = services(healthy());
        storedSession(s, { idClaims: { email: EMAIL, 'cognito:username': 'uuid-ada' } });
        s.storage.savePendingConfirmation(CONFIRMED);
        const { actor } = start(s);
        await runUntil(actor, (snapshot) => snapshot.matches({ signedIn: 'authorized' }));
        expect(warn.mock.calls).toEqual(
          Array.from({ length: 3 }, () => [
            'Signup completion failed (continuing):',
            new Error('No identity token: the signup cannot be completed.'),
          ]),
        );
        expect(s.seen.map((r) => r.line)).toEqual(['GET /api/me']);
        expect(s.localStorage.getItem(PENDING_CONFIRMATION_KEY)).toBeNull();
        actor.stop();
      } finally {
        vi.useRealTimers();
        warn.mockRestore();
      }
    });
  });

  it('the signup completion refuses to run without sign-up data', async () => {
    const s = services(healthy());
    const { actors } = authImplementations({ identity: s.identity, api: s.api, storage: s.storage });
    const completion = createActor(actors.completeSignup, { input: { pending: null, email: EMAIL } });
    const failed = new Promise<unknown>((resolve) => completion.subscribe({ error: resolve }));
    completion.start();
    expect(await failed).toEqual(new Error('No sign-up data: the signup cannot be completed.'));
    expect(s.seen).toHaveLength(0);
  });

  it('signing out while the workspace is set up or the account loads aborts that request', async () => {
    for (const held of ['POST /api/complete-signup', 'GET /api/me']) {
      const s = services((line) => (line === held ? 'hold' : healthy()(line)));
      storedSession(s);
      s.storage.savePendingConfirmation(CONFIRMED);
      const { actor, until } = start(s);
      await vi.waitFor(() => expect(s.seen.at(-1)?.line).toBe(held));
      expect(s.seen.at(-1)?.signal.aborted).toBe(false);
      actor.send({ type: 'auth.signOut' });
      await until((snapshot) => snapshot.matches('signedOut'));
      // (the last request is now the sign-out's own, POST /api/session/sign-out)
      expect(s.seen.find((r) => r.line === held)?.signal.aborted).toBe(true);
    }
  });

  it('a member the console does not serve (403 or 404) is told so; any other failure can be tried again', async () => {
    for (const status of [403, 404]) {
      const s = services(() => jsonResponse(status, { message: 'Not a member' }));
      storedSession(s);
      const { actor, until } = start(s);
      await until((snapshot) => !snapshot.hasTag('pending'));
      expect(actor.getSnapshot().value).toEqual({ signedIn: 'notAdministrator' });
      expect(actor.getSnapshot().context.membership).toBeNull();
    }
    const s = services(() => jsonResponse(500, { message: 'Database unavailable' }));
    storedSession(s);
    const { actor, until } = start(s);
    await until((snapshot) => !snapshot.hasTag('pending'));
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'accessFailed' });
    expect(actor.getSnapshot().context.accessError).toBe('Database unavailable');
  });

  it('the membership check answers a 403 or 404 with no membership and its status', async () => {
    for (const status of [403, 404]) {
      const s = services(() => jsonResponse(status, { message: 'Not a member' }));
      storedSession(s);
      const { loadMembership } = authImplementations({ identity: s.identity, api: s.api, storage: s.storage }).actors;
      await expect(toPromise(createActor(loadMembership).start())).resolves.toEqual({ kind: 'noMembership', status });
    }
  });

  it('an identity-provider outage (503) keeps the session: the account check can be tried again, nobody is signed out', async () => {
    const OUTAGE = 'The sign-in service cannot be reached to check your session. Your session is kept: please try again in a moment.';
    let outage = true;
    const s = services((line) => (outage && line === 'GET /api/me' ? jsonResponse(503, { message: OUTAGE }) : healthy()(line)));
    storedSession(s);
    vi.mocked(s.fake.gateway.refresh).mockResolvedValue(tokens(Date.now(), { accessToken: 'access-2' }));
    const { actor, until } = start(s);
    await until((snapshot) => !snapshot.hasTag('pending'));
    expect(actor.getSnapshot().value).toEqual({ signedIn: 'accessFailed' });
    expect(actor.getSnapshot().context.accessError).toBe(OUTAGE);
    expect(s.fake.gateway.refresh).not.toHaveBeenCalled();
    expect(s.fake.stored.size).toBe(1);
    outage = false;
    actor.send({ type: 'auth.retry' });
    await until((snapshot) => snapshot.matches({ signedIn: 'authorized' }));
  });

  it('sign-out revokes the session at Cognito and forgets the remembered users view, even when Cognito fails', async () => {
    for (const fails of [false, true]) {
      const s = services(healthy());
      storedSession(s);
      if (fails) vi.mocked(s.fake.gateway.signOut).mockRejectedValueOnce(new Error('network'));
      s.storage.saveUsersView('?search=ada');
      const { actor, until } = start(s);
      await until((snapshot) => snapshot.matches({ signedIn: 'authorized' }));
      actor.send({ type: 'auth.signOut' });
      await until((snapshot) => snapshot.matches('signedOut'));
      expect(s.fake.gateway.signOut).toHaveBeenCalledWith(EMAIL, 'refresh-1');
      expect(s.storage.loadUsersView()).toBeNull();
    }
  });

  it('sign-out tells the API first (with the session’s token), then revokes at Cognito; an API that fails is logged and the person is signed out', async () => {
    for (const apiFails of [false, true]) {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const s = services((line) =>
        apiFails && line === 'POST /api/session/sign-out' ? jsonResponse(503, { message: 'down' }) : healthy()(line),
      );
      storedSession(s);
      const order: string[] = [];
      vi.mocked(s.fake.gateway.signOut).mockImplementationOnce(async () => {
        order.push(`cognito after ${s.seen.at(-1)?.line ?? 'nothing'}`);
      });
      const { actor, until } = start(s);
      await until((snapshot) => snapshot.matches({ signedIn: 'authorized' }));
      actor.send({ type: 'auth.signOut' });
      await until((snapshot) => snapshot.matches('signedOut'));
      expect(s.seen.map((r) => r.line)).toContain('POST /api/session/sign-out');
      expect(order).toEqual(['cognito after POST /api/session/sign-out']);
      expect(actor.getSnapshot().context.signedOutMessage).toBeNull();
      if (apiFails) expect(warn).toHaveBeenCalledWith(AUTH_LOG_MESSAGES.apiSignOutFailed, expect.anything());
      else expect(warn).not.toHaveBeenCalled();
      warn.mockRestore();
    }
  });

  it('sign out of all devices: the API refuses every token of the account, Cognito signs every device out, this tab forgets its session', async () => {
    const s = services(healthy());
    storedSession(s);
    s.storage.saveUsersView('?search=ada');
    const { actor, until } = start(s);
    await until((snapshot) => snapshot.matches({ signedIn: 'authorized' }));
    actor.send({ type: 'auth.signOutAllDevices' });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    await until((snapshot) => snapshot.matches('signedOut'));
    expect(s.seen.map((r) => r.line)).toContain('POST /api/session/sign-out-all');
    expect(s.fake.gateway.globalSignOut).toHaveBeenCalledWith('access-1');
    expect(s.fake.gateway.signOut).not.toHaveBeenCalled();
    expect(s.fake.stored.size).toBe(0);
    expect(s.storage.loadUsersView()).toBeNull();
    expect(actor.getSnapshot().context.signedOutMessage).toBeNull();
  });

  it('sign out of all devices that fails at the API or at Cognito signs this tab out and says the other devices may not be', async () => {
    for (const where of ['api', 'cognito'] as const) {
      const s = services((line) =>
        where === 'api' && line === 'POST /api/session/sign-out-all'
          ? jsonResponse(500, { message: 'Internal server error' })
          : healthy()(line),
      );
      storedSession(s);
      if (where === 'cognito') vi.mocked(s.fake.gateway.globalSignOut).mockRejectedValueOnce(new Error('Network error'));
      const { actor, until } = start(s);
      await until((snapshot) => snapshot.matches({ signedIn: 'authorized' }));
      actor.send({ type: 'auth.signOutAllDevices' });
      await until((snapshot) => snapshot.matches('signedOut'));
      // Both were tried, whichever failed.
      expect(s.fake.gateway.globalSignOut).toHaveBeenCalled();
      expect(s.seen.map((r) => r.line)).toContain('POST /api/session/sign-out-all');
      expect(s.fake.stored.size).toBe(0);
      expect(actor.getSnapshot().context.signedOutMessage).toBe(AUTH_MESSAGES.allDevicesSignOutFailed);
    }
  });
});

describe('the sign-in flow over the real identity service', () => {
  it('Sign In authenticates at Cognito and opens the console', async () => {
    const s = services(healthy());
    vi.mocked(s.fake.gateway.authenticate).mockResolvedValue({ kind: 'session', tokens: tokens(Date.now()) });
    const { flow, until } = start(s);
    await until((snapshot) => snapshot.matches('signedOut'));
    flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
    await until((snapshot) => snapshot.matches({ signedIn: 'authorized' }));
    expect(s.fake.gateway.authenticate).toHaveBeenCalledWith(EMAIL, PASSWORD);
  });

  it('a first-time password is set at Cognito, then the account is activated on the server', async () => {
    const s = services(healthy());
    const complete = vi.fn(async () => ({ kind: 'session' as const, tokens: tokens(Date.now()) }));
    vi.mocked(s.fake.gateway.authenticate).mockResolvedValue({ kind: 'newPasswordRequired', complete });
    const { flow, until } = start(s);
    await until((snapshot) => snapshot.matches('signedOut'));
    flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
    await waitFor(flow(), (f) => f.matches('newPassword'));
    flow().send({ type: 'auth.newPassword', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    await until((snapshot) => snapshot.matches({ signedIn: 'authorized' }));
    expect(complete).toHaveBeenCalledWith(NEW_PASSWORD);
    expect(s.seen.map((r) => r.line)).toEqual(['POST /users/activate', 'GET /api/me']);
  });

  it('signing out while the account is being activated aborts the activation', async () => {
    const s = services((line) => (line === 'POST /users/activate' ? 'hold' : healthy()(line)));
    const complete = vi.fn(async () => ({ kind: 'session' as const, tokens: tokens(Date.now()) }));
    vi.mocked(s.fake.gateway.authenticate).mockResolvedValue({ kind: 'newPasswordRequired', complete });
    const { actor, flow, until } = start(s);
    await until((snapshot) => snapshot.matches('signedOut'));
    flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
    await waitFor(flow(), (f) => f.matches('newPassword'));
    flow().send({ type: 'auth.newPassword', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    await vi.waitFor(() => expect(s.seen.at(-1)?.line).toBe('POST /users/activate'));
    expect(s.seen.at(-1)?.signal.aborted).toBe(false);
    actor.send({ type: 'auth.signOut' });
    await until((snapshot) => snapshot.matches('signedOut'));
    expect(s.seen.find((r) => r.line === 'POST /users/activate')?.signal.aborted).toBe(true);
  });

  it("the authenticator app's code answers Cognito's challenge", async () => {
    const s = services(healthy());
    const answer = vi.fn(async () => ({ kind: 'session' as const, tokens: tokens(Date.now()) }));
    vi.mocked(s.fake.gateway.authenticate).mockResolvedValue({ kind: 'totp', answer });
    const { flow, until } = start(s);
    await until((snapshot) => snapshot.matches('signedOut'));
    flow().send({ type: 'auth.signIn', username: EMAIL, password: PASSWORD });
    await waitFor(flow(), (f) => f.matches('mfa'));
    flow().getSnapshot().children.mfaChallenge?.send({ type: 'mfa.submit', code: '123456' });
    await until((snapshot) => snapshot.matches({ signedIn: 'authorized' }));
    expect(answer).toHaveBeenCalledWith('123456');
  });

  it('Create Account signs up at Cognito, keeps the sign-up in the browser, and the emailed code confirms it', async () => {
    const s = services(healthy());
    vi.mocked(s.fake.gateway.signUp).mockResolvedValue({ userConfirmed: false });
    vi.mocked(s.fake.gateway.resendConfirmationCode).mockResolvedValue(undefined);
    vi.mocked(s.fake.gateway.confirmSignUp).mockResolvedValue(undefined);
    const { flow, until } = start(s);
    await until((snapshot) => snapshot.matches('signedOut'));
    flow().send({ type: 'auth.showSignUp' });
    flow().send({
      type: 'auth.signUp',
      fullName: 'Ada Lovelace',
      email: EMAIL,
      phoneNumber: '5551234567',
      organization: 'Summit Builders',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    });
    await waitFor(flow(), (f) => f.matches('confirmEmail'));
    expect(s.fake.gateway.signUp).toHaveBeenCalledWith({
      username: EMAIL,
      password: PASSWORD,
      attributes: { email: EMAIL, phone_number: '+15551234567', 'custom:organization': 'Summit Builders', name: 'Ada Lovelace' },
    });
    expect(s.storage.loadPendingConfirmation()).toEqual({ ...CONFIRMED, isRequired: true });

    flow().getSnapshot().children.resendCode?.send({ type: 'resend.send' });
    await vi.waitFor(() => expect(s.fake.gateway.resendConfirmationCode).toHaveBeenCalledWith(EMAIL));

    flow().send({ type: 'auth.confirm', code: '123456' });
    await waitFor(flow(), (f) => f.matches('signIn'));
    expect(s.fake.gateway.confirmSignUp).toHaveBeenCalledWith(EMAIL, '123456');
    expect(s.storage.loadPendingConfirmation()).toEqual(CONFIRMED);
  });

  it("'Try signing up again' removes the kept sign-up from the browser", async () => {
    const s = services(healthy());
    s.storage.savePendingConfirmation({ ...CONFIRMED, isRequired: true });
    const { flow, until } = start(s);
    await until((snapshot) => snapshot.matches('signedOut'));
    flow().send({ type: 'auth.restartSignUp' });
    expect(s.localStorage.getItem(PENDING_CONFIRMATION_KEY)).toBeNull();
  });

  it('Forgot password asks Cognito for a code and sets the new password with it', async () => {
    const s = services(healthy());
    vi.mocked(s.fake.gateway.forgotPassword).mockResolvedValue(undefined);
    vi.mocked(s.fake.gateway.confirmForgotPassword).mockResolvedValue(undefined);
    const { flow, until } = start(s);
    await until((snapshot) => snapshot.matches('signedOut'));
    flow().send({ type: 'auth.forgotPassword', email: EMAIL });
    const reset = flow().getSnapshot().children.forgotPassword;
    if (!reset) throw new Error('no Reset Password');
    reset.send({ type: 'forgot.sendCode', email: EMAIL });
    await waitFor(reset, (r) => r.matches({ resetPassword: 'idle' }));
    expect(s.fake.gateway.forgotPassword).toHaveBeenCalledWith(EMAIL);
    reset.send({ type: 'forgot.reset', code: '654321', password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    await waitFor(flow(), (f) => f.matches('signIn'));
    expect(s.fake.gateway.confirmForgotPassword).toHaveBeenCalledWith(EMAIL, '654321', NEW_PASSWORD);
  });
});

describe('the signup-completion payload', () => {
  it('is the sign-up as kept, trimmed, with the account id', () => {
    const kept = {
      ...CONFIRMED,
      email: ` ${EMAIL} `,
      signupData: { ...CONFIRMED.signupData, fullName: ' Ada ', organization: ' Summit ' },
    };
    expect(completeSignupPayload(kept, 'other@example.com', 'sub-1')).toEqual({
      fullName: 'Ada',
      email: EMAIL,
      phoneNumber: '+15551234567',
      organization: 'Summit',
      cognitoUserId: 'sub-1',
    });
  });

  it('without a full name, uses the part of the email before the at sign', () => {
    const kept = { ...CONFIRMED, signupData: { ...CONFIRMED.signupData, fullName: '  ' } };
    expect(completeSignupPayload(kept, EMAIL, 'sub-1').fullName).toBe('ada');
  });

  it('without a kept email, uses the email signed in with', () => {
    expect(completeSignupPayload({ ...CONFIRMED, email: '' }, ' grace@example.com ', 'sub-1')).toMatchObject({
      email: 'grace@example.com',
      fullName: 'Ada Lovelace',
    });
  });
});
