/**
 * The real API client (src/services/api) over a `fetch` double: the network is the boundary we
 * don't own, so tests of machines with their real implementations replace only that.
 */
import { createApi } from '../../src/services/api';

export function apiOverFetch(fetchDouble: typeof fetch, options: { baseUrl?: string; token?: string } = {}) {
  return createApi({
    baseUrl: options.baseUrl ?? 'http://127.0.0.1:9',
    getAccessToken: () => Promise.resolve(options.token ?? 'token-1'),
    refreshAccessToken: () => Promise.resolve(null),
    onSessionExpired: () => undefined,
    fetch: fetchDouble,
  });
}

/** A JSON answer, as the reference API sends it. */
export function jsonResponse(status: number, body: unknown): Promise<Response> {
  return Promise.resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}
