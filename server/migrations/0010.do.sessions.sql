-- Signed out means signed out (server/session, docs/SECURITY.md "Sessions"): the access tokens the
-- API refuses before they expire, shared by every API process.
--
-- - `ended_sessions`: one row per session ended by Sign out, keyed by the SHA-256 of its session id
--   (the access token's `origin_jti`, which every token refreshed from one sign-in shares; `jti`
--   when the pool sends none). Kept until `expires_at`, the `exp` of the token that signed out:
--   after it no token of that session is accepted anyway.
-- - `account_sign_outs`: per account (`sub`), the moment of its latest "Sign out of all devices";
--   an access token issued (`iat`) at or before that second is refused. Kept until `expires_at`,
--   the moment plus the longest life of an access token (a day at Cognito).
--
-- Expired rows are deleted when a sign-out is recorded (by the `expires_at` indexes), so the tables
-- hold only the sessions ended in the last day.
-- Idempotent (IF NOT EXISTS), like every migration here.
-- A migration that has shipped is never edited (its md5 is recorded): change the schema with a new file.

CREATE TABLE IF NOT EXISTS ended_sessions (
  session_hash TEXT PRIMARY KEY,
  sub TEXT NOT NULL,
  ended_at TIMESTAMPTZ NOT NULL DEFAULT now(),
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS ended_sessions_expires_at ON ended_sessions (expires_at);

CREATE TABLE IF NOT EXISTS account_sign_outs (
  sub TEXT PRIMARY KEY,
  signed_out_at TIMESTAMPTZ NOT NULL,
  expires_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX IF NOT EXISTS account_sign_outs_expires_at ON account_sign_outs (expires_at);
