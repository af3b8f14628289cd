/**
 * The activity trail's table. Every module that changes members or their billing writes to it
 * (server/audit/record.ts), so it belongs to whatever app the modules are composed into: the
 * database opens it with the core tables (server/core/db.ts), not with one module.
 *
 * - Who, what and which member are kept as they were (`actor_name`, `actor_email`, `member_name`,
 *   `member_email`), and the ids carry no foreign key: an entry outlives the member it is about
 *   (a deletion is itself an entry, written in the same transaction as the DELETE) and the
 *   administrator who made it, and the member's id still finds it.
 * - `before` / `after` are JSON objects of the fields that changed (src/contract/audit.ts).
 * - `created_at` is the transaction's time: the entries one change writes share it, and the id
 *   breaks the tie, so pages never overlap.
 * - `kind` is checked against the contract's list. The check is named after the list, so a start
 *   with a new list replaces it (NOT VALID: rows already there were checked when written) and a
 *   new kind needs no migration; a start with the same list leaves it alone.
 * - Indexes: the organisation's trail newest first, one member's (the member filter and the
 *   member's billing page) and one kind's.
 */
import { createHash } from 'node:crypto';
import { AUDIT_KINDS } from '../../src/contract/audit';

const kindList = AUDIT_KINDS.map((kind) => `'${kind}'`).join(', ');
const kindCheck = `audit_entries_kinds_${createHash('sha256').update(kindList).digest('hex').slice(0, 12)}`;

export const auditSchemaSql = `
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
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'audit_entries'::regclass AND conname = '${kindCheck}') THEN
    -- audit_entries_kind_check: the name an earlier build gave the check.
    FOR old IN SELECT conname FROM pg_constraint
                WHERE conrelid = 'audit_entries'::regclass AND contype = 'c'
                  AND (conname LIKE 'audit\\_entries\\_kinds\\_%' OR conname = 'audit_entries_kind_check') LOOP
      EXECUTE format('ALTER TABLE audit_entries DROP CONSTRAINT %I', old.conname);
    END LOOP;
    ALTER TABLE audit_entries ADD CONSTRAINT ${kindCheck} CHECK (kind IN (${kindList})) NOT VALID;
  END IF;
END $$;
`;
