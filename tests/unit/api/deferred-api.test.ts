// @vitest-environment node
/**
 * The API client fetched on first use (src/services/api/deferred.ts) against a real HTTP server on
 * 127.0.0.1: it stands in for every function of the real client, nothing is fetched before the
 * first call or preload, calls reach the real client with their arguments, and a failed fetch of
 * the implementation (a dropped connection) is retried.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApi, type ProductApi } from '../../../src/services/api';
import { createDeferredApi } from '../../../src/services/api/deferred';
import { sendJson, startTestServer, type TestServer } from './test-server';

const stats = { total: 3, active: 2, pending: 1, licensed: 1 };

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(async () => {
  await server.close();
});

function realApi(): ProductApi {
  return createApi({
    baseUrl: server.url,
    getAccessToken: () => Promise.resolve('token-1'),
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: () => undefined,
  });
}

describe('createDeferredApi', () => {
  it('fetches the implementation only on the first call, once, and forwards the call', async () => {
    server.handle = (req, res) => sendJson(res, 200, stats);
    const load = vi.fn(async () => realApi());
    const { api } = createDeferredApi(load);
    const users = api.users;
    expect(load).not.toHaveBeenCalled();

    await expect(users.stats()).resolves.toEqual(stats);
    await expect(api.users.stats()).resolves.toEqual(stats);
    expect(load).toHaveBeenCalledTimes(1);
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/users/stats', 'GET /api/users/stats']);
    expect(server.requests[0]?.headers.authorization).toBe('Bearer token-1');
  });

  it('passes every argument through, a nested call and a top-level one', async () => {
    server.handle = (req, res) =>
      req.url?.startsWith('/api/users?')
        ? sendJson(res, 200, { users: [], total: 0, page: 2, limit: 25 })
        : sendJson(res, 200, { message: 'ok' });
    const { api } = createDeferredApi(async () => realApi());
    await api.users.list({ page: 2, search: ' ana ', status: 'pending' });
    await api.activateUser();
    expect(server.requests.map((r) => r.url)).toEqual(['/api/users?page=2&search=ana&status=pending', '/users/activate']);
  });

  it('preload fetches ahead of need, and the call then uses what was fetched', async () => {
    server.handle = (req, res) => sendJson(res, 200, stats);
    const load = vi.fn(async () => realApi());
    const deferred = createDeferredApi(load);
    await deferred.preload();
    expect(load).toHaveBeenCalledTimes(1);
    await deferred.api.users.stats();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('a failed fetch rejects the call and is tried again on the next one; preload never rejects', async () => {
    server.handle = (req, res) => sendJson(res, 200, stats);
    const load = vi
      .fn<() => Promise<ProductApi>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(async () => realApi());
    const deferred = createDeferredApi(load);
    await expect(deferred.preload()).resolves.toBeUndefined();
    await expect(deferred.api.users.stats()).rejects.toThrow('Failed to fetch dynamically imported module');
    await expect(deferred.api.users.stats()).resolves.toEqual(stats);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('is not thenable, so awaiting the API or a group of it does not start a call', async () => {
    const load = vi.fn(async () => realApi());
    const { api } = createDeferredApi(load);
    const billing = api.billing;
    expect(await api).toBe(api);
    expect(await billing).toBe(billing);
    expect(load).not.toHaveBeenCalled();
  });

  it('stands in for every function of the real client, group by group, and for nothing else', () => {
    /** Each function's path ('users.list'), and each group's, of an object of functions. */
    const shape = (node: object, at = ''): string[] =>
      Object.entries(node).flatMap(([name, member]) =>
        typeof member === 'function' ? [`${at}${name}()`] : [`${at}${name}`, ...shape(member as object, `${at}${name}.`)],
      );
    const real = shape(realApi());
    expect(real).toContain('users.list()');
    expect(real).toContain('session.signOutAllDevices()');
    expect(shape(createDeferredApi(async () => realApi()).api).sort()).toEqual(real.sort());
  });
});
