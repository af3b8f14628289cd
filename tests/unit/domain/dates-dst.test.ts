// @vitest-environment node
/**
 * 'Last active' across a daylight saving change (src/domain/dates.ts): from a day on, the units
 * are calendar ones in local time, so a 25-hour day is still one day and a month still starts on
 * the same day of the month. These cases need a time zone that changes its clocks; New York's
 * clocks go back on Sunday, November 1, 2026 (that day lasts 25 hours) and forward on Sunday,
 * March 8, 2026 (23 hours). The process's time zone is set for this file and put back after it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatRelativeTime } from '../../../src/domain/dates';

const HOUR = 3_600_000;
let previousTz: string | undefined;

beforeAll(() => {
  previousTz = process.env.TZ;
  process.env.TZ = 'America/New_York';
});

afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ;
  else process.env.TZ = previousTz;
});

describe('formatRelativeTime across a daylight saving change (America/New_York)', () => {
  it('runs in a time zone whose November 1, 2026 lasts 25 hours', () => {
    expect(new Date(2026, 10, 2).getTime() - new Date(2026, 10, 1).getTime()).toBe(25 * HOUR);
  });

  it("says 'yesterday', not 'today', for 24 hours ago within the day the clocks went back", () => {
    const now = new Date(2026, 10, 1, 23, 30);
    const dayStart = new Date(2026, 10, 1, 0, 30);
    expect(now.getTime() - dayStart.getTime()).toBe(24 * HOUR);
    expect(formatRelativeTime(dayStart, now)).toBe('yesterday');
    expect(formatRelativeTime(now, dayStart)).toBe('tomorrow');
  });

  it('counts under 24 hours in hours, across the night the clocks went forward too', () => {
    const now = new Date(2026, 2, 9, 0, 30);
    const before = new Date(2026, 2, 8, 0, 30);
    expect(now.getTime() - before.getTime()).toBe(23 * HOUR);
    expect(formatRelativeTime(before, now)).toBe('23 hours ago');
    expect(formatRelativeTime(new Date(2026, 2, 7, 0, 30), now)).toBe('2 days ago');
  });

  it('counts a month from the same day and wall-clock time, whatever the clocks did in between', () => {
    const now = new Date(2026, 10, 15, 9, 0);
    expect(formatRelativeTime(new Date(2026, 9, 15, 9, 0), now)).toBe('last month');
    expect(formatRelativeTime(new Date(2026, 9, 15, 9, 1), now)).toBe('31 days ago');
  });
});
