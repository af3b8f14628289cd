/**
 * The billing model of the reference API: an embedded stand-in for the card payment provider's
 * customers, subscriptions, payment methods, invoices and setup intents. Every table carries
 * org_id and every query filters by it.
 */

import { talliesSchemaSql } from './tallies-schema';

/** How long an open setup intent can be completed and is handed out again (then a new one is made). */
export const SETUP_INTENT_TTL_MS = 24 * 60 * 60 * 1000;

export const billingSchemaSql = `
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
${talliesSchemaSql}
`;

/**
 * The billing provider's tables and columns (issue 39), kept apart from billingSchemaSql so that it
 * becomes one migration. Every statement is idempotent.
 *
 * - `provider` on the mirror's rows: which provider made them. Each provider changes only its own
 *   subscriptions, cards and setups (a subscription the local provider made is not one Stripe can
 *   change); the reads show every row.
 * - subscriptions: the provider's item id (the price's line), the plan change scheduled for the
 *   period's end, when the provider made it (`provider_created_at`: a later subscription of the
 *   member replaces an earlier one) and `synced_at`, the time of the provider's answer the row holds
 *   (an older answer, a webhook delivered late, never overwrites a newer one).
 * - invoices: the provider's own hosted page and PDF (`hosted_invoice_url`, `invoice_pdf`; the local
 *   provider's are signed as they are read, links.ts), what the invoice is for, `synced_at`.
 * - billing_customers: the provider's customer of each member, and the counts the idempotency keys of
 *   the member's next subscription and next payment setup are made from.
 * - billing_leases: one billing change of a member at a time, across API processes, while the
 *   provider is called outside any transaction (leases.ts).
 * - stripe_events: each webhook event stored once, by id (webhooks.ts).
 * - billing_link_keys: the key invoice links are signed with (links.ts).
 * - payment_method_sessions.created_by: the administrator who asked for a payment-method link; the
 *   link works only while they are an active administrator. Links made before this column existed
 *   have none and no longer work (they expired within the hour anyway).
 */
export const billingProviderSchemaSql = `
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS provider TEXT NOT NULL DEFAULT 'local';
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS provider_item_id TEXT;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS provider_created_at TIMESTAMPTZ;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS scheduled_plan_type TEXT CHECK (scheduled_plan_type IN ('lite', 'pro'));
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS scheduled_change_at TIMESTAMPTZ;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS provider_schedule_id TEXT;
ALTER TABLE subscriptions ADD COLUMN IF NOT EXISTS synced_at TIMESTAMPTZ;

ALTER TABLE payment_methods ADD COLUMN IF NOT EXISTS provider TEXT NOT NULL DEFAULT 'local';
ALTER TABLE setup_intents ADD COLUMN IF NOT EXISTS provider TEXT NOT NULL DEFAULT 'local';

ALTER TABLE invoices ADD COLUMN IF NOT EXISTS provider TEXT NOT NULL DEFAULT 'local';
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS hosted_invoice_url TEXT;
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS invoice_pdf TEXT;
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS description TEXT;
ALTER TABLE invoices ADD COLUMN IF NOT EXISTS synced_at TIMESTAMPTZ;

CREATE TABLE IF NOT EXISTS billing_customers (
  member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  provider TEXT NOT NULL CHECK (provider IN ('local', 'stripe')),
  customer_id TEXT NOT NULL,
  subscriptions_started INTEGER NOT NULL DEFAULT 0,
  setups_started INTEGER NOT NULL DEFAULT 0,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, provider),
  UNIQUE (provider, customer_id)
);

CREATE TABLE IF NOT EXISTS billing_leases (
  member_id TEXT PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  token TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE IF NOT EXISTS stripe_events (
  id TEXT PRIMARY KEY,
  type TEXT NOT NULL,
  object_id TEXT,
  created_at TIMESTAMPTZ NOT NULL,
  received_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE IF NOT EXISTS billing_link_keys (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  secret TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

ALTER TABLE payment_method_sessions ADD COLUMN IF NOT EXISTS created_by TEXT REFERENCES members(id) ON DELETE CASCADE;
`;
