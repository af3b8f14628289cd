/**
 * Errors of the product API client.
 *
 * - ApiRequestError: a non-OK answer. Message per SPEC §8: the body's `message` field, else
 *   `HTTP status: text`; carries `status` and the parsed body as `data`. A 429 with Retry-After
 *   says "Too many requests. Try again in N seconds." and carries N as `retryAfterSeconds`.
 * - ApiResponseError: an OK answer that does not match its schema (or is not the JSON it claims).
 * - NetworkError: no answer at all (connection refused, DNS, offline) or none in time.
 */
import * as v from 'valibot';
import { tooManyRequestsMessage } from '../../domain/errors';

/** Reason phrases for when the answer carries none (HTTP/2 has no status text). */
const REASON_PHRASES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

function messageFromBody(data: unknown): string | null {
  if (typeof data === 'object' && data !== null && 'message' in data) {
    const { message } = data;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

export class ApiRequestError extends Error {
  override readonly name = 'ApiRequestError';
  readonly status: number;
  readonly data: unknown;
  /** A 429's wait, from its Retry-After header (whole seconds); null otherwise. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, statusText: string, data: unknown, retryAfterSeconds: number | null = null) {
    const limited = status === 429 && retryAfterSeconds !== null;
    super(
      limited
        ? tooManyRequestsMessage(retryAfterSeconds)
        : (messageFromBody(data) ?? `HTTP ${status}: ${statusText || REASON_PHRASES[status] || 'Error'}`),
    );
    this.status = status;
    this.data = data;
    this.retryAfterSeconds = limited ? retryAfterSeconds : null;
  }
}

export class ApiResponseError extends Error {
  override readonly name = 'ApiResponseError';
  /** The call whose answer was wrong, e.g. 'users.list'. */
  readonly operation: string;
  /** The valibot issues (empty when the body was not parseable JSON). */
  readonly issues: readonly v.BaseIssue<unknown>[];
  /** A one-line-per-issue summary for logs. */
  readonly details: string;

  constructor(operation: string, issues: readonly v.BaseIssue<unknown>[], details?: string) {
    super(`The server sent an unexpected response for ${operation}.`);
    this.operation = operation;
    this.issues = issues;
    this.details = details ?? (issues.length > 0 ? v.summarize(issues as [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]]) : '');
  }
}

export const NETWORK_ERROR_MESSAGE = 'Cannot reach the server. Check your connection and try again.';
export const TIMEOUT_ERROR_MESSAGE = 'The server took too long to answer. Please try again.';

export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  readonly timedOut: boolean;

  constructor(options: { timedOut?: boolean; cause?: unknown } = {}) {
    super(options.timedOut ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE, { cause: options.cause });
    this.timedOut = options.timedOut ?? false;
  }
}

/** True for the rejection of a request whose signal was aborted by its caller. */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === 'AbortError';
}

/**
 * A message for anything thrown: an Error's own non-empty message, else `fallback`. Defined once in
 * the domain (the machines use it too, and services do not import machines); re-exported here as
 * part of the API client's error surface.
 */
export { messageOf } from '../../domain/errors';
