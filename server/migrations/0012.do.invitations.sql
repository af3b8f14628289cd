-- Invitations you can see and manage (server/users/invitations.ts, docs/USERS.md "Invitations").
--
-- - `invitation_expires_at`: when the temporary password of the member's latest invitation stops
--   working: set when the invitation is sent (server/users/invite.ts) and again when it is resent,
--   to that moment plus the user pool's temporary-password validity (COGNITO_TEMPORARY_PASSWORD_DAYS,
--   7 days by default). An invited member who has never signed in (`last_active_at` NULL) shows as
--   invited until it; after it, as an expired invitation.
--   Rows invited before this migration get `invited_at` plus the default 7 days.
-- - Two activity kinds: member.invitation_resent and member.invitation_revoked.
--
-- Idempotent (IF NOT EXISTS, and the kinds' check replaced only when it is not this one), like every migration here.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

ALTER TABLE members ADD COLUMN IF NOT EXISTS invitation_expires_at TIMESTAMPTZ;
UPDATE members SET invitation_expires_at = invited_at + interval '7 days'
 WHERE invited_at IS NOT NULL AND invitation_expires_at IS NULL AND cognito_sub IS NOT NULL AND last_active_at IS NULL;

DO $$
DECLARE
  old record;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conrelid = 'audit_entries'::regclass AND conname = 'audit_entries_kinds_5f1c0a9e7b21') THEN
    FOR old IN SELECT conname FROM pg_constraint
                WHERE conrelid = 'audit_entries'::regclass AND contype = 'c'
                  AND (conname LIKE 'audit\_entries\_kinds\_%' OR conname = 'audit_entries_kind_check') LOOP
      EXECUTE format('ALTER TABLE audit_entries DROP CONSTRAINT %I', old.conname);
    END LOOP;
    ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_kinds_5f1c0a9e7b21 CHECK (kind IN ('member.created', 'member.invited', 'member.edited', 'member.deleted', 'member.license', 'member.status', 'members.bulk', 'subscription.plan_changed', 'subscription.canceled', 'subscription.reactivated', 'subscription.change_scheduled', 'payment_method.page_opened', 'payment_method.added', 'payment_method.default_changed', 'member.invitation_resent', 'member.invitation_revoked')) NOT VALID;
  END IF;
END $$;
