-- Rate limits (server/core/rateLimit.ts, docs/SECURITY.md): the request counters every API process
-- shares, kept by rate-limiter-flexible's PostgreSQL store (RateLimiterPostgres, told the table
-- exists: the API runs no DDL). One row per counter: `key` is the limit and whom it counts
-- (`assistant:account:<sub>`, `export:address:<ip>`), `points` the requests of the current window,
-- `expire` when that window ends (milliseconds since the epoch). The columns are the ones the
-- library reads and writes.
--
-- UNLOGGED: counters are worth nothing after a crash (PostgreSQL empties the table then, and no
-- standby holds it, so a failover starts every window afresh) and need no write-ahead log on
-- every limited request. Rows whose window ended an hour ago are deleted every five minutes by the
-- store; the index on `expire` serves that.
--
-- Idempotent (IF NOT EXISTS), like every migration here.
CREATE UNLOGGED TABLE IF NOT EXISTS rate_limits (
  key VARCHAR(255) PRIMARY KEY,
  points INTEGER NOT NULL DEFAULT 0,
  expire BIGINT
);
CREATE INDEX IF NOT EXISTS rate_limits_expire_idx ON rate_limits (expire);
