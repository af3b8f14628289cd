// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { generateKeyPair } from 'jose';
import { CompleteSignupResponseSchema, MeResponseSchema } from '../../src/contract/api';
import { INVALID_TOKEN_MESSAGE } from '../../server/core/auth';
import { migrate } from '../../server/core/migrate';
import { ApiError, type ServerModule } from '../../server/core/module';
import { signupModule } from '../../server/signup';
import { usersModule } from '../../server/users';
import { WEB_ORIGIN, addMembers, createTestApi, signUpOrganisation, type TestApi } from './support/api';
import { migrationSql, openTestDatabase } from './support/db';

const failingModule: ServerModule = {
  name: 'failing',
  register(app) {
    app.get('/api/test/boom', () => {
      throw new Error('database exploded');
    });
    app.get('/api/test/teapot', () => {
      throw new ApiError(422, 'name is odd', 'name');
    });
  },
};

let api: TestApi;
beforeAll(async () => {
  api = await createTestApi([signupModule, usersModule, failingModule]);
}, 120_000); // PGlite's WASM start-up takes a few seconds, far more on a busy machine
afterAll(() => api?.close());

describe('authentication', () => {
  it('answers 401 without a bearer token', async () => {
    const response = await api.call('GET', '/api/users');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'A bearer access token is required.' });
  });

  it('answers 401 for an id token, another client, another issuer, a foreign key and an expired token', async () => {
    const sub = crypto.randomUUID();
    const foreign = await generateKeyPair('RS256');
    const tokens = [
      await api.keys.sign({ sub, tokenUse: 'id' }),
      await api.keys.sign({ sub, clientId: 'someone-else' }),
      await api.keys.sign({ sub, issuer: 'http://127.0.0.1:9/other_pool' }),
      await api.keys.sign({ sub }, foreign.privateKey),
      await api.keys.sign({ sub, expiresIn: '-1m' }),
      'not-a-jwt',
    ];
    const bodies = [];
    for (const token of tokens) {
      const response = await api.call('GET', '/api/me', { token });
      expect(response.status).toBe(401);
      bodies.push(await response.json());
    }
    // What the caller can act on; jose's reasons ("signature verification failed", the claim that
    // failed) go to the log only (issue 37 item 6).
    expect(bodies.slice(2)).toEqual(tokens.slice(2).map(() => ({ message: INVALID_TOKEN_MESSAGE })));
    expect(JSON.stringify(bodies)).not.toMatch(/signature|claim|"exp"|JWS|JWT/i);
  });

  it('protects /users/* as well', async () => {
    expect((await api.call('POST', '/users/activate')).status).toBe(401);
  });
});

describe('errors and CORS', () => {
  it('answers unknown routes with 404 JSON', async () => {
    const response = await api.call('GET', '/nowhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ message: 'Not found: GET /nowhere' });
  });

  it('hides unexpected errors behind 500 and logs them', async () => {
    const response = await api.call('GET', '/api/test/boom', { sub: crypto.randomUUID() });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ message: 'Internal server error' });
    expect(api.errors.at(-1)).toBeInstanceOf(Error);
  });

  it('answers ApiError with its status, message and field', async () => {
    const response = await api.call('GET', '/api/test/teapot', { sub: crypto.randomUUID() });
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ message: 'name is odd', field: 'name' });
  });

  it('allows the console origin only', async () => {
    const preflight = (origin: string) =>
      api.app.request('/api/users', {
        method: 'OPTIONS',
        headers: {
          Origin: origin,
          'Access-Control-Request-Method': 'PATCH',
          'Access-Control-Request-Headers': 'authorization,content-type',
        },
      });
    const ok = await preflight(WEB_ORIGIN);
    expect(ok.headers.get('Access-Control-Allow-Origin')).toBe(WEB_ORIGIN);
    expect(ok.headers.get('Access-Control-Allow-Methods')).toContain('PATCH');
    expect(ok.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
    const other = await preflight('http://evil.example');
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('signup completion, me and activation', () => {
  const body = (sub: string) => ({
    fullName: 'Pat Kim',
    email: 'Pat@Example.com',
    phoneNumber: '+15550001111',
    organization: 'Kim Framing',
    cognitoUserId: sub,
  });
  /** An account of the (fake) user pool that signs in by email: its username is its sub. */
  const poolAccount = (email: string) => {
    const sub = crypto.randomUUID();
    api.userPool.accounts.push({ username: sub, sub, email });
    return sub;
  };

  it('creates the organisation, makes the caller its administrator and provisions a device number; a second call answers the same organisation', async () => {
    const sub = poolAccount('Pat@Example.com');
    expect((await api.call('GET', '/api/me', { sub })).status).toBe(404);

    const first = await api.call('POST', '/api/complete-signup', { sub, body: body(sub) });
    expect(first.status).toBe(201);
    const created = v.parse(CompleteSignupResponseSchema, await first.json());
    expect(created.devicePhoneNumber).toMatch(/^\+1[2-9]\d{2}55501\d{2}$/);

    const second = await api.call('POST', '/api/complete-signup', { sub, body: body(sub) });
    expect(second.status).toBe(200);
    const again = v.parse(CompleteSignupResponseSchema, await second.json());
    expect(again.organizationId).toBe(created.organizationId);
    expect(again.devicePhoneNumber).toBe(created.devicePhoneNumber);
    const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations WHERE name = $1', ['Kim Framing']);
    expect(rows[0]?.n).toBe(1);

    const me = v.parse(MeResponseSchema, await (await api.call('GET', '/api/me', { sub })).json());
    expect(me).toMatchObject({
      name: 'Pat Kim',
      email: 'pat@example.com',
      role: 'Admin',
      isAdmin: true,
      organization: { id: created.organizationId, name: 'Kim Framing' },
    });

    const stats = await (await api.call('GET', '/api/users/stats', { sub })).json();
    expect(stats).toEqual({ total: 1, active: 1, pending: 0, licensed: 1 });
  });

  it('refuses a member in Recently deleted who still holds a token, with a message, and creates nothing', async () => {
    const sub = poolAccount('Removed.Admin@Example.com');
    expect((await api.call('POST', '/api/complete-signup', { sub, body: { ...body(sub), organization: 'Removed Co' } })).status).toBe(201);
    await api.db.query('UPDATE member_rows SET deleted_at = now() WHERE cognito_sub = $1', [sub]);

    const again = await api.call('POST', '/api/complete-signup', { sub, body: { ...body(sub), organization: 'Second Try Co' } });
    expect(again.status).toBe(403);
    expect(await again.json()).toEqual({
      message: 'This account was removed from its organisation. Ask an administrator of your organisation to restore it.',
    });
    const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM organizations WHERE name = $1', ['Second Try Co']);
    expect(rows[0]?.n).toBe(0);
  });

  it('stores the email of the signed-in account as the user pool knows it, not the one in the body', async () => {
    const sub = poolAccount('Lee.Real@Example.com');
    const response = await api.call('POST', '/api/complete-signup', {
      sub,
      body: { ...body(sub), email: 'someone.else@example.com', organization: 'Real Email Co' },
    });
    expect(response.status).toBe(201);
    const me = v.parse(MeResponseSchema, await (await api.call('GET', '/api/me', { sub })).json());
    expect(me.email).toBe('lee.real@example.com');
    const { rows } = await api.db.query<{ n: number }>("SELECT count(*)::int AS n FROM members WHERE email = 'someone.else@example.com'");
    expect(rows[0]?.n).toBe(0);

    // A token whose account the pool does not know (or knows under another sub) completes nothing.
    const stranger = crypto.randomUUID();
    const unknown = await api.call('POST', '/api/complete-signup', { sub: stranger, body: body(stranger) });
    expect(unknown.status).toBe(403);
    expect(await unknown.json()).toEqual({ message: 'The signed-in account was not found in the user pool.' });
    const otherSub = crypto.randomUUID();
    api.userPool.accounts.push({ username: 'shared-name', sub: crypto.randomUUID(), email: 'shared@example.com' });
    const mismatched = await api.call('POST', '/api/complete-signup', {
      token: await api.keys.sign({ sub: otherSub, username: 'shared-name' }),
      body: body(otherSub),
    });
    expect(mismatched.status).toBe(403);
    expect((await api.call('GET', '/api/me', { sub: otherSub })).status).toBe(404);
  });

  it('refuses a cognitoUserId that is not the caller (403) and a bad body (400 naming the field)', async () => {
    const sub = poolAccount('refused@example.com');
    const forged = await api.call('POST', '/api/complete-signup', { sub, body: body(crypto.randomUUID()) });
    expect(forged.status).toBe(403);
    const bad = await api.call('POST', '/api/complete-signup', { sub, body: { ...body(sub), phoneNumber: '555-1234' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'phoneNumber must be in E.164 form', field: 'phoneNumber' });
    const notJson = await api.call('POST', '/api/complete-signup', { sub, rawBody: '{nope' });
    expect(notJson.status).toBe(400);
    expect((await api.call('GET', '/api/me', { sub })).status).toBe(404);
  });

  it('activates the caller and stamps last activity', async () => {
    const org = await signUpOrganisation(api, 'Activation Co');
    const sub = crypto.randomUUID();
    const [memberId] = await addMembers(api, org.orgId, [
      { name: 'New Hire', email: 'new.hire@example.com', phoneNumber: '+15550002222', isActive: false, cognitoSub: sub },
    ]);
    const response = await api.call('POST', '/users/activate', { sub });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Your account is active.' });
    const { rows } = await api.db.query<{ is_active: boolean; last_active_at: Date | null }>(
      'SELECT is_active, last_active_at FROM members WHERE id = $1',
      [memberId],
    );
    expect(rows[0]?.is_active).toBe(true);
    expect(rows[0]?.last_active_at).toBeInstanceOf(Date);

    const me = v.parse(MeResponseSchema, await (await api.call('GET', '/api/me', { sub })).json());
    expect(me).toMatchObject({ role: 'Field Worker', isAdmin: false });
    expect((await api.call('POST', '/users/activate', { sub: crypto.randomUUID() })).status).toBe(404);
  });

  it('lets a member who has never been active activate (and an active one again), never a deactivated one', async () => {
    const org = await signUpOrganisation(api, 'Reactivation Co');
    const [invited, activeOne, deactivated] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const ids = await addMembers(api, org.orgId, [
      { name: 'Pending Invite', email: 'pending.invite@example.com', phoneNumber: '+15550007001', isActive: false, cognitoSub: invited },
      { name: 'Active One', email: 'active.one@example.com', phoneNumber: '+15550007002', isActive: true, cognitoSub: activeOne },
      { name: 'Let Go', email: 'let.go@example.com', phoneNumber: '+15550007003', role: 'Admin', isActive: true, cognitoSub: deactivated },
    ]);
    // An administrator deactivates a member who had been active.
    const off = await api.call('PATCH', `/api/users/${ids[2]}/toggle-status`, { sub: org.adminSub, body: { isActive: false } });
    expect(off.status).toBe(200);

    expect((await api.call('POST', '/users/activate', { sub: invited })).status).toBe(200);
    expect((await api.call('POST', '/users/activate', { sub: invited })).status).toBe(200);
    expect((await api.call('POST', '/users/activate', { sub: activeOne })).status).toBe(200);
    const refused = await api.call('POST', '/users/activate', { sub: deactivated });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      message: 'Your membership was deactivated by an administrator. Ask an administrator of your organisation to reactivate it.',
    });
    const { rows } = await api.db.query<{ id: string; is_active: boolean }>(
      'SELECT id, is_active FROM members WHERE id = ANY($1::text[]) ORDER BY name',
      [ids],
    );
    expect(Object.fromEntries(rows.map((r) => [r.id, r.is_active]))).toEqual({
      [ids[0] as string]: true,
      [ids[1] as string]: true,
      [ids[2] as string]: false,
    });
    // Still refused on the admin routes it used to reach, and told why by /api/me.
    expect((await api.call('GET', '/api/users/stats', { sub: deactivated })).status).toBe(403);
    expect(v.parse(MeResponseSchema, await (await api.call('GET', '/api/me', { sub: deactivated })).json())).toMatchObject({
      role: 'Admin',
      isAdmin: false,
      isActive: false,
    });

    // Activated again by an administrator, the member is back.
    expect((await api.call('PATCH', `/api/users/${ids[2]}/toggle-status`, { sub: org.adminSub, body: { isActive: true } })).status).toBe(
      200,
    );
    expect((await api.call('GET', '/api/users/stats', { sub: deactivated })).status).toBe(200);
    expect(v.parse(MeResponseSchema, await (await api.call('GET', '/api/me', { sub: deactivated })).json())).toMatchObject({
      isAdmin: true,
      isActive: true,
    });
  });
});

describe('schema upgrade', () => {
  it('adds version, activated_at and invited_at to a members table made before them, and backfills who has been active', async () => {
    // A database of that time: the first migrations only (from 0013 on, `members` is a view of `member_rows`).
    const db = await openTestDatabase({ target: 4 });
    try {
      // The members table as the previous version made it (no trigger, none of the new columns).
      await db.exec(`
        DROP TRIGGER members_track_changes ON members;
        ALTER TABLE members DROP COLUMN version, DROP COLUMN activated_at, DROP COLUMN invited_at;
        INSERT INTO organizations (id, name) VALUES ('old-org', 'Old Org');
        INSERT INTO members (id, org_id, name, email, phone_number, role, is_active, is_admin, last_active_at) VALUES
          ('old-admin', 'old-org', 'Old Admin', 'old.admin@example.com', '+15550008001', 'Admin', true, true, now()),
          ('old-pending', 'old-org', 'Old Pending', 'old.pending@example.com', '+15550008002', 'Field Worker', false, false, NULL),
          ('old-deactivated', 'old-org', 'Old Gone', 'old.gone@example.com', '+15550008003', 'Field Worker', false, false, now() - interval '3 days');
      `);
      // The first migrations, as `npm run migrate` applies them to such a database (then once more: nothing changes).
      for (const name of ['core', 'signup', 'users']) await db.exec(migrationSql(name));
      await db.exec(migrationSql('core'));
      const { rows } = await db.query<{ id: string; version: number; activated: boolean; invited_at: Date | null }>(
        "SELECT id, version, activated_at IS NOT NULL AS activated, invited_at FROM members WHERE org_id = 'old-org' ORDER BY id",
      );
      expect(rows).toEqual([
        { id: 'old-admin', version: 1, activated: true, invited_at: null },
        { id: 'old-deactivated', version: 1, activated: true, invited_at: null },
        { id: 'old-pending', version: 1, activated: false, invited_at: null },
      ]);
      await db.query("UPDATE members SET name = 'Old Admin Renamed' WHERE id = 'old-admin'");
      const { rows: after } = await db.query<{ version: number }>("SELECT version FROM members WHERE id = 'old-admin'");
      expect(after[0]?.version).toBe(2);
      // ...and the rest of the migrations upgrade it to the current schema: the trigger still counts versions.
      await migrate(db);
      await db.query("UPDATE members SET name = 'Old Admin' WHERE id = 'old-admin'");
      const { rows: current } = await db.query<{ version: number }>("SELECT version FROM member_rows WHERE id = 'old-admin'");
      expect(current[0]?.version).toBe(3);
    } finally {
      await db.close();
    }
  });
});
