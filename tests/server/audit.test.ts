// @vitest-environment node
/**
 * The activity trail (issue 14): every administrator change through the real routes writes one
 * entry (who, what, which member, before and after) in the change's own transaction, and a change
 * that is refused or fails writes none; GET /api/audit reads the caller's organisation only, newest
 * first, paged and filtered. Runs on PGlite and, under `npm run test:postgres`, on PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApiErrorBodySchema, UpdateSubscriptionResponseSchema } from '../../src/contract/api';
import { AuditListResponseSchema, type AuditEntry, type AuditListResponse } from '../../src/contract/audit';
import { serverModules } from '../../server';
import { recordAudit } from '../../server/audit';
import { createApi } from '../../src/services/api';
import { ApiError } from '../../server/core/module';
import { addMembers, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';
import { listMigrations } from '../../server/core/migrate';
import { migrationSql } from './support/db';

let api: TestApi;
let summit: TestOrg;
let rival: TestOrg;
const SUMMIT_ADMIN = { name: 'Admin of Summit Audit Builders', email: 'boss@summit-audit.test' };

beforeAll(async () => {
  api = await createTestApi(serverModules);
  summit = await signUpOrganisation(api, 'Summit Audit Builders', SUMMIT_ADMIN.email);
  rival = await signUpOrganisation(api, 'Rival Audit Co', 'boss@rival-audit.test');
}, 120_000); // PGlite's WASM start-up takes a few seconds, far more on a busy machine
afterAll(() => api?.close());

let phoneCounter = 0;
/** A member of `org` added directly (a fixture), with a unique email and phone. */
async function newMember(org: TestOrg, overrides: { name?: string; hasLicense?: boolean; isActive?: boolean; role?: string } = {}) {
  phoneCounter += 1;
  const name = overrides.name ?? `Crew Member ${phoneCounter}`;
  const email = `crew${phoneCounter}.${crypto.randomUUID().slice(0, 6)}@audit.test`;
  const [id = ''] = await addMembers(api, org.orgId, [
    { name, email, phoneNumber: `+1415555${String(1000 + phoneCounter).slice(-4)}`, ...overrides },
  ]);
  return { id, name, email };
}

async function send(org: TestOrg, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }> {
  const res = await api.call(method, path, { sub: org.adminSub, ...(body === undefined ? {} : { body }) });
  return { status: res.status, body: (await res.json()) as unknown };
}

async function trail(sub: string, query = ''): Promise<AuditListResponse> {
  const res = await api.call('GET', `/api/audit${query}`, { sub });
  const body: unknown = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(200);
  return v.parse(AuditListResponseSchema, body);
}

/** Every entry about one member, newest first (as the organisation's administrator reads them). */
async function entriesAbout(memberId: string, org: TestOrg = summit): Promise<AuditEntry[]> {
  return (await trail(org.adminSub, `?memberId=${encodeURIComponent(memberId)}&limit=100`)).entries;
}

async function countEntries(): Promise<number> {
  const { rows } = await api.db.query<{ n: number }>('SELECT count(*)::int AS n FROM audit_entries');
  return rows[0]?.n ?? 0;
}

const summitActor = () => ({ memberId: summit.adminMemberId, ...SUMMIT_ADMIN });

describe('each change writes one entry: who, what, which member, before and after', () => {
  it('member.created (POST /api/users), with the details the member was created with', async () => {
    const res = await send(summit, 'POST', '/api/users', {
      name: 'Nadia Flores',
      email: 'nadia.flores@audit.test',
      phoneNumber: '+14155550177',
      role: 'Supervisor',
      hasLicense: true,
    });
    expect(res.status).toBe(201);
    const { user } = res.body as { user: { userId: string } };
    const entries = await entriesAbout(user.userId);
    expect(entries).toEqual([
      {
        id: expect.any(String),
        kind: 'member.created',
        createdAt: expect.any(String),
        actor: summitActor(),
        member: { memberId: user.userId, name: 'Nadia Flores', email: 'nadia.flores@audit.test' },
        before: null,
        after: {
          name: 'Nadia Flores',
          email: 'nadia.flores@audit.test',
          phoneNumber: '+14155550177',
          role: 'Supervisor',
          hasLicense: true,
          isActive: true,
        },
      },
    ]);
    expect(Math.abs(Date.parse(entries[0]?.createdAt ?? '') - Date.now())).toBeLessThan(60_000);
  });

  it('member.invited once the account exists; the same invitation again and a refused one write nothing', async () => {
    const invitation = { name: 'Omar Haddad', email: 'omar.haddad@audit.test', phoneNumber: '+14155550178' };
    const first = await send(summit, 'POST', '/api/users/invite', invitation);
    expect(first.status).toBe(201);
    const { user } = first.body as { user: { userId: string } };
    expect(await entriesAbout(user.userId)).toEqual([
      expect.objectContaining({
        kind: 'member.invited',
        actor: summitActor(),
        member: { memberId: user.userId, name: 'Omar Haddad', email: 'omar.haddad@audit.test' },
        before: null,
        after: {
          name: 'Omar Haddad',
          email: 'omar.haddad@audit.test',
          phoneNumber: '+14155550178',
          role: 'Field Worker',
          hasLicense: false,
          isActive: true,
        },
      }),
    ]);

    const total = await countEntries();
    expect((await send(summit, 'POST', '/api/users/invite', invitation)).status).toBe(200); // found, not made again
    expect((await send(summit, 'POST', '/api/users/invite', { ...invitation, name: 'Someone Else' })).status).toBe(409);
    api.userPool.failWith = new ApiError(502, 'The user pool could not create the account. Nothing was changed; try again in a moment.');
    try {
      const refused = await send(summit, 'POST', '/api/users/invite', { ...invitation, email: 'never.made@audit.test' });
      expect(refused.status).toBe(502);
    } finally {
      api.userPool.failWith = null;
    }
    expect(await countEntries()).toBe(total);
    const { rows } = await api.db.query('SELECT 1 FROM members WHERE email = $1', ['never.made@audit.test']);
    expect(rows).toEqual([]);
  });

  it('member.edited (PUT) with only the fields that changed; a stale, duplicate or no-op edit writes nothing', async () => {
    const member = await newMember(summit, { name: 'Priya Old' });
    const edited = await send(summit, 'PUT', `/api/users/${member.id}`, { name: 'Priya Patel', role: 'Project Manager', version: 1 });
    expect(edited.status).toBe(200);
    expect(await entriesAbout(member.id)).toEqual([
      expect.objectContaining({
        kind: 'member.edited',
        actor: summitActor(),
        member: { memberId: member.id, name: 'Priya Patel', email: member.email },
        before: { name: 'Priya Old', role: 'Field Worker' },
        after: { name: 'Priya Patel', role: 'Project Manager' },
      }),
    ]);

    const other = await newMember(summit);
    const stale = await send(summit, 'PUT', `/api/users/${member.id}`, { name: 'Stale Edit', version: 1 });
    const duplicate = await send(summit, 'PUT', `/api/users/${member.id}`, { email: other.email });
    const same = await send(summit, 'PUT', `/api/users/${member.id}`, { name: 'Priya Patel', role: 'Project Manager' });
    expect([stale.status, duplicate.status, same.status]).toEqual([409, 409, 200]);
    expect(await entriesAbout(member.id)).toHaveLength(1);
  });

  it('member.license and member.status; setting what is already there, or deactivating yourself, writes nothing', async () => {
    const member = await newMember(summit, { hasLicense: false, isActive: true });
    expect((await send(summit, 'PATCH', `/api/users/${member.id}/toggle-license`, { hasLicense: true })).status).toBe(200);
    expect((await send(summit, 'PATCH', `/api/users/${member.id}/toggle-license`, { hasLicense: true })).status).toBe(200);
    expect((await send(summit, 'PATCH', `/api/users/${member.id}/toggle-status`, { isActive: false })).status).toBe(200);
    expect((await send(summit, 'PATCH', `/api/users/${member.id}/toggle-status`, { isActive: false })).status).toBe(200);
    const selfOff = await send(summit, 'PATCH', `/api/users/${summit.adminMemberId}/toggle-status`, { isActive: false });
    expect(selfOff.status).toBe(400);

    const entries = await entriesAbout(member.id);
    expect(entries.map(({ kind, before, after }) => ({ kind, before, after }))).toEqual([
      { kind: 'member.status', before: { isActive: true }, after: { isActive: false } },
      { kind: 'member.license', before: { hasLicense: false }, after: { hasLicense: true } },
    ]);
    expect(entries.every((e) => e.actor.memberId === summit.adminMemberId && e.member.memberId === member.id)).toBe(true);
    expect(await entriesAbout(summit.adminMemberId)).toEqual([]);
  });

  it('members.bulk: one entry per member it changed, found by the member filter; an unknown id rolls everything back', async () => {
    const unlicensed = await newMember(summit, { hasLicense: false, role: 'Field Worker' });
    const licensed = await newMember(summit, { hasLicense: true, role: 'Supervisor' });
    const res = await send(summit, 'PATCH', '/api/users/bulk', {
      userIds: [unlicensed.id, licensed.id],
      updates: { hasLicense: true, role: 'Supervisor' },
    });
    // Both named, one changed (its id answered, for the console's Undo).
    expect(res.body).toEqual({ updated: 2, changedIds: [unlicensed.id] });
    expect(await entriesAbout(unlicensed.id)).toEqual([
      expect.objectContaining({
        kind: 'members.bulk',
        actor: summitActor(),
        member: { memberId: unlicensed.id, name: unlicensed.name, email: unlicensed.email },
        before: { role: 'Field Worker', hasLicense: false },
        after: { role: 'Supervisor', hasLicense: true },
      }),
    ]);
    // Already licensed and a supervisor: nothing changed for them, so no entry.
    expect(await entriesAbout(licensed.id)).toEqual([]);

    const total = await countEntries();
    const missing = await send(summit, 'PATCH', '/api/users/bulk', {
      userIds: [unlicensed.id, 'no-such-member'],
      updates: { isActive: false },
    });
    expect(missing.status).toBe(404);
    expect(await countEntries()).toBe(total);
  });

  it('member.deleted keeps who it was; the entries stay findable by the member id after the deletion', async () => {
    const member = await newMember(summit, { name: 'Leaving Soon', role: 'Supervisor', hasLicense: true });
    expect((await send(summit, 'PATCH', `/api/users/${member.id}/toggle-license`, { hasLicense: false })).status).toBe(200);
    expect((await send(summit, 'DELETE', `/api/users/${member.id}`)).status).toBe(200);
    expect((await send(summit, 'DELETE', `/api/users/${member.id}`)).status).toBe(404);
    const entries = await entriesAbout(member.id);
    expect(entries.map((e) => e.kind)).toEqual(['member.deleted', 'member.license']);
    expect(entries[0]).toEqual(
      expect.objectContaining({
        actor: summitActor(),
        member: { memberId: member.id, name: 'Leaving Soon', email: member.email },
        before: {
          name: 'Leaving Soon',
          email: member.email,
          phoneNumber: expect.stringMatching(/^\+1415555/),
          role: 'Supervisor',
          hasLicense: false,
          isActive: true,
        },
        after: null,
      }),
    );
  });

  it('subscription.plan_changed, subscription.canceled and subscription.reactivated; refused billing calls write nothing', async () => {
    const member = await newMember(summit);
    const path = (call: string) => `/api/admin/billing/${call}?userId=${member.id}`;
    const kinds = async () => (await entriesAbout(member.id)).map((e) => e.kind);

    // No card yet: a payment setup starts, nothing has changed for the member.
    const setup = await send(summit, 'POST', path('update-subscription'), { planType: 'pro' });
    expect(setup.status).toBe(200);
    expect(await kinds()).toEqual([]);
    const setupIntentId = (v.parse(UpdateSubscriptionResponseSchema, setup.body).clientSecret ?? '').split('_secret_')[0] ?? '';

    expect((await send(summit, 'POST', path('complete-subscription'), { setupIntentId, planType: 'pro' })).status).toBe(200);
    expect((await send(summit, 'POST', path('complete-subscription'), { setupIntentId, planType: 'pro' })).status).toBe(409);
    // Down to Lite: at the end of the period (a scheduled change), then the same again is refused.
    expect((await send(summit, 'POST', path('update-subscription'), { planType: 'lite' })).status).toBe(200);
    expect((await send(summit, 'POST', path('update-subscription'), { planType: 'lite' })).status).toBe(400);
    const cancel = (cancelAtPeriodEnd: boolean, reason?: string) =>
      send(summit, 'POST', '/api/admin/billing/cancel-subscription', {
        userId: member.id,
        cancelAtPeriodEnd,
        ...(reason ? { reason } : {}),
      });
    expect((await cancel(true, '  Seasonal crew  ')).status).toBe(200);
    expect((await cancel(true)).status).toBe(400);
    expect((await cancel(false)).status).toBe(200); // withdraws the scheduled cancellation
    expect((await cancel(false)).status).toBe(200); // cancels now
    expect((await cancel(false)).status).toBe(400);

    const entries = await entriesAbout(member.id);
    expect(entries.every((e) => e.actor.memberId === summit.adminMemberId && e.member.memberId === member.id)).toBe(true);
    const scheduledAt = (entries.find((e) => e.kind === 'subscription.change_scheduled')?.after ?? {})['scheduledChangeAt'];
    expect(scheduledAt).toEqual(expect.stringMatching(/^\d{4}-\d\d-\d\dT/));
    expect(entries.map(({ kind, before, after }) => ({ kind, before, after })).reverse()).toEqual([
      { kind: 'subscription.plan_changed', before: null, after: { planType: 'pro', status: 'active', cancelAtPeriodEnd: false } },
      {
        kind: 'subscription.change_scheduled',
        before: { scheduledPlanType: null, scheduledChangeAt: null },
        after: { scheduledPlanType: 'lite', scheduledChangeAt: scheduledAt },
      },
      {
        kind: 'subscription.canceled',
        before: { planType: 'pro', status: 'active', cancelAtPeriodEnd: false },
        after: { planType: 'pro', status: 'active', cancelAtPeriodEnd: true, reason: 'Seasonal crew' },
      },
      {
        kind: 'subscription.reactivated',
        before: { planType: 'pro', status: 'active', cancelAtPeriodEnd: true },
        after: { planType: 'pro', status: 'active', cancelAtPeriodEnd: false },
      },
      {
        kind: 'subscription.canceled',
        before: { planType: 'pro', status: 'active', cancelAtPeriodEnd: false },
        after: { planType: 'pro', status: 'canceled', cancelAtPeriodEnd: false },
      },
    ]);

    // A canceled member with a card on file subscribes again: a plan change from the canceled one.
    expect((await send(summit, 'POST', path('update-subscription'), { planType: 'lite' })).status).toBe(200);
    expect((await entriesAbout(member.id))[0]).toEqual(
      expect.objectContaining({
        kind: 'subscription.plan_changed',
        before: { planType: 'pro', status: 'canceled', cancelAtPeriodEnd: false },
        after: { planType: 'lite', status: 'active', cancelAtPeriodEnd: false },
      }),
    );
  });

  it('payment_method.page_opened says when the link expires and never holds the link', async () => {
    const member = await newMember(summit);
    const res = await send(summit, 'POST', '/api/admin/billing/update-payment-method', { userId: member.id });
    expect(res.status).toBe(200);
    const { hostedUrl } = res.body as { hostedUrl: string };
    const token = hostedUrl.split('/').at(-1) ?? '';
    const [entry, ...rest] = await entriesAbout(member.id);
    expect(rest).toEqual([]);
    expect(entry).toEqual(
      expect.objectContaining({
        kind: 'payment_method.page_opened',
        actor: summitActor(),
        member: { memberId: member.id, name: member.name, email: member.email },
        before: null,
        after: { expiresAt: expect.any(String) },
      }),
    );
    const expiresIn = Date.parse(String(entry?.after?.['expiresAt'])) - Date.now();
    expect(expiresIn).toBeGreaterThan(55 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    const { rows } = await api.db.query<{ row: string }>('SELECT row_to_json(a)::text AS row FROM audit_entries a WHERE member_id = $1', [
      member.id,
    ]);
    expect(token.length).toBeGreaterThan(20);
    expect(rows[0]?.row).not.toContain(token);
  });
});

describe('an entry commits or rolls back with its change', () => {
  it('a billing change that fails after its entry was written leaves neither the change nor the entry', async () => {
    const member = await newMember(summit);
    const start = await send(summit, 'POST', `/api/admin/billing/update-subscription?userId=${member.id}`, { planType: 'lite' });
    const setupIntentId = (v.parse(UpdateSubscriptionResponseSchema, start.body).clientSecret ?? '').split('_secret_')[0] ?? '';
    expect(
      (await send(summit, 'POST', `/api/admin/billing/complete-subscription?userId=${member.id}`, { setupIntentId, planType: 'lite' }))
        .status,
    ).toBe(200);
    const before = await entriesAbout(member.id);
    // The plan change records its entry, then charges the new plan: the invoice store refuses.
    await api.db.exec(`
      CREATE FUNCTION audit_test_refuse_invoice() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'invoice store down'; END $$;
      CREATE TRIGGER audit_test_refuse_invoice BEFORE INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION audit_test_refuse_invoice();
    `);
    try {
      const res = await send(summit, 'POST', `/api/admin/billing/update-subscription?userId=${member.id}`, { planType: 'pro' });
      expect(res.status).toBe(500);
    } finally {
      await api.db.exec('DROP TRIGGER audit_test_refuse_invoice ON invoices; DROP FUNCTION audit_test_refuse_invoice();');
    }
    expect(await entriesAbout(member.id)).toEqual(before);
    const { rows } = await api.db.query<{ plan_type: string }>('SELECT plan_type FROM subscriptions WHERE member_id = $1', [member.id]);
    expect(rows).toEqual([{ plan_type: 'lite' }]);
  });

  it('a member change whose entry cannot be written is not made', async () => {
    const member = await newMember(summit, { role: 'Field Worker' });
    await api.db.exec(`
      CREATE FUNCTION audit_test_refuse_entry() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'audit store down'; END $$;
      CREATE TRIGGER audit_test_refuse_entry BEFORE INSERT ON audit_entries FOR EACH ROW EXECUTE FUNCTION audit_test_refuse_entry();
    `);
    try {
      const res = await send(summit, 'PUT', `/api/users/${member.id}`, { role: 'Supervisor' });
      expect(res.status).toBe(500);
    } finally {
      await api.db.exec('DROP TRIGGER audit_test_refuse_entry ON audit_entries; DROP FUNCTION audit_test_refuse_entry();');
    }
    const { rows } = await api.db.query<{ role: string; version: number }>('SELECT role, version FROM members WHERE id = $1', [member.id]);
    expect(rows).toEqual([{ role: 'Field Worker', version: 1 }]);
    expect(await entriesAbout(member.id)).toEqual([]);
  });

  it('refuses (409) an entry whose actor is not a member of the organisation, writing nothing', async () => {
    const member = await newMember(summit);
    const total = await countEntries();
    const attempt = api.db.transaction((tx) =>
      recordAudit(
        tx,
        { orgId: rival.orgId, memberId: summit.adminMemberId },
        { kind: 'member.license', member, before: { hasLicense: false }, after: { hasLicense: true } },
      ),
    );
    await expect(attempt).rejects.toMatchObject({ status: 409 });
    expect(await countEntries()).toBe(total);
  });
});

describe('GET /api/audit', () => {
  it('shows an organisation its own entries only, by list and by member filter', async () => {
    const rivalMember = await newMember(rival);
    expect((await send(rival, 'PATCH', `/api/users/${rivalMember.id}/toggle-license`, { hasLicense: true })).status).toBe(200);
    const summitMember = await newMember(summit);
    expect((await send(summit, 'PATCH', `/api/users/${summitMember.id}/toggle-license`, { hasLicense: true })).status).toBe(200);

    const rivalTrail = await trail(rival.adminSub, '?limit=100');
    expect(rivalTrail.entries.map((e) => e.member.memberId)).toEqual([rivalMember.id]);
    expect(rivalTrail.total).toBe(1);
    expect(await trail(rival.adminSub, `?memberId=${summitMember.id}`)).toEqual({ entries: [], total: 0, page: 1, limit: 25 });
    const summitTrail = await trail(summit.adminSub, '?limit=100');
    expect(summitTrail.entries.some((e) => e.member.memberId === rivalMember.id)).toBe(false);
    expect(await trail(summit.adminSub, `?memberId=${rivalMember.id}`)).toEqual({ entries: [], total: 0, page: 1, limit: 25 });
  });

  it('pages newest first with the id breaking ties (a bulk change shares one time), filtered by member and kind', async () => {
    const org = await signUpOrganisation(api, 'Paging Audit Co');
    const crew = await Promise.all([1, 2, 3, 4, 5].map(() => newMember(org, { hasLicense: false })));
    const ids = crew.map((m) => m.id);
    expect((await send(org, 'PATCH', '/api/users/bulk', { userIds: ids, updates: { hasLicense: true } })).status).toBe(200);
    const [first = '', second = ''] = ids;
    expect((await send(org, 'PATCH', `/api/users/${first}/toggle-status`, { isActive: false })).status).toBe(200);
    expect((await send(org, 'PUT', `/api/users/${second}`, { name: 'Renamed Member' })).status).toBe(200);

    const all = await trail(org.adminSub, '?limit=100');
    expect(all.total).toBe(7);
    expect(all.entries.map((e) => e.kind)).toEqual(['member.edited', 'member.status', ...Array(5).fill('members.bulk')]);
    const order = [...all.entries].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0));
    expect(all.entries.map((e) => e.id)).toEqual(order.map((e) => e.id));
    const bulkTimes = new Set(all.entries.filter((e) => e.kind === 'members.bulk').map((e) => e.createdAt));
    expect(bulkTimes.size).toBe(1);

    const pages = await Promise.all([1, 2, 3].map((page) => trail(org.adminSub, `?page=${page}&limit=3`)));
    expect(pages.map((p) => [p.page, p.limit, p.total, p.entries.length])).toEqual([
      [1, 3, 7, 3],
      [2, 3, 7, 3],
      [3, 3, 7, 1],
    ]);
    expect(pages.flatMap((p) => p.entries.map((e) => e.id))).toEqual(all.entries.map((e) => e.id));
    expect(await trail(org.adminSub, '?page=9&limit=3')).toEqual({ entries: [], total: 7, page: 9, limit: 3 });

    const bulk = await trail(org.adminSub, '?kind=members.bulk&limit=2');
    expect(bulk.total).toBe(5);
    expect(bulk.entries.map((e) => e.id)).toEqual(all.entries.slice(2, 4).map((e) => e.id));
    const aboutFirst = await trail(org.adminSub, `?memberId=${first}`);
    expect(aboutFirst.entries.map((e) => e.kind)).toEqual(['member.status', 'members.bulk']);
    const both = await trail(org.adminSub, `?memberId=${first}&kind=member.status`);
    expect(both.entries.map((e) => [e.kind, e.member.memberId])).toEqual([['member.status', first]]);
    expect((await trail(org.adminSub, `?memberId=${first}&kind=member.deleted`)).total).toBe(0);
  });

  it('shows a member who is not an administrator the entries about themself only; others get 403', async () => {
    const org = await signUpOrganisation(api, 'Self Service Audit Co');
    const memberSub = crypto.randomUUID();
    const pendingSub = crypto.randomUUID();
    const [memberId = '', colleagueId = '', pendingId = ''] = await addMembers(api, org.orgId, [
      { name: 'Ines Member', email: 'ines@self.test', phoneNumber: '+14155550190', cognitoSub: memberSub },
      { name: 'Colleague', email: 'colleague@self.test', phoneNumber: '+14155550191' },
      { name: 'Pending Person', email: 'pending@self.test', phoneNumber: '+14155550192', cognitoSub: pendingSub, isActive: false },
    ]);
    for (const id of [memberId, colleagueId, pendingId]) {
      expect((await send(org, 'PATCH', `/api/users/${id}/toggle-license`, { hasLicense: true })).status).toBe(200);
    }

    const own = await trail(memberSub);
    expect(own.total).toBe(1);
    expect(own.entries.map((e) => [e.kind, e.member.memberId])).toEqual([['member.license', memberId]]);
    expect((await trail(memberSub, `?memberId=${memberId}&kind=member.license`)).total).toBe(1);

    const refusals = [
      await api.call('GET', `/api/audit?memberId=${colleagueId}`, { sub: memberSub }),
      await api.call('GET', '/api/audit', { sub: pendingSub }),
      await api.call('GET', '/api/audit', { sub: crypto.randomUUID() }),
      await api.call('GET', '/api/audit'),
    ];
    expect(refusals.map((r) => r.status)).toEqual([403, 403, 403, 401]);
    expect(v.parse(ApiErrorBodySchema, await refusals[0]?.json()).message).toBe('Members can see only the activity about themselves.');
  });

  it('answers 400 with a message naming the parameter for a query that makes no sense', async () => {
    const cases: Array<[string, string]> = [
      ['?page=0', 'page must be a whole number from 1 to 100000'],
      ['?page=abc', 'page must be a whole number from 1 to 100000'],
      ['?limit=101', 'limit must be a whole number from 1 to 100'],
      ['?limit=2.5', 'limit must be a whole number from 1 to 100'],
      ['?kind=member.hacked', 'kind must be one of'],
      ["?kind=member.created'%20OR%201=1", 'kind must be one of'],
      ['?memberId=', 'memberId must not be empty'],
      [`?memberId=${'x'.repeat(101)}`, 'memberId must be at most 100 characters'],
    ];
    for (const [query, message] of cases) {
      const res = await api.call('GET', `/api/audit${query}`, { sub: summit.adminSub });
      expect(res.status, query).toBe(400);
      expect(v.parse(ApiErrorBodySchema, await res.json()).message, query).toContain(message);
    }
  });

  it("is what the console's API client (src/services/api) asks for and reads", async () => {
    const token = await api.keys.sign({ sub: summit.adminSub });
    const client = createApi({
      baseUrl: 'http://api.test',
      getAccessToken: async () => token,
      refreshAccessToken: async () => null,
      onSessionExpired: () => {},
      fetch: async (input, init) => api.app.request(input instanceof Request ? input : new Request(input, init)),
    });
    const member = await newMember(summit);
    expect((await send(summit, 'PATCH', `/api/users/${member.id}/toggle-license`, { hasLicense: true })).status).toBe(200);
    expect((await send(summit, 'PATCH', `/api/users/${member.id}/toggle-status`, { isActive: false })).status).toBe(200);

    const page = await client.audit.list({ memberId: member.id, kind: 'member.license', page: 1, limit: 5 });
    expect(page).toEqual({
      entries: [
        expect.objectContaining({ kind: 'member.license', member: { memberId: member.id, name: member.name, email: member.email } }),
      ],
      total: 1,
      page: 1,
      limit: 5,
    });
    expect((await client.audit.list({ memberId: member.id })).entries.map((e) => e.kind)).toEqual(['member.status', 'member.license']);
    await expect(client.audit.list({ limit: 500 })).rejects.toMatchObject({ status: 400 });
  });
});

describe('the table', () => {
  const kindChecks = async () =>
    (
      await api.db.query<{ conname: string }>(
        `SELECT conname FROM pg_constraint
          WHERE conrelid = 'audit_entries'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%kind%' ORDER BY 1`,
      )
    ).rows.map((r) => r.conname);
  const insertKind = (kind: string) =>
    api.db.query(
      `INSERT INTO audit_entries (id, org_id, actor_id, actor_name, actor_email, kind, member_id, member_name, member_email)
       VALUES (gen_random_uuid()::text, $1, 'a', 'A', 'a@x.test', $2, 'm', 'M', 'm@x.test')`,
      [rival.orgId, kind],
    );

  /**
   * The latest migration that sets the list of kinds (its check, audit_entries_kinds_<hash>): 0002
   * made it, 0008 added billing's three, and a migration that adds more is the one re-run here.
   */
  const KINDS_MIGRATION =
    listMigrations()
      .filter((m) => migrationSql(m.name).includes('audit_entries_kinds'))
      .at(-1)?.name ?? 'no migration sets the audit kinds';

  it("refuses a kind outside the contract's list; a start with the same list changes nothing, one with a new list replaces the check", async () => {
    const [current = '', ...others] = await kindChecks();
    expect(current).toMatch(/^audit_entries_kinds_[0-9a-f]{12}$/);
    expect(others).toEqual([]);
    await expect(insertKind('member.hacked')).rejects.toThrow(current);

    await api.db.exec(migrationSql(KINDS_MIGRATION));
    expect(await kindChecks()).toEqual([current]);

    // A database made when the list was shorter (and by a build that named the check otherwise).
    await api.db.exec(`
      ALTER TABLE audit_entries DROP CONSTRAINT ${current};
      ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_kinds_0123456789ab CHECK (kind IN ('member.created')) NOT VALID;
      ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_kind_check CHECK (kind IN ('member.created', 'member.edited')) NOT VALID;
    `);
    expect(await kindChecks()).toEqual(['audit_entries_kind_check', 'audit_entries_kinds_0123456789ab']);
    await expect(insertKind('member.deleted')).rejects.toThrow(/audit_entries_kinds?_/);
    await api.db.exec(migrationSql(KINDS_MIGRATION));
    expect(await kindChecks()).toEqual([current]);
    await insertKind('member.deleted');
    await api.db.query(`DELETE FROM audit_entries WHERE actor_id = 'a' AND org_id = $1`, [rival.orgId]);
  });
});
