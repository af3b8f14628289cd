import type { Db } from './db';

/** The seeded members whose billing state browser tests rely on (see README.md). */
export type FixtureKey =
  | 'lite_with_card'
  | 'trial_no_card'
  | 'pro_scheduled_cancellation'
  | 'free'
  | 'invoices_without_links'
  | 'trial_zero_days'
  | 'past_due'
  | 'canceled';

export type BillingFixtures = Partial<Record<FixtureKey, { userId: string; name: string; email: string }>>;

/** The fixture members of an organisation, with their names and emails. */
export async function findBillingFixtures(db: Db, orgId: string): Promise<BillingFixtures> {
  const { rows } = await db.query<{ key: FixtureKey; id: string; name: string; email: string }>(
    `SELECT f.key, m.id, m.name, m.email FROM billing_fixtures f JOIN members m ON m.id = f.member_id AND m.org_id = f.org_id
      WHERE f.org_id = $1`,
    [orgId],
  );
  const fixtures: BillingFixtures = {};
  for (const row of rows) fixtures[row.key] = { userId: row.id, name: row.name, email: row.email };
  return fixtures;
}
