// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  ApiErrorBodySchema,
  BillingOverviewSchema,
  HostedUrlResponseSchema,
  MessageResponseSchema,
  SubscriptionPreviewSchema,
  UpdateSubscriptionResponseSchema,
  UserBillingSchema,
  type UserBilling,
} from '../../src/contract/api';
import { PREVIEW_EXPIRED_MESSAGE } from '../../server/billing/changes';
import { findBillingFixtures, type BillingFixtures } from '../../server/billing';
import { API_ORIGIN, NOW, createHarness, type Harness } from './support-billing/harness';

let h: Harness;
let fx: Required<BillingFixtures>;

beforeAll(async () => {
  h = await createHarness();
}, 120_000);

beforeEach(async () => {
  await h.resetBilling();
  fx = (await findBillingFixtures(h.db, 'org-a')) as Required<BillingFixtures>;
});

async function billingOf(userId: string): Promise<UserBilling> {
  const res = await h.json('POST', '/api/admin/billing/user', { userId });
  expect(res.status).toBe(200);
  return v.parse(UserBillingSchema, res.body);
}

function errorOf(res: { body: unknown }) {
  return v.parse(ApiErrorBodySchema, res.body);
}

describe('seed fixtures', () => {
  it('records every fixture member in its documented state', async () => {
    expect(Object.keys(fx).sort()).toEqual([
      'canceled',
      'free',
      'invoices_without_links',
      'lite_with_card',
      'past_due',
      'pro_scheduled_cancellation',
      'trial_no_card',
      'trial_zero_days',
    ]);

    const lite = await billingOf(fx.lite_with_card.userId);
    expect(lite.accessLevel).toBe('lite');
    expect(lite.subscription).toMatchObject({ planType: 'lite', status: 'active', cancelAtPeriodEnd: false });
    expect(lite.paymentMethods).toEqual([expect.objectContaining({ last4: '4242', brand: 'visa', isDefault: true })]);
    expect(lite.recentInvoices.length).toBe(3);
    expect(
      lite.recentInvoices.every(
        (i) =>
          /^http:\/\/127\.0\.0\.1:8787\/hosted\/invoices\/in_[0-9a-f]{24}\?expires=\d+&signature=[\w-]{43}$/.test(
            i.hostedInvoiceUrl ?? '',
          ) &&
          /^http:\/\/127\.0\.0\.1:8787\/hosted\/invoices\/in_[0-9a-f]{24}\.pdf\?expires=\d+&signature=[\w-]{43}$/.test(i.invoicePdf ?? ''),
      ),
    ).toBe(true);

    const trial = await billingOf(fx.trial_no_card.userId);
    expect(trial).toMatchObject({ accessLevel: 'trial', trialDaysRemaining: 9, paymentMethods: [], recentInvoices: [] });
    expect(trial.subscription?.status).toBe('trialing');

    const zero = await billingOf(fx.trial_zero_days.userId);
    expect(zero).toMatchObject({ accessLevel: 'trial', trialDaysRemaining: 0 });

    const scheduled = await billingOf(fx.pro_scheduled_cancellation.userId);
    expect(scheduled.subscription).toMatchObject({ planType: 'pro', status: 'active', cancelAtPeriodEnd: true });

    const free = await billingOf(fx.free.userId);
    expect(free).toMatchObject({ accessLevel: 'free', trialDaysRemaining: 0, subscription: null, paymentMethods: [], recentInvoices: [] });

    const noLinks = await billingOf(fx.invoices_without_links.userId);
    expect(noLinks.recentInvoices.map((i) => [i.hostedInvoiceUrl !== null, i.invoicePdf !== null])).toEqual([
      [false, false],
      [true, true],
      [true, false],
      [false, true],
    ]);

    const pastDue = await billingOf(fx.past_due.userId);
    expect(pastDue.accessLevel).toBe('lite');
    expect(pastDue.subscription?.status).toBe('past_due');
    expect(pastDue.recentInvoices[0]).toMatchObject({ status: 'open', amountPaid: 0 });

    const canceled = await billingOf(fx.canceled.userId);
    expect(canceled).toMatchObject({ accessLevel: 'free' });
    expect(canceled.subscription?.status).toBe('canceled');
  });

  it('is deterministic: the same rng gives the same states', async () => {
    const states = async () =>
      (
        await h.db.query<{ member_id: string; plan_type: string; status: string; cancel_at_period_end: boolean; ends_at: Date | null }>(
          `SELECT s.member_id, s.plan_type, s.status, s.cancel_at_period_end, t.ends_at
           FROM subscriptions s LEFT JOIN trials t ON t.member_id = s.member_id ORDER BY s.member_id`,
        )
      ).rows;
    const first = await states();
    expect(first.length).toBeGreaterThan(20);
    await h.resetBilling();
    expect(await states()).toEqual(first);
  });

  it('covers all four transaction types and every subscription status', async () => {
    const { rows: types } = await h.db.query<{ type: string }>(
      "SELECT DISTINCT type FROM transactions WHERE org_id = 'org-a' ORDER BY type",
    );
    expect(types.map((r) => r.type)).toEqual(['payment_failed', 'payment_succeeded', 'subscription_canceled', 'subscription_created']);
    const { rows: statuses } = await h.db.query<{ status: string }>(
      "SELECT DISTINCT status FROM subscriptions WHERE org_id = 'org-a' ORDER BY status",
    );
    expect(statuses.map((r) => r.status)).toEqual(['active', 'canceled', 'past_due', 'trialing']);
    const { rows: future } = await h.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM transactions WHERE created_at > $1) + (SELECT count(*) FROM invoices WHERE created_at > $1)
            + (SELECT count(*) FROM payment_methods WHERE created_at > $1) + (SELECT count(*) FROM subscriptions WHERE current_period_start > $1) AS n`,
      [NOW],
    );
    expect(Number(future[0]?.n)).toBe(0);
  });
});

describe('GET /api/admin/billing/overview', () => {
  it('counts every member in exactly one bucket, by the documented rule', async () => {
    // A third organisation with one member per rule, written by hand.
    await h.db.exec(`
      INSERT INTO organizations (id, name) VALUES ('org-c', 'Rule Check');
      INSERT INTO members (id, org_id, name, email, phone_number, role, is_admin) VALUES
        ('c-admin', 'org-c', 'Admin C', 'a@c.example', '+15550000001', 'Admin', true),
        ('c-pro', 'org-c', 'Pro C', 'p@c.example', '+15550000002', 'Field Worker', false),
        ('c-lite-due', 'org-c', 'Lite Due C', 'l@c.example', '+15550000003', 'Field Worker', false),
        ('c-trialing', 'org-c', 'Trialing C', 't@c.example', '+15550000004', 'Field Worker', false),
        ('c-trial-only', 'org-c', 'Trial Only C', 'to@c.example', '+15550000005', 'Field Worker', false),
        ('c-expired', 'org-c', 'Expired C', 'e@c.example', '+15550000006', 'Field Worker', false),
        ('c-canceled', 'org-c', 'Canceled C', 'x@c.example', '+15550000007', 'Field Worker', false),
        ('c-pro-trial', 'org-c', 'Pro Trial C', 'pt@c.example', '+15550000008', 'Field Worker', false),
        ('c-trialing-trial', 'org-c', 'Trialing Trial C', 'tt@c.example', '+15550000009', 'Field Worker', false),
        ('c-canceled-trial', 'org-c', 'Canceled Trial C', 'ct@c.example', '+15550000010', 'Field Worker', false);
      INSERT INTO subscriptions (id, org_id, member_id, plan_type, status, current_period_start, current_period_end) VALUES
        ('sub_c1', 'org-c', 'c-pro', 'pro', 'active', '2025-06-01T00:00:00Z', '2025-07-01T00:00:00Z'),
        ('sub_c2', 'org-c', 'c-lite-due', 'lite', 'past_due', '2025-06-01T00:00:00Z', '2025-07-01T00:00:00Z'),
        ('sub_c3', 'org-c', 'c-trialing', 'pro', 'trialing', '2025-06-01T00:00:00Z', '2025-06-15T00:00:00Z'),
        ('sub_c4', 'org-c', 'c-canceled', 'pro', 'canceled', '2025-05-01T00:00:00Z', '2025-06-01T00:00:00Z'),
        ('sub_c5', 'org-c', 'c-pro-trial', 'pro', 'active', '2025-06-01T00:00:00Z', '2025-07-01T00:00:00Z'),
        ('sub_c6', 'org-c', 'c-trialing-trial', 'lite', 'trialing', '2025-06-01T00:00:00Z', '2025-06-15T00:00:00Z'),
        ('sub_c7', 'org-c', 'c-canceled-trial', 'lite', 'canceled', '2025-05-01T00:00:00Z', '2025-06-01T00:00:00Z');
      -- An open trial row beside a subscription that decides (pro, trialing) counts once, under the
      -- subscription; beside one that does not (canceled), it makes the member a trial.
      INSERT INTO trials (member_id, org_id, started_at, ends_at) VALUES
        ('c-trial-only', 'org-c', '2025-06-05T00:00:00Z', '2025-06-19T00:00:00Z'),
        ('c-expired', 'org-c', '2025-05-01T00:00:00Z', '2025-05-15T00:00:00Z'),
        ('c-pro-trial', 'org-c', '2025-06-05T00:00:00Z', '2025-06-19T00:00:00Z'),
        ('c-trialing-trial', 'org-c', '2025-06-05T00:00:00Z', '2025-06-19T00:00:00Z'),
        ('c-canceled-trial', 'org-c', '2025-06-05T00:00:00Z', '2025-06-19T00:00:00Z');
      INSERT INTO invoices (id, org_id, member_id, member_name, member_email, number, status, plan_type, amount_due, amount_paid) VALUES
        ('in_c1', 'org-c', 'c-lite-due', 'Lite Due C', 'l@c.example', 'C-0001', 'open', 'lite', 4999, 0),
        ('in_c2', 'org-c', 'c-canceled', 'Canceled C', 'x@c.example', 'C-0002', 'uncollectible', 'pro', 12999, 0),
        ('in_c3', 'org-c', 'c-pro', 'Pro C', 'p@c.example', 'C-0003', 'paid', 'pro', 12999, 12999),
        ('in_c4', 'org-c', 'c-pro', 'Pro C', 'p@c.example', 'C-0004', 'void', 'pro', 12999, 0);
    `);
    h.actAs({ orgId: 'org-c', memberId: 'c-admin', isAdmin: true });
    const res = await h.json('GET', '/api/admin/billing/overview');
    expect(res.status).toBe(200);
    const overview = v.parse(BillingOverviewSchema, res.body);
    expect(overview).toEqual({
      totalUsers: 10,
      subscribedUsers: 5,
      subscriptionBreakdown: { pro: 2, lite: 1, trial: 4, free: 3 },
      unpaidInvoices: 2,
      recentTransactions: [],
    });
  });

  it('summarises the seeded organisation: buckets add up, newest ten transactions of this org only', async () => {
    const res = await h.json('GET', '/api/admin/billing/overview');
    const overview = v.parse(BillingOverviewSchema, res.body);
    const { pro, lite, trial, free } = overview.subscriptionBreakdown;
    expect(overview.totalUsers).toBe(h.orgA.members.length);
    expect(pro + lite + trial + free).toBe(overview.totalUsers);
    expect(Math.min(pro, lite, trial, free)).toBeGreaterThan(0);
    expect(overview.subscribedUsers).toBeGreaterThanOrEqual(pro + lite);
    expect(overview.unpaidInvoices).toBeGreaterThan(0);
    expect(overview.recentTransactions).toHaveLength(10);
    const times = overview.recentTransactions.map((t) => Date.parse(t.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const namesA = new Set(h.orgA.members.map((m) => m.name));
    expect(overview.recentTransactions.every((t) => namesA.has(t.userName))).toBe(true);

    const { rows } = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM invoices WHERE org_id = 'org-a' AND status IN ('open', 'uncollectible')",
    );
    expect(overview.unpaidInvoices).toBe(rows[0]?.n);
  });

  /** The overview's counts made the slow way: every member's row, by the rule of server/billing/access.ts, at `now`. */
  async function countedRowByRow(orgId: string, now: Date) {
    const { rows } = await h.db.query<{ level: string; n: number }>(
      `SELECT CASE WHEN s.status IN ('active', 'past_due') THEN s.plan_type
                   WHEN s.status = 'trialing' OR (t.converted_at IS NULL AND t.ends_at > $2) THEN 'trial'
                   ELSE 'free' END AS level, count(*)::int AS n
         FROM members m LEFT JOIN subscriptions s ON s.member_id = m.id LEFT JOIN trials t ON t.member_id = m.id
        WHERE m.org_id = $1 GROUP BY 1`,
      [orgId, now],
    );
    const level = (name: string) => rows.find((r) => r.level === name)?.n ?? 0;
    const one = async (sql: string) => (await h.db.query<{ n: number }>(sql, [orgId])).rows[0]?.n ?? 0;
    return {
      totalUsers: rows.reduce((sum, r) => sum + r.n, 0),
      subscribedUsers: await one(
        "SELECT count(*)::int AS n FROM subscriptions WHERE org_id = $1 AND status IN ('active', 'trialing', 'past_due')",
      ),
      subscriptionBreakdown: { pro: level('pro'), lite: level('lite'), trial: level('trial'), free: level('free') },
      unpaidInvoices: await one("SELECT count(*)::int AS n FROM invoices WHERE org_id = $1 AND status IN ('open', 'uncollectible')"),
    };
  }

  async function overviewCounts() {
    const res = await h.json('GET', '/api/admin/billing/overview');
    expect(res.status).toBe(200);
    const { recentTransactions: _, ...counts } = v.parse(BillingOverviewSchema, res.body);
    return counts;
  }

  it('counts, from the tallies the database keeps, what a count of every row gives, through writes of every kind', async () => {
    expect(await overviewCounts()).toEqual(await countedRowByRow('org-a', NOW));
    // Through the API: an upgrade, a cancellation now, a member added and one deleted.
    expect(
      (await h.json('POST', `/api/admin/billing/update-subscription?userId=${fx.lite_with_card.userId}`, { planType: 'pro' })).status,
    ).toBe(200);
    expect(
      (await h.json('POST', '/api/admin/billing/cancel-subscription', { userId: fx.past_due.userId, cancelAtPeriodEnd: false })).status,
    ).toBe(200);
    // Behind the API's back, in bulk: a whole statement's rows at once.
    await h.db.query(
      "UPDATE invoices SET status = 'void' WHERE org_id = 'org-a' AND status = 'open' AND id IN (SELECT id FROM invoices WHERE org_id = 'org-a' AND status = 'open' LIMIT 2)",
    );
    await h.db.exec(`
      INSERT INTO members (id, org_id, name, email, phone_number, role, is_admin) VALUES
        ('count-1', 'org-a', 'Count One', 'count1@a.example', '+15550009901', 'Field Worker', false),
        ('count-2', 'org-a', 'Count Two', 'count2@a.example', '+15550009902', 'Supervisor', false);
      INSERT INTO subscriptions (id, org_id, member_id, plan_type, status, current_period_start, current_period_end) VALUES
        ('sub_count_2', 'org-a', 'count-2', 'pro', 'active', '2025-06-01T00:00:00Z', '2025-07-01T00:00:00Z');
    `);
    expect(await overviewCounts()).toEqual(await countedRowByRow('org-a', NOW));
    // A member deleted takes their subscription with them (ON DELETE CASCADE), and both counts follow.
    await h.db.query("DELETE FROM members WHERE id IN ('count-1', 'count-2')");
    expect(await overviewCounts()).toEqual(await countedRowByRow('org-a', NOW));
    // Trials end with time, which no write records: the count follows the clock.
    h.clock.now = new Date(NOW.getTime() + 40 * 86_400_000);
    expect(await overviewCounts()).toEqual(await countedRowByRow('org-a', h.clock.now));
  });

  it('compacts tallies grown crowded after its read-only snapshot, not inside it', async () => {
    // One statement per member: each adds a tally row of its own (the triggers append, per statement).
    for (let i = 0; i < 600; i += 1)
      await h.db.query(
        `INSERT INTO members (id, org_id, name, email, phone_number, role, is_admin) VALUES ($1, 'org-a', $2, $3, '+15550009999', 'Field Worker', false)`,
        [`crowd-${i}`, `Crowd ${i}`, `crowd${i}@a.example`],
      );
    const tallyRows = async () =>
      (await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM copilot_tallies WHERE org_id = 'org-a' AND subject = 'members'"))
        .rows[0]?.n ?? 0;
    try {
      expect(await tallyRows()).toBeGreaterThan(600);
      expect(await overviewCounts()).toEqual(await countedRowByRow('org-a', NOW));
      expect(await tallyRows()).toBeLessThan(50);
      expect(await overviewCounts()).toEqual(await countedRowByRow('org-a', NOW));
    } finally {
      await h.db.query("DELETE FROM members WHERE id LIKE 'crowd-%'");
    }
  }, 60_000);
});

describe('access and validation', () => {
  it('answers 403 to a caller who is not an administrator, on every billing route', async () => {
    const member = h.orgA.members[3];
    if (!member) throw new Error('no member');
    for (const caller of [
      { orgId: 'org-a', memberId: member.id, isAdmin: false },
      { orgId: null, memberId: null, isAdmin: false },
    ]) {
      h.actAs(caller);
      const calls = [
        await h.json('GET', '/api/admin/billing/overview'),
        await h.json('POST', '/api/admin/billing/user', { userId: member.id }),
        await h.json('POST', '/api/admin/billing/update-payment-method', { userId: member.id }),
        await h.json('POST', `/api/admin/billing/update-subscription?userId=${member.id}`, { planType: 'pro' }),
        await h.json('POST', `/api/admin/billing/complete-subscription?userId=${member.id}`, { setupIntentId: 'seti_x', planType: 'pro' }),
        await h.json('POST', '/api/admin/billing/cancel-subscription', { userId: member.id, cancelAtPeriodEnd: true }),
      ];
      expect(calls.map((c) => c.status)).toEqual([403, 403, 403, 403, 403, 403]);
    }
  });

  it('answers 404 for a user of another organisation and changes nothing', async () => {
    h.asAdminOf(h.orgB);
    const id = fx.lite_with_card.userId;
    const before = await h.db.query("SELECT * FROM subscriptions WHERE org_id = 'org-a' ORDER BY id");
    const calls = [
      await h.json('POST', '/api/admin/billing/user', { userId: id }),
      await h.json('POST', '/api/admin/billing/update-payment-method', { userId: id }),
      await h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, { planType: 'pro' }),
      await h.json('POST', `/api/admin/billing/complete-subscription?userId=${id}`, { setupIntentId: 'seti_x', planType: 'pro' }),
      await h.json('POST', '/api/admin/billing/cancel-subscription', { userId: id, cancelAtPeriodEnd: false }),
    ];
    expect(calls.map((c) => c.status)).toEqual([404, 404, 404, 404, 404]);
    expect(errorOf(calls[0] ?? { body: null }).message).toBe('User not found');
    expect((await h.db.query("SELECT * FROM subscriptions WHERE org_id = 'org-a' ORDER BY id")).rows).toEqual(before.rows);

    const overview = v.parse(BillingOverviewSchema, (await h.json('GET', '/api/admin/billing/overview')).body);
    expect(overview.totalUsers).toBe(h.orgB.members.length);
    const namesB = new Set(h.orgB.members.map((m) => m.name));
    expect(overview.recentTransactions.every((t) => namesB.has(t.userName))).toBe(true);
  });

  it('answers 400 naming the field for bad bodies and queries', async () => {
    const id = fx.lite_with_card.userId;
    const cases: Array<[Promise<{ status: number; body: unknown }>, string | undefined]> = [
      [h.json('POST', '/api/admin/billing/user', {}), 'userId'],
      [h.json('POST', '/api/admin/billing/user', { userId: 42 }), 'userId'],
      [h.json('POST', '/api/admin/billing/update-payment-method', { userId: '' }), 'userId'],
      [h.json('POST', '/api/admin/billing/update-subscription', { planType: 'pro' }), 'userId'],
      [h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, { planType: 'gold' }), 'planType'],
      [h.json('POST', `/api/admin/billing/complete-subscription?userId=${id}`, { planType: 'pro' }), 'setupIntentId'],
      [h.json('POST', '/api/admin/billing/cancel-subscription', { userId: id }), 'cancelAtPeriodEnd'],
      [
        h.json('POST', '/api/admin/billing/cancel-subscription', { userId: id, cancelAtPeriodEnd: true, reason: 'x'.repeat(1001) }),
        'reason',
      ],
      [h.json('POST', '/api/admin/billing/user', '{not json'), undefined],
    ];
    for (const [call, field] of cases) {
      const res = await call;
      expect(res.status).toBe(400);
      const body = errorOf(res);
      expect(body.field).toBe(field);
      if (field) expect(body.message).toContain(field);
    }
  });
});

describe('subscription transitions', () => {
  async function transactionsOf(userId: string) {
    return (
      await h.db.query<{ type: string; status: string; amount: number; description: string }>(
        'SELECT type, status, amount, description FROM transactions WHERE member_id = $1 ORDER BY created_at DESC, id DESC',
        [userId],
      )
    ).rows;
  }

  it('previews an upgrade, then charges the prorated difference at the previewed proration date and keeps the period', async () => {
    const id = fx.lite_with_card.userId;
    const before = v.parse(BillingOverviewSchema, (await h.json('GET', '/api/admin/billing/overview')).body);
    const current = (await billingOf(id)).subscription;
    if (!current) throw new Error('expected a subscription');
    // Stripe's arithmetic: the unused Lite time credited, the remaining Pro time charged, each to the cent.
    const start = Date.parse(current.currentPeriodStart) / 1000;
    const end = Date.parse(current.currentPeriodEnd) / 1000;
    const remaining = (end - NOW.getTime() / 1000) / (end - start);
    const expected = Math.round(12999 * remaining) - Math.round(4999 * remaining);
    expect(expected).toBeGreaterThan(0);

    const preview = await h.json('POST', `/api/admin/billing/preview-subscription?userId=${id}`, { planType: 'pro' });
    expect(preview.status).toBe(200);
    expect(v.parse(SubscriptionPreviewSchema, preview.body)).toEqual({
      planType: 'pro',
      kind: 'upgrade',
      amountDueToday: expected,
      prorated: true,
      recurringAmount: 12999,
      recurringFrom: current.currentPeriodEnd,
      effectiveAt: NOW.toISOString(),
      prorationDate: NOW.getTime() / 1000,
      requiresPayment: false,
    });
    // Previewing charges nothing.
    expect(await billingOf(id)).toMatchObject({ accessLevel: 'lite' });

    // Confirmed a minute later: priced as of the preview.
    h.clock.now = new Date(NOW.getTime() + 60_000);
    const res = await h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, {
      planType: 'pro',
      prorationDate: NOW.getTime() / 1000,
    });
    expect(res.status).toBe(200);
    expect(v.parse(UpdateSubscriptionResponseSchema, res.body)).toEqual({
      requiresPayment: false,
      message: 'Subscription updated to Hardline Pro',
    });

    const after = await billingOf(id);
    expect(after.accessLevel).toBe('pro');
    expect(after.subscription).toMatchObject({
      planType: 'pro',
      status: 'active',
      currentPeriodStart: current.currentPeriodStart,
      currentPeriodEnd: current.currentPeriodEnd,
    });
    expect(after.recentInvoices[0]).toMatchObject({ status: 'paid', amountPaid: expected });
    expect((await transactionsOf(id))[0]).toMatchObject({
      type: 'payment_succeeded',
      status: 'succeeded',
      amount: expected,
      description: 'Plan changed from Hardline Lite to Hardline Pro (prorated)',
    });

    const overview = v.parse(BillingOverviewSchema, (await h.json('GET', '/api/admin/billing/overview')).body);
    expect(overview.subscriptionBreakdown.pro).toBe(before.subscriptionBreakdown.pro + 1);
    expect(overview.subscriptionBreakdown.lite).toBe(before.subscriptionBreakdown.lite - 1);
    expect(overview.recentTransactions[0]).toMatchObject({ type: 'payment_succeeded', userName: fx.lite_with_card.name, amount: expected });
  });

  it('previews an upgrade for a seeded paying member with no customer at the provider yet, then upgrades them', async () => {
    // The seed (and a database from before issue 39) writes subscriptions without a customer row.
    const { rows } = await h.db.query<{ member_id: string }>(
      `SELECT s.member_id FROM subscriptions s
        WHERE s.org_id = 'org-a' AND s.status = 'active' AND s.plan_type = 'lite' AND NOT s.cancel_at_period_end
          AND NOT EXISTS (SELECT 1 FROM billing_customers c WHERE c.member_id = s.member_id)
          AND NOT EXISTS (SELECT 1 FROM billing_fixtures f WHERE f.member_id = s.member_id)
        ORDER BY s.member_id LIMIT 1`,
    );
    const id = rows[0]?.member_id;
    if (!id) throw new Error('expected a seeded active Lite member');
    const preview = await h.json('POST', `/api/admin/billing/preview-subscription?userId=${id}`, { planType: 'pro' });
    expect(preview.status).toBe(200);
    const shown = v.parse(SubscriptionPreviewSchema, preview.body);
    expect(shown).toMatchObject({ planType: 'pro', kind: 'upgrade', prorated: true, recurringAmount: 12999 });
    const update = await h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, {
      planType: 'pro',
      prorationDate: shown.prorationDate,
    });
    expect(update.status).toBe(200);
    expect((await billingOf(id)).subscription?.planType).toBe('pro');
    const customers = await h.db.query('SELECT customer_id FROM billing_customers WHERE member_id = $1', [id]);
    expect(customers.rows).toHaveLength(1);
  });

  it('refuses a proration date from a preview too old or not yet made, and charges nothing', async () => {
    const id = fx.lite_with_card.userId;
    for (const prorationDate of [NOW.getTime() / 1000 - 16 * 60, NOW.getTime() / 1000 + 3600]) {
      const res = await h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, { planType: 'pro', prorationDate });
      expect(res.status).toBe(400);
      expect(errorOf(res)).toEqual({ message: PREVIEW_EXPIRED_MESSAGE, field: 'prorationDate' });
    }
    expect(await billingOf(id)).toMatchObject({ accessLevel: 'lite' });
  });

  it('moves a Pro member to Lite at the end of the period, charging nothing now; choosing Pro again withdraws it', async () => {
    const id = fx.pro_scheduled_cancellation.userId;
    // Its scheduled cancellation is withdrawn by moving to another plan.
    const current = (await billingOf(id)).subscription;
    if (!current) throw new Error('expected a subscription');
    const invoicesBefore = (await billingOf(id)).recentInvoices.length;

    const preview = await h.json('POST', `/api/admin/billing/preview-subscription?userId=${id}`, { planType: 'lite' });
    expect(v.parse(SubscriptionPreviewSchema, preview.body)).toMatchObject({
      kind: 'downgrade',
      amountDueToday: 0,
      recurringAmount: 4999,
      recurringFrom: current.currentPeriodEnd,
      effectiveAt: current.currentPeriodEnd,
      prorationDate: null,
    });
    const res = await h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, { planType: 'lite' });
    expect(res.status).toBe(200);
    expect(v.parse(MessageResponseSchema, res.body).message).toBe(
      `${fx.pro_scheduled_cancellation.name} moves to Hardline Lite at the end of the current period`,
    );
    let billing = await billingOf(id);
    expect(billing.accessLevel).toBe('pro');
    expect(billing.subscription).toMatchObject({
      planType: 'pro',
      cancelAtPeriodEnd: false,
      scheduledPlanType: 'lite',
      scheduledChangeAt: current.currentPeriodEnd,
    });
    expect(billing.recentInvoices).toHaveLength(invoicesBefore);

    const again = await h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, { planType: 'lite' });
    expect(again.status).toBe(400);

    const keep = await h.json('POST', `/api/admin/billing/preview-subscription?userId=${id}`, { planType: 'pro' });
    expect(v.parse(SubscriptionPreviewSchema, keep.body)).toMatchObject({ kind: 'keep', amountDueToday: 0 });
    const withdrawn = await h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, { planType: 'pro' });
    expect(v.parse(MessageResponseSchema, withdrawn.body).message).toBe(`${fx.pro_scheduled_cancellation.name} stays on Hardline Pro`);
    billing = await billingOf(id);
    expect(billing.subscription).toMatchObject({ planType: 'pro', scheduledPlanType: null, scheduledChangeAt: null });
    expect(billing.recentInvoices).toHaveLength(invoicesBefore);

    const { rows } = await h.db.query<{ kind: string; before: unknown; after: unknown }>(
      `SELECT kind, before, after FROM audit_entries WHERE member_id = $1 AND kind = 'subscription.change_scheduled' ORDER BY created_at, id`,
      [id],
    );
    expect(rows.map((r) => (r.after as { scheduledPlanType: string | null }).scheduledPlanType).sort()).toEqual(['lite', null].sort());
  });

  it('previews a new subscription at the full price, and says when a card is needed first', async () => {
    const preview = await h.json('POST', `/api/admin/billing/preview-subscription?userId=${fx.free.userId}`, { planType: 'lite' });
    expect(v.parse(SubscriptionPreviewSchema, preview.body)).toEqual({
      planType: 'lite',
      kind: 'start',
      amountDueToday: 4999,
      prorated: false,
      recurringAmount: 4999,
      recurringFrom: '2025-07-11T15:00:00.000Z',
      effectiveAt: NOW.toISOString(),
      prorationDate: null,
      requiresPayment: true,
    });
    const same = await h.json('POST', `/api/admin/billing/preview-subscription?userId=${fx.lite_with_card.userId}`, { planType: 'lite' });
    expect(same.status).toBe(400);
    expect(errorOf(same)).toEqual({ message: `${fx.lite_with_card.name} is already on Hardline Lite.`, field: 'planType' });
  });

  it('refuses the plan the user is already on', async () => {
    const res = await h.json('POST', `/api/admin/billing/update-subscription?userId=${fx.lite_with_card.userId}`, { planType: 'lite' });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toEqual({ message: `${fx.lite_with_card.name} is already on Hardline Lite.`, field: 'planType' });
  });

  it('asks for a payment method for a trial user without a card, then completes the subscription once', async () => {
    const id = fx.trial_no_card.userId;
    const res = await h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, { planType: 'pro' });
    expect(res.status).toBe(200);
    const answer = v.parse(UpdateSubscriptionResponseSchema, res.body);
    expect(answer.requiresPayment).toBe(true);
    expect(answer.message).toContain('payment method is required');
    const match = /^(seti_[0-9a-f]{24})_secret_[0-9a-f]{24}$/.exec(answer.clientSecret ?? '');
    expect(match).not.toBeNull();
    const setupIntentId = match?.[1] ?? '';
    // Nothing changes until the payment setup is completed.
    expect((await billingOf(id)).accessLevel).toBe('trial');

    // Another member cannot use this setup intent.
    const stranger = await h.json('POST', `/api/admin/billing/complete-subscription?userId=${fx.free.userId}`, {
      setupIntentId,
      planType: 'pro',
    });
    expect(stranger.status).toBe(404);

    // A plan other than the one the setup was made for is refused, and leaves the intent usable.
    const wrongPlan = await h.json('POST', `/api/admin/billing/complete-subscription?userId=${id}`, { setupIntentId, planType: 'lite' });
    expect(wrongPlan.status).toBe(400);
    expect(errorOf(wrongPlan).field).toBe('planType');

    const done = await h.json('POST', `/api/admin/billing/complete-subscription?userId=${id}`, { setupIntentId, planType: 'pro' });
    expect(done.status).toBe(200);
    expect(v.parse(MessageResponseSchema, done.body).message).toBe('Payment method saved and subscription to Hardline Pro activated');

    const after = await billingOf(id);
    expect(after).toMatchObject({ accessLevel: 'pro', trialDaysRemaining: 0 });
    expect(after.subscription).toMatchObject({ planType: 'pro', status: 'active', cancelAtPeriodEnd: false });
    expect(after.paymentMethods).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true })]);
    expect(after.recentInvoices).toEqual([expect.objectContaining({ status: 'paid', amountPaid: 12999 })]);
    expect((await transactionsOf(id)).map((t) => t.type)).toEqual(expect.arrayContaining(['payment_succeeded', 'subscription_created']));

    const again = await h.json('POST', `/api/admin/billing/complete-subscription?userId=${id}`, { setupIntentId, planType: 'pro' });
    expect(again.status).toBe(409);
    expect(errorOf(again).message).toBe('This payment setup has already been used');
  });

  it('asks for a payment method when a free user without a card is given a plan', async () => {
    const res = await h.json('POST', `/api/admin/billing/update-subscription?userId=${fx.free.userId}`, { planType: 'lite' });
    expect(v.parse(UpdateSubscriptionResponseSchema, res.body).requiresPayment).toBe(true);
    const unknown = await h.json('POST', `/api/admin/billing/complete-subscription?userId=${fx.free.userId}`, {
      setupIntentId: 'seti_000000000000000000000000',
      planType: 'lite',
    });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).field).toBe('setupIntentId');
  });

  it('schedules a cancellation, refuses to schedule it twice, reactivates, then cancels now', async () => {
    const id = fx.lite_with_card.userId;
    const cancel = (body: Record<string, unknown>) => h.json('POST', '/api/admin/billing/cancel-subscription', { userId: id, ...body });

    const scheduled = await cancel({ cancelAtPeriodEnd: true, reason: 'Crew leaves in July' });
    expect(v.parse(MessageResponseSchema, scheduled.body)).toEqual({ message: 'Subscription will cancel at period end' });
    expect((await billingOf(id)).subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const { rows } = await h.db.query<{ cancellation_reason: string }>(
      'SELECT cancellation_reason FROM subscriptions WHERE member_id = $1',
      [id],
    );
    expect(rows[0]?.cancellation_reason).toBe('Crew leaves in July');

    expect((await cancel({ cancelAtPeriodEnd: true })).status).toBe(400);

    const reactivated = await cancel({ cancelAtPeriodEnd: false });
    expect(v.parse(MessageResponseSchema, reactivated.body)).toEqual({ message: 'Subscription reactivated' });
    expect((await billingOf(id)).subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

    const now = await cancel({ cancelAtPeriodEnd: false, reason: 'Left the company' });
    expect(v.parse(MessageResponseSchema, now.body)).toEqual({ message: 'Subscription canceled' });
    const after = await billingOf(id);
    expect(after.accessLevel).toBe('free');
    expect(after.subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
    expect((await transactionsOf(id))[0]).toMatchObject({
      type: 'subscription_canceled',
      amount: 0,
      description: 'Hardline Lite canceled: Left the company',
    });

    const none = await cancel({ cancelAtPeriodEnd: false });
    expect(none.status).toBe(400);
    expect(errorOf(none).message).toContain('has no subscription to cancel');
  });

  it('reactivates the seeded scheduled cancellation', async () => {
    const res = await h.json('POST', '/api/admin/billing/cancel-subscription', {
      userId: fx.pro_scheduled_cancellation.userId,
      cancelAtPeriodEnd: false,
    });
    expect(v.parse(MessageResponseSchema, res.body).message).toBe('Subscription reactivated');
  });

  it('answers 400 when a free user has no subscription to cancel', async () => {
    const res = await h.json('POST', '/api/admin/billing/cancel-subscription', { userId: fx.free.userId, cancelAtPeriodEnd: true });
    expect(res.status).toBe(400);
    expect(errorOf(res)).toEqual({ message: `${fx.free.name} has no subscription to cancel`, field: 'userId' });
  });

  it('writes nothing when a step of a plan change fails', async () => {
    const id = fx.lite_with_card.userId;
    await h.db.exec(`
      CREATE FUNCTION refuse_invoice() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'invoice store down'; END $$;
      CREATE TRIGGER refuse_invoice BEFORE INSERT ON invoices FOR EACH ROW EXECUTE FUNCTION refuse_invoice();
    `);
    const before = await billingOf(id);
    const countTx = async () =>
      (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM transactions WHERE member_id = $1', [id])).rows[0]?.n;
    const txBefore = await countTx();
    const res = await h.json('POST', `/api/admin/billing/update-subscription?userId=${id}`, { planType: 'pro' });
    expect(res.status).toBe(500);
    expect(await billingOf(id)).toEqual(before);
    expect(await countTx()).toBe(txBefore);
  });
});

describe('hosted pages', () => {
  function pageHeaders(res: Response) {
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain("style-src 'unsafe-inline'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  }

  it('serves the invoice page and a valid PDF with the number and amount, only where links exist', async () => {
    const billing = await billingOf(fx.lite_with_card.userId);
    const invoice = billing.recentInvoices[0];
    if (!invoice?.hostedInvoiceUrl || !invoice.invoicePdf) throw new Error('expected links');

    const page = await h.app.request(invoice.hostedInvoiceUrl.slice(API_ORIGIN.length));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    pageHeaders(page);
    const html = await page.text();
    expect(html).toContain(`Invoice #${invoice.number}`);
    expect(html).toContain('$49.99');

    const pdfRes = await h.app.request(invoice.invoicePdf.slice(API_ORIGIN.length));
    expect(pdfRes.status).toBe(200);
    expect(pdfRes.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await pdfRes.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain(`(Invoice #${invoice.number}) Tj`);
    expect(pdf).toContain('(Amount paid: $49.99 USD) Tj');
    // The cross-reference table points at each object.
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)?.[1]);
    expect(pdf.slice(startxref).startsWith('xref\n0 6\n')).toBe(true);
    const offsets = [...pdf.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, i) => expect(pdf.slice(offset).startsWith(`${i + 1} 0 obj`)).toBe(true));
    const length = Number(/\/Length (\d+) >>\nstream\n/.exec(pdf)?.[1]);
    const streamStart = pdf.indexOf('stream\n') + 'stream\n'.length;
    expect(pdf.slice(streamStart + length)).toMatch(/^\nendstream/);
  });

  it('answers 404 for invoices whose link does not exist, for unknown ids, and for links not signed or expired', async () => {
    const billing = await billingOf(fx.invoices_without_links.userId);
    const [none, , hostedOnly, pdfOnly] = billing.recentInvoices;
    if (!none || !hostedOnly?.hostedInvoiceUrl || !pdfOnly?.invoicePdf) throw new Error('expected four invoices');
    expect(none.hostedInvoiceUrl).toBeNull();
    expect(none.invoicePdf).toBeNull();
    expect(hostedOnly.invoicePdf).toBeNull();
    const pagePath = hostedOnly.hostedInvoiceUrl.slice(API_ORIGIN.length);
    const pdfPath = pdfOnly.invoicePdf.slice(API_ORIGIN.length);
    expect((await h.app.request(pagePath)).status).toBe(200);
    expect((await h.app.request(pdfPath)).status).toBe(200);
    // Another invoice's signature, another format's, a changed expiry, no signature: refused.
    const query = new URL(hostedOnly.hostedInvoiceUrl).search;
    expect((await h.app.request(`/hosted/invoices/${none.id}${query}`)).status).toBe(404);
    expect((await h.app.request(`/hosted/invoices/${hostedOnly.id}.pdf${query}`)).status).toBe(404);
    const later = new URL(hostedOnly.hostedInvoiceUrl);
    later.searchParams.set('expires', String(Number(later.searchParams.get('expires')) + 3600));
    expect((await h.app.request(`${later.pathname}${later.search}`)).status).toBe(404);
    expect((await h.app.request(`/hosted/invoices/${hostedOnly.id}`)).status).toBe(404);
    expect((await h.app.request('/hosted/invoices/in_0123456789abcdef01234567')).status).toBe(404);
    // The link expires after 15 minutes.
    h.clock.now = new Date(NOW.getTime() + 15 * 60_000);
    const expired = await h.app.request(pagePath);
    expect(expired.status).toBe(404);
    expect(await expired.text()).toContain('Open the invoice again from the console.');
  });

  it('gives a one-hour payment-method page where a card can be added and made default', async () => {
    const id = fx.lite_with_card.userId;
    const res = await h.json('POST', '/api/admin/billing/update-payment-method', { userId: id });
    expect(res.status).toBe(200);
    const { hostedUrl } = v.parse(HostedUrlResponseSchema, res.body);
    expect(hostedUrl).toMatch(new RegExp(`^${API_ORIGIN}/hosted/payment-methods/[A-Za-z0-9_-]{43}$`));
    const path = hostedUrl.slice(API_ORIGIN.length);

    const page = await h.app.request(path);
    expect(page.status).toBe(200);
    pageHeaders(page);
    const html = await page.text();
    expect(html).toContain('VISA •••• 4242');
    expect(html).toContain(fx.lite_with_card.name);

    const bad = await h.app.request(`${path}/cards`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4242 4242 4242 4241', expMonth: '4', expYear: '2027' }),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter a valid card number.');

    const added = await h.app.request(`${path}/cards`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '5555 5555 5555 4444', expMonth: '4', expYear: '2027' }),
    });
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`${path}?notice=added`);
    let billing = await billingOf(id);
    expect(billing.paymentMethods.map((m) => [m.brand, m.last4, m.isDefault])).toEqual([
      ['visa', '4242', true],
      ['mastercard', '4444', false],
    ]);

    const mastercard = billing.paymentMethods.find((m) => m.last4 === '4444');
    const made = await h.app.request(`${path}/default`, {
      method: 'POST',
      body: new URLSearchParams({ paymentMethodId: mastercard?.id ?? '' }),
    });
    expect(made.status).toBe(303);
    billing = await billingOf(id);
    expect(billing.paymentMethods[0]).toMatchObject({ last4: '4444', isDefault: true });
    expect(billing.paymentMethods.filter((m) => m.isDefault)).toHaveLength(1);

    // A card of another member cannot be made default through this link.
    const { rows } = await h.db.query<{ id: string }>('SELECT id FROM payment_methods WHERE member_id <> $1 LIMIT 1', [id]);
    const foreign = await h.app.request(`${path}/default`, {
      method: 'POST',
      body: new URLSearchParams({ paymentMethodId: rows[0]?.id ?? '' }),
    });
    expect(foreign.status).toBe(400);

    // The notice names one of the page's own messages; anything else shows none.
    for (const notice of ['__proto__', 'constructor', 'toString', 'nope']) {
      const res = await h.app.request(`${path}?notice=${notice}`);
      expect(res.status).toBe(200);
      expect(await res.text()).not.toContain('class="notice"');
    }
    expect(await (await h.app.request(`${path}?notice=added`)).text()).toContain('Card added.');

    h.clock.now = new Date(NOW.getTime() + 60 * 60 * 1000 + 1);
    expect((await h.app.request(path)).status).toBe(404);
    expect((await h.app.request('/hosted/payment-methods/not-a-token')).status).toBe(404);
  });
});
