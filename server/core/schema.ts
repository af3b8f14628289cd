/**
 * Core tables every module builds on: organisations and their members (the console's "users").
 * Module tables reference members(id) and organizations(id); every query filters by org_id.
 */
export const coreSchemaSql = `
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
`;
