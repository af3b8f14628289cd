// @vitest-environment node
/**
 * Operating the API (server/core/app.ts, server/index.ts): a request id on every answer and a JSON
 * log line per request that never holds a path, a query or a body; /healthz and /readyz; and a
 * graceful close that finishes the requests in flight, up to its timeout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryLog } from '../support/memory-log';
import type { Hono } from 'hono';
import { startApiServer } from '../../server';
import type { AppEnv, ServerModule } from '../../server/core/module';
import { signupModule } from '../../server/signup';
import { usersModule } from '../../server/users';
import { createTestApi, signUpOrganisation, type TestApi } from './support/api';
import { openTestDatabase, testEngine } from './support/db';
import { userPoolNotUsed } from './support/user-pool';

/** A route that waits, inside a request, until the test lets it answer. */
function slowModule() {
  const gates: Array<{ reached: () => void; release: Promise<void> }> = [];
  const module: ServerModule = {
    name: 'slow',
    register(app: Hono<AppEnv>) {
      app.get('/slow', async (c) => {
        const gate = gates.shift();
        gate?.reached();
        await gate?.release;
        return c.json({ done: true });
      });
    },
  };
  const hold = () => {
    let reached = () => {};
    let release = () => {};
    const arrived = new Promise<void>((resolve) => (reached = resolve));
    gates.push({ reached, release: new Promise<void>((resolve) => (release = resolve)) });
    return { arrived, release: () => release() };
  };
  return { module, hold };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe(`request ids and the request log (${testEngine})`, () => {
  const memory = memoryLog();
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi([signupModule, usersModule], { app: { log: memory.log } });
  }, 120_000);
  afterAll(() => api?.close());

  it("answers every request with an X-Request-Id: the caller's when it is a plain token, else a new one", async () => {
    const fresh = await api.call('GET', '/healthz');
    expect(fresh.headers.get('x-request-id')).toMatch(UUID);
    const kept = await api.call('GET', '/healthz', { headers: { 'X-Request-Id': 'lb-7f3a-0001' } });
    expect(kept.headers.get('x-request-id')).toBe('lb-7f3a-0001');
    const replaced = await api.call('GET', '/api/users', { headers: { 'X-Request-Id': 'has spaces; and=more' } });
    expect(replaced.status).toBe(401);
    expect(replaced.headers.get('x-request-id')).toMatch(UUID);
  });

  it('writes one line per request with its id, method, route pattern, status and time, and no path, query or body', async () => {
    const org = await signUpOrganisation(api, 'Logged Co', 'owner@logged.example');
    memory.lines.length = 0;
    const list = await api.call('GET', '/api/users?search=owner%40logged.example', {
      sub: org.adminSub,
      headers: { 'X-Request-Id': 'req-list' },
    });
    expect(list.status).toBe(200);
    const one = await api.call('GET', `/api/users/${org.adminMemberId}`, { sub: org.adminSub, headers: { 'X-Request-Id': 'req-one' } });
    expect(one.status).toBe(200);
    const secretTicket = 'tkt_9f8e7d6c5b4a39281706';
    expect((await api.call('GET', `/exports/members/${secretTicket}`, { headers: { 'X-Request-Id': 'req-export' } })).status).toBe(404);
    expect((await api.call('POST', '/api/nowhere/owner@logged.example', { headers: { 'X-Request-Id': 'req-unknown' } })).status).toBe(401);
    memory.log.flush();
    const lines = memory.entries().filter((e) => e['msg'] === 'request');
    expect(lines.map(({ reqId, method, route, status }) => ({ reqId, method, route, status }))).toEqual([
      { reqId: 'req-list', method: 'GET', route: '/api/users', status: 200 },
      { reqId: 'req-one', method: 'GET', route: '/api/users/:id', status: 200 },
      { reqId: 'req-export', method: 'GET', route: '/exports/members/:ticket', status: 404 },
      { reqId: 'req-unknown', method: 'POST', route: null, status: 401 },
    ]);
    expect(lines.every((l) => typeof l['ms'] === 'number' && l['level'] === 'info')).toBe(true);
    const text = memory.lines.join('\n');
    for (const secret of ['owner@logged.example', 'owner%40logged', secretTicket, org.adminMemberId, org.adminSub])
      expect(text).not.toContain(secret);
  });
});

describe(`health and readiness (${testEngine})`, () => {
  let draining = false;
  let keysReady = true;
  let api: TestApi;
  beforeAll(async () => {
    api = await createTestApi([signupModule, usersModule], {
      app: { isDraining: () => draining, identityKeysReady: () => Promise.resolve(keysReady) },
    });
  }, 120_000);
  afterAll(() => api?.close());

  it('/healthz answers while the process runs; /readyz only when the database answers and the keys are fetched, and not while draining', async () => {
    expect(await (await api.call('GET', '/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await api.call('GET', '/readyz');
    expect([ready.status, await ready.json()]).toEqual([200, { status: 'ready', checks: { database: true, identityKeys: true } }]);

    keysReady = false;
    const noKeys = await api.call('GET', '/readyz');
    expect([noKeys.status, await noKeys.json()]).toEqual([503, { status: 'not ready', checks: { database: true, identityKeys: false } }]);
    keysReady = true;

    draining = true;
    const closing = await api.call('GET', '/readyz');
    expect([closing.status, await closing.json()]).toEqual([503, { status: 'draining' }]);
    expect((await api.call('GET', '/healthz')).status).toBe(200);
    draining = false;
  });

  it('/readyz is 503 when the database does not answer', async () => {
    const broken = await createTestApi([signupModule, usersModule], {
      wrapDatabase: (db) => ({ ...db, query: () => Promise.reject(new Error('connection refused')) }),
    });
    try {
      const response = await broken.call('GET', '/readyz');
      expect([response.status, await response.json()]).toEqual([
        503,
        { status: 'not ready', checks: { database: false, identityKeys: true } },
      ]);
    } finally {
      await broken.close();
    }
  });
});

describe(`graceful close (${testEngine})`, () => {
  const verifier = { verify: () => Promise.reject(new Error('no tokens here')), ready: () => Promise.resolve(true) };
  const start = async (shutdownTimeoutMs: number) => {
    const slow = slowModule();
    const server = await startApiServer({
      port: 0,
      db: await openTestDatabase(),
      config: { apiOrigin: 'http://127.0.0.1:8787', webOrigin: 'http://127.0.0.1:5173' },
      cognito: { endpoint: 'http://127.0.0.1:9', userPoolId: 'local_x', clientId: 'c' },
      userPool: userPoolNotUsed('The slow route never calls the user pool'),
      verifier,
      modules: [slow.module],
      shutdownTimeoutMs,
    });
    return { server, hold: slow.hold };
  };

  it('stops accepting, lets the request in flight answer, then closes', async () => {
    const { server, hold } = await start(60_000);
    const gate = hold();
    const inFlight = fetch(`${server.url}/slow`);
    await gate.arrived;
    expect(server.inFlight).toBe(1);
    const closed = server.close();
    let closedYet = false;
    void closed.then(() => (closedYet = true));
    // No new connections from now on.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(closedYet).toBe(false);
    gate.release();
    const response = await inFlight;
    expect([response.status, await response.json()]).toEqual([200, { done: true }]);
    await closed;
    expect(server.inFlight).toBe(0);
  });

  it('cuts a request still running when the shutdown timeout is over', async () => {
    const { server, hold } = await start(200);
    const gate = hold();
    // Settled at once into a value: the connection may be cut before anything awaits the request,
    // and a bare rejected promise would then be reported as unhandled.
    const inFlight = fetch(`${server.url}/slow`).then(
      (response) => ({ cut: false, status: response.status }),
      (error: unknown) => ({ cut: true, error }),
    );
    await gate.arrived;
    await server.close();
    expect(await inFlight).toMatchObject({ cut: true });
    gate.release();
  });
});
