// @vitest-environment node
/**
 * The one rule for the message an error shows (SPEC §8, src/domain/errors.ts): the error's own
 * message when it has one, else the fallback the caller names, else 'Unknown error'.
 */
import { describe, expect, it } from 'vitest';
import { UNKNOWN_ERROR_MESSAGE, messageOf } from '../../../src/domain/errors';

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
