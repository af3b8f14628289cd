/**
 * The one rule for the message an error shows (SPEC §8): the thrown Error's own non-empty message,
 * else a fallback the caller names ('Unknown error' when it names none).
 *
 * It lives in the domain, not in src/machines/shared.ts, because both the machines and the API
 * service (src/services/api/errors.ts, which documents `messageOf` as part of its surface) need it,
 * and services must not import machines: the domain is the one layer both may import. The machines
 * reach it through src/machines/shared.ts, which re-exports it.
 */

/** The message an error shows when it has none of its own (SPEC §8 Billing: 'Unknown error'). */
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

/** A message for anything thrown: an Error's own non-empty message, else `fallback`. */
export function messageOf(error: unknown, fallback: string = UNKNOWN_ERROR_MESSAGE): string {
  return error instanceof Error && error.message.trim() !== '' ? error.message : fallback;
}

/**
 * What a call refused by a rate limit (429) shows, N from its Retry-After (docs/SECURITY.md, Rate
 * limits; the API's own 429 body says the same, server/core/rateLimit.ts).
 */
export function tooManyRequestsMessage(seconds: number): string {
  return `Too many requests. Try again in ${seconds} seconds.`;
}

/** The longest wait a Retry-After is believed for (a day): beyond it the header is taken as unreadable. */
const MAX_RETRY_AFTER_SECONDS = 86_400;

/** An HTTP date as RFC 9110 has senders write it (IMF-fixdate): `Sun, 06 Nov 1994 08:49:37 GMT`. */
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * A Retry-After header as whole seconds to wait: delta-seconds (`30`) or an HTTP date, rounded up
 * and at least 1; null when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (!value) return null;
  const text = value.trim();
  let seconds: number;
  if (/^\d+$/.test(text)) seconds = Number(text);
  else if (HTTP_DATE.test(text)) seconds = (Date.parse(text) - now) / 1000;
  else return null;
  if (!Number.isFinite(seconds) || seconds > MAX_RETRY_AFTER_SECONDS) return null;
  return Math.max(1, Math.ceil(seconds));
}

/**
 * The seconds a refused call asks to wait: an error of status 429 carrying `retryAfterSeconds` (the
 * API client's ApiRequestError), else null. Structural, so the machines need no service value.
 */
export function retryAfterOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, retryAfterSeconds } = error as { status?: unknown; retryAfterSeconds?: unknown };
  return status === 429 && typeof retryAfterSeconds === 'number' ? retryAfterSeconds : null;
}
