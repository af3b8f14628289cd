/**
 * Dates en-US (SPEC §9), in the viewer's time zone. Invalid or missing input shows '—'.
 *
 * Recent ICU versions put a narrow no-break space (U+202F) before AM/PM; it is replaced by a plain
 * space so the text is the same in every browser and in Node ('3:04 PM').
 */

export type DateInput = Date | string | number | null | undefined;

const SHORT = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const LONG = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

const INVALID_DATE_TEXT = '—';

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function format(formatter: Intl.DateTimeFormat, value: DateInput): string {
  const date = toDate(value);
  return date ? formatter.format(date).replace(/[\u202f\u00a0]/g, ' ') : INVALID_DATE_TEXT;
}

/** 'Jan 5, 2026' */
export function formatShortDate(value: DateInput): string {
  return format(SHORT, value);
}

/** 'January 5, 2026' */
export function formatLongDate(value: DateInput): string {
  return format(LONG, value);
}

/** '3:04 PM' */
export function formatTime(value: DateInput): string {
  return format(TIME, value);
}
