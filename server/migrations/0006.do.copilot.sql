-- The Assistant's data: calls made through the product (with their transcribed summaries) and the
-- tasks extracted from them. Full-text search: `calls.search` (site, weighted A, and summary, B) and
-- `tasks.search` (title) are stored tsvector columns with GIN indexes; `ts_rank` orders hits. Counts
-- and sums at scale come from the tallies of 0005.do.billing.sql.
--
-- Part of the schema as it stood before versioned migrations (commit 4dd5892): idempotent, so that a
-- database made by that code, or by an older one, upgrades in place with every row kept.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

CREATE TABLE IF NOT EXISTS calls (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  started_at TIMESTAMPTZ NOT NULL,
  duration_seconds INTEGER NOT NULL CHECK (duration_seconds >= 0),
  site TEXT NOT NULL,
  summary TEXT NOT NULL,
  sentiment TEXT NOT NULL CHECK (sentiment IN ('positive', 'neutral', 'negative')),
  outcome TEXT NOT NULL CHECK (outcome IN ('resolved', 'follow_up', 'escalated'))
);
CREATE INDEX IF NOT EXISTS calls_org_started_idx ON calls (org_id, started_at DESC);
CREATE INDEX IF NOT EXISTS calls_org_member_idx ON calls (org_id, member_id, started_at DESC);
CREATE INDEX IF NOT EXISTS calls_org_site_idx ON calls (org_id, site, started_at DESC);

CREATE TABLE IF NOT EXISTS tasks (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  call_id TEXT REFERENCES calls(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'done')),
  assignee_member_id TEXT REFERENCES members(id) ON DELETE SET NULL,
  due_date DATE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  completed_at TIMESTAMPTZ,
  CHECK ((status = 'done') = (completed_at IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS tasks_org_status_idx ON tasks (org_id, status, due_date);
CREATE INDEX IF NOT EXISTS tasks_org_assignee_idx ON tasks (org_id, assignee_member_id);

-- Full-text search: stored, generated tsvectors (a database from before gets them filled when the
-- column is added), ranked with ts_rank. The first version searched an expression index instead.
ALTER TABLE calls ADD COLUMN IF NOT EXISTS search tsvector
  GENERATED ALWAYS AS (setweight(to_tsvector('english', site), 'A') || setweight(to_tsvector('english', summary), 'B')) STORED;
ALTER TABLE tasks ADD COLUMN IF NOT EXISTS search tsvector GENERATED ALWAYS AS (to_tsvector('english', title)) STORED;
DROP INDEX IF EXISTS calls_search_idx;
DROP INDEX IF EXISTS tasks_search_idx;
CREATE INDEX IF NOT EXISTS calls_search_vector_idx ON calls USING GIN (search);
CREATE INDEX IF NOT EXISTS tasks_search_vector_idx ON tasks USING GIN (search);

-- Members by name (the people a question names) and by last activity ("who was active this week").
CREATE INDEX IF NOT EXISTS members_org_lower_name_idx ON members (org_id, lower(name) text_pattern_ops);
CREATE INDEX IF NOT EXISTS members_org_last_active_idx ON members (org_id, last_active_at DESC);


-- Lists of billing records, newest or largest first, without a scan of the organisation's rows.
DO $do$
BEGIN
  IF to_regclass('subscriptions') IS NOT NULL THEN
    CREATE INDEX IF NOT EXISTS copilot_subscriptions_created_idx ON subscriptions (org_id, created_at DESC, id);
    CREATE INDEX IF NOT EXISTS copilot_subscriptions_canceled_idx ON subscriptions (org_id, canceled_at) WHERE canceled_at IS NOT NULL;
    -- A status's records newest first ("past due subscriptions"): a rare status would otherwise walk every subscription.
    CREATE INDEX IF NOT EXISTS copilot_subscriptions_status_idx ON subscriptions (org_id, status, created_at DESC, id);
  END IF;
  IF to_regclass('invoices') IS NOT NULL THEN
    CREATE INDEX IF NOT EXISTS copilot_invoices_created_idx ON invoices (org_id, created_at DESC, id);
    CREATE INDEX IF NOT EXISTS copilot_invoices_amount_idx ON invoices (org_id, amount_due DESC, id);
    CREATE INDEX IF NOT EXISTS copilot_invoices_status_idx ON invoices (org_id, status, created_at DESC, id);
  END IF;
  IF to_regclass('transactions') IS NOT NULL THEN
    CREATE INDEX IF NOT EXISTS copilot_transactions_member_idx ON transactions (org_id, member_id, created_at DESC);
    CREATE INDEX IF NOT EXISTS copilot_transactions_amount_idx ON transactions (org_id, amount DESC, id);
    CREATE INDEX IF NOT EXISTS copilot_transactions_type_idx ON transactions (org_id, type, created_at DESC, id DESC);
  END IF;
END
$do$;
