/**
 * The held-out bank of the Assistant (issue 40, item 4): questions an office manager of a
 * construction company asks `POST /api/copilot/ask`, written by someone who has read SPEC.md, the
 * API contract (src/contract) and the seeded data model, and never the Assistant's code.
 *
 * Measured on the engine before issue 40's changes: 192 of 271 (70.8%); after them: 271 of 271, in
 * UTC, America/Los_Angeles and Pacific/Auckland alike. The parser was then worked on with these
 * questions in view, so they are now part of the Assistant's question bank (a regression bank, run
 * by copilot-heldout.test.ts and timed by scripts/bench/copilot.ts), no longer a held-out measure:
 * the next measure of how the Assistant generalises needs new questions by someone new.
 *
 * Every expected answer is computed at run time by plain code: SQL over the seeded tables, or the
 * API's own screen endpoints (GET /api/users/stats, GET /api/admin/billing/overview, POST
 * /api/admin/billing/user). Nothing here is a hard-coded count, name or date of the seed; the
 * questions only name people and sites the seed has. The facts and matchers are in
 * copilot-heldout.facts.ts; copilot-heldout.run.ts asks the questions and scores them, over HTTP,
 * as the seeded administrator of the organisation copilot-heldout.org.ts starts (the local stack's
 * seed, with the clock pinned to a Wednesday, 2025-06-11 15:00 UTC).
 *
 * The screen figures are the screens' own: Total, Active, Pending and Licensed from GET
 * /api/users/stats (Quick Stats, the dashboard); Pro, Lite, Trial and Free (the breakdown),
 * Subscribed and unpaid invoices from GET /api/admin/billing/overview; a member's plan from their
 * billing page. Four phrasings of each.
 *
 * Time zone: the console sends its IANA zone with every question (`timeZone`, issue 40), and
 * "today", "this week", "last month"... are the administrator's. The runner sends
 * HELDOUT_TIME_ZONE with every question, and every window below is computed in it.
 *
 * Where people read a phrase two ways, both readings pass and the fact says so: a week starting on
 * Monday or on Sunday; "the last 7 days" as 7×24 h or the 7 calendar days to today; "tasks due
 * tomorrow" as open ones or all. Follow-ups name the question asked just before (`follows`), whose
 * answer's `intent` is sent back as `previousIntent`, as the console does.
 */
import type { UserBilling, UserStats } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import {
  aboutPerson,
  all,
  count,
  countsIn,
  date,
  dayOf,
  days,
  declines,
  licensed,
  listed,
  listedIn,
  minutes,
  money,
  name,
  never,
  none,
  not,
  num,
  oneOf,
  pattern,
  phone,
  status,
  text,
  top,
  word,
  type Fact,
  type MemberRow,
  type Truth,
  type WindowKind,
} from './copilot-heldout.facts';

/** The administrator's zone the expected windows are computed in (see the note above); at 08:00 there the UTC day is the same. */
export const HELDOUT_TIME_ZONE = 'America/Los_Angeles';

/**
 * The share of the bank the Assistant must answer right (copilot-heldout.test.ts): 0.7 when the bank
 * was written (192/271 measured), raised to what issue 40's engine reaches (271/271), less one
 * question of slack for data that other work may change (a new status, a new field).
 */
export const HELDOUT_PASS_THRESHOLD = 0.99;

export const FAMILIES = [
  'member figures',
  'billing figures',
  'members',
  'people',
  'billing',
  'calls',
  'tasks',
  'activity',
  'follow-ups',
  'not in the records',
] as const;
export type Family = (typeof FAMILIES)[number];

export interface HeldoutQuestion {
  id: string;
  family: Family;
  query: string;
  /** A follow-up: the id of the question asked just before it in the same conversation. */
  follows?: string;
  /** The facts the reply must contain, every one of them. */
  expect(t: Truth): Promise<Fact[]>;
}

type Expect = (t: Truth) => Promise<Fact[]> | Fact[];

function family(of: Family, entries: ReadonlyArray<[id: string, query: string, expect: Expect, follows?: string]>): HeldoutQuestion[] {
  return entries.map(([id, query, expect, follows]) => ({
    id,
    family: of,
    query,
    ...(follows ? { follows } : {}),
    expect: async (t) => expect(t),
  }));
}

// ---------------------------------------------------------------------------------------------
// Plain queries the expectations share
// ---------------------------------------------------------------------------------------------

async function scalar(t: Truth, sqlText: string, params: readonly unknown[] = []): Promise<number> {
  const rows = await t.sql<{ n: number | null }>(sqlText, params);
  return Number(rows[0]?.n ?? 0);
}

/** Members matching a WHERE clause over `members` (no alias). */
const memberCount = (t: Truth, where: string, params: readonly unknown[] = []) =>
  scalar(t, `SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND ${where}`, params);

const memberNames = async (t: Truth, where: string, params: readonly unknown[] = []) =>
  (await t.sql<{ name: string }>(`SELECT name FROM members WHERE org_id = $1 AND ${where} ORDER BY name`, params)).map((r) => r.name);

/** Members who joined in a window, by name. */
const JOINED_NAMES = (where = 'TRUE') =>
  `SELECT name FROM members WHERE org_id = $1 AND created_at >= $2 AND created_at < $3 AND ${where} ORDER BY name`;
const JOINED_COUNT = (where = 'TRUE') =>
  `SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND created_at >= $2 AND created_at < $3 AND ${where}`;
/** Members last active in a window. */
const SEEN_NAMES = `SELECT name FROM members WHERE org_id = $1 AND last_active_at >= $2 AND last_active_at < $3 ORDER BY name`;
const SEEN_COUNT = `SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND last_active_at >= $2 AND last_active_at < $3`;

/** Calls (alias c, members m of the caller) started in a window; extra params from $4. */
const CALLS = (where = 'TRUE') =>
  `SELECT count(*)::int AS n FROM calls c JOIN members m ON m.id = c.member_id WHERE c.org_id = $1 AND c.started_at >= $2 AND c.started_at < $3 AND ${where}`;

async function calls(t: Truth, kind: WindowKind, where = 'TRUE', extra: readonly unknown[] = []): Promise<Fact[]> {
  return [count(...(await countsIn(t, kind, CALLS(where), extra)))];
}

/** Callers ranked by calls in each window reading: any leader of any reading passes. */
async function topCaller(t: Truth, kind: WindowKind): Promise<Fact[]> {
  const leaders: Fact[] = [];
  for (const w of t.windows(kind)) {
    const rows = await t.sql<{ name: string; n: number }>(
      `SELECT m.name, count(*)::int AS n FROM calls c JOIN members m ON m.id = c.member_id
        WHERE c.org_id = $1 AND c.started_at >= $2 AND c.started_at < $3 GROUP BY m.id, m.name`,
      [w.start, w.end],
    );
    leaders.push(top(rows));
  }
  return [leaders.length === 1 ? (leaders[0] as Fact) : oneOf(...leaders)];
}

/** Every record, for a question with no time window. */
const ALL_TIME = { start: new Date('1970-01-01T00:00:00Z'), end: new Date('9999-01-01T00:00:00Z') };

async function topSite(t: Truth, kind: WindowKind | null): Promise<Fact[]> {
  const ranges = kind ? t.windows(kind) : [ALL_TIME];
  const leaders: Fact[] = [];
  for (const w of ranges) {
    const rows = await t.sql<{ name: string; n: number }>(
      `SELECT site AS name, count(*)::int AS n FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at < $3 GROUP BY site`,
      [w.start, w.end],
    );
    leaders.push(top(rows));
  }
  return [leaders.length === 1 ? (leaders[0] as Fact) : oneOf(...leaders)];
}

async function averageCall(t: Truth, kind: WindowKind | null): Promise<Fact[]> {
  const ranges = kind ? t.windows(kind) : [ALL_TIME];
  const options: Fact[] = [];
  for (const w of ranges) {
    const rows = await t.sql<{ s: number | null }>(
      `SELECT avg(duration_seconds)::float8 AS s FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at < $3`,
      [w.start, w.end],
    );
    const seconds = rows[0]?.s;
    options.push(seconds === null || seconds === undefined ? none() : minutes(seconds));
  }
  return [options.length === 1 ? (options[0] as Fact) : oneOf(...options)];
}

/** Tasks (alias k) with a WHERE clause; `$2` = the administrator's today (YYYY-MM-DD) when `today` is used. */
const taskCount = (t: Truth, where: string, params: readonly unknown[] = []) =>
  scalar(
    t,
    `SELECT count(*)::int AS n FROM tasks k LEFT JOIN members a ON a.id = k.assignee_member_id WHERE k.org_id = $1 AND ${where}`,
    params,
  );

/** Open tasks whose due date is before the administrator's today. */
const OVERDUE = `k.status = 'open' AND k.due_date < $2::date`;
const today = (t: Truth) => t.day(t.now);

/** Tasks due in a window of calendar days (DATE column): open ones, or every one. */
async function tasksDue(t: Truth, kind: WindowKind, openOnly: boolean | 'either'): Promise<Fact[]> {
  const q = (where: string) =>
    countsIn(
      t,
      kind,
      `SELECT count(*)::int AS n FROM tasks k WHERE k.org_id = $1 AND k.due_date >= $2::date AND k.due_date < $3::date AND ${where}`,
      [],
      true,
    );
  const open = await q(`k.status = 'open'`);
  if (openOnly === true) return [count(...open)];
  const every = await q('TRUE');
  return [count(...(openOnly === 'either' ? [...open, ...every] : every))];
}

const TASKS_DONE = `SELECT count(*)::int AS n FROM tasks k WHERE k.org_id = $1 AND k.completed_at >= $2 AND k.completed_at < $3`;
const TASKS_MADE = `SELECT count(*)::int AS n FROM tasks k WHERE k.org_id = $1 AND k.created_at >= $2 AND k.created_at < $3`;

/** Payments (transactions) of a type in a window. */
const TX_COUNT = (type: string) =>
  `SELECT count(*)::int AS n FROM transactions WHERE org_id = $1 AND created_at >= $2 AND created_at < $3 AND type = '${type}'`;

async function collected(t: Truth, kind: WindowKind): Promise<Fact[]> {
  const options: Fact[] = [];
  for (const w of t.windows(kind)) {
    const cents = await scalar(
      t,
      `SELECT coalesce(sum(amount), 0)::int AS n FROM transactions WHERE org_id = $1 AND type = 'payment_succeeded' AND created_at >= $2 AND created_at < $3`,
      [w.start, w.end],
    );
    options.push(money(cents));
  }
  return [options.length === 1 ? (options[0] as Fact) : oneOf(...options)];
}

/** Invoices the dashboard counts as unpaid: open or written off (uncollectible). The runner checks this count equals the screen's. */
export const UNPAID_INVOICE_STATUSES = `status IN ('open', 'uncollectible')`;

/** Every member's access level, from the single-user billing screen. */
async function levels(t: Truth): Promise<Map<string, UserBilling['accessLevel']>> {
  const billing = await t.billing();
  return new Map([...billing].map(([id, b]) => [id, b.accessLevel]));
}

/** How many members of a WHERE clause have this access level (billing screen). */
async function withLevel(t: Truth, where: string, level: UserBilling['accessLevel']): Promise<number> {
  const byId = await levels(t);
  const rows = await t.sql<{ id: string }>(`SELECT id FROM members WHERE org_id = $1 AND ${where}`);
  return rows.filter((r) => byId.get(r.id) === level).length;
}

const stat =
  (key: keyof UserStats): Expect =>
  async (t) => [num((await t.stats())[key])];
const breakdown =
  (key: 'pro' | 'lite' | 'trial' | 'free'): Expect =>
  async (t) => [num((await t.overview()).subscriptionBreakdown[key])];

/** One field of one named person (see aboutPerson: several matches expect every name; none, "none"). */
const person =
  (who: string, facts: (m: MemberRow, t: Truth) => Fact[] | Promise<Fact[]>): Expect =>
  (t) =>
    aboutPerson(t, who, (m) => facts(m, t));

const LEVEL_WORDS: Record<UserBilling['accessLevel'], Fact> = {
  pro: word('pro'),
  lite: word('lite'),
  trial: pattern(/\btrial(ing)?\b/, 'the word "trial"'),
  free: word('free'),
};

async function levelOf(t: Truth, m: MemberRow): Promise<Fact[]> {
  const billing = (await t.billing()).get(m.id);
  return billing ? [LEVEL_WORDS[billing.accessLevel]] : [none()];
}

async function trialEnd(t: Truth, m: MemberRow): Promise<Fact[]> {
  const rows = await t.sql<{ ends_at: Date }>(`SELECT ends_at FROM trials WHERE org_id = $1 AND member_id = $2`, [m.id]);
  const ends = rows[0]?.ends_at;
  if (!ends) return [pattern(/\bno (active )?trial|\bnot (on|in) (a )?trial|isn't (on|in) (a )?trial/, 'says no trial')];
  const remaining = (await t.billing()).get(m.id)?.trialDaysRemaining ?? 0;
  return [oneOf(dayOf(t, ends), days(remaining))];
}

const lastSeen = (t: Truth, m: MemberRow): Fact[] => [m.last_active_at ? dayOf(t, m.last_active_at) : never()];

/** A reply that suggests the name it could not find exactly ("Did you mean Mark Sullivan?", "no one named …; the closest names are …"). */
const SUGGESTS = pattern(
  /\b(did|do) you mean\b|\b(closest|similar|nearest) names?\b|\bmeant\b|\bno (one|member|members|person|user) (is )?(named|called)\b|\b(anyone|anybody|a member|someone) (named|called)\b/,
  'a suggestion ("did you mean")',
);

/** A misspelt name: the answer about the right person, or the right name offered as a suggestion. */
const typo =
  (right: string, facts: (m: MemberRow, t: Truth) => Fact[] | Promise<Fact[]>): Expect =>
  async (t) => {
    const found = await aboutPerson(t, right, (m) => facts(m, t));
    return [oneOf(all(...found), all(name(right), SUGGESTS))];
  };

const role = (m: MemberRow): Fact[] => [word(m.role)];

// ---------------------------------------------------------------------------------------------
// The questions
// ---------------------------------------------------------------------------------------------

const memberFigures = family('member figures', [
  ['fig-total-1', 'how many users do we have', stat('total')],
  ['fig-total-2', 'whats our total headcount on hardline', stat('total')],
  ['fig-total-3', 'total users?', stat('total')],
  ['fig-total-4', 'how many ppl r in the org', stat('total')],
  ['fig-active-1', 'how many active users', stat('active')],
  ['fig-active-2', 'hw many users are actve', stat('active')],
  ['fig-active-3', 'active members count pls', stat('active')],
  ['fig-active-4', 'How many accounts are active?', stat('active')],
  ['fig-pending-1', 'how many pending users', stat('pending')],
  ['fig-pending-2', 'how many people havent activated there account yet', stat('pending')],
  ['fig-pending-3', 'pending count?', stat('pending')],
  ['fig-pending-4', 'number of users still pending', stat('pending')],
  ['fig-licensed-1', 'how many licensed users', stat('licensed')],
  ['fig-licensed-2', 'how many licences are in use', stat('licensed')],
  ['fig-licensed-3', 'how many ppl have a license', stat('licensed')],
  ['fig-licensed-4', 'licenced users?', stat('licensed')],
]);

const billingFigures = family('billing figures', [
  ['fig-pro-1', 'how many pro subscribers do we have', breakdown('pro')],
  ['fig-pro-2', 'how many people are on pro', breakdown('pro')],
  ['fig-pro-3', 'pro users?', breakdown('pro')],
  ['fig-pro-4', 'how many on the hardline pro plan', breakdown('pro')],
  ['fig-lite-1', 'how many lite users', breakdown('lite')],
  ['fig-lite-2', 'how many ppl on lite', breakdown('lite')],
  ['fig-lite-3', 'lite plan count', breakdown('lite')],
  ['fig-lite-4', 'How many users are on Hardline Lite?', breakdown('lite')],
  ['fig-trial-1', 'how many users are still in their free trial', breakdown('trial')],
  ['fig-trial-2', 'how many trials do we have going', breakdown('trial')],
  ['fig-trial-3', 'trial users', breakdown('trial')],
  ['fig-trial-4', 'how many on trial rn', breakdown('trial')],
  ['fig-free-1', 'how many free users', breakdown('free')],
  ['fig-free-2', 'how many users are on the free plan', breakdown('free')],
  ['fig-free-3', 'free users count', breakdown('free')],
  ['fig-free-4', 'how many members have no plan at all', breakdown('free')],
  ['fig-subscribed-1', 'how many subscribed users', async (t) => [num((await t.overview()).subscribedUsers)]],
  ['fig-subscribed-2', 'subscribed users?', async (t) => [num((await t.overview()).subscribedUsers)]],
  ['fig-subscribed-3', 'how many people are subscribed', async (t) => [num((await t.overview()).subscribedUsers)]],
  ['fig-subscribed-4', "what's the subscribed user count on the billing page", async (t) => [num((await t.overview()).subscribedUsers)]],
  ['fig-unpaid-1', 'any outstanding invoices? how many', async (t) => [num((await t.overview()).unpaidInvoices)]],
  ['fig-unpaid-2', 'how many unpaid invoices', async (t) => [num((await t.overview()).unpaidInvoices)]],
  ['fig-unpaid-3', 'how many invoices havent been paid', async (t) => [num((await t.overview()).unpaidInvoices)]],
  ['fig-unpaid-4', 'unpaid invoice count', async (t) => [num((await t.overview()).unpaidInvoices)]],
]);

const members = family('members', [
  ['mem-role-sup', 'how many supervisors do we have', async (t) => [num(await memberCount(t, `role = 'Supervisor'`))]],
  ['mem-role-fw', 'how many field workers', async (t) => [num(await memberCount(t, `role = 'Field Worker'`))]],
  ['mem-role-pm', 'number of project managers?', async (t) => [num(await memberCount(t, `role = 'Project Manager'`))]],
  ['mem-role-admin', 'how many admins are there', async (t) => [num(await memberCount(t, `role = 'Admin'`))]],
  ['mem-list-admins', 'list the admins', async (t) => listed(await memberNames(t, `role = 'Admin'`))],
  [
    'mem-breakdown',
    'whats the breakdown by role',
    async (t) => {
      const rows = await t.sql<{ role: string; n: number }>(`SELECT role, count(*)::int AS n FROM members WHERE org_id = $1 GROUP BY role`);
      return rows.map((r) => all(word(r.role), num(r.n)));
    },
  ],
  ['mem-unlicensed', "who's not licenced", async (t) => listed(await memberNames(t, 'NOT has_license'))],
  [
    'mem-fw-unlicensed',
    'how many field workers dont have a license',
    async (t) => [num(await memberCount(t, `role = 'Field Worker' AND NOT has_license`))],
  ],
  [
    'mem-sup-licensed',
    'how many supervisors are licensed',
    async (t) => [num(await memberCount(t, `role = 'Supervisor' AND has_license`))],
  ],
  [
    'mem-pm-pending',
    'which project managers are pending',
    async (t) => listed(await memberNames(t, `role = 'Project Manager' AND NOT is_active`)),
  ],
  ['mem-admin-pending', 'pending admins?', async (t) => listed(await memberNames(t, `role = 'Admin' AND NOT is_active`))],
  [
    'mem-active-sup-unlic',
    'how many active supervisors are unlicensed',
    async (t) => [count(await memberCount(t, `role = 'Supervisor' AND is_active AND NOT has_license`))],
  ],
  ['mem-joined-week', 'who joined this week', (t) => listedIn(t, 'this_week', JOINED_NAMES())],
  ['mem-joined-month', 'new users this month', async (t) => [count(...(await countsIn(t, 'this_month', JOINED_COUNT())))]],
  ['mem-joined-lastmonth', 'how many people joined last month', async (t) => [count(...(await countsIn(t, 'last_month', JOINED_COUNT())))]],
  ['mem-joined-today', 'anyone added today?', async (t) => [count(...(await countsIn(t, 'today', JOINED_COUNT())))]],
  ['mem-joined-yesterday', 'who signed up yesterday', (t) => listedIn(t, 'yesterday', JOINED_NAMES())],
  [
    'mem-joined-30',
    'how many members joined in the last 30 days',
    async (t) => [count(...(await countsIn(t, { lastDays: 30 }, JOINED_COUNT())))],
  ],
  [
    'mem-newest',
    "who's our newest member",
    async (t) => [
      top(
        (await t.sql<{ name: string; n: number }>(
          `SELECT name, extract(epoch FROM created_at)::float8 AS n FROM members WHERE org_id = $1`,
        )) ?? [],
      ),
    ],
  ],
  [
    'mem-oldest',
    'who has been with us the longest',
    async (t) => [
      top(
        await t.sql<{ name: string; n: number }>(
          `SELECT name, -extract(epoch FROM created_at)::float8 AS n FROM members WHERE org_id = $1`,
        ),
      ),
    ],
  ],
  ['mem-active-fw', 'how many active field workers', async (t) => [num(await memberCount(t, `role = 'Field Worker' AND is_active`))]],
  ['mem-pending-sup', 'list all pending supervisors', async (t) => listed(await memberNames(t, `role = 'Supervisor' AND NOT is_active`))],
  [
    'mem-admin-unlic',
    'are there any admins who arent licensed',
    async (t) => listed(await memberNames(t, `role = 'Admin' AND NOT has_license`)),
  ],
  ['mem-sullivan', 'show me everyone named Sullivan', async (t) => listed(await memberNames(t, `name ILIKE '% Sullivan'`))],
  ['mem-jonathans', 'how many Jonathans do we have', async (t) => [num(await memberCount(t, `name ILIKE 'Jonathan %'`))]],
  [
    'mem-lic-pending',
    'how many ppl r licensed but still pending',
    async (t) => [num(await memberCount(t, 'has_license AND NOT is_active'))],
  ],
  [
    'mem-active-unlic',
    'how many active users dont have a licence',
    async (t) => [num(await memberCount(t, 'is_active AND NOT has_license'))],
  ],
  [
    'mem-pm-all-licensed',
    'are all the project managers licensed?',
    async (t) => {
      const unlicensed = await memberNames(t, `role = 'Project Manager' AND NOT has_license`);
      if (unlicensed.length === 0) return [pattern(/\b(yes|all)\b/, 'says yes, all')];
      return [oneOf(num(unlicensed.length), all(...listed(unlicensed)))];
    },
  ],
]);

const people = family('people', [
  ['p-sofia-murphy-phone', "What is Sofia Murphy's phone number?", person('Sofia Murphy', (m) => [phone(m.phone_number)])],
  ['p-sofia-phone', 'whats sofias number', person('Sofia', (m) => [phone(m.phone_number)])],
  ['p-mark-lic', 'is Mark Sullivan licensed?', person('Mark Sullivan', (m) => [licensed(m.has_license)])],
  ['p-jacob-login', 'when did Jacob last log in', person('Jacob', (m, t) => lastSeen(t, m))],
  ['p-jacob-perez-login', 'when did jacob perez last log in', person('Jacob Perez', (m, t) => lastSeen(t, m))],
  ['p-tyler-hill-email', 'email for tyler hill', person('Tyler Hill', (m) => [text(m.email, 'the e-mail')])],
  ['p-kwame-role', 'what role is Kwame Patel', person('Kwame Patel', role)],
  ['p-aaron-rivera-status', 'is Aaron Rivera active', person('Aaron Rivera', (m) => [status(m.is_active)])],
  ['p-karen-scott-status', 'is karen scott active or pending', person('Karen Scott', (m) => [status(m.is_active)])],
  ['p-betty-young-lic', 'does betty young have a licence', person('Betty Young', (m) => [licensed(m.has_license)])],
  ['p-sofia-murphy-plan', 'what plan is Sofia Murphy on', person('Sofia Murphy', (m, t) => levelOf(t, m))],
  ['p-keisha-lopez-plan', "whats Keisha Lopez's plan", person('Keisha Lopez', (m, t) => levelOf(t, m))],
  ['p-dana-plan', 'which plan is dana whitfield on', person('Dana Whitfield', (m, t) => levelOf(t, m))],
  ['p-angela-ivanov-plan', 'Angela Ivanov plan?', person('Angela Ivanov', (m, t) => levelOf(t, m))],
  ['p-susan-k-trial', "when does Susan Kowalski's trial end", person('Susan Kowalski', (m, t) => trialEnd(t, m))],
  ['p-jonathan-hall-trial', 'trial end date for jonathan hall', person('Jonathan Hall', (m, t) => trialEnd(t, m))],
  ['p-tomasz-walker-days', "how many days left on Tomasz Walker's trial", person('Tomasz Walker', (m, t) => trialEnd(t, m))],
  ['p-amanda-h-joined', 'when did Amanda Hernandez join', person('Amanda Hernandez', (m, t) => [dayOf(t, m.created_at)])],
  ['p-mei-king-added', 'when was Mei King added', person('Mei King', (m, t) => [dayOf(t, m.created_at)])],
  ['p-olga-sullivan-email', "what's Olga Sullivan's email", person('Olga Sullivan', (m) => [text(m.email, 'the e-mail')])],
  ['p-linda-clark-phone', "linda clark's phone", person('Linda Clark', (m) => [phone(m.phone_number)])],
  ['p-jonathan-lewis-role', 'jonathan lewis role?', person('Jonathan Lewis', role)],
  ['p-gary-reyes-cell', "whats Gary Reyes's cell", person('Gary Reyes', (m) => [phone(m.phone_number)])],
  ['p-steven-robinson-phone', 'phone number for Steven Robinson', person('Steven Robinson', (m) => [phone(m.phone_number)])],
  [
    'p-trevor-taylor-reach',
    'how do I reach Trevor Taylor',
    person('Trevor Taylor', (m) => [oneOf(phone(m.phone_number), text(m.email, 'the e-mail'))]),
  ],
  [
    'p-emily-novak-contact',
    'contact info for Emily Novak',
    person('Emily Novak', (m) => [phone(m.phone_number), text(m.email, 'the e-mail')]),
  ],
  ['p-bob-dylan', 'what is bob dylans phone number', person('Bob Dylan', (m) => [phone(m.phone_number)])],
  ['p-typo-murfy', "whats sofia murfy's number", typo('Sofia Murphy', (m) => [phone(m.phone_number)])],
  ['p-typo-sulivan', 'is mark sulivan licensed', typo('Mark Sullivan', (m) => [licensed(m.has_license)])],
  ['p-typo-kowalsky', 'when did susan kowalsky last log in', typo('Susan Kowalski', (m, t) => lastSeen(t, m))],
  [
    'p-trevor-calls-week',
    'how many calls has Trevor Taylor made this week',
    person('Trevor Taylor', (m, t) => calls(t, 'this_week', 'c.member_id = $4', [m.id])),
  ],
  [
    'p-steven-calls-lastweek',
    'how many calls did steven robinson make last week',
    person('Steven Robinson', (m, t) => calls(t, 'last_week', 'c.member_id = $4', [m.id])),
  ],
  [
    'p-gary-open-tasks',
    'what tasks does Gary Reyes have open',
    person('Gary Reyes', async (m, t) => [count(await taskCount(t, `k.status = 'open' AND k.assignee_member_id = $2`, [m.id]))]),
  ],
  [
    'p-jessica-overdue',
    'does Jessica Wright have any overdue tasks',
    person('Jessica Wright', async (m, t) => [count(await taskCount(t, `${OVERDUE} AND k.assignee_member_id = $3`, [today(t), m.id]))]),
  ],
  [
    'p-emily-last-call',
    "when was Emily Novak's last call",
    person('Emily Novak', async (m, t) => {
      const rows = await t.sql<{ at: Date | null }>(`SELECT max(started_at) AS at FROM calls WHERE org_id = $1 AND member_id = $2`, [m.id]);
      return [rows[0]?.at ? dayOf(t, rows[0].at) : none()];
    }),
  ],
  ['p-kwame-who', 'who is Kwame Patel', person('Kwame Patel', role)],
  [
    'p-james-jackson-admin',
    'is james jackson an admin',
    person('James Jackson', (m) =>
      m.role === 'Admin'
        ? [word('admin'), not(pattern(/(not|n't)( an?)? admin/, 'a denial'))]
        : [pattern(/(not|n't)( an?)? admin/, 'says not an admin')],
    ),
  ],
  ['p-sam-lic', 'is sam ortega licensed', person('Sam Ortega', (m) => [licensed(m.has_license)])],
  ['p-sam-login', 'when did sam ortega last log in', person('Sam Ortega', (m, t) => lastSeen(t, m))],
  ['p-rosa-mitchell-login', 'last login for rosa mitchell', person('Rosa Mitchell', (m, t) => lastSeen(t, m))],
  ['p-betty-young-active', 'when was Betty Young last active', person('Betty Young', (m, t) => lastSeen(t, m))],
  ['p-dana-email', "Dana Whitfield's email", person('Dana Whitfield', (m) => [text(m.email, 'the e-mail')])],
  [
    'p-dana-card',
    'what card does Dana have on file',
    person('Dana', async (m, t) => {
      const cards = (await t.billing()).get(m.id)?.paymentMethods ?? [];
      return cards.length === 0 ? [none()] : [oneOf(...cards.map((c) => text(c.last4, 'the card ending')))];
    }),
  ],
  [
    'p-jennifer-lee-owe',
    'does Jennifer Lee owe us anything',
    person('Jennifer Lee', async (m, t) => {
      const cents = await scalar(
        t,
        `SELECT coalesce(sum(amount_due), 0)::int AS n FROM invoices WHERE org_id = $1 AND member_id = $2 AND ${UNPAID_INVOICE_STATUSES}`,
        [m.id],
      );
      return cents === 0 ? [none()] : [oneOf(money(cents), pattern(/past.due|unpaid|outstanding|open invoice/, 'says unpaid'))];
    }),
  ],
  [
    'p-dana-paid-total',
    'how much has Dana Whitfield paid us in total',
    person('Dana Whitfield', async (m, t) => [
      money(
        await scalar(
          t,
          `SELECT coalesce(sum(amount), 0)::int AS n FROM transactions WHERE org_id = $1 AND member_id = $2 AND type = 'payment_succeeded'`,
          [m.id],
        ),
      ),
    ]),
  ],
  [
    'p-jose-garcia-sub',
    "what's the status of Jose Garcia's subscription",
    person('Jose Garcia', async (m, t) => {
      const sub = (await t.billing()).get(m.id)?.subscription;
      if (!sub) return [pattern(/no (active )?subscription|free plan/, 'says no subscription')];
      if (sub.cancelAtPeriodEnd) return [pattern(/cancel/, 'says it cancels at period end')];
      return [word(sub.status.replace('_', ' '))];
    }),
  ],
  [
    'p-jose-garcia-renew',
    "when does Jose Garcia's subscription end",
    person('Jose Garcia', async (m, t) => {
      const sub = (await t.billing()).get(m.id)?.subscription;
      return sub ? [dayOf(t, new Date(sub.currentPeriodEnd))] : [pattern(/no (active )?subscription|free plan/, 'says no subscription')];
    }),
  ],
  ['p-laura-flores-role', 'what does Laura Flores do here', person('Laura Flores', role)],
]);

const billing = family('billing', [
  [
    'b-pastdue-count',
    'how many subscriptions are past due',
    async (t) => [num(await scalar(t, `SELECT count(*)::int AS n FROM subscriptions WHERE org_id = $1 AND status = 'past_due'`))],
  ],
  [
    'b-pastdue-who',
    "who's past due",
    async (t) => listed(await memberNames(t, `id IN (SELECT member_id FROM subscriptions WHERE status = 'past_due')`)),
  ],
  [
    'b-pastdue-pro',
    'which pro subscribers are past due',
    async (t) =>
      listed(await memberNames(t, `id IN (SELECT member_id FROM subscriptions WHERE status = 'past_due' AND plan_type = 'pro')`)),
  ],
  [
    'b-canceled-count',
    'how many cancelled subscriptions',
    async (t) => [num(await scalar(t, `SELECT count(*)::int AS n FROM subscriptions WHERE org_id = $1 AND status = 'canceled'`))],
  ],
  [
    'b-canceled-thismonth',
    'who cancelled this month',
    (t) =>
      listedIn(
        t,
        'this_month',
        `SELECT m.name FROM subscriptions s JOIN members m ON m.id = s.member_id WHERE s.org_id = $1 AND s.canceled_at >= $2 AND s.canceled_at < $3 ORDER BY m.name`,
      ),
  ],
  [
    'b-canceled-lastmonth',
    'who canceled last month',
    (t) =>
      listedIn(
        t,
        'last_month',
        `SELECT m.name FROM subscriptions s JOIN members m ON m.id = s.member_id WHERE s.org_id = $1 AND s.canceled_at >= $2 AND s.canceled_at < $3 ORDER BY m.name`,
      ),
  ],
  [
    'b-scheduled',
    'anyone scheduled to cancel at period end?',
    async (t) => [
      count(
        await scalar(t, `SELECT count(*)::int AS n FROM subscriptions WHERE org_id = $1 AND cancel_at_period_end AND status <> 'canceled'`),
      ),
    ],
  ],
  [
    'b-scheduled-lite',
    'which lite subs are set to cancel',
    async (t) =>
      listed(
        await memberNames(
          t,
          `id IN (SELECT member_id FROM subscriptions WHERE cancel_at_period_end AND status <> 'canceled' AND plan_type = 'lite')`,
        ),
      ),
  ],
  [
    'b-failed-thismonth',
    'failed payments this month',
    async (t) => [count(...(await countsIn(t, 'this_month', TX_COUNT('payment_failed'))))],
  ],
  [
    'b-failed-lastmonth',
    'how many failed payments last month',
    async (t) => [count(...(await countsIn(t, 'last_month', TX_COUNT('payment_failed'))))],
  ],
  [
    'b-failed-who-week',
    'whose payment failed this week',
    (t) =>
      listedIn(
        t,
        'this_week',
        `SELECT DISTINCT member_name AS name FROM transactions WHERE org_id = $1 AND type = 'payment_failed' AND created_at >= $2 AND created_at < $3 ORDER BY 1`,
      ),
  ],
  ['b-collected-lastmonth', 'how much did we collect last month', (t) => collected(t, 'last_month')],
  ['b-revenue-thismonth', 'revenue this month so far', (t) => collected(t, 'this_month')],
  [
    'b-unpaid-total',
    'whats the total of the unpaid invoices in dollars',
    async (t) => [
      money(
        await scalar(t, `SELECT coalesce(sum(amount_due), 0)::int AS n FROM invoices WHERE org_id = $1 AND ${UNPAID_INVOICE_STATUSES}`),
      ),
    ],
  ],
  [
    'b-pastdue-amount',
    'how much is past due',
    async (t) => [
      oneOf(
        money(await scalar(t, `SELECT coalesce(sum(amount_due), 0)::int AS n FROM invoices WHERE org_id = $1 AND status = 'open'`)),
        money(
          await scalar(t, `SELECT coalesce(sum(amount_due), 0)::int AS n FROM invoices WHERE org_id = $1 AND ${UNPAID_INVOICE_STATUSES}`),
        ),
      ),
    ],
  ],
  [
    'b-owes',
    'who owes us money',
    async (t) =>
      listed(
        (
          await t.sql<{ name: string }>(
            `SELECT DISTINCT member_name AS name FROM invoices WHERE org_id = $1 AND ${UNPAID_INVOICE_STATUSES} ORDER BY 1`,
          )
        ).map((r) => r.name),
      ),
  ],
  [
    'b-uncollectible',
    'any invoices written off?',
    async (t) => [count(await scalar(t, `SELECT count(*)::int AS n FROM invoices WHERE org_id = $1 AND status = 'uncollectible'`))],
  ],
  [
    'b-trials-ending-week',
    'how many trials end this week',
    async (t) => [
      count(
        ...(await countsIn(
          t,
          'this_week',
          `SELECT count(*)::int AS n FROM trials WHERE org_id = $1 AND converted_at IS NULL AND ends_at >= $2 AND ends_at < $3`,
        )),
      ),
    ],
  ],
  [
    'b-trial-tomorrow',
    'whose trial ends tomorrow',
    (t) =>
      listedIn(
        t,
        'tomorrow',
        `SELECT m.name FROM trials tr JOIN members m ON m.id = tr.member_id WHERE tr.org_id = $1 AND tr.converted_at IS NULL AND tr.ends_at >= $2 AND tr.ends_at < $3 ORDER BY m.name`,
      ),
  ],
  [
    'b-pro-trials',
    'how many pro trials are there',
    async (t) => [
      num(await scalar(t, `SELECT count(*)::int AS n FROM subscriptions WHERE org_id = $1 AND status = 'trialing' AND plan_type = 'pro'`)),
    ],
  ],
  [
    'b-lite-trials',
    'how many people are trialing lite',
    async (t) => [
      num(await scalar(t, `SELECT count(*)::int AS n FROM subscriptions WHERE org_id = $1 AND status = 'trialing' AND plan_type = 'lite'`)),
    ],
  ],
  [
    'b-recent-tx',
    'show me recent transactions',
    async (t) => (await t.overview()).recentTransactions.slice(0, 3).map((x) => name(x.userName)),
  ],
  [
    'b-last-payment',
    'who made the last payment',
    async (t) => [
      top(
        await t.sql<{ name: string; n: number }>(
          `SELECT member_name AS name, extract(epoch FROM created_at)::float8 AS n FROM transactions WHERE org_id = $1 AND type = 'payment_succeeded'`,
        ),
      ),
    ],
  ],
  [
    'b-new-subs-month',
    'how many new subscriptions this month',
    async (t) => [
      count(
        ...(await countsIn(
          t,
          'this_month',
          `SELECT count(*)::int AS n FROM subscriptions WHERE org_id = $1 AND created_at >= $2 AND created_at < $3`,
        )),
      ),
    ],
  ],
  ['b-pro-price', 'how much is pro per month', () => [money(PLANS.pro.priceCents)]],
  ['b-lite-price', 'what does lite cost', () => [money(PLANS.lite.priceCents)]],
  [
    'b-invoices-paid-lastmonth',
    'how many invoices got paid last month',
    async (t) => [
      count(
        ...(await countsIn(
          t,
          'last_month',
          `SELECT count(*)::int AS n FROM invoices WHERE org_id = $1 AND status = 'paid' AND created_at >= $2 AND created_at < $3`,
        )),
        ...(await countsIn(t, 'last_month', TX_COUNT('payment_succeeded'))),
      ),
    ],
  ],
]);

const SITE_HPT = 'Harbor Point Tower';
const SITE_OSL = 'Oak Street Lofts';

const callQuestions = family('calls', [
  ['c-today', 'how many calls today', (t) => calls(t, 'today')],
  ['c-yesterday', 'calls yesterday?', (t) => calls(t, 'yesterday')],
  ['c-week', 'how many calls this week', (t) => calls(t, 'this_week')],
  ['c-lastweek', 'how many calls last week', (t) => calls(t, 'last_week')],
  ['c-lastmonth', 'calls last month', (t) => calls(t, 'last_month')],
  ['c-month', 'hw many calls this month', (t) => calls(t, 'this_month')],
  ['c-7days', 'how many calls in the last 7 days', (t) => calls(t, { lastDays: 7 })],
  ['c-hpt-week', 'calls at harbor point this week', (t) => calls(t, 'this_week', 'c.site = $4', [SITE_HPT])],
  ['c-osl-lastmonth', 'how many calls at oak street lofts last month', (t) => calls(t, 'last_month', 'c.site = $4', [SITE_OSL])],
  ['c-maple-lastweek', 'maple grove calls last week', (t) => calls(t, 'last_week', 'c.site = $4', ['Maple Grove Elementary'])],
  ['c-riverside-today', 'calls from riverside medical today', (t) => calls(t, 'today', 'c.site = $4', ['Riverside Medical Center'])],
  ['c-top-site-month', 'which site had the most calls this month', (t) => topSite(t, 'this_month')],
  ['c-busiest-site', 'busiest job site?', (t) => topSite(t, null)],
  ['c-top-caller-week', 'who made the most calls this week', (t) => topCaller(t, 'this_week')],
  ['c-top-caller-lastmonth', 'who called the most last month', (t) => topCaller(t, 'last_month')],
  [
    'c-longest-week',
    'longest call this week',
    async (t) => {
      const options: Fact[] = [];
      for (const w of t.windows('this_week')) {
        const rows = await t.sql<{ name: string; n: number }>(
          `SELECT m.name, c.duration_seconds AS n FROM calls c JOIN members m ON m.id = c.member_id WHERE c.org_id = $1 AND c.started_at >= $2 AND c.started_at < $3`,
          [w.start, w.end],
        );
        options.push(top(rows));
      }
      return [oneOf(...options)];
    },
  ],
  ['c-avg-month', 'avg call length this month', (t) => averageCall(t, 'this_month')],
  ['c-avg-all', "what's the average call duration", (t) => averageCall(t, null)],
  ['c-escalated-week', 'how many escalated calls this week', (t) => calls(t, 'this_week', `c.outcome = 'escalated'`)],
  ['c-resolved-lastweek', 'how many calls were resolved last week', (t) => calls(t, 'last_week', `c.outcome = 'resolved'`)],
  ['c-negative-yesterday', 'negative calls yesterday', (t) => calls(t, 'yesterday', `c.sentiment = 'negative'`)],
  ['c-positive-week', 'how many positive calls this week', (t) => calls(t, 'this_week', `c.sentiment = 'positive'`)],
  ['c-followup-today', 'how many calls from today need a follow up', (t) => calls(t, 'today', `c.outcome = 'follow_up'`)],
  ['c-concrete-month', 'calls about concrete pours this month', (t) => calls(t, 'this_month', `c.summary ILIKE '%concrete%'`)],
  ['c-safety-today', 'any safety calls today?', (t) => calls(t, 'today', `c.summary ILIKE 'Safety call%'`)],
  ['c-crane-lastweek', 'how many crane calls last week', (t) => calls(t, 'last_week', `c.summary ILIKE '%crane%'`)],
  ['c-inspection-month', 'inspection calls this month', (t) => calls(t, 'this_month', `c.summary ILIKE '%inspection%'`)],
  [
    'c-delivery-slh-week',
    'deliveries at summit logistics hub this week',
    (t) => calls(t, 'this_week', `c.summary ILIKE 'Delivery of%' AND c.site = $4`, ['Summit Logistics Hub']),
  ],
  [
    'c-rebar-who',
    'who called about the rebar inspection',
    async (t) =>
      listed(
        (
          await t.sql<{ name: string }>(
            `SELECT DISTINCT m.name FROM calls c JOIN members m ON m.id = c.member_id WHERE c.org_id = $1 AND c.summary ILIKE 'Rebar inspection%' ORDER BY 1`,
          )
        ).map((r) => r.name),
      ),
  ],
  [
    'c-busiest-day-lastweek',
    'which day had the most calls last week',
    async (t) => {
      const options: Fact[] = [];
      for (const w of t.windows('last_week')) {
        const rows = await t.sql<{ started_at: Date }>(
          `SELECT started_at FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at < $3`,
          [w.start, w.end],
        );
        const perDay = new Map<string, number>();
        for (const r of rows) perDay.set(t.day(r.started_at), (perDay.get(t.day(r.started_at)) ?? 0) + 1);
        const max = Math.max(0, ...perDay.values());
        options.push(...[...perDay].filter(([, n]) => n === max).map(([day]) => date(day)));
      }
      return [options.length === 0 ? none() : oneOf(...options)];
    },
  ],
  ['c-supervisor-calls-month', 'how many calls did supervisors make this month', (t) => calls(t, 'this_month', `m.role = 'Supervisor'`)],
  [
    'c-by-site-month',
    'calls by site this month',
    async (t) => {
      const [w] = t.windows('this_month');
      if (!w) return [none()];
      const rows = await t.sql<{ site: string; n: number }>(
        `SELECT site, count(*)::int AS n FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at < $3 GROUP BY site`,
        [w.start, w.end],
      );
      return rows.map((r) => all(name(r.site), num(r.n)));
    },
  ],
]);

const taskQuestions = family('tasks', [
  ['t-open', 'how many open tasks', async (t) => [count(await taskCount(t, `k.status = 'open'`))]],
  ['t-overdue-q', 'overdue tasks?', async (t) => [count(await taskCount(t, OVERDUE, [today(t)]))]],
  ['t-overdue-count', 'how many tasks are overdue', async (t) => [count(await taskCount(t, OVERDUE, [today(t)]))]],
  ['t-due-today', 'which tasks are due today', (t) => tasksDue(t, 'today', 'either')],
  ['t-due-tomorrow', 'tasks due tomorrow', (t) => tasksDue(t, 'tomorrow', 'either')],
  ['t-due-week', "what's due this week", (t) => tasksDue(t, 'this_week', true)],
  ['t-due-nextweek', 'tasks due next week', (t) => tasksDue(t, 'next_week', 'either')],
  ['t-done-week', 'how many tasks were completed this week', async (t) => [count(...(await countsIn(t, 'this_week', TASKS_DONE)))]],
  ['t-done-yesterday', 'tasks done yesterday', async (t) => [count(...(await countsIn(t, 'yesterday', TASKS_DONE)))]],
  ['t-closed-lastweek', 'how many tasks did we close out last week', async (t) => [count(...(await countsIn(t, 'last_week', TASKS_DONE)))]],
  ['t-done-month', 'completed tasks this month', async (t) => [count(...(await countsIn(t, 'this_month', TASKS_DONE)))]],
  ['t-created-week', 'how many tasks came out of calls this week', async (t) => [count(...(await countsIn(t, 'this_week', TASKS_MADE)))]],
  [
    't-top-assignee',
    'who has the most open tasks',
    async (t) => [
      top(
        await t.sql<{ name: string; n: number }>(
          `SELECT a.name, count(*)::int AS n FROM tasks k JOIN members a ON a.id = k.assignee_member_id WHERE k.org_id = $1 AND k.status = 'open' GROUP BY a.id, a.name`,
        ),
      ),
    ],
  ],
  [
    't-unassigned',
    'unassigned tasks',
    async (t) => [
      count(await taskCount(t, 'k.assignee_member_id IS NULL'), await taskCount(t, `k.assignee_member_id IS NULL AND k.status = 'open'`)),
    ],
  ],
  [
    't-open-unassigned',
    'open tasks with no one assigned',
    async (t) => [count(await taskCount(t, `k.assignee_member_id IS NULL AND k.status = 'open'`))],
  ],
  [
    't-hpt',
    'tasks for Harbor Point Tower',
    async (t) => [
      count(
        await taskCount(t, `k.title ILIKE '%' || $2::text`, [SITE_HPT]),
        await taskCount(t, `k.title ILIKE '%' || $2::text AND k.status = 'open'`, [SITE_HPT]),
      ),
    ],
  ],
  [
    't-cedar-open',
    'open tasks at cedar ridge',
    async (t) => [count(await taskCount(t, `k.title ILIKE '%Cedar Ridge Parking Structure' AND k.status = 'open'`))],
  ],
  [
    't-pump',
    'pump truck tasks',
    async (t) => [
      count(await taskCount(t, `k.title ILIKE '%pump truck%'`), await taskCount(t, `k.title ILIKE '%pump truck%' AND k.status = 'open'`)),
    ],
  ],
  ['t-rfi', 'any RFIs still open', async (t) => [count(await taskCount(t, `k.title ILIKE '%RFI%' AND k.status = 'open'`))]],
  [
    't-safety-overdue',
    'any overdue safety tasks?',
    async (t) => [count(await taskCount(t, `${OVERDUE} AND k.title ILIKE '%safety%'`, [today(t)]))],
  ],
  [
    't-jessica-overdue',
    "what's overdue for Jessica Wright",
    person('Jessica Wright', async (m, t) => [count(await taskCount(t, `${OVERDUE} AND k.assignee_member_id = $3`, [today(t), m.id]))]),
  ],
  [
    't-sofia-white',
    'tasks assigned to Sofia White',
    person('Sofia White', async (m, t) => [
      count(
        await taskCount(t, 'k.assignee_member_id = $2', [m.id]),
        await taskCount(t, `k.assignee_member_id = $2 AND k.status = 'open'`, [m.id]),
      ),
    ]),
  ],
  [
    't-emily-done',
    'how many tasks has Emily Novak finished',
    person('Emily Novak', async (m, t) => [count(await taskCount(t, `k.assignee_member_id = $2 AND k.status = 'done'`, [m.id]))]),
  ],
  ['t-done-total', 'how many tasks are done', async (t) => [count(await taskCount(t, `k.status = 'done'`))]],
  ['t-left', 'how many tasks does the crew have left', async (t) => [count(await taskCount(t, `k.status = 'open'`))]],
  [
    't-oldest-overdue',
    "what's the oldest overdue task",
    async (t) => {
      const rows = await t.sql<{ d: string | null }>(`SELECT min(k.due_date)::text AS d FROM tasks k WHERE k.org_id = $1 AND ${OVERDUE}`, [
        today(t),
      ]);
      const due = rows[0]?.d;
      return [due ? date(due) : none()];
    },
  ],
]);

/** The activity trail (audit_entries): an answer about it talks about changes, not about payments or calls that happen to be 0. */
const AUDIT_COUNT = `SELECT count(*)::int AS n FROM audit_entries WHERE org_id = $1 AND created_at >= $2 AND created_at < $3`;
const CHANGES = pattern(/chang|edit|updat|activity|audit|role/, 'talks about changes');

const activity = family('activity', [
  ['a-login-today', 'who logged in today', (t) => listedIn(t, 'today', SEEN_NAMES)],
  ['a-active-today', 'how many users were on the app today', async (t) => [count(...(await countsIn(t, 'today', SEEN_COUNT)))]],
  ['a-yesterday', 'who was active yesterday', (t) => listedIn(t, 'yesterday', SEEN_NAMES)],
  ['a-week', 'how many people used hardline this week', async (t) => [count(...(await countsIn(t, 'this_week', SEEN_COUNT)))]],
  ['a-lastweek', 'who was on the app last week? how many', async (t) => [count(...(await countsIn(t, 'last_week', SEEN_COUNT)))]],
  ['a-month', 'how many people logged in this month', async (t) => [count(...(await countsIn(t, 'this_month', SEEN_COUNT)))]],
  ['a-7days', 'how many users logged in in the last 7 days', async (t) => [count(...(await countsIn(t, { lastDays: 7 }, SEEN_COUNT)))]],
  [
    'a-not-month',
    "how many users haven't logged in this month",
    async (t) => [
      count(
        ...(await countsIn(
          t,
          'this_month',
          `SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND (last_active_at IS NULL OR last_active_at < $2) AND $3::timestamptz IS NOT NULL`,
        )),
      ),
    ],
  ],
  ['a-never', 'how many members have never logged in', async (t) => [count(await memberCount(t, 'last_active_at IS NULL'))]],
  [
    'a-pending-ever',
    'how many pending users have ever logged in',
    async (t) => [count(await memberCount(t, 'NOT is_active AND last_active_at IS NOT NULL'))],
  ],
  [
    'a-inactive-30',
    'how many active users havent logged in for 30 days',
    async (t) => [
      count(
        ...(await countsIn(
          t,
          { lastDays: 30 },
          `SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND is_active AND (last_active_at IS NULL OR last_active_at < $2) AND $3::timestamptz IS NOT NULL`,
        )),
      ),
    ],
  ],
  [
    'a-most-recent',
    'most recently active user',
    async (t) => [
      top(
        await t.sql<{ name: string; n: number }>(
          `SELECT name, extract(epoch FROM last_active_at)::float8 AS n FROM members WHERE org_id = $1 AND last_active_at IS NOT NULL`,
        ),
      ),
    ],
  ],
  [
    'a-last-anyone',
    'when did someone last log in',
    async (t) => {
      const rows = await t.sql<{ at: Date | null }>(`SELECT max(last_active_at) AS at FROM members WHERE org_id = $1`);
      return [rows[0]?.at ? dayOf(t, rows[0].at) : never()];
    },
  ],
  ['a-mark-activity', 'any activity from Mark Sullivan?', person('Mark Sullivan', (m, t) => [oneOf(...lastSeen(t, m), none())])],
  ['a-signups-week', 'recent sign ups this week', (t) => listedIn(t, 'this_week', JOINED_NAMES())],
  ['a-changes-today', 'any changes to users today?', async (t) => [CHANGES, count(...(await countsIn(t, 'today', AUDIT_COUNT)))]],
  [
    'a-changes-week',
    'what did the admins change this week',
    async (t) => [CHANGES, count(...(await countsIn(t, 'this_week', AUDIT_COUNT)))],
  ],
  [
    'a-who-changed',
    "who changed Karen Scott's role",
    async (t) => {
      const rows = await t.sql<{ actor_name: string }>(
        `SELECT DISTINCT e.actor_name FROM audit_entries e JOIN members m ON m.id = e.member_id
          WHERE e.org_id = $1 AND m.name = 'Karen Scott' AND e.after ? 'role'`,
      );
      return rows.length === 0 ? [CHANGES, oneOf(none(), declines())] : rows.map((r) => name(r.actor_name));
    },
  ],
]);

// Follow-ups: `follows` is the question asked just before; its answer's intent goes back with this one.
const followUps = family('follow-ups', [
  ['f-lic-pro', 'and how many of them are pro?', async (t) => [count(await withLevel(t, 'has_license', 'pro'))], 'fig-licensed-1'],
  ['f-pending', "who's pending", async (t) => listed(await memberNames(t, 'NOT is_active'))],
  [
    'f-pending-sup',
    'which of them are supervisors?',
    async (t) => listed(await memberNames(t, `NOT is_active AND role = 'Supervisor'`)),
    'f-pending',
  ],
  ['f-calls-lastweek', 'and last week?', (t) => calls(t, 'last_week'), 'c-week'],
  [
    'f-gary-open',
    'open tasks for gary reyes',
    person('Gary Reyes', async (m, t) => [count(await taskCount(t, `k.status = 'open' AND k.assignee_member_id = $2`, [m.id]))]),
  ],
  [
    'f-gary-overdue',
    'what about overdue ones?',
    person('Gary Reyes', async (m, t) => [count(await taskCount(t, `${OVERDUE} AND k.assignee_member_id = $3`, [today(t), m.id]))]),
    'f-gary-open',
  ],
  [
    'f-fw-unlic',
    'how many are unlicensed',
    async (t) => [num(await memberCount(t, `role = 'Field Worker' AND NOT has_license`))],
    'mem-role-fw',
  ],
  ['f-hpt-month', 'calls at Harbor Point Tower this month', (t) => calls(t, 'this_month', 'c.site = $4', [SITE_HPT])],
  [
    'f-hpt-escalated',
    'which were escalated?',
    (t) => calls(t, 'this_month', `c.site = $4 AND c.outcome = 'escalated'`, [SITE_HPT]),
    'f-hpt-month',
  ],
  [
    'f-failed-lastmonth',
    'what about last month',
    async (t) => [count(...(await countsIn(t, 'last_month', TX_COUNT('payment_failed'))))],
    'b-failed-thismonth',
  ],
  ['f-joined-lastmonth', 'who joined last month', (t) => listedIn(t, 'last_month', JOINED_NAMES())],
  [
    'f-joined-lastmonth-admins',
    'any of them admins?',
    (t) => listedIn(t, 'last_month', JOINED_NAMES(`role = 'Admin'`)),
    'f-joined-lastmonth',
  ],
  ['f-pm', 'and project managers?', async (t) => [num(await memberCount(t, `role = 'Project Manager'`))], 'mem-role-sup'],
  ['f-admins', 'and admins?', async (t) => [num(await memberCount(t, `role = 'Admin'`))], 'f-pm'],
  [
    'f-trial-cards',
    'how many of those have a card on file?',
    async (t) => {
      const billingById = await t.billing();
      return [count([...billingById.values()].filter((b) => b.accessLevel === 'trial' && b.paymentMethods.length > 0).length)];
    },
    'fig-trial-1',
  ],
  ['f-lite', 'and lite?', breakdown('lite'), 'fig-pro-2'],
  ['f-calls-yesterday', 'and yesterday?', (t) => calls(t, 'yesterday'), 'c-today'],
  [
    'f-pending-lic',
    'how many of them are licensed',
    async (t) => [num(await memberCount(t, 'NOT is_active AND has_license'))],
    'fig-pending-1',
  ],
  [
    'f-admins-pending',
    'which ones are pending',
    async (t) => listed(await memberNames(t, `role = 'Admin' AND NOT is_active`)),
    'mem-list-admins',
  ],
  [
    'f-overdue-osl',
    'just the ones at Oak Street Lofts',
    async (t) => [count(await taskCount(t, `${OVERDUE} AND k.title ILIKE '%' || $3::text`, [today(t), SITE_OSL]))],
    't-overdue-q',
  ],
  ['f-yesterday-negative', 'how many were negative', (t) => calls(t, 'yesterday', `c.sentiment = 'negative'`), 'c-yesterday'],
  [
    'f-top-caller-count',
    'how many did they make',
    async (t) => {
      const options: Fact[] = [];
      for (const w of t.windows('this_week')) {
        const max = await scalar(
          t,
          `SELECT coalesce(max(n), 0)::int AS n FROM (SELECT count(*) AS n FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at < $3 GROUP BY member_id) x`,
          [w.start, w.end],
        );
        options.push(num(max));
      }
      return [oneOf(...options)];
    },
    'c-top-caller-week',
  ],
  [
    'f-active-fw',
    'how many of them are field workers',
    async (t) => [num(await memberCount(t, `is_active AND role = 'Field Worker'`))],
    'fig-active-1',
  ],
  ['f-done-lastweek', 'and last week?', async (t) => [count(...(await countsIn(t, 'last_week', TASKS_DONE)))], 't-done-week'],
  [
    'f-canceled-pro',
    'which were pro?',
    async (t) =>
      listed(await memberNames(t, `id IN (SELECT member_id FROM subscriptions WHERE status = 'canceled' AND plan_type = 'pro')`)),
    'b-canceled-count',
  ],
  ['f-joined-month', 'who joined this month', (t) => listedIn(t, 'this_month', JOINED_NAMES())],
  [
    'f-joined-month-pending',
    'how many are still pending',
    async (t) => [count(...(await countsIn(t, 'this_month', JOINED_COUNT('NOT is_active'))))],
    'f-joined-month',
  ],
  [
    'f-unlic-active',
    'how many of them are active?',
    async (t) => [num(await memberCount(t, 'NOT has_license AND is_active'))],
    'mem-unlicensed',
  ],
  ['f-osl-lastweek', 'calls at Oak Street Lofts last week', (t) => calls(t, 'last_week', 'c.site = $4', [SITE_OSL])],
  ['f-osl-thisweek', 'and this week?', (t) => calls(t, 'this_week', 'c.site = $4', [SITE_OSL]), 'f-osl-lastweek'],
  [
    'f-pastdue-lite',
    'only the lite ones',
    async (t) => [
      num(await scalar(t, `SELECT count(*)::int AS n FROM subscriptions WHERE org_id = $1 AND status = 'past_due' AND plan_type = 'lite'`)),
    ],
    'b-pastdue-count',
  ],
  ['f-sofia-email', 'and her email?', person('Sofia Murphy', (m) => [text(m.email, 'the e-mail')]), 'p-sofia-murphy-phone'],
  ['f-mark-white-joined', 'when did Mark White start', person('Mark White', (m, t) => [dayOf(t, m.created_at)])],
  ['f-mark-white-lic', 'is he licensed', person('Mark White', (m) => [licensed(m.has_license)]), 'f-mark-white-joined'],
  ['f-mark-white-role', "what's his role", person('Mark White', role), 'f-mark-white-lic'],
]);

const notInTheRecords = family(
  'not in the records',
  (
    [
      ['x-address', "whats Sofia Murphy's home address"],
      ['x-hours', 'how many hours did the crew work last week'],
      ['x-weather', "what's the weather going to be at harbor point tomorrow"],
      ['x-rate', "what's mark white's hourly rate"],
      ['x-best-foreman', 'who is the best foreman we have'],
      ['x-hard-hats', 'how many hard hats do we have in stock'],
      ['x-birthday', 'whats jacob perez birthday'],
      ['x-overtime', 'how much overtime did we pay in may'],
      ['x-budget', "what's the budget for oak street lofts"],
      ['x-vacation', 'who is on vacation next week'],
      ['x-gate-code', "what's the gate code at riverside medical"],
      ['x-supplier-hours', 'what time does the ready-mix supplier open'],
      ['x-insurance', "what's our insurance policy number"],
      ['x-sick-days', 'how many sick days has karen scott taken this year'],
      ['x-plate', "what's the license plate on the pump truck"],
      ['x-drywall-paid', 'what did we pay the drywall subcontractor'],
      ['x-emergency-contact', 'whats tyler kings emergency contact'],
    ] as const
  ).map(([id, query]): [string, string, Expect] => [id, query, () => [declines()]]),
);

export const HELDOUT_BANK: readonly HeldoutQuestion[] = [
  ...memberFigures,
  ...billingFigures,
  ...members,
  ...people,
  ...billing,
  ...callQuestions,
  ...taskQuestions,
  ...activity,
  ...followUps,
  ...notInTheRecords,
];
