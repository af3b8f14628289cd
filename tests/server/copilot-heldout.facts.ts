/**
 * The held-out bank's vocabulary: facts a reply must contain, the small matchers that check them,
 * time windows in an IANA zone, and `Truth`, the plain code that reads the expected values from the
 * database and from the API's own screen endpoints at run time.
 *
 * Matchers look at the reply's text only (`result`), never at its sources, and the runner first
 * removes the question itself where the reply quotes it back ("I couldn't find anything matching
 * "<question>"" names no one). Each matcher is meant to be read in one go:
 * - a number matches as a whole number written in digits: the reply's digit runs (thousands commas
 *   allowed) are compared as strings, so 60 matches "60 members" and "60." but not "160", "60.5" or
 *   "06". Digits that are not counts are left out first: dates ("Jun 3, 2025", "2025-06-03",
 *   "6/3/2025"), times ("12:23 PM"), call lengths ("14 min", "7 min 5 s"), a denominator in
 *   parentheses ("(of 240 members)") and the rest of a cut list ("…and 12 more");
 * - a name matches case-insensitively between non-letters ("Sofia Murphy" in "sofia murphy's");
 * - text (a phone as the table formats it, an e-mail) matches case-insensitively, spaces collapsed;
 * - a date matches as en-US ("Jun 8, 2025", "June 8, 2025", "Jun 8", "6/8/2025") or ISO;
 * - "none" is a reply saying nothing matched ("no one", "none", "couldn't find", "there are no", a 0);
 * - "declines" is a reply saying the records do not hold the answer ("I don't have", "isn't
 *   recorded", "no information", "couldn't find", "can't answer");
 * - licence and status facts are yes/no readings of the reply (see `licensed` and `status`).
 */
import type { BillingOverview, UserBilling, UserStats } from '../../src/contract/api';
import { formatPhone } from '../../src/domain/phone';

// ---------------------------------------------------------------------------------------------
// Facts and matchers
// ---------------------------------------------------------------------------------------------

export interface Fact {
  /** What the report shows as expected: 'the number 60', 'the name "Sofia Murphy"'. */
  describe: string;
  holds(reply: string): boolean;
}

const normalise = (text: string) => text.toLowerCase().replace(/[’‘`]/g, "'").replace(/\s+/g, ' ');
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const MONTH_NAMES =
  '(january|jan|february|feb|march|mar|april|apr|may|june|jun|july|jul|august|aug|september|sept|sep|october|oct|november|nov|december|dec)\\.?';
/** Digits that are not counts: dates, times, call lengths, "(of N …)" denominators, "and N more". */
const NOT_COUNTS = [
  new RegExp(`\\b${MONTH_NAMES} \\d{1,2}(st|nd|rd|th)?(,? \\d{4})?`, 'gi'),
  /\b\d{4}-\d{2}-\d{2}(t[\d:.]+z?)?/gi,
  /\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/g,
  /\b\d{1,2}:\d{2}(:\d{2})?(\s*[ap]\.?m\.?)?/gi,
  /\b\d+(\.\d+)?\s*(min|mins|minutes?|s|secs?|seconds?|h|hrs?|hours?)\b/gi,
  /\(of [\d,]+[^)]*\)/gi,
  /\band [\d,]+ more\b/gi,
];

/** The whole numbers written in digits in a text, counts only: "1,234 calls, 60.5%, 7 (of 9)" gives 1234 and 7. */
function wholeNumbers(reply: string): string[] {
  const text = NOT_COUNTS.reduce((rest, re) => rest.replace(re, ' '), reply);
  const found: string[] = [];
  for (const match of text.matchAll(/\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?/g)) {
    const token = match[0].replace(/,/g, '');
    const next = text[(match.index ?? 0) + match[0].length];
    // "3,4": a comma not followed by three digits ends the number; a decimal is not a whole number.
    if (!token.includes('.') && next !== undefined && /\d/.test(next)) continue;
    if (!token.includes('.')) found.push(token);
  }
  return found;
}

export function num(n: number): Fact {
  return {
    describe: `the number ${n}`,
    holds: (reply) => wholeNumbers(reply).includes(String(n)),
  };
}

export function name(person: string): Fact {
  const pattern = new RegExp(`(?<![a-z])${escape(normalise(person))}(?![a-z])`);
  return { describe: `the name "${person}"`, holds: (reply) => pattern.test(normalise(reply)) };
}

export function text(value: string, label = 'the text'): Fact {
  return { describe: `${label} "${value}"`, holds: (reply) => normalise(reply).includes(normalise(value)) };
}

/** A phone as the users table shows it (formatPhone, SPEC §5: +1 (xxx) xxx-xxxx). */
export function phone(e164: string): Fact {
  return text(formatPhone(e164), 'the phone');
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A calendar date (`day` is YYYY-MM-DD, already in the administrator's zone). */
export function date(day: string): Fact {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const month = MONTHS[m - 1] ?? '';
  const patterns = [
    new RegExp(`\\b(${month}|${month.slice(0, 3)})\\.? ${d}(?!\\d)`, 'i'),
    new RegExp(`(?<!\\d)${m}/${d}/${y}(?!\\d)`),
    new RegExp(`\\b${day}\\b`),
  ];
  return { describe: `the date ${day}`, holds: (reply) => patterns.some((p) => p.test(reply)) };
}

/** An amount of money in USD, from cents: "$1,234.56" (commas optional), or "$1,234" for whole dollars. */
export function money(cents: number): Fact {
  const dollars = (cents / 100).toFixed(2);
  const options = [`$${dollars}`];
  if (cents % 100 === 0) options.push(`$${cents / 100}`);
  return {
    describe: `the amount $${dollars}`,
    holds(reply) {
      const plain = reply.replace(/(\d),(?=\d{3})/g, '$1');
      return options.some((o) => new RegExp(`${escape(o)}(?![\\d])`).test(plain));
    },
  };
}

/** A call length: whole minutes (rounded down or to nearest) next to "min"/"minutes", or m:ss. */
export function minutes(seconds: number): Fact {
  const down = Math.floor(seconds / 60);
  const nearest = Math.round(seconds / 60);
  const ss = String(Math.round(seconds) % 60).padStart(2, '0');
  const oneDecimal = (seconds / 60).toFixed(1);
  const patterns = [
    new RegExp(`(?<![\\d.])(${down}|${nearest})\\s*(m|min|mins|minutes?)\\b`, 'i'),
    new RegExp(`(?<![\\d.])${down}:${ss}(?!\\d)`),
    new RegExp(`(?<![\\d.])${escape(oneDecimal)}\\s*(min|mins|minutes?)\\b`, 'i'),
  ];
  return { describe: `a length of ${down}:${ss} (minutes)`, holds: (reply) => patterns.some((p) => p.test(reply)) };
}

const NONE =
  /\b(no one|nobody|none|nothing|no (members?|users?|people|one|calls?|tasks?|invoices?|subscriptions?|payments?|transactions?|results?|records?|matches)|couldn'?t find|could not find|didn'?t find|did not find|there (are|were|is|was) no|zero)\b/i;

/** The reply says nothing matched. A 0 in digits counts ("0 calls"). */
export function none(): Fact {
  return { describe: 'says none / no one / couldn’t find', holds: (reply) => NONE.test(normalise(reply)) || num(0).holds(reply) };
}

const DECLINES = new RegExp(
  [
    "(don'?t|do not|doesn'?t|does not|can'?t|cannot|couldn'?t|could not|isn'?t|is not|aren'?t|are not|won'?t|didn'?t|did not)\\s+(have|hold|keep|track|record|store|find|know|see|include|contain|say|show|answer|tell|cover|list)",
    '\\bnot\\s+(recorded|tracked|kept|stored|available|something|part of|in (the|your|our|its))',
    '\\bno (record|records|data|information|info|details?)\\b',
    '\\b(outside|beyond) (what|the|my|your)',
  ].join('|'),
  'i',
);

/** The reply says the records do not hold the answer (instead of answering something else). */
export function declines(): Fact {
  return { describe: 'says the records don’t hold this', holds: (reply) => DECLINES.test(normalise(reply)) };
}

const UNLICENSED = /(\bnot\b|n't\b|\bno\b|\bwithout\b)[^.;\n]{0,30}\blicen[cs]|\bunlicen[cs]ed\b/i;

/** Yes: the reply says licensed and never denies it; no: the reply says not licensed / unlicensed / no licence. */
export function licensed(yes: boolean): Fact {
  return yes
    ? { describe: 'says licensed', holds: (reply) => /\blicen[cs](ed|e)\b/i.test(reply) && !UNLICENSED.test(normalise(reply)) }
    : { describe: 'says not licensed', holds: (reply) => UNLICENSED.test(normalise(reply)) };
}

/** Active: the reply says active and not pending/inactive; pending: says pending, inactive or not active. */
export function status(active: boolean): Fact {
  const pending = /\bpending\b|\binactive\b|\bnot active\b/i;
  return active
    ? { describe: 'says active', holds: (reply) => /\bactive\b/i.test(reply) && !pending.test(reply) }
    : { describe: 'says pending', holds: (reply) => pending.test(reply) };
}

/** A word or phrase, case-insensitively, between non-letters. */
export function word(value: string): Fact {
  const pattern = new RegExp(`(?<![a-z])${escape(value.toLowerCase())}(?![a-z])`);
  return { describe: `the word "${value}"`, holds: (reply) => pattern.test(normalise(reply)) };
}

/** A number of days ("9 days", "1 day", "9 more days"). */
export function days(n: number): Fact {
  const pattern = new RegExp(`(?<![\\d.])${n}\\s+(more\\s+)?days?\\b`, 'i');
  return { describe: `${n} day(s)`, holds: (reply) => pattern.test(reply) };
}

/** A regular expression over the reply, for a phrase with several spellings ("cancel", "canceling", "cancelled"). */
export function pattern(re: RegExp, describe: string): Fact {
  return { describe, holds: (reply) => re.test(normalise(reply)) };
}

/** The reply says something never happened (a member who never signed in). */
export function never(): Fact {
  return pattern(
    /\bnever\b|\bnot yet\b|has(n't| not) (yet )?(logged|signed|been)|no (record of|sign-in|sign in|login|log-in|activity)|no last/,
    'says never / not yet',
  );
}

/** Every fact holds (a group inside `oneOf`). */
export function all(...facts: Fact[]): Fact {
  return { describe: facts.map((f) => f.describe).join(' & '), holds: (reply) => facts.every((f) => f.holds(reply)) };
}

export function oneOf(...alternatives: Fact[]): Fact {
  const facts = [...new Map(alternatives.map((f) => [f.describe, f])).values()];
  if (facts.length === 1) return facts[0] as Fact;
  return { describe: `one of: ${facts.map((f) => f.describe).join(' | ')}`, holds: (reply) => facts.some((f) => f.holds(reply)) };
}

export function not(fact: Fact): Fact {
  return { describe: `not ${fact.describe}`, holds: (reply) => !fact.holds(reply) };
}

/**
 * A count: the number (any of the alternatives a window convention allows, see `windows`); when
 * every alternative is 0, saying none also passes.
 */
export function count(...alternatives: number[]): Fact {
  const distinct = [...new Set(alternatives)];
  const facts = distinct.map(num);
  if (distinct.includes(0)) facts.push(none());
  return facts.length === 1 ? (facts[0] as Fact) : oneOf(...facts);
}

/** Lists longer than this are expected as their count, shorter ones name every row. */
const LIST_NAMES_UP_TO = 10;

/** A list of people (or sites...): every name when there are at most LIST_NAMES_UP_TO, else the count. */
export function listed(names: readonly string[]): Fact[] {
  if (names.length === 0) return [none()];
  if (names.length > LIST_NAMES_UP_TO) return [num(names.length)];
  return [...new Set(names)].map(name);
}

// ---------------------------------------------------------------------------------------------
// Time windows in an IANA zone
// ---------------------------------------------------------------------------------------------

export interface Window {
  /** Which convention this alternative follows ('Monday week', 'rolling'...). */
  label: string;
  start: Date;
  end: Date;
  /** The same bounds as local calendar days (YYYY-MM-DD), for DATE columns (a task's due date). */
  startDay: string;
  endDay: string;
}

export type WindowKind =
  'today' | 'yesterday' | 'tomorrow' | 'this_week' | 'last_week' | 'next_week' | 'this_month' | 'last_month' | { lastDays: number };

interface LocalDate {
  y: number;
  m: number;
  d: number;
}

function localParts(at: Date, zone: string): LocalDate & { weekday: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const y = get('year');
  const m = get('month');
  const d = get('day');
  return { y, m, d, weekday: new Date(Date.UTC(y, m - 1, d)).getUTCDay() };
}

/** Milliseconds the zone is ahead of UTC at `at`. */
function offsetAt(at: number, zone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second')) - (at - (at % 1000));
}

/** The instant local midnight starts on this local calendar day (overflowing days and months roll over). */
function midnight(day: LocalDate, zone: string): Date {
  const wall = Date.UTC(day.y, day.m - 1, day.d);
  let guess = wall - offsetAt(wall, zone);
  guess = wall - offsetAt(guess, zone);
  return new Date(guess);
}

/** YYYY-MM-DD of an instant in the zone. */
export function localDay(at: Date, zone: string): string {
  const { y, m, d } = localParts(at, zone);
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

function window(label: string, start: Date, end: Date, zone: string): Window {
  return { label, start, end, startDay: localDay(start, zone), endDay: localDay(end, zone) };
}

/**
 * The window(s) a phrase means at `now` in `zone`, half-open [start, end). Where people differ,
 * every reading is returned and a count may match any of them:
 * - a week starts on Monday (ISO) or on Sunday (en-US calendars);
 * - "the last N days" is N×24 hours back from now, or the N calendar days ending today.
 * Days and months are calendar ones in the zone.
 */
export function windows(kind: WindowKind, now: Date, zone: string): Window[] {
  const today = localParts(now, zone);
  const day = (offset: number) => midnight({ y: today.y, m: today.m, d: today.d + offset }, zone);
  if (typeof kind === 'object') {
    const n = kind.lastDays;
    return [
      window(`rolling ${n}×24 h`, new Date(now.getTime() - n * 86_400_000), now, zone),
      window(`${n} calendar days to today`, day(-(n - 1)), day(1), zone),
    ];
  }
  switch (kind) {
    case 'today':
      return [window('today', day(0), day(1), zone)];
    case 'yesterday':
      return [window('yesterday', day(-1), day(0), zone)];
    case 'tomorrow':
      return [window('tomorrow', day(1), day(2), zone)];
    case 'this_week':
    case 'last_week':
    case 'next_week': {
      const shift = kind === 'this_week' ? 0 : kind === 'last_week' ? -7 : 7;
      const monday = -((today.weekday + 6) % 7) + shift;
      const sunday = -today.weekday + shift;
      return [
        window('week from Monday', day(monday), day(monday + 7), zone),
        window('week from Sunday', day(sunday), day(sunday + 7), zone),
      ];
    }
    case 'this_month':
      return [window('this month', midnight({ ...today, d: 1 }, zone), midnight({ ...today, m: today.m + 1, d: 1 }, zone), zone)];
    case 'last_month':
      return [window('last month', midnight({ ...today, m: today.m - 1, d: 1 }, zone), midnight({ ...today, d: 1 }, zone), zone)];
  }
}

// ---------------------------------------------------------------------------------------------
// Truth: the expected values, by plain code
// ---------------------------------------------------------------------------------------------

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  phone_number: string;
  role: string;
  has_license: boolean;
  is_active: boolean;
  created_at: Date;
  last_active_at: Date | null;
}

export interface Truth {
  now: Date;
  /** The administrator's IANA zone the windows are computed in. */
  zone: string;
  /** SQL over the seeded tables; `$1` is always the organisation's id, the caller's params follow from `$2`. */
  sql<T>(text: string, params?: readonly unknown[]): Promise<T[]>;
  /** GET /api/users/stats (Quick Stats and the dashboard's cards). */
  stats(): Promise<UserStats>;
  /** GET /api/admin/billing/overview (Billing Overview and the dashboard's billing card). */
  overview(): Promise<BillingOverview>;
  /** POST /api/admin/billing/user for every member (the single-user billing screen), by member id. */
  billing(): Promise<ReadonlyMap<string, UserBilling>>;
  windows(kind: WindowKind): Window[];
  /** A date as the administrator's calendar day (YYYY-MM-DD). */
  day(at: Date): string;
}

const MEMBER_COLUMNS = 'id, name, email, phone_number, role, has_license, is_active, created_at, last_active_at';

/** Members whose full name is `who`, or, for one word, whose first or last name is. */
async function membersNamed(t: Truth, who: string): Promise<MemberRow[]> {
  const full = await t.sql<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE org_id = $1 AND lower(name) = lower($2) ORDER BY name`, [
    who,
  ]);
  if (full.length > 0 || who.includes(' ')) return full;
  return t.sql<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE org_id = $1 AND (lower(split_part(name, ' ', 1)) = lower($2) OR lower(name) LIKE '% ' || lower($2)) ORDER BY name`,
    [who],
  );
}

/**
 * Facts about one named person:
 * - one member: their full name and `facts(member)`;
 * - several with different names ("Jacob"): every full name (the answer shows them all and asks which);
 * - several with the same full name (two Olga Sullivans): the name, and each of them told apart, by
 *   the field asked (`facts`) or by their e-mail;
 * - no one: "none".
 */
export async function aboutPerson(t: Truth, who: string, facts: (m: MemberRow) => Fact[] | Promise<Fact[]>): Promise<Fact[]> {
  const found = await membersNamed(t, who);
  if (found.length === 0) return [none()];
  const names = [...new Set(found.map((m) => m.name))];
  if (found.length > 1 && names.length === found.length) return names.map(name);
  if (found.length > 1) {
    const each = await Promise.all(found.map(async (m) => oneOf(all(...(await facts(m))), text(m.email, 'the e-mail'))));
    return [...names.map(name), ...each];
  }
  const member = found[0] as MemberRow;
  return [name(member.name), ...(await facts(member))];
}

/** The reply with the question removed wherever it quotes it back (a quoted question is no answer). */
export function withoutEcho(reply: string, question: string): string {
  const q = question.trim();
  if (q.length === 0) return reply;
  return reply.replace(new RegExp(escape(q).replace(/\\?['’]/g, "['’]"), 'gi'), '…');
}

/** Counts per window alternative of a SQL count with `$2`/`$3` the window's start and end. */
export async function countsIn(
  t: Truth,
  kind: WindowKind,
  sqlText: string,
  extra: readonly unknown[] = [],
  days = false,
): Promise<number[]> {
  const out: number[] = [];
  for (const w of t.windows(kind)) {
    const rows = await t.sql<{ n: number }>(sqlText, days ? [w.startDay, w.endDay, ...extra] : [w.start, w.end, ...extra]);
    out.push(rows[0]?.n ?? 0);
  }
  return out;
}

/** Names per window alternative (a list that depends on the window); facts that hold for any alternative. */
export async function listedIn(t: Truth, kind: WindowKind, sqlText: string, extra: readonly unknown[] = []): Promise<Fact[]> {
  const alternatives: Fact[][] = [];
  for (const w of t.windows(kind)) {
    const rows = await t.sql<{ name: string }>(sqlText, [w.start, w.end, ...extra]);
    alternatives.push(listed(rows.map((r) => r.name)));
  }
  if (alternatives.length === 1) return alternatives[0] as Fact[];
  return [oneOf(...alternatives.map((facts) => all(...facts)))];
}

/** When something happened, as a calendar day: the date, or "today" / "yesterday" when it was. */
export function dayOf(t: Truth, at: Date): Fact {
  const day = t.day(at);
  const options = [date(day)];
  if (day === t.day(t.now)) options.push(word('today'));
  if (day === t.windows('yesterday')[0]?.startDay) options.push(word('yesterday'));
  return options.length === 1 ? (options[0] as Fact) : oneOf(...options);
}

/** The rows with the largest `n` (a tie gives several): naming any of them passes. */
export function top(rows: ReadonlyArray<{ name: string; n: number }>): Fact {
  if (rows.length === 0) return none();
  const max = Math.max(...rows.map((r) => r.n));
  const leaders = rows.filter((r) => r.n === max).map((r) => name(r.name));
  return leaders.length === 1 ? (leaders[0] as Fact) : oneOf(...leaders);
}
