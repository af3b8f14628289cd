/**
 * How figures read in answers: counts, money, durations, and dates and times in the
 * administrator's time zone (en-US, SPEC §9). A time says its zone ("2:13 PM PDT"); a day is the
 * zone's calendar day.
 */
import type { Day } from '../time/zone';

const COUNT = new Intl.NumberFormat('en-US');
const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function count(n: number): string {
  return COUNT.format(n);
}

/** Cents as US dollars: 12999 -> $129.99. */
export function usd(cents: number): string {
  return USD.format(cents / 100);
}

export function formatDuration(seconds: number): string {
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h} h ${m} min`;
  if (m > 0) return s > 0 && m < 10 ? `${m} min ${s} s` : `${m} min`;
  return `${s} s`;
}

/** "Jun 3, 2025": the instant's day in the zone. */
export function shortDate(date: Date, zone: string): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: zone });
}

/** "Jun 3, 2025, 2:13 PM PDT". */
export function dateTime(date: Date, zone: string): string {
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' });
  return `${shortDate(date, zone)}, ${time}`;
}

/** "Jun 3, 2025" for a calendar day (a due date, a day of a window). */
export function calendarDay(day: Day): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** "Wed, Jun 11" for a calendar day. */
export function dayName(day: Day): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export function excerpt(text: string, max = 110): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

export function toDate(value: unknown): Date {
  return value instanceof Date ? value : new Date(String(value));
}

export function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}
