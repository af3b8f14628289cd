/**
 * The HTTP client of the product API: one ky instance, plus what SPEC §7 and §8 ask of every call.
 *
 * - JSON content type; `Authorization: Bearer <access token>` when a session exists.
 * - The caller's `signal` cancels the request (and a pending token or refresh wait): a stale answer
 *   never resolves into results. A cancelled call rejects with a DOMException named 'AbortError'.
 * - A timeout per attempt (default 15 s, overridable per call) covering headers and body; it
 *   rejects with NetworkError { timedOut: true }. No answer at all rejects with NetworkError.
 * - A body is parsed as JSON when the content type says JSON, else read as text.
 * - A non-OK answer rejects with ApiRequestError (message rule of SPEC §8, `status`, `data`).
 * - 401: one single-flight refresh shared by every request that failed with the same token, then
 *   one retry with the new token. A second 401, or a refresh that fails for a reason other than the
 *   network, calls `onSessionExpired()` once and the call rejects with the 401 ApiRequestError. A
 *   network failure during the refresh rejects with NetworkError and keeps the session.
 * - A read made ahead of need (`ahead: true`, ReadOptions) waits up to AHEAD_MAX_AGE_MS for the
 *   first call for the same path and query, which takes its answer instead of asking again (once).
 *   The start-up of a tab with a session reads its screen's data this way, alongside the code and
 *   the session check, instead of after them. It carries no caller's signal, and a 401 is left to the
 *   call that takes it (no refresh, no signing out from a read nobody has asked for yet). The call
 *   gets the read's answer or its failure, as if it had made it; after a 401, or when the read was
 *   made with another access token (another session), it asks again itself.
 * - A GET (idempotent) that meets a network error or a 503 is sent once more, RETRY_DELAY_MS later
 *   (a dropped connection on a site's mobile link, a server restarting behind a load balancer).
 *   Nothing else is retried on its own: a change (POST, PUT, PATCH, DELETE) could be applied twice;
 *   a timeout has already made the person wait; other errors would only repeat. The screens offer
 *   'Try again'.
 *
 * What ky does: the base URL (`prefixUrl`), the query (`searchParams`), the JSON body, the timer
 * per attempt (`timeout`, TimeoutError), the caller's signal, non-OK answers as HTTPError, the
 * bearer token (`beforeRequest`), the one retry of a GET (`retry`) and the replay after a refresh
 * (`afterResponse` returning `ky.retry()`). What stays here: the body is read inside ky's
 * timed fetch (ky's timer stops at the headers), the single-flight refresh (shared across calls,
 * which ky has no notion of), waits ky cannot cancel (the token, the refresh), the body parsing
 * SPEC §7 asks for, and the mapping of ky's errors to ./errors.
 *
 * Beside it: the request spec and call options (./requestSpec.ts), the reads made ahead of need
 * (./aheadReads.ts), the waits a signal cuts short (./cancellation.ts) and the reading of a body
 * (./responseBody.ts).
 */
import ky, { HTTPError, TimeoutError } from 'ky';
import * as v from 'valibot';
import { createAheadReads } from './aheadReads';
import { abortError, untilAborted } from './cancellation';
import { ApiRequestError, ApiResponseError, NetworkError } from './errors';
import { queryOf, type RequestSpec } from './requestSpec';
import { readBody, wholeBodyFetch } from './responseBody';
import { parseRetryAfter } from '../../domain/errors';

export { AHEAD_MAX_AGE_MS } from './aheadReads';
export type { CallOptions, ReadOptions } from './requestSpec';

const DEFAULT_TIMEOUT_MS = 15_000;

/** The pause before a GET is sent again after a network error or a 503. */
const RETRY_DELAY_MS = 300;

export interface ApiClientOptions {
  /** The API host, e.g. 'https://api.example.com' or 'http://127.0.0.1:8787' (a path prefix is kept). */
  readonly baseUrl: string;
  /** The current access token, or null when there is no session. */
  readonly getAccessToken: () => Promise<string | null>;
  /**
   * Refreshes the session and resolves the new access token, or null when the session cannot be
   * refreshed. Reject with an error whose `kind` is 'network' (or a NetworkError / TypeError) for
   * a network failure; any other rejection (e.g. `kind: 'auth'`) means the session is over.
   */
  readonly refreshAccessToken: () => Promise<string | null>;
  /** Called once when a 401 cannot be recovered; the auth machine signs out. */
  readonly onSessionExpired: () => void;
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export interface ApiClient {
  /** The parsed body (JSON value, text, or undefined for an empty answer) of an OK answer. */
  send(spec: RequestSpec): Promise<unknown>;
  /** `send`, then the body checked against `schema` (ApiResponseError when it does not match). */
  request<S extends v.GenericSchema>(spec: RequestSpec, schema: S): Promise<v.InferOutput<S>>;
}

type RefreshOutcome = { readonly kind: 'refreshed'; readonly token: string } | { readonly kind: 'expired' };

function isNetworkFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TypeError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { kind, code, name } = error as { kind?: unknown; code?: unknown; name?: unknown };
  if (kind !== undefined) return kind === 'network';
  return code === 'NetworkError' || name === 'NetworkError';
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const http = ky.create({
    // ky joins prefixUrl and input with one '/'; paths are given without their leading '/'.
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    fetch: wholeBodyFetch(options.fetch ?? ((...args) => fetch(...args))),
  });

  /** The latest refresh, keyed by the token it replaces; reused by every 401 for that token. */
  let flight: { readonly replaced: string | null; readonly promise: Promise<RefreshOutcome> } | null = null;
  /** The refreshed token whose retry already got a 401 and signed the session out. */
  let expiredRetryToken: string | null = null;

  async function runRefresh(): Promise<RefreshOutcome> {
    let token: string | null;
    try {
      token = await options.refreshAccessToken();
    } catch (error) {
      if (isNetworkFailure(error)) throw new NetworkError({ cause: error });
      options.onSessionExpired();
      return { kind: 'expired' };
    }
    if (token === null || token === '') {
      options.onSessionExpired();
      return { kind: 'expired' };
    }
    return { kind: 'refreshed', token };
  }

  function refreshReplacing(token: string | null): Promise<RefreshOutcome> {
    if (flight !== null && flight.replaced === token) return flight.promise;
    const entry = { replaced: token, promise: runRefresh() };
    flight = entry;
    // After a network failure a later 401 may try again; other outcomes stay shared.
    entry.promise.catch(() => {
      if (flight === entry) flight = null;
    });
    return entry.promise;
  }

  /** What a failed call rejects with (./errors), from what ky, fetch or a hook threw. */
  async function failure(error: unknown, signal: AbortSignal | undefined): Promise<Error> {
    if (signal?.aborted) return abortError();
    if (error instanceof HTTPError) {
      const { data } = await readBody(error.response);
      const retryAfter = parseRetryAfter(error.response.headers.get('Retry-After'));
      return new ApiRequestError(error.response.status, error.response.statusText, data, retryAfter);
    }
    if (error instanceof TimeoutError) return new NetworkError({ timedOut: true, cause: error });
    if (error instanceof NetworkError) return error;
    return new NetworkError({ cause: error });
  }

  async function send(spec: RequestSpec): Promise<unknown> {
    const { signal } = spec;
    let token = await untilAborted(options.getAccessToken(), signal);
    let retried = false;
    let replayed = false;
    let response: Response;
    try {
      response = await http(spec.path.replace(/^\//, ''), {
        method: spec.method,
        searchParams: queryOf(spec.searchParams),
        json: spec.json,
        signal,
        timeout: spec.timeoutMs ?? defaultTimeoutMs,
        retry: {
          // Two attempts past the first at most: one retry of a GET, and the replay after a
          // refresh (a forced retry: ky skips `methods` and `shouldRetry` for it).
          limit: 2,
          methods: ['get'],
          delay: () => RETRY_DELAY_MS,
          shouldRetry: ({ error }) => {
            if (retried) return false;
            // fetch rejects with a TypeError when the network fails (refused, dropped, offline);
            // what the hooks throw (a failed refresh) and ky's TimeoutError are not retried.
            retried = error instanceof HTTPError ? error.response.status === 503 : error instanceof TypeError;
            return retried;
          },
        },
        hooks: {
          // Every attempt carries the call's current token: the refreshed one on the replay.
          beforeRequest: [
            (request) => {
              if (token) request.headers.set('authorization', `Bearer ${token}`);
            },
          ],
          afterResponse: [
            async (_request, _options, { status }) => {
              // A read ahead of need leaves a 401 to the call that would take it.
              if (status !== 401 || spec.ahead) return undefined;
              if (!replayed) {
                // One refresh shared by every call that failed with this token, then one replay.
                const outcome = await untilAborted(refreshReplacing(token), signal);
                if (outcome.kind === 'expired') return undefined;
                token = outcome.token;
                replayed = true;
                return ky.retry({ delay: 0 });
              }
              // The replay got a 401 too: the session is over (said once per refreshed token).
              if (expiredRetryToken !== token) {
                expiredRetryToken = token;
                options.onSessionExpired();
              }
              return undefined;
            },
          ],
        },
      });
    } catch (error) {
      throw await failure(error, signal);
    }
    const body = await readBody(response);
    if (body.malformedJson) throw new ApiResponseError(spec.operation, [], 'The body is not valid JSON.');
    return body.data;
  }

  async function checked<S extends v.GenericSchema>(spec: RequestSpec, schema: S): Promise<v.InferOutput<S>> {
    const data = await send(spec);
    const result = v.safeParse(schema, data);
    if (!result.success) throw new ApiResponseError(spec.operation, result.issues);
    return result.output;
  }

  const request = createAheadReads(options, checked);

  return { send, request };
}
