// @vitest-environment node
/**
 * What only the Stripe provider does (issue 39 items 2, 3 and 5), through the billing API with the
 * real `stripe` SDK pointed at a local double of Stripe's API (tests/support/stripe/api-double.ts:
 * Stripe is a boundary we do not own, and there is no network here):
 *
 * - customers with the member's metadata, idempotency keys derived from the request, a dropped
 *   answer retried by the SDK without a second subscription, a setup the browser did not complete,
 *   a declined card;
 * - POST /webhooks/stripe: signed with a test secret the way Stripe signs
 *   (`stripe.webhooks.generateTestHeaderString`), stored once per event id, order-proof, and
 *   bringing changes made at Stripe (dashboard, Billing Portal, renewals) into the console.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import Stripe from 'stripe';
import {
  ApiErrorBodySchema,
  BillingOverviewSchema,
  UpdateSubscriptionResponseSchema,
  UserBillingSchema,
  type UserBilling,
} from '../../src/contract/api';
import { findBillingFixtures } from '../../server/billing';
import { createStripeClient, createStripeProvider } from '../../server/billing/stripeProvider';
import { NOW, TEST_WEBHOOK_SECRET, createHarness, type Harness } from './support-billing/harness';

let h: Harness;
let member: { userId: string; name: string; email: string };
let stripe: NonNullable<Harness['stripe']>;

beforeAll(async () => {
  h = await createHarness({ provider: 'stripe' });
  if (!h.stripe) throw new Error('the Stripe harness has a double');
  stripe = h.stripe;
}, 180_000);
afterAll(async () => {
  await h.close();
});
beforeEach(async () => {
  await h.resetBilling();
  await h.db.query('DELETE FROM audit_entries');
  const fx = await findBillingFixtures(h.db, 'org-a');
  if (!fx.free) throw new Error('fixtures missing');
  member = fx.free;
});

const post = (path: string, body: unknown) => h.json('POST', path, body);
const update = (planType: 'lite' | 'pro', userId = member.userId) =>
  post(`/api/admin/billing/update-subscription?userId=${userId}`, { planType });
const complete = (setupIntentId: string, planType: 'lite' | 'pro', userId = member.userId) =>
  post(`/api/admin/billing/complete-subscription?userId=${userId}`, { setupIntentId, planType });
const billingOf = async (userId = member.userId): Promise<UserBilling> =>
  v.parse(UserBillingSchema, (await post('/api/admin/billing/user', { userId })).body);
const errorOf = (res: { body: unknown }) => v.parse(ApiErrorBodySchema, res.body);

async function startSetup(planType: 'lite' | 'pro', userId = member.userId): Promise<string> {
  const answer = v.parse(UpdateSubscriptionResponseSchema, (await update(planType, userId)).body);
  return (answer.clientSecret ?? '').split('_secret_')[0] ?? '';
}

async function subscribe(planType: 'lite' | 'pro', card?: { last4: string }): Promise<Stripe.Subscription> {
  const setupIntentId = await startSetup(planType);
  stripe.confirmSetupIntent(setupIntentId, card);
  expect((await complete(setupIntentId, planType)).status).toBe(200);
  const [subscription] = stripe.subscriptions();
  if (!subscription) throw new Error('no subscription at Stripe');
  return subscription;
}

describe('the Stripe provider', () => {
  it('makes one Customer per member, with the organisation and member ids as metadata', async () => {
    await startSetup('lite');
    await startSetup('pro');
    const customers = stripe.customers();
    expect(customers).toHaveLength(1);
    expect(customers[0]).toMatchObject({ email: member.email, name: member.name, metadata: { org_id: 'org-a', member_id: member.userId } });
    const setups = stripe.requests.filter((r) => r.path === '/v1/setup_intents' && r.method === 'POST');
    expect(setups.map((r) => r.params)).toEqual([
      { customer: customers[0]?.id, usage: 'off_session', metadata: { org_id: 'org-a', member_id: member.userId, plan_type: 'lite' } },
      { customer: customers[0]?.id, usage: 'off_session', metadata: { org_id: 'org-a', member_id: member.userId, plan_type: 'pro' } },
    ]);
  });

  it('sends an idempotency key derived from the request with every call that creates something', async () => {
    const subscription = await subscribe('lite');
    expect((await update('pro')).status).toBe(200);
    expect((await post('/api/admin/billing/update-payment-method', { userId: member.userId })).status).toBe(200);
    expect(subscription.id).toMatch(/^sub_/);
    const creating = stripe.requests.filter(
      (r) =>
        r.method === 'POST' &&
        /^\/v1\/(customers|setup_intents|subscriptions|subscription_schedules|billing_portal\/sessions)$/.test(r.path),
    );
    expect(creating.map((r) => r.path).sort()).toEqual(
      ['/v1/billing_portal/sessions', '/v1/customers', '/v1/setup_intents', '/v1/subscriptions'].sort(),
    );
    expect(creating.map((r) => r.idempotencyKey)).toEqual(creating.map(() => expect.stringMatching(/^hardline:/)));
    const keyOf = (path: string) => creating.find((r) => r.path === path)?.idempotencyKey;
    expect(keyOf('/v1/customers')).toBe(`hardline:customer:org-a:${member.userId}`);
    expect(keyOf('/v1/subscriptions')).toBe(`hardline:subscription:${member.userId}:0`);
    const upgrade = stripe.requests.find((r) => r.method === 'POST' && r.path === `/v1/subscriptions/${subscription.id}`);
    expect(upgrade?.idempotencyKey).toBe(`hardline:upgrade:${subscription.id}:pro:${NOW.getTime() / 1000}`);
  });

  it('a retry with the same key gets Stripe’s first answer: never a second customer or subscription', async () => {
    const provider = createStripeProvider(h.stripeSettings ?? fail());
    const ref = { orgId: 'org-a', memberId: member.userId, name: member.name, email: member.email };
    const customerId = await provider.createCustomer(ref, 'hardline:customer:retry');
    expect(await provider.createCustomer(ref, 'hardline:customer:retry')).toBe(customerId);
    const card = stripe.dashboard.addCard(customerId, {}, true);
    const customer = { customerId, orgId: 'org-a', memberId: member.userId };
    const first = await provider.startSubscription(
      { customer, plan: 'lite', cardId: card.id, trialing: null },
      'hardline:subscription:retry',
    );
    const again = await provider.startSubscription(
      { customer, plan: 'lite', cardId: card.id, trialing: null },
      'hardline:subscription:retry',
    );
    expect(again.subscription.id).toBe(first.subscription.id);
    expect(again.invoice?.id).toBe(first.invoice?.id);
    expect(stripe.customers()).toHaveLength(1);
    expect(stripe.subscriptions()).toHaveLength(1);
    expect(stripe.invoices()).toHaveLength(1);
  });

  it('an answer lost on the way back is retried by the SDK with the same key: one subscription, one charge', async () => {
    const setupIntentId = await startSetup('pro');
    stripe.confirmSetupIntent(setupIntentId);
    stripe.dropNextAnswer('/v1/subscriptions');
    const res = await complete(setupIntentId, 'pro');
    expect(res.status).toBe(200);
    const creations = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions');
    expect(creations).toHaveLength(2);
    expect(new Set(creations.map((r) => r.idempotencyKey)).size).toBe(1);
    expect(stripe.subscriptions()).toHaveLength(1);
    expect(stripe.invoices()).toHaveLength(1);
    expect((await billingOf()).recentInvoices).toHaveLength(1);
  });

  it('refuses to complete a setup the browser has not confirmed, and charges nothing; confirmed, it completes', async () => {
    const setupIntentId = await startSetup('lite');
    const refused = await complete(setupIntentId, 'lite');
    expect(refused.status).toBe(409);
    expect(errorOf(refused)).toEqual({ message: 'Payment setup was not completed successfully', field: 'setupIntentId' });
    expect(stripe.subscriptions()).toHaveLength(0);
    expect(await billingOf()).toMatchObject({ accessLevel: 'free', paymentMethods: [] });

    stripe.confirmSetupIntent(setupIntentId, { brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031 });
    expect((await complete(setupIntentId, 'lite')).status).toBe(200);
    const billing = await billingOf();
    expect(billing.paymentMethods).toEqual([
      expect.objectContaining({ brand: 'mastercard', last4: '4444', expMonth: 3, expYear: 2031, isDefault: true }),
    ]);
    // The customer's default card pays the subscription (the Billing Portal changes that one).
    expect(stripe.customers()[0]?.invoice_settings.default_payment_method).toBe(billing.paymentMethods[0]?.id);
    expect(stripe.subscriptions()[0]?.default_payment_method).toBeNull();
  });

  it('a declined card is a 402 with Stripe’s message, and nothing is started or charged', async () => {
    const setupIntentId = await startSetup('pro');
    stripe.confirmSetupIntent(setupIntentId, { last4: '0002' });
    const res = await complete(setupIntentId, 'pro');
    expect(res.status).toBe(402);
    expect(errorOf(res).message).toBe('Your card was declined.');
    expect(stripe.subscriptions()).toHaveLength(0);
    expect(await billingOf()).toMatchObject({ accessLevel: 'free', subscription: null, recentInvoices: [] });
  });

  it('after a declined card, another card subscribes the member: Stripe does not replay the decline, and the spent setup is not handed out again', async () => {
    const declined = await startSetup('pro');
    stripe.confirmSetupIntent(declined, { last4: '0002' });
    expect((await complete(declined, 'pro')).status).toBe(402);
    // The administrator tries again at once, with another card: a new payment setup.
    const next = await startSetup('pro');
    expect(next).not.toBe(declined);
    stripe.confirmSetupIntent(next, { last4: '4242' });
    const res = await complete(next, 'pro');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(stripe.subscriptions()).toHaveLength(1);
    expect((await billingOf()).subscription).toMatchObject({ planType: 'pro', status: 'active' });
    // Each attempt had a key of its own; the declined one is not reused.
    const starts = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/subscriptions').map((r) => r.idempotencyKey);
    expect(starts).toEqual([`hardline:subscription:${member.userId}:0`, `hardline:subscription:${member.userId}:1`]);
    // And the spent setup cannot complete a second time.
    expect((await complete(declined, 'pro')).status).toBe(409);
  });
});

describe('the Stripe API double (a test fixture) refuses what Stripe would', () => {
  it('answers an unknown parameter as Stripe does, and names a parameter it does not model', async () => {
    const client = createStripeClient(h.stripeSettings ?? fail());
    const unknown = client.customers.create({ email: 'a@b.example', bogus: 'x' } as Stripe.CustomerCreateParams);
    await expect(unknown).rejects.toMatchObject({ type: 'StripeInvalidRequestError', message: 'Received unknown parameter: bogus' });
    const nested = client.subscriptions.create({
      customer: 'cus_x',
      items: [{ price: 'price_x', nope: 1 } as Stripe.SubscriptionCreateParams.Item],
    });
    await expect(nested).rejects.toMatchObject({ message: 'Received unknown parameter: items[0][nope]' });
    const unmodeled = client.customers.create({ phone: '+15550000000' });
    await expect(unmodeled).rejects.toMatchObject({ message: expect.stringContaining('does not model the parameter phone') });
  });
});

// ---------------------------------------------------------------------------------------------
// Webhooks
// ---------------------------------------------------------------------------------------------

const signer = new Stripe('sk_test_signing_only');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function deliver(event: Stripe.Event, options: { secret?: string; timestamp?: number; signed?: boolean } = {}) {
  const payload = JSON.stringify(event);
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? TEST_WEBHOOK_SECRET,
    timestamp: options.timestamp ?? seconds(h.clock.now),
  });
  return h.app.request('/webhooks/stripe', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(options.signed === false ? {} : { 'Stripe-Signature': header }) },
    body: payload,
  });
}

/** Delivers, in order, every event Stripe recorded since `from`; each must be accepted. */
async function deliverSince(from: number): Promise<void> {
  for (const event of stripe.events.slice(from)) expect((await deliver(event)).status).toBe(200);
}

const storedEvents = async () => (await h.db.query<{ id: string }>('SELECT id FROM stripe_events')).rows.map((r) => r.id);

describe('POST /webhooks/stripe', () => {
  it('refuses a delivery that is unsigned, signed with another secret, or older than five minutes: 400, nothing stored', async () => {
    await subscribe('lite');
    const event = stripe.events.find((e) => e.type === 'invoice.paid');
    if (!event) throw new Error('no invoice.paid event');
    const retrievesBefore = stripe.requests.filter((r) => r.method === 'GET').length;
    for (const res of [
      await deliver(event, { signed: false }),
      await deliver(event, { secret: 'whsec_someoneElse0123456789' }),
      await deliver(event, { timestamp: seconds(h.clock.now) - 6 * 60 }),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'The webhook signature is missing, not valid, or too old.' });
    }
    expect(await storedEvents()).toEqual([]);
    expect(stripe.requests.filter((r) => r.method === 'GET')).toHaveLength(retrievesBefore);
    // Signed and recent: accepted.
    expect((await deliver(event, { timestamp: seconds(h.clock.now) - 4 * 60 })).status).toBe(200);
    expect(await storedEvents()).toEqual([event.id]);
  });

  it('stores each event once: a redelivery, or two at once, changes nothing', async () => {
    await subscribe('lite');
    const paid = stripe.events.find((e) => e.type === 'invoice.paid');
    if (!paid) throw new Error('no invoice.paid event');
    const invoiceId = (paid.data.object as Stripe.Invoice).id;
    // Our own call recorded the payment already; the webhook does not record it again.
    const payments = async () =>
      (await h.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM transactions WHERE invoice_id = $1`, [invoiceId])).rows[0]?.n;
    expect(await payments()).toBe(1);

    const answers = await Promise.all([deliver(paid), deliver(paid)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const fetched = () => stripe.requests.filter((r) => r.method === 'GET' && r.path === `/v1/invoices/${invoiceId}`).length;
    const fetchedOnce = fetched();
    expect((await deliver(paid)).status).toBe(200);
    expect(fetched()).toBe(fetchedOnce);
    expect(await storedEvents()).toEqual([paid.id]);
    expect(await payments()).toBe(1);
  });

  it('an event delivered late does not roll a later change back (the current object is read from Stripe)', async () => {
    const subscription = await subscribe('pro');
    const from = stripe.events.length;
    stripe.dashboard.setCancelAtPeriodEnd(subscription.id, true);
    stripe.dashboard.setCancelAtPeriodEnd(subscription.id, false);
    const [cancelled, reactivated] = stripe.events.slice(from);
    if (!cancelled || !reactivated) throw new Error('expected two events');
    expect((cancelled.data.object as Stripe.Subscription).cancel_at_period_end).toBe(true);

    expect((await deliver(reactivated)).status).toBe(200);
    expect((await billingOf()).subscription).toMatchObject({ cancelAtPeriodEnd: false });
    // The older event arrives last: its payload says "cancelling", Stripe says it is not.
    expect((await deliver(cancelled)).status).toBe(200);
    expect((await billingOf()).subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: false });
  });

  it('a subscription canceled in Stripe’s dashboard shows as canceled in the console after its webhook', async () => {
    const subscription = await subscribe('pro');
    const before = v.parse(BillingOverviewSchema, (await h.json('GET', '/api/admin/billing/overview')).body);
    const from = stripe.events.length;
    h.clock.now = new Date(NOW.getTime() + 86_400_000);
    stripe.dashboard.cancelSubscription(subscription.id);
    // Not before the webhook: the console reads the mirror.
    expect((await billingOf()).subscription).toMatchObject({ status: 'active' });
    await deliverSince(from);
    const billing = await billingOf();
    expect(billing.accessLevel).toBe('free');
    expect(billing.subscription).toMatchObject({ planType: 'pro', status: 'canceled' });
    const overview = v.parse(BillingOverviewSchema, (await h.json('GET', '/api/admin/billing/overview')).body);
    expect(overview.subscriptionBreakdown.pro).toBe(before.subscriptionBreakdown.pro - 1);
    expect(overview.subscriptionBreakdown.free).toBe(before.subscriptionBreakdown.free + 1);
    expect(overview.recentTransactions[0]).toMatchObject({
      type: 'subscription_canceled',
      userName: member.name,
      description: 'Hardline Pro canceled',
    });
  });

  it('a member in Recently deleted still gets their webhooks: a renewal and a cancellation at Stripe are in their billing when they are restored', async () => {
    const subscription = await subscribe('lite');
    await h.db.query('UPDATE member_rows SET deleted_at = $2 WHERE id = $1', [member.userId, NOW]);
    // The subscription runs on while the member waits in Recently deleted: Stripe renews it, then
    // somebody cancels it in Stripe's dashboard.
    const from = stripe.events.length;
    h.clock.now = new Date(NOW.getTime() + 31 * 86_400_000);
    const invoice = stripe.dashboard.renew(subscription.id);
    stripe.dashboard.cancelSubscription(subscription.id);
    await deliverSince(from);
    // Restored: what happened meanwhile is there.
    await h.db.query('UPDATE member_rows SET deleted_at = NULL WHERE id = $1', [member.userId]);
    const billing = await billingOf();
    expect(billing.subscription).toMatchObject({ planType: 'lite', status: 'canceled' });
    expect(billing.recentInvoices[0]).toMatchObject({ id: invoice.id, status: 'paid', amountPaid: 4999 });
  });

  it('a card added and made the default in the Billing Portal, then a renewal it declines: the console shows each after its webhooks', async () => {
    const subscription = await subscribe('lite');
    const customerId = String(subscription.customer);
    let from = stripe.events.length;
    const card = stripe.dashboard.addCard(customerId, { brand: 'visa', last4: '0002', expMonth: 8, expYear: 2032 }, true);
    await deliverSince(from);
    let billing = await billingOf();
    expect(billing.paymentMethods.map((m) => [m.id, m.last4, m.isDefault])).toEqual([
      [card.id, '0002', true],
      [expect.any(String), '4242', false],
    ]);

    // The next month is billed to the default card, which declines it.
    from = stripe.events.length;
    h.clock.now = new Date(NOW.getTime() + 31 * 86_400_000);
    const invoice = stripe.dashboard.renew(subscription.id);
    await deliverSince(from);
    billing = await billingOf();
    expect(billing.subscription).toMatchObject({ status: 'past_due', currentPeriodStart: '2025-07-11T15:00:00.000Z' });
    expect(billing.recentInvoices[0]).toMatchObject({
      id: invoice.id,
      status: 'open',
      amountPaid: 0,
      hostedInvoiceUrl: invoice.hosted_invoice_url,
      invoicePdf: invoice.invoice_pdf,
    });
    const { rows } = await h.db.query<{ type: string; status: string; amount: number; description: string }>(
      'SELECT type, status, amount, description FROM transactions WHERE invoice_id = $1',
      [invoice.id],
    );
    expect(rows).toEqual([{ type: 'payment_failed', status: 'failed', amount: 4999, description: 'Payment failed for Hardline Lite' }]);
  });

  it('a renewal paid at Stripe adds the invoice and its payment', async () => {
    const subscription = await subscribe('pro');
    const from = stripe.events.length;
    h.clock.now = new Date(NOW.getTime() + 30 * 86_400_000);
    const invoice = stripe.dashboard.renew(subscription.id);
    await deliverSince(from);
    const billing = await billingOf();
    expect(billing.subscription).toMatchObject({ status: 'active', currentPeriodEnd: '2025-08-11T15:00:00.000Z' });
    expect(billing.recentInvoices[0]).toMatchObject({ id: invoice.id, status: 'paid', amountPaid: 12999 });
    const overview = v.parse(BillingOverviewSchema, (await h.json('GET', '/api/admin/billing/overview')).body);
    expect(overview.recentTransactions[0]).toMatchObject({
      type: 'payment_succeeded',
      amount: 12999,
      description: 'Hardline Pro - monthly renewal',
    });
  });

  it('stores and ignores events about customers this deployment did not make', async () => {
    // A customer and subscription made at Stripe by someone else (another integration, the dashboard).
    const provider = createStripeProvider(h.stripeSettings ?? fail());
    const ref = { orgId: 'org-elsewhere', memberId: 'm-elsewhere', name: 'Someone Else', email: 'someone@else.example' };
    const customerId = await provider.createCustomer(ref, 'elsewhere:customer');
    const card = stripe.dashboard.addCard(customerId, {}, true);
    const from = stripe.events.length;
    const { subscription } = await provider.startSubscription(
      { customer: { customerId, orgId: ref.orgId, memberId: ref.memberId }, plan: 'lite', cardId: card.id, trialing: null },
      'elsewhere:subscription',
    );
    const created = stripe.events.slice(from).find((e) => e.type === 'customer.subscription.created');
    if (!created) throw new Error('no customer.subscription.created event');
    expect((await deliver(created)).status).toBe(200);
    expect(await storedEvents()).toEqual([created.id]);
    const { rows } = await h.db.query('SELECT 1 FROM subscriptions WHERE id = $1', [subscription.id]);
    expect(rows).toEqual([]);
  });
});

function fail(): never {
  throw new Error('the Stripe harness has settings');
}
