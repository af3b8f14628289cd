// @vitest-environment node
/**
 * Issue 11, item 6: a member is charged once, however often the console asks. update-subscription
 * hands out the open setup intent again; complete-subscription refuses a member who already pays;
 * parallel requests (real parallel connections on PostgreSQL) end in exactly one charge.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApiErrorBodySchema, HostedUrlResponseSchema, UpdateSubscriptionResponseSchema, UserBillingSchema } from '../../src/contract/api';
import { findBillingFixtures, type BillingFixtures } from '../../server/billing';
import { SETUP_INTENT_TTL_MS } from '../../server/billing/schema';
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

const update = (userId: string, planType: 'lite' | 'pro') =>
  h.json('POST', `/api/admin/billing/update-subscription?userId=${userId}`, { planType });
const complete = (userId: string, setupIntentId: string, planType: 'lite' | 'pro') =>
  h.json('POST', `/api/admin/billing/complete-subscription?userId=${userId}`, { setupIntentId, planType });

/** The setup intent id of an update-subscription answer that asks for a payment method. */
function setupIntentOf(res: { status: number; body: unknown }): string {
  expect(res.status).toBe(200);
  const answer = v.parse(UpdateSubscriptionResponseSchema, res.body);
  expect(answer.requiresPayment).toBe(true);
  const id = /^(seti_[0-9a-f]{24})_secret_/.exec(answer.clientSecret ?? '')?.[1];
  if (!id) throw new Error(`no setup intent in ${JSON.stringify(res.body)}`);
  return id;
}

/** What the member was charged: paid invoices and payment_succeeded transactions. */
async function chargesOf(userId: string): Promise<{ invoices: number; payments: number; created: number }> {
  const { rows } = await h.db.query<{ invoices: number; payments: number; created: number }>(
    `SELECT (SELECT count(*)::int FROM invoices WHERE member_id = $1) AS invoices,
            (SELECT count(*)::int FROM transactions WHERE member_id = $1 AND type = 'payment_succeeded') AS payments,
            (SELECT count(*)::int FROM transactions WHERE member_id = $1 AND type = 'subscription_created' AND status = 'succeeded') AS created`,
    [userId],
  );
  return rows[0] ?? { invoices: -1, payments: -1, created: -1 };
}

async function openIntentsOf(userId: string): Promise<number> {
  const { rows } = await h.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM setup_intents WHERE member_id = $1 AND status = 'requires_payment_method'`,
    [userId],
  );
  return rows[0]?.n ?? -1;
}

async function accessLevelOf(userId: string): Promise<string> {
  const res = await h.json('POST', '/api/admin/billing/user', { userId });
  return v.parse(UserBillingSchema, res.body).accessLevel;
}

describe('update-subscription hands out the open payment setup again', () => {
  it('gives the same client secret for the same member and plan while it is open, a new one for another plan', async () => {
    const id = fx.trial_no_card.userId;
    const first = await update(id, 'pro');
    const second = await update(id, 'pro');
    expect(setupIntentOf(second)).toBe(setupIntentOf(first));
    expect(v.parse(UpdateSubscriptionResponseSchema, second.body).clientSecret).toBe(
      v.parse(UpdateSubscriptionResponseSchema, first.body).clientSecret,
    );
    expect(await openIntentsOf(id)).toBe(1);

    const lite = setupIntentOf(await update(id, 'lite'));
    expect(lite).not.toBe(setupIntentOf(first));
    expect(await openIntentsOf(id)).toBe(2);
  });

  it('starts a new payment setup once the open one has expired, and the expired one can no longer be completed', async () => {
    const id = fx.free.userId;
    const old = setupIntentOf(await update(id, 'lite'));
    h.clock.now = new Date(NOW.getTime() + SETUP_INTENT_TTL_MS - 1);
    expect(setupIntentOf(await update(id, 'lite'))).toBe(old);

    h.clock.now = new Date(NOW.getTime() + SETUP_INTENT_TTL_MS);
    const fresh = setupIntentOf(await update(id, 'lite'));
    expect(fresh).not.toBe(old);
    expect(await openIntentsOf(id)).toBe(1);

    const stale = await complete(id, old, 'lite');
    expect(stale.status).toBe(409);
    expect(v.parse(ApiErrorBodySchema, stale.body).message).toBe(
      'This payment setup has expired. Choose the plan again to start a new one.',
    );
    expect(await chargesOf(id)).toEqual({ invoices: 0, payments: 0, created: 0 });

    expect((await complete(id, fresh, 'lite')).status).toBe(200);
    expect(await chargesOf(id)).toEqual({ invoices: 1, payments: 1, created: 1 });
  });

  it('refuses a second open payment setup for the same member and plan in the database itself', async () => {
    const id = fx.trial_no_card.userId;
    setupIntentOf(await update(id, 'pro'));
    await expect(
      h.db.query(
        `INSERT INTO setup_intents (id, org_id, member_id, client_secret, plan_type, status)
         VALUES ('seti_dup', 'org-a', $1, 'seti_dup_secret_x', 'pro', 'requires_payment_method')`,
        [id],
      ),
    ).rejects.toThrow(/setup_intents_one_open/);
  });
});

describe('complete-subscription charges a member once', () => {
  it('refuses a payment setup left open while the member was put on the plan another way: 409, nothing charged', async () => {
    const id = fx.trial_no_card.userId;
    // The Manage Subscription modal asks for a card...
    const pending = setupIntentOf(await update(id, 'pro'));
    // ...meanwhile a card is added on the hosted payment-method page and the plan is changed with it.
    const link = v.parse(HostedUrlResponseSchema, (await h.json('POST', '/api/admin/billing/update-payment-method', { userId: id })).body);
    const added = await h.app.request(`${link.hostedUrl.slice(API_ORIGIN.length)}/cards`, {
      method: 'POST',
      body: new URLSearchParams({ cardNumber: '4000 0566 5566 5556', expMonth: '4', expYear: String(NOW.getUTCFullYear() + 2) }),
    });
    expect(added.status).toBe(303);
    const direct = await update(id, 'pro');
    expect(v.parse(UpdateSubscriptionResponseSchema, direct.body)).toEqual({
      requiresPayment: false,
      message: 'Subscription to Hardline Pro started',
    });
    expect(await chargesOf(id)).toEqual({ invoices: 1, payments: 1, created: 1 });

    // The modal's payment step then completes its setup: refused, and nothing more is charged.
    const res = await complete(id, pending, 'pro');
    expect(res.status).toBe(409);
    expect(v.parse(ApiErrorBodySchema, res.body)).toEqual({
      message: `${fx.trial_no_card.name} is already subscribed to Hardline Pro. Nothing was charged.`,
      field: 'setupIntentId',
    });
    expect(await chargesOf(id)).toEqual({ invoices: 1, payments: 1, created: 1 });
    expect(await accessLevelOf(id)).toBe('pro');
  });

  it('refuses the payment setup of another plan once the member pays, and says how to change the plan', async () => {
    const id = fx.trial_zero_days.userId;
    const lite = setupIntentOf(await update(id, 'lite'));
    const pro = setupIntentOf(await update(id, 'pro'));
    expect((await complete(id, pro, 'pro')).status).toBe(200);

    const res = await complete(id, lite, 'lite');
    expect(res.status).toBe(409);
    expect(v.parse(ApiErrorBodySchema, res.body).message).toBe(
      `${fx.trial_zero_days.name} is already subscribed to Hardline Pro. Nothing was charged; use Update Subscription to change the plan.`,
    );
    expect(await chargesOf(id)).toEqual({ invoices: 1, payments: 1, created: 1 });
    expect(await accessLevelOf(id)).toBe('pro');
    // The member pays now, so no payment setup of theirs is left open.
    expect(await openIntentsOf(id)).toBe(0);
  });

  it('completes a subscription again after it was canceled, with a new payment setup', async () => {
    const id = fx.canceled.userId;
    await h.db.query('DELETE FROM payment_methods WHERE member_id = $1', [id]);
    const before = await chargesOf(id);
    expect((await complete(id, setupIntentOf(await update(id, 'lite')), 'lite')).status).toBe(200);
    expect(await chargesOf(id)).toEqual({ invoices: before.invoices + 1, payments: before.payments + 1, created: before.created + 1 });
  });
});

describe('parallel requests charge once', () => {
  const ROUNDS = 5;

  it(`two completions of the same payment setup at once: one succeeds, one is refused, one charge (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await h.resetBilling();
      const members = await findBillingFixtures(h.db, 'org-a');
      const member = round % 2 === 0 ? members.trial_no_card : members.free;
      if (!member) throw new Error('fixture missing');
      const plan = round % 2 === 0 ? 'pro' : 'lite';
      const setupIntentId = setupIntentOf(await update(member.userId, plan));

      const answers = await Promise.all([complete(member.userId, setupIntentId, plan), complete(member.userId, setupIntentId, plan)]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(await chargesOf(member.userId)).toEqual({ invoices: 1, payments: 1, created: 1 });
    }
  }, 60_000);

  it(`two updates at once, then both payment setups completed at once: one payment setup, one charge (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await h.resetBilling();
      const members = await findBillingFixtures(h.db, 'org-a');
      const member = round % 2 === 0 ? members.trial_zero_days : members.free;
      if (!member) throw new Error('fixture missing');
      const plan = round % 2 === 0 ? 'lite' : 'pro';

      // Two tabs (or a double click) open the payment step for the same member and plan...
      const updates = await Promise.all([update(member.userId, plan), update(member.userId, plan)]);
      const intents = updates.map(setupIntentOf);

      // ...and both complete the setup they were given.
      const answers = await Promise.all(intents.map((id) => complete(member.userId, id, plan)));
      expect(await chargesOf(member.userId)).toEqual({ invoices: 1, payments: 1, created: 1 });
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect(intents[1]).toBe(intents[0]);
      expect(await accessLevelOf(member.userId)).toBe(plan);
    }
  }, 60_000);

  it(`a completion racing a direct plan change with a card on file: one charge either way (${ROUNDS} rounds)`, async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      await h.resetBilling();
      const member = (await findBillingFixtures(h.db, 'org-a')).trial_no_card;
      if (!member) throw new Error('fixture missing');
      const pending = setupIntentOf(await update(member.userId, 'pro'));
      await h.db.query(
        `INSERT INTO payment_methods (id, org_id, member_id, brand, last4, exp_month, exp_year, is_default) VALUES ($1, 'org-a', $2, 'visa', '1881', 4, 2030, true)`,
        [`pm_race_${round}`, member.userId],
      );

      const answers = await Promise.all([complete(member.userId, pending, 'pro'), update(member.userId, 'pro')]);
      // Whichever runs first starts the subscription; the other is refused (409 for the setup, 400 for the same plan).
      expect(answers.map((a) => a.status).sort()).toEqual(answers[0]?.status === 200 ? [200, 400] : [200, 409]);
      expect(await chargesOf(member.userId)).toEqual({ invoices: 1, payments: 1, created: 1 });
    }
  }, 60_000);
});

describe('parallel card additions on the hosted payment-method page', () => {
  it('two cards added at once to a member without one (two tabs, or a double submit): both kept, exactly one default (5 rounds)', async () => {
    for (let round = 0; round < 5; round += 1) {
      await h.resetBilling();
      const member = (await findBillingFixtures(h.db, 'org-a')).trial_no_card;
      if (!member) throw new Error('fixture missing');
      const res = await h.json('POST', '/api/admin/billing/update-payment-method', { userId: member.userId });
      const path = v.parse(HostedUrlResponseSchema, res.body).hostedUrl.slice(API_ORIGIN.length);
      const add = (cardNumber: string, makeDefault: boolean) =>
        h.app.request(`${path}/cards`, {
          method: 'POST',
          body: new URLSearchParams({ cardNumber, expMonth: '4', expYear: '2031', ...(makeDefault ? { makeDefault: '1' } : {}) }),
        });
      const answers = await Promise.all([
        add('4242 4242 4242 4242', round % 2 === 0),
        add('5555 5555 5555 4444', true),
        add('4000 0566 5566 5556', false),
      ]);
      expect(answers.map((a) => a.status)).toEqual([303, 303, 303]);
      const { rows } = await h.db.query<{ n: number; defaults: number }>(
        'SELECT count(*)::int AS n, count(*) FILTER (WHERE is_default)::int AS defaults FROM payment_methods WHERE member_id = $1',
        [member.userId],
      );
      expect(rows[0]).toEqual({ n: 3, defaults: 1 });
    }
  }, 60_000);
});
