/**
 * `POST /webhooks/stripe`: Stripe's events keep the mirror true for what changes at Stripe without
 * a call of ours (renewals, failed payments, a change made in Stripe's dashboard, a card added in
 * the Billing Portal). docs/BILLING.md lists the events to send here.
 *
 * - The signature is verified with the endpoint's secret (`stripe.webhooks.constructEvent`); an
 *   unsigned, wrongly signed or stale (over 5 minutes old) delivery is refused with 400.
 * - Each event is stored once, by id (`stripe_events`), in the transaction that applies it: a
 *   redelivered event changes nothing, and two deliveries at once apply it once.
 * - Order does not matter: an event is a prompt, not a payload. The current object is fetched from
 *   Stripe and written with the time it was read (mirror.ts keeps the newest), so an event
 *   delivered late never rolls a later change back.
 * - A failure (Stripe unreachable, the database) answers 500 before the event is stored, and
 *   Stripe delivers it again. Events about customers this deployment did not make are stored and
 *   ignored.
 */
import type { Hono } from 'hono';
import type Stripe from 'stripe';
import { PLANS } from '../../src/domain/plans';
import type { AppEnv, ServerDeps } from '../core/module';
import type { Db } from './db';
import {
  memberOfCustomer,
  recordPayment,
  recordTransaction,
  setDefaultCard,
  transactionId,
  writeCard,
  writeInvoice,
  writeSubscription,
} from './mirror';
import type { ProviderCard, ProviderInvoice, ProviderSubscription } from './provider';
import type { StripeBillingProvider } from './stripeProvider';

/** How old a signed delivery may be (Stripe's own default). */
const SIGNATURE_TOLERANCE_SECONDS = 300;

/** What an event asks to be brought up to date, read from Stripe when it arrives. */
type Sync =
  | { kind: 'subscription'; customerId: string; subscription: ProviderSubscription; price: number; eventType: string }
  | { kind: 'invoice'; customerId: string; invoice: ProviderInvoice; eventType: string; billingReason: string | null }
  | { kind: 'card'; customerId: string; card: ProviderCard }
  | { kind: 'cardRemoved'; cardId: string }
  | { kind: 'defaultCard'; customerId: string; cardId: string | null; card: ProviderCard | null }
  | { kind: 'none' };

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

async function subscriptionSync(provider: StripeBillingProvider, subscription: Stripe.Subscription, eventType: string): Promise<Sync> {
  const mirrored = await provider.subscriptionOf(subscription);
  const customerId = idOf(subscription.customer);
  if (!mirrored || !customerId) return { kind: 'none' };
  return { kind: 'subscription', customerId, subscription: mirrored, price: await provider.priceOf(mirrored.plan), eventType };
}

/** The current state of what the event is about, from Stripe. */
async function fetchCurrent(provider: StripeBillingProvider, event: Stripe.Event): Promise<Sync> {
  const { client } = provider;
  const object = event.data.object as unknown as { id: string; object: string };
  if (event.type.startsWith('customer.subscription.')) {
    return subscriptionSync(provider, await client.subscriptions.retrieve(object.id, { expand: ['schedule'] }), event.type);
  }
  if (event.type.startsWith('subscription_schedule.')) {
    const schedule = await client.subscriptionSchedules.retrieve(object.id);
    const subscriptionId = idOf(schedule.subscription) ?? schedule.released_subscription;
    if (!subscriptionId) return { kind: 'none' };
    return subscriptionSync(provider, await client.subscriptions.retrieve(subscriptionId, { expand: ['schedule'] }), event.type);
  }
  if (event.type.startsWith('invoice.')) {
    const invoice = await client.invoices.retrieve(object.id);
    const subscriptionId = idOf(invoice.parent?.subscription_details?.subscription);
    const fallback = subscriptionId ? await provider.retrieveSubscription(subscriptionId).then((s) => s?.plan ?? null) : null;
    const mirrored = provider.invoiceOf(invoice, fallback);
    const customerId = idOf(invoice.customer);
    return mirrored && customerId
      ? { kind: 'invoice', customerId, invoice: mirrored, eventType: event.type, billingReason: invoice.billing_reason }
      : { kind: 'none' };
  }
  if (event.type === 'payment_method.detached') return { kind: 'cardRemoved', cardId: object.id };
  if (event.type.startsWith('payment_method.')) {
    const paymentMethod = await client.paymentMethods.retrieve(object.id);
    const customerId = idOf(paymentMethod.customer);
    const card = provider.cardOf(paymentMethod);
    if (!customerId) return { kind: 'cardRemoved', cardId: paymentMethod.id };
    return card ? { kind: 'card', customerId, card } : { kind: 'none' };
  }
  if (event.type === 'customer.updated') {
    const customer = await client.customers.retrieve(object.id, { expand: ['invoice_settings.default_payment_method'] });
    if (customer.deleted) return { kind: 'none' };
    const paymentMethod = customer.invoice_settings.default_payment_method;
    const card = paymentMethod && typeof paymentMethod !== 'string' ? provider.cardOf(paymentMethod) : null;
    return { kind: 'defaultCard', customerId: customer.id, cardId: idOf(paymentMethod), card };
  }
  return { kind: 'none' };
}

/** The transaction an invoice's payment is recorded as, by why Stripe issued it. */
function paymentDescription(invoice: ProviderInvoice, billingReason: string | null): string {
  const plan = PLANS[invoice.plan].name;
  switch (billingReason) {
    case 'subscription_create':
      return `${plan} - first month`;
    case 'subscription_cycle':
      return `${plan} - monthly renewal`;
    case 'subscription_update':
      return `Plan changed to ${plan} (prorated)`;
    default:
      return `${plan} - invoice ${invoice.number}`;
  }
}

async function apply(tx: Db, sync: Sync, syncedAt: Date): Promise<void> {
  if (sync.kind === 'none') return;
  if (sync.kind === 'cardRemoved') {
    await tx.query(`DELETE FROM payment_methods WHERE id = $1 AND provider = 'stripe'`, [sync.cardId]);
    return;
  }
  const owner = await memberOfCustomer(tx, 'stripe', sync.customerId);
  if (!owner) return;
  const { orgId, member } = owner;

  switch (sync.kind) {
    case 'subscription': {
      const { subscription } = sync;
      const written = await writeSubscription(tx, 'stripe', orgId, member, subscription, syncedAt);
      if (!written) return;
      const plan = PLANS[subscription.plan].name;
      if (subscription.status === 'active' || subscription.status === 'past_due') {
        await tx.query('UPDATE trials SET converted_at = $3 WHERE member_id = $1 AND org_id = $2 AND converted_at IS NULL', [
          member.id,
          orgId,
          syncedAt,
        ]);
      }
      if (sync.eventType === 'customer.subscription.created') {
        await recordTransaction(tx, {
          id: transactionId('created', subscription.id),
          orgId,
          member,
          type: 'subscription_created',
          status: 'succeeded',
          amount: sync.price,
          description: `${plan} subscription started`,
          at: subscription.created,
        });
      }
      if (subscription.status === 'canceled') {
        await recordTransaction(tx, {
          id: transactionId('canceled', subscription.id),
          orgId,
          member,
          type: 'subscription_canceled',
          status: 'succeeded',
          amount: 0,
          description: `${plan} canceled`,
          at: subscription.canceledAt ?? syncedAt,
        });
      }
      return;
    }
    case 'invoice': {
      const { invoice } = sync;
      await writeInvoice(tx, 'stripe', orgId, member, invoice, syncedAt);
      await recordPayment(tx, orgId, member, invoice, paymentDescription(invoice, sync.billingReason));
      if (sync.eventType === 'invoice.payment_failed') {
        await recordTransaction(tx, {
          id: transactionId('failed', `${invoice.id}:${invoice.attemptCount}`),
          orgId,
          member,
          type: 'payment_failed',
          status: 'failed',
          amount: invoice.amountDue,
          description: `Payment failed for ${PLANS[invoice.plan].name}`,
          at: syncedAt,
          invoiceId: invoice.id,
        });
      }
      return;
    }
    case 'card':
      await writeCard(tx, 'stripe', orgId, member, sync.card, false);
      return;
    case 'defaultCard':
      if (sync.card) await writeCard(tx, 'stripe', orgId, member, sync.card, false);
      await setDefaultCard(tx, orgId, member.id, sync.cardId);
      return;
  }
}

export function registerStripeWebhooks(app: Hono<AppEnv>, deps: ServerDeps, provider: StripeBillingProvider, clock: () => Date): void {
  const { db } = deps;

  app.post('/webhooks/stripe', async (c) => {
    const signature = c.req.header('Stripe-Signature');
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error('unsigned');
      event = provider.client.webhooks.constructEvent(
        payload,
        signature,
        provider.settings.webhookSecret,
        SIGNATURE_TOLERANCE_SECONDS,
        undefined,
        // Milliseconds: the SDK measures the signature's age from this.
        clock().getTime(),
      );
    } catch {
      return c.json({ message: 'The webhook signature is missing, not valid, or too old.' }, 400);
    }

    const { rows: seen } = await db.query('SELECT 1 FROM stripe_events WHERE id = $1', [event.id]);
    if (seen.length > 0) return c.json({ received: true });

    const syncedAt = clock();
    const sync = await fetchCurrent(provider, event);
    await db.transaction(async (tx) => {
      const object = event.data.object as unknown as { id?: string };
      const { rows: stored } = await tx.query(
        `INSERT INTO stripe_events (id, type, object_id, created_at, received_at) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        [event.id, event.type, object.id ?? null, new Date(event.created * 1000), syncedAt],
      );
      // Another delivery of the same event stored it first: applied once.
      if (stored.length === 0) return;
      await apply(tx, sync, syncedAt);
    });
    return c.json({ received: true });
  });
}
