/**
 * Shared by the deployment tests (tests/deploy, run by `npm run test:postgres`): they need a
 * PostgreSQL server (TEST_DATABASE_URL) and talk to real API processes and the local identity service.
 */
import { vi } from 'vitest';
import pg from 'pg';
import { cognitoCall } from '../../scripts/stack/cognito-call';

/** The throwaway server's URL; these tests run only on PostgreSQL, and say so instead of skipping. */
export function postgresServerUrl(): string {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) throw new Error('tests/deploy need PostgreSQL: run them with `npm run test:postgres -- tests/deploy/<file>`');
  return url;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

interface AuthResult {
  AuthenticationResult?: { AccessToken: string; RefreshToken?: string };
  ChallengeName?: string;
  Session?: string;
}

/**
 * Signs in with USER_PASSWORD_AUTH; an account still on its temporary password answers the
 * NEW_PASSWORD_REQUIRED challenge with `newPassword`.
 */
export async function signIn(endpoint: string, clientId: string, email: string, password: string, newPassword?: string): Promise<Tokens> {
  let result = await cognitoCall<AuthResult>(endpoint, 'InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: clientId,
    AuthParameters: { USERNAME: email, PASSWORD: password },
  });
  if (result.ChallengeName === 'NEW_PASSWORD_REQUIRED' && newPassword) {
    result = await cognitoCall<AuthResult>(endpoint, 'RespondToAuthChallenge', {
      ClientId: clientId,
      ChallengeName: 'NEW_PASSWORD_REQUIRED',
      Session: result.Session,
      ChallengeResponses: { USERNAME: email, NEW_PASSWORD: newPassword },
    });
  }
  const tokens = result.AuthenticationResult;
  if (!tokens?.RefreshToken) throw new Error(`No session for ${email} (${result.ChallengeName ?? 'no challenge'})`);
  return { accessToken: tokens.AccessToken, refreshToken: tokens.RefreshToken };
}

/** Polls `condition` until it holds (or fails after `timeoutMs`, naming `what`). */
export async function until(what: string, condition: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  await vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error(`Still waiting for ${what}`);
    },
    { timeout: timeoutMs, interval: 50 },
  );
}

/** Sessions of other connections waiting for a lock, running a statement that contains `fragment`. */
export async function waitingOnLock(client: pg.Client, fragment: string): Promise<number> {
  // The statistics are a snapshot held for the transaction (the caller's holds the lock): take a new one.
  await client.query('SELECT pg_stat_clear_snapshot()');
  const { rows } = await client.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE pid <> pg_backend_pid() AND wait_event_type = 'Lock' AND query LIKE '%' || $1 || '%'`,
    [fragment],
  );
  return rows[0]?.n ?? 0;
}

/** A client on `url`, ended by the returned function. */
export async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}
