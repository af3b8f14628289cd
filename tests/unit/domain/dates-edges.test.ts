// @vitest-environment node
/**
 * Dates where the year goes without saying, and the viewer's time zone when the browser names none
 * (src/domain/dates.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentTimeZone, formatMonthDay } from '../../../src/domain/dates';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('formatMonthDay', () => {
  it("shows the month's short name and the day, without the year", () => {
    expect(formatMonthDay(new Date(2026, 0, 5, 15, 4))).toBe('Jan 5');
    expect(formatMonthDay('2026-12-31T12:00:00Z')).toBe('Dec 31');
  });

  it("shows '—' for a missing or invalid date", () => {
    expect(formatMonthDay(null)).toBe('—');
    expect(formatMonthDay('not a date')).toBe('—');
  });
});

describe('currentTimeZone', () => {
  it("is the zone the browser names, and 'UTC' when it names none", () => {
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolved.call(this), timeZone: '' };
    });
    expect(currentTimeZone()).toBe('UTC');
  });
});
