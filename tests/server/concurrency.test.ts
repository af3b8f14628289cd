// @vitest-environment node
/**
 * Requests that meet: two administrators acting on each other at the same moment, a request whose
 * sender loses their rights while it is on its way, invitations while the identity service hangs,
 * the same invitation twice at once. On PostgreSQL (`npx tsx scripts/test/postgres.ts -- ...`) the
 * requests run on parallel connections; on PGlite they are serialised by its single connection.
 *
 * Deterministic: no sleeps. Where an order matters, a barrier holds the app's transactions until
 * every request of the round has asked for one (so each has passed authentication, which reads the
 * membership before the transaction), or the fake user pool holds its call until released.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import type { Database } from '../../server/core/db';
import { UserResponseSchema, UserStatsSchema } from '../../src/contract/api';
import { ApiError } from '../../server/core/module';
import { addMembers, createTestApi, signUpOrganisation, type TestApi } from './support/api';
import { testEngine } from './support/db';

/** Holds the next `count` transactions until all of them have been asked for, then lets them go together. */
interface TransactionBarrier {
  holdNext(count: number): { arrived: Promise<void>; release(): void };
  wrap(db: Database): Database;
}

function createTransactionBarrier(): TransactionBarrier {
  let pending: { count: number; waiting: Array<() => void>; arrive: () => void; gate: Promise<void> } | null = null;
  return {
    holdNext(count) {
      let arrive = () => {};
      const arrived = new Promise<void>((resolve) => (arrive = resolve));
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      pending = { count, waiting: [], arrive, gate };
      return { arrived, release };
    },
    wrap(db) {
      return {
        ...db,
        async transaction(work) {
          const hold = pending;
          if (hold && hold.waiting.length < hold.count) {
            hold.waiting.push(() => undefined);
            if (hold.waiting.length === hold.count) {
              pending = null;
              hold.arrive();
            }
            await hold.gate;
          }
          return db.transaction(work);
        },
      };
    },
  };
}

const barrier = createTransactionBarrier();
let api: TestApi;

beforeAll(async () => {
  api = await createTestApi(undefined, { wrapDatabase: (db) => barrier.wrap(db) });
}, 120_000);
afterAll(() => api?.close());

const ROUNDS = 20;

/** A fresh organisation with two active administrators, A (who signed up) and B. */
async function twoAdministrators(round: number) {
  const org = await signUpOrganisation(api, `Two Admins ${round}`);
  const bSub = crypto.randomUUID();
  const [bId = ''] = await addMembers(api, org.orgId, [
    { name: `Second Admin ${round}`, email: `b${round}@two-admins.test`, phoneNumber: '+15550009000', role: 'Admin', cognitoSub: bSub },
  ]);
  return { orgId: org.orgId, a: { sub: org.adminSub, id: org.adminMemberId }, b: { sub: bSub, id: bId } };
}

type Attack = (from: string, targetId: string) => Promise<Response>;
const call = (sub: string, method: string, path: string, body?: unknown) =>
  api.call(method, path, { sub, ...(body !== undefined ? { body } : {}) });

/** Every way one administrator can take another's rights away. */
const ATTACKS: Array<[string, Attack]> = [
  ['bulk demotion', (from, id) => call(from, 'PATCH', '/api/users/bulk', { userIds: [id], updates: { role: 'Supervisor' } })],
  ['bulk deactivation', (from, id) => call(from, 'PATCH', '/api/users/bulk', { userIds: [id], updates: { isActive: false } })],
  ['demotion by PUT', (from, id) => call(from, 'PUT', `/api/users/${id}`, { role: 'Field Worker' })],
  ['deactivation by PUT', (from, id) => call(from, 'PUT', `/api/users/${id}`, { isActive: false })],
  ['status set to pending', (from, id) => call(from, 'PATCH', `/api/users/${id}/toggle-status`, { isActive: false })],
  ['deletion', (from, id) => call(from, 'DELETE', `/api/users/${id}`)],
];

async function activeAdministrators(orgId: string): Promise<number> {
  const { rows } = await api.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND is_admin AND is_active',
    [orgId],
  );
  return rows[0]?.n ?? 0;
}

describe(`two administrators acting on each other at once (${testEngine})`, () => {
  it(`always leaves an active administrator: ${ROUNDS} rounds of every pair of demote, deactivate and delete`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const [nameA, attackA] = ATTACKS[round % ATTACKS.length] as [string, Attack];
      const [nameB, attackB] = ATTACKS[(round + Math.floor(round / ATTACKS.length)) % ATTACKS.length] as [string, Attack];
      const { orgId, a, b } = await twoAdministrators(round);
      // Both requests pass authentication (both senders are administrators then) before either
      // transaction starts: the moment a check outside the transaction would let both through.
      const held = barrier.holdNext(2);
      const both = Promise.all([attackA(a.sub, b.id), attackB(b.sub, a.id)]);
      await held.arrived;
      held.release();
      const responses = await both;
      const statuses = responses.map((r) => r.status);
      const label = `round ${round}: A ${nameA} B, B ${nameB} A -> ${statuses.join(', ')}`;
      expect(await activeAdministrators(orgId), label).toBe(1);
      // One goes through; the other's sender is no longer an administrator by the time it runs.
      expect(
        statuses.filter((s) => s === 200),
        label,
      ).toHaveLength(1);
      const refused = responses.find((r) => r.status !== 200);
      expect(refused?.status, label).toBe(409);
      expect(await refused?.json(), label).toEqual({
        message: 'You are no longer an active administrator of this organisation, so nothing was changed.',
      });
    }
  }, 120_000);

  it('refuses a request whose sender was demoted after it was authenticated, and changes nothing', async () => {
    const { a, b, orgId } = await twoAdministrators(100);
    const [workerId = ''] = await addMembers(api, orgId, [
      { name: 'Crew Member', email: 'crew@two-admins.test', phoneNumber: '+15550009001' },
    ]);
    // A's request is authenticated (A is an administrator), then held before its transaction...
    const held = barrier.holdNext(1);
    const late = call(a.sub, 'PATCH', `/api/users/${workerId}/toggle-status`, { isActive: false });
    await held.arrived;
    // ...while B demotes A.
    const demotion = await call(b.sub, 'PUT', `/api/users/${a.id}`, { role: 'Supervisor' });
    expect(demotion.status).toBe(200);
    held.release();
    const response = await late;
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: 'You are no longer an active administrator of this organisation, so nothing was changed.',
    });
    // Sent now, after the demotion, the same request is refused at the door.
    expect((await call(a.sub, 'PATCH', `/api/users/${workerId}/toggle-status`, { isActive: false })).status).toBe(403);
    const { rows } = await api.db.query<{ is_active: boolean }>('SELECT is_active FROM members WHERE id = $1', [workerId]);
    expect(rows[0]?.is_active).toBe(true);
  });
});

describe(`a status change and the pool accounts that follow it (${testEngine})`, () => {
  /** Invites a member into the organisation of `adminSub`; their id. */
  const inviteMember = async (adminSub: string, email: string) => {
    const response = await call(adminSub, 'POST', '/api/users/invite', { name: 'Crossed Member', email, phoneNumber: '+15550009200' });
    return v.parse(UserResponseSchema, await response.json()).user.userId;
  };

  it("a member another administrator reactivated while a bulk deactivation's pool call was under way: the deactivation is written, and their account follows it", async () => {
    const org = await signUpOrganisation(api, 'Crossed Status Co');
    const invite = (email: string) => inviteMember(org.adminSub, email);
    const [x, y] = [await invite('x@crossed.test'), await invite('y@crossed.test')];
    // X is inactive (their account disabled); Y is active.
    expect((await call(org.adminSub, 'PATCH', `/api/users/${x}/toggle-status`, { isActive: false })).status).toBe(200);
    const account = (email: string) => api.userPool.accounts.find((a) => a.email === email);
    expect(account('x@crossed.test')?.disabled).toBe(true);

    // Deactivate both: only Y's account moves, and that call hangs.
    const hang = api.userPool.holdNextAccess();
    const bulk = call(org.adminSub, 'PATCH', '/api/users/bulk', { userIds: [x, y], updates: { isActive: false } });
    await hang.reached;
    // Meanwhile X is reactivated, and their account enabled.
    expect((await call(org.adminSub, 'PATCH', `/api/users/${x}/toggle-status`, { isActive: true })).status).toBe(200);
    expect(account('x@crossed.test')?.disabled).toBe(false);
    hang.release();
    expect((await bulk).status).toBe(200);

    // The deactivation came last: both are inactive, and neither can sign in.
    const { rows } = await api.db.query<{ email: string; is_active: boolean }>(
      'SELECT email, is_active FROM members WHERE id = ANY($1::text[]) ORDER BY email',
      [[x, y]],
    );
    expect(rows).toEqual([
      { email: 'x@crossed.test', is_active: false },
      { email: 'y@crossed.test', is_active: false },
    ]);
    expect([account('x@crossed.test')?.disabled, account('y@crossed.test')?.disabled]).toEqual([true, true]);
  });

  it("a bulk deactivation by filter refused because another administrator deactivated one of its members meanwhile: each account is set back to what that member's status now is", async () => {
    const org = await signUpOrganisation(api, 'Crossed Filter Co');
    const x = await inviteMember(org.adminSub, 'x@crossedfilter.test');
    await inviteMember(org.adminSub, 'y@crossedfilter.test');
    const account = (email: string) => api.userPool.accounts.find((a) => a.email === email);

    // Deactivate the active members the search finds (X and Y): the first pool call hangs.
    const hang = api.userPool.holdNextAccess();
    const bulk = call(org.adminSub, 'PATCH', '/api/users/bulk', {
      filter: { search: 'crossedfilter', status: 'active' },
      updates: { isActive: false },
    });
    await hang.reached;
    // Meanwhile another administrator deactivates X, whose account is disabled with it.
    expect((await call(org.adminSub, 'PATCH', `/api/users/${x}/toggle-status`, { isActive: false })).status).toBe(200);
    hang.release();
    // The view changed (X left it): nothing is written, and the accounts moved are set back.
    expect((await bulk).status).toBe(409);

    const { rows } = await api.db.query<{ email: string; is_active: boolean }>(
      "SELECT email, is_active FROM members WHERE email LIKE '%@crossedfilter.test' ORDER BY email",
    );
    expect(rows).toEqual([
      { email: 'x@crossedfilter.test', is_active: false },
      { email: 'y@crossedfilter.test', is_active: true },
    ]);
    // X is inactive and cannot sign in; Y is active and can.
    expect([account('x@crossedfilter.test')?.disabled, account('y@crossedfilter.test')?.disabled]).toEqual([true, false]);
  });
});

describe(`invitations and the identity service (${testEngine})`, () => {
  const invite = (sub: string, email: string) =>
    call(sub, 'POST', '/api/users/invite', { name: 'Invited Person', email, phoneNumber: '+15550009100' });
  const stats = async (sub: string) => v.parse(UserStatsSchema, await (await call(sub, 'GET', '/api/users/stats')).json());

  it('keeps answering other requests while the identity service hangs: the invitation holds no transaction', async () => {
    const org = await signUpOrganisation(api, 'Hanging Pool Co');
    const before = await stats(org.adminSub);
    const hang = api.userPool.holdNextCreate();
    const pending = invite(org.adminSub, 'slow@hanging.test');
    await hang.reached;
    // The identity service has not answered: the console still gets its figures, and the member
    // row of the invitation is already there (written in its own short transaction).
    expect(await stats(org.adminSub)).toEqual({ ...before, total: before.total + 1, active: before.active + 1 });
    expect((await call(org.adminSub, 'GET', '/api/users?search=slow%40hanging')).status).toBe(200);
    hang.release();
    const response = await pending;
    expect(response.status).toBe(201);
    const { user } = v.parse(UserResponseSchema, await response.json());
    const { rows } = await api.db.query<{ cognito_sub: string | null }>('SELECT cognito_sub FROM members WHERE id = $1', [user.userId]);
    expect(rows[0]?.cognito_sub).toBe(api.userPool.created.find((c) => c.email === 'slow@hanging.test')?.sub);
  });

  it('undoes its own member row when the identity service fails after hanging', async () => {
    const org = await signUpOrganisation(api, 'Failing Pool Co');
    const before = await stats(org.adminSub);
    const hang = api.userPool.holdNextCreate();
    const pending = invite(org.adminSub, 'never@failing.test');
    await hang.reached;
    expect((await stats(org.adminSub)).total).toBe(before.total + 1);
    hang.fail(new ApiError(502, 'The user pool could not create the account: timed out'));
    const response = await pending;
    expect(response.status).toBe(502);
    expect(await stats(org.adminSub)).toEqual(before);
  });

  it(`creates one member and one pool account for the same invitation sent twice at once (${ROUNDS} rounds)`, async () => {
    const org = await signUpOrganisation(api, 'Double Submit Co');
    for (let round = 0; round < ROUNDS; round++) {
      const email = `twice${round}@double.test`;
      const hang = api.userPool.holdNextCreate();
      const both = Promise.all([invite(org.adminSub, email), invite(org.adminSub, email)]);
      await hang.reached;
      hang.release();
      const responses = await both;
      expect(responses.map((r) => r.status).sort(), `round ${round}`).toEqual([200, 201]);
      const ids = await Promise.all(responses.map(async (r) => v.parse(UserResponseSchema, await r.json()).user.userId));
      expect(new Set(ids).size, `round ${round}`).toBe(1);
      expect(
        api.userPool.created.filter((c) => c.email === email),
        `round ${round}`,
      ).toHaveLength(1);
      const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM members WHERE email = $1', [email]);
      expect(rows[0]?.n, `round ${round}`).toBe(1);
    }
  });
});
