-- Activity you can search (docs/USERS.md "Activity"): GET /api/audit filters by who made
-- the change (`actorId`) as well as by member, kind and dates, and the trail exports as CSV.
--
-- - audit_entries_actor_idx: one administrator's changes, newest first, read like the member and
--   kind filters read theirs (0002): the organisation and the actor, then the trail's order, so a
--   page of an actor's changes in a date range is an index range scan, at any size of the trail.
--   (The date range alone uses audit_entries_org_idx; member and kind use their own indexes.)
-- - member_export_tickets.what: the export a one-time link is for (`members`, `activity`), so a
--   ticket of one export never opens another. A constant default: no table rewrite.
--
-- Idempotent (IF NOT EXISTS), like every migration here.
CREATE INDEX IF NOT EXISTS audit_entries_actor_idx ON audit_entries (org_id, actor_id, created_at DESC, id DESC);
ALTER TABLE member_export_tickets ADD COLUMN IF NOT EXISTS what TEXT NOT NULL DEFAULT 'members';
