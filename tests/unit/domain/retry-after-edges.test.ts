// @vitest-environment node
/**
 * The edges of reading a refused call's wait (src/domain/errors.ts): the longest Retry-After that
 * is believed, an HTTP date only in the one form RFC 9110 has senders write, and a thrown value of
 * any type.
 */
import { describe, expect, it } from 'vitest';
import { parseRetryAfter, retryAfterOf } from '../../../src/domain/errors';

describe('Retry-After', () => {
  const now = Date.parse('2026-11-28T12:00:00Z');

  it('believes a wait of up to one day, and not a second more', () => {
    expect(parseRetryAfter('86400', now)).toBe(86_400);
    expect(parseRetryAfter('86401', now)).toBeNull();
  });

  it('reads an HTTP date only when it is the whole header', () => {
    expect(parseRetryAfter('Sat, 28 Nov 2026 12:00:30 GMT', now)).toBe(30);
    expect(parseRetryAfter('Mon Sat, 28 Nov 2026 12:00:30 GMT', now)).toBeNull();
    expect(parseRetryAfter('Sat, 28 Nov 2026 12:00:30 GMT+0100', now)).toBeNull();
  });

  it('finds no wait on something thrown that is not an object', () => {
    for (const thrown of [undefined, 'HTTP 429', 429, true]) expect(retryAfterOf(thrown)).toBeNull();
  });
});
