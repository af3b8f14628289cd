/**
 * The figures the console's screens show, each defined once. The Dashboard (Total Users with the
 * licensed count, Active Users with the pending count, the unpaid-invoices warning, Pro and Lite),
 * User Management's Quick Stats (total, active, pending, licensed), the Billing Overview (Total,
 * Subscribed, Pro and Lite Users; Pro Plans, Lite Plans, Trial and Free Users) and the Assistant
 * all read them from here, so a figure is the same wherever an administrator sees it.
 *
 *   - Total Users: every member of the organisation; Active: `is_active`; Pending: the others;
 *     Licensed: `has_license` (GET /api/users/stats).
 *   - Pro, Lite, Trial and Free Users: members by access level, the rule of billing/access.ts
 *     (paid subscription -> its plan; trialing subscription or open trial -> trial; else free).
 *   - Subscribed Users: members whose subscription is active, trialing or past due.
 *   - Unpaid invoices: invoices open or uncollectible.
 *
 * Counting 100,000 members, or grouping their subscriptions, is a scan of them all. The database
 * keeps those counts as tallies (server/migrations/0005.do.billing.sql: statement-level triggers append +n / -n
 * per group in the writing transaction; billing/tallies.ts reads them), so a figure here is a sum
 * over a few rows, exact in any snapshot. Only the open trials (they end with time, which no write
 * records) are read from their rows.
 */
import type { Queryable } from '../core/db';
import { readTallies, tallyCount, type TallyDb, type TallyReadOptions } from '../billing/tallies';
import { openTrialSql, subscriptionDecidesSql, subscriptionLevel } from '../billing/access';

/** Subscription statuses that make a member a subscribed user (SPEC §6's overview). */
const SUBSCRIBED_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** User Management's Quick Stats, and the Dashboard's Total and Active Users. */
export interface MemberFigures {
  total: number;
  active: number;
  pending: number;
  licensed: number;
}

export interface PaidCounts {
  pro: number;
  lite: number;
  /** Members whose subscription is trialing (their trial rows aside), by the plan they are trying. */
  trialing: { pro: number; lite: number };
  /** Members whose subscription is active, trialing or past_due. */
  subscribed: number;
}

/** The Billing Overview's figures. */
export interface AccessFigures {
  totalUsers: number;
  subscribedUsers: number;
  pro: number;
  lite: number;
  trial: number;
  free: number;
}

/** The Dashboard's unpaid invoices, and what they are. */
export interface UnpaidInvoices {
  unpaid: number;
  open: number;
  uncollectible: number;
}

/** Whether the database keeps the tallies (the billing module's schema makes them; the users module runs without it in tests). */
const keepsTallies = new WeakMap<Queryable, boolean>();

async function hasTallies(db: Queryable): Promise<boolean> {
  let known = keepsTallies.get(db);
  if (known === undefined) {
    const { rows } = await db.query<{ kept: boolean }>("SELECT to_regclass('copilot_tallies') IS NOT NULL AS kept");
    known = rows[0]?.kept === true;
    keepsTallies.set(db, known);
  }
  return known;
}

/**
 * Total, active, pending and licensed members: from the member tallies (role, is_active, has_license)
 * where the database keeps them, else from the index on the members' flags; the same counts either way.
 */
export async function memberFigures(db: TallyDb, orgId: string, options: TallyReadOptions = {}): Promise<MemberFigures> {
  if (await hasTallies(db)) {
    const tallies = await readTallies(db, orgId, 'members', options);
    return {
      total: tallyCount(tallies),
      active: tallyCount(tallies, (r) => r.b === 'true'),
      pending: tallyCount(tallies, (r) => r.b !== 'true'),
      licensed: tallyCount(tallies, (r) => r.c === 'true'),
    };
  }
  const { rows } = await db.query<MemberFigures>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE is_active)::int AS active,
            count(*) FILTER (WHERE NOT is_active)::int AS pending,
            count(*) FILTER (WHERE has_license)::int AS licensed
       FROM members WHERE org_id = $1`,
    [orgId],
  );
  return rows[0] ?? { total: 0, active: 0, pending: 0, licensed: 0 };
}

/** Pro, lite, trialing and subscribed members, from the subscription tallies alone. */
export async function paidCounts(db: TallyDb, orgId: string, options: TallyReadOptions = {}): Promise<PaidCounts> {
  const subscriptions = await readTallies(db, orgId, 'subscriptions', options);
  const trying = (plan: string) => tallyCount(subscriptions, (r) => subscriptionLevel(r.a, r.b) === 'trial' && r.b === plan);
  return {
    pro: tallyCount(subscriptions, (r) => subscriptionLevel(r.a, r.b) === 'pro'),
    lite: tallyCount(subscriptions, (r) => subscriptionLevel(r.a, r.b) === 'lite'),
    trialing: { pro: trying('pro'), lite: trying('lite') },
    subscribed: tallyCount(subscriptions, (r) => r.a !== null && SUBSCRIBED_STATUSES.has(r.a)),
  };
}

/** Every member in one access level at `now`, and the subscribed ones. */
export async function accessFigures(db: TallyDb, orgId: string, now: Date, options: TallyReadOptions = {}): Promise<AccessFigures> {
  const paid = await paidCounts(db, orgId, options);
  const totalUsers = (await memberFigures(db, orgId, options)).total;
  // Open trials whose member's subscription does not decide: all open trials, less those joined to a
  // subscription that decides. A member has at most one subscription (subscriptions.member_id is
  // unique), so the join counts each trial once. Written as NOT EXISTS, the planner hashed every
  // subscription of the organisation to look the trials up: 85 ms at 100,000 members on PGlite,
  // against 40 ms for this.
  const { rows } = await db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM trials t WHERE t.org_id = $1 AND ${openTrialSql('$2')})
          - (SELECT count(*) FROM trials t JOIN subscriptions s ON s.member_id = t.member_id AND s.org_id = t.org_id
              WHERE t.org_id = $1 AND ${openTrialSql('$2')} AND ${subscriptionDecidesSql()}) AS n`,
    [orgId, now],
  );
  const trial = paid.trialing.pro + paid.trialing.lite + Number(rows[0]?.n ?? 0);
  return {
    totalUsers,
    subscribedUsers: paid.subscribed,
    pro: paid.pro,
    lite: paid.lite,
    trial,
    free: totalUsers - paid.pro - paid.lite - trial,
  };
}

/** Invoices open or uncollectible (the Dashboard's unpaid invoices), and each of the two. */
export async function unpaidInvoices(db: TallyDb, orgId: string, options: TallyReadOptions = {}): Promise<UnpaidInvoices> {
  const tallies = await readTallies(db, orgId, 'invoices', options);
  const open = tallyCount(tallies, (r) => r.a === 'open');
  const uncollectible = tallyCount(tallies, (r) => r.a === 'uncollectible');
  return { unpaid: open + uncollectible, open, uncollectible };
}
