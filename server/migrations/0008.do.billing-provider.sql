-- The billing provider (issue 39, docs/BILLING.md): the local simulation or Stripe behind one
-- interface (server/billing/provider.ts), the mirror of the provider's objects, idempotency keys,
-- webhooks and signed invoice links.
--
-- - `provider` on the mirror's rows: which provider made them. Each provider changes only its own
--   subscriptions, cards and setups (a subscription the local provider made is not one Stripe can
--   change); the reads show every row. Rows from before this migration were the local provider's.
-- - subscriptions: the provider's item id (the price's line), the plan change scheduled for the
--   period's end, when the provider made it (`provider_created_at`: a later subscription of the
--   member replaces an earlier one) and `synced_at`, the time of the provider's answer the row holds
--   (an older answer, a webhook delivered late, never overwrites a newer one).
-- - invoices: the provider's own hosted page and PDF (`hosted_invoice_url`, `invoice_pdf`; the local
--   provider's are signed as they are read, server/billing/links.ts), what the invoice is for,
--   `synced_at`.
-- - billing_customers: the provider's customer of each member, and the counts the idempotency keys of
--   the member's next subscription and next payment setup are made from.
-- - billing_leases: one billing change of a member at a time, across API processes, while the
--   provider is called outside any transaction (server/billing/leases.ts).
-- - stripe_events: each webhook event stored once, by id (server/billing/webhooks.ts).
-- - billing_link_keys: the key invoice links are signed with (server/billing/links.ts).
-- - payment_method_sessions.created_by: the administrator who asked for a payment-method link; the
--   link works only while they are an active administrator. Links made before this column existed
--   have none and no longer work (they expired within the hour anyway).
-- - The audit kinds the provider adds (AUDIT_KINDS in src/contract/audit.ts):
--   subscription.change_scheduled, payment_method.added, payment_method.default_changed. The check
--   is replaced (NOT VALID: the rows already there were checked by the one it replaces).
--
-- Idempotent: a database made by the billing-provider branch before versioned migrations (its
-- schema was applied at every start) upgrades in place with every row kept.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

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

DO $$
DECLARE
  old record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'audit_entries'::regclass AND conname = 'audit_entries_kinds_d62dbedd17e8') THEN
    FOR old IN SELECT conname FROM pg_constraint
                WHERE conrelid = 'audit_entries'::regclass AND contype = 'c'
                  AND (conname LIKE 'audit\_entries\_kinds\_%' OR conname = 'audit_entries_kind_check') LOOP
      EXECUTE format('ALTER TABLE audit_entries DROP CONSTRAINT %I', old.conname);
    END LOOP;
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_kinds_d62dbedd17e8 CHECK (kind IN ('member.created', 'member.invited', 'member.edited', 'member.deleted', 'member.license', 'member.status', 'members.bulk', 'subscription.plan_changed', 'subscription.canceled', 'subscription.reactivated', 'subscription.change_scheduled', 'payment_method.page_opened', 'payment_method.added', 'payment_method.default_changed')) NOT VALID;
  END IF;
END $$;
