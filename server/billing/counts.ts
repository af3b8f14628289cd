/**
 * An organisation's members per access level, its subscribed members and its unpaid invoices: the
 * one place these counts are made, for the billing overview (model.ts) and the Assistant
 * (copilot/query.ts).
 *
 * Counting 100,000 members, or grouping their subscriptions, is a scan of them all on every
 * dashboard load (about 30 and 25 ms on PGlite). The database keeps those counts as tallies
 * (server/migrations/0005.do.billing.sql: statement-level triggers append +n / -n per group in the writing
 * transaction; tallies.ts reads them), so a count here is a sum over a few rows, exact in any
 * snapshot.
 *
 * The rule is access.ts': pro, lite and trialing come from the subscriptions alone (at most one per
 * member, tallied by status and plan); trial adds the open trials of members whose subscription does
 * not decide their level, the one read that depends on the time and is made from the rows; free is
 * the rest.
 */
import { readTallies, tallyCount, type TallyDb, type TallyReadOptions } from './tallies';
import { openTrialSql, subscriptionDecidesSql, subscriptionLevel } from './access';

/** Subscription statuses that make a member a subscribed user (SPEC §6's overview). */
const SUBSCRIBED_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** Invoice statuses the overview counts as unpaid. */
const UNPAID_INVOICE_STATUSES: ReadonlySet<string> = new Set(['open', 'uncollectible']);

export interface PaidCounts {
  pro: number;
  lite: number;
  /** Members whose subscription is trialing (their trial rows aside). */
  trialing: number;
  /** Members whose subscription is active, trialing or past_due. */
  subscribed: number;
}

export interface AccessCounts {
  totalUsers: number;
  subscribedUsers: number;
  pro: number;
  lite: number;
  trial: number;
  free: number;
}

/** Pro, lite, trialing and subscribed members, from the subscription tallies alone. */
export async function paidCounts(db: TallyDb, orgId: string, options: TallyReadOptions = {}): Promise<PaidCounts> {
  const subscriptions = await readTallies(db, orgId, 'subscriptions', options);
  return {
    pro: tallyCount(subscriptions, (r) => subscriptionLevel(r.a, r.b) === 'pro'),
    lite: tallyCount(subscriptions, (r) => subscriptionLevel(r.a, r.b) === 'lite'),
    trialing: tallyCount(subscriptions, (r) => subscriptionLevel(r.a, r.b) === 'trial'),
    subscribed: tallyCount(subscriptions, (r) => r.a !== null && SUBSCRIBED_STATUSES.has(r.a)),
  };
}

/** Every member in one access level at `now`, and the subscribed ones. */
export async function accessCounts(db: TallyDb, orgId: string, now: Date, options: TallyReadOptions = {}): Promise<AccessCounts> {
  const paid = await paidCounts(db, orgId, options);
  const totalUsers = tallyCount(await readTallies(db, orgId, 'members', options));
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
  const trial = paid.trialing + Number(rows[0]?.n ?? 0);
  return {
    totalUsers,
    subscribedUsers: paid.subscribed,
    pro: paid.pro,
    lite: paid.lite,
    trial,
    free: totalUsers - paid.pro - paid.lite - trial,
  };
}

/** Invoices open or uncollectible. */
export async function unpaidInvoiceCount(db: TallyDb, orgId: string, options: TallyReadOptions = {}): Promise<number> {
  return tallyCount(await readTallies(db, orgId, 'invoices', options), (r) => r.a !== null && UNPAID_INVOICE_STATUSES.has(r.a));
}
