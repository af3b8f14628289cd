-- User Management: the search columns (generated, trigram-indexed), the list's filter and sort
-- indexes (one per sort key of server/users/sort.ts: (org_id, expression, id)), and the export's
-- one-time links (`member_export_tickets`, shared by every API process).
--
-- Part of the schema as it stood before versioned migrations (commit 4dd5892): idempotent, so that a
-- database made by that code, or by an older one, upgrades in place with every row kept.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

ALTER TABLE members ADD COLUMN IF NOT EXISTS search_text TEXT GENERATED ALWAYS AS (lower(name || ' ' || email)) STORED;
ALTER TABLE members ADD COLUMN IF NOT EXISTS phone_digits TEXT GENERATED ALWAYS AS (regexp_replace(phone_number, '[^0-9]', '', 'g')) STORED;
CREATE INDEX IF NOT EXISTS members_search_text_trgm_idx ON members USING gin (search_text gin_trgm_ops);
CREATE INDEX IF NOT EXISTS members_phone_digits_trgm_idx ON members USING gin (phone_digits gin_trgm_ops);
CREATE INDEX IF NOT EXISTS members_org_role_created_idx ON members (org_id, role, created_at DESC, id);
-- The Quick Stats and an unfiltered list's total count an organisation's members by status and
-- licence: from this index alone (an index-only scan) rather than from every row.
CREATE INDEX IF NOT EXISTS members_org_flags_idx ON members (org_id, is_active, has_license);
CREATE INDEX IF NOT EXISTS members_org_sort_name_idx ON members (org_id, (lower(name)), id);
CREATE INDEX IF NOT EXISTS members_org_sort_email_idx ON members (org_id, (lower(email)), id);
CREATE INDEX IF NOT EXISTS members_org_sort_role_idx ON members (org_id, (role), id);
CREATE INDEX IF NOT EXISTS members_org_sort_created_idx ON members (org_id, (created_at), id);
CREATE INDEX IF NOT EXISTS members_org_sort_lastactive_idx ON members (org_id, (COALESCE(last_active_at, '-infinity'::timestamptz)), id);

CREATE TABLE IF NOT EXISTS member_export_tickets (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  request JSONB NOT NULL,
  file_name TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS member_export_tickets_expires_idx ON member_export_tickets (expires_at);
