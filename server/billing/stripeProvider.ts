/**
 * The Stripe billing provider, through the `stripe` SDK (docs/BILLING.md):
 *
 * - a Customer per member (metadata `org_id`, `member_id`);
 * - a SetupIntent (`usage: off_session`) whose client secret the console's Payment Element confirms;
 *   once it succeeded, its card becomes the customer's default (`invoice_settings`), which pays the
 *   subscription (none is set on the subscription, so a card changed in the Billing Portal pays the
 *   next invoice);
 * - a Subscription on the plan's configured Price, created with `payment_behavior:
 *   error_if_incomplete` (a declined card is a refusal, never a subscription left incomplete);
 *   a trialing one is converted (`trial_end: now`) instead of a second one made;
 * - upgrades prorated and invoiced at once (`proration_behavior: always_invoice`) at the preview's
 *   `proration_date`, priced beforehand with `invoices.createPreview` and the same date; downgrades
 *   at the period's end through a Subscription Schedule (a second phase on the new price);
 * - cancel at period end, reactivate, cancel now (not prorated);
 * - "Manage" payment methods: a Billing Portal session with the `payment_method_update` flow,
 *   returning to the member's billing page;
 * - invoices with Stripe's `hosted_invoice_url` and `invoice_pdf`.
 *
 * Every call that creates something carries the idempotency key the module derives from the
 * request; the SDK retries network failures (with the same key) twice. `host`, `port` and
 * `protocol` point it elsewhere (STRIPE_API_BASE): tests use a local double of Stripe's API.
 */
import Stripe from 'stripe';
import type { PlanType } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import type { StripeSettings } from './config';
import {
  ProviderRefusal,
  type BillingProvider,
  type InvoiceStatus,
  type MirrorStatus,
  type ProviderCard,
  type ProviderInvoice,
  type ProviderSubscription,
} from './provider';
import { unixSeconds } from './proration';

/** The Stripe client with our settings: timeouts and retries, and the API's address when it is not Stripe's. */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    appInfo: { name: 'Hardline Admin Console' },
    ...(settings.api ? { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol } : {}),
  });
}

const fromSeconds = (seconds: number) => new Date(seconds * 1000);

/** Stripe's subscription statuses, as the mirror keeps them. */
function mirrorStatus(status: Stripe.Subscription.Status): MirrorStatus {
  switch (status as string) {
    case 'active':
    case 'trialing':
    case 'past_due':
    case 'canceled':
      return status as MirrorStatus;
    // Payment is owed: the member keeps the plan while Stripe retries, as with past_due.
    case 'unpaid':
    case 'incomplete':
      return 'past_due';
    // Never paid (the first payment's window passed), or not billing.
    case 'incomplete_expired':
    case 'paused':
      return 'canceled';
    default:
      return 'canceled';
  }
}

function invoiceStatus(status: Stripe.Invoice.Status | null): InvoiceStatus | null {
  switch (status as string | null) {
    case 'paid':
    case 'open':
    case 'uncollectible':
    case 'void':
      return status as InvoiceStatus;
    default:
      // Drafts are not shown until Stripe finalizes them.
      return null;
  }
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : value.id;

/** Stripe's error as a refusal the module answers, or the error itself (a failure: 502). */
function refusalOf(error: unknown): unknown {
  if (!(error instanceof Stripe.errors.StripeError)) return error;
  if (error.type === 'StripeCardError') return new ProviderRefusal('card_declined', error.message || 'The card was declined.');
  if (error.type === 'StripeIdempotencyError') return new ProviderRefusal('idempotency_conflict', error.message);
  if (error.type === 'StripeInvalidRequestError' && error.code === 'resource_missing')
    return new ProviderRefusal('not_found', error.message);
  return error;
}

async function refusing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw refusalOf(error);
  }
}

export interface StripeBillingProvider extends BillingProvider {
  readonly kind: 'stripe';
  readonly client: Stripe;
  readonly settings: StripeSettings;
  /** The plan of a Price id, or null when it is not one of ours. */
  planOf(priceId: string | null): PlanType | null;
  /** The subscription as the mirror keeps it (its schedule read too), or null when it is on a price that is not a plan of ours. */
  subscriptionOf(subscription: Stripe.Subscription): Promise<ProviderSubscription | null>;
  retrieveSubscription(id: string): Promise<ProviderSubscription | null>;
  invoiceOf(invoice: Stripe.Invoice, fallbackPlan: PlanType | null): ProviderInvoice | null;
  cardOf(paymentMethod: Stripe.PaymentMethod): ProviderCard | null;
}

export function createStripeProvider(settings: StripeSettings, client: Stripe = createStripeClient(settings)): StripeBillingProvider {
  const prices = new Map<PlanType, Promise<number>>();

  const planOf = (priceId: string | null): PlanType | null => {
    if (priceId === settings.prices.lite) return 'lite';
    if (priceId === settings.prices.pro) return 'pro';
    return null;
  };

  const priceOf = (plan: PlanType): Promise<number> => {
    let price = prices.get(plan);
    if (!price) {
      price = refusing(() => client.prices.retrieve(settings.prices[plan])).then((p) => {
        if (p.unit_amount === null) throw new Error(`The Price of ${plan} (${p.id}) has no unit amount`);
        return p.unit_amount;
      });
      prices.set(plan, price);
      price.catch(() => prices.delete(plan));
    }
    return price;
  };

  /** The plan change a schedule holds for after the current phase, if any. */
  const scheduledOf = (schedule: Stripe.SubscriptionSchedule | null, periodEnd: Date): ProviderSubscription['scheduled'] => {
    if (!schedule || (schedule.status !== 'active' && schedule.status !== 'not_started')) return null;
    const next = schedule.phases.find((phase) => phase.start_date >= unixSeconds(periodEnd));
    const plan = planOf(idOf(next?.items[0]?.price));
    return next && plan ? { plan, at: fromSeconds(next.start_date), scheduleId: schedule.id } : null;
  };

  const subscriptionOf = async (subscription: Stripe.Subscription): Promise<ProviderSubscription | null> => {
    const item = subscription.items.data[0];
    const plan = planOf(idOf(item?.price));
    if (!item || !plan) return null;
    const periodEnd = fromSeconds(item.current_period_end);
    let schedule: Stripe.SubscriptionSchedule | null = null;
    if (typeof subscription.schedule === 'string')
      schedule = await refusing(() => client.subscriptionSchedules.retrieve(subscription.schedule as string));
    else if (subscription.schedule) schedule = subscription.schedule;
    return {
      id: subscription.id,
      itemId: item.id,
      plan,
      status: mirrorStatus(subscription.status),
      currentPeriodStart: fromSeconds(item.current_period_start),
      currentPeriodEnd: periodEnd,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      canceledAt: subscription.canceled_at === null ? null : fromSeconds(subscription.canceled_at),
      created: fromSeconds(subscription.created),
      scheduled: scheduledOf(schedule, periodEnd),
    };
  };

  const mustSubscription = async (subscription: Stripe.Subscription): Promise<ProviderSubscription> => {
    const mirrored = await subscriptionOf(subscription);
    if (!mirrored) throw new Error(`Subscription ${subscription.id} is not on a configured plan price`);
    return mirrored;
  };

  const retrieve = async (id: string) =>
    mustSubscription(await refusing(() => client.subscriptions.retrieve(id, { expand: ['schedule'] })));

  const invoiceOf = (invoice: Stripe.Invoice, fallbackPlan: PlanType | null): ProviderInvoice | null => {
    const status = invoiceStatus(invoice.status);
    if (!status) return null;
    // The line that charges (the new plan's, for a proration) names the plan and what it is for.
    const lines = [...invoice.lines.data].sort((a, b) => b.amount - a.amount);
    const main = lines[0];
    const plan = planOf(idOf(main?.pricing?.price_details?.price)) ?? fallbackPlan;
    if (!plan) return null;
    return {
      id: invoice.id,
      number: invoice.number ?? invoice.id,
      status,
      plan,
      amountDue: invoice.amount_due,
      amountPaid: invoice.amount_paid,
      created: fromSeconds(invoice.created),
      description: main?.description ?? `${PLANS[plan].name} - 1 month`,
      hostedUrl: invoice.hosted_invoice_url ?? null,
      pdfUrl: invoice.invoice_pdf ?? null,
      subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
      attemptCount: invoice.attempt_count,
    };
  };

  const cardOf = (paymentMethod: Stripe.PaymentMethod): ProviderCard | null => {
    const { card } = paymentMethod;
    if (!card) return null;
    return {
      id: paymentMethod.id,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.exp_month,
      expYear: card.exp_year,
      created: fromSeconds(paymentMethod.created),
    };
  };

  /** The change a subscription call made: the subscription, and the invoice it issued. */
  const changeOf = async (subscription: Stripe.Subscription, plan: PlanType) => {
    const latest = subscription.latest_invoice;
    const invoice = latest && typeof latest !== 'string' ? invoiceOf(latest, plan) : null;
    return { subscription: await mustSubscription(subscription), invoice };
  };

  /** Ends the schedule a subscription's plan change rides on, leaving the subscription as it is now. */
  const releaseSchedule = async (subscription: ProviderSubscription) => {
    const scheduleId = subscription.scheduled?.scheduleId;
    if (scheduleId) await refusing(() => client.subscriptionSchedules.release(scheduleId));
  };

  return {
    kind: 'stripe',
    client,
    settings,
    planOf,
    subscriptionOf,
    invoiceOf,
    cardOf,
    retrieveSubscription: async (id) => subscriptionOf(await refusing(() => client.subscriptions.retrieve(id, { expand: ['schedule'] }))),

    async createCustomer(member, idempotencyKey) {
      const customer = await refusing(() =>
        client.customers.create(
          { email: member.email, name: member.name, metadata: { org_id: member.orgId, member_id: member.memberId } },
          { idempotencyKey },
        ),
      );
      return customer.id;
    },

    async createSetupIntent({ customer, plan }, idempotencyKey) {
      const intent = await refusing(() =>
        client.setupIntents.create(
          {
            customer: customer.customerId,
            usage: 'off_session',
            metadata: { org_id: customer.orgId, member_id: customer.memberId, plan_type: plan },
          },
          { idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} has no client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async attachSetupCard({ customer, setupIntentId }, idempotencyKey) {
      const intent = await refusing(() => client.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] })).catch(
        (error: unknown) => {
          throw error instanceof ProviderRefusal && error.code === 'not_found'
            ? new ProviderRefusal('setup_not_found', error.message)
            : error;
        },
      );
      if (idOf(intent.customer) !== customer.customerId) throw new ProviderRefusal('setup_not_found', 'The setup is not this customer’s');
      const paymentMethod = intent.payment_method;
      if (intent.status !== 'succeeded' || !paymentMethod || typeof paymentMethod === 'string') {
        throw new ProviderRefusal('setup_incomplete', 'Payment setup was not completed successfully');
      }
      const card = cardOf(paymentMethod);
      if (!card) throw new ProviderRefusal('setup_incomplete', 'The payment setup did not collect a card');
      await refusing(() =>
        client.customers.update(
          customer.customerId,
          { invoice_settings: { default_payment_method: paymentMethod.id } },
          { idempotencyKey },
        ),
      );
      return card;
    },

    async startSubscription({ customer, plan, cardId, trialing }, idempotencyKey) {
      const price = settings.prices[plan];
      // The subscription is charged to the customer's default card (the one "Manage" changes in the
      // Billing Portal), so none is set on the subscription itself; the card chosen here is made it.
      await refusing(() =>
        client.customers.update(
          customer.customerId,
          { invoice_settings: { default_payment_method: cardId } },
          { idempotencyKey: `${idempotencyKey}:card` },
        ),
      );
      const subscription = await refusing(() =>
        trialing?.itemId
          ? client.subscriptions.update(
              trialing.id,
              {
                items: [{ id: trialing.itemId, price }],
                trial_end: 'now',
                proration_behavior: 'none',
                payment_behavior: 'error_if_incomplete',
                expand: ['latest_invoice', 'schedule'],
              },
              { idempotencyKey },
            )
          : client.subscriptions.create(
              {
                customer: customer.customerId,
                items: [{ price }],
                payment_behavior: 'error_if_incomplete',
                metadata: { org_id: customer.orgId, member_id: customer.memberId },
                expand: ['latest_invoice', 'schedule'],
              },
              { idempotencyKey },
            ),
      );
      return changeOf(subscription, plan);
    },

    async previewStart({ customer, plan }) {
      const preview = await refusing(() =>
        client.invoices.createPreview({
          ...(customer ? { customer: customer.customerId } : {}),
          subscription_details: { items: [{ price: settings.prices[plan] }] },
        }),
      );
      const period = preview.lines.data[0]?.period;
      if (!period) throw new Error('The preview has no line');
      return { amountDueToday: preview.amount_due, recurringAmount: await priceOf(plan), recurringFrom: fromSeconds(period.end) };
    },

    async previewUpgrade({ customer, subscription, plan, prorationDate }) {
      const itemId = subscription.itemId;
      if (!itemId) throw new Error(`Subscription ${subscription.id} has no item`);
      const preview = await refusing(() =>
        client.invoices.createPreview({
          customer: customer.customerId,
          subscription: subscription.id,
          subscription_details: {
            items: [{ id: itemId, price: settings.prices[plan] }],
            proration_behavior: 'always_invoice',
            proration_date: unixSeconds(prorationDate),
          },
        }),
      );
      return { amountDueToday: preview.amount_due, recurringAmount: await priceOf(plan), recurringFrom: subscription.currentPeriodEnd };
    },

    async upgrade({ subscription, plan, prorationDate }, idempotencyKey) {
      const itemId = subscription.itemId;
      if (!itemId) throw new Error(`Subscription ${subscription.id} has no item`);
      const updated = await refusing(() =>
        client.subscriptions.update(
          subscription.id,
          {
            items: [{ id: itemId, price: settings.prices[plan] }],
            proration_behavior: 'always_invoice',
            proration_date: unixSeconds(prorationDate),
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            expand: ['latest_invoice', 'schedule'],
          },
          { idempotencyKey },
        ),
      );
      return changeOf(updated, plan);
    },

    async scheduleChange({ subscription, plan }, idempotencyKey) {
      // A schedule cannot be made from a subscription set to cancel: moving to another plan withdraws that.
      if (subscription.cancelAtPeriodEnd)
        await refusing(() => client.subscriptions.update(subscription.id, { cancel_at_period_end: false }));
      const schedule = await refusing(() =>
        client.subscriptionSchedules.create({ from_subscription: subscription.id }, { idempotencyKey: `${idempotencyKey}:create` }),
      );
      const current = schedule.phases[0];
      if (!current) throw new Error(`Schedule ${schedule.id} has no phase`);
      await refusing(() =>
        client.subscriptionSchedules.update(
          schedule.id,
          {
            end_behavior: 'release',
            proration_behavior: 'none',
            phases: [
              {
                items: [{ price: settings.prices[subscription.plan], quantity: 1 }],
                start_date: current.start_date,
                end_date: current.end_date,
              },
              { items: [{ price: settings.prices[plan], quantity: 1 }], duration: { interval: 'month', interval_count: 1 } },
            ],
          },
          { idempotencyKey: `${idempotencyKey}:phases` },
        ),
      );
      return retrieve(subscription.id);
    },

    async withdrawChange(subscription) {
      await releaseSchedule(subscription);
      return retrieve(subscription.id);
    },

    async setCancelAtPeriodEnd(subscription, cancel, reason) {
      // A cancellation at the period's end replaces a plan change scheduled for then.
      if (cancel) await releaseSchedule(subscription);
      const updated = await refusing(() =>
        client.subscriptions.update(subscription.id, {
          cancel_at_period_end: cancel,
          ...(cancel && reason ? { cancellation_details: { comment: reason } } : {}),
          expand: ['schedule'],
        }),
      );
      return mustSubscription(updated);
    },

    async cancelNow(subscription, reason) {
      await releaseSchedule(subscription);
      const canceled = await refusing(() =>
        client.subscriptions.cancel(subscription.id, { prorate: false, ...(reason ? { cancellation_details: { comment: reason } } : {}) }),
      );
      return mustSubscription(canceled);
    },

    priceOf,

    async paymentMethodsLink({ customer, returnUrl }, idempotencyKey) {
      const session = await refusing(() =>
        client.billingPortal.sessions.create(
          {
            customer: customer.customerId,
            return_url: returnUrl,
            ...(settings.portalConfiguration ? { configuration: settings.portalConfiguration } : {}),
            flow_data: { type: 'payment_method_update', after_completion: { type: 'redirect', redirect: { return_url: returnUrl } } },
          },
          { idempotencyKey },
        ),
      );
      return { url: session.url, expiresAt: null };
    },

    async invoiceLink(invoice, format) {
      const current = await refusing(() => client.invoices.retrieve(invoice.id));
      return (format === 'page' ? current.hosted_invoice_url : current.invoice_pdf) ?? null;
    },
  };
}
