// @vitest-environment node
/**
 * Recently deleted (issue 41 item 3, docs/USERS.md): DELETE moves a member there, where they are
 * counted nowhere else; POST /api/users/{id}/restore brings them back as they were; 30 days after
 * the deletion the clean-up removes them for good, keeping their billing history. The pool is the
 * harness's FakeUserPool (a boundary we do not own); the clean-up runs with an injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BillingOverviewSchema, UserListResponseSchema, UserResponseSchema, UserStatsSchema, type User } from '../../src/contract/api';
import { AuditListResponseSchema, PURGE_ACTOR } from '../../src/contract/audit';
import { signupModule } from '../../server/signup';
import { usersModule } from '../../server/users';
import { billingModule } from '../../server/billing';
import { auditModule } from '../../server/audit';
import { purgeRecentlyDeleted } from '../../server/users/purge';
import { createLocalProvider } from '../../server/billing/localProvider';
import type { BillingProvider } from '../../server/billing/provider';
import { REMOVAL_REASON, endRemovedMembersBilling } from '../../server/billing/removals';
import { createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';
import { breakableStatement } from './support/db';

let api: TestApi;
let org: TestOrg;

/** The restore's write, broken on cue (after the pool has enabled the account). */
const restoreWrite = breakableStatement('SET deleted_at = NULL');
const connectionLost = () => Promise.reject(new Error('connection terminated'));

beforeAll(async () => {
  api = await createTestApi([signupModule, usersModule, billingModule, auditModule], { wrapDatabase: (db) => restoreWrite.wrap(db) });
  org = await signUpOrganisation(api, 'Restore Builders', 'boss@restore.test');
}, 120_000);
afterAll(() => api?.close());

const DAY = 24 * 60 * 60 * 1000;

const asAdmin = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { sub: org.adminSub, ...(body !== undefined ? { body } : {}) });

async function json<T>(schema: v.GenericSchema<unknown, T>, response: Response, status = 200): Promise<T> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return v.parse(schema, JSON.parse(text));
}

const accountOf = (email: string) => api.userPool.accounts.find((a) => a.email === email);

/** A member with a pool account, a licence, the Supervisor role, a Pro subscription and a paid invoice. */
async function billedMember(email: string, name: string): Promise<User> {
  const response = await asAdmin('POST', '/api/users/invite', {
    name,
    email,
    phoneNumber: '+19175550170',
    role: 'Supervisor',
    hasLicense: true,
  });
  const { user } = await json(UserResponseSchema, response, 201);
  await api.db.query(
    `INSERT INTO subscriptions (id, org_id, member_id, plan_type, status, current_period_start, current_period_end)
     VALUES ($1, $2, $3, 'pro', 'active', now() - interval '1 day', now() + interval '29 days')`,
    [`sub_${user.userId}`, org.orgId, user.userId],
  );
  await api.db.query(
    `INSERT INTO invoices (id, org_id, member_id, member_name, member_email, number, status, plan_type, amount_due, amount_paid)
     VALUES ($1, $2, $3, $4, $5, $6, 'paid', 'pro', 12999, 12999)`,
    [`in_${user.userId}`, org.orgId, user.userId, name, email, `INV-${user.userId.slice(0, 6)}`],
  );
  return user;
}

const stats = async () => json(UserStatsSchema, await asAdmin('GET', '/api/users/stats'));
const overview = async () => {
  const { recentTransactions: _, ...counts } = await json(BillingOverviewSchema, await asAdmin('GET', '/api/admin/billing/overview'));
  return counts;
};
const list = async (query: string) => json(UserListResponseSchema, await asAdmin('GET', `/api/users?${query}`));
const trail = async (memberId: string) =>
  (await json(AuditListResponseSchema, await asAdmin('GET', `/api/audit?memberId=${memberId}`))).entries.map((e) => e.kind);
const subscriptionOf = async (memberId: string) =>
  (
    await api.db.query<{ status: string; cancellation_reason: string | null }>(
      'SELECT status, cancellation_reason FROM subscriptions WHERE member_id = $1',
      [memberId],
    )
  ).rows[0];
const localProvider = (now: Date) => createLocalProvider({ db: api.db, clock: () => now, apiOrigin: 'http://127.0.0.1:8787' });
/** One pass of the billing module's cancellation of members due to be removed for good, at `now`. */
const endBilling = (now: Date, provider: BillingProvider = localProvider(now)) =>
  endRemovedMembersBilling({ db: api.db, provider, clock: () => now }, now);
const deletedAtOf = async (id: string) =>
  (await api.db.query<{ deleted_at: Date | null }>('SELECT deleted_at FROM member_rows WHERE id = $1', [id])).rows[0]?.deleted_at;

describe('deleting a member', () => {
  it('moves them to Recently deleted: in no list, search, count, figure or export, listed only there with the date they go for good', async () => {
    const before = { stats: await stats(), overview: await overview() };
    const user = await billedMember('ria.delete@restore.test', 'Ria Delete');
    expect((await stats()).total).toBe(before.stats.total + 1);
    expect((await overview()).subscriptionBreakdown.pro).toBe(before.overview.subscriptionBreakdown.pro + 1);

    const deleted = await asAdmin('DELETE', `/api/users/${user.userId}`);
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: 'Ria Delete was removed.' });

    // Counted nowhere: the stats, the billing overview (and so the Dashboard and the Assistant, which read the same figures).
    expect(await stats()).toEqual(before.stats);
    expect(await overview()).toEqual(before.overview);
    // Listed nowhere but Recently deleted.
    expect((await list('search=ria.delete')).total).toBe(0);
    expect((await list('limit=100')).users.map((u) => u.userId)).not.toContain(user.userId);
    expect((await list('status=pending&limit=100')).users.map((u) => u.userId)).not.toContain(user.userId);
    // (Searched by the address: other tests of this file delete members of the same organisation.)
    const recentlyDeleted = await list('status=deleted&search=ria.delete');
    expect(recentlyDeleted.total).toBe(1);
    const [listed] = recentlyDeleted.users;
    const deletedAt = await deletedAtOf(user.userId);
    expect(listed).toMatchObject({ userId: user.userId, name: 'Ria Delete', role: 'Supervisor', hasLicense: true });
    expect(listed?.deletedAt).toBe(deletedAt?.toISOString());
    expect(listed?.purgeAt).toBe(new Date((deletedAt?.getTime() ?? 0) + 30 * DAY).toISOString());
    expect((await list('status=deleted&search=ria')).total).toBe(1);
    // The export of the main list leaves them out.
    const ticket = (await (await asAdmin('POST', '/api/users/export', { search: 'ria.delete' })).json()) as { url: string };
    expect(await (await api.call('GET', ticket.url)).text()).not.toContain('ria.delete@restore.test');

    // Deleted members cannot be read, edited, toggled or deleted again.
    for (const [method, path, body] of [
      ['GET', `/api/users/${user.userId}`, undefined],
      ['PUT', `/api/users/${user.userId}`, { name: 'Renamed' }],
      ['PATCH', `/api/users/${user.userId}/toggle-license`, {}],
      ['PATCH', `/api/users/${user.userId}/toggle-status`, {}],
      ['PATCH', '/api/users/bulk', { userIds: [user.userId], updates: { hasLicense: false } }],
      ['DELETE', `/api/users/${user.userId}`, undefined],
    ] as const) {
      expect((await asAdmin(method, path, body)).status, `${method} ${path}`).toBe(404);
    }
    // Their pool account is disabled: they cannot sign in, and a token they still hold is refused.
    expect(accountOf('ria.delete@restore.test')?.disabled).toBe(true);
    const sub = accountOf('ria.delete@restore.test')?.sub ?? '';
    expect((await api.call('GET', '/api/me', { sub })).status).not.toBe(200);
  });

  it('keeps their e-mail reserved, with a message that says they can be restored', async () => {
    const user = await billedMember('reserved@restore.test', 'Reserved Person');
    const other = await billedMember('other.reserved@restore.test', 'Other Person');
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    const message = {
      message:
        'reserved@restore.test belongs to a member in Recently deleted. Restore them (Users, status Recently deleted) instead of adding them again.',
      field: 'email',
    };
    const added = await asAdmin('POST', '/api/users', { name: 'New Person', email: 'reserved@restore.test', phoneNumber: '+19175550171' });
    expect(added.status).toBe(409);
    expect(await added.json()).toEqual(message);
    const invited = await asAdmin('POST', '/api/users/invite', {
      name: 'New Person',
      email: 'reserved@restore.test',
      phoneNumber: '+19175550171',
    });
    expect(invited.status).toBe(409);
    expect(await invited.json()).toEqual(message);
    const edited = await asAdmin('PUT', `/api/users/${other.userId}`, { email: 'reserved@restore.test' });
    expect(edited.status).toBe(409);
    expect(await edited.json()).toEqual(message);
  });
});

describe('restoring a member', () => {
  it('brings them back with their role, licence, status, billing and history, enables their account, and counts them again', async () => {
    const before = { stats: await stats(), overview: await overview() };
    const user = await billedMember('back@restore.test', 'Bea Back');
    const counted = { stats: await stats(), overview: await overview() };
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    expect(await stats()).toEqual(before.stats);

    const restored = await json(UserResponseSchema, await asAdmin('POST', `/api/users/${user.userId}/restore`));
    expect(restored.user).toMatchObject({
      userId: user.userId,
      name: 'Bea Back',
      email: 'back@restore.test',
      role: 'Supervisor',
      hasLicense: true,
      isActive: true,
      createdAt: user.createdAt,
    });
    expect(restored.user.deletedAt).toBeUndefined();
    expect(accountOf('back@restore.test')?.disabled).toBe(false);
    expect({ stats: await stats(), overview: await overview() }).toEqual(counted);
    expect((await list('search=back@restore')).total).toBe(1);
    expect((await list('status=deleted&search=back@restore')).total).toBe(0);
    // Their subscription and invoices were kept.
    const billing = await api.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM subscriptions WHERE member_id = $1) + (SELECT count(*) FROM invoices WHERE member_id = $1) AS n`,
      [user.userId],
    );
    expect(Number(billing.rows[0]?.n)).toBe(2);
    // The activity trail: invited, deleted, restored (newest first).
    expect(await trail(user.userId)).toEqual(['member.restored', 'member.deleted', 'member.invited']);
    // Restored twice: nothing to restore (404), nothing recorded.
    expect((await asAdmin('POST', `/api/users/${user.userId}/restore`)).status).toBe(404);
    expect(await trail(user.userId)).toHaveLength(3);
  });

  it('leaves the account of a deactivated member disabled, as their status says', async () => {
    const user = await billedMember('inactive@restore.test', 'Ina Active');
    expect((await asAdmin('PATCH', `/api/users/${user.userId}/toggle-status`, { isActive: false })).status).toBe(200);
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    const restored = await json(UserResponseSchema, await asAdmin('POST', `/api/users/${user.userId}/restore`));
    expect(restored.user.isActive).toBe(false);
    expect(accountOf('inactive@restore.test')?.disabled).toBe(true);
  });

  it('disables the account again when the database refuses the restore after the pool enabled it (the member stays deleted)', async () => {
    const user = await billedMember('restore.fail@restore.test', 'Rita Fail');
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    const refused = await restoreWrite.during(connectionLost, () => asAdmin('POST', `/api/users/${user.userId}/restore`));
    expect(refused.status).toBe(500);
    expect(accountOf('restore.fail@restore.test')?.disabled).toBe(true);
    expect((await list('status=deleted&search=restore.fail')).total).toBe(1);

    const unknown = await asAdmin('POST', '/api/users/not-a-member/restore');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'This member is not in Recently deleted.' });
  });
});

describe('the clean-up after 30 days', () => {
  it('removes them for good 30 days after the deletion, not before: billing history kept, pool account deleted, a purge entry in the trail', async () => {
    const user = await billedMember('purge@restore.test', 'Pat Purge');
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    const deletedAt = (await deletedAtOf(user.userId)) ?? new Date();
    const counts = { stats: await stats(), overview: await overview() };
    const clean = (at: number) => purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, new Date(deletedAt.getTime() + at));

    expect((await clean(30 * DAY - 1000)).map((p) => p.id)).not.toContain(user.userId);
    expect((await endBilling(new Date(deletedAt.getTime() + 30 * DAY - 1000))).canceled).not.toContain(user.userId);
    expect((await list('status=deleted&search=purge@restore')).total).toBe(1);
    // Their subscription is canceled first (the next test says why), then the clean-up removes them.
    expect((await endBilling(new Date(deletedAt.getTime() + 30 * DAY + 1000))).canceled).toContain(user.userId);

    // Two API processes at the same time: the member is removed (and recorded) once. (A second
    // past the 30 days: the database keeps microseconds, a JavaScript date milliseconds.)
    const [one, two] = await Promise.all([clean(30 * DAY + 1000), clean(30 * DAY + 1000)]);
    expect([...(one ?? []), ...(two ?? [])].filter((p) => p.id === user.userId)).toHaveLength(1);
    expect((await list('status=deleted&search=purge@restore')).total).toBe(0);
    expect(await deletedAtOf(user.userId)).toBeUndefined();
    expect(accountOf('purge@restore.test')).toBeUndefined();
    // Counted nowhere before, so the figures do not move.
    expect({ stats: await stats(), overview: await overview() }).toEqual(counts);
    // Billing history kept, as a deletion always kept it: the invoice with the name it was made for.
    const { rows: invoices } = await api.db.query<{ member_id: string | null; member_name: string }>(
      'SELECT member_id, member_name FROM invoices WHERE id = $1',
      [`in_${user.userId}`],
    );
    expect(invoices).toEqual([{ member_id: null, member_name: 'Pat Purge' }]);
    const { rows: subscriptions } = await api.db.query('SELECT 1 FROM subscriptions WHERE member_id = $1', [user.userId]);
    expect(subscriptions).toEqual([]);
    // The trail: deleted by the administrator, removed for good by the clean-up.
    const { entries } = await json(AuditListResponseSchema, await asAdmin('GET', `/api/audit?memberId=${user.userId}`));
    expect(entries.map((e) => e.kind)).toEqual(['member.purged', 'subscription.canceled', 'member.deleted', 'member.invited']);
    expect(entries[0]).toMatchObject({
      actor: PURGE_ACTOR,
      member: { memberId: user.userId, name: 'Pat Purge', email: 'purge@restore.test' },
      before: { role: 'Supervisor', hasLicense: true, deletedAt: deletedAt.toISOString() },
    });
    // Removed for good: not restorable, and the address is free again.
    expect((await asAdmin('POST', `/api/users/${user.userId}/restore`)).status).toBe(404);
    const again = await asAdmin('POST', '/api/users', { name: 'Pat Again', email: 'purge@restore.test', phoneNumber: '+19175550172' });
    expect(again.status).toBe(201);
  });

  it('runs in the API process: a pass when the users and billing modules start their background work, and every hour after', async () => {
    const user = await billedMember('old@restore.test', 'Old Deleted');
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    await api.db.query("UPDATE member_rows SET deleted_at = now() - interval '31 days' WHERE id = $1", [user.userId]);
    const deps = { db: api.db, userPool: api.userPool, config: { apiOrigin: 'http://127.0.0.1:8787', webOrigin: 'http://127.0.0.1:5173' } };
    const work = [billingModule.start?.(deps, {}), usersModule.start?.(deps, {})];
    try {
      // The billing module's pass cancels the subscription (nothing else here cancels it). Wait on
      // the trail, not the subscription's row: on PostgreSQL the users module's first pass can run
      // just after the cancellation and remove the member, row and all, before a poll sees it.
      await expect.poll(async () => trail(user.userId), { timeout: 60_000 }).toContain('subscription.canceled');
      // The users module's pass (run again here, as the next hour would) removes the member.
      await expect
        .poll(
          async () => {
            await purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, new Date());
            return deletedAtOf(user.userId);
          },
          { timeout: 60_000 },
        )
        .toBeUndefined();
      expect(await trail(user.userId)).toEqual(['member.purged', 'subscription.canceled', 'member.deleted', 'member.invited']);
    } finally {
      await Promise.all(work.map((w) => w?.stop()));
    }
  });

  it("records the removal as the member's last entry, even when its transaction began before the entry it follows was written", async () => {
    const user = await billedMember('last@restore.test', 'Lou Last');
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    await api.db.query("UPDATE member_rows SET deleted_at = now() - interval '31 days' WHERE id = $1", [user.userId]);
    // The cancellation as another process writes it: committed by a transaction that began after the
    // clean-up's (its `now()` is later), as happens on PostgreSQL when the two passes overlap.
    await api.db.query("UPDATE subscriptions SET status = 'canceled' WHERE member_id = $1", [user.userId]);
    await api.db.query(
      `INSERT INTO audit_entries (id, org_id, actor_id, actor_name, actor_email, kind, member_id, member_name, member_email, before, after, created_at)
       VALUES (gen_random_uuid()::text, $1, $2, $3, $4, 'subscription.canceled', $5, 'Lou Last', 'last@restore.test', NULL, NULL, now() + interval '1 second')`,
      [org.orgId, PURGE_ACTOR.memberId, PURGE_ACTOR.name, PURGE_ACTOR.email, user.userId],
    );
    expect((await purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, new Date())).map((p) => p.id)).toContain(user.userId);
    const { entries } = await json(AuditListResponseSchema, await asAdmin('GET', `/api/audit?memberId=${user.userId}`));
    expect(entries.map((e) => e.kind)).toEqual(['member.purged', 'subscription.canceled', 'member.deleted', 'member.invited']);
    expect(Date.parse(entries[0]?.createdAt ?? '')).toBeGreaterThanOrEqual(Date.parse(entries[1]?.createdAt ?? ''));
  });
});

describe('the billing of a member removed for good', () => {
  const at30Days = async (userId: string) => new Date(((await deletedAtOf(userId))?.getTime() ?? 0) + 30 * DAY + 1000);

  it('a live subscription keeps the member in Recently deleted until the billing module cancels it at the provider, recorded in the trail and the transactions', async () => {
    const user = await billedMember('live@restore.test', 'Lee Live');
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    const due = await at30Days(user.userId);

    // Without the cancellation the clean-up leaves them: their subscription would go on charging.
    expect((await purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, due)).map((p) => p.id)).not.toContain(user.userId);
    expect((await list('status=deleted&search=live@restore')).total).toBe(1);

    const calls: string[] = [];
    const local = localProvider(due);
    const provider: BillingProvider = {
      ...local,
      cancelNow: (subscription, reason) => {
        calls.push(`${subscription.id}:${reason ?? ''}`);
        return local.cancelNow(subscription, reason);
      },
    };
    // Two API processes at once: the provider is asked once (the member's billing lease), and a
    // second pass finds nothing left to cancel.
    const [one, two] = await Promise.all([endBilling(due, provider), endBilling(due, provider)]);
    expect([...one.canceled, ...two.canceled].filter((id) => id === user.userId).length).toBeGreaterThanOrEqual(1);
    // (Members other tests of this file deleted are due too: only this member's calls are counted.)
    expect(calls.filter((call) => call.startsWith(`sub_${user.userId}:`))).toEqual([`sub_${user.userId}:${REMOVAL_REASON}`]);
    expect(await subscriptionOf(user.userId)).toMatchObject({ status: 'canceled', cancellation_reason: REMOVAL_REASON });
    expect((await endBilling(due, provider)).canceled).not.toContain(user.userId);

    const { entries } = await json(AuditListResponseSchema, await asAdmin('GET', `/api/audit?memberId=${user.userId}`));
    expect(entries[0]).toMatchObject({
      kind: 'subscription.canceled',
      actor: PURGE_ACTOR,
      before: { planType: 'pro', status: 'active' },
      after: { planType: 'pro', status: 'canceled', reason: REMOVAL_REASON },
    });
    const { rows: transactions } = await api.db.query<{ type: string; description: string }>(
      'SELECT type, description FROM transactions WHERE member_id = $1',
      [user.userId],
    );
    expect(transactions).toEqual([{ type: 'subscription_canceled', description: `Hardline Pro canceled: ${REMOVAL_REASON}` }]);

    // Then the clean-up removes them.
    expect((await purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, due)).map((p) => p.id)).toContain(user.userId);
  });

  it('when the provider fails, the member stays in Recently deleted and the next pass cancels', async () => {
    const user = await billedMember('down@restore.test', 'Dee Down');
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    const due = await at30Days(user.userId);
    // Stripe's API is a boundary we do not own: its failure is faked here.
    const down: BillingProvider = { ...localProvider(due), cancelNow: () => Promise.reject(new Error('the provider is down')) };
    const errors: unknown[] = [];
    const failed = await endRemovedMembersBilling({ db: api.db, provider: down, clock: () => due }, due, {
      onError: (e) => errors.push(e),
    });
    expect(failed.failed).toContain(user.userId);
    expect(errors.map((e) => String((e as Error).cause))).toContain('Error: the provider is down');
    expect(await subscriptionOf(user.userId)).toMatchObject({ status: 'active' });
    expect((await purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, due)).map((p) => p.id)).not.toContain(user.userId);

    expect((await endBilling(due)).canceled).toContain(user.userId);
    expect((await purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, due)).map((p) => p.id)).toContain(user.userId);
  });

  it('a member restored before the pass keeps their subscription; one deleted less than 30 days ago too', async () => {
    const restored = await billedMember('kept@restore.test', 'Kit Kept');
    const recent = await billedMember('recent@restore.test', 'Ray Recent');
    expect((await asAdmin('DELETE', `/api/users/${restored.userId}`)).status).toBe(200);
    expect((await asAdmin('DELETE', `/api/users/${recent.userId}`)).status).toBe(200);
    // Deleted 31 days ago and restored since; deleted 29 days ago.
    await api.db.query("UPDATE member_rows SET deleted_at = now() - interval '31 days' WHERE id = $1", [restored.userId]);
    await api.db.query("UPDATE member_rows SET deleted_at = now() - interval '29 days' WHERE id = $1", [recent.userId]);
    expect((await asAdmin('POST', `/api/users/${restored.userId}/restore`)).status).toBe(200);

    const result = await endBilling(new Date());
    expect(result.canceled).not.toContain(restored.userId);
    expect(result.canceled).not.toContain(recent.userId);
    expect(await subscriptionOf(restored.userId)).toMatchObject({ status: 'active' });
    expect(await subscriptionOf(recent.userId)).toMatchObject({ status: 'active' });
  });

  it('a subscription Stripe made cannot be canceled by the local provider: logged, and the member stays', async () => {
    const user = await billedMember('stripe@restore.test', 'Sam Stripe');
    await api.db.query("UPDATE subscriptions SET provider = 'stripe' WHERE member_id = $1", [user.userId]);
    expect((await asAdmin('DELETE', `/api/users/${user.userId}`)).status).toBe(200);
    const due = await at30Days(user.userId);
    const errors: unknown[] = [];
    const result = await endRemovedMembersBilling({ db: api.db, provider: localProvider(due), clock: () => due }, due, {
      onError: (e) => errors.push(e),
    });
    expect(result.failed).toContain(user.userId);
    expect(errors.filter((e) => String(e).includes(`member ${user.userId} `) && String(e).includes('cancel it there'))).toHaveLength(1);
    expect((await purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, due)).map((p) => p.id)).not.toContain(user.userId);
    expect((await list('status=deleted&search=stripe@restore')).total).toBe(1);
  });
});
