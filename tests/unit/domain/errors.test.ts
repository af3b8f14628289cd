// @vitest-environment node
/**
 * The one rule for the message an error shows (SPEC §8, src/domain/errors.ts): the error's own
 * message when it has one, else the fallback the caller names, else 'Unknown error'.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ERROR_MESSAGE, messageOf, parseRetryAfter, retryAfterOf, tooManyRequestsMessage } from '../../../src/domain/errors';

describe('the message an error shows (SPEC §8)', () => {
  it("is the error's own message", () => {
    expect(messageOf(new Error('Payment method declined'))).toBe('Payment method declined');
    expect(messageOf(new TypeError('Failed to fetch'), 'Could not load users')).toBe('Failed to fetch');
  });

  it("is 'Unknown error' for an error without a message, when the caller names no other", () => {
    expect(UNKNOWN_ERROR_MESSAGE).toBe('Unknown error');
    expect(messageOf(new Error())).toBe('Unknown error');
    expect(messageOf(new Error('   \n'))).toBe('Unknown error');
  });

  it('is the fallback the caller names for an error without a message', () => {
    expect(messageOf(new Error(''), 'Could not load billing')).toBe('Could not load billing');
    expect(messageOf(new Error(' '), 'Could not load billing')).toBe('Could not load billing');
  });

  it('is the fallback for anything thrown that is not an Error, even text or an object with a message', () => {
    for (const thrown of ['Network down', { message: 'looks like an error' }, null, undefined, 404]) {
      expect(messageOf(thrown, 'Something went wrong')).toBe('Something went wrong');
      expect(messageOf(thrown)).toBe('Unknown error');
    }
  });

  it('keeps the message as written, surrounding spaces included', () => {
    expect(messageOf(new Error(' Card expired '))).toBe(' Card expired ');
  });
});

describe('a call refused by a rate limit (429, Retry-After)', () => {
  it('says how long to wait, in the words of issue 37', () => {
    expect(tooManyRequestsMessage(42)).toBe('Too many requests. Try again in 42 seconds.');
  });

  it('reads Retry-After as delta-seconds or an HTTP date, whole seconds up, at least 1', () => {
    const now = Date.UTC(2026, 10, 28, 12, 0, 0);
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter(' 0 ', now)).toBe(1);
    expect(parseRetryAfter('Sat, 28 Nov 2026 12:01:30 GMT', now)).toBe(90);
    expect(parseRetryAfter(new Date(now + 1500).toUTCString(), now)).toBe(1);
    expect(parseRetryAfter(new Date(now - 60_000).toUTCString(), now)).toBe(1);
  });

  it('takes an absent, unreadable or absurd Retry-After as none', () => {
    for (const value of [null, undefined, '', 'soon', '-5', '1.5', '999999999']) expect(parseRetryAfter(value)).toBeNull();
  });

  it('finds the wait on a 429 error only', () => {
    expect(retryAfterOf({ status: 429, retryAfterSeconds: 12 })).toBe(12);
    expect(retryAfterOf({ status: 429, retryAfterSeconds: null })).toBeNull();
    expect(retryAfterOf({ status: 503, retryAfterSeconds: 12 })).toBeNull();
    expect(retryAfterOf(new Error('boom'))).toBeNull();
    expect(retryAfterOf(null)).toBeNull();
  });
});
