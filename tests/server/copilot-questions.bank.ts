/**
 * The Assistant's question bank: questions typed the way administrators type them (lower case,
 * no question mark, synonyms, small typos, follow-ups), grouped by family, each with its ground
 * truth computed independently of the parser: plain SQL over the seeded database ($1 is the
 * organisation's id; dates are written out for the fixed clock of copilot-harness.ts, Wednesday
 * 2025-06-11 15:00 UTC). Never the billing overview: the Assistant and the overview read their
 * figures from one place (server/figures), so one cannot be the other's ground truth.
 *
 * Used by copilot-questions.test.ts (accuracy per family) and scripts/bench/copilot.ts (latency).
 *
 * Dates for the clock: today 2025-06-11; yesterday 06-10; this week [06-09, 06-16); last week
 * [06-02, 06-09); this month [06-01, 07-01); last month [05-01, 06-01); the last 7 days
 * [06-05, 06-12); the last 14 days [05-29, 06-12); the last 30 days [05-13, 06-12).
 */

/** What a correct answer shows. */
export type Truth =
  /** The first number of the first line is the count; the sources are the first 10 records of the ordered ids (ids SQL, in order). */
  | { kind: 'records'; sql: string }
  /** The first number of the first line (SQL returning n). */
  | { kind: 'count'; sql: string }
  /** The sources are exactly the first ids of this ordered SQL (the N latest, the longest...). */
  | { kind: 'first'; sql: string; n?: number }
  /** Lines "- label: n" (SQL returning label, n), the larger ones that must be shown. */
  | { kind: 'groups'; sql: string }
  /** The first line names the top group and its figure (SQL returning label, n, ordered). */
  | { kind: 'top'; sql: string }
  /** The first line shows this amount of cents / seconds (SQL returning v). */
  | { kind: 'money'; sql: string }
  | { kind: 'duration'; sql: string }
  /** Free text: the call and task sources are among these ids (SQL returning id), at least one. */
  | { kind: 'search'; sql: string }
  /** Declined: no figure, no source. */
  | { kind: 'none' }
  /** One of the quick prompts' reports, by its heading. */
  | { kind: 'report'; heading: string };

export interface BankEntry {
  family: string;
  questions: readonly string[];
  truth: Truth;
  /** Asked first; its answer's intent goes with each question (a follow-up). */
  after?: string;
}

/** Placeholders filled at run time from the data: a member with many calls, one with open tasks, one with invoices. */
/** Names only one member of the organisation has (a question naming them means that member). Computed once, not per row. */
const UNIQUE_NAMES = 'SELECT name FROM members WHERE org_id = $1 GROUP BY name HAVING count(*) = 1';

export const PLACEHOLDERS = {
  caller: `SELECT m.name FROM calls c JOIN members m ON m.id = c.member_id WHERE c.org_id = $1 AND c.started_at >= '2025-06-01'
            AND m.name IN (${UNIQUE_NAMES}) GROUP BY m.id, m.name ORDER BY count(*) DESC, m.name LIMIT 1`,
  assignee: `SELECT m.name FROM tasks t JOIN members m ON m.id = t.assignee_member_id WHERE t.org_id = $1 AND t.status = 'open'
              AND m.name IN (${UNIQUE_NAMES}) GROUP BY m.id, m.name ORDER BY count(*) DESC, m.name LIMIT 1`,
  payer: `SELECT m.name FROM invoices i JOIN members m ON m.id = i.member_id WHERE i.org_id = $1
           AND m.name IN (${UNIQUE_NAMES}) GROUP BY m.id, m.name ORDER BY count(*) DESC, m.name LIMIT 1`,
} as const;

const members = (where: string) => `SELECT id FROM members WHERE org_id = $1 AND ${where} ORDER BY created_at DESC, id`;
const countMembers = (where: string) => `SELECT count(*) AS n FROM members WHERE org_id = $1 AND ${where}`;
const calls = (where: string) =>
  `SELECT c.id FROM calls c JOIN members m ON m.id = c.member_id WHERE c.org_id = $1 AND ${where} ORDER BY c.started_at DESC, c.id`;
const tasks = (where: string, order = 't.created_at DESC, t.id') =>
  `SELECT t.id FROM tasks t LEFT JOIN calls c ON c.id = t.call_id LEFT JOIN members a ON a.id = t.assignee_member_id WHERE t.org_id = $1 AND ${where} ORDER BY ${order}`;
const byDue = 't.due_date ASC NULLS LAST, t.id';
const subscriptions = (where: string) =>
  `SELECT s.id FROM subscriptions s WHERE s.org_id = $1 AND ${where} ORDER BY s.created_at DESC, s.id`;
const invoices = (where: string) => `SELECT i.id FROM invoices i WHERE i.org_id = $1 AND ${where} ORDER BY i.created_at DESC, i.id`;
const transactions = (where: string) =>
  `SELECT x.id FROM transactions x WHERE x.org_id = $1 AND ${where} ORDER BY x.created_at DESC, x.id DESC`;
/** A member's access level, written out here (SPEC §6; server/billing/model.ts is not read). */
const ACCESS = `(SELECT CASE WHEN s.status IN ('active', 'past_due') THEN s.plan_type
                             WHEN s.status = 'trialing' OR (t.converted_at IS NULL AND t.ends_at > '2025-06-11T15:00:00Z') THEN 'trial'
                             ELSE 'free' END
                   FROM members mm LEFT JOIN subscriptions s ON s.member_id = mm.id LEFT JOIN trials t ON t.member_id = mm.id WHERE mm.id = members.id)`;

/** Subscriptions cancelled in [from, to), the latest cancellation first. */
const cancellations = (from: string, to: string) =>
  `SELECT s.id FROM subscriptions s WHERE s.org_id = $1 AND s.status = 'canceled' AND ${inRange('s.canceled_at', from, to)} ORDER BY s.canceled_at DESC, s.id`;

const THIS_WEEK = "'2025-06-09' AND '2025-06-16'";
const inRange = (col: string, from: string, to: string) => `${col} >= '${from}' AND ${col} < '${to}'`;

export const BANK: readonly BankEntry[] = [
  // Members: counts
  {
    family: 'members',
    questions: [
      'How many users are pending?',
      'how many members are pending activation',
      'number of inactive users',
      "how many people haven't activated yet",
      'count of crew members not activated',
      'How many pending users do we have?',
    ],
    truth: { kind: 'count', sql: countMembers('NOT is_active') },
  },
  {
    family: 'members',
    questions: ['How many active users?', 'how many members are active', 'count active staff', 'how many people are activated'],
    truth: { kind: 'count', sql: countMembers('is_active') },
  },
  {
    family: 'members',
    questions: [
      'How many users do we have?',
      'how many members are there in total',
      'total headcount',
      'how many people are on the team',
      'total users',
    ],
    truth: { kind: 'count', sql: countMembers('true') },
  },
  {
    family: 'members',
    questions: ['How many licensed users?', 'how many seats are we using', 'how many members have a licence', 'number of licenses in use'],
    truth: { kind: 'count', sql: countMembers('has_license') },
  },
  {
    family: 'members',
    questions: ["how many users don't have a license", 'how many unlicensed members', 'members without a licence - how many?'],
    truth: { kind: 'count', sql: countMembers('NOT has_license') },
  },
  // Roles and licences
  {
    family: 'roles',
    questions: ['How many supervisors do we have?', 'number of supervisors', 'how many supers', 'count the foremen'],
    truth: { kind: 'count', sql: countMembers("role = 'Supervisor'") },
  },
  {
    family: 'roles',
    questions: ['how many field workers', 'How many field workers are there?', 'count field crew'],
    truth: { kind: 'count', sql: countMembers("role = 'Field Worker'") },
  },
  {
    family: 'roles',
    questions: ['how many project managers', 'how many PMs do we have'],
    truth: { kind: 'count', sql: countMembers("role = 'Project Manager'") },
  },
  {
    family: 'roles',
    questions: ['how many admins', 'number of administrators'],
    truth: { kind: 'count', sql: countMembers("role = 'Admin'") },
  },
  {
    family: 'roles',
    questions: ['how many supervisors are pending', 'pending supervisors count'],
    truth: { kind: 'count', sql: countMembers("role = 'Supervisor' AND NOT is_active") },
  },
  {
    family: 'roles',
    questions: ['how many licensed field workers', 'field workers with a licence, how many?'],
    truth: { kind: 'count', sql: countMembers("role = 'Field Worker' AND has_license") },
  },
  {
    family: 'roles',
    questions: ['how many active field workers have no license'],
    truth: { kind: 'count', sql: countMembers("role = 'Field Worker' AND is_active AND NOT has_license") },
  },
  // Member lists
  {
    family: 'member lists',
    questions: ['list pending users', 'who is pending?', 'show me the inactive members', "which users haven't activated"],
    truth: { kind: 'records', sql: members('NOT is_active') },
  },
  {
    family: 'member lists',
    questions: ['list the supervisors', 'show all supervisors', 'who are our supervisors'],
    truth: { kind: 'records', sql: members("role = 'Supervisor'") },
  },
  {
    family: 'member lists',
    questions: ['which project managers are pending', 'list pending project managers'],
    truth: { kind: 'records', sql: members("role = 'Project Manager' AND NOT is_active") },
  },
  {
    family: 'member lists',
    questions: ['show unlicensed supervisors', 'supervisors without a licence'],
    truth: { kind: 'records', sql: members("role = 'Supervisor' AND NOT has_license") },
  },
  {
    family: 'member lists',
    questions: ['list admins', 'who are the administrators'],
    truth: { kind: 'records', sql: members("role = 'Admin'") },
  },
  // Access levels (every member's level by the rule, counted row by row)
  {
    family: 'access levels',
    questions: ['how many pro users', 'how many people are on the pro plan', 'number of members on Hardline Pro'],
    truth: { kind: 'count', sql: countMembers(`${ACCESS} = 'pro'`) },
  },
  {
    family: 'access levels',
    questions: ['how many lite users', 'how many members are on the lite plan'],
    truth: { kind: 'count', sql: countMembers(`${ACCESS} = 'lite'`) },
  },
  {
    family: 'access levels',
    questions: ['how many users are on a trial', 'how many members are trialing', 'trial users count'],
    truth: { kind: 'count', sql: countMembers(`${ACCESS} = 'trial'`) },
  },
  {
    family: 'access levels',
    questions: ['how many users are on the free plan', 'how many members have no subscription'],
    truth: { kind: 'count', sql: countMembers(`${ACCESS} = 'free'`) },
  },
  {
    family: 'access levels',
    questions: ['list users on a trial', 'who is on a free trial'],
    truth: { kind: 'records', sql: members(`${ACCESS} = 'trial'`) },
  },
  {
    family: 'access levels',
    questions: ['users by plan', 'break down members by access level'],
    truth: { kind: 'groups', sql: `SELECT initcap(${ACCESS}) AS label, count(*) AS n FROM members WHERE org_id = $1 GROUP BY 1` },
  },
  // Calls
  {
    family: 'calls',
    questions: [
      'how many calls this week',
      'number of calls this week',
      'How many calls did the team make this week?',
      'calls made this week - how many',
    ],
    truth: { kind: 'records', sql: calls(`c.started_at BETWEEN ${THIS_WEEK}`) },
  },
  {
    family: 'calls',
    questions: ['how many calls today', 'calls today?'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-11', '2025-06-12')) },
  },
  {
    family: 'calls',
    questions: ['how many calls yesterday', 'calls yesterday'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-10', '2025-06-11')) },
  },
  {
    family: 'calls',
    questions: ['how many calls last week', 'calls last week'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-02', '2025-06-09')) },
  },
  {
    family: 'calls',
    questions: ['calls at harbor point this week', 'how many calls at Harbor Point Tower this week', 'harbour point calls this week'],
    truth: { kind: 'records', sql: calls(`c.site = 'Harbor Point Tower' AND ${inRange('c.started_at', '2025-06-09', '2025-06-16')}`) },
  },
  {
    family: 'calls',
    questions: ['how many calls at riverside in the last 30 days'],
    truth: {
      kind: 'records',
      sql: calls(`c.site = 'Riverside Medical Center' AND ${inRange('c.started_at', '2025-05-13', '2025-06-12')}`),
    },
  },
  {
    family: 'calls',
    questions: ['how many negative calls this month', 'calls with negative sentiment this month'],
    truth: { kind: 'records', sql: calls(`c.sentiment = 'negative' AND ${inRange('c.started_at', '2025-06-01', '2025-07-01')}`) },
  },
  {
    family: 'calls',
    questions: ['which calls were escalated this week', 'escalated calls this week'],
    truth: { kind: 'records', sql: calls(`c.outcome = 'escalated' AND ${inRange('c.started_at', '2025-06-09', '2025-06-16')}`) },
  },
  {
    family: 'calls',
    questions: ['how many calls did {caller} make this month', 'calls by {caller} this month'],
    truth: { kind: 'records', sql: calls(`m.name = '{caller}' AND ${inRange('c.started_at', '2025-06-01', '2025-07-01')}`) },
  },
  {
    family: 'calls',
    questions: ['how many calls did supervisors make this week'],
    truth: { kind: 'records', sql: calls(`m.role = 'Supervisor' AND ${inRange('c.started_at', '2025-06-09', '2025-06-16')}`) },
  },
  {
    family: 'calls',
    questions: ['total talk time this week', 'how much time on the phone this week'],
    truth: {
      kind: 'duration',
      sql: `SELECT sum(duration_seconds) AS v FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-06-09', '2025-06-16')}`,
    },
  },
  {
    family: 'calls',
    questions: [
      'average call duration in the last 30 days',
      "what's the average call length over the last 30 days",
      'avg call time last 30 days',
    ],
    truth: {
      kind: 'duration',
      sql: `SELECT avg(duration_seconds) AS v FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-05-13', '2025-06-12')}`,
    },
  },
  {
    family: 'calls',
    questions: ['longest call this month', 'what was the longest call this month'],
    truth: {
      kind: 'first',
      sql: `SELECT id FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-06-01', '2025-07-01')} ORDER BY duration_seconds DESC, started_at DESC, id`,
    },
  },
  {
    family: 'calls',
    questions: ['when was the last call', 'most recent call'],
    truth: { kind: 'first', sql: 'SELECT id FROM calls WHERE org_id = $1 ORDER BY started_at DESC, id' },
  },
  {
    family: 'calls',
    questions: ['latest call at cedar ridge'],
    truth: {
      kind: 'first',
      sql: "SELECT id FROM calls WHERE org_id = $1 AND site = 'Cedar Ridge Parking Structure' ORDER BY started_at DESC, id",
    },
  },
  {
    family: 'calls',
    questions: ['last 5 calls', 'show the 5 most recent calls'],
    truth: { kind: 'first', sql: 'SELECT id FROM calls WHERE org_id = $1 ORDER BY started_at DESC, id', n: 5 },
  },
  // Tasks
  {
    family: 'tasks',
    questions: ['how many open tasks', 'open tasks?', 'how many tasks are outstanding', 'number of unfinished tasks'],
    truth: { kind: 'records', sql: tasks("t.status = 'open'", byDue) },
  },
  {
    family: 'tasks',
    questions: ['which tasks are overdue', 'overdue tasks', 'how many tasks are late', 'list late tasks'],
    truth: { kind: 'records', sql: tasks("t.status = 'open' AND t.due_date < '2025-06-11'", byDue) },
  },
  {
    family: 'tasks',
    questions: ['how many tasks were completed this week', 'tasks finished this week'],
    truth: { kind: 'records', sql: tasks(`t.status = 'done' AND ${inRange('t.completed_at', '2025-06-09', '2025-06-16')}`) },
  },
  {
    family: 'tasks',
    questions: ['unassigned tasks', 'how many tasks have no assignee'],
    truth: { kind: 'records', sql: tasks('t.assignee_member_id IS NULL') },
  },
  {
    family: 'tasks',
    questions: ['open tasks assigned to {assignee}', 'what tasks does {assignee} have open'],
    truth: { kind: 'records', sql: tasks("a.name = '{assignee}' AND t.status = 'open'", byDue) },
  },
  {
    family: 'tasks',
    questions: ['How many open tasks does Harbor Point Tower have?', 'open tasks at harbor point'],
    truth: { kind: 'records', sql: tasks("c.site = 'Harbor Point Tower' AND t.status = 'open'", byDue) },
  },
  {
    family: 'tasks',
    questions: ['how many tasks were created this week', 'new tasks this week'],
    truth: { kind: 'records', sql: tasks(inRange('t.created_at', '2025-06-09', '2025-06-16')) },
  },
  {
    family: 'tasks',
    // Due means still to do: a task completed is due no more (issue 40's held-out bank reads it so too).
    questions: ['tasks due this week', 'which tasks are due this week'],
    truth: { kind: 'records', sql: tasks(`t.status = 'open' AND t.due_date >= '2025-06-09' AND t.due_date < '2025-06-16'`, byDue) },
  },
  {
    family: 'tasks',
    questions: ['how many tasks mention concrete', 'tasks about the concrete pump'],
    truth: { kind: 'records', sql: tasks("t.title ILIKE '%concrete%'") },
  },
  // Subscriptions
  {
    family: 'subscriptions',
    questions: ['how many active subscriptions', 'number of active subscriptions'],
    truth: { kind: 'records', sql: subscriptions("s.status = 'active'") },
  },
  {
    family: 'subscriptions',
    questions: ['how many subscriptions are past due', 'past due subscriptions', 'delinquent subscriptions'],
    truth: { kind: 'records', sql: subscriptions("s.status = 'past_due'") },
  },
  {
    family: 'subscriptions',
    questions: ['how many subscriptions were canceled this month', 'subscriptions cancelled this month'],
    truth: { kind: 'records', sql: cancellations('2025-06-01', '2025-07-01') },
  },
  {
    family: 'subscriptions',
    questions: ['subscriptions set to cancel at period end', 'how many subscriptions are scheduled to cancel'],
    truth: { kind: 'records', sql: subscriptions("s.cancel_at_period_end AND s.status <> 'canceled'") },
  },
  {
    family: 'subscriptions',
    questions: ['how many pro subscriptions are active', 'active pro subscriptions'],
    truth: { kind: 'records', sql: subscriptions("s.status = 'active' AND s.plan_type = 'pro'") },
  },
  {
    family: 'subscriptions',
    questions: ['how many subscribers do we have', 'how many paying users', 'number of subscribed users'],
    truth: {
      kind: 'count',
      sql: "SELECT count(*) AS n FROM subscriptions WHERE org_id = $1 AND status IN ('active', 'trialing', 'past_due')",
    },
  },
  {
    family: 'subscriptions',
    questions: ['monthly recurring revenue', "what's our MRR"],
    truth: {
      kind: 'money',
      sql: "SELECT sum(CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END) AS v FROM subscriptions WHERE org_id = $1 AND status = 'active'",
    },
  },
  {
    // The Billing Overview's Subscription Breakdown: members by access level (issue 40: the screen's figure, not live subscriptions per plan).
    family: 'subscriptions',
    questions: ['subscriptions by plan', 'how many subscriptions per plan'],
    truth: { kind: 'groups', sql: `SELECT initcap(${ACCESS}) AS label, count(*) AS n FROM members WHERE org_id = $1 GROUP BY 1` },
  },
  {
    family: 'subscriptions',
    questions: ['newest subscription', 'latest subscription'],
    truth: { kind: 'first', sql: subscriptions("s.status IN ('active', 'trialing', 'past_due')") },
  },
  // Invoices
  {
    family: 'invoices',
    questions: ['how many unpaid invoices', 'unpaid invoices?', 'how many invoices have not been paid'],
    truth: { kind: 'count', sql: "SELECT count(*) AS n FROM invoices WHERE org_id = $1 AND status IN ('open', 'uncollectible')" },
  },
  {
    family: 'invoices',
    questions: ['how many open invoices'],
    truth: { kind: 'records', sql: invoices("i.status = 'open'") },
  },
  {
    // "Outstanding" is the Dashboard's unpaid invoices: open or uncollectible (issue 40).
    family: 'invoices',
    questions: ['outstanding invoices', 'list the outstanding invoices'],
    truth: { kind: 'records', sql: invoices("i.status IN ('open', 'uncollectible')") },
  },
  {
    family: 'invoices',
    questions: ['how many invoices are outstanding', 'any outstanding invoices? how many'],
    truth: { kind: 'count', sql: "SELECT count(*) AS n FROM invoices WHERE org_id = $1 AND status IN ('open', 'uncollectible')" },
  },
  {
    family: 'invoices',
    questions: ['how many invoices were paid this month', 'paid invoices this month'],
    truth: { kind: 'records', sql: invoices(`i.status = 'paid' AND ${inRange('i.created_at', '2025-06-01', '2025-07-01')}`) },
  },
  {
    family: 'invoices',
    questions: ['total of unpaid invoices', 'how much is unpaid', 'how much do we have in unpaid invoices'],
    truth: { kind: 'money', sql: "SELECT sum(amount_due) AS v FROM invoices WHERE org_id = $1 AND status IN ('open', 'uncollectible')" },
  },
  {
    family: 'invoices',
    questions: ['largest invoice', 'biggest invoice'],
    truth: { kind: 'first', sql: 'SELECT id FROM invoices WHERE org_id = $1 ORDER BY amount_due DESC, id' },
  },
  {
    family: 'invoices',
    questions: ['latest invoice', 'most recent invoice'],
    truth: { kind: 'first', sql: 'SELECT id FROM invoices WHERE org_id = $1 ORDER BY created_at DESC, id' },
  },
  {
    family: 'invoices',
    questions: ['invoices for {payer}', 'show the invoices of {payer}'],
    truth: { kind: 'records', sql: invoices("i.member_id IN (SELECT id FROM members WHERE org_id = $1 AND name = '{payer}')") },
  },
  {
    family: 'invoices',
    questions: ['average invoice amount this month'],
    truth: {
      kind: 'money',
      sql: `SELECT round(avg(amount_due)) AS v FROM invoices WHERE org_id = $1 AND ${inRange('created_at', '2025-06-01', '2025-07-01')}`,
    },
  },
  // Transactions
  {
    family: 'transactions',
    questions: ['failed payments this month', 'how many payments failed this month', 'declined payments this month'],
    truth: {
      kind: 'records',
      sql: transactions(
        `x.status = 'failed' AND x.type IN ('payment_succeeded', 'payment_failed') AND ${inRange('x.created_at', '2025-06-01', '2025-07-01')}`,
      ),
    },
  },
  {
    family: 'transactions',
    questions: ['revenue this month', 'how much did we collect this month', 'total successful payments this month'],
    truth: {
      kind: 'money',
      sql: `SELECT sum(amount) AS v FROM transactions WHERE org_id = $1 AND status = 'succeeded' AND type = 'payment_succeeded' AND ${inRange('created_at', '2025-06-01', '2025-07-01')}`,
    },
  },
  {
    family: 'transactions',
    questions: ['how many transactions today', 'transactions today'],
    truth: { kind: 'records', sql: transactions(inRange('x.created_at', '2025-06-11', '2025-06-12')) },
  },
  { family: 'transactions', questions: ['latest transaction'], truth: { kind: 'first', sql: transactions('true') } },
  {
    family: 'transactions',
    questions: ['most recent payment', 'latest payment'],
    truth: { kind: 'first', sql: transactions("x.type IN ('payment_succeeded', 'payment_failed')") },
  },
  {
    family: 'transactions',
    questions: ['failed payments last week'],
    truth: {
      kind: 'records',
      sql: transactions(
        `x.status = 'failed' AND x.type IN ('payment_succeeded', 'payment_failed') AND ${inRange('x.created_at', '2025-06-02', '2025-06-09')}`,
      ),
    },
  },
  {
    family: 'transactions',
    questions: ['pending transactions', 'how many transactions are pending'],
    truth: { kind: 'records', sql: transactions("x.status = 'pending'") },
  },
  // Grouping
  {
    family: 'grouping',
    questions: ['members by role', 'how many users per role', 'role breakdown', 'break down the team by role'],
    truth: { kind: 'groups', sql: 'SELECT role AS label, count(*) AS n FROM members WHERE org_id = $1 GROUP BY role' },
  },
  {
    family: 'grouping',
    questions: ['members by status', 'how many members per status'],
    truth: {
      kind: 'groups',
      sql: "SELECT CASE WHEN is_active THEN 'Active' ELSE 'Pending' END AS label, count(*) AS n FROM members WHERE org_id = $1 GROUP BY 1",
    },
  },
  {
    family: 'grouping',
    questions: ['calls by site this week', 'calls per site this week'],
    truth: {
      kind: 'groups',
      sql: `SELECT site AS label, count(*) AS n FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-06-09', '2025-06-16')} GROUP BY site`,
    },
  },
  {
    family: 'grouping',
    questions: ['which site had the most calls this week', 'busiest site this week'],
    truth: {
      kind: 'top',
      sql: `SELECT site AS label, count(*) AS n FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-06-09', '2025-06-16')} GROUP BY site ORDER BY n DESC, site`,
    },
  },
  {
    family: 'grouping',
    questions: ['who made the most calls this month', 'top caller this month'],
    truth: {
      kind: 'top',
      sql: `SELECT m.name AS label, count(*) AS n FROM calls c JOIN members m ON m.id = c.member_id WHERE c.org_id = $1 AND ${inRange('c.started_at', '2025-06-01', '2025-07-01')} GROUP BY m.id, m.name ORDER BY n DESC, m.name`,
    },
  },
  {
    family: 'grouping',
    questions: ['which supervisor made the most calls this month'],
    truth: {
      kind: 'top',
      sql: `SELECT m.name AS label, count(*) AS n FROM calls c JOIN members m ON m.id = c.member_id WHERE c.org_id = $1 AND m.role = 'Supervisor' AND ${inRange('c.started_at', '2025-06-01', '2025-07-01')} GROUP BY m.id, m.name ORDER BY n DESC, m.name`,
    },
  },
  {
    family: 'grouping',
    questions: ['open tasks by assignee', 'open tasks per person'],
    truth: {
      kind: 'groups',
      sql: "SELECT COALESCE(a.name, 'Unassigned') AS label, count(*) AS n FROM tasks t LEFT JOIN members a ON a.id = t.assignee_member_id WHERE t.org_id = $1 AND t.status = 'open' GROUP BY t.assignee_member_id, a.name",
    },
  },
  {
    family: 'grouping',
    questions: ['calls per day this week', 'daily calls this week'],
    truth: {
      kind: 'groups',
      sql: `SELECT to_char((started_at AT TIME ZONE 'UTC')::date, 'Dy, Mon FMDD') AS label, count(*) AS n FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-06-09', '2025-06-16')} GROUP BY 1`,
    },
  },
  {
    family: 'grouping',
    questions: ['tasks by status', 'task status breakdown'],
    truth: {
      kind: 'groups',
      sql: "SELECT CASE WHEN status = 'done' THEN 'Done' WHEN due_date < '2025-06-11' THEN 'Overdue' ELSE 'Open, not overdue' END AS label, count(*) AS n FROM tasks WHERE org_id = $1 GROUP BY 1",
    },
  },
  // Time windows
  {
    family: 'time windows',
    questions: ['how many members joined this month', 'new members this month', 'how many users were added this month'],
    truth: { kind: 'records', sql: members(inRange('created_at', '2025-06-01', '2025-07-01')) },
  },
  {
    family: 'time windows',
    questions: ['who joined in the last 30 days', 'new users in the past 30 days'],
    truth: { kind: 'records', sql: members(inRange('created_at', '2025-05-13', '2025-06-12')) },
  },
  {
    family: 'time windows',
    questions: ['how many calls since June 1', 'calls since 6/1', 'number of calls since jun 1st'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-01', '2025-06-12')) },
  },
  {
    family: 'time windows',
    questions: ['how many calls in May', 'calls during may'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-05-01', '2025-06-01')) },
  },
  {
    family: 'time windows',
    questions: ['how many calls in the last 14 days', 'calls over the past two weeks'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-05-29', '2025-06-12')) },
  },
  {
    family: 'time windows',
    questions: ['who was active today', 'which members were active today'],
    truth: { kind: 'records', sql: members(inRange('last_active_at', '2025-06-11', '2025-06-12')) },
  },
  {
    family: 'time windows',
    questions: ['how many members were active this week'],
    truth: { kind: 'records', sql: members(inRange('last_active_at', '2025-06-09', '2025-06-16')) },
  },
  {
    family: 'time windows',
    questions: ['calls since monday', 'how many calls since monday'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-09', '2025-06-12')) },
  },
  {
    family: 'time windows',
    questions: ['failed payments in the last 7 days'],
    truth: {
      kind: 'records',
      sql: transactions(
        `x.status = 'failed' AND x.type IN ('payment_succeeded', 'payment_failed') AND ${inRange('x.created_at', '2025-06-05', '2025-06-12')}`,
      ),
    },
  },
  // Follow-ups
  {
    family: 'follow-ups',
    after: 'How many users are pending?',
    questions: ['which of them are supervisors?', 'and which are supervisors'],
    truth: { kind: 'records', sql: members("NOT is_active AND role = 'Supervisor'") },
  },
  {
    family: 'follow-ups',
    after: 'How many users are pending?',
    questions: ['how many of them are licensed?', 'only the licensed ones'],
    truth: { kind: 'records', sql: members('NOT is_active AND has_license') },
  },
  {
    family: 'follow-ups',
    after: 'how many calls this week',
    questions: ['and last week?', 'what about last week'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-02', '2025-06-09')) },
  },
  {
    family: 'follow-ups',
    after: 'how many calls this week',
    questions: ['and at harbor point?', 'how about harbor point tower'],
    truth: { kind: 'records', sql: calls(`c.site = 'Harbor Point Tower' AND ${inRange('c.started_at', '2025-06-09', '2025-06-16')}`) },
  },
  {
    family: 'follow-ups',
    after: 'list overdue tasks',
    questions: ['which of them are at Harbor Point?', 'and at harbor point tower'],
    truth: { kind: 'records', sql: tasks("c.site = 'Harbor Point Tower' AND t.status = 'open' AND t.due_date < '2025-06-11'", byDue) },
  },
  {
    family: 'follow-ups',
    after: 'failed payments this month',
    questions: ['and last month?'],
    truth: {
      kind: 'records',
      sql: transactions(
        `x.status = 'failed' AND x.type IN ('payment_succeeded', 'payment_failed') AND ${inRange('x.created_at', '2025-05-01', '2025-06-01')}`,
      ),
    },
  },
  {
    family: 'follow-ups',
    after: 'how many supervisors',
    questions: ['and project managers?', 'what about project managers'],
    truth: { kind: 'records', sql: members("role = 'Project Manager'") },
  },
  {
    family: 'follow-ups',
    after: 'how many supervisors',
    questions: ['how many of them are pending?'],
    truth: { kind: 'records', sql: members("role = 'Supervisor' AND NOT is_active") },
  },
  {
    family: 'follow-ups',
    after: 'calls at harbor point this week',
    questions: ['and tasks?', 'what about tasks'],
    truth: { kind: 'records', sql: tasks(`c.site = 'Harbor Point Tower' AND ${inRange('t.created_at', '2025-06-09', '2025-06-16')}`) },
  },
  {
    family: 'follow-ups',
    after: 'calls at harbor point this week',
    questions: ['and the open tasks there?'],
    truth: {
      kind: 'records',
      sql: tasks(`c.site = 'Harbor Point Tower' AND t.status = 'open' AND ${inRange('t.created_at', '2025-06-09', '2025-06-16')}`, byDue),
    },
  },
  // Free text: the work itself
  {
    family: 'free text',
    questions: ['concrete pour delays at Harbor Point', 'concrete pour at harbor point'],
    truth: {
      kind: 'search',
      sql: `SELECT id FROM calls WHERE org_id = $1 AND site = 'Harbor Point Tower' AND (summary ILIKE '%concrete%' OR summary ILIKE '%pour%')
            UNION SELECT t.id FROM tasks t JOIN calls c ON c.id = t.call_id WHERE t.org_id = $1 AND c.site = 'Harbor Point Tower' AND (t.title ILIKE '%concrete%' OR t.title ILIKE '%pour%')`,
    },
  },
  {
    family: 'free text',
    questions: ['any problems with the concrete pour?', 'concrete pour'],
    truth: {
      kind: 'search',
      sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%concrete pour%' UNION SELECT id FROM tasks WHERE org_id = $1 AND (title ILIKE '%concrete%' OR title ILIKE '%pour%')",
    },
  },
  {
    family: 'free text',
    questions: ['who reported the crane issue', 'crane problems', 'anything about the crane?'],
    truth: {
      kind: 'search',
      sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%crane%' UNION SELECT id FROM tasks WHERE org_id = $1 AND title ILIKE '%crane%'",
    },
  },
  {
    family: 'free text',
    questions: ['rebar inspection', 'issues with the rebar inspection'],
    truth: {
      kind: 'search',
      sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%rebar%' AND summary ILIKE '%inspect%' UNION SELECT id FROM tasks WHERE org_id = $1 AND title ILIKE '%inspection%'",
    },
  },
  {
    family: 'free text',
    questions: ['missing guardrail', 'guardrail on level 4'],
    truth: {
      kind: 'search',
      sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%guardrail%' UNION SELECT id FROM tasks WHERE org_id = $1 AND title ILIKE '%guardrail%'",
    },
  },
  {
    family: 'free text',
    questions: ['drywall delivery', 'the drywall delivery'],
    truth: { kind: 'search', sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%drywall%'" },
  },
  {
    family: 'free text',
    questions: ['scaffold tags', 'unsecured ladder at the scaffold'],
    truth: {
      kind: 'search',
      sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%scaffold%' UNION SELECT id FROM tasks WHERE org_id = $1 AND title ILIKE '%scaffold%'",
    },
  },
  {
    family: 'free text',
    questions: ['elevator core walls'],
    truth: { kind: 'search', sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%elevator core walls%'" },
  },
  // Questions the data cannot answer
  {
    family: 'cannot answer',
    questions: ["What's the weather tomorrow?", 'will it rain on friday', 'weather forecast for the week'],
    truth: { kind: 'none' },
  },
  { family: 'cannot answer', questions: ['write me a poem', 'tell me a joke', 'write a haiku about concrete'], truth: { kind: 'none' } },
  {
    family: 'cannot answer',
    questions: ['How many users does Acme Inc have?', 'what do our competitors charge', 'how many employees does Bayside Contracting have'],
    truth: { kind: 'none' },
  },
  { family: 'cannot answer', questions: ['who is the president of France', 'bitcoin price', 'latest news'], truth: { kind: 'none' } },
  // Typos, capitals, shorthand
  {
    family: 'typos',
    questions: ['how many usres are pnding', 'pneding members', 'HOW MANY USERS ARE PENDING', 'how mnay inactve users'],
    truth: { kind: 'count', sql: countMembers('NOT is_active') },
  },
  {
    family: 'typos',
    questions: ['how mnay supervisors', 'numbr of suprevisors'],
    truth: { kind: 'count', sql: countMembers("role = 'Supervisor'") },
  },
  {
    family: 'typos',
    questions: ['lsit overdue taks', 'overdeu tasks'],
    truth: { kind: 'records', sql: tasks("t.status = 'open' AND t.due_date < '2025-06-11'", byDue) },
  },
  {
    family: 'typos',
    questions: ['how many acitve users', 'actve members count'],
    truth: { kind: 'count', sql: countMembers('is_active') },
  },
  {
    family: 'typos',
    questions: ['how many calls this weeek', 'calsl this week'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-09', '2025-06-16')) },
  },
  // Written after the parser was tuned on the questions above (a check that it generalises): on
  // their first run, 23 of 29 were right once four truths written in haste were corrected; the
  // six misses were fixed in the parser afterwards (issue 15's report lists them).
  { family: 'members', questions: ['whats the total number of employees'], truth: { kind: 'count', sql: countMembers('true') } },
  { family: 'members', questions: ['count of users that are active'], truth: { kind: 'count', sql: countMembers('is_active') } },
  { family: 'members', questions: ['how many people have seats'], truth: { kind: 'count', sql: countMembers('has_license') } },
  {
    family: 'members',
    questions: ['how many crew members are not licensed'],
    truth: { kind: 'count', sql: countMembers('NOT has_license') },
  },
  {
    family: 'roles',
    questions: ['how many foremen are active', '# of active supervisors'],
    truth: { kind: 'count', sql: countMembers("role = 'Supervisor' AND is_active") },
  },
  {
    family: 'roles',
    questions: ['give me the number of field workers without a seat'],
    truth: { kind: 'count', sql: countMembers("role = 'Field Worker' AND NOT has_license") },
  },
  {
    family: 'member lists',
    questions: ["who hasn't activated their account yet", 'show me everyone who is pending'],
    truth: { kind: 'records', sql: members('NOT is_active') },
  },
  { family: 'member lists', questions: ['names of the admins'], truth: { kind: 'records', sql: members("role = 'Admin'") } },
  {
    family: 'calls',
    questions: ['how many calls did we get today'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-11', '2025-06-12')) },
  },
  {
    family: 'calls',
    questions: ['how many calls were made yesterday'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-10', '2025-06-11')) },
  },
  {
    family: 'calls',
    questions: ['calls from riverside this month'],
    truth: {
      kind: 'records',
      sql: calls(`c.site = 'Riverside Medical Center' AND ${inRange('c.started_at', '2025-06-01', '2025-07-01')}`),
    },
  },
  {
    family: 'calls',
    questions: ["what's the total call time this month"],
    truth: {
      kind: 'duration',
      sql: `SELECT sum(duration_seconds) AS v FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-06-01', '2025-07-01')}`,
    },
  },
  {
    family: 'calls',
    questions: ['how long was the longest call this week'],
    truth: {
      kind: 'first',
      sql: `SELECT id FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-06-09', '2025-06-16')} ORDER BY duration_seconds DESC, started_at DESC, id`,
    },
  },
  {
    family: 'tasks',
    questions: ["what's overdue"],
    truth: { kind: 'records', sql: tasks("t.status = 'open' AND t.due_date < '2025-06-11'", byDue) },
  },
  { family: 'tasks', questions: ['how many tasks are still open'], truth: { kind: 'records', sql: tasks("t.status = 'open'", byDue) } },
  { family: 'tasks', questions: ['tasks nobody is assigned to'], truth: { kind: 'records', sql: tasks('t.assignee_member_id IS NULL') } },
  {
    family: 'tasks',
    questions: ['open tasks at riverside'],
    truth: { kind: 'records', sql: tasks("c.site = 'Riverside Medical Center' AND t.status = 'open'", byDue) },
  },
  {
    family: 'tasks',
    questions: ['what got done this week'],
    truth: { kind: 'records', sql: tasks(`t.status = 'done' AND ${inRange('t.completed_at', '2025-06-09', '2025-06-16')}`) },
  },
  {
    family: 'subscriptions',
    questions: ['how many people are paying'],
    truth: {
      kind: 'count',
      sql: "SELECT count(*) AS n FROM subscriptions WHERE org_id = $1 AND status IN ('active', 'trialing', 'past_due')",
    },
  },
  {
    family: 'subscriptions',
    questions: ['how many subscriptions got cancelled last month'],
    truth: { kind: 'records', sql: cancellations('2025-05-01', '2025-06-01') },
  },
  {
    family: 'transactions',
    questions: ['how much money came in this month'],
    truth: {
      kind: 'money',
      sql: `SELECT sum(amount) AS v FROM transactions WHERE org_id = $1 AND status = 'succeeded' AND type = 'payment_succeeded' AND ${inRange('created_at', '2025-06-01', '2025-07-01')}`,
    },
  },
  {
    family: 'transactions',
    questions: ['show failed charges this week'],
    truth: {
      kind: 'records',
      sql: transactions(
        `x.status = 'failed' AND x.type IN ('payment_succeeded', 'payment_failed') AND ${inRange('x.created_at', '2025-06-09', '2025-06-16')}`,
      ),
    },
  },
  {
    family: 'invoices',
    questions: ['what invoices are unpaid'],
    truth: { kind: 'records', sql: invoices("i.status IN ('open', 'uncollectible')") },
  },
  {
    family: 'grouping',
    questions: ['which site is the busiest this month'],
    truth: {
      kind: 'top',
      sql: `SELECT site AS label, count(*) AS n FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-06-01', '2025-07-01')} GROUP BY site ORDER BY n DESC, site`,
    },
  },
  {
    family: 'grouping',
    questions: ['breakdown of calls by site this month'],
    truth: {
      kind: 'groups',
      sql: `SELECT site AS label, count(*) AS n FROM calls WHERE org_id = $1 AND ${inRange('started_at', '2025-06-01', '2025-07-01')} GROUP BY site`,
    },
  },
  {
    family: 'grouping',
    questions: ['who has the most open tasks'],
    truth: {
      kind: 'top',
      sql: "SELECT COALESCE(a.name, 'Unassigned') AS label, count(*) AS n FROM tasks t LEFT JOIN members a ON a.id = t.assignee_member_id WHERE t.org_id = $1 AND t.status = 'open' GROUP BY t.assignee_member_id, a.name ORDER BY n DESC",
    },
  },
  {
    family: 'grouping',
    questions: ['how many users in each role'],
    truth: { kind: 'groups', sql: 'SELECT role AS label, count(*) AS n FROM members WHERE org_id = $1 GROUP BY role' },
  },
  {
    family: 'time windows',
    questions: ['calls in the past 7 days'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-05', '2025-06-12')) },
  },
  {
    family: 'time windows',
    questions: ['how many members signed up since may 1'],
    truth: { kind: 'records', sql: members(inRange('created_at', '2025-05-01', '2025-06-12')) },
  },
  {
    family: 'follow-ups',
    after: 'how many calls this week',
    questions: ['what about today'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-11', '2025-06-12')) },
  },
  {
    family: 'follow-ups',
    after: 'list pending users',
    questions: ['just the field workers'],
    truth: { kind: 'records', sql: members("NOT is_active AND role = 'Field Worker'") },
  },
  {
    family: 'follow-ups',
    after: 'how many supervisors',
    questions: ['which of those have a licence'],
    truth: { kind: 'records', sql: members("role = 'Supervisor' AND has_license") },
  },
  {
    family: 'free text',
    questions: ['anything about pump trucks?'],
    truth: {
      kind: 'search',
      sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%pump truck%' UNION SELECT id FROM tasks WHERE org_id = $1 AND title ILIKE '%pump truck%'",
    },
  },
  {
    family: 'free text',
    questions: ['fire-stopping inspection'],
    truth: { kind: 'search', sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%fire-stopping%'" },
  },
  {
    family: 'free text',
    questions: ['HVAC lift'],
    truth: { kind: 'search', sql: "SELECT id FROM calls WHERE org_id = $1 AND summary ILIKE '%HVAC%' AND summary ILIKE '%lift%'" },
  },
  {
    family: 'cannot answer',
    questions: ["what's the capital of spain", 'can you write an essay about safety', 'how is the stock market doing'],
    truth: { kind: 'none' },
  },
  {
    family: 'typos',
    questions: ['how many supervsiors are pendign'],
    truth: { kind: 'count', sql: countMembers("role = 'Supervisor' AND NOT is_active") },
  },
  {
    family: 'typos',
    questions: ['overdue taskss'],
    truth: { kind: 'records', sql: tasks("t.status = 'open' AND t.due_date < '2025-06-11'", byDue) },
  },
  {
    family: 'typos',
    questions: ['calls tody'],
    truth: { kind: 'records', sql: calls(inRange('c.started_at', '2025-06-11', '2025-06-12')) },
  },
  // The quick prompts and their typed variants
  {
    family: 'reports',
    questions: ['Show me user activity across my organization this week.', 'user activity'],
    truth: { kind: 'report', heading: 'User activity — last 7 days' },
  },
  {
    family: 'reports',
    questions: ['Give me call analytics: call volume, durations and trends.', 'call analytics'],
    truth: { kind: 'report', heading: 'Call analytics — last 30 days' },
  },
  {
    family: 'reports',
    questions: ['Give me an overview of open and completed tasks from calls.', 'task overview'],
    truth: { kind: 'report', heading: 'Task overview — tasks extracted from calls' },
  },
  {
    family: 'reports',
    questions: ['Write a weekly report of calls, tasks and team activity.', 'give me the weekly summary'],
    truth: { kind: 'report', heading: 'Weekly report — Jun 4 to Jun 11' },
  },
  {
    family: 'reports',
    questions: ['What insights do you have about my organization?', 'organisation insights'],
    truth: { kind: 'report', heading: 'Organisation insights — Summit Builders' },
  },
];

/** Every question of the bank, with placeholders filled by `fill`. */
export function bankQuestions(
  fill: (question: string) => string = (q) => q,
): Array<{ family: string; question: string; entry: BankEntry }> {
  return BANK.flatMap((entry) => entry.questions.map((question) => ({ family: entry.family, question: fill(question), entry })));
}
