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
