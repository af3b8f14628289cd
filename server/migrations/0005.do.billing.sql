-- Billing: an embedded stand-in for the card payment provider's subscriptions, trials, payment
-- methods, invoices, transactions and setup intents (server/billing/README.md); every table carries
-- org_id.
--
-- Then the tallies (`copilot_tallies`: the name from when only the Assistant read them): counts and
-- sums of an organisation's members, subscriptions, invoices and transactions at scale, for the
-- billing overview (server/billing/counts.ts) and the Assistant (server/copilot). Statement-level
-- triggers on members, subscriptions, invoices and transactions append one row per changed group
-- (+n / -n, with the amount) in the writing transaction, so a count is a sum over a few rows and
-- exact in any snapshot. Rows are only ever inserted by writers; readers compact an organisation's
-- rows now and then (server/billing/tallies.ts). Dimensions: members (role, is_active, has_license);
-- subscriptions (status, plan_type, cancel_at_period_end, created day, monthly price: the prices of
-- PLANS in src/domain/plans.ts, checked by tests/server/migrations.test.ts); invoices (status,
-- plan_type, created day, amount due); transactions (type, status, created day, amount). Days are UTC.
--
-- Part of the schema as it stood before versioned migrations (commit 4dd5892): idempotent, so that a
-- database made by that code, or by an older one, upgrades in place with every row kept.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

-- One subscription row per member (member_id UNIQUE), whatever its status: a member can never hold
-- two live subscriptions. It belongs to the member and goes with them.
CREATE TABLE IF NOT EXISTS subscriptions (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id TEXT NOT NULL UNIQUE REFERENCES members(id) ON DELETE CASCADE,
  plan_type TEXT NOT NULL CHECK (plan_type IN ('lite', 'pro')),
  status TEXT NOT NULL CHECK (status IN ('active', 'trialing', 'past_due', 'canceled')),
  current_period_start TIMESTAMPTZ NOT NULL,
  current_period_end TIMESTAMPTZ NOT NULL,
  cancel_at_period_end BOOLEAN NOT NULL DEFAULT false,
  cancellation_reason TEXT,
  canceled_at TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  updated_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  CHECK (current_period_end > current_period_start)
);
CREATE INDEX IF NOT EXISTS subscriptions_org_idx ON subscriptions (org_id, status, plan_type);

CREATE TABLE IF NOT EXISTS trials (
  member_id TEXT PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  started_at TIMESTAMPTZ NOT NULL,
  ends_at TIMESTAMPTZ NOT NULL,
  converted_at TIMESTAMPTZ,
  CHECK (ends_at > started_at)
);
CREATE INDEX IF NOT EXISTS trials_org_idx ON trials (org_id, ends_at);

CREATE TABLE IF NOT EXISTS payment_methods (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  brand TEXT NOT NULL,
  last4 TEXT NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month INTEGER NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year INTEGER NOT NULL,
  is_default BOOLEAN NOT NULL DEFAULT false,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS payment_methods_member_idx ON payment_methods (org_id, member_id);
CREATE UNIQUE INDEX IF NOT EXISTS payment_methods_one_default ON payment_methods (member_id) WHERE is_default;

-- Invoices and transactions are the organisation's history: they outlive the member (member_id
-- becomes NULL when the member is deleted) and keep who was billed, as it was at the time.
CREATE TABLE IF NOT EXISTS invoices (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id TEXT CONSTRAINT invoices_member_id_fkey REFERENCES members(id) ON DELETE SET NULL,
  member_name TEXT NOT NULL,
  member_email TEXT NOT NULL,
  number TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('paid', 'open', 'uncollectible', 'void')),
  plan_type TEXT NOT NULL CHECK (plan_type IN ('lite', 'pro')),
  amount_due INTEGER NOT NULL CHECK (amount_due >= 0),
  amount_paid INTEGER NOT NULL CHECK (amount_paid >= 0),
  has_hosted_page BOOLEAN NOT NULL DEFAULT true,
  has_pdf BOOLEAN NOT NULL DEFAULT true,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS invoices_member_idx ON invoices (org_id, member_id, created_at DESC);
CREATE INDEX IF NOT EXISTS invoices_org_status_idx ON invoices (org_id, status);

CREATE TABLE IF NOT EXISTS transactions (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id TEXT CONSTRAINT transactions_member_id_fkey REFERENCES members(id) ON DELETE SET NULL,
  member_name TEXT NOT NULL,
  type TEXT NOT NULL CHECK (type IN ('payment_succeeded', 'payment_failed', 'subscription_created', 'subscription_canceled')),
  status TEXT NOT NULL CHECK (status IN ('succeeded', 'failed', 'pending')),
  amount INTEGER NOT NULL,
  description TEXT NOT NULL,
  invoice_id TEXT REFERENCES invoices(id) ON DELETE SET NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS transactions_org_created_idx ON transactions (org_id, created_at DESC, id DESC);

-- A payment setup started by update-subscription for a member who is not paying and has no card.
-- 'requires_payment_method' is open: at most one per member and plan (setup_intents_one_open below),
-- handed out again while it is younger than SETUP_INTENT_TTL_MS; completing it marks it succeeded.
CREATE TABLE IF NOT EXISTS setup_intents (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  client_secret TEXT NOT NULL UNIQUE,
  plan_type TEXT NOT NULL CHECK (plan_type IN ('lite', 'pro')),
  status TEXT NOT NULL CHECK (status IN ('requires_payment_method', 'succeeded', 'canceled')),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  used_at TIMESTAMPTZ
);

-- Seeded members in known billing states, for browser tests (see README.md).
CREATE TABLE IF NOT EXISTS billing_fixtures (
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  key TEXT NOT NULL,
  member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  PRIMARY KEY (org_id, key)
);

CREATE TABLE IF NOT EXISTS payment_method_sessions (
  token_hash TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  expires_at TIMESTAMPTZ NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

-- Upgrades of a database made by an earlier version (a .data/ folder kept across updates). Every
-- statement is idempotent and cheap once applied, because this runs at every start.

-- 1. History outlives the member: snapshot columns, backfilled from the members still there...
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS member_name TEXT;
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS member_email TEXT;
ALTER TABLE transactions ADD COLUMN IF NOT EXISTS member_name TEXT;
UPDATE invoices i SET member_name = m.name, member_email = m.email
  FROM members m WHERE m.id = i.member_id AND (i.member_name IS NULL OR i.member_email IS NULL);
UPDATE transactions x SET member_name = m.name FROM members m WHERE m.id = x.member_id AND x.member_name IS NULL;
ALTER TABLE invoices ALTER COLUMN member_name SET NOT NULL, ALTER COLUMN member_email SET NOT NULL;
ALTER TABLE transactions ALTER COLUMN member_name SET NOT NULL;
-- ...and the member's deletion sets member_id to NULL instead of deleting the rows (the first
-- version cascaded). The constraints are replaced only while they still cascade.
ALTER TABLE invoices ALTER COLUMN member_id DROP NOT NULL;
ALTER TABLE transactions ALTER COLUMN member_id DROP NOT NULL;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'invoices'::regclass AND conname = 'invoices_member_id_fkey' AND confdeltype <> 'n') THEN
    ALTER TABLE invoices DROP CONSTRAINT invoices_member_id_fkey;
    ALTER TABLE invoices ADD CONSTRAINT invoices_member_id_fkey FOREIGN KEY (member_id) REFERENCES members(id) ON DELETE SET NULL;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'transactions'::regclass AND conname = 'transactions_member_id_fkey' AND confdeltype <> 'n') THEN
    ALTER TABLE transactions DROP CONSTRAINT transactions_member_id_fkey;
    ALTER TABLE transactions ADD CONSTRAINT transactions_member_id_fkey FOREIGN KEY (member_id) REFERENCES members(id) ON DELETE SET NULL;
  END IF;
END $$;

-- 2. At most one open setup intent per member and plan (update-subscription hands the open one out
-- again instead of starting a second payment setup). The first version made one per call: all but
-- the newest open one of each member and plan are canceled before the index is built.
UPDATE setup_intents s SET status = 'canceled'
 WHERE s.status = 'requires_payment_method'
   AND EXISTS (SELECT 1 FROM setup_intents n
                WHERE n.member_id = s.member_id AND n.plan_type = s.plan_type AND n.status = 'requires_payment_method'
                  AND (n.created_at, n.id) > (s.created_at, s.id));
CREATE UNIQUE INDEX IF NOT EXISTS setup_intents_one_open ON setup_intents (member_id, plan_type) WHERE status = 'requires_payment_method';

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

CREATE OR REPLACE FUNCTION copilot_tally_members() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'members', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, 1 AS n, (0)::bigint AS amount FROM new_rows) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'members', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, -1 AS n, -(0)::bigint AS amount FROM old_rows) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'members', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, 1 AS n, (0)::bigint AS amount FROM new_rows UNION ALL SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, -1 AS n, -(0)::bigint AS amount FROM old_rows) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION copilot_tally_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'subscriptions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, 1 AS n, (CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM new_rows) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'subscriptions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, -1 AS n, -(CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM old_rows) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'subscriptions', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, 1 AS n, (CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM new_rows UNION ALL SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, -1 AS n, -(CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM old_rows) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION copilot_tally_invoices() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'invoices', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, NULL::text AS c, 1 AS n, (amount_due)::bigint AS amount FROM new_rows) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'invoices', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, NULL::text AS c, -1 AS n, -(amount_due)::bigint AS amount FROM old_rows) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'invoices', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, NULL::text AS c, 1 AS n, (amount_due)::bigint AS amount FROM new_rows UNION ALL SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, NULL::text AS c, -1 AS n, -(amount_due)::bigint AS amount FROM old_rows) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION copilot_tally_transactions() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'transactions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, type AS a, status AS b, NULL::text AS c, 1 AS n, (amount)::bigint AS amount FROM new_rows) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'transactions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, type AS a, status AS b, NULL::text AS c, -1 AS n, -(amount)::bigint AS amount FROM old_rows) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'transactions', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, type AS a, status AS b, NULL::text AS c, 1 AS n, (amount)::bigint AS amount FROM new_rows UNION ALL SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, type AS a, status AS b, NULL::text AS c, -1 AS n, -(amount)::bigint AS amount FROM old_rows) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$fn$;

DO $do$
BEGIN
  IF to_regclass('members') IS NOT NULL THEN
    CREATE OR REPLACE TRIGGER copilot_tally_members_insert AFTER INSERT ON members
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_members();
    CREATE OR REPLACE TRIGGER copilot_tally_members_update AFTER UPDATE ON members
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_members();
    CREATE OR REPLACE TRIGGER copilot_tally_members_delete AFTER DELETE ON members
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_members();
    -- Backfill once (a database from before the tallies): the triggers above hold the table's
    -- write lock until this statement is done, so no change can slip between the two.
    IF NOT EXISTS (SELECT 1 FROM copilot_tallies WHERE subject = 'members') THEN
      INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount) SELECT org_id, 'members', NULL::date, role, is_active::text, has_license::text, count(*), sum(0)::bigint FROM members GROUP BY 1, 3, 4, 5, 6;
    END IF;
  END IF;
END
$do$;

DO $do$
BEGIN
  IF to_regclass('subscriptions') IS NOT NULL THEN
    CREATE OR REPLACE TRIGGER copilot_tally_subscriptions_insert AFTER INSERT ON subscriptions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_subscriptions();
    CREATE OR REPLACE TRIGGER copilot_tally_subscriptions_update AFTER UPDATE ON subscriptions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_subscriptions();
    CREATE OR REPLACE TRIGGER copilot_tally_subscriptions_delete AFTER DELETE ON subscriptions
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_subscriptions();
    -- Backfill once (a database from before the tallies): the triggers above hold the table's
    -- write lock until this statement is done, so no change can slip between the two.
    IF NOT EXISTS (SELECT 1 FROM copilot_tallies WHERE subject = 'subscriptions') THEN
      INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount) SELECT org_id, 'subscriptions', (created_at AT TIME ZONE 'UTC')::date, status, plan_type, cancel_at_period_end::text, count(*), sum(CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint FROM subscriptions GROUP BY 1, 3, 4, 5, 6;
    END IF;
  END IF;
END
$do$;

DO $do$
BEGIN
  IF to_regclass('invoices') IS NOT NULL THEN
    CREATE OR REPLACE TRIGGER copilot_tally_invoices_insert AFTER INSERT ON invoices
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_invoices();
    CREATE OR REPLACE TRIGGER copilot_tally_invoices_update AFTER UPDATE ON invoices
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_invoices();
    CREATE OR REPLACE TRIGGER copilot_tally_invoices_delete AFTER DELETE ON invoices
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_invoices();
    -- Backfill once (a database from before the tallies): the triggers above hold the table's
    -- write lock until this statement is done, so no change can slip between the two.
    IF NOT EXISTS (SELECT 1 FROM copilot_tallies WHERE subject = 'invoices') THEN
      INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount) SELECT org_id, 'invoices', (created_at AT TIME ZONE 'UTC')::date, status, plan_type, NULL::text, count(*), sum(amount_due)::bigint FROM invoices GROUP BY 1, 3, 4, 5, 6;
    END IF;
  END IF;
END
$do$;

DO $do$
BEGIN
  IF to_regclass('transactions') IS NOT NULL THEN
    CREATE OR REPLACE TRIGGER copilot_tally_transactions_insert AFTER INSERT ON transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_transactions();
    CREATE OR REPLACE TRIGGER copilot_tally_transactions_update AFTER UPDATE ON transactions
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_transactions();
    CREATE OR REPLACE TRIGGER copilot_tally_transactions_delete AFTER DELETE ON transactions
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION copilot_tally_transactions();
    -- Backfill once (a database from before the tallies): the triggers above hold the table's
    -- write lock until this statement is done, so no change can slip between the two.
    IF NOT EXISTS (SELECT 1 FROM copilot_tallies WHERE subject = 'transactions') THEN
      INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount) SELECT org_id, 'transactions', (created_at AT TIME ZONE 'UTC')::date, type, status, NULL::text, count(*), sum(amount)::bigint FROM transactions GROUP BY 1, 3, 4, 5, 6;
    END IF;
  END IF;
END
$do$;
