// @vitest-environment node
/**
 * A bulk change by filter (issue 41 item 4, docs/USERS.md "Bulk changes by filter"): PATCH
 * /api/users/bulk with the list's filter instead of ids changes exactly the members GET /api/users
 * shows for that filter (every page), in one transaction, under the administrator rules, with the
 * pool accounts following a status change; it answers the ids it changed, and an Undo by those ids
 * puts each member back as they were. The pool is the harness's FakeUserPool (a boundary we do not
 * own).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BulkUpdateResponseSchema, UserListResponseSchema } from '../../src/contract/api';
import { LIMITS } from '../../src/domain/limits';
import { ApiError } from '../../server/core/module';
import { addMembers, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';
import { breakableStatement } from './support/db';

let api: TestApi;
let org: TestOrg;
let rival: TestOrg;
/** The activity entries of a bulk change: written after the members, in the same transaction. */
const auditWrite = breakableStatement('INSERT INTO audit_entries');
/** The members' write of a bulk change, broken on cue (after the pool has moved the accounts). */
const bulkWrite = breakableStatement('is_active = COALESCE($5, is_active)');
const connectionLost = () => Promise.reject(new Error('connection terminated'));

beforeAll(async () => {
  api = await createTestApi(undefined, { wrapDatabase: (db) => bulkWrite.wrap(auditWrite.wrap(db)) });
  org = await signUpOrganisation(api, 'Filter Builders', 'boss@filter.test');
  rival = await signUpOrganisation(api, 'Rival Builders', 'boss@rival.test');
}, 120_000);
afterAll(() => api?.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { sub: org.adminSub, ...(body !== undefined ? { body } : {}) });

let made = 0;
/** `count` members named after `fragment` (so a search for it finds only them), with pool accounts when asked. */
async function crew(
  fragment: string,
  count: number,
  values: { hasLicense?: boolean; role?: string; withAccounts?: boolean; orgId?: string } = {},
) {
  const members = Array.from({ length: count }, (_, i) => {
    made += 1;
    const email = `${fragment}.${made}@filter.test`;
    const sub = values.withAccounts ? crypto.randomUUID() : undefined;
    if (sub) api.userPool.accounts.push({ username: sub, sub, email });
    return {
      name: `${fragment} Worker ${i}`,
      email,
      phoneNumber: '+19175550100',
      hasLicense: values.hasLicense ?? true,
      ...(values.role ? { role: values.role } : {}),
      ...(sub ? { cognitoSub: sub } : {}),
    };
  });
  return addMembers(api, values.orgId ?? org.orgId, members);
}

async function rowsOf(ids: readonly string[]) {
  const { rows } = await api.db.query<{ id: string; has_license: boolean; is_active: boolean; cognito_sub: string | null }>(
    'SELECT id, has_license, is_active, cognito_sub FROM members WHERE id = ANY($1::text[])',
    [ids],
  );
  return new Map(rows.map((row) => [row.id, row]));
}
const licences = async (ids: readonly string[]) => {
  const rows = await rowsOf(ids);
  return ids.map((id) => rows.get(id)?.has_license);
};
const disabled = async (ids: readonly string[]) => {
  const rows = await rowsOf(ids);
  return ids.map((id) => api.userPool.accounts.find((a) => a.sub === rows.get(id)?.cognito_sub)?.disabled === true);
};
const auditCount = async () => (await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entries')).rows[0]?.n ?? 0;

/** What the list shows for a query, every page (the console's view of "the members matching"). */
async function listed(query: string): Promise<string[]> {
  const ids: string[] = [];
  for (let page = 1; ; page += 1) {
    const res = await asAdmin('GET', `/api/users?${query}&limit=10&page=${page}`);
    const list = v.parse(UserListResponseSchema, await res.json());
    ids.push(...list.users.map((u) => u.userId));
    if (page * list.limit >= list.total) return ids;
  }
}

describe('a bulk change by filter', () => {
  it('changes exactly the members the list shows for the filter, on every page, and answers the ids it changed', async () => {
    const matching = await crew('lumen', 30);
    const alreadyOff = await crew('lumen', 1, { hasLicense: false });
    // Same search, another role: outside the filter. Another organisation's namesakes: never seen.
    const otherRole = await crew('lumen', 2, { role: 'Supervisor' });
    const elsewhere = await crew('lumen', 2, { orgId: rival.orgId });
    const unrelated = await crew('other', 2);

    const shown = await listed('search=lumen&role=Field%20Worker');
    expect(shown).toHaveLength(31);

    const res = await asAdmin('PATCH', '/api/users/bulk', {
      filter: { search: 'lumen', role: 'Field Worker' },
      updates: { hasLicense: false },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = v.parse(BulkUpdateResponseSchema, await res.json());
    expect(answer.updated).toBe(31);
    // The member already without a licence was named but not changed.
    expect([...(answer.changedIds ?? [])].sort()).toEqual([...matching].sort());
    expect(new Set(shown)).toEqual(new Set([...matching, ...alreadyOff]));

    expect(await licences(matching)).toEqual(matching.map(() => false));
    expect(await licences([...otherRole, ...elsewhere, ...unrelated])).toEqual([true, true, true, true, true, true]);
    const { rows } = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM audit_entries WHERE kind = 'members.bulk' AND member_id = ANY($1::text[])",
      [[...matching, ...alreadyOff]],
    );
    expect(rows[0]?.n).toBe(30);

    // Undo by the ids answered: each member as they were (the one already off stays off).
    const undo = await asAdmin('PATCH', '/api/users/bulk', { userIds: answer.changedIds, updates: { hasLicense: true } });
    expect(undo.status).toBe(200);
    expect(v.parse(BulkUpdateResponseSchema, await undo.json()).changedIds?.length).toBe(30);
    expect(await licences(matching)).toEqual(matching.map(() => true));
    expect(await licences(alreadyOff)).toEqual([false]);
  });

  it('applies a status filter and moves the pool accounts, and the undo by ids moves them back', async () => {
    const active = await crew('quartz', 4, { withAccounts: true });
    const [paused] = await crew('quartz', 1, { withAccounts: true });
    await asAdmin('PATCH', `/api/users/${paused}/toggle-status`, { isActive: false });

    const res = await asAdmin('PATCH', '/api/users/bulk', { filter: { search: 'quartz', status: 'active' }, updates: { isActive: false } });
    expect(res.status, await res.clone().text()).toBe(200);
    const answer = v.parse(BulkUpdateResponseSchema, await res.json());
    expect(answer).toEqual({ updated: 4, changedIds: expect.arrayContaining(active) });
    expect(await disabled([...active, paused ?? ''])).toEqual([true, true, true, true, true]);

    const undo = await asAdmin('PATCH', '/api/users/bulk', { userIds: answer.changedIds, updates: { isActive: true } });
    expect(undo.status).toBe(200);
    expect(await disabled(active)).toEqual([false, false, false, false]);
    // The member who was paused before stays paused, account and all.
    expect(await disabled([paused ?? ''])).toEqual([true]);
    expect((await rowsOf([paused ?? ''])).get(paused ?? '')?.is_active).toBe(false);
  });

  it('is one transaction: a failure half-way changes nothing, and the pool accounts are set back', async () => {
    const licensed = await crew('cobalt', 5);
    const before = await auditCount();
    const failed = await auditWrite.during(connectionLost, () =>
      asAdmin('PATCH', '/api/users/bulk', { filter: { search: 'cobalt' }, updates: { hasLicense: false } }),
    );
    expect(failed.status).toBe(500);
    expect(await licences(licensed)).toEqual([true, true, true, true, true]);
    expect(await auditCount()).toBe(before);

    const accounts = await crew('cinder', 3, { withAccounts: true });
    const refused = await bulkWrite.during(connectionLost, () =>
      asAdmin('PATCH', '/api/users/bulk', { filter: { search: 'cinder' }, updates: { isActive: false } }),
    );
    expect(refused.status).toBe(500);
    expect([...(await rowsOf(accounts)).values()].map((row) => row.is_active)).toEqual([true, true, true]);
    expect(await disabled(accounts)).toEqual([false, false, false]);
  });

  it('changes nothing when the pool fails (502), and the change can be made again', async () => {
    const accounts = await crew('basalt', 3, { withAccounts: true });
    api.userPool.failAccessWith = new ApiError(
      502,
      'The user pool could not disable the account. Nothing was changed; try again in a moment.',
    );
    try {
      const res = await asAdmin('PATCH', '/api/users/bulk', { filter: { search: 'basalt' }, updates: { isActive: false } });
      expect(res.status).toBe(502);
    } finally {
      api.userPool.failAccessWith = null;
    }
    expect([...(await rowsOf(accounts)).values()].map((row) => row.is_active)).toEqual([true, true, true]);
    expect((await asAdmin('PATCH', '/api/users/bulk', { filter: { search: 'basalt' }, updates: { isActive: false } })).status).toBe(200);
    expect(await disabled(accounts)).toEqual([true, true, true]);
  });

  it('changes nothing (409, accounts set back) when a member joins the view while the pool accounts are being moved', async () => {
    const accounts = await crew('gneiss', 2, { withAccounts: true });
    const pool = api.userPool;
    const disable = pool.disableUser.bind(pool);
    let joined: string[] = [];
    // The first account moved: meanwhile another administrator adds a member the filter selects.
    pool.disableUser = async (username: string) => {
      pool.disableUser = disable;
      joined = await crew('gneiss', 1, { withAccounts: true });
      return disable(username);
    };
    try {
      const res = await asAdmin('PATCH', '/api/users/bulk', { filter: { search: 'gneiss' }, updates: { isActive: false } });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { message: string }).message).toBe(
        'The members of this view changed while the change was being made, so nothing was changed. Try again.',
      );
    } finally {
      pool.disableUser = disable;
    }
    expect([...(await rowsOf([...accounts, ...joined])).values()].map((row) => row.is_active)).toEqual([true, true, true]);
    expect(await disabled([...accounts, ...joined])).toEqual([false, false, false]);
    // Made again, it changes the three.
    const again = await asAdmin('PATCH', '/api/users/bulk', { filter: { search: 'gneiss' }, updates: { isActive: false } });
    expect(v.parse(BulkUpdateResponseSchema, await again.json()).changedIds).toHaveLength(3);
  });

  it('refuses the whole change when the members include the administrator making it, so an active administrator remains', async () => {
    const admins = await crew('granite', 2, { role: 'Admin', withAccounts: true });
    const before = await auditCount();
    const pool = JSON.stringify(api.userPool.accounts);
    // Every active administrator, the caller among them: deactivating or demoting them all is refused.
    for (const updates of [{ isActive: false }, { role: 'Supervisor' }]) {
      const res = await asAdmin('PATCH', '/api/users/bulk', { filter: { role: 'Admin', status: 'active' }, updates });
      expect(res.status).toBe(400);
      const body = (await res.json()) as { message: string; field: string };
      expect(body.field).toBe('filter');
      expect(body.message).toMatch(
        /^These members include you, and you cannot (deactivate your own account|remove your own Admin role)\. Nothing was changed/,
      );
    }
    expect([...(await rowsOf([...admins, org.adminMemberId])).values()].every((row) => row.is_active)).toBe(true);
    expect(await auditCount()).toBe(before);
    expect(JSON.stringify(api.userPool.accounts)).toBe(pool);
    // Leaving the caller out (the two others only): it goes through, and the caller is still an active administrator.
    const res = await asAdmin('PATCH', '/api/users/bulk', { filter: { search: 'granite', role: 'Admin' }, updates: { isActive: false } });
    expect(res.status).toBe(200);
    expect((await asAdmin('GET', '/api/me')).status).toBe(200);
  });

  it(`refuses more than ${LIMITS.bulkByFilter} members at once, with the count, and changes nothing`, async () => {
    await api.db.query(
      `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active, is_admin)
       SELECT gen_random_uuid()::text, $1, 'Ferrite Worker ' || n, 'ferrite.' || n || '@filter.test', '+19175550100', 'Field Worker', true, true, false
         FROM generate_series(1, $2::int) AS n`,
      [org.orgId, LIMITS.bulkByFilter + 1],
    );
    const res = await asAdmin('PATCH', '/api/users/bulk', { filter: { search: 'ferrite' }, updates: { hasLicense: false } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      message: 'This view has 1,501 members; a bulk change may change at most 1,500 at once. Narrow the search or filters and try again.',
      field: 'filter',
    });
    const { rows } = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM members WHERE name LIKE 'Ferrite%' AND has_license",
      [],
    );
    expect(rows[0]?.n).toBe(LIMITS.bulkByFilter + 1);
  });

  it('validates the filter as GET /api/users validates its query, without Recently deleted (400 naming the field)', async () => {
    const bad = async (body: unknown) => {
      const res = await asAdmin('PATCH', '/api/users/bulk', body);
      expect(res.status).toBe(400);
      return ((await res.json()) as { message: string }).message;
    };
    expect(await bad({ filter: { status: 'asleep' }, updates: { hasLicense: false } })).toBe(
      'filter.status: status must be active or pending (members in Recently deleted can only be restored)',
    );
    // Recently deleted is a filter of the list, but takes no bulk change.
    expect(await bad({ filter: { status: 'deleted' }, updates: { hasLicense: true } })).toBe(
      'filter.status: status must be active or pending (members in Recently deleted can only be restored)',
    );
    expect(await bad({ filter: { role: 'Boss' }, updates: { hasLicense: false } })).toMatch(/^filter.role: role must be one of/);
    expect(await bad({ filter: { page: '2' }, updates: { hasLicense: false } })).toBe(
      'filter must be an object with only search, role and status',
    );
    expect(await bad({ filter: {}, userIds: [org.adminMemberId], updates: { hasLicense: false } })).toMatch(
      /send userIds or filter, not both/,
    );
    expect(await bad({ filter: { search: 'x' }, updates: {} })).toBe('updates must change at least one field');
  });
});
