/**
 * Time windows: read from a question ("this week", "last 30 days", "since June 1", "in May") and
 * resolved into a range of the administrator's own calendar days, [from, to), in their time zone.
 *
 * Weeks start on Monday. "The last N days" are today and the N - 1 days before it; "the past week"
 * is the last 7 days. A window is kept relative in an intent ({ kind: 'this_week' }), so a
 * follow-up asked tomorrow, or "and last week?", resolves it again.
 */
import type { CopilotWindow } from '../../../src/contract/api';
import type { Token } from '../understand/normalise';
import { addDays, dayIn, startOfDay, startOfMonth, startOfWeek, weekdayOf, type Day } from './zone';

/** Where and when a question is asked: the instant, and the administrator's time zone. */
export interface Clock {
  now: Date;
  zone: string;
}

export interface Range {
  /** First instant inside (the zone's midnight). */
  from: Date;
  /** First instant after. */
  to: Date;
  /** The same as calendar days of the zone, [fromDay, toDay). */
  fromDay: Day;
  toDay: Day;
  /** "this week", "in the last 30 days", "since Jun 1, 2025". */
  label: string;
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
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];

function monthIndex(word: string): number {
  if (word.length < 3) return -1;
  return MONTH_NAMES.findIndex((m) => m === word || (m.startsWith(word) && (word.length === 3 || word === 'sept')));
}

/** Monday 0 ... Sunday 6. */
function weekdayIndex(word: string): number {
  return WEEKDAYS.findIndex((d) => d === word || (word.length >= 3 && d.startsWith(word) && word.length <= 4));
}

function dayLabel(day: Day): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

function yearStart(day: Day, offset = 0): Day {
  return `${String(Number(day.slice(0, 4)) + offset).padStart(4, '0')}-01-01`;
}

/** The calendar days a window covers on `today`, and how the answer names them. */
function daysOf(window: CopilotWindow, today: Day): [Day, Day, string] {
  const week = startOfWeek(today);
  switch (window.kind) {
    case 'today':
      return [today, addDays(today, 1), 'today'];
    case 'yesterday':
      return [addDays(today, -1), today, 'yesterday'];
    case 'tomorrow':
      return [addDays(today, 1), addDays(today, 2), 'tomorrow'];
    case 'this_week':
      return [week, addDays(week, 7), 'this week'];
    case 'last_week':
      return [addDays(week, -7), week, 'last week'];
    case 'next_week':
      return [addDays(week, 7), addDays(week, 14), 'next week'];
    case 'this_month':
      return [startOfMonth(today), startOfMonth(today, 1), 'this month'];
    case 'last_month':
      return [startOfMonth(today, -1), startOfMonth(today), 'last month'];
    case 'this_year':
      return [yearStart(today), yearStart(today, 1), 'this year'];
    case 'last_days': {
      const days = window.days ?? 7;
      return [addDays(today, 1 - days), addDays(today, 1), days === 1 ? 'in the last day' : `in the last ${days} days`];
    }
    case 'next_days': {
      const days = window.days ?? 7;
      return [today, addDays(today, days), `in the next ${days} days`];
    }
    case 'since': {
      const from = window.date ?? today;
      return [from, addDays(today, 1), `since ${dayLabel(from)}`];
    }
    case 'month': {
      const from = window.date ? `${window.date.slice(0, 7)}-01` : startOfMonth(today);
      const name = new Date(`${from}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
      return [from, startOfMonth(from, 1), `in ${name}`];
    }
  }
}

/** The range a window covers at the clock's instant, in its zone. */
export function resolveWindow(window: CopilotWindow, clock: Clock): Range {
  const [fromDay, toDay, label] = daysOf(window, dayIn(clock.now, clock.zone));
  return { from: startOfDay(fromDay, clock.zone), to: startOfDay(toDay, clock.zone), fromDay, toDay, label };
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

/** A real calendar day, or null ("feb 30"). */
function dayAt(year: number, month: number, day: number): Day | null {
  const d = new Date(Date.UTC(year, month, day));
  return d.getUTCMonth() === month && d.getUTCDate() === day && year >= 1000 ? d.toISOString().slice(0, 10) : null;
}

/** The same month and day in the year before when it is still ahead of today (no year was given). */
function notAhead(year: number, month: number, day: number, today: Day): Day | null {
  const d = dayAt(year, month, day);
  return d && d > today ? dayAt(year - 1, month, day) : d;
}

const ordinal = (word: string | undefined): number | null => {
  const m = word ? /^(\d{1,2})(st|nd|rd|th)?$/.exec(word) : null;
  return m ? Number(m[1]) : null;
};

/** A calendar date starting at token i ("june 1", "1 june", "jun 1st 2025", "2025-06-01", "6/1"), at or before today when no year is given. */
function readDate(tokens: readonly Token[], i: number, today: Day): { day: Day; length: number } | null {
  const t = tokens[i];
  if (!t) return null;
  const thisYear = Number(today.slice(0, 4));
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t.norm);
  if (iso) {
    const d = dayAt(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
    return d ? { day: d, length: 1 } : null;
  }
  const slash = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(t.norm);
  if (slash) {
    const [month, day] = [Number(slash[1]) - 1, Number(slash[2])];
    const d = slash[3]
      ? dayAt(Number(slash[3].length === 2 ? `20${slash[3]}` : slash[3]), month, day)
      : notAhead(thisYear, month, day, today);
    return d ? { day: d, length: 1 } : null;
  }
  let month = monthIndex(t.norm);
  let day: number | null;
  let length: number;
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
  const yearWord = tokens[i + length]?.norm ?? '';
  const year = /^\d{4}$/.test(yearWord) ? Number(yearWord) : null;
  const d = year !== null ? dayAt(year, month, day ?? 1) : notAhead(thisYear, month, day ?? 1, today);
  return d ? { day: d, length: length + (year !== null ? 1 : 0) } : null;
}

type Reader = (
  w: (i: number) => string,
  i: number,
  tokens: readonly Token[],
  today: Day,
) => { window: CopilotWindow; length: number } | null;

/** today, tonight, "so far today", yesterday, tomorrow. */
const readDayWord: Reader = (w, i) => {
  const word = w(i);
  if (word === 'today' || word === 'tonight') return { window: { kind: 'today' }, length: 1 };
  if (word === 'so' && w(i + 1) === 'far' && w(i + 2) === 'today') return { window: { kind: 'today' }, length: 3 };
  if (word === 'yesterday') return { window: { kind: 'yesterday' }, length: 1 };
  if (word === 'tomorrow') return { window: { kind: 'tomorrow' }, length: 1 };
  if (word === 'mtd' || word === 'wtd' || word === 'ytd')
    return { window: { kind: word === 'mtd' ? 'this_month' : word === 'ytd' ? 'this_year' : 'this_week' }, length: 1 };
  return null;
};

/** this / current / last / previous / next / past week, month, year, fortnight. */
const readCalendarWord: Reader = (w, i) => {
  const [word, unit] = [w(i), w(i + 1)];
  const isWeek = unit === 'week' || unit === 'wk';
  if ((word === 'this' || word === 'current' || word === 'the') && (isWeek || unit === 'month' || (unit === 'year' && word !== 'the')))
    return { window: { kind: unit === 'month' ? 'this_month' : unit === 'year' ? 'this_year' : 'this_week' }, length: 2 };
  if ((word === 'last' || word === 'previous' || word === 'prior') && (isWeek || unit === 'month'))
    return { window: { kind: unit === 'month' ? 'last_month' : 'last_week' }, length: 2 };
  if (word === 'next' && isWeek) return { window: { kind: 'next_week' }, length: 2 };
  if (word === 'past' && (isWeek || unit === 'month' || unit === 'fortnight'))
    return { window: { kind: 'last_days', days: unit === 'month' ? 30 : unit === 'fortnight' ? 14 : 7 }, length: 2 };
  if (word === 'last' && unit === 'fortnight') return { window: { kind: 'last_days', days: 14 }, length: 2 };
  return null;
};

/** last / past / previous / next / within / over [the] N days|weeks|months; "past couple of weeks". */
const readCountedDays: Reader = (w, i, tokens) => {
  const word = w(i);
  if (!['last', 'past', 'previous', 'next', 'within', 'over', 'for'].includes(word)) return null;
  let j = i + 1;
  if (w(j) === 'the') j += 1;
  let n = tokens[j]?.num ?? null;
  if (n === null && (w(j) === 'couple' || w(j) === 'few')) {
    n = w(j) === 'couple' ? 2 : 3;
    if (w(j + 1) === 'of') j += 1;
  }
  const unit = UNIT_DAYS[w(j + 1)];
  if (n === null || n <= 0 || unit === undefined) return null;
  const days = Math.max(1, Math.min(3660, Math.round(n * unit)));
  return { window: { kind: word === 'next' ? 'next_days' : 'last_days', days }, length: j + 2 - i };
};

/** since <date> | since [last] <weekday> | since last week | since the start of the month. */
const readSince: Reader = (w, i, tokens, today) => {
  const word = w(i);
  if (!(word === 'since' || word === 'after' || (word === 'from' && w(i + 1) !== 'the'))) return null;
  const date = readDate(tokens, i + 1, today);
  if (date) return { window: { kind: 'since', date: date.day }, length: date.length + 1 };
  const last = w(i + 1) === 'last';
  const weekday = weekdayIndex(last ? w(i + 2) : w(i + 1));
  if (weekday >= 0) {
    let back = (weekdayOf(today) - weekday + 7) % 7;
    if (last && back === 0) back = 7;
    return { window: { kind: 'since', date: addDays(today, -back) }, length: last ? 3 : 2 };
  }
  if (word === 'since' && last && (w(i + 2) === 'week' || w(i + 2) === 'month')) {
    const from = w(i + 2) === 'week' ? addDays(startOfWeek(today), -7) : startOfMonth(today, -1);
    return { window: { kind: 'since', date: from }, length: 3 };
  }
  if (w(i + 1) === 'the' && (w(i + 2) === 'start' || w(i + 2) === 'beginning') && w(i + 3) === 'of') {
    const skip = w(i + 4) === 'the' || w(i + 4) === 'this';
    const target = skip ? w(i + 5) : w(i + 4);
    if (target === 'week' || target === 'month' || target === 'year')
      return { window: { kind: target === 'week' ? 'this_week' : target === 'month' ? 'this_month' : 'this_year' }, length: skip ? 6 : 5 };
  }
  return null;
};

/** in / during / for / throughout / of <month> [year]; "may" the verb is not the month. */
const readMonth: Reader = (w, i, _tokens, today) => {
  if (!['in', 'during', 'for', 'throughout', 'of'].includes(w(i))) return null;
  const month = monthIndex(w(i + 1));
  if (month < 0 || (w(i + 1) === 'may' && ['i', 'we', 'you'].includes(w(i + 2)))) return null;
  const given = /^\d{4}$/.test(w(i + 2));
  let year = given ? Number(w(i + 2)) : Number(today.slice(0, 4));
  const first = `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01`;
  if (!given && first > today) year -= 1;
  return {
    window: { kind: 'month', date: `${String(year).padStart(4, '0')}-${String(month + 1).padStart(2, '0')}-01` },
    length: given ? 3 : 2,
  };
};

const READERS: readonly Reader[] = [readDayWord, readCalendarWord, readCountedDays, readSince, readMonth];

/**
 * The time windows in a question, left to right (the parser uses the last one), read against the
 * administrator's `today`: today, yesterday, tomorrow, this/last/past/next week and month, this
 * year, the last/past N days/weeks/months, since a date or a weekday, and "in" a month.
 */
export function findWindows(tokens: readonly Token[], today: Day): WindowMatch[] {
  const found: WindowMatch[] = [];
  const w = (i: number) => tokens[i]?.norm ?? '';
  for (let i = 0; i < tokens.length; i += 1) {
    if (w(i) === 'daily' || w(i) === 'weekly' || w(i) === 'monthly') continue;
    for (const read of READERS) {
      const match = read(w, i, tokens, today);
      if (!match) continue;
      found.push({ window: match.window, used: Array.from({ length: match.length }, (_, k) => i + k) });
      i += match.length - 1;
      break;
    }
  }
  return found;
}
