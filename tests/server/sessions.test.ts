// @vitest-environment node
/**
 * Signed out means signed out (issue 37, item 2; server/core/sessions.ts, server/session): after
 * POST /api/session/sign-out the API refuses that session's access tokens (401), on every API
 * process (the state is in the database); after POST /api/session/sign-out-all it refuses every
 * access token issued to the account until then. Rows expire with the tokens and are purged.
 * Also `exp`, `iat` and `sub` are required claims (item 3).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { createApp } from '../../server/core/app';
import { createTokenVerifier } from '../../server/core/auth';
import { signupModule } from '../../server/signup';
import { usersModule } from '../../server/users';
import { sessionModule } from '../../server/session';
import { createTestApi, signUpOrganisation, TEST_CLIENT_ID, TEST_ISSUER, WEB_ORIGIN, type TestApi, type TestOrg } from './support/api';

const modules = [signupModule, usersModule, sessionModule];

let api: TestApi;
let org: TestOrg;
let other: TestOrg;
beforeAll(async () => {
  api = await createTestApi(modules);
  org = await signUpOrganisation(api, 'Sessions Co');
  other = await signUpOrganisation(api, 'Other Sessions Co');
}, 120_000);
afterAll(() => api?.close());

interface Claims {
  sub?: string | undefined;
  jti?: string;
  originJti?: string;
  /** Seconds since the epoch; null leaves `iat` out. */
  iat?: number | null;
  /** Seconds since the epoch; null leaves `exp` out. */
  exp?: number | null;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An access token as the pool issues one, signed with the test's key. */
function token({ sub, jti = crypto.randomUUID(), originJti, iat = nowSeconds(), exp = nowSeconds() + 3600 }: Claims): Promise<string> {
  const payload: Record<string, unknown> = { token_use: 'access', client_id: TEST_CLIENT_ID, jti };
  if (sub !== undefined) payload['sub'] = sub;
  if (originJti) payload['origin_jti'] = originJti;
  if (iat !== null) payload['iat'] = iat;
  if (exp !== null) payload['exp'] = exp;
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'test' }).setIssuer(TEST_ISSUER).sign(api.keys.privateKey);
}

const me = (bearer: string) => api.call('GET', '/api/me', { token: bearer });

describe('Sign out', () => {
  it('refuses the session’s access token from then on, and only that session’s', async () => {
    const session = await token({ sub: org.adminSub });
    const otherDevice = await token({ sub: org.adminSub });
    expect((await me(session)).status).toBe(200);

    const out = await api.call('POST', '/api/session/sign-out', { token: session });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ message: 'Signed out.' });

    const refused = await me(session);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'This session has been signed out. Please sign in again.' });
    expect((await api.call('GET', '/api/users', { token: session })).status).toBe(401);
    // Another session of the same account (another device) keeps working.
    expect((await me(otherDevice)).status).toBe(200);
  });

  it('refuses every token of the sign-in: those refreshed from it share its origin_jti', async () => {
    const originJti = crypto.randomUUID();
    const first = await token({ sub: org.adminSub, originJti, iat: nowSeconds() - 120 });
    const refreshed = await token({ sub: org.adminSub, originJti });
    expect((await api.call('POST', '/api/session/sign-out', { token: refreshed })).status).toBe(200);
    expect((await me(first)).status).toBe(401);
    expect((await me(refreshed)).status).toBe(401);
  });

  it('is refused by every API process: the state is in the shared database', async () => {
    // A second process: its own app on the same database, verifying the same pool's tokens.
    const second = createApp(
      { db: api.db, config: { apiOrigin: 'http://127.0.0.1:8788', webOrigin: WEB_ORIGIN }, userPool: api.userPool },
      modules,
      createTokenVerifier({ key: api.keys.publicKey, issuer: TEST_ISSUER, clientId: TEST_CLIENT_ID }),
    );
    const session = await token({ sub: org.adminSub });
    const onSecond = () => second.request('/api/me', { headers: { Authorization: `Bearer ${session}` } });
    expect((await onSecond()).status).toBe(200);
    expect((await api.call('POST', '/api/session/sign-out', { token: session })).status).toBe(200);
    expect((await onSecond()).status).toBe(401);
  });

  it('needs a valid token, and signing out twice is fine', async () => {
    expect((await api.call('POST', '/api/session/sign-out')).status).toBe(401);
    const session = await token({ sub: other.adminSub });
    expect((await api.call('POST', '/api/session/sign-out', { token: session })).status).toBe(200);
    // The second call's token is already refused: the session is over either way.
    expect((await api.call('POST', '/api/session/sign-out', { token: session })).status).toBe(401);
  });
});

describe('Sign out of all devices', () => {
  it('refuses every access token issued to the account until then, and no other account’s', async () => {
    const { adminSub } = await signUpOrganisation(api, 'All Devices Co');
    const phone = await token({ sub: adminSub, iat: nowSeconds() - 600 });
    const laptop = await token({ sub: adminSub, iat: nowSeconds() - 5 });
    const stranger = await token({ sub: other.adminSub });
    expect((await me(phone)).status).toBe(200);

    expect((await api.call('POST', '/api/session/sign-out-all', { token: laptop })).status).toBe(200);

    expect((await me(phone)).status).toBe(401);
    expect((await me(laptop)).status).toBe(401);
    expect((await me(stranger)).status).toBe(200);
    // A token issued after the moment (a new sign-in) is accepted.
    const later = await token({ sub: adminSub, iat: nowSeconds() + 2 });
    expect((await me(later)).status).toBe(200);
  });
});

describe('expiry', () => {
  it('keeps a sign-out until the token expires, and purges expired rows at the next sign-out', async () => {
    const session = await token({ sub: other.adminSub, exp: nowSeconds() + 90 });
    // Another session's sign-out first, so that there are rows to purge whichever tests ran before (--sequence.shuffle).
    expect((await api.call('POST', '/api/session/sign-out', { token: await token({ sub: other.adminSub }) })).status).toBe(200);
    expect((await api.call('POST', '/api/session/sign-out', { token: session })).status).toBe(200);
    const { rows } = await api.db.query<{ live: number }>(
      `SELECT ((expires_at - now()) < interval '91 seconds' AND expires_at > now())::int AS live FROM ended_sessions
        WHERE session_hash IN (SELECT session_hash FROM ended_sessions ORDER BY ended_at DESC LIMIT 1)`,
    );
    expect(rows[0]?.live).toBe(1);

    // Every row ages past its token's exp (and the account's longest token life).
    await api.db.query(`UPDATE ended_sessions SET expires_at = now() - interval '1 second'`);
    await api.db.query(`UPDATE account_sign_outs SET expires_at = now() - interval '1 second'`);
    // An expired row refuses nothing (the token here outlives its row only because the test aged it).
    expect((await me(session)).status).toBe(200);
    const count = async () =>
      (await api.db.query<{ n: number }>('SELECT (SELECT count(*) FROM ended_sessions) + (SELECT count(*) FROM account_sign_outs) AS n'))
        .rows[0]?.n;
    expect(Number(await count())).toBeGreaterThan(1);

    const next = await token({ sub: org.adminSub });
    expect((await api.call('POST', '/api/session/sign-out', { token: next })).status).toBe(200);
    expect(Number(await count())).toBe(1);
  });
});

describe('required claims', () => {
  it.each([
    ['exp', { exp: null }],
    ['iat', { iat: null }],
  ] as const)('refuses a token without %s', async (_claim, claims) => {
    const response = await me(await token({ sub: org.adminSub, ...claims }));
    expect(response.status).toBe(401);
  });

  it('refuses a token without sub', async () => {
    expect((await me(await token({ sub: undefined }))).status).toBe(401);
  });
});
