-- Recently deleted members (docs/USERS.md, "Recently deleted and restore").
--
-- Deleting a member sets `deleted_at` instead of removing the row; a maintenance job removes the
-- row for good 30 days later (server/users/purge.ts), which is when the foreign keys do what a
-- deletion always did (billing history kept with its snapshot names, the rest cascaded).
--
-- So that no query counts or lists a deleted member by mistake, the table is renamed `member_rows`
-- and `members` becomes a view of the members that are not deleted. Every query of the API reads
-- `members` as before (lists, counts, search, export, billing, the Assistant, the administrator
-- rules) and so sees only current members; the few places that deal with deleted ones (delete,
-- Recently deleted, restore, purge, the caller's membership, an e-mail still reserved) name
-- `member_rows`. The view is simple, so PostgreSQL lets INSERT, UPDATE and DELETE through it (an
-- UPDATE or DELETE through it never touches a deleted row). The foreign keys, triggers, indexes and
-- the unique (org_id, email) now belong to `member_rows`: the e-mail of a deleted member stays
-- reserved until they are removed for good.
--
-- A later migration that changes the members' columns alters `member_rows`, then re-creates the
-- view (`SELECT *` is expanded when the view is made).
--
-- The tallies (0005): a member counts while not deleted. The members trigger leaves deleted rows
-- out, and moves the member's subscription out of (or back into) the subscription tallies when
-- they are deleted (restored); the subscriptions trigger leaves out the rows of a deleted member.
-- The purge deletes a member's subscription before the member, so nothing is taken away twice.
--
-- Idempotent, like every migration here.

DO $$
BEGIN
  IF to_regclass('member_rows') IS NULL THEN
    ALTER TABLE members RENAME TO member_rows;
  END IF;
END $$;

ALTER TABLE member_rows ADD COLUMN IF NOT EXISTS deleted_at TIMESTAMPTZ;
-- Who deleted the member (the purge's activity entry names them); no foreign key, like the trail.
ALTER TABLE member_rows ADD COLUMN IF NOT EXISTS deleted_by TEXT;

CREATE OR REPLACE VIEW members AS SELECT * FROM member_rows WHERE deleted_at IS NULL;

-- Counting an organisation's members (the list's total, the stats without tallies) from an index alone.
CREATE INDEX IF NOT EXISTS members_org_live_flags_idx ON member_rows (org_id, is_active, has_license) WHERE deleted_at IS NULL;
-- Recently deleted, per organisation; and the purge, across them.
CREATE INDEX IF NOT EXISTS members_org_deleted_idx ON member_rows (org_id, deleted_at) WHERE deleted_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS members_deleted_at_idx ON member_rows (deleted_at) WHERE deleted_at IS NOT NULL;

CREATE OR REPLACE FUNCTION copilot_tally_members() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'members', NULL::date, role, is_active::text, has_license::text, count(*), 0
      FROM new_rows WHERE deleted_at IS NULL GROUP BY 1, 4, 5, 6;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'members', NULL::date, role, is_active::text, has_license::text, -count(*), 0
      FROM old_rows WHERE deleted_at IS NULL GROUP BY 1, 4, 5, 6;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'members', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, 1 AS n, (0)::bigint AS amount FROM new_rows WHERE deleted_at IS NULL
            UNION ALL SELECT org_id, NULL::date AS day, role AS a, is_active::text AS b, has_license::text AS c, -1 AS n, -(0)::bigint AS amount FROM old_rows WHERE deleted_at IS NULL) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
    -- Deleted (-1) or restored (+1): the member's subscription leaves or rejoins the subscription tallies.
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT s.org_id, 'subscriptions', (s.created_at AT TIME ZONE 'UTC')::date, s.status, s.plan_type, s.cancel_at_period_end::text,
           sum(CASE WHEN n.deleted_at IS NULL THEN 1 ELSE -1 END),
           sum(CASE WHEN n.deleted_at IS NULL THEN 1 ELSE -1 END * (CASE s.plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint)
      FROM old_rows o JOIN new_rows n ON n.id = o.id JOIN subscriptions s ON s.member_id = n.id
     WHERE (o.deleted_at IS NULL) <> (n.deleted_at IS NULL)
     GROUP BY 1, 3, 4, 5, 6;
  END IF;
  RETURN NULL;
END
$fn$;

-- As in 0005, less the rows of a deleted member (counted again when they are restored).
CREATE OR REPLACE FUNCTION copilot_tally_subscriptions() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'subscriptions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, 1 AS n, (CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM new_rows r
      WHERE NOT EXISTS (SELECT 1 FROM member_rows m WHERE m.id = r.member_id AND m.deleted_at IS NOT NULL)) x GROUP BY org_id, day, a, b, c;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'subscriptions', day, a, b, c, sum(n), sum(amount) FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, -1 AS n, -(CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM old_rows r
      WHERE NOT EXISTS (SELECT 1 FROM member_rows m WHERE m.id = r.member_id AND m.deleted_at IS NOT NULL)) x GROUP BY org_id, day, a, b, c;
  ELSE
    INSERT INTO copilot_tallies (org_id, subject, day, a, b, c, n, amount)
    SELECT org_id, 'subscriptions', day, a, b, c, sum(n), sum(amount)
      FROM (SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, 1 AS n, (CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM new_rows r
              WHERE NOT EXISTS (SELECT 1 FROM member_rows m WHERE m.id = r.member_id AND m.deleted_at IS NOT NULL)
            UNION ALL SELECT org_id, (created_at AT TIME ZONE 'UTC')::date AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, -1 AS n, -(CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::bigint AS amount FROM old_rows r
              WHERE NOT EXISTS (SELECT 1 FROM member_rows m WHERE m.id = r.member_id AND m.deleted_at IS NOT NULL)) x
     GROUP BY org_id, day, a, b, c
    HAVING sum(n) <> 0 OR sum(amount) <> 0;
  END IF;
  RETURN NULL;
END
$fn$;

-- The activity trail's kinds (AUDIT_KINDS, src/contract/audit.ts): member.restored and member.purged (beside 0012's invitation kinds: this check replaces that one, so it lists them too).
DO $$
DECLARE
  old record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'audit_entries'::regclass AND conname = 'audit_entries_kinds_688b2c1a1ef7') THEN
    FOR old IN SELECT conname FROM pg_constraint
                WHERE conrelid = 'audit_entries'::regclass AND contype = 'c'
                  AND (conname LIKE 'audit\_entries\_kinds\_%' OR conname = 'audit_entries_kind_check') LOOP
      EXECUTE format('ALTER TABLE audit_entries DROP CONSTRAINT %I', old.conname);
    END LOOP;
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_kinds_688b2c1a1ef7 CHECK (kind IN ('member.created', 'member.invited', 'member.edited', 'member.deleted', 'member.restored', 'member.purged', 'member.license', 'member.status', 'members.bulk', 'subscription.plan_changed', 'subscription.canceled', 'subscription.reactivated', 'subscription.change_scheduled', 'payment_method.page_opened', 'payment_method.added', 'payment_method.default_changed', 'member.invitation_resent', 'member.invitation_revoked')) NOT VALID;
  END IF;
END $$;
