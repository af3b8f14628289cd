/**
 * Calls made through the product (with their transcribed summaries) and the tasks extracted from
 * them: the organisation data the Assistant answers from. Every query filters by org_id.
 */
export const copilotSchemaSql = `
CREATE TABLE IF NOT EXISTS calls (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  member_id TEXT NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  started_at TIMESTAMPTZ NOT NULL,
  duration_seconds INTEGER NOT NULL CHECK (duration_seconds >= 0),
  site TEXT NOT NULL,
  summary TEXT NOT NULL,
  sentiment TEXT NOT NULL CHECK (sentiment IN ('positive', 'neutral', 'negative')),
  outcome TEXT NOT NULL CHECK (outcome IN ('resolved', 'follow_up', 'escalated'))
);
CREATE INDEX IF NOT EXISTS calls_org_started_idx ON calls (org_id, started_at DESC);
CREATE INDEX IF NOT EXISTS calls_org_member_idx ON calls (org_id, member_id, started_at DESC);
CREATE INDEX IF NOT EXISTS calls_search_idx ON calls USING GIN (to_tsvector('english', site || ' ' || summary));

CREATE TABLE IF NOT EXISTS tasks (
  id TEXT PRIMARY KEY,
  org_id TEXT NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
  call_id TEXT REFERENCES calls(id) ON DELETE SET NULL,
  title TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('open', 'done')),
  assignee_member_id TEXT REFERENCES members(id) ON DELETE SET NULL,
  due_date DATE,
  created_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  completed_at TIMESTAMPTZ,
  CHECK ((status = 'done') = (completed_at IS NOT NULL))
);
CREATE INDEX IF NOT EXISTS tasks_org_status_idx ON tasks (org_id, status, due_date);
CREATE INDEX IF NOT EXISTS tasks_search_idx ON tasks USING GIN (to_tsvector('english', title));
`;
