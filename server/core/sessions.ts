/**
 * Ended sessions (migration 0010, docs/SECURITY.md "Sessions"): the access tokens the API refuses
 * before they expire, in PostgreSQL so that every API process refuses them from the moment the
 * sign-out is recorded.
 *
 * - Sign out ends one session: its id (the token's `origin_jti`, else `jti`; hashed, see
 *   ./auth.ts) is kept until the token's `exp`.
 * - Sign out of all devices ends every session of the account: every access token issued at or
 *   before that second (`iat`, whole seconds) is refused, for the longest life of an access token.
 *
 * Expired rows are deleted when a sign-out is recorded; the check reads only live rows, so a row
 * left behind never refuses anything.
 */
import type { Queryable } from './db';
import type { SessionToken } from './auth';

/**
 * How long an access token can live: a day is Cognito's longest access-token validity (and
 * cognito-local's default). An account sign-out is kept that long after its moment.
 */
const LONGEST_ACCESS_TOKEN_LIFE_SECONDS = 24 * 60 * 60;

/** Whether the session of this token (of account `sub`) was ended by a sign-out. */
export async function isSessionEnded(db: Queryable, sub: string, session: SessionToken): Promise<boolean> {
  const { rows } = await db.query<{ ended: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ended_sessions WHERE session_hash = $1 AND expires_at > now())
         OR EXISTS (SELECT 1 FROM account_sign_outs
                     WHERE sub = $2 AND expires_at > now() AND signed_out_at >= to_timestamp($3::bigint)) AS ended`,
    [session.sessionHash, sub, session.issuedAt],
  );
  return rows[0]?.ended === true;
}

async function purgeExpired(db: Queryable): Promise<void> {
  await db.query('DELETE FROM ended_sessions WHERE expires_at <= now()');
  await db.query('DELETE FROM account_sign_outs WHERE expires_at <= now()');
}

/** Ends the token's session: from now on no process accepts a token of it. */
export async function endSession(db: Queryable, sub: string, session: SessionToken): Promise<void> {
  await purgeExpired(db);
  await db.query(
    `INSERT INTO ended_sessions (session_hash, sub, expires_at) VALUES ($1, $2, to_timestamp($3::bigint))
     ON CONFLICT (session_hash) DO UPDATE SET expires_at = GREATEST(ended_sessions.expires_at, EXCLUDED.expires_at)`,
    [session.sessionHash, sub, session.expiresAt],
  );
}

/** Ends every session of the account: every access token issued to it until now is refused. */
export async function endAccountSessions(db: Queryable, sub: string): Promise<void> {
  await purgeExpired(db);
  await db.query(
    `INSERT INTO account_sign_outs (sub, signed_out_at, expires_at)
     VALUES ($1, now(), now() + make_interval(secs => $2))
     ON CONFLICT (sub) DO UPDATE SET signed_out_at = EXCLUDED.signed_out_at, expires_at = EXCLUDED.expires_at`,
    [sub, LONGEST_ACCESS_TOKEN_LIFE_SECONDS],
  );
}
