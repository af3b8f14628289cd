/**
 * Time windows: read from a question ("this week", "last 30 days", "since June 1", "in May") and
 * resolved against the server's clock into a range of whole UTC days, [from, to).
 *
 * Weeks start on Monday. "The last N days" are today and the N - 1 days before it; "the past week"
 * is the last 7 days. A window is kept relative in an intent ({ kind: 'this_week' }), so a
 * follow-up asked tomorrow, or "and last week?", resolves it again.
 */
import type { CopilotWindow } from '../../src/contract/api';
import type { Token } from './lexicon';

const DAY_MS = 86_400_000;

export interface Range {
  /** First instant inside (UTC midnight). */
  from: Date;
  /** First instant after (UTC midnight). */
  to: Date;
  /** "this week", "in the last 30 days", "since Jun 1, 2025". */
  label: string;
}

function startOfDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS);
}

function startOfWeek(date: Date): Date {
  const day = startOfDay(date);
  const weekday = (day.getUTCDay() + 6) % 7; // Monday 0 ... Sunday 6
  return addDays(day, -weekday);
}

function startOfMonth(date: Date, offset = 0): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + offset, 1));
}

export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

const MONTH_NAMES = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

function monthIndex(word: string): number {
  if (word.length < 3) return -1;
  const i = MONTH_NAMES.findIndex((m) => m === word || (word.length >= 3 && m.startsWith(word) && (word.length === 3 || word === 'sept')));
  return i;
}

function weekdayIndex(word: string): number {
  return WEEKDAYS.findIndex((d) => d === word || (word.length >= 3 && d.startsWith(word) && word.length <= 4));
}

function dayLabel(date: Date, withYear = true): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', ...(withYear ? { year: 'numeric' } : {}), timeZone: 'UTC' });
}

/** The range a window covers at `now`. */
export function resolveWindow(window: CopilotWindow, now: Date): Range {
  const today = startOfDay(now);
  const tomorrow = addDays(today, 1);
  switch (window.kind) {
    case 'today':
      return { from: today, to: tomorrow, label: 'today' };
    case 'yesterday':
      return { from: addDays(today, -1), to: today, label: 'yesterday' };
    case 'tomorrow':
      return { from: tomorrow, to: addDays(today, 2), label: 'tomorrow' };
    case 'this_week':
      return { from: startOfWeek(now), to: addDays(startOfWeek(now), 7), label: 'this week' };
    case 'last_week':
      return { from: addDays(startOfWeek(now), -7), to: startOfWeek(now), label: 'last week' };
    case 'next_week':
      return { from: addDays(startOfWeek(now), 7), to: addDays(startOfWeek(now), 14), label: 'next week' };
    case 'this_month':
      return { from: startOfMonth(now), to: startOfMonth(now, 1), label: 'this month' };
    case 'last_month':
      return { from: startOfMonth(now, -1), to: startOfMonth(now), label: 'last month' };
    case 'this_year':
      return {
        from: new Date(Date.UTC(now.getUTCFullYear(), 0, 1)),
        to: new Date(Date.UTC(now.getUTCFullYear() + 1, 0, 1)),
        label: 'this year',
      };
    case 'last_days': {
      const days = window.days ?? 7;
      return { from: addDays(today, 1 - days), to: tomorrow, label: days === 1 ? 'in the last day' : `in the last ${days} days` };
    }
    case 'next_days': {
      const days = window.days ?? 7;
      return { from: today, to: addDays(today, days), label: `in the next ${days} days` };
    }
    case 'since': {
      const from = window.date ? new Date(`${window.date}T00:00:00Z`) : today;
      return { from, to: tomorrow, label: `since ${dayLabel(from)}` };
    }
    case 'month': {
      const from = window.date ? new Date(`${window.date.slice(0, 7)}-01T00:00:00Z`) : startOfMonth(now);
      const to = startOfMonth(from, 1);
      return { from, to, label: `in ${from.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })}` };
    }
  }
}

export interface WindowMatch {
  window: CopilotWindow;
  /** Token indexes the expression used. */
  used: number[];
}

const UNIT_DAYS: Record<string, number> = {
  day: 1,
  days: 1,
  week: 7,
  weeks: 7,
  wk: 7,
  wks: 7,
  month: 30,
  months: 30,
  mo: 30,
  year: 365,
  years: 365,
  hour: 1 / 24,
  hours: 1 / 24,
  fortnight: 14,
};

function dateAt(year: number, month: number, day: number): Date | null {
  const d = new Date(Date.UTC(year, month, day));
  return d.getUTCMonth() === month && d.getUTCDate() === day ? d : null;
}

/** A calendar date starting at token i ("june 1", "1 june", "jun 1st 2025", "2025-06-01", "6/1"), at or before today when no year is given. */
function readDate(tokens: readonly Token[], i: number, now: Date): { date: Date; length: number } | null {
  const t = tokens[i];
  if (!t) return null;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t.norm);
  if (iso) {
    const d = dateAt(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
    return d ? { date: d, length: 1 } : null;
  }
  const slash = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(t.norm);
  if (slash) {
    const year = slash[3] ? Number(slash[3].length === 2 ? `20${slash[3]}` : slash[3]) : now.getUTCFullYear();
    let d = dateAt(year, Number(slash[1]) - 1, Number(slash[2]));
    if (d && !slash[3] && d > now) d = dateAt(year - 1, Number(slash[1]) - 1, Number(slash[2]));
    return d ? { date: d, length: 1 } : null;
  }
  const ordinal = (word: string | undefined): number | null => {
    if (!word) return null;
    const m = /^(\d{1,2})(st|nd|rd|th)?$/.exec(word);
    return m ? Number(m[1]) : null;
  };
  const year = (word: string | undefined): number | null => (word && /^\d{4}$/.test(word) ? Number(word) : null);
  let month = monthIndex(t.norm);
  let day: number | null = null;
  let length = 0;
  if (month >= 0) {
    day = ordinal(tokens[i + 1]?.norm);
    length = day === null ? 1 : 2;
  } else {
    day = ordinal(t.norm);
    const next = tokens[i + 1]?.norm === 'of' ? i + 2 : i + 1;
    month = monthIndex(tokens[next]?.norm ?? '');
    if (day === null || month < 0) return null;
    length = next - i + 1;
  }
  const y = year(tokens[i + length]?.norm);
  if (y !== null) length += 1;
  let d = dateAt(y ?? now.getUTCFullYear(), month, day ?? 1);
  if (d && y === null && d > now) d = dateAt(now.getUTCFullYear() - 1, month, day ?? 1);
  return d ? { date: d, length } : null;
}

/**
 * The time windows in a question, left to right (the parser uses the last one). Recognises today,
 * yesterday, tomorrow, this/last/past/next week and month, this year, the last/past N days/weeks/
 * months, since a date or a weekday, and "in" a month.
 */
export function findWindows(tokens: readonly Token[], now: Date): WindowMatch[] {
  const found: WindowMatch[] = [];
  const w = (i: number) => tokens[i]?.norm ?? '';
  for (let i = 0; i < tokens.length; i += 1) {
    const word = w(i);
    const range = (n: number) => Array.from({ length: n }, (_, k) => i + k);
    if (word === 'today' || word === 'tonight' || (word === 'so' && w(i + 1) === 'far' && w(i + 2) === 'today')) {
      found.push({ window: { kind: 'today' }, used: range(word === 'so' ? 3 : 1) });
      continue;
    }
    if (word === 'yesterday') {
      found.push({ window: { kind: 'yesterday' }, used: [i] });
      continue;
    }
    if (word === 'tomorrow') {
      found.push({ window: { kind: 'tomorrow' }, used: [i] });
      continue;
    }
    if (word === 'daily' || word === 'weekly' || word === 'monthly') continue;
    const unit = w(i + 1);
    if (['this', 'current', 'the'].includes(word) && ['week', 'wk', 'month', 'year'].includes(unit)) {
      if (word === 'the' && unit !== 'week' && unit !== 'month') continue;
      const kind = unit === 'month' ? 'this_month' : unit === 'year' ? 'this_year' : 'this_week';
      found.push({ window: { kind }, used: range(2) });
      i += 1;
      continue;
    }
    if (word === 'mtd' || word === 'wtd' || word === 'ytd') {
      found.push({ window: { kind: word === 'mtd' ? 'this_month' : word === 'ytd' ? 'this_year' : 'this_week' }, used: [i] });
      continue;
    }
    if ((word === 'last' || word === 'previous' || word === 'prior') && ['week', 'wk', 'month'].includes(unit)) {
      found.push({ window: { kind: unit === 'month' ? 'last_month' : 'last_week' }, used: range(2) });
      i += 1;
      continue;
    }
    if (word === 'next' && ['week', 'wk'].includes(unit)) {
      found.push({ window: { kind: 'next_week' }, used: range(2) });
      i += 1;
      continue;
    }
    if (word === 'past' && ['week', 'wk', 'month', 'fortnight'].includes(unit)) {
      found.push({ window: { kind: 'last_days', days: unit === 'month' ? 30 : unit === 'fortnight' ? 14 : 7 }, used: range(2) });
      i += 1;
      continue;
    }
    if ((word === 'last' || word === 'past') && unit === 'fortnight') {
      found.push({ window: { kind: 'last_days', days: 14 }, used: range(2) });
      i += 1;
      continue;
    }
    // last / past / previous / next N days|weeks|months; "last 24 hours"; "past couple of weeks"
    if (['last', 'past', 'previous', 'next', 'within', 'over'].includes(word)) {
      let j = i + 1;
      if (w(j) === 'the') j += 1;
      let n = tokens[j]?.num ?? null;
      if (n === null && (w(j) === 'couple' || w(j) === 'few')) {
        n = w(j) === 'couple' ? 2 : 3;
        if (w(j + 1) === 'of') j += 1;
      }
      const u = w(j + 1);
      if (n !== null && n > 0 && UNIT_DAYS[u] !== undefined) {
        const days = Math.max(1, Math.min(3660, Math.round(n * (UNIT_DAYS[u] ?? 1))));
        found.push({ window: { kind: word === 'next' ? 'next_days' : 'last_days', days }, used: range(j + 2 - i) });
        i = j + 1;
        continue;
      }
    }
    // since <date> | since <weekday> | since last week | since the start of the month
    if (word === 'since' || word === 'after' || (word === 'from' && w(i + 1) !== 'the')) {
      const date = readDate(tokens, i + 1, now);
      if (date) {
        found.push({ window: { kind: 'since', date: isoDay(date.date) }, used: range(date.length + 1) });
        i += date.length;
        continue;
      }
      const next = w(i + 1) === 'last' ? w(i + 2) : w(i + 1);
      const weekday = weekdayIndex(next);
      if (weekday >= 0) {
        const today = startOfDay(now);
        let back = (today.getUTCDay() - weekday + 7) % 7;
        if (w(i + 1) === 'last' && back === 0) back = 7;
        found.push({ window: { kind: 'since', date: isoDay(addDays(today, -back)) }, used: range(w(i + 1) === 'last' ? 3 : 2) });
        i += w(i + 1) === 'last' ? 2 : 1;
        continue;
      }
      if (word === 'since' && w(i + 1) === 'last' && (w(i + 2) === 'week' || w(i + 2) === 'month')) {
        const from = w(i + 2) === 'week' ? addDays(startOfWeek(now), -7) : startOfMonth(now, -1);
        found.push({ window: { kind: 'since', date: isoDay(from) }, used: range(3) });
        i += 2;
        continue;
      }
      if (w(i + 1) === 'the' && (w(i + 2) === 'start' || w(i + 2) === 'beginning') && w(i + 3) === 'of') {
        const target = w(i + 4) === 'the' ? w(i + 5) : w(i + 5) === 'week' || w(i + 5) === 'month' ? w(i + 5) : w(i + 4);
        if (target === 'week' || target === 'month' || target === 'year') {
          found.push({
            window: { kind: target === 'week' ? 'this_week' : target === 'month' ? 'this_month' : 'this_year' },
            used: range(w(i + 4) === 'the' || w(i + 4) === 'this' ? 6 : 5),
          });
          i += 4;
          continue;
        }
      }
    }
    // in / during / for / throughout <month> [year]
    if (['in', 'during', 'for', 'throughout', 'of'].includes(word)) {
      const month = monthIndex(w(i + 1));
      // "may" is also a verb: only a month after one of these words, and not before a pronoun.
      if (month >= 0 && !(w(i + 1) === 'may' && ['i', 'we', 'you'].includes(w(i + 2)))) {
        let year = /^\d{4}$/.test(w(i + 2)) ? Number(w(i + 2)) : now.getUTCFullYear();
        if (!/^\d{4}$/.test(w(i + 2)) && Date.UTC(year, month, 1) > now.getTime()) year -= 1;
        found.push({
          window: { kind: 'month', date: `${year}-${String(month + 1).padStart(2, '0')}-01` },
          used: range(/^\d{4}$/.test(w(i + 2)) ? 3 : 2),
        });
        i += /^\d{4}$/.test(w(i + 2)) ? 2 : 1;
        continue;
      }
    }
  }
  return found;
}
