/**
 * The administrator's day: calendar days and wall-clock times in an IANA time zone, with Intl only
 * (no date library). A day is a `Day` string, YYYY-MM-DD, computed on as a UTC date (days have no
 * zone); an instant is a `Date`. `startOfDay(day, zone)` is the instant that day begins there.
 */

const DAY_MS = 86_400_000;

/** A calendar day, YYYY-MM-DD. */
export type Day = string;

/** The console's zone when a question carries none (SPEC §7's `query, isAdmin` alone). */
export const DEFAULT_TIME_ZONE = 'UTC';

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClock(instant: Date, zone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of partsFormatter(zone).formatToParts(instant)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts['year'] ?? 1970,
    month: parts['month'] ?? 1,
    day: parts['day'] ?? 1,
    hour: (parts['hour'] ?? 0) % 24,
    minute: parts['minute'] ?? 0,
    second: parts['second'] ?? 0,
  };
}

/** How far the zone's clock is ahead of UTC at that instant, in ms. */
function offsetAt(instant: number, zone: string): number {
  const w = wallClock(new Date(instant), zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The zone's own spelling of a name Intl accepts ("america/los_angeles" -> "America/Los_Angeles"). */
export function canonicalZone(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

/** The calendar day of an instant in the zone. */
export function dayIn(instant: Date, zone: string): Day {
  const w = wallClock(instant, zone);
  return `${String(w.year).padStart(4, '0')}-${String(w.month).padStart(2, '0')}-${String(w.day).padStart(2, '0')}`;
}

/** The instant a calendar day begins in the zone (its first existing minute, when a clock change skips midnight). */
export function startOfDay(day: Day, zone: string): Date {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  // The offset at midnight UTC is a guess; the offset at the guessed instant is the one that day has.
  let instant = midnight - offsetAt(midnight - offsetAt(midnight, zone), zone);
  // A clock change that skips midnight puts the guess on the evening before: the day starts an hour later.
  while (dayIn(new Date(instant), zone) < day) instant += 3_600_000;
  return new Date(instant);
}

export function addDays(day: Day, days: number): Day {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday 0 ... Sunday 6. */
export function weekdayOf(day: Day): number {
  return (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
}

export function startOfWeek(day: Day): Day {
  return addDays(day, -weekdayOf(day));
}

/** The first day of the day's month, `offset` months later (or earlier). */
export function startOfMonth(day: Day, offset = 0): Day {
  const date = new Date(`${day}T00:00:00Z`);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1)).toISOString().slice(0, 10);
}

/** Whether the zone's day starts at UTC midnight on both days (so counts kept per UTC day answer for it). */
export function alignedWithUtc(from: Date, to: Date): boolean {
  return from.getTime() % DAY_MS === 0 && to.getTime() % DAY_MS === 0;
}
