/**
 * The HTTP client of the product API: one ky instance, plus what SPEC §7 and §8 ask of every call.
 *
 * - JSON content type; `Authorization: Bearer <access token>` when a session exists.
 * - The caller's `signal` cancels the request (and a pending refresh wait): a stale answer never
 *   resolves into results. A cancelled call rejects with a DOMException named 'AbortError'.
 * - A timeout per attempt (default 15 s, overridable per call) covering headers and body; it
 *   rejects with NetworkError { timedOut: true }. No answer at all rejects with NetworkError.
 * - A body is parsed as JSON when the content type says JSON, else read as text.
 * - A non-OK answer rejects with ApiRequestError (message rule of SPEC §8, `status`, `data`).
 * - 401: one single-flight refresh shared by every request that failed with the same token, then
 *   one retry with the new token. A second 401, or a refresh that fails for a reason other than the
 *   network, calls `onSessionExpired()` once and the call rejects with the 401 ApiRequestError. A
 *   network failure during the refresh rejects with NetworkError and keeps the session.
 *
 * ky's own retry and timeout are off and HTTP errors are not thrown by ky (`throwHttpErrors: false`):
 * this module decides what a status means, so there is exactly one retry policy.
 */
import ky from 'ky';
import * as v from 'valibot';
import { ApiRequestError, ApiResponseError, NetworkError } from './errors';

export const DEFAULT_TIMEOUT_MS = 15_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

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

export interface CallOptions {
  readonly signal?: AbortSignal;
}

export type SearchParams = Readonly<Record<string, string | number | undefined>>;

export interface RequestSpec {
  /** Names the call in errors, e.g. 'users.list'. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** Path from the API host, starting with '/'. */
  readonly path: string;
  readonly searchParams?: SearchParams;
  readonly json?: unknown;
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number;
}

export interface ApiClient {
  /** The parsed body (JSON value, text, or undefined for an empty answer) of an OK answer. */
  send(spec: RequestSpec): Promise<unknown>;
  /** `send`, then the body checked against `schema` (ApiResponseError when it does not match). */
  request<S extends v.GenericSchema>(spec: RequestSpec, schema: S): Promise<v.InferOutput<S>>;
}

interface Answer {
  readonly status: number;
  readonly statusText: string;
  readonly ok: boolean;
  readonly data: unknown;
  /** The content type said JSON but the body did not parse. */
  readonly malformedJson: boolean;
}

type RefreshOutcome = { readonly kind: 'refreshed'; readonly token: string } | { readonly kind: 'expired' };

function abortError(): DOMException {
  return new DOMException('The request was cancelled.', 'AbortError');
}

/** Rejects with an AbortError as soon as `signal` aborts, without cancelling `promise` itself. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function isNetworkFailure(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof TypeError) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { kind, code, name } = error as { kind?: unknown; code?: unknown; name?: unknown };
  if (kind !== undefined) return kind === 'network';
  return code === 'NetworkError' || name === 'NetworkError';
}

function isJsonContentType(contentType: string | null): boolean {
  return contentType !== null && /^[^;]*[/+]json\s*(;|$)/i.test(contentType);
}

async function readAnswer(response: Response): Promise<Answer> {
  const base = { status: response.status, statusText: response.statusText, ok: response.ok };
  const text = await response.text();
  if (!isJsonContentType(response.headers.get('content-type'))) {
    return { ...base, data: text === '' ? undefined : text, malformedJson: false };
  }
  if (text.trim() === '') return { ...base, data: undefined, malformedJson: false };
  try {
    return { ...base, data: JSON.parse(text) as unknown, malformedJson: false };
  } catch {
    return { ...base, data: text, malformedJson: true };
  }
}

function buildUrl(baseUrl: string, path: string, searchParams: SearchParams | undefined): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(searchParams ?? {})) {
    if (value !== undefined) query.set(key, String(value));
  }
  const queryText = query.toString();
  return `${baseUrl}${path}${queryText === '' ? '' : `?${queryText}`}`;
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const defaultTimeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const http = ky.create({
    retry: 0,
    timeout: false,
    throwHttpErrors: false,
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    ...(options.fetch ? { fetch: options.fetch } : {}),
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

  async function attempt(spec: RequestSpec, token: string | null): Promise<Answer> {
    const callerSignal = spec.signal;
    if (callerSignal?.aborted) throw abortError();
    const timeout = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      timeout.abort(new DOMException('The request timed out.', 'TimeoutError'));
    }, spec.timeoutMs ?? defaultTimeoutMs);
    const signal = callerSignal ? AbortSignal.any([callerSignal, timeout.signal]) : timeout.signal;
    try {
      const response = await http(buildUrl(baseUrl, spec.path, spec.searchParams), {
        method: spec.method,
        signal,
        ...(spec.json === undefined ? {} : { json: spec.json }),
        ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
      });
      return await readAnswer(response);
    } catch (error) {
      if (callerSignal?.aborted) throw abortError();
      if (timedOut) throw new NetworkError({ timedOut: true, cause: error });
      throw new NetworkError({ cause: error });
    } finally {
      clearTimeout(timer);
    }
  }

  function settle(spec: RequestSpec, answer: Answer): unknown {
    if (!answer.ok) throw new ApiRequestError(answer.status, answer.statusText, answer.data);
    if (answer.malformedJson) throw new ApiResponseError(spec.operation, [], 'The body is not valid JSON.');
    return answer.data;
  }

  async function send(spec: RequestSpec): Promise<unknown> {
    const token = await untilAborted(options.getAccessToken(), spec.signal);
    const first = await attempt(spec, token);
    if (first.status !== 401) return settle(spec, first);

    const outcome = await untilAborted(refreshReplacing(token), spec.signal);
    if (outcome.kind === 'expired') return settle(spec, first);

    const second = await attempt(spec, outcome.token);
    if (second.status === 401 && expiredRetryToken !== outcome.token) {
      expiredRetryToken = outcome.token;
      options.onSessionExpired();
    }
    return settle(spec, second);
  }

  async function request<S extends v.GenericSchema>(spec: RequestSpec, schema: S): Promise<v.InferOutput<S>> {
    const data = await send(spec);
    const result = v.safeParse(schema, data);
    if (!result.success) throw new ApiResponseError(spec.operation, result.issues);
    return result.output;
  }

  return { send, request };
}
