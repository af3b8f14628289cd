-- Core tables every module builds on: organisations and their members (the console's "users").
-- Module tables reference members(id) and organizations(id); every query filters by org_id.
-- Trigram indexes (pg_trgm) make substring search of names, emails and phone fragments indexed.
--
-- Columns the API keeps for itself (not in the console's `User` unless said):
-- - `version` (in `User`): 1 for a new row, incremented by every UPDATE of the row (trigger), so an
--   edit can say which version it was made from and a stale one is refused (409).
-- - `activated_at`: when the member first became active: created active, activated by an
--   administrator, or finishing their first sign-in (`POST /users/activate`). NULL means the member
--   has never been active: only such a member may activate themself; once a member has been active,
--   only an administrator can make them active again. Kept by the same trigger, so no code path can
--   forget it.
-- - `invited_at`: set when the member was created by `POST /api/users/invite`; while `cognito_sub` is
--   still NULL the user pool account is being created (see server/users/invite.ts).
--
-- Part of the schema as it stood before versioned migrations (commit 4dd5892): idempotent, so that a
-- database made by that code, or by an older one, upgrades in place with every row kept.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE IF NOT EXISTS organizations (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now()
);

CREATE TABLE IF NOT EXISTS members (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  cognito_sub TEXT UNIQUE,
  name TEXT NOT NULL,
  email TEXT NOT NULL,
  phone_number TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('Field Worker', 'Supervisor', 'Project Manager', 'Admin')),
  has_license BOOLEAN NOT NULL DEFAULT false,
  is_active BOOLEAN NOT NULL DEFAULT true,
  is_admin BOOLEAN NOT NULL DEFAULT false,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  device_phone_number TEXT,
  last_active_at TIMESTAMPTZ,
  UNIQUE (org_id, email)
);
CREATE INDEX IF NOT EXISTS members_org_created_idx ON members (org_id, created_at DESC, id);

ALTER TABLE members ADD COLUMN IF NOT EXISTS version INTEGER NOT NULL DEFAULT 1;
ALTER TABLE members ADD COLUMN IF NOT EXISTS activated_at TIMESTAMPTZ;
ALTER TABLE members ADD COLUMN IF NOT EXISTS invited_at TIMESTAMPTZ;

-- Rows from before activated_at: a member who is active, or has been seen active, has been active.
UPDATE members SET activated_at = COALESCE(last_active_at, created_at)
 WHERE activated_at IS NULL AND (is_active OR last_active_at IS NOT NULL);

CREATE OR REPLACE FUNCTION members_track_changes() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    NEW.version := OLD.version + 1;
  END IF;
  IF NEW.activated_at IS NULL AND (NEW.is_active OR NEW.last_active_at IS NOT NULL) THEN
    NEW.activated_at := COALESCE(NEW.last_active_at, now());
  END IF;
  RETURN NEW;
END
$fn$;
CREATE OR REPLACE TRIGGER members_track_changes BEFORE INSERT OR UPDATE ON members
  FOR EACH ROW EXECUTE FUNCTION members_track_changes();

-- The rule "an organisation keeps an active administrator" reads these rows on every change.
CREATE INDEX IF NOT EXISTS members_org_active_admins_idx ON members (org_id) WHERE is_admin AND is_active;
