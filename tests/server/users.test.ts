// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BulkUpdateResponseSchema, UserListResponseSchema, UserResponseSchema, UserStatsSchema } from '../../src/contract/api';
import { ApiError } from '../../server/core/module';
import { LAST_ACTIVE_ADMIN, asAdministrator } from '../../server/users/admin';
import { addMembers, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';

let api: TestApi;
let summit: TestOrg;
let rival: TestOrg;
let rivalMemberId: string;
const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

const crew = [
  {
    name: 'Maria Garcia',
    email: 'maria.garcia@summit.test',
    phoneNumber: '+14155550142',
    role: 'Supervisor',
    hasLicense: true,
    isActive: true,
    createdAt: minutesAgo(50),
  },
  {
    name: 'James Okafor',
    email: 'james.okafor@summit.test',
    phoneNumber: '+12125550199',
    role: 'Field Worker',
    hasLicense: false,
    isActive: false,
    createdAt: minutesAgo(40),
  },
  {
    name: 'Priya Patel',
    email: 'priya@summit.test',
    phoneNumber: '+13035551234',
    role: 'Project Manager',
    hasLicense: true,
    isActive: true,
    createdAt: minutesAgo(30),
  },
  {
    name: 'Tomasz Novak',
    email: 'tnovak@summit.test',
    phoneNumber: '+17135550101',
    role: 'Field Worker',
    hasLicense: false,
    isActive: true,
    createdAt: minutesAgo(20),
  },
  {
    name: 'Keisha Brown',
    email: 'keisha.brown@summit.test',
    phoneNumber: '+16175559876',
    role: 'Field Worker',
    hasLicense: true,
    isActive: false,
    createdAt: minutesAgo(10),
  },
];

async function json<S extends v.GenericSchema>(schema: S, response: Response, status = 200): Promise<v.InferOutput<S>> {
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(status);
  return v.parse(schema, body);
}

beforeAll(async () => {
  api = await createTestApi();
  summit = await signUpOrganisation(api, 'Summit Test Builders', 'boss@summit.test');
  rival = await signUpOrganisation(api, 'Rival Construction', 'boss@rival.test');
  await addMembers(api, summit.orgId, crew);
  [rivalMemberId = ''] = await addMembers(api, rival.orgId, [
    { name: 'Maria Rival', email: 'maria@rival.test', phoneNumber: '+14155550143' },
  ]);
}, 120_000); // PGlite's WASM start-up takes a few seconds, far more on a busy machine
afterAll(() => api?.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { sub: summit.adminSub, ...(body !== undefined ? { body } : {}) });

describe('listing and searching', () => {
  // An organisation of its own with the crew and nobody else: the other tests of this file add,
  // change and delete members of `summit`, and may run first (--sequence.shuffle).
  let listing: TestOrg;
  beforeAll(async () => {
    listing = await signUpOrganisation(api, 'Summit Test Builders', 'boss@listing.test');
    await addMembers(api, listing.orgId, crew);
  }, 60_000);
  const asListingAdmin = (method: string, path: string) => api.call(method, path, { sub: listing.adminSub });

  it('lists the organisation newest first with defaults page 1 / 25', async () => {
    const list = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users'));
    expect(list.page).toBe(1);
    expect(list.limit).toBe(25);
    expect(list.total).toBe(6);
    // The administrator signed up just now: the newest member.
    expect(list.users.map((u) => u.name)).toEqual([
      'Admin of Summit Test Builders',
      'Keisha Brown',
      'Tomasz Novak',
      'Priya Patel',
      'James Okafor',
      'Maria Garcia',
    ]);
    expect(list.users.some((u) => u.email.endsWith('@rival.test'))).toBe(false);
  });

  it('pages with a stable order', async () => {
    const first = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users?page=1&limit=4'));
    const second = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users?page=2&limit=4'));
    expect(first.users).toHaveLength(4);
    expect(second.users).toHaveLength(2);
    expect(second.total).toBe(6);
    const ids = [...first.users, ...second.users].map((u) => u.userId);
    expect(new Set(ids).size).toBe(6);
  });

  it('still tells the total on a page past the end (no row carries it there)', async () => {
    const past = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users?page=5&limit=4'));
    expect(past.users).toEqual([]);
    expect(past.total).toBe(6);
    const firstPage = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users?limit=2&search=garc'));
    const filtered = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users?page=50&limit=2&search=garc'));
    expect(firstPage.total).toBe(1);
    expect(filtered.users).toEqual([]);
    expect(filtered.total).toBe(1);
  });

  it.each([
    ['name fragment', 'garc', ['Maria Garcia']],
    ['case-insensitive email fragment', 'TNOVAK@', ['Tomasz Novak']],
    ['phone fragment with spaces', '555 01', ['Tomasz Novak', 'James Okafor', 'Maria Garcia']],
    ['phone fragment with brackets', '(303)', ['Priya Patel']],
    ['formatted phone', '+1 (212) 555-0199', ['James Okafor']],
    ['nothing', 'zebra', []],
  ])('searches by %s', async (_label, search, names) => {
    const list = await json(UserListResponseSchema, await asListingAdmin('GET', `/api/users?search=${encodeURIComponent(search)}`));
    expect(list.users.map((u) => u.name)).toEqual(names);
    expect(list.total).toBe(names.length);
  });

  it('treats LIKE wildcards literally', async () => {
    const list = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users?search=%25'));
    expect(list.total).toBe(0);
  });

  it('filters by role and status', async () => {
    const workers = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users?role=Field%20Worker'));
    expect(workers.users.map((u) => u.name)).toEqual(['Keisha Brown', 'Tomasz Novak', 'James Okafor']);
    const pendingWorkers = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users?role=Field%20Worker&status=pending'));
    expect(pendingWorkers.users.map((u) => u.name)).toEqual(['Keisha Brown', 'James Okafor']);
    const active = await json(UserListResponseSchema, await asListingAdmin('GET', '/api/users?status=active&search=a'));
    expect(active.users.every((u) => u.isActive)).toBe(true);
  });

  it('answers 400 naming the bad query parameter', async () => {
    for (const [query, field] of [
      ['limit=101', 'limit'],
      ['page=0', 'page'],
      ['role=Boss', 'role'],
      ['status=all', 'status'],
    ] as const) {
      const response = await asListingAdmin('GET', `/api/users?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ field });
    }
  });

  it('answers the stats of the organisation only', async () => {
    const stats = await json(UserStatsSchema, await asListingAdmin('GET', '/api/users/stats'));
    expect(stats).toEqual({ total: 6, active: 4, pending: 2, licensed: 4 });
  });
});

describe('access', () => {
  it('refuses a member who is not an administrator (403) and a caller without membership (403)', async () => {
    const sub = crypto.randomUUID();
    await addMembers(api, summit.orgId, [
      { name: 'Plain Member', email: 'plain@summit.test', phoneNumber: '+15550003333', cognitoSub: sub },
    ]);
    for (const caller of [sub, crypto.randomUUID()]) {
      const response = await api.call('GET', '/api/users', { sub: caller });
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'This console is for organisation administrators.' });
      expect((await api.call('PATCH', `/api/users/${summit.adminMemberId}/toggle-license`, { sub: caller })).status).toBe(403);
    }
    await api.db.query('DELETE FROM members WHERE cognito_sub = $1', [sub]);
  });

  it('refuses an administrator who is pending or deactivated (403 on every admin route), and /api/me says they are not an administrator', async () => {
    const sub = crypto.randomUUID();
    const [memberId = ''] = await addMembers(api, summit.orgId, [
      { name: 'Dormant Admin', email: 'dormant@summit.test', phoneNumber: '+15550005555', role: 'Admin', isActive: false, cognitoSub: sub },
    ]);
    const as = (method: string, path: string, body?: unknown) => api.call(method, path, { sub, ...(body !== undefined ? { body } : {}) });
    const attempts = [
      as('GET', '/api/users'),
      as('GET', '/api/users/stats'),
      as('GET', `/api/users/${memberId}`),
      as('POST', '/api/users', { name: 'Sneaky', email: 'sneaky@summit.test', phoneNumber: '+15550006666' }),
      as('POST', '/api/users/invite', { name: 'Sneaky', email: 'sneaky@summit.test', phoneNumber: '+15550006666' }),
      as('PUT', `/api/users/${summit.adminMemberId}`, { role: 'Field Worker' }),
      as('PATCH', `/api/users/${summit.adminMemberId}/toggle-status`, { isActive: false }),
      as('PATCH', `/api/users/${memberId}/toggle-license`, { hasLicense: true }),
      as('PATCH', '/api/users/bulk', { userIds: [summit.adminMemberId], updates: { isActive: false } }),
      as('DELETE', `/api/users/${summit.adminMemberId}`),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({
        message: 'Your membership is not active. Ask an administrator of your organisation to activate it.',
      });
    }
    const me = (await (await api.call('GET', '/api/me', { sub })).json()) as { isAdmin: boolean; role: string };
    expect(me).toMatchObject({ isAdmin: false, role: 'Admin' });
    const { rows } = await api.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM members WHERE email = 'sneaky@summit.test' OR (id = $1 AND (NOT is_active OR role <> 'Admin'))",
      [summit.adminMemberId],
    );
    expect(rows[0]?.n).toBe(0);
    await api.db.query('DELETE FROM members WHERE id = $1', [memberId]);
  });

  it('rolls back any change that would leave the organisation without an active administrator (409)', async () => {
    // No route can get there while an administrator cannot deactivate themself (the caller stays
    // one); the rule itself is checked at the end of every change, so it holds whatever the change.
    const org = await signUpOrganisation(api, 'Last Admin Co');
    const change = asAdministrator(api.db, { orgId: org.orgId, memberId: org.adminMemberId }, (tx) =>
      tx.query('UPDATE members SET is_active = false WHERE org_id = $1', [org.orgId]),
    );
    await expect(change).rejects.toMatchObject({ status: 409, message: LAST_ACTIVE_ADMIN });
    const { rows } = await api.db.query<{ is_active: boolean }>('SELECT is_active FROM members WHERE id = $1', [org.adminMemberId]);
    expect(rows[0]?.is_active).toBe(true);
  });

  it('answers 404 for an id of another organisation, on every route, and changes nothing', async () => {
    const path = `/api/users/${rivalMemberId}`;
    const attempts = [
      asAdmin('GET', path),
      asAdmin('PUT', path, { name: 'Hijacked' }),
      asAdmin('DELETE', path),
      asAdmin('PATCH', `${path}/toggle-license`, { hasLicense: true }),
      asAdmin('PATCH', `${path}/toggle-status`, { isActive: false }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'User not found.' });
    }
    const bulk = await asAdmin('PATCH', '/api/users/bulk', { userIds: [rivalMemberId], updates: { hasLicense: true } });
    expect(bulk.status).toBe(404);
    const { rows } = await api.db.query<{ name: string; has_license: boolean; is_active: boolean }>(
      'SELECT name, has_license, is_active FROM members WHERE id = $1',
      [rivalMemberId],
    );
    expect(rows[0]).toEqual({ name: 'Maria Rival', has_license: false, is_active: true });
  });
});

describe('changing users', () => {
  let created: string;

  beforeEach(async () => {
    const response = await asAdmin('POST', '/api/users', {
      name: 'Cody Reyes',
      email: 'Cody.Reyes@Summit.test',
      phoneNumber: '+18015550111',
    });
    const { user } = await json(UserResponseSchema, response, 201);
    created = user.userId;
  });

  const cleanup = () => api.db.query("DELETE FROM member_rows WHERE email IN ('cody.reyes@summit.test', 'cody@summit.test')");

  it('creates with defaults Field Worker, no licence, active; reads and deletes', async () => {
    const { user } = await json(UserResponseSchema, await asAdmin('GET', `/api/users/${created}`));
    expect(user).toMatchObject({
      name: 'Cody Reyes',
      email: 'cody.reyes@summit.test',
      phoneNumber: '+18015550111',
      role: 'Field Worker',
      hasLicense: false,
      isActive: true,
      devicePhoneNumber: null,
      lastActiveAt: null,
    });
    const deleted = await asAdmin('DELETE', `/api/users/${created}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: 'Cody Reyes was removed.' });
    expect((await asAdmin('GET', `/api/users/${created}`)).status).toBe(404);
    // In Recently deleted (tests/server/users-restore.test.ts) until the clean-up: removed here.
    await cleanup();
  });

  it('answers 409 for an email already in the organisation, 400 naming a bad field', async () => {
    const duplicate = await asAdmin('POST', '/api/users', {
      name: 'Other Cody',
      email: 'cody.reyes@summit.test',
      phoneNumber: '+18015550112',
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      message: 'A user with the email cody.reyes@summit.test already exists in this organisation.',
      field: 'email',
    });
    const badPhone = await asAdmin('POST', '/api/users', { name: 'X', email: 'x@summit.test', phoneNumber: '5551234' });
    expect(badPhone.status).toBe(400);
    expect(await badPhone.json()).toEqual({ message: 'phoneNumber must be a valid phone number in E.164 form', field: 'phoneNumber' });
    const badRole = await asAdmin('POST', '/api/users', { name: 'X', email: 'x@summit.test', phoneNumber: '+15551234567', role: 'Boss' });
    expect(await badRole.json()).toMatchObject({ field: 'role' });
    await cleanup();
  });

  it('updates with PUT, validates the updates and keeps emails unique', async () => {
    const { user } = await json(
      UserResponseSchema,
      await asAdmin('PUT', `/api/users/${created}`, { role: 'Supervisor', email: 'cody@summit.test' }),
    );
    expect(user).toMatchObject({ role: 'Supervisor', email: 'cody@summit.test', name: 'Cody Reyes' });
    const empty = await asAdmin('PUT', `/api/users/${created}`, {});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ message: 'updates must change at least one field' });
    const unknown = await asAdmin('PUT', `/api/users/${created}`, { salary: 1 });
    expect(unknown.status).toBe(400);
    const taken = await asAdmin('PUT', `/api/users/${created}`, { email: 'maria.garcia@summit.test' });
    expect(taken.status).toBe(409);
    await cleanup();
  });

  it('sets licence and status to the wanted value, and the stats follow', async () => {
    const before = await json(UserStatsSchema, await asAdmin('GET', '/api/users/stats'));
    const licensed = await json(UserResponseSchema, await asAdmin('PATCH', `/api/users/${created}/toggle-license`, { hasLicense: true }));
    expect(licensed.user.hasLicense).toBe(true);
    const pending = await json(UserResponseSchema, await asAdmin('PATCH', `/api/users/${created}/toggle-status`, { isActive: false }));
    expect(pending.user.isActive).toBe(false);
    const after = await json(UserStatsSchema, await asAdmin('GET', '/api/users/stats'));
    expect(after).toEqual({ total: before.total, active: before.active - 1, pending: before.pending + 1, licensed: before.licensed + 1 });
    await cleanup();
  });

  it('states intent: the same change twice (a retry, two administrators) leaves the wanted value, not a flip back', async () => {
    const other = crypto.randomUUID();
    await addMembers(api, summit.orgId, [
      { name: 'Second Admin', email: 'second.admin@summit.test', phoneNumber: '+15550004444', role: 'Admin', cognitoSub: other },
    ]);
    const paths = [`/api/users/${created}/toggle-license`, `/api/users/${created}/toggle-status`];
    const first = await json(UserResponseSchema, await asAdmin('PATCH', paths[0] as string, { hasLicense: true }));
    const second = await json(UserResponseSchema, await api.call('PATCH', paths[0] as string, { sub: other, body: { hasLicense: true } }));
    expect([first.user.hasLicense, second.user.hasLicense]).toEqual([true, true]);
    // Setting what is already there changes nothing (not even the version).
    expect(second.user.version).toBe(first.user.version);
    for (let i = 0; i < 2; i++) {
      const { user } = await json(UserResponseSchema, await asAdmin('PATCH', paths[1] as string, { isActive: false }));
      expect(user.isActive).toBe(false);
    }
    const { user } = await json(UserResponseSchema, await asAdmin('GET', `/api/users/${created}`));
    expect(user).toMatchObject({ hasLicense: true, isActive: false });
    for (const [path, body, field] of [
      // (No body, or `{}`, is SPEC §7's flip: tests/server/users-toggle.test.ts.)
      [paths[0], { hasLicense: 'yes' }, 'hasLicense'],
      [paths[1], { isActive: 'no' }, 'isActive'],
      [paths[0], { hasLicense: true, role: 'Admin' }, 'role'],
    ] as const) {
      const bad = await asAdmin('PATCH', path as string, body);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ field });
    }
    await api.db.query('DELETE FROM members WHERE cognito_sub = $1', [other]);
    await cleanup();
  });

  it('counts versions: 1 when created, one more after every change; an edit from an older version is 409 and changes nothing', async () => {
    const read = async () => (await json(UserResponseSchema, await asAdmin('GET', `/api/users/${created}`))).user;
    expect((await read()).version).toBe(1);
    await json(UserResponseSchema, await asAdmin('PATCH', `/api/users/${created}/toggle-license`, { hasLicense: true }));
    await json(
      BulkUpdateResponseSchema,
      await asAdmin('PATCH', '/api/users/bulk', { userIds: [created], updates: { role: 'Supervisor' } }),
    );
    const edited = await json(UserResponseSchema, await asAdmin('PUT', `/api/users/${created}`, { name: 'Cody R. Reyes', version: 3 }));
    expect(edited.user).toMatchObject({ name: 'Cody R. Reyes', version: 4 });

    // An Edit dialog opened at version 3: another administrator has saved since.
    const stale = await asAdmin('PUT', `/api/users/${created}`, { name: 'Cody Overwritten', role: 'Field Worker', version: 3 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toEqual({ message: 'This member was changed by someone else', field: 'version' });
    expect(await read()).toMatchObject({ name: 'Cody R. Reyes', role: 'Supervisor', version: 4 });
    // Without a version, SPEC §7's PUT: the last write wins.
    expect((await json(UserResponseSchema, await asAdmin('PUT', `/api/users/${created}`, { name: 'Cody Reyes' }))).user.version).toBe(5);
    const onlyVersion = await asAdmin('PUT', `/api/users/${created}`, { version: 5 });
    expect(onlyVersion.status).toBe(400);
    expect(await onlyVersion.json()).toMatchObject({ message: 'updates must change at least one field' });
    await cleanup();
  });

  it('bulk-updates the selected users of the organisation, all or nothing', async () => {
    const list = await json(UserListResponseSchema, await asAdmin('GET', '/api/users?search=summit.test&role=Field%20Worker'));
    const ids = list.users.map((u) => u.userId);
    const result = await json(
      BulkUpdateResponseSchema,
      await asAdmin('PATCH', '/api/users/bulk', { userIds: ids, updates: { hasLicense: true } }),
    );
    expect(result.updated).toBe(ids.length);
    const after = await json(UserListResponseSchema, await asAdmin('GET', '/api/users?search=summit.test&role=Field%20Worker'));
    expect(after.users.every((u) => u.hasLicense)).toBe(true);

    const mixed = await asAdmin('PATCH', '/api/users/bulk', { userIds: [created, rivalMemberId], updates: { role: 'Supervisor' } });
    expect(mixed.status).toBe(404);
    const { user } = await json(UserResponseSchema, await asAdmin('GET', `/api/users/${created}`));
    expect(user.role).toBe('Field Worker');

    const bad = await asAdmin('PATCH', '/api/users/bulk', { userIds: [], updates: { hasLicense: true } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ field: 'userIds' });
    const badUpdate = await asAdmin('PATCH', '/api/users/bulk', { userIds: [created], updates: { name: 'x' } });
    expect(badUpdate.status).toBe(400);
    await api.db.query('UPDATE members SET has_license = false WHERE id = ANY($1::text[])', [ids.filter((id) => id !== created)]);
    await cleanup();
  });

  it('refuses to let the administrator delete, deactivate or demote themself', async () => {
    const self = `/api/users/${summit.adminMemberId}`;
    const attempts: Array<[Promise<Response>, string]> = [
      [asAdmin('DELETE', self), 'You cannot delete your own account.'],
      [asAdmin('PATCH', `${self}/toggle-status`, { isActive: false }), 'You cannot deactivate your own account.'],
      [asAdmin('PUT', self, { isActive: false }), 'You cannot deactivate your own account.'],
      [asAdmin('PUT', self, { role: 'Supervisor' }), 'You cannot remove your own Admin role.'],
      [
        asAdmin('PATCH', '/api/users/bulk', { userIds: [created, summit.adminMemberId], updates: { isActive: false } }),
        'You cannot deactivate your own account.',
      ],
    ];
    for (const [response, message] of attempts) {
      const r = await response;
      expect(r.status).toBe(400);
      expect(((await r.json()) as { message: string }).message).toBe(message);
    }
    const { user } = await json(UserResponseSchema, await asAdmin('GET', `/api/users/${created}`));
    expect(user.isActive).toBe(true);
    await cleanup();
  });
});

describe('inviting', () => {
  it('creates the member and the pool account with a temporary password meeting the policy', async () => {
    const response = await asAdmin('POST', '/api/users/invite', {
      name: 'Hector Cruz',
      email: 'hector@summit.test',
      phoneNumber: '+19175550100',
      role: 'Supervisor',
      hasLicense: true,
      isActive: true,
    });
    const { user } = await json(UserResponseSchema, response, 201);
    expect(user).toMatchObject({ name: 'Hector Cruz', role: 'Supervisor', hasLicense: true, isActive: true });
    const account = api.userPool.created.find((a) => a.email === 'hector@summit.test');
    expect(account).toMatchObject({ name: 'Hector Cruz', phoneNumber: '+19175550100', organization: 'Summit Test Builders' });
    expect(account?.temporaryPassword).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z\d]).{12}$/);
    const { rows } = await api.db.query<{ cognito_sub: string }>('SELECT cognito_sub FROM members WHERE id = $1', [user.userId]);
    expect(rows[0]?.cognito_sub).toBe(account?.sub);

    const again = await asAdmin('POST', '/api/users/invite', {
      name: 'Hector Again',
      email: 'HECTOR@summit.test',
      phoneNumber: '+19175550101',
    });
    expect(again.status).toBe(409);
    expect(api.userPool.created.filter((a) => a.email === 'hector@summit.test')).toHaveLength(1);
  });

  it('leaves no member row when the user pool refuses the account', async () => {
    api.userPool.failWith = new ApiError(502, 'The user pool could not create the account. Nothing was changed; try again in a moment.');
    try {
      const response = await asAdmin('POST', '/api/users/invite', {
        name: 'Lost Invite',
        email: 'lost@summit.test',
        phoneNumber: '+19175550102',
      });
      expect(response.status).toBe(502);
      expect(await response.json()).toEqual({
        message: 'The user pool could not create the account. Nothing was changed; try again in a moment.',
      });
      api.userPool.failWith = new Error('socket hang up');
      expect(
        (await asAdmin('POST', '/api/users/invite', { name: 'Lost Invite', email: 'lost@summit.test', phoneNumber: '+19175550102' }))
          .status,
      ).toBe(500);
    } finally {
      api.userPool.failWith = null;
    }
    const { rows } = await api.db.query('SELECT 1 FROM members WHERE email = $1', ['lost@summit.test']);
    expect(rows).toHaveLength(0);
  });

  it('answers the same member (200) to the same invitation sent again, 409 to a different member with that email', async () => {
    const body = {
      name: 'Ines Ortiz',
      email: 'ines@summit.test',
      phoneNumber: '+19175550104',
      role: 'Field Worker',
      hasLicense: false,
      isActive: true,
    };
    const first = await json(UserResponseSchema, await asAdmin('POST', '/api/users/invite', body), 201);
    // A double submit, or a retry after the console gave up waiting: the same member, no second account.
    const again = await json(UserResponseSchema, await asAdmin('POST', '/api/users/invite', { ...body, email: 'INES@summit.test' }), 200);
    expect(again.user.userId).toBe(first.user.userId);
    expect(api.userPool.created.filter((a) => a.email === 'ines@summit.test')).toHaveLength(1);
    // Another person with that email (another name), or a member added without an invitation: 409.
    const other = await asAdmin('POST', '/api/users/invite', { ...body, name: 'Ines Other' });
    expect(other.status).toBe(409);
    expect(await other.json()).toEqual({
      message: 'A user with the email ines@summit.test already exists in this organisation.',
      field: 'email',
    });
    await json(
      UserResponseSchema,
      await asAdmin('POST', '/api/users', { name: 'Plain Add', email: 'plain.add@summit.test', phoneNumber: '+19175550105' }),
      201,
    );
    expect(
      (await asAdmin('POST', '/api/users/invite', { name: 'Plain Add', email: 'plain.add@summit.test', phoneNumber: '+19175550105' }))
        .status,
    ).toBe(409);
    expect(api.userPool.created.filter((a) => a.email === 'plain.add@summit.test')).toHaveLength(0);
  });

  it('answers 409 while another process is still creating that invitation, and takes over one left half-made', async () => {
    const body = {
      name: 'Half Made',
      email: 'half.made@summit.test',
      phoneNumber: '+19175550106',
      role: 'Supervisor',
      hasLicense: true,
      isActive: false,
    };
    // What another API process leaves while it waits on the user pool: the row, no account yet.
    const [id = ''] = await addMembers(api, summit.orgId, [
      { name: body.name, email: body.email, phoneNumber: body.phoneNumber, role: body.role, hasLicense: true, isActive: false },
    ]);
    await api.db.query('UPDATE members SET invited_at = now() WHERE id = $1', [id]);
    const busy = await asAdmin('POST', '/api/users/invite', body);
    expect(busy.status).toBe(409);
    expect(await busy.json()).toEqual({
      message: 'The invitation of half.made@summit.test is still being created. Try again in a moment.',
      field: 'email',
    });
    expect(api.userPool.created.filter((a) => a.email === body.email)).toHaveLength(0);

    // That process stopped half-way long ago: this request finishes the invitation.
    await api.db.query("UPDATE members SET invited_at = now() - interval '10 minutes' WHERE id = $1", [id]);
    const resumed = await json(UserResponseSchema, await asAdmin('POST', '/api/users/invite', body), 200);
    expect(resumed.user.userId).toBe(id);
    const account = api.userPool.created.find((a) => a.email === body.email);
    const { rows } = await api.db.query<{ cognito_sub: string }>('SELECT cognito_sub FROM members WHERE id = $1', [id]);
    expect(rows[0]?.cognito_sub).toBe(account?.sub);
  });

  it('answers 400 naming the field for a bad invite', async () => {
    const response = await asAdmin('POST', '/api/users/invite', { name: '', email: 'x@summit.test', phoneNumber: '+19175550103' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'name is required', field: 'name' });
  });
});
