/**
 * Dates en-US (SPEC §9), in the viewer's time zone. Invalid or missing input shows '—'.
 *
 * Recent ICU versions put a narrow no-break space (U+202F) before AM/PM; it is replaced by a plain
 * space so the text is the same in every browser and in Node ('3:04 PM'). The formatters are made on
 * first use (./intl.ts).
 */

import { lazily } from './intl';

export type DateInput = Date | string | number | null | undefined;

const SHORT = lazily(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }));
const LONG = lazily(() => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' }));
const TIME = lazily(() => new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' }));
const DATE_TIME = lazily(
  () => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' }),
);
const MONTH_DAY = lazily(() => new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }));
const RELATIVE = lazily(() => new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

const INVALID_DATE_TEXT = '—';

function toDate(value: DateInput): Date | null {
  // Null and undefined are no date (new Date(null) would be 1970); NaN, like '', makes an invalid one.
  const date = value instanceof Date ? value : new Date(value ?? NaN);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(formatter: Intl.DateTimeFormat, value: DateInput): string {
  const date = toDate(value);
  return date ? formatter.format(date).replace(/[\u202f\u00a0]/g, ' ') : INVALID_DATE_TEXT;
}

/** 'Jan 5, 2026' */
export function formatShortDate(value: DateInput): string {
  return format(SHORT(), value);
}

/** 'Jan 5' (where the year goes without saying: a date within days of today) */
export function formatMonthDay(value: DateInput): string {
  return format(MONTH_DAY(), value);
}

/** 'January 5, 2026' */
export function formatLongDate(value: DateInput): string {
  return format(LONG(), value);
}

/** '3:04 PM' */
export function formatTime(value: DateInput): string {
  return format(TIME(), value);
}

/** 'Jan 5, 2026, 3:04 PM' */
export function formatDateTime(value: DateInput): string {
  return format(DATE_TIME(), value);
}

/** What `formatRelativeTime` says of a moment that never happened (a member never active). */
const NEVER_TEXT = 'never';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Calendar days from `from` to `to`, in local time (a 23- or 25-hour day still counts as one). */
function calendarDays(from: Date, to: Date): number {
  const day = (d: Date) => Date.UTC(d.getFullYear(), d.getMonth(), d.getDate()) / DAY;
  return day(to) - day(from);
}

/**
 * Whole calendar months from `from` to `to`, negative when `to` is earlier, counted towards zero:
 * Feb 20 to Apr 20 is 2, to Apr 19 is 1; Apr 20 to Feb 20 is -2, to Feb 21 is -1.
 */
function calendarMonths(from: Date, to: Date): number {
  // How far into its month a moment is, by the wall clock (a daylight saving change moves nothing).
  const intoMonth = (d: Date) =>
    (((d.getDate() * 24 + d.getHours()) * 60 + d.getMinutes()) * 60 + d.getSeconds()) * 1000 + d.getMilliseconds();
  const months = (to.getFullYear() - from.getFullYear()) * 12 + to.getMonth() - from.getMonth();
  // Where `to` is in its month against where `from` is in theirs: a month not yet full counts for nothing.
  const within = intoMonth(to) - intoMonth(from);
  if (months > 0 && within < 0) return months - 1;
  if (months < 0 && within > 0) return months + 1;
  return months;
}

/**
 * `value` relative to `now`, en-US: 'now', '30 seconds ago', '5 minutes ago', '3 hours ago',
 * 'yesterday', '3 days ago', 'last month', '11 months ago', '2 years ago', and the same ahead
 * ('in 5 minutes', 'tomorrow', 'next month'). The unit is the largest one the gap fills at least
 * once, and the count is whole units, never rounded up (59 minutes is not '1 hour ago'). Under a day
 * that is elapsed time; from a day on the units are calendar ones in local time: 'yesterday' is the
 * day before today, 'last month' starts when the same day of the month comes round again.
 * `now` is a parameter: the result depends on nothing else but the time zone. Null, undefined or ''
 * say 'never' (a member never active); an invalid date shows '—'.
 */
export function formatRelativeTime(value: DateInput, now: Date | number): string {
  if (value === null || value === undefined || value === '') return NEVER_TEXT;
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return INVALID_DATE_TEXT;
  const gap = date.getTime() - reference.getTime();
  const whole = (unit: number) => Math.trunc(gap / unit) || 0;
  const size = Math.abs(gap);
  if (size < MINUTE) return RELATIVE().format(whole(SECOND), 'second');
  if (size < HOUR) return RELATIVE().format(whole(MINUTE), 'minute');
  if (size < DAY) return RELATIVE().format(whole(HOUR), 'hour');
  const months = calendarMonths(reference, date);
  if (Math.abs(months) >= 12) return RELATIVE().format(Math.trunc(months / 12), 'year');
  if (months !== 0) return RELATIVE().format(months, 'month');
  // A 24-hour gap within one 25-hour day (when daylight saving time ends) still counts as a day.
  const days = calendarDays(reference, date);
  return RELATIVE().format(days === 0 ? Math.sign(gap) : days, 'day');
}

/** The viewer's IANA time zone ("America/Los_Angeles"), as the browser knows it; 'UTC' if it does not say. */
export function currentTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
