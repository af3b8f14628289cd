-- The activity trail. Every module that changes members or their billing writes to it
-- (server/audit/record.ts), in the transaction of the change.
--
-- - Who, what and which member are kept as they were (`actor_name`, `actor_email`, `member_name`,
--   `member_email`), and the ids carry no foreign key: an entry outlives the member it is about (a
--   deletion is itself an entry, written in the same transaction as the DELETE) and the administrator
--   who made it, and the member's id still finds it.
-- - `before` / `after` are JSON objects of the fields that changed (src/contract/audit.ts).
-- - `created_at` is the transaction's time: the entries one change writes share it, and the id breaks
--   the tie, so pages never overlap.
-- - `kind` is checked against the contract's list (AUDIT_KINDS in src/contract/audit.ts). A new kind
--   needs a migration that replaces the check; tests/server/migrations.test.ts fails with the SQL to
--   write when the list and the check differ.
-- - Indexes: the organisation's trail newest first, one member's (the member filter and the member's
--   billing page) and one kind's.
--
-- Part of the schema as it stood before versioned migrations (commit 4dd5892): idempotent, so that a
-- database made by that code, or by an older one, upgrades in place with every row kept.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

CREATE TABLE IF NOT EXISTS audit_entries (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  actor_id TEXT NOT NULL,
  actor_name TEXT NOT NULL,
  actor_email TEXT NOT NULL,
  kind TEXT NOT NULL,
  member_id TEXT NOT NULL,
  member_name TEXT NOT NULL,
  member_email TEXT NOT NULL,
  before JSONB CHECK (before IS NULL OR jsonb_typeof(before) = 'object'),
  after JSONB CHECK (after IS NULL OR jsonb_typeof(after) = 'object'),
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS audit_entries_org_idx ON audit_entries (org_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_entries_member_idx ON audit_entries (org_id, member_id, created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS audit_entries_kind_idx ON audit_entries (org_id, kind, created_at DESC, id DESC);

DO $$
DECLARE
  old record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'audit_entries'::regclass AND conname = 'audit_entries_kinds_c360ee9f3533') THEN
    -- audit_entries_kind_check: the name an earlier build gave the check.
    FOR old IN SELECT conname FROM pg_constraint
                WHERE conrelid = 'audit_entries'::regclass AND contype = 'c'
                  AND (conname LIKE 'audit\_entries\_kinds\_%' OR conname = 'audit_entries_kind_check') LOOP
      EXECUTE format('ALTER TABLE audit_entries DROP CONSTRAINT %I', old.conname);
    END LOOP;
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_kinds_c360ee9f3533 CHECK (kind IN ('member.created', 'member.invited', 'member.edited', 'member.deleted', 'member.license', 'member.status', 'members.bulk', 'subscription.plan_changed', 'subscription.canceled', 'subscription.reactivated', 'payment_method.page_opened')) NOT VALID;
  END IF;
END $$;
