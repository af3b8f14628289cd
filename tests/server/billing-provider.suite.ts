/**
 * The billing provider's behavioural suite (issue 39): the same scenarios, through the billing API,
 * run against each provider by its own file (billing-provider-local.test.ts,
 * billing-provider-stripe.test.ts). With Stripe, the `stripe` SDK talks to a local double of
 * Stripe's API (tests/support/stripe/api-double.ts: Stripe is a boundary we do not own); what the
 * browser does between two calls (Stripe.js confirming the Payment Element's setup) is done on the
 * double. Where the providers differ by design (where "Manage" leads, whose invoice pages), the
 * scenario checks each its own way.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import {
  ApiErrorBodySchema,
  HostedUrlResponseSchema,
  InvoiceLinkResponseSchema,
  MessageResponseSchema,
  SubscriptionPreviewSchema,
  UpdateSubscriptionResponseSchema,
  UserBillingSchema,
  type PlanType,
  type UserBilling,
} from '../../src/contract/api';
import { findBillingFixtures } from '../../server/billing';
import { NO_LONGER_ADMIN } from '../../server/billing/changes';
import { API_ORIGIN, NOW, WEB_ORIGIN, createHarness, type Harness } from './support-billing/harness';

const DAY_MS = 86_400_000;
const PRICES: Record<PlanType, number> = { lite: 4999, pro: 12999 };

export function billingProviderSuite(provider: 'local' | 'stripe'): void {
  let h: Harness;
  /** A member with no billing yet (no subscription, trial, card or invoice). */
  let member: { userId: string; name: string; email: string };
  let other: { userId: string; name: string; email: string };

  beforeAll(async () => {
    h = await createHarness({ provider });
  }, 180_000);
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    await h.resetBilling();
    await h.db.query('DELETE FROM audit_entries');
    const fx = await findBillingFixtures(h.db, 'org-a');
    if (!fx.free || !fx.trial_no_card) throw new Error('fixtures missing');
    member = fx.free;
    // On a trial, with no card: to either provider, a member who does not pay yet.
    other = fx.trial_no_card;
  });

  const post = (path: string, body: unknown) => h.json('POST', path, body);
  const preview = async (userId: string, planType: PlanType) => {
    const res = await post(`/api/admin/billing/preview-subscription?userId=${userId}`, { planType });
    expect(res.status).toBe(200);
    return v.parse(SubscriptionPreviewSchema, res.body);
  };
  const update = (userId: string, planType: PlanType, prorationDate?: number) =>
    post(`/api/admin/billing/update-subscription?userId=${userId}`, {
      planType,
      ...(prorationDate === undefined ? {} : { prorationDate }),
    });
  const complete = (userId: string, setupIntentId: string, planType: PlanType) =>
    post(`/api/admin/billing/complete-subscription?userId=${userId}`, { setupIntentId, planType });
  const cancel = (userId: string, cancelAtPeriodEnd: boolean, reason?: string) =>
    post('/api/admin/billing/cancel-subscription', { userId, cancelAtPeriodEnd, ...(reason ? { reason } : {}) });
  const billingOf = async (userId: string): Promise<UserBilling> => {
    const res = await post('/api/admin/billing/user', { userId });
    expect(res.status).toBe(200);
    return v.parse(UserBillingSchema, res.body);
  };
  const messageOf = (res: { body: unknown }) => v.parse(MessageResponseSchema, res.body).message;
  const errorOf = (res: { body: unknown }) => v.parse(ApiErrorBodySchema, res.body);
  const transactionsOf = async (userId: string) =>
    (
      await h.db.query<{ type: string; status: string; amount: number; description: string }>(
        'SELECT type, status, amount, description FROM transactions WHERE member_id = $1 ORDER BY created_at, type',
        [userId],
      )
    ).rows;
  const kindsOf = async (userId: string) =>
    (await h.db.query<{ kind: string }>('SELECT kind FROM audit_entries WHERE member_id = $1 ORDER BY created_at, id', [userId])).rows.map(
      (r) => r.kind,
    );

  /** What the Payment Element does in the browser with the client secret: with Stripe, Stripe.js confirms the setup. */
  const confirmInBrowser = (setupIntentId: string) => {
    if (h.stripe) h.stripe.confirmSetupIntent(setupIntentId);
  };

  /** The payment step end to end: update asks for a card, the browser confirms, complete starts the plan. */
  async function subscribe(userId: string, plan: PlanType): Promise<string> {
    const res = await update(userId, plan);
    expect(res.status).toBe(200);
    const answer = v.parse(UpdateSubscriptionResponseSchema, res.body);
    expect(answer.requiresPayment).toBe(true);
    const setupIntentId = (answer.clientSecret ?? '').split('_secret_')[0] ?? '';
    expect(setupIntentId).toMatch(/^seti_[0-9A-Za-z]+$/);
    confirmInBrowser(setupIntentId);
    const done = await complete(userId, setupIntentId, plan);
    expect(done.status).toBe(200);
    return setupIntentId;
  }

  describe(`billing through the ${provider} provider`, () => {
    it('starts a paid plan after a payment setup: the setup’s card is the default, one invoice and one payment, the trail says so', async () => {
      const shown = await preview(member.userId, 'lite');
      expect(shown).toEqual({
        planType: 'lite',
        kind: 'start',
        amountDueToday: PRICES.lite,
        prorated: false,
        recurringAmount: PRICES.lite,
        recurringFrom: '2025-07-11T15:00:00.000Z',
        effectiveAt: NOW.toISOString(),
        prorationDate: null,
        requiresPayment: true,
      });
      expect(await billingOf(member.userId)).toMatchObject({ accessLevel: 'free', paymentMethods: [], recentInvoices: [] });

      const first = v.parse(UpdateSubscriptionResponseSchema, (await update(member.userId, 'lite')).body);
      expect(first).toMatchObject({
        requiresPayment: true,
        message: `A payment method is required to move ${member.name} to Hardline Lite.`,
      });
      // Asked again (two tabs, a double click): the same payment setup.
      const again = v.parse(UpdateSubscriptionResponseSchema, (await update(member.userId, 'lite')).body);
      expect(again.clientSecret).toBe(first.clientSecret);
      const setupIntentId = (first.clientSecret ?? '').split('_secret_')[0] ?? '';
      confirmInBrowser(setupIntentId);

      const done = await complete(member.userId, setupIntentId, 'lite');
      expect(done.status).toBe(200);
      expect(messageOf(done)).toBe('Payment method saved and subscription to Hardline Lite activated');

      const billing = await billingOf(member.userId);
      expect(billing.accessLevel).toBe('lite');
      expect(billing.subscription).toMatchObject({
        planType: 'lite',
        status: 'active',
        cancelAtPeriodEnd: false,
        currentPeriodStart: NOW.toISOString(),
        currentPeriodEnd: '2025-07-11T15:00:00.000Z',
      });
      expect(billing.paymentMethods).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true })]);
      expect(billing.recentInvoices).toEqual([
        expect.objectContaining({
          status: 'paid',
          amountPaid: PRICES.lite,
          hostedInvoiceUrl: expect.any(String),
          invoicePdf: expect.any(String),
        }),
      ]);
      expect(await transactionsOf(member.userId)).toEqual(
        expect.arrayContaining([
          { type: 'payment_succeeded', status: 'succeeded', amount: PRICES.lite, description: 'Hardline Lite - first month' },
          { type: 'subscription_created', status: 'succeeded', amount: PRICES.lite, description: 'Hardline Lite subscription started' },
        ]),
      );
      expect(await transactionsOf(member.userId)).toHaveLength(2);
      expect(await kindsOf(member.userId)).toEqual(['subscription.plan_changed']);

      // The same setup again: refused, nothing charged twice.
      const twice = await complete(member.userId, setupIntentId, 'lite');
      expect(twice.status).toBe(409);
      expect(errorOf(twice).message).toBe('This payment setup has already been used');
      expect((await billingOf(member.userId)).recentInvoices).toHaveLength(1);
      if (h.stripe) {
        expect(h.stripe.subscriptions()).toHaveLength(1);
        expect(h.stripe.customers()).toHaveLength(1);
      }
    });

    it('two completions of one payment setup at once charge once', async () => {
      const res = v.parse(UpdateSubscriptionResponseSchema, (await update(other.userId, 'pro')).body);
      const setupIntentId = (res.clientSecret ?? '').split('_secret_')[0] ?? '';
      confirmInBrowser(setupIntentId);
      const answers = await Promise.all([complete(other.userId, setupIntentId, 'pro'), complete(other.userId, setupIntentId, 'pro')]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const billing = await billingOf(other.userId);
      expect(billing.recentInvoices.filter((i) => i.amountPaid === PRICES.pro && Date.parse(i.created) >= NOW.getTime())).toHaveLength(1);
      expect(billing.subscription).toMatchObject({ planType: 'pro', status: 'active' });
      if (h.stripe) expect(h.stripe.subscriptions()).toHaveLength(1);
    });

    it('upgrades at the preview’s proration date: charged what the preview showed, on the same period', async () => {
      await subscribe(member.userId, 'lite');
      const period = (await billingOf(member.userId)).subscription;
      if (!period) throw new Error('expected a subscription');
      h.clock.now = new Date(NOW.getTime() + 10 * DAY_MS);

      const shown = await preview(member.userId, 'pro');
      const start = Date.parse(period.currentPeriodStart) / 1000;
      const end = Date.parse(period.currentPeriodEnd) / 1000;
      const at = h.clock.now.getTime() / 1000;
      const left = (end - at) / (end - start);
      const expected = Math.round(PRICES.pro * left) - Math.round(PRICES.lite * left);
      expect(shown).toEqual({
        planType: 'pro',
        kind: 'upgrade',
        amountDueToday: expected,
        prorated: true,
        recurringAmount: PRICES.pro,
        recurringFrom: period.currentPeriodEnd,
        effectiveAt: h.clock.now.toISOString(),
        prorationDate: at,
        requiresPayment: false,
      });

      // Confirmed two minutes later: still the previewed price.
      h.clock.now = new Date(h.clock.now.getTime() + 2 * 60_000);
      const res = await update(member.userId, 'pro', shown.prorationDate ?? undefined);
      expect(res.status).toBe(200);
      expect(messageOf(res)).toBe('Subscription updated to Hardline Pro');
      const billing = await billingOf(member.userId);
      expect(billing).toMatchObject({ accessLevel: 'pro' });
      expect(billing.subscription).toMatchObject({
        planType: 'pro',
        currentPeriodStart: period.currentPeriodStart,
        currentPeriodEnd: period.currentPeriodEnd,
      });
      expect(billing.recentInvoices[0]).toMatchObject({ status: 'paid', amountPaid: expected });
      expect((await transactionsOf(member.userId)).filter((t) => t.amount === expected)).toEqual([
        expect.objectContaining({ type: 'payment_succeeded', description: 'Plan changed from Hardline Lite to Hardline Pro (prorated)' }),
      ]);
      expect(await kindsOf(member.userId)).toEqual(['subscription.plan_changed', 'subscription.plan_changed']);
    });

    it('moves down at the end of the period with nothing charged now; choosing the current plan again withdraws it', async () => {
      await subscribe(member.userId, 'pro');
      const before = await billingOf(member.userId);
      const end = before.subscription?.currentPeriodEnd;
      h.clock.now = new Date(NOW.getTime() + 3 * DAY_MS);

      expect(await preview(member.userId, 'lite')).toMatchObject({
        kind: 'downgrade',
        amountDueToday: 0,
        recurringAmount: PRICES.lite,
        effectiveAt: end,
      });
      const res = await update(member.userId, 'lite');
      expect(res.status).toBe(200);
      expect(messageOf(res)).toBe(`${member.name} moves to Hardline Lite at the end of the current period`);
      let billing = await billingOf(member.userId);
      expect(billing.accessLevel).toBe('pro');
      expect(billing.subscription).toMatchObject({ planType: 'pro', scheduledPlanType: 'lite', scheduledChangeAt: end });
      expect(billing.recentInvoices).toHaveLength(before.recentInvoices.length);

      expect(await preview(member.userId, 'pro')).toMatchObject({ kind: 'keep', amountDueToday: 0 });
      expect(messageOf(await update(member.userId, 'pro'))).toBe(`${member.name} stays on Hardline Pro`);
      billing = await billingOf(member.userId);
      expect(billing.subscription).toMatchObject({ planType: 'pro', scheduledPlanType: null, scheduledChangeAt: null });
      expect(billing.recentInvoices).toHaveLength(before.recentInvoices.length);
      expect(await kindsOf(member.userId)).toEqual([
        'subscription.plan_changed',
        'subscription.change_scheduled',
        'subscription.change_scheduled',
      ]);
    });

    it('cancels at the period’s end (withdrawing a scheduled downgrade), reactivates, then cancels now', async () => {
      await subscribe(member.userId, 'pro');
      expect((await update(member.userId, 'lite')).status).toBe(200);

      expect(messageOf(await cancel(member.userId, true, 'Crew moving on'))).toBe('Subscription will cancel at period end');
      let billing = await billingOf(member.userId);
      expect(billing.subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, scheduledPlanType: null });
      expect((await cancel(member.userId, true)).status).toBe(400);

      expect(messageOf(await cancel(member.userId, false))).toBe('Subscription reactivated');
      expect((await billingOf(member.userId)).subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });

      expect(messageOf(await cancel(member.userId, false, 'Season over'))).toBe('Subscription canceled');
      billing = await billingOf(member.userId);
      expect(billing).toMatchObject({ accessLevel: 'free' });
      expect(billing.subscription).toMatchObject({ status: 'canceled', cancelAtPeriodEnd: false });
      expect(await transactionsOf(member.userId)).toEqual(
        expect.arrayContaining([
          { type: 'subscription_canceled', status: 'succeeded', amount: 0, description: 'Hardline Pro canceled: Season over' },
        ]),
      );
      expect((await cancel(member.userId, false)).status).toBe(400);

      // A canceled member with the card on file starts again without a new payment setup.
      expect(await preview(member.userId, 'lite')).toMatchObject({ kind: 'start', requiresPayment: false });
      const again = await update(member.userId, 'lite');
      expect(v.parse(UpdateSubscriptionResponseSchema, again.body)).toEqual({
        requiresPayment: false,
        message: 'Subscription to Hardline Lite started',
      });
      expect((await billingOf(member.userId)).subscription).toMatchObject({ planType: 'lite', status: 'active' });
      if (h.stripe)
        expect(
          h.stripe
            .subscriptions()
            .map((s) => s.status)
            .sort(),
        ).toEqual(['active', 'canceled']);
    });

    it('“Manage” payment methods opens a page for the member’s cards that returns to their billing page', async () => {
      await subscribe(member.userId, 'lite');
      const res = await post('/api/admin/billing/update-payment-method', { userId: member.userId });
      expect(res.status).toBe(200);
      const { hostedUrl } = v.parse(HostedUrlResponseSchema, res.body);
      if (h.stripe) {
        // Stripe's Billing Portal, on the payment-method flow, back to the console afterwards.
        expect(hostedUrl).toMatch(/^https:\/\//);
        const session = h.stripe.requests.filter((r) => r.path === '/v1/billing_portal/sessions').at(-1);
        const returnUrl = `${WEB_ORIGIN}/billing/user/${member.userId}`;
        expect(session?.params).toEqual({
          customer: h.stripe.customers()[0]?.id,
          return_url: returnUrl,
          flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: returnUrl } } },
        });
      } else {
        // The local provider's own page, listing the member's cards.
        expect(hostedUrl.startsWith(`${API_ORIGIN}/hosted/payment-methods/`)).toBe(true);
        const page = await h.app.request(hostedUrl.slice(API_ORIGIN.length));
        expect(page.status).toBe(200);
        expect(await page.text()).toContain('VISA •••• 4242');
      }
      expect(await kindsOf(member.userId)).toEqual(['subscription.plan_changed', 'payment_method.page_opened']);
    });

    it('lists the provider’s invoice page and PDF, and gives a fresh link to each when asked', async () => {
      await subscribe(member.userId, 'lite');
      const [invoice] = (await billingOf(member.userId)).recentInvoices;
      if (!invoice?.hostedInvoiceUrl || !invoice.invoicePdf) throw new Error('expected an invoice with links');
      for (const format of ['page', 'pdf'] as const) {
        const res = await post('/api/admin/billing/invoice-link', { userId: member.userId, invoiceId: invoice.id, format });
        expect(res.status).toBe(200);
        const { url } = v.parse(InvoiceLinkResponseSchema, res.body);
        const stripeInvoice = h.stripe?.invoices().find((i) => i.id === invoice.id);
        if (h.stripe) expect(url).toBe(format === 'page' ? stripeInvoice?.hosted_invoice_url : stripeInvoice?.invoice_pdf);
        else expect((await h.app.request(url.slice(API_ORIGIN.length))).status).toBe(200);
      }
      // Another member's invoice is not this member's to open.
      const foreign = await post('/api/admin/billing/invoice-link', { userId: other.userId, invoiceId: invoice.id, format: 'page' });
      expect(foreign.status).toBe(404);
    });

    it('refuses a change whose caller stopped being an administrator after the request was let in: nothing is charged', async () => {
      const res = v.parse(UpdateSubscriptionResponseSchema, (await update(member.userId, 'lite')).body);
      const setupIntentId = (res.clientSecret ?? '').split('_secret_')[0] ?? '';
      confirmInBrowser(setupIntentId);
      // Demoted by another administrator after the authentication middleware read the membership.
      await h.db.query('UPDATE members SET is_admin = false WHERE id = $1', [h.orgA.adminId]);
      try {
        const refused = await complete(member.userId, setupIntentId, 'lite');
        expect(refused.status).toBe(409);
        expect(errorOf(refused).message).toBe(NO_LONGER_ADMIN);
        expect((await cancel(other.userId, false)).status).toBe(409);
        expect((await update(other.userId, 'pro')).status).toBe(409);
        expect((await post('/api/admin/billing/update-payment-method', { userId: member.userId })).status).toBe(409);
      } finally {
        await h.db.query('UPDATE members SET is_admin = true WHERE id = $1', [h.orgA.adminId]);
      }
      expect(await billingOf(member.userId)).toMatchObject({ accessLevel: 'free', recentInvoices: [] });
      if (h.stripe) expect(h.stripe.subscriptions()).toHaveLength(0);
    });
  });
}
