// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { generateKeyPair } from 'jose';
import { CompleteSignupResponseSchema, MeResponseSchema } from '../../src/services/api/schemas';
import { ApiError, type ServerModule } from '../../server/core/module';
import { signupModule } from '../../server/signup';
import { usersModule } from '../../server/users';
import { WEB_ORIGIN, addMembers, createTestApi, signUpOrganisation, type TestApi } from './support/api';

const failingModule: ServerModule = {
  name: 'failing',
  schemaSql: '',
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
    for (const token of tokens) {
      const response = await api.call('GET', '/api/me', { token });
      expect(response.status).toBe(401);
      expect((await response.json()) as { message: string }).toHaveProperty('message');
    }
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
      api.app.request('/api/users', { method: 'OPTIONS', headers: { Origin: origin, 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'authorization,content-type' } });
    const ok = await preflight(WEB_ORIGIN);
    expect(ok.headers.get('Access-Control-Allow-Origin')).toBe(WEB_ORIGIN);
    expect(ok.headers.get('Access-Control-Allow-Methods')).toContain('PATCH');
    expect(ok.headers.get('Access-Control-Allow-Headers')?.toLowerCase()).toContain('authorization');
    const other = await preflight('http://evil.example');
    expect(other.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });
});

describe('signup completion, me and activation', () => {
  const body = (sub: string) => ({ fullName: 'Pat Kim', email: 'Pat@Example.com', phoneNumber: '+15550001111', organization: 'Kim Framing', cognitoUserId: sub });

  it('creates the organisation, makes the caller its administrator and provisions a device number; a second call answers the same organisation', async () => {
    const sub = crypto.randomUUID();
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
    expect(me).toMatchObject({ name: 'Pat Kim', email: 'pat@example.com', role: 'Admin', isAdmin: true, organization: { id: created.organizationId, name: 'Kim Framing' } });

    const stats = await (await api.call('GET', '/api/users/stats', { sub })).json();
    expect(stats).toEqual({ total: 1, active: 1, pending: 0, licensed: 1 });
  });

  it('refuses a cognitoUserId that is not the caller (403) and a bad body (400 naming the field)', async () => {
    const sub = crypto.randomUUID();
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
    const [memberId] = await addMembers(api, org.orgId, [{ name: 'New Hire', email: 'new.hire@example.com', phoneNumber: '+15550002222', isActive: false, cognitoSub: sub }]);
    const response = await api.call('POST', '/users/activate', { sub });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Your account is active.' });
    const { rows } = await api.db.query<{ is_active: boolean; last_active_at: Date | null }>('SELECT is_active, last_active_at FROM members WHERE id = $1', [memberId]);
    expect(rows[0]?.is_active).toBe(true);
    expect(rows[0]?.last_active_at).toBeInstanceOf(Date);

    const me = v.parse(MeResponseSchema, await (await api.call('GET', '/api/me', { sub })).json());
    expect(me).toMatchObject({ role: 'Field Worker', isAdmin: false });
    expect((await api.call('POST', '/users/activate', { sub: crypto.randomUUID() })).status).toBe(404);
  });
});
