/**
 * The tallies (`copilot_tallies`: the name from when only the Assistant read them): counts and sums
 * of an organisation's members, subscriptions, invoices and transactions at scale, for the billing
 * overview (server/figures) and the Assistant (server/copilot). A count of 100,000 members, or a sum over
 * 140,000 transactions, is a scan of them all (80-600 ms on PGlite); the overview loads with every
 * dashboard and an answer must take under 50 ms.
 *
 * Statement-level triggers on members, subscriptions, invoices and transactions append one row per
 * changed group (+n / -n, with the amount) in the writing transaction, so a count is a sum over a
 * few rows and exact in any snapshot. Rows are only ever inserted by writers (no row is shared, so
 * no writer waits for another); readers compact an organisation's rows now and then (tallies.ts).
 * Dimensions: members (role, is_active, has_license); subscriptions (status, plan_type,
 * cancel_at_period_end, created day, monthly price); invoices (status, plan_type, created day,
 * amount due); transactions (type, status, created day, amount). Days are UTC dates.
 *
 * Part of billing's schema (schema.ts), after its tables; members come from the users module's,
 * which runs first. Idempotent like the rest: a database from before the tallies gets the triggers
 * and its rows counted once (the backfill); one whose tallies the copilot schema made keeps them.
 */
import { PLANS } from '../../src/domain/plans';

function tallyFunction(table: string, subject: string, dims: { day: string; a: string; b: string; c: string; amount: string }): string {
  const select = (rows: string, sign: string) =>
    `SELECT org_id, ${dims.day} AS day, ${dims.a} AS a, ${dims.b} AS b, ${dims.c} AS c, ${sign} AS n, ${sign === '1' ? '' : '-'}(${dims.amount})::bigint AS amount FROM ${rows}`;
  return `
CREATE OR REPLACE FUNCTION copilot_tally_${table}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, '${subject}', day, a, b, c, sum(n), sum(amount) FROM (${select('new_rows', '1')}) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, '${subject}', day, a, b, c, sum(n), sum(amount) FROM (${select('old_rows', '-1')}) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, '${subject}', day, a, b, c, sum(n), sum(amount)
      FROM (${select('new_rows', '1')} UNION ALL ${select('old_rows', '-1')}) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$fn$;`;
}

function tallyTriggers(table: string, subject: string, dims: { day: string; a: string; b: string; c: string; amount: string }): string {
  const backfillSelect = `SELECT org_id, '${subject}', ${dims.day}, ${dims.a}, ${dims.b}, ${dims.c}, count(*), sum(${dims.amount})::bigint FROM ${table} GROUP BY 1, 3, 4, 5, 6`;
  return `
DO $do$
BEGIN
  IF to_regclass('${table}') IS NOT NULL THEN
    CREATE OR REPLACE TRIGGER copilot_tally_${table}_insert AFTER INSERT ON ${table}
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_${table}();
    CREATE OR REPLACE TRIGGER copilot_tally_${table}_update AFTER UPDATE ON ${table}
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_${table}();
    CREATE OR REPLACE TRIGGER copilot_tally_${table}_delete AFTER DELETE ON ${table}
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_${table}();
    -- Backfill once (a database from before the tallies): the triggers above hold the table's
    -- write lock until this statement is done, so no change can slip between the two.
    IF NOT EXISTS (SELECT 1 FROM copilot_tallies WHERE subject = '${subject}') THEN
      INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount) ${backfillSelect};
    END IF;
  END IF;
END
$do$;`;
}

const utcDay = "(created_at AT TIME ZONE 'UTC')::date";

const MEMBERS = { day: 'NULL::date', a: 'role', b: 'is_active::text', c: 'has_license::text', amount: '0' };
const SUBSCRIPTIONS = {
  day: utcDay,
  a: 'status',
  b: 'plan_type',
  c: 'cancel_at_period_end::text',
  amount: `CASE plan_type WHEN 'pro' THEN ${PLANS.pro.priceCents} ELSE ${PLANS.lite.priceCents} END`,
};
const INVOICES = { day: utcDay, a: 'status', b: 'plan_type', c: 'NULL::text', amount: 'amount_due' };
const TRANSACTIONS = { day: utcDay, a: 'type', b: 'status', c: 'NULL::text', amount: 'amount' };

export const talliesSchemaSql = `
CREATE TABLE IF NOT EXISTS copilot_tallies (
  org_id TEXT NOT NULL,
  subject TEXT NOT NULL,
  day DATE,
  a TEXT,
  b TEXT,
  c TEXT,
  n BIGINT NOT NULL,
  amount BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS copilot_tallies_org_idx ON copilot_tallies (org_id, subject, day);
${tallyFunction('members', 'members', MEMBERS)}
${tallyFunction('subscriptions', 'subscriptions', SUBSCRIPTIONS)}
${tallyFunction('invoices', 'invoices', INVOICES)}
${tallyFunction('transactions', 'transactions', TRANSACTIONS)}
${tallyTriggers('members', 'members', MEMBERS)}
${tallyTriggers('subscriptions', 'subscriptions', SUBSCRIPTIONS)}
${tallyTriggers('invoices', 'invoices', INVOICES)}
${tallyTriggers('transactions', 'transactions', TRANSACTIONS)}
`;
