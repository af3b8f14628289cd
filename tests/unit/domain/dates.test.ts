// @vitest-environment node
/**
 * 'Last active' (issue 14): a moment relative to `now` in en-US words, and the exact date and time
 * shown on hover and focus. Local time, like every date of the console; `now` is a parameter, so
 * each case is fixed.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { formatDateTime, formatRelativeTime, formatTime } from '../../../src/domain/dates';

// May 20, 2026, 3:30 PM local time. Months and years are calendar ones, so their cases are local
// dates too (a gap in milliseconds would cross a daylight saving change in some time zones).
const NOW = new Date(2026, 4, 20, 15, 30, 0);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const before = (ms: number) => new Date(NOW.getTime() - ms);
const after = (ms: number) => new Date(NOW.getTime() + ms);

describe('formatRelativeTime', () => {
  it.each([
    ['the same moment', before(0), 'now'],
    ['under a second', before(400), 'now'],
    ['1 second', before(SECOND), '1 second ago'],
    ['59.9 seconds', before(59_900), '59 seconds ago'],
  ])('seconds: %s ago → %j', (_, value, text) => {
    expect(formatRelativeTime(value, NOW)).toBe(text);
  });

  it.each([
    ['60 seconds', before(MINUTE), '1 minute ago'],
    ['5 minutes 59 seconds', before(5 * MINUTE + 59 * SECOND), '5 minutes ago'],
    ['59 minutes 59 seconds', before(HOUR - SECOND), '59 minutes ago'],
  ])('minutes: %s ago → %j (whole minutes, never rounded up)', (_, value, text) => {
    expect(formatRelativeTime(value, NOW)).toBe(text);
  });

  it.each([
    ['60 minutes', before(HOUR), '1 hour ago'],
    ['3 hours 50 minutes', before(3 * HOUR + 50 * MINUTE), '3 hours ago'],
    ['15 hours, earlier today', before(15 * HOUR), '15 hours ago'],
    ['23 hours 59 minutes, yesterday afternoon', before(DAY - MINUTE), '23 hours ago'],
  ])('hours: %s ago → %j', (_, value, text) => {
    expect(formatRelativeTime(value, NOW)).toBe(text);
  });

  it.each([
    ['24 hours: yesterday at the same time', before(DAY), 'yesterday'],
    ['yesterday just after midnight', new Date(2026, 4, 19, 0, 5), 'yesterday'],
    ['two days ago late in the evening (40 hours)', new Date(2026, 4, 18, 23, 30), '2 days ago'],
    ['3 days', before(3 * DAY), '3 days ago'],
    ['29 days', before(29 * DAY), '29 days ago'],
    ['a day short of a month', new Date(2026, 3, 21, 15, 30), '29 days ago'],
  ])('days: %s → %j (calendar days)', (_, value, text) => {
    expect(formatRelativeTime(value, NOW)).toBe(text);
  });

  it.each([
    ['the same day last month', new Date(2026, 3, 20, 15, 30), 'last month'],
    ['a month and a day', new Date(2026, 3, 19, 15, 30), 'last month'],
    ['two days short of two months', new Date(2026, 2, 22, 15, 30), 'last month'],
    ['two months to the day', new Date(2026, 2, 20, 15, 30), '2 months ago'],
    ['a day short of a year', new Date(2025, 4, 21, 15, 30), '11 months ago'],
  ])('months: %s ago → %j (calendar months)', (_, value, text) => {
    expect(formatRelativeTime(value, NOW)).toBe(text);
  });

  it.each([
    ['the same day last year', new Date(2025, 4, 20, 15, 30), 'last year'],
    ['a year and a day', new Date(2025, 4, 19, 15, 30), 'last year'],
    ['3 years and a bit', new Date(2023, 1, 1), '3 years ago'],
    ['a decade', new Date(2016, 4, 20, 15, 30), '10 years ago'],
  ])('years: %s ago → %j (calendar years)', (_, value, text) => {
    expect(formatRelativeTime(value, NOW)).toBe(text);
  });

  it.each([
    ['30 seconds', after(30 * SECOND), 'in 30 seconds'],
    ['5 minutes', after(5 * MINUTE), 'in 5 minutes'],
    ['2 hours', after(2 * HOUR + MINUTE), 'in 2 hours'],
    ['tomorrow morning', new Date(2026, 4, 21, 9, 0), 'in 17 hours'],
    ['24 hours', after(DAY), 'tomorrow'],
    ['3 days', after(3 * DAY), 'in 3 days'],
    ['a month and a half', new Date(2026, 6, 4, 15, 30), 'next month'],
    ['two years and two days', new Date(2028, 4, 22, 15, 30), 'in 2 years'],
  ])('the future: in %s → %j', (_, value, text) => {
    expect(formatRelativeTime(value, NOW)).toBe(text);
  });

  it('reads ISO strings and epoch milliseconds, for the value and for now', () => {
    expect(formatRelativeTime(before(3 * DAY).toISOString(), NOW.getTime())).toBe('3 days ago');
    expect(formatRelativeTime(before(2 * HOUR).getTime(), NOW)).toBe('2 hours ago');
  });

  it.each([null, undefined, ''])("says 'never' for %j (a member never active)", (value) => {
    expect(formatRelativeTime(value, NOW)).toBe('never');
  });

  it.each(['not a date', Number.NaN, new Date('nope')])('shows — for an invalid date (%j)', (value) => {
    expect(formatRelativeTime(value, NOW)).toBe('—');
  });

  it('shows — when now itself is invalid', () => {
    expect(formatRelativeTime(before(DAY), Number.NaN)).toBe('—');
  });
});

describe('formatDateTime', () => {
  it('is the exact en-US date and time, with a plain space before AM/PM', () => {
    expect(formatDateTime(new Date(2026, 0, 5, 15, 4))).toBe('Jan 5, 2026, 3:04 PM');
    expect(formatDateTime(new Date(2026, 11, 31, 0, 9).toISOString())).toBe('Dec 31, 2026, 12:09 AM');
  });

  it.each([null, undefined, '', 'not a date'])('shows — for %j', (value) => {
    expect(formatDateTime(value)).toBe('—');
  });
});

describe('formatRelativeTime: a month is up only when the same day and time of day come round again', () => {
  it.each([
    ['a millisecond short of a month', new Date(2026, 3, 20, 15, 30, 0, 1), '30 days ago'],
    ['a second short of a month', new Date(2026, 3, 20, 15, 30, 1), '30 days ago'],
    ['a minute short of a month', new Date(2026, 3, 20, 15, 31), '30 days ago'],
    ['an hour short of a month', new Date(2026, 3, 20, 16, 30), '30 days ago'],
    ['the next day of last month, earlier in the day', new Date(2026, 3, 21, 10, 0), '29 days ago'],
    ['the day before, last month, later in the day', new Date(2026, 3, 19, 23, 59), 'last month'],
    ['a millisecond over a month', new Date(2026, 3, 20, 15, 29, 59, 999), 'last month'],
  ])('%s → %j', (_, value, text) => {
    expect(formatRelativeTime(value, NOW)).toBe(text);
  });

  it.each([
    ['a millisecond short of a month ahead', new Date(2026, 5, 20, 15, 29, 59, 999), 'in 31 days'],
    ['a month ahead to the millisecond', new Date(2026, 5, 20, 15, 30), 'next month'],
    ['a millisecond short of a year ahead', new Date(2027, 4, 20, 15, 29, 59, 999), 'in 11 months'],
    ['a year ahead to the millisecond', new Date(2027, 4, 20, 15, 30), 'next year'],
  ])('the same ahead: %s → %j', (_, value, text) => {
    expect(formatRelativeTime(value, NOW)).toBe(text);
  });
});

describe("dates in a browser whose ICU puts a no-break space before AM/PM (Node's prints a plain one)", () => {
  /**
   * Intl's output is a boundary we don't own: recent ICU (Chrome, Firefox) writes U+202F before
   * AM/PM, older ones U+00A0, and Node here writes a plain space. The formatter is made to answer
   * as such a browser does, so the replacement can be checked here.
   */
  function asBrowserIcu(space: string) {
    const prototype = Intl.DateTimeFormat.prototype;
    const descriptor = Object.getOwnPropertyDescriptor(prototype, 'format');
    const original = descriptor?.get;
    if (!descriptor || !original) throw new Error('Intl.DateTimeFormat.prototype.format is not a getter here');
    Object.defineProperty(prototype, 'format', {
      ...descriptor,
      get(this: Intl.DateTimeFormat) {
        const format = original.call(this) as (date?: Date | number) => string;
        return (date?: Date | number) => format(date).replace(/ ([AP]M)/, `${space}$1`);
      },
    });
    onTestFinished(() => {
      Object.defineProperty(prototype, 'format', descriptor);
    });
  }

  it.each([
    ['U+202F', '\u202f'],
    ['U+00A0', '\u00a0'],
  ])('shows a plain space where ICU writes %s', (_, space) => {
    asBrowserIcu(space);
    const date = new Date(2026, 0, 5, 15, 4);
    expect(new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }).format(date)).toBe(`3:04${space}PM`);
    expect(formatTime(date)).toBe('3:04 PM');
    expect(formatDateTime(date)).toBe('Jan 5, 2026, 3:04 PM');
    expect(formatTime(new Date(2026, 0, 5, 0, 30))).toBe('12:30 AM');
  });
});
