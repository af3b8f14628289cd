-- Import CSV (server/users/imports.ts, docs/USERS.md): a members import job, its rows and the
-- one-time links to its failed rows' file. The job lives here, not in a process: the console finds
-- it again after a reload, and any API process can run it (server/users/importRunner.ts).
--
-- - `member_imports`: one job per uploaded file. `status` draft (the dry run, kept a day until
--   started), running, done, cancelled or failed. A running job is run by the process that holds its
--   lease (`lease_owner`, `lease_until`, renewed before each row); one whose lease has expired (its
--   process stopped) or was released (a process that stopped on purpose sets `lease_until` NULL) is
--   taken over by any process. `created_by` is the administrator the job invites as (no foreign key:
--   a job whose administrator is gone fails as a whole, the job itself is kept).
-- - `member_import_rows`: each data row of the file (`row_number` as a spreadsheet counts it, the
--   header is row 1), its cells as read, the member to invite, and its `state`: pending, invited,
--   existing, invalid (with the column and the message), failed or skipped. The job's figures are
--   counted from these states.
-- - `member_import_tickets`: the failed rows' download links, one-time and short-lived, shared by
--   every API process (like `member_export_tickets`).
--
-- Idempotent (IF NOT EXISTS), like every migration here.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

CREATE TABLE IF NOT EXISTS member_imports (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  created_by TEXT NOT NULL,
  file_name TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'running', 'done', 'cancelled', 'failed')),
  total INTEGER NOT NULL,
  to_invite INTEGER NOT NULL,
  message TEXT,
  dismissed BOOLEAN NOT NULL DEFAULT false,
  lease_owner TEXT,
  lease_until TIMESTAMPTZ,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  started_at TIMESTAMPTZ,
  finished_at TIMESTAMPTZ
);
CREATE INDEX IF NOT EXISTS member_imports_org_idx ON member_imports (org_id, created_at DESC);
CREATE INDEX IF NOT EXISTS member_imports_running_idx ON member_imports (lease_until) WHERE status = 'running';

CREATE TABLE IF NOT EXISTS member_import_rows (
  import_id TEXT NOT NULL REFERENCES member_imports(id) ON DELETE CASCADE,
  row_number INTEGER NOT NULL,
  cells JSONB NOT NULL,
  member JSONB,
  state TEXT NOT NULL CHECK (state IN ('pending', 'invited', 'existing', 'invalid', 'failed', 'skipped')),
  field TEXT,
  message TEXT,
  PRIMARY KEY (import_id, row_number)
);
CREATE INDEX IF NOT EXISTS member_import_rows_pending_idx ON member_import_rows (import_id, row_number) WHERE state = 'pending';

CREATE TABLE IF NOT EXISTS member_import_tickets (
  id TEXT PRIMARY KEY,
  import_id TEXT NOT NULL REFERENCES member_imports(id) ON DELETE CASCADE,
  member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  file_name TEXT NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS member_import_tickets_expires_idx ON member_import_tickets (expires_at);
