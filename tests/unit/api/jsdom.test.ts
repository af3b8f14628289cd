// @vitest-environment jsdom
/**
 * View tests run under jsdom, whose AbortSignal is not Node's: the client must still work there
 * with an injected fetch (the boundary such tests fake), including cancellation.
 */
import { describe, expect, it } from 'vitest';
import { createApi } from '../../../src/services/api';
import { isAbortError } from '../../../src/services/api/errors';

const stats = { total: 1, active: 1, pending: 0, licensed: 0 };

describe('the API client under jsdom', () => {
  it('answers through an injected fetch, with the bearer token', async () => {
    const seen: Request[] = [];
    const fakeFetch: typeof fetch = (input, init) => {
      const request = input instanceof Request ? input : new Request(input, init);
      seen.push(request);
      return Promise.resolve(new Response(JSON.stringify(stats), { status: 200, headers: { 'content-type': 'application/json' } }));
    };
    const api = createApi({
      baseUrl: 'http://api.test',
      getAccessToken: () => Promise.resolve('t1'),
      refreshAccessToken: () => Promise.resolve(null),
      onSessionExpired: () => undefined,
      fetch: fakeFetch,
    });
    await expect(api.users.stats()).resolves.toEqual(stats);
    expect(seen[0]?.url).toBe('http://api.test/api/users/stats');
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer t1');
  });

  it("cancels on the caller's signal", async () => {
    const hanging: typeof fetch = (input, init) =>
      new Promise((_resolve, reject) => {
        const signal = input instanceof Request ? input.signal : init?.signal;
        signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const api = createApi({
      baseUrl: 'http://api.test',
      getAccessToken: () => Promise.resolve(null),
      refreshAccessToken: () => Promise.resolve(null),
      onSessionExpired: () => undefined,
      fetch: hanging,
    });
    const controller = new AbortController();
    const pending = api.users.stats({ signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    expect(isAbortError(await pending)).toBe(true);
  });
});
