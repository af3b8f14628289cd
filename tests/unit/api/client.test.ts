// @vitest-environment node
/**
 * The API client against a real HTTP server on 127.0.0.1: parsing, the SPEC §8 error rule,
 * schema checks, cancellation, timeouts, the bearer token and the single-flight refresh on 401.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi, type ProductApi } from '../../../src/services/api';
import { AHEAD_MAX_AGE_MS, createApiClient, type ApiClientOptions } from '../../../src/services/api/client';
import { ApiRequestError, ApiResponseError, NetworkError, isAbortError, messageOf } from '../../../src/services/api/errors';
import { gate, nextTurn, sendJson, startTestServer, type TestServer } from './test-server';

const user = (userId: string) => ({
  userId,
  name: 'Dana Reyes',
  email: 'dana@summit.test',
  phoneNumber: '+15551234567',
  role: 'Supervisor',
  hasLicense: true,
  isActive: true,
  createdAt: '2026-01-05T15:04:00.000Z',
  devicePhoneNumber: null,
  lastActiveAt: null,
  version: 1,
});
const stats = { total: 3, active: 2, pending: 1, licensed: 1 };
/** A member's billing as POST /api/admin/billing/user answers it: on a trial, nothing on file. */
const memberBilling = (userId: string) => ({
  userId,
  name: 'Dana Reyes',
  email: 'dana@summit.test',
  accessLevel: 'trial',
  trialDaysRemaining: 5,
  subscription: null,
  paymentMethods: [],
  recentInvoices: [],
});

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  // Handlers held at a gate are cut off here: closing the server destroys their sockets.
  await server.close();
});

/** Waits until the server has received `count` requests. */
const received = (count: number) => vi.waitFor(() => expect(server.requests).toHaveLength(count));

function options(overrides: Partial<ApiClientOptions> = {}): ApiClientOptions {
  return {
    baseUrl: server.url,
    getAccessToken: () => Promise.resolve('token-1'),
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: () => undefined,
    ...overrides,
  };
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('responses', () => {
  it('takes a 204 whose response carries an empty body stream, as Chromium gives it', async () => {
    // The browser's fetch at the boundary: Chromium's 204 has a non-null (empty) body, which Node's does not.
    const chromiumLike = (() =>
      Promise.resolve({
        status: 204,
        statusText: 'No Content',
        headers: new Headers(),
        body: new ReadableStream(),
        arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)),
      } as unknown as Response)) as typeof fetch;
    const client = createApiClient(options({ fetch: chromiumLike }));
    await expect(client.send({ operation: 't', method: 'POST', path: '/nothing' })).resolves.toBeUndefined();
  });

  it('parses JSON when the content type says JSON, text otherwise', async () => {
    const client = createApiClient(options());
    server.handle = (req, res) => {
      if (req.url === '/json') sendJson(res, 200, { a: 1 });
      else if (req.url === '/problem') {
        res.writeHead(200, { 'content-type': 'application/problem+json' });
        res.end('{"b":2}');
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('{"looks":"like json"}');
      }
    };
    await expect(client.send({ operation: 't', method: 'GET', path: '/json' })).resolves.toEqual({ a: 1 });
    await expect(client.send({ operation: 't', method: 'GET', path: '/problem' })).resolves.toEqual({ b: 2 });
    await expect(client.send({ operation: 't', method: 'GET', path: '/text' })).resolves.toBe('{"looks":"like json"}');
  });

  it('resolves an empty answer (204) as undefined', async () => {
    server.handle = (_req, res) => {
      res.writeHead(204);
      res.end();
    };
    const api = createApi(options());
    await expect(api.users.remove('u1')).resolves.toBeUndefined();
    expect(server.requests[0]).toMatchObject({ method: 'DELETE', url: '/api/users/u1' });
  });

  it('sends the JSON content type and the bearer token when a session exists', async () => {
    server.handle = (_req, res) => sendJson(res, 200, stats);
    await createApi(options({ getAccessToken: () => Promise.resolve('abc.def') })).users.stats();
    expect(server.requests[0]?.headers.authorization).toBe('Bearer abc.def');
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends no Authorization header without a session', async () => {
    server.handle = (_req, res) => sendJson(res, 200, stats);
    await createApi(options({ getAccessToken: () => Promise.resolve(null) })).users.stats();
    expect(server.requests[0]?.headers).not.toHaveProperty('authorization');
  });

  it('keeps a path prefix of the base URL', async () => {
    server.handle = (_req, res) => sendJson(res, 200, stats);
    await createApi(options({ baseUrl: `${server.url}/prod/` })).users.stats();
    expect(server.requests[0]?.url).toBe('/prod/api/users/stats');
  });
});

describe('errors (SPEC §8)', () => {
  it("uses the body's message field and carries status and data", async () => {
    const body = { message: 'name is required', field: 'name' };
    server.handle = (_req, res) => sendJson(res, 400, body);
    const error = await rejection(createApi(options()).users.create({ name: '', email: 'a@b.co', phoneNumber: '+15551234567' }));
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ message: 'name is required', status: 400, data: body });
  });

  it("falls back to 'HTTP status: text' for a text body", async () => {
    server.handle = (_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
    };
    const error = await rejection(createApi(options()).users.stats());
    expect(error).toMatchObject({ message: 'HTTP 500: Internal Server Error', status: 500, data: 'boom' });
  });

  it("falls back to 'HTTP status: text' for JSON without a message, with the server's status text", async () => {
    server.handle = (_req, res) => {
      res.writeHead(418, 'Short and stout', { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'teapot' }));
    };
    const error = await rejection(createApi(options()).users.stats());
    expect(error).toMatchObject({ message: 'HTTP 418: Short and stout', status: 418, data: { error: 'teapot' } });
  });

  it('says "Too many requests. Try again in N seconds." for a 429, N from Retry-After, whatever the body says', async () => {
    server.handle = (req, res) => {
      if (req.url?.startsWith('/api/users/export')) {
        res.writeHead(429, { 'content-type': 'text/html', 'retry-after': '42' });
        res.end('<h1>Slow down</h1>');
      } else {
        res.writeHead(429, { 'content-type': 'application/json', 'retry-after': new Date(Date.now() + 90_000).toUTCString() });
        res.end(JSON.stringify({ message: 'Rate exceeded' }));
      }
    };
    const api = createApi(options());
    const exported = await rejection(api.users.export({}));
    expect(exported).toBeInstanceOf(ApiRequestError);
    expect(exported).toMatchObject({ message: 'Too many requests. Try again in 42 seconds.', status: 429, retryAfterSeconds: 42 });
    // An HTTP date (a proxy's): the seconds until then, rounded up.
    const asked = (await rejection(api.copilot.ask('Who is active?'))) as ApiRequestError;
    expect(asked.status).toBe(429);
    expect(asked.retryAfterSeconds).toBeGreaterThanOrEqual(89);
    expect(asked.retryAfterSeconds).toBeLessThanOrEqual(91);
    expect(asked.message).toBe(`Too many requests. Try again in ${asked.retryAfterSeconds} seconds.`);
  });

  it("keeps the body's message for a 429 without Retry-After", async () => {
    server.handle = (_req, res) => sendJson(res, 429, { message: 'Slow down' });
    const error = await rejection(createApi(options()).users.stats());
    expect(error).toMatchObject({ message: 'Slow down', status: 429, retryAfterSeconds: null });
  });

  it('reports a response that does not match its schema, naming the call', async () => {
    server.handle = (_req, res) => sendJson(res, 200, { users: [{ userId: 7 }], total: 1, page: 1, limit: 25 });
    const error = await rejection(createApi(options()).users.list());
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as ApiResponseError).message).toBe('The server sent an unexpected response for users.list.');
    expect((error as ApiResponseError).issues.length).toBeGreaterThan(0);
    expect((error as ApiResponseError).details).toContain('userId');
  });

  it('reports malformed JSON as an unexpected response', async () => {
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"total": 3, ');
    };
    const error = await rejection(createApi(options()).users.stats());
    expect(error).toBeInstanceOf(ApiResponseError);
    expect((error as Error).message).toBe('The server sent an unexpected response for users.stats.');
  });

  it('turns a refused connection into NetworkError', async () => {
    const closed = server.url;
    await server.close();
    const error = await rejection(createApi(options({ baseUrl: closed })).users.stats());
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).message).toBe('Cannot reach the server. Check your connection and try again.');
    server = await startTestServer();
  });

  it('turns a connection dropped mid-answer into NetworkError', async () => {
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      // Cut once the first half of the body is on its way.
      res.write('{"total":', () => res.socket?.destroy());
    };
    const error = await rejection(createApi(options()).users.stats());
    expect(error).toBeInstanceOf(NetworkError);
  });

  it('messageOf gives an Error message or the fallback', () => {
    expect(messageOf(new ApiRequestError(404, 'Not Found', { message: 'User not found' }), 'Failed to fetch users')).toBe('User not found');
    expect(messageOf('a string', 'Failed to fetch users')).toBe('Failed to fetch users');
    expect(messageOf(new Error(''), 'Unknown error')).toBe('Unknown error');
    expect(messageOf(undefined, 'Unknown error')).toBe('Unknown error');
  });
});

describe('cancellation and timeouts', () => {
  it("a caller's abort rejects with an AbortError even though the server answers later", async () => {
    const answer = gate();
    server.handle = async (_req, res) => {
      await answer.passed;
      sendJson(res, 200, stats);
    };
    const controller = new AbortController();
    const pending = createApi(options()).users.stats({ signal: controller.signal });
    await received(1);
    controller.abort();
    const error = await rejection(pending);
    expect(isAbortError(error)).toBe(true);
    answer.open();
  });

  it('a slow answer for an old search never lands after a newer one', async () => {
    const oldAnswer = gate();
    const oldSent = gate();
    server.handle = async (req, res) => {
      const search = new URL(req.url, server.url).searchParams.get('search');
      if (search === 'old') await oldAnswer.passed;
      sendJson(res, 200, { users: [user(search ?? 'none')], total: 1, page: 1, limit: 25 });
      if (search === 'old') oldSent.open();
    };
    const api = createApi(options());
    const shown: string[] = [];
    const first = new AbortController();
    const old = rejection(
      api.users.list({ search: 'old' }, { signal: first.signal }).then((r) => shown.push(...r.users.map((u) => u.userId))),
    );
    await received(1);
    first.abort();
    const second = new AbortController();
    await api.users.list({ search: 'new' }, { signal: second.signal }).then((r) => shown.push(...r.users.map((u) => u.userId)));
    expect(isAbortError(await old)).toBe(true);
    // Now the old answer goes out: it must not land.
    oldAnswer.open();
    await oldSent.passed;
    await nextTurn();
    expect(shown).toEqual(['new']);
  });

  it('an already aborted signal sends nothing', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(createApi(options()).users.stats({ signal: controller.signal }));
    expect(isAbortError(error)).toBe(true);
    expect(server.requests).toHaveLength(0);
  });

  it('times out with a clear NetworkError', async () => {
    // The server never answers.
    server.handle = () => undefined;
    const error = await rejection(createApi(options({ timeoutMs: 80 })).users.stats());
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ timedOut: true, message: 'The server took too long to answer. Please try again.' });
    expect(isAbortError(error)).toBe(false);
  });

  it('times out while the body is still streaming', async () => {
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"total":3,');
    };
    const error = await rejection(createApi(options({ timeoutMs: 120 })).users.stats());
    expect(error).toMatchObject({ timedOut: true });
  });

  it('gives complete-signup its own 30 s timeout instead of the default', async () => {
    const signupAnswer = gate();
    server.handle = async (req, res) => {
      // Other calls are never answered; complete-signup once the test opens the gate.
      if (req.url !== '/api/complete-signup') return;
      await signupAnswer.passed;
      sendJson(res, 200, { organizationId: 'o1', devicePhoneNumber: '+15550001111', message: 'ok' });
    };
    const api = createApi(options({ timeoutMs: 80 }));
    const body = {
      fullName: 'Dana',
      email: 'dana@summit.test',
      phoneNumber: '+15551234567',
      organization: 'Summit',
      cognitoUserId: 'sub-1',
    };
    const signup = api.completeSignup(body);
    await received(1);
    // A call with the default timeout, sent after complete-signup, times out while complete-signup waits on.
    await expect(api.users.stats()).rejects.toMatchObject({ timedOut: true });
    signupAnswer.open();
    await expect(signup).resolves.toEqual({ organizationId: 'o1', devicePhoneNumber: '+15550001111', message: 'ok' });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual(body);
  });
});

describe('one retry of a GET after a network error or a 503', () => {
  it('a GET that meets a 503 is sent once more, and its answer used', async () => {
    let calls = 0;
    server.handle = (_req, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 503, { message: 'Restarting' });
      else sendJson(res, 200, stats);
    };
    await expect(createApi(options()).users.stats()).resolves.toEqual(stats);
    expect(server.requests).toHaveLength(2);
  });

  it('a GET whose connection drops is sent once more', async () => {
    let calls = 0;
    server.handle = (_req, res) => {
      calls += 1;
      if (calls === 1) res.socket?.destroy();
      else sendJson(res, 200, stats);
    };
    await expect(createApi(options()).users.stats()).resolves.toEqual(stats);
    expect(server.requests).toHaveLength(2);
  });

  it("only once: a second 503 fails the call with the server's message", async () => {
    server.handle = (_req, res) => sendJson(res, 503, { message: 'Down for maintenance' });
    const error = await rejection(createApi(options()).users.stats());
    expect(error).toMatchObject({ status: 503, message: 'Down for maintenance' });
    expect(server.requests).toHaveLength(2);
  });

  it('an identity-provider outage (503 from the API) keeps the session: no refresh, no sign-out, however often it answers so', async () => {
    // What the API answers when it cannot fetch the pool's signing keys (server/core/auth.ts).
    const OUTAGE = 'The sign-in service cannot be reached to check your session. Your session is kept: please try again in a moment.';
    server.handle = (_req, res) => sendJson(res, 503, { message: OUTAGE });
    const refreshAccessToken = vi.fn(() => Promise.resolve('token-2'));
    const onSessionExpired = vi.fn();
    const api = createApi(options({ refreshAccessToken, onSessionExpired }));
    for (let round = 0; round < 3; round += 1) {
      expect(await rejection(api.users.stats())).toMatchObject({ status: 503, message: OUTAGE });
      expect(await rejection(api.users.create({ name: 'Dana', email: 'a@b.co', phoneNumber: '+15551234567' }))).toMatchObject({
        status: 503,
        message: OUTAGE,
      });
    }
    expect(refreshAccessToken).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('a change is never sent twice, and other errors and timeouts are not retried', async () => {
    server.handle = (_req, res) => sendJson(res, 503, { message: 'Restarting' });
    await rejection(createApi(options()).users.create({ name: 'Dana', email: 'a@b.co', phoneNumber: '+15551234567' }));
    expect(server.requests).toHaveLength(1);

    server.requests.length = 0;
    server.handle = (_req, res) => sendJson(res, 500, { message: 'Bug' });
    await rejection(createApi(options()).users.stats());
    expect(server.requests).toHaveLength(1);

    server.requests.length = 0;
    server.handle = () => undefined; // never answers
    expect(await rejection(createApi(options({ timeoutMs: 80 })).users.stats())).toMatchObject({ timedOut: true });
    expect(server.requests).toHaveLength(1);
  });

  it('a 503, then a 401: the GET is retried, refreshed and replayed (three requests, no more)', async () => {
    let calls = 0;
    server.handle = (req, res) => {
      calls += 1;
      if (calls === 1) sendJson(res, 503, { message: 'Restarting' });
      else if (req.headers.authorization === 'Bearer token-1') sendJson(res, 401, { message: 'Expired' });
      else sendJson(res, 200, stats);
    };
    const refresh = vi.fn(() => Promise.resolve('token-2'));
    await expect(createApi(options({ refreshAccessToken: refresh })).users.stats()).resolves.toEqual(stats);
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer token-1', 'Bearer token-1', 'Bearer token-2']);
    expect(refresh).toHaveBeenCalledTimes(1);
  });
});

describe('401: single-flight refresh and one retry', () => {
  /**
   * Accepts only `valid`; answers 401 to anything else. `holdRefused(n)` may hold the 401 of the
   * n-th request (from 0) until a promise settles; `refused` counts the 401s sent.
   */
  function authServer(valid: () => string, holdRefused: (index: number) => Promise<void> | undefined = () => undefined) {
    let index = 0;
    const refused = { count: 0 };
    server.handle = async (req, res) => {
      const n = index++;
      if (req.headers.authorization === `Bearer ${valid()}`) return sendJson(res, 200, stats);
      await holdRefused(n);
      refused.count += 1;
      sendJson(res, 401, { message: 'Token expired' });
    };
    return refused;
  }

  /** A session whose refresh finishes once `until` settles (at once by default). */
  function session(initial: string, until: () => Promise<void> = () => Promise.resolve()) {
    let token = initial;
    const refresh = vi.fn(async () => {
      await until();
      token = `${initial}-refreshed`;
      return token;
    });
    const expired = vi.fn();
    const api = createApi(
      options({ getAccessToken: () => Promise.resolve(token), refreshAccessToken: refresh, onSessionExpired: expired }),
    );
    return { api, refresh, expired, current: () => token };
  }

  it('ten concurrent 401s cause one refresh and ten retried successes', async () => {
    // The refresh finishes only once all ten 401s have been sent: every one of them meets it running.
    let refused = { count: 0 };
    const s = session('stale', () => vi.waitFor(() => expect(refused.count).toBe(10)));
    refused = authServer(() => 'stale-refreshed');
    const results = await Promise.all(Array.from({ length: 10 }, () => s.api.users.stats()));
    expect(results).toEqual(Array.from({ length: 10 }, () => stats));
    expect(s.refresh).toHaveBeenCalledTimes(1);
    expect(s.expired).not.toHaveBeenCalled();
    const auths = server.requests.map((r) => r.headers.authorization);
    expect(auths.filter((a) => a === 'Bearer stale')).toHaveLength(10);
    expect(auths.filter((a) => a === 'Bearer stale-refreshed')).toHaveLength(10);
  });

  it('401s that arrive after the refresh has finished reuse its token instead of refreshing again', async () => {
    const s = session('stale');
    // The first request's 401 goes out at once; the other nine only once its refresh has finished.
    const refreshFinished = async () => {
      await vi.waitFor(() => expect(s.refresh).toHaveBeenCalledTimes(1));
      await s.refresh.mock.results[0]?.value;
      await nextTurn();
    };
    authServer(
      () => 'stale-refreshed',
      (n) => (n === 0 ? undefined : refreshFinished()),
    );
    const results = await Promise.all(Array.from({ length: 10 }, () => s.api.users.stats()));
    expect(results).toHaveLength(10);
    expect(s.refresh).toHaveBeenCalledTimes(1);
  });

  it('a second 401 signs out once and fails every call with the 401 error', async () => {
    const s = session('stale');
    authServer(() => 'never');
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => s.api.users.stats()));
    expect(s.refresh).toHaveBeenCalledTimes(1);
    expect(s.expired).toHaveBeenCalledTimes(1);
    for (const outcome of outcomes) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') {
        expect(outcome.reason).toBeInstanceOf(ApiRequestError);
        expect(outcome.reason).toMatchObject({ status: 401, message: 'Token expired' });
      }
    }
    // Each call was tried twice: once with the stale token, once with the refreshed one.
    expect(server.requests).toHaveLength(20);
  });

  it('a refresh that resolves null signs out once, without a retry', async () => {
    const expired = vi.fn();
    const refresh = vi.fn(() => Promise.resolve(null));
    authServer(() => 'never');
    const api = createApi(options({ refreshAccessToken: refresh, onSessionExpired: expired }));
    const outcomes = await Promise.allSettled([api.users.stats(), api.users.stats(), api.users.stats()]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(server.requests).toHaveLength(3);
  });

  it("a refresh refused by the identity service (kind 'auth') signs out", async () => {
    const expired = vi.fn();
    authServer(() => 'never');
    const api = createApi(
      options({
        refreshAccessToken: () => Promise.reject(Object.assign(new Error('Refresh Token has been revoked'), { kind: 'auth' })),
        onSessionExpired: expired,
      }),
    );
    const error = await rejection(api.users.stats());
    expect(error).toMatchObject({ status: 401 });
    expect(expired).toHaveBeenCalledTimes(1);
  });

  it('a network failure during the refresh fails with NetworkError and keeps the session', async () => {
    let online = false;
    let token = 'stale';
    const expired = vi.fn();
    const refresh = vi.fn(async () => {
      if (!online) throw Object.assign(new Error('Network error'), { kind: 'network' });
      token = 'fresh';
      return token;
    });
    authServer(() => 'fresh');
    const api = createApi(
      options({ getAccessToken: () => Promise.resolve(token), refreshAccessToken: refresh, onSessionExpired: expired }),
    );
    const error = await rejection(api.users.stats());
    expect(error).toBeInstanceOf(NetworkError);
    expect(expired).not.toHaveBeenCalled();
    online = true;
    await expect(api.users.stats()).resolves.toEqual(stats);
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(expired).not.toHaveBeenCalled();
  });

  it('an abort while waiting for the refresh rejects with AbortError', async () => {
    const refreshDone = gate();
    const s = session('stale', () => refreshDone.passed);
    authServer(() => 'stale-refreshed');
    const controller = new AbortController();
    const pending = s.api.users.stats({ signal: controller.signal });
    await vi.waitFor(() => expect(s.refresh).toHaveBeenCalledTimes(1));
    controller.abort();
    expect(isAbortError(await rejection(pending))).toBe(true);
    refreshDone.open();
  });
});

describe('calls (SPEC §7)', () => {
  let api: ProductApi;
  beforeEach(() => {
    api = createApi(options());
  });

  const lastUrl = () => new URL(server.requests.at(-1)?.url ?? '', server.url);
  const lastBody = (): unknown => JSON.parse(server.requests.at(-1)?.body ?? 'null');

  it("users.list omits role and status when 'all' and an empty search", async () => {
    server.handle = (_req, res) => sendJson(res, 200, { users: [user('u1')], total: 1, page: 1, limit: 25 });
    await api.users.list({ role: 'all', status: 'all', search: '   ' });
    expect(lastUrl().pathname).toBe('/api/users');
    expect(lastUrl().search).toBe('');
    const result = await api.users.list({ page: 2, limit: 50, search: ' 555 ', role: 'Project Manager', status: 'pending' });
    expect(Object.fromEntries(lastUrl().searchParams)).toEqual({
      page: '2',
      limit: '50',
      search: '555',
      role: 'Project Manager',
      status: 'pending',
    });
    expect(result.users[0]?.userId).toBe('u1');
  });

  it('unwraps { user } answers', async () => {
    server.handle = (req, res) => sendJson(res, 200, { user: user(req.url.includes('u9') ? 'u9' : 'new') });
    await expect(api.users.get('u9')).resolves.toMatchObject({ userId: 'u9' });
    await expect(api.users.setLicense('u9', true)).resolves.toMatchObject({ userId: 'u9' });
    expect(server.requests.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/users/u9/toggle-license' });
    expect(lastBody()).toEqual({ hasLicense: true });
    await api.users.setStatus('u9', false);
    expect(server.requests.at(-1)).toMatchObject({ method: 'PATCH', url: '/api/users/u9/toggle-status' });
    expect(lastBody()).toEqual({ isActive: false });
    await api.users.update('u9', { role: 'Admin' });
    expect(server.requests.at(-1)).toMatchObject({ method: 'PUT', url: '/api/users/u9' });
    const invited = await api.users.invite({
      name: 'Lee',
      email: 'lee@summit.test',
      phoneNumber: '+15559876543',
      role: 'Field Worker',
      hasLicense: false,
      isActive: true,
    });
    expect(invited.userId).toBe('new');
    expect(server.requests.at(-1)).toMatchObject({ method: 'POST', url: '/api/users/invite' });
    expect(lastBody()).toEqual({
      name: 'Lee',
      email: 'lee@summit.test',
      phoneNumber: '+15559876543',
      role: 'Field Worker',
      hasLicense: false,
      isActive: true,
    });
  });

  it('escapes ids in paths', async () => {
    server.handle = (_req, res) => sendJson(res, 200, { user: user('a/b') });
    await api.users.get('a/b?x');
    expect(server.requests[0]?.url).toBe('/api/users/a%2Fb%3Fx');
  });

  it('users.bulkUpdate sends userIds and updates', async () => {
    server.handle = (_req, res) => sendJson(res, 200, { updated: 2 });
    await expect(api.users.bulkUpdate({ userIds: ['u1', 'u2'], updates: { hasLicense: true } })).resolves.toEqual({ updated: 2 });
    expect(server.requests[0]).toMatchObject({ method: 'PATCH', url: '/api/users/bulk' });
    expect(lastBody()).toEqual({ userIds: ['u1', 'u2'], updates: { hasLicense: true } });
  });

  it('activateUser posts to /users/activate and ignores the answer', async () => {
    server.handle = (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('activated');
    };
    await expect(api.activateUser()).resolves.toBeUndefined();
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/users/activate', body: '' });
  });

  it('billing calls send their bodies and query', async () => {
    server.handle = (req, res) => {
      if (req.url.startsWith('/api/admin/billing/update-subscription'))
        sendJson(res, 200, { requiresPayment: true, clientSecret: 'seti_secret' });
      else if (req.url.startsWith('/api/admin/billing/update-payment-method'))
        sendJson(res, 200, { hostedUrl: 'https://billing.example.com/p/1' });
      else sendJson(res, 200, { message: 'Subscription updated' });
    };
    await expect(api.billing.updateSubscription('u 1', 'pro')).resolves.toEqual({ requiresPayment: true, clientSecret: 'seti_secret' });
    expect(lastUrl().pathname).toBe('/api/admin/billing/update-subscription');
    expect(lastUrl().searchParams.get('userId')).toBe('u 1');
    expect(lastBody()).toEqual({ planType: 'pro' });

    await expect(api.billing.completeSubscription('u1', { setupIntentId: 'seti_1', planType: 'lite' })).resolves.toBeUndefined();
    expect(lastUrl().pathname).toBe('/api/admin/billing/complete-subscription');
    expect(lastUrl().searchParams.get('userId')).toBe('u1');
    expect(lastBody()).toEqual({ setupIntentId: 'seti_1', planType: 'lite' });

    await expect(api.billing.updatePaymentMethod('u1')).resolves.toEqual({ hostedUrl: 'https://billing.example.com/p/1' });
    expect(lastBody()).toEqual({ userId: 'u1' });
  });

  it('cancelSubscription omits a blank reason and sends a given one', async () => {
    server.handle = (_req, res) => sendJson(res, 200, { message: 'Subscription will cancel at period end' });
    await expect(api.billing.cancelSubscription({ userId: 'u1', cancelAtPeriodEnd: true, reason: '  ' })).resolves.toEqual({
      message: 'Subscription will cancel at period end',
    });
    expect(lastBody()).toEqual({ userId: 'u1', cancelAtPeriodEnd: true });
    await api.billing.cancelSubscription({ userId: 'u1', cancelAtPeriodEnd: false });
    expect(lastBody()).toEqual({ userId: 'u1', cancelAtPeriodEnd: false });
    await api.billing.cancelSubscription({ userId: 'u1', cancelAtPeriodEnd: false, reason: ' Too expensive ' });
    expect(lastBody()).toEqual({ userId: 'u1', cancelAtPeriodEnd: false, reason: 'Too expensive' });
  });

  it('copilot.ask sends isAdmin and unwraps a nested result', async () => {
    const sources = [{ id: 's1', type: 'call', title: 'Call with site A' }];
    server.handle = (req, res) => {
      const { query } = JSON.parse(req.body) as { query: string };
      if (query === 'nested') sendJson(res, 200, { result: { result: 'Nested answer' }, sources, webSearchUsed: true });
      else sendJson(res, 200, { result: 'Plain answer' });
    };
    await expect(api.copilot.ask('nested')).resolves.toEqual({ text: 'Nested answer', sources, webSearchUsed: true });
    expect(lastBody()).toEqual({ query: 'nested', isAdmin: true });
    await expect(api.copilot.ask('plain', { timeZone: 'America/Los_Angeles' })).resolves.toEqual({
      text: 'Plain answer',
      sources: [],
      webSearchUsed: false,
    });
    expect(lastBody()).toEqual({ query: 'plain', isAdmin: true, timeZone: 'America/Los_Angeles' });
  });

  it('billing.user posts the user id and parses the billing', async () => {
    const billing = { ...memberBilling('u1'), extra: 'dropped' };
    server.handle = (_req, res) => sendJson(res, 200, billing);
    const result = await api.billing.user('u1');
    expect(result).toEqual({ ...billing, extra: undefined, subscription: null });
    expect(result).not.toHaveProperty('extra');
    expect(server.requests[0]).toMatchObject({ method: 'POST', url: '/api/admin/billing/user' });
    expect(lastBody()).toEqual({ userId: 'u1' });
  });
});

describe('reads made ahead of need (ReadOptions.ahead)', () => {
  const page = (id: string) => ({ users: [user(id)], total: 1, page: 1, limit: 25 });
  const listRequests = () => server.requests.filter((r) => r.url.startsWith('/api/users?'));

  it('the first call for the same path and query takes the answer instead of asking again; once', async () => {
    let n = 0;
    server.handle = (_req, res) => sendJson(res, 200, page(`u${++n}`));
    const api = createApi(options());
    const early = api.users.list({ page: 1, limit: 25, sort: '-created' }, { ahead: true });
    await early;
    // The same query spelled differently ('all' filters and a blank search are left out of the URL).
    const taken = await api.users.list({ page: 1, limit: 25, sort: '-created', role: 'all', status: 'all', search: ' ' });
    expect(taken.users[0]?.userId).toBe('u1');
    expect(listRequests()).toHaveLength(1);
    // Taken once: the next call asks the server.
    expect((await api.users.list({ page: 1, limit: 25, sort: '-created' })).users[0]?.userId).toBe('u2');
    expect(listRequests()).toHaveLength(2);
  });

  it('a call that comes while the read is still on its way waits for it rather than asking again', async () => {
    const answer = gate();
    server.handle = async (_req, res) => {
      await answer.passed;
      sendJson(res, 200, stats);
    };
    const api = createApi(options());
    void api.users.stats({ ahead: true });
    await received(1);
    const call = api.users.stats();
    answer.open();
    await expect(call).resolves.toEqual(stats);
    expect(server.requests).toHaveLength(1);
  });

  it('another query, another path or a change asks the server itself', async () => {
    server.handle = (req, res) => sendJson(res, 200, req.url.startsWith('/api/users/stats') ? stats : page('u1'));
    const api = createApi(options());
    await api.users.list({ page: 1, limit: 25 }, { ahead: true });
    await api.users.list({ page: 2, limit: 25 });
    await api.users.stats();
    expect(server.requests.map((r) => r.url)).toEqual(['/api/users?page=1&limit=25', '/api/users?page=2&limit=25', '/api/users/stats']);
  });

  it.each([
    ['just inside the age limit it is taken', AHEAD_MAX_AGE_MS, 1],
    [`an answer older than ${AHEAD_MAX_AGE_MS / 1000} s is not shown: the call asks again`, AHEAD_MAX_AGE_MS + 1, 2],
  ])('%s', async (_name, age, requests) => {
    let n = 0;
    server.handle = (_req, res) => sendJson(res, 200, { ...stats, total: ++n });
    const api = createApi(options());
    const now = vi.spyOn(Date, 'now');
    now.mockReturnValue(1_000_000);
    await api.users.stats({ ahead: true });
    now.mockReturnValue(1_000_000 + age);
    await expect(api.users.stats()).resolves.toMatchObject({ total: requests });
    expect(server.requests).toHaveLength(requests);
  });

  it("a POST that only reads (a member's billing) is kept by its body: the same member takes it, another asks", async () => {
    server.handle = (req, res) => sendJson(res, 200, memberBilling(req.body === '{"userId":"u2"}' ? 'u2' : 'u1'));
    const api = createApi(options());
    await api.billing.user('u1', { ahead: true });
    expect((await api.billing.user('u2')).userId).toBe('u2');
    expect((await api.billing.user('u1')).userId).toBe('u1');
    expect(server.requests.map((r) => r.body)).toEqual(['{"userId":"u1"}', '{"userId":"u2"}']);
    // Taken once: the next call asks the server.
    await api.billing.user('u1');
    expect(server.requests).toHaveLength(3);
  });

  it("the read's failure is the call's, without a second request (the call was made early, not twice)", async () => {
    server.handle = (_req, res) => sendJson(res, 500, { message: 'Database unavailable' });
    const api = createApi(options());
    await expect(api.billing.overview({ ahead: true })).rejects.toBeInstanceOf(ApiRequestError);
    const error = await rejection(api.billing.overview());
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).message).toBe('Database unavailable');
    expect(server.requests).toHaveLength(1);
  });

  it('a 401 neither refreshes nor signs out from the read; the call asks again and refreshes as usual', async () => {
    let token = 'stale';
    const refresh = vi.fn(async () => {
      token = 'fresh';
      return token;
    });
    const expired = vi.fn();
    server.handle = (req, res) =>
      req.headers.authorization === 'Bearer fresh' ? sendJson(res, 200, stats) : sendJson(res, 401, { message: 'Token expired' });
    const api = createApi(
      options({ getAccessToken: () => Promise.resolve(token), refreshAccessToken: refresh, onSessionExpired: expired }),
    );
    await expect(api.users.stats({ ahead: true })).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
    expect(expired).not.toHaveBeenCalled();
    await expect(api.users.stats()).resolves.toEqual(stats);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(expired).not.toHaveBeenCalled();
    expect(server.requests.map((r) => r.headers.authorization)).toEqual(['Bearer stale', 'Bearer stale', 'Bearer fresh']);
  });

  it("a read made with another session's token is never shown to this one", async () => {
    let token = 'admin-a';
    server.handle = (req, res) => sendJson(res, 200, page(req.headers.authorization === 'Bearer admin-a' ? 'a-member' : 'b-member'));
    const api = createApi(options({ getAccessToken: () => Promise.resolve(token) }));
    await api.users.list({ page: 1 }, { ahead: true });
    token = 'admin-b';
    expect((await api.users.list({ page: 1 })).users[0]?.userId).toBe('b-member');
    expect(server.requests).toHaveLength(2);
  });

  it("the caller's abort rejects its call with an AbortError; the read itself is not cancelled", async () => {
    const answer = gate();
    server.handle = async (_req, res) => {
      await answer.passed;
      sendJson(res, 200, stats);
    };
    const api = createApi(options());
    const early = api.users.stats({ ahead: true });
    const controller = new AbortController();
    const call = api.users.stats({ signal: controller.signal });
    await received(1);
    controller.abort();
    expect(isAbortError(await rejection(call))).toBe(true);
    answer.open();
    await expect(early).resolves.toEqual(stats);
    expect(server.requests).toHaveLength(1);
  });
});
