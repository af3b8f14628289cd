/**
 * TEST FIXTURE, not a product: a local HTTP double of the parts of Stripe's API that the billing
 * module's Stripe provider calls (server/billing/stripeProvider.ts). Stripe is a boundary we do not
 * own and there is no network here, so the provider's tests point the real `stripe` SDK at this
 * double (its `host`, `port` and `protocol` options); everything on our side of the boundary is real.
 *
 * - Every object it answers is built from Stripe's own published example objects
 *   (fixtures3.json, from github.com/stripe/openapi: see README.md), with the fields the double
 *   models filled in, so every field name and shape is Stripe's.
 * - It refuses any parameter the endpoint it serves does not take (`Received unknown parameter`, as
 *   Stripe answers). The lists of what each endpoint takes are typed against the SDK's own
 *   parameter types (generated from the same OpenAPI description): the code does not compile if one
 *   misses a parameter or names one Stripe does not have. A parameter Stripe takes but the double
 *   does not model is refused too, saying so, so a test never passes on something ignored.
 * - POST requests honour `Idempotency-Key` as Stripe does: the same key and parameters replay the
 *   first answer; the same key with other parameters is an `idempotency_error`.
 * - What would happen in the browser or at Stripe (Stripe.js confirming a setup, a change made in
 *   the dashboard or the Billing Portal, a renewal) are methods of the double; each records the
 *   events Stripe would send, for tests to sign and deliver to the webhook endpoint.
 * - Cards ending 0002 are declined when charged (Stripe's test card 4000 0000 0000 0002).
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Stripe from 'stripe';

// ---------------------------------------------------------------------------------------------
// Stripe's fixtures
// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;

const FIXTURES =
  // A path, not a URL object: under jsdom (a view test that loads the billing harness) `URL` is jsdom's, which fs does not take.
  (
    JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'fixtures3.json'), 'utf8')) as {
      resources: Record<string, Json>;
    }
  ).resources;

/** A fresh copy of Stripe's example object of a resource, with `fields` set over it. */
function fromFixture<T>(resource: string, fields: Json): T {
  const example = FIXTURES[resource];
  if (!example) throw new Error(`fixtures3.json has no ${resource}`);
  return { ...structuredClone(example), ...fields } as T;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function randomId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  return `${prefix}_${id}`;
}

// ---------------------------------------------------------------------------------------------
// Parameters: what each endpoint takes (all of it, checked against the SDK's types), and what the
// double models of it.
// ---------------------------------------------------------------------------------------------

type KeysOf<T> = Extract<keyof NonNullable<T>, string>;

/**
 * Every parameter of a Stripe parameters type. TypeScript refuses a list that misses one of the
 * type's parameters (it names them) or names one the type does not have.
 */
function every<T>() {
  return <const L extends readonly KeysOf<T>[]>(
    list: L & ([KeysOf<T>] extends [L[number]] ? unknown : { missing: Exclude<KeysOf<T>, L[number]> }),
  ): ReadonlySet<string> => new Set<string>(list);
}

/** A parameter's shape: a value, or an object (or a list of them) with its own parameters. */
type Shape = 'value' | { all: ReadonlySet<string>; modeled: Readonly<Record<string, Shape>> };

const EXPAND = 'value';

/** The parameters of an item in a subscription change, the same for an update and its preview. */
const CHANGED_ITEM_KEYS = [
  'billing_thresholds',
  'clear_usage',
  'current_trial',
  'deleted',
  'discounts',
  'id',
  'metadata',
  'plan',
  'price',
  'price_data',
  'quantity',
  'tax_rates',
] as const;
const CHANGED_ITEM_MODELED = { id: 'value', price: 'value', quantity: 'value' } as const;
const METADATA = 'value';

const shapes = {
  customerCreate: {
    all: every<Stripe.CustomerCreateParams>()([
      'address',
      'balance',
      'business_name',
      'cash_balance',
      'description',
      'email',
      'expand',
      'individual_name',
      'invoice_prefix',
      'invoice_settings',
      'metadata',
      'name',
      'next_invoice_sequence',
      'payment_method',
      'phone',
      'preferred_locales',
      'shipping',
      'source',
      'tax',
      'tax_exempt',
      'tax_id_data',
      'test_clock',
      'validate',
    ]),
    modeled: { email: 'value', name: 'value', metadata: METADATA, expand: EXPAND },
  },
  customerUpdate: {
    all: every<Stripe.CustomerUpdateParams>()([
      'address',
      'balance',
      'business_name',
      'cash_balance',
      'default_source',
      'description',
      'email',
      'expand',
      'individual_name',
      'invoice_prefix',
      'invoice_settings',
      'metadata',
      'name',
      'next_invoice_sequence',
      'phone',
      'preferred_locales',
      'shipping',
      'source',
      'tax',
      'tax_exempt',
      'validate',
    ]),
    modeled: {
      email: 'value',
      name: 'value',
      metadata: METADATA,
      expand: EXPAND,
      invoice_settings: {
        all: every<Stripe.CustomerUpdateParams.InvoiceSettings>()([
          'custom_fields',
          'default_payment_method',
          'footer',
          'rendering_options',
        ]),
        modeled: { default_payment_method: 'value' },
      },
    },
  },
  retrieve: { all: new Set(['expand']), modeled: { expand: EXPAND } },
  customerRetrieve: { all: every<Stripe.CustomerRetrieveParams>()(['expand']), modeled: { expand: EXPAND } },
  setupIntentCreate: {
    all: every<Stripe.SetupIntentCreateParams>()([
      'allowed_payment_method_types',
      'attach_to_self',
      'automatic_payment_methods',
      'confirm',
      'confirmation_token',
      'customer',
      'customer_account',
      'description',
      'excluded_payment_method_types',
      'expand',
      'flow_directions',
      'mandate_data',
      'metadata',
      'on_behalf_of',
      'payment_method',
      'payment_method_configuration',
      'payment_method_data',
      'payment_method_options',
      'return_url',
      'single_use',
      'usage',
      'use_stripe_sdk',
    ]),
    modeled: { customer: 'value', usage: 'value', metadata: METADATA, expand: EXPAND },
  },
  setupIntentRetrieve: { all: every<Stripe.SetupIntentRetrieveParams>()(['client_secret', 'expand']), modeled: { expand: EXPAND } },
  subscriptionCreate: {
    all: every<Stripe.SubscriptionCreateParams>()([
      'add_invoice_items',
      'application_fee_percent',
      'automatic_tax',
      'backdate_start_date',
      'billing_cycle_anchor',
      'billing_cycle_anchor_config',
      'billing_mode',
      'billing_schedules',
      'billing_thresholds',
      'cancel_at',
      'cancel_at_period_end',
      'collection_method',
      'currency',
      'customer',
      'customer_account',
      'days_until_due',
      'default_payment_method',
      'default_source',
      'default_tax_rates',
      'description',
      'discounts',
      'expand',
      'invoice_settings',
      'items',
      'metadata',
      'off_session',
      'on_behalf_of',
      'payment_behavior',
      'payment_settings',
      'pending_invoice_item_interval',
      'proration_behavior',
      'transfer_data',
      'trial_end',
      'trial_from_plan',
      'trial_period_days',
      'trial_settings',
    ]),
    modeled: {
      customer: 'value',
      default_payment_method: 'value',
      payment_behavior: 'value',
      metadata: METADATA,
      expand: EXPAND,
      items: {
        all: every<Stripe.SubscriptionCreateParams.Item>()([
          'billing_thresholds',
          'current_trial',
          'discounts',
          'metadata',
          'plan',
          'price',
          'price_data',
          'quantity',
          'tax_rates',
        ]),
        modeled: { price: 'value', quantity: 'value' },
      },
    },
  },
  subscriptionUpdate: {
    all: every<Stripe.SubscriptionUpdateParams>()([
      'add_invoice_items',
      'application_fee_percent',
      'automatic_tax',
      'billing_cycle_anchor',
      'billing_schedules',
      'billing_thresholds',
      'cancel_at',
      'cancel_at_period_end',
      'cancellation_details',
      'collection_method',
      'days_until_due',
      'default_payment_method',
      'default_source',
      'default_tax_rates',
      'description',
      'discounts',
      'expand',
      'invoice_settings',
      'items',
      'metadata',
      'off_session',
      'on_behalf_of',
      'pause_collection',
      'payment_behavior',
      'payment_settings',
      'pending_invoice_item_interval',
      'proration_behavior',
      'proration_date',
      'transfer_data',
      'trial_end',
      'trial_from_plan',
      'trial_settings',
    ]),
    modeled: {
      cancel_at_period_end: 'value',
      cancellation_details: {
        all: every<Stripe.SubscriptionUpdateParams.CancellationDetails>()(['comment', 'feedback', 'feedback_option']),
        modeled: { comment: 'value' },
      },
      default_payment_method: 'value',
      payment_behavior: 'value',
      proration_behavior: 'value',
      proration_date: 'value',
      trial_end: 'value',
      expand: EXPAND,
      items: {
        all: every<Stripe.SubscriptionUpdateParams.Item>()(CHANGED_ITEM_KEYS),
        modeled: CHANGED_ITEM_MODELED,
      },
    },
  },
  subscriptionRetrieve: { all: every<Stripe.SubscriptionRetrieveParams>()(['expand']), modeled: { expand: EXPAND } },
  subscriptionCancel: {
    all: every<Stripe.SubscriptionCancelParams>()(['cancellation_details', 'expand', 'invoice_now', 'prorate']),
    modeled: {
      prorate: 'value',
      expand: EXPAND,
      cancellation_details: {
        all: every<Stripe.SubscriptionCancelParams.CancellationDetails>()(['comment', 'feedback', 'feedback_option']),
        modeled: { comment: 'value' },
      },
    },
  },
  scheduleCreate: {
    all: every<Stripe.SubscriptionScheduleCreateParams>()([
      'billing_mode',
      'customer',
      'customer_account',
      'default_settings',
      'end_behavior',
      'expand',
      'from_subscription',
      'metadata',
      'pause_schedules',
      'phases',
      'start_date',
    ]),
    modeled: { from_subscription: 'value', expand: EXPAND },
  },
  scheduleUpdate: {
    all: every<Stripe.SubscriptionScheduleUpdateParams>()([
      'default_settings',
      'end_behavior',
      'expand',
      'metadata',
      'pause_schedules',
      'phases',
      'proration_behavior',
    ]),
    modeled: {
      end_behavior: 'value',
      proration_behavior: 'value',
      expand: EXPAND,
      phases: {
        all: every<Stripe.SubscriptionScheduleUpdateParams.Phase>()([
          'add_invoice_items',
          'application_fee_percent',
          'automatic_tax',
          'billing_cycle_anchor',
          'billing_thresholds',
          'collection_method',
          'currency',
          'default_payment_method',
          'default_tax_rates',
          'description',
          'discounts',
          'duration',
          'end_date',
          'invoice_settings',
          'items',
          'metadata',
          'on_behalf_of',
          'proration_behavior',
          'start_date',
          'transfer_data',
          'trial',
          'trial_end',
        ]),
        modeled: {
          start_date: 'value',
          end_date: 'value',
          duration: {
            all: every<Stripe.SubscriptionScheduleUpdateParams.Phase.Duration>()(['interval', 'interval_count']),
            modeled: { interval: 'value', interval_count: 'value' },
          },
          items: {
            all: every<Stripe.SubscriptionScheduleUpdateParams.Phase.Item>()([
              'billing_thresholds',
              'discounts',
              'metadata',
              'plan',
              'price',
              'price_data',
              'quantity',
              'tax_rates',
            ]),
            modeled: { price: 'value', quantity: 'value' },
          },
        },
      },
    },
  },
  scheduleRelease: {
    all: every<Stripe.SubscriptionScheduleReleaseParams>()(['expand', 'preserve_cancel_date']),
    modeled: { expand: EXPAND },
  },
  scheduleRetrieve: { all: every<Stripe.SubscriptionScheduleRetrieveParams>()(['expand']), modeled: { expand: EXPAND } },
  invoicePreview: {
    all: every<Stripe.InvoiceCreatePreviewParams>()([
      'automatic_tax',
      'currency',
      'customer',
      'customer_account',
      'customer_details',
      'discounts',
      'expand',
      'invoice_items',
      'issuer',
      'on_behalf_of',
      'preview_mode',
      'schedule',
      'schedule_details',
      'subscription',
      'subscription_details',
    ]),
    modeled: {
      customer: 'value',
      subscription: 'value',
      expand: EXPAND,
      subscription_details: {
        all: every<Stripe.InvoiceCreatePreviewParams.SubscriptionDetails>()([
          'billing_cycle_anchor',
          'billing_mode',
          'billing_schedules',
          'cancel_at',
          'cancel_at_period_end',
          'cancel_now',
          'default_tax_rates',
          'items',
          'metadata',
          'pause',
          'proration_behavior',
          'proration_date',
          'resume_at',
          'start_date',
          'trial_end',
        ]),
        modeled: {
          proration_behavior: 'value',
          proration_date: 'value',
          items: {
            // A preview's items are a change's items (each list is still checked against its own type).
            all: every<Stripe.InvoiceCreatePreviewParams.SubscriptionDetails.Item>()(CHANGED_ITEM_KEYS),
            modeled: CHANGED_ITEM_MODELED,
          },
        },
      },
    },
  },
  invoiceRetrieve: { all: every<Stripe.InvoiceRetrieveParams>()(['expand']), modeled: { expand: EXPAND } },
  paymentMethodRetrieve: { all: every<Stripe.PaymentMethodRetrieveParams>()(['expand']), modeled: { expand: EXPAND } },
  priceRetrieve: { all: every<Stripe.PriceRetrieveParams>()(['expand']), modeled: { expand: EXPAND } },
  portalSessionCreate: {
    all: every<Stripe.BillingPortal.SessionCreateParams>()([
      'after_expiration',
      'configuration',
      'customer',
      'customer_account',
      'expand',
      'flow_data',
      'locale',
      'on_behalf_of',
      'return_url',
    ]),
    modeled: {
      customer: 'value',
      configuration: 'value',
      return_url: 'value',
      expand: EXPAND,
      flow_data: {
        all: every<Stripe.BillingPortal.SessionCreateParams.FlowData>()([
          'after_completion',
          'subscription_cancel',
          'subscription_pause',
          'subscription_update',
          'subscription_update_confirm',
          'type',
        ]),
        modeled: {
          type: 'value',
          after_completion: {
            all: every<Stripe.BillingPortal.SessionCreateParams.FlowData.AfterCompletion>()(['hosted_confirmation', 'redirect', 'type']),
            modeled: { type: 'value', redirect: { all: new Set(['return_url']), modeled: { return_url: 'value' } } },
          },
        },
      },
    },
  },
} satisfies Record<string, Shape>;

/** The properties each endpoint can expand, as the provider asks. */
const EXPANDABLE: Record<string, readonly string[]> = {
  customer: ['invoice_settings.default_payment_method'],
  subscription: ['latest_invoice', 'schedule'],
  setup_intent: ['payment_method'],
};

class StripeRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { type: string; message: string; param?: string; code?: string; decline_code?: string },
  ) {
    super(body.message);
  }
}

const invalid = (message: string, param?: string) =>
  new StripeRequestError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}) });

const missing = (resource: string, id: string, param = 'id') =>
  new StripeRequestError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${resource}: '${id}'`,
    param,
  });

/** Checks every parameter against the endpoint's shape: unknown ones as Stripe refuses them, unmodeled ones as the double does. */
function checkParams(value: unknown, shape: Shape, path: string): void {
  if (shape === 'value' || value === null || typeof value !== 'object') return;
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkParams(item, shape, `${path}[${index}]`));
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    const name = path === '' ? key : `${path}[${key}]`;
    if (!shape.all.has(key)) throw invalid(`Received unknown parameter: ${name}`, name);
    const modeled = shape.modeled[key];
    if (!modeled) throw invalid(`The Stripe API test double does not model the parameter ${name} (tests/support/stripe/README.md)`, name);
    checkParams(child, modeled, name);
  }
}

/** Stripe's form encoding (`items[0][price]=…`, `metadata[org_id]=…`) as nested objects and lists. */
function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.split(/[[\]]+/).filter((part) => part !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? '');
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown> | unknown[];
      }
    });
  }
  return root;
}

// ---------------------------------------------------------------------------------------------
// The double
// ---------------------------------------------------------------------------------------------

export interface TestCard {
  brand?: string;
  last4?: string;
  expMonth?: number;
  expYear?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  params: Json;
  idempotencyKey: string | null;
  status: number;
}

export interface StripeApiDoubleOptions {
  /** The Price of each plan: its id and monthly amount in cents. */
  prices: Record<'lite' | 'pro', { id: string; amount: number }>;
  /** The current time (the tests' clock), for every `created` and period. */
  now?: () => Date;
}

export interface StripeApiDouble {
  readonly host: string;
  readonly port: number;
  readonly protocol: 'http';
  readonly secretKey: string;
  /** Every request, in order (GET and POST), with its parameters and idempotency key. */
  readonly requests: RecordedRequest[];
  /** Every event Stripe would have sent, in the order it happened. */
  readonly events: Stripe.Event[];
  customers(): Stripe.Customer[];
  subscriptions(): Stripe.Subscription[];
  invoices(): Stripe.Invoice[];
  subscription(id: string): Stripe.Subscription;
  /** What Stripe.js does when the Payment Element confirms a setup: the card is created, attached, the setup succeeds. */
  confirmSetupIntent(id: string, card?: TestCard): Stripe.PaymentMethod;
  /** Changes made in Stripe's dashboard or Billing Portal. */
  dashboard: {
    cancelSubscription(id: string): void;
    setCancelAtPeriodEnd(id: string, cancel: boolean): void;
    /** A card added in the Billing Portal, made the default when `makeDefault`. */
    addCard(customerId: string, card: TestCard, makeDefault: boolean): Stripe.PaymentMethod;
    /** The next period is billed: a paid invoice, or a failed one (the subscription past_due). */
    renew(id: string): Stripe.Invoice;
  };
  /** The next POST (to `path`, when given) is carried out but its answer is never sent (the connection drops): the SDK retries. */
  dropNextAnswer(path?: string): void;
  /** Forgets every object, request, event and idempotency key (between tests). */
  reset(): void;
  close(): Promise<void>;
}

interface SubscriptionState {
  object: Stripe.Subscription;
  priceId: string;
  periodStart: number;
  periodEnd: number;
}

export async function startStripeApiDouble(options: StripeApiDoubleOptions): Promise<StripeApiDouble> {
  const nowSeconds = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const secretKey = `sk_test_${randomId('double', 24).slice(7)}`;
  const requests: RecordedRequest[] = [];
  const events: Stripe.Event[] = [];
  const customers = new Map<string, Stripe.Customer>();
  const paymentMethods = new Map<string, Stripe.PaymentMethod>();
  const setupIntents = new Map<string, Stripe.SetupIntent>();
  const subscriptions = new Map<string, SubscriptionState>();
  const schedules = new Map<string, Stripe.SubscriptionSchedule>();
  const invoices = new Map<string, Stripe.Invoice>();
  const idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  const invoiceCounts = new Map<string, number>();
  let dropNext: { path: string | null } | null = null;
  let currentRequest: { id: string; idempotencyKey: string | null } | null = null;

  const prices = new Map<string, Stripe.Price>();
  for (const plan of ['lite', 'pro'] as const) {
    const { id, amount } = options.prices[plan];
    prices.set(
      id,
      fromFixture<Stripe.Price>('price', {
        id,
        unit_amount: amount,
        unit_amount_decimal: String(amount),
        nickname: plan === 'lite' ? 'Hardline Lite' : 'Hardline Pro',
        product: `prod_${plan}`,
        transform_quantity: null,
        created: nowSeconds(),
      }),
    );
  }
  const priceOf = (id: string): Stripe.Price => {
    const price = prices.get(id);
    if (!price) throw missing('price', id, 'price');
    return price;
  };

  /** Adds one month, as Stripe bills monthly (same day of month, clamped). */
  const addMonth = (seconds: number): number => {
    const date = new Date(seconds * 1000);
    const day = date.getUTCDate();
    date.setUTCDate(1);
    date.setUTCMonth(date.getUTCMonth() + 1);
    const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
    date.setUTCDate(Math.min(day, lastDay));
    return Math.floor(date.getTime() / 1000);
  };

  const record = (type: string, object: { id: string }, previous?: Json): void => {
    events.push(
      fromFixture<Stripe.Event>('event', {
        id: randomId('evt'),
        type,
        created: nowSeconds(),
        api_version: '2026-10-28.endive',
        livemode: false,
        pending_webhooks: 1,
        data: { object: structuredClone(object), ...(previous ? { previous_attributes: previous } : {}) },
        request: { id: currentRequest?.id ?? null, idempotency_key: currentRequest?.idempotencyKey ?? null },
      }),
    );
  };

  const customerOf = (id: unknown, param = 'customer'): Stripe.Customer => {
    const customer = typeof id === 'string' ? customers.get(id) : undefined;
    if (!customer) throw missing('customer', String(id), param);
    return customer;
  };

  const stateOf = (id: string): SubscriptionState => {
    const state = subscriptions.get(id);
    if (!state) throw missing('subscription', id);
    return state;
  };

  const cardOfCustomer = (customerId: string, paymentMethodId: unknown, param: string): Stripe.PaymentMethod => {
    const paymentMethod = typeof paymentMethodId === 'string' ? paymentMethods.get(paymentMethodId) : undefined;
    if (!paymentMethod) throw missing('payment_method', String(paymentMethodId), param);
    if (paymentMethod.customer !== customerId)
      throw invalid(`The payment method ${paymentMethod.id} is not attached to the customer ${customerId}.`, param);
    return paymentMethod;
  };

  /** The card an invoice of the customer is charged to when the subscription names none. */
  const defaultCardOf = (customer: Stripe.Customer): string => {
    const card = customer.invoice_settings.default_payment_method;
    if (typeof card !== 'string') throw invalid('This customer has no attached payment source or default payment method.');
    return card;
  };
  /** A subscription's invoices are charged to its own card, else the customer's default. */
  const payingCardOf = (sub: Stripe.Subscription): string =>
    typeof sub.default_payment_method === 'string' ? sub.default_payment_method : defaultCardOf(customerOf(sub.customer));

  const decline = () =>
    new StripeRequestError(402, {
      type: 'card_error',
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });

  // -- builders -----------------------------------------------------------------------------------

  const lineItem = (
    invoiceId: string,
    fields: {
      amount: number;
      description: string;
      priceId: string;
      start: number;
      end: number;
      proration: boolean;
      subscription: string | null;
      item: string | null;
    },
  ): Stripe.InvoiceLineItem =>
    fromFixture<Stripe.InvoiceLineItem>('line_item', {
      id: randomId('il'),
      invoice: invoiceId,
      amount: fields.amount,
      subtotal: fields.amount,
      description: fields.description,
      period: { start: fields.start, end: fields.end },
      quantity: 1,
      metadata: {},
      discount_amounts: [],
      discounts: [],
      taxes: [],
      subscription: fields.subscription,
      pricing: {
        type: 'price_details',
        price_details: { price: fields.priceId, product: priceOf(fields.priceId).product },
        unit_amount_decimal: null,
      },
      parent: {
        type: 'subscription_item_details',
        invoice_item_details: null,
        subscription_item_details: {
          invoice_item: null,
          proration: fields.proration,
          proration_details: { credited_items: null },
          subscription: fields.subscription,
          subscription_item: fields.item,
        },
      },
    });

  const newInvoice = (
    customer: Stripe.Customer,
    subscriptionId: string | null,
    billingReason: Stripe.Invoice.BillingReason,
    lines: (invoiceId: string) => Stripe.InvoiceLineItem[],
    options: { preview?: boolean } = {},
  ): Stripe.Invoice => {
    const id = options.preview ? randomId('upcoming_in') : randomId('in');
    const data = lines(id);
    const total = data.reduce((sum, line) => sum + line.amount, 0);
    const due = Math.max(0, total);
    let number: string | null = null;
    if (!options.preview) {
      const sequence = (invoiceCounts.get(customer.id) ?? 0) + 1;
      invoiceCounts.set(customer.id, sequence);
      number = `${customer.invoice_prefix}-${String(sequence).padStart(4, '0')}`;
    }
    const secret = randomId('test', 32).slice(5);
    return fromFixture<Stripe.Invoice>('invoice', {
      id,
      object: 'invoice',
      number,
      customer: customer.id,
      customer_email: customer.email,
      customer_name: customer.name,
      created: nowSeconds(),
      effective_at: options.preview ? null : nowSeconds(),
      period_start: data[0]?.period.start ?? nowSeconds(),
      period_end: data[0]?.period.end ?? nowSeconds(),
      billing_reason: billingReason,
      status: options.preview ? 'draft' : 'open',
      amount_due: due,
      amount_paid: 0,
      amount_remaining: due,
      amount_overpaid: 0,
      subtotal: total,
      subtotal_excluding_tax: total,
      total,
      total_excluding_tax: total,
      starting_balance: 0,
      ending_balance: options.preview ? null : 0,
      attempt_count: 0,
      attempted: false,
      auto_advance: !options.preview,
      discounts: [],
      default_payment_method: null,
      from_invoice: null,
      last_finalization_error: null,
      shipping_cost: null,
      shipping_details: null,
      due_date: null,
      next_payment_attempt: null,
      webhooks_delivered_at: options.preview ? null : nowSeconds(),
      automatically_finalizes_at: null,
      hosted_invoice_url: options.preview ? null : `https://invoice.stripe.com/i/acct_double/test_${secret}`,
      invoice_pdf: options.preview ? null : `https://pay.stripe.com/invoice/acct_double/test_${secret}/pdf`,
      status_transitions: {
        finalized_at: options.preview ? null : nowSeconds(),
        marked_uncollectible_at: null,
        paid_at: null,
        voided_at: null,
      },
      parent: subscriptionId
        ? { type: 'subscription_details', quote_details: null, subscription_details: { metadata: {}, subscription: subscriptionId } }
        : null,
      subscription: subscriptionId,
      lines: { object: 'list', data, has_more: false, url: `/v1/invoices/${id}/lines` },
    });
  };

  /** Charges an invoice to the card: paid, or (a card ending 0002) declined. */
  const charge = (invoice: Stripe.Invoice, paymentMethodId: string | null): boolean => {
    const card = paymentMethodId ? paymentMethods.get(paymentMethodId) : undefined;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    if (invoice.amount_due === 0 || (card && card.card?.last4 !== '0002')) {
      invoice.status = 'paid';
      invoice.amount_paid = invoice.amount_due;
      invoice.amount_remaining = 0;
      invoice.status_transitions.paid_at = nowSeconds();
      return true;
    }
    return false;
  };

  const recordInvoice = (invoice: Stripe.Invoice): void => {
    invoices.set(invoice.id, invoice);
    record('invoice.created', invoice);
    record('invoice.finalized', invoice);
    if (invoice.status === 'paid') {
      record('invoice.paid', invoice);
      record('invoice.payment_succeeded', invoice);
    } else record('invoice.payment_failed', invoice);
  };

  const item = (subscriptionId: string, priceId: string, start: number, end: number, id = randomId('si', 14)): Stripe.SubscriptionItem => {
    const price = priceOf(priceId);
    return fromFixture<Stripe.SubscriptionItem>('subscription_item', {
      id,
      created: nowSeconds(),
      subscription: subscriptionId,
      price,
      quantity: 1,
      metadata: {},
      discounts: [],
      tax_rates: [],
      billing_thresholds: null,
      current_period_start: start,
      current_period_end: end,
      plan: {
        ...structuredClone((FIXTURES['subscription_item'] as { plan: Json }).plan),
        id: price.id,
        amount: price.unit_amount,
        amount_decimal: price.unit_amount_decimal,
        billing_scheme: 'per_unit',
        currency: 'usd',
        interval: 'month',
        interval_count: 1,
        livemode: false,
        metadata: {},
        nickname: price.nickname,
        product: price.product,
        transform_usage: null,
        created: price.created,
      },
    });
  };

  /** The subscription as Stripe answers it now (its item, period and schedule kept in step). */
  const view = (state: SubscriptionState, expand: readonly string[] = []): Stripe.Subscription => {
    const object = structuredClone(state.object);
    const first = object.items.data[0];
    if (first) object.items.data[0] = { ...first, current_period_start: state.periodStart, current_period_end: state.periodEnd };
    if (expand.includes('schedule') && typeof object.schedule === 'string') {
      object.schedule = structuredClone(schedules.get(object.schedule) ?? null);
    }
    if (expand.includes('latest_invoice') && typeof object.latest_invoice === 'string') {
      object.latest_invoice = structuredClone(invoices.get(object.latest_invoice) ?? null);
    }
    return object;
  };

  const newSubscription = (
    customer: Stripe.Customer,
    priceId: string,
    paymentMethodId: string | null,
    metadata: Json,
  ): SubscriptionState => {
    const id = randomId('sub');
    const start = nowSeconds();
    const end = addMonth(start);
    const object = fromFixture<Stripe.Subscription>('subscription', {
      id,
      customer: customer.id,
      created: start,
      start_date: start,
      billing_cycle_anchor: start,
      billing_cycle_anchor_config: null,
      status: 'active',
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      default_payment_method: paymentMethodId,
      discounts: [],
      metadata,
      schedule: null,
      trial_start: null,
      trial_end: null,
      pending_update: null,
      pending_setup_intent: null,
      pending_invoice_item_interval: null,
      next_pending_invoice_item_invoice: null,
      pause_collection: null,
      transfer_data: null,
      billing_thresholds: null,
      billing_schedules: [],
      latest_invoice: null,
      test_clock: null,
      items: { object: 'list', data: [item(id, priceId, start, end)], has_more: false, url: `/v1/subscription_items?subscription=${id}` },
    });
    return { object, priceId, periodStart: start, periodEnd: end };
  };

  /** Sets the item's price (a plan change) and the subscription's `latest_invoice`. */
  const setPrice = (state: SubscriptionState, priceId: string): void => {
    const current = state.object.items.data[0];
    if (!current) return;
    state.priceId = priceId;
    state.object.items.data[0] = item(state.object.id, priceId, state.periodStart, state.periodEnd, current.id);
  };

  const scheduleOf = (id: string): Stripe.SubscriptionSchedule => {
    const schedule = schedules.get(id);
    if (!schedule) throw missing('subscription_schedule', id);
    return schedule;
  };

  // -- endpoints -----------------------------------------------------------------------------------

  type Handler = (params: Json, match: RegExpMatchArray) => { status?: number; body: unknown };
  interface Endpoint {
    method: 'GET' | 'POST' | 'DELETE';
    pattern: RegExp;
    shape: Shape;
    expandable?: readonly string[];
    handle: Handler;
  }

  const expandOf = (params: Json, allowed: readonly string[] = []): string[] => {
    const expand = Array.isArray(params['expand']) ? (params['expand'] as string[]) : [];
    for (const path of expand) if (!allowed.includes(path)) throw invalid(`This property cannot be expanded (${path}).`, 'expand');
    return expand;
  };

  const endpoints: Endpoint[] = [
    {
      method: 'POST',
      pattern: /^\/v1\/customers$/,
      shape: shapes.customerCreate,
      handle: (params) => {
        const id = randomId('cus', 14);
        const customer = fromFixture<Stripe.Customer>('customer', {
          id,
          created: nowSeconds(),
          email: params['email'] ?? null,
          name: params['name'] ?? null,
          metadata: params['metadata'] ?? {},
          discount: null,
          address: null,
          shipping: null,
          invoice_prefix: randomBytes(4).toString('hex').toUpperCase(),
          invoice_settings: {
            ...structuredClone((FIXTURES['customer'] as { invoice_settings: Json }).invoice_settings),
            default_payment_method: null,
          },
        });
        customers.set(id, customer);
        record('customer.created', customer);
        return { body: customer };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      shape: shapes.customerRetrieve,
      handle: (params, [, id = '']) => {
        const customer = structuredClone(customerOf(id, 'id'));
        if (expandOf(params, EXPANDABLE['customer']).length > 0 && typeof customer.invoice_settings.default_payment_method === 'string') {
          customer.invoice_settings.default_payment_method = structuredClone(
            paymentMethods.get(customer.invoice_settings.default_payment_method) ?? null,
          );
        }
        return { body: customer };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/customers\/([^/]+)$/,
      shape: shapes.customerUpdate,
      handle: (params, [, id = '']) => {
        const customer = customerOf(id, 'id');
        const settings = params['invoice_settings'] as Json | undefined;
        if (settings && 'default_payment_method' in settings) {
          const chosen = cardOfCustomer(customer.id, settings['default_payment_method'], 'invoice_settings[default_payment_method]');
          customer.invoice_settings.default_payment_method = chosen.id;
        }
        if (typeof params['email'] === 'string') customer.email = params['email'];
        if (typeof params['name'] === 'string') customer.name = params['name'];
        record('customer.updated', customer);
        return { body: customer };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/setup_intents$/,
      shape: shapes.setupIntentCreate,
      handle: (params) => {
        const customer = customerOf(params['customer']);
        const id = randomId('seti');
        const intent = fromFixture<Stripe.SetupIntent>('setup_intent', {
          id,
          client_secret: `${id}_secret_${randomId('s', 32).slice(2)}`,
          created: nowSeconds(),
          customer: customer.id,
          metadata: params['metadata'] ?? {},
          usage: params['usage'] ?? 'off_session',
          status: 'requires_payment_method',
          payment_method: null,
          last_setup_error: null,
          next_action: null,
          latest_attempt: null,
          automatic_payment_methods: { enabled: true, allow_redirects: 'always' },
          payment_method_configuration_details: null,
        });
        setupIntents.set(id, intent);
        record('setup_intent.created', intent);
        return { body: intent };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/setup_intents\/([^/]+)$/,
      shape: shapes.setupIntentRetrieve,
      handle: (params, [, id = '']) => {
        const intent = setupIntents.get(id);
        if (!intent) throw missing('setup_intent', id);
        const answer = structuredClone(intent);
        if (expandOf(params, EXPANDABLE['setup_intent']).includes('payment_method') && typeof answer.payment_method === 'string') {
          answer.payment_method = structuredClone(paymentMethods.get(answer.payment_method) ?? null);
        }
        return { body: answer };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_methods\/([^/]+)$/,
      shape: shapes.paymentMethodRetrieve,
      handle: (_params, [, id = '']) => {
        const paymentMethod = paymentMethods.get(id);
        if (!paymentMethod) throw missing('payment_method', id);
        return { body: paymentMethod };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/prices\/([^/]+)$/,
      shape: shapes.priceRetrieve,
      handle: (_params, [, id = '']) => ({ body: priceOf(id) }),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions$/,
      shape: shapes.subscriptionCreate,
      handle: (params) => {
        const expand = expandOf(params, EXPANDABLE['subscription']);
        const customer = customerOf(params['customer']);
        const items = params['items'] as Json[] | undefined;
        if (!items || items.length !== 1) throw invalid('The double models subscriptions of exactly one item.', 'items');
        const priceId = String(items[0]?.['price'] ?? '');
        priceOf(priceId);
        const paymentMethodId =
          params['default_payment_method'] === undefined
            ? defaultCardOf(customer)
            : cardOfCustomer(customer.id, params['default_payment_method'], 'default_payment_method').id;
        if (params['payment_behavior'] !== 'error_if_incomplete')
          throw invalid('The double models payment_behavior=error_if_incomplete only.', 'payment_behavior');
        const state = newSubscription(
          customer,
          priceId,
          params['default_payment_method'] === undefined ? null : paymentMethodId,
          (params['metadata'] as Json | undefined) ?? {},
        );
        const price = priceOf(priceId);
        const invoice = newInvoice(customer, state.object.id, 'subscription_create', (invoiceId) => [
          lineItem(invoiceId, {
            amount: price.unit_amount ?? 0,
            description: `1 × ${price.nickname} (at $${((price.unit_amount ?? 0) / 100).toFixed(2)} / month)`,
            priceId,
            start: state.periodStart,
            end: state.periodEnd,
            proration: false,
            subscription: state.object.id,
            item: state.object.items.data[0]?.id ?? null,
          }),
        ]);
        // error_if_incomplete: a declined first payment makes nothing.
        if (!charge(invoice, paymentMethodId)) throw decline();
        state.object.latest_invoice = invoice.id;
        subscriptions.set(state.object.id, state);
        record('customer.subscription.created', view(state));
        recordInvoice(invoice);
        return { body: view(state, expand) };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      shape: shapes.subscriptionRetrieve,
      handle: (params, [, id = '']) => ({ body: view(stateOf(id), expandOf(params, EXPANDABLE['subscription'])) }),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      shape: shapes.subscriptionUpdate,
      handle: (params, [, id = '']) => {
        const expand = expandOf(params, EXPANDABLE['subscription']);
        const state = stateOf(id);
        const sub = state.object;
        if (sub.status === 'canceled') throw invalid('A canceled subscription can only update its cancellation_details and metadata.');
        const previous: Json = {};
        if (sub.schedule && ('items' in params || 'cancel_at_period_end' in params)) {
          throw invalid(
            `The subscription is managed by the subscription schedule \`${String(sub.schedule)}\`, and updating it directly is not allowed. Update or release the schedule instead.`,
          );
        }
        if ('cancel_at_period_end' in params) {
          previous['cancel_at_period_end'] = sub.cancel_at_period_end;
          sub.cancel_at_period_end = params['cancel_at_period_end'] === 'true';
          sub.cancel_at = sub.cancel_at_period_end ? state.periodEnd : null;
          sub.canceled_at = sub.cancel_at_period_end ? nowSeconds() : null;
        }
        const details = params['cancellation_details'] as Json | undefined;
        if (details)
          sub.cancellation_details = {
            ...sub.cancellation_details,
            comment: (details['comment'] as string) || null,
          } as Stripe.Subscription.CancellationDetails;
        if (typeof params['default_payment_method'] === 'string') {
          sub.default_payment_method = cardOfCustomer(String(sub.customer), params['default_payment_method'], 'default_payment_method').id;
        }
        const items = params['items'] as Json[] | undefined;
        const customer = customerOf(sub.customer);
        if (items) {
          const change = items[0];
          if (items.length !== 1 || change?.['id'] !== sub.items.data[0]?.id)
            throw invalid('The double models changing the one item by its id.', 'items');
          const newPriceId = String(change?.['price'] ?? '');
          const newPrice = priceOf(newPriceId);
          const oldPrice = priceOf(state.priceId);
          const behavior = params['proration_behavior'] ?? 'create_prorations';
          if (params['trial_end'] === 'now' && sub.status === 'trialing') {
            // The trial ends now: a new period starts, charged in full.
            state.periodStart = nowSeconds();
            state.periodEnd = addMonth(state.periodStart);
            sub.status = 'active';
            sub.trial_end = state.periodStart;
            sub.billing_cycle_anchor = state.periodStart;
            setPrice(state, newPriceId);
            const invoice = newInvoice(customer, sub.id, 'subscription_update', (invoiceId) => [
              lineItem(invoiceId, {
                amount: newPrice.unit_amount ?? 0,
                description: `1 × ${newPrice.nickname}`,
                priceId: newPriceId,
                start: state.periodStart,
                end: state.periodEnd,
                proration: false,
                subscription: sub.id,
                item: sub.items.data[0]?.id ?? null,
              }),
            ]);
            if (!charge(invoice, payingCardOf(sub))) throw decline();
            sub.latest_invoice = invoice.id;
            recordInvoice(invoice);
          } else if (behavior === 'always_invoice') {
            const at = params['proration_date'] === undefined ? nowSeconds() : Number(params['proration_date']);
            if (at < state.periodStart || at > state.periodEnd)
              throw invalid('proration_date must be within the current period.', 'proration_date');
            const { credit, debit } = prorate(oldPrice.unit_amount ?? 0, newPrice.unit_amount ?? 0, state.periodStart, state.periodEnd, at);
            const invoice = newInvoice(customer, sub.id, 'subscription_update', (invoiceId) => [
              lineItem(invoiceId, {
                amount: -credit,
                description: `Unused time on ${oldPrice.nickname}`,
                priceId: state.priceId,
                start: at,
                end: state.periodEnd,
                proration: true,
                subscription: sub.id,
                item: sub.items.data[0]?.id ?? null,
              }),
              lineItem(invoiceId, {
                amount: debit,
                description: `Remaining time on ${newPrice.nickname}`,
                priceId: newPriceId,
                start: at,
                end: state.periodEnd,
                proration: true,
                subscription: sub.id,
                item: sub.items.data[0]?.id ?? null,
              }),
            ]);
            if (!charge(invoice, payingCardOf(sub))) {
              if (params['payment_behavior'] === 'error_if_incomplete') throw decline();
            }
            setPrice(state, newPriceId);
            sub.latest_invoice = invoice.id;
            recordInvoice(invoice);
          } else if (behavior === 'none') {
            setPrice(state, newPriceId);
          } else {
            throw invalid('The double models proration_behavior always_invoice or none.', 'proration_behavior');
          }
          previous['items'] = { data: [{ price: { id: oldPrice.id } }] };
        }
        record('customer.subscription.updated', view(state), previous);
        return { body: view(state, expand) };
      },
    },
    {
      method: 'DELETE',
      pattern: /^\/v1\/subscriptions\/([^/]+)$/,
      shape: shapes.subscriptionCancel,
      handle: (params, [, id = '']) => {
        const state = stateOf(id);
        const sub = state.object;
        if (sub.status === 'canceled') throw invalid(`No such subscription: '${id}'`);
        if (typeof sub.schedule === 'string') {
          const schedule = scheduleOf(sub.schedule);
          schedule.status = 'canceled';
          schedule.canceled_at = nowSeconds();
          sub.schedule = null;
          record('subscription_schedule.canceled', schedule);
        }
        sub.status = 'canceled';
        sub.canceled_at = nowSeconds();
        sub.ended_at = nowSeconds();
        sub.cancel_at_period_end = false;
        const details = params['cancellation_details'] as Json | undefined;
        sub.cancellation_details = {
          comment: (details?.['comment'] as string | undefined) ?? null,
          feedback: null,
          reason: 'cancellation_requested',
        } as Stripe.Subscription.CancellationDetails;
        record('customer.subscription.deleted', view(state));
        return { body: view(state, expandOf(params, EXPANDABLE['subscription'])) };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscription_schedules$/,
      shape: shapes.scheduleCreate,
      handle: (params) => {
        const state = stateOf(String(params['from_subscription'] ?? ''));
        const sub = state.object;
        if (sub.schedule) throw invalid(`The subscription \`${sub.id}\` is already attached to a schedule.`, 'from_subscription');
        if (sub.cancel_at_period_end) throw invalid('You cannot migrate a subscription that is scheduled to cancel.', 'from_subscription');
        const id = randomId('sub_sched');
        const template = (FIXTURES['subscription_schedule'] as { phases: Json[] }).phases[0] ?? {};
        const schedule = fromFixture<Stripe.SubscriptionSchedule>('subscription_schedule', {
          id,
          created: nowSeconds(),
          customer: sub.customer,
          subscription: sub.id,
          status: 'active',
          end_behavior: 'release',
          canceled_at: null,
          completed_at: null,
          released_at: null,
          released_subscription: null,
          metadata: {},
          current_phase: { start_date: state.periodStart, end_date: state.periodEnd },
          phases: [
            {
              ...structuredClone(template),
              start_date: state.periodStart,
              end_date: state.periodEnd,
              items: [{ ...structuredClone((template['items'] as Json[])[0]), price: state.priceId, quantity: 1, plan: state.priceId }],
            },
          ],
        });
        schedules.set(id, schedule);
        sub.schedule = id;
        record('subscription_schedule.created', schedule);
        return { body: schedule };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/subscription_schedules\/([^/]+)$/,
      shape: shapes.scheduleRetrieve,
      handle: (_params, [, id = '']) => ({ body: scheduleOf(id) }),
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscription_schedules\/([^/]+)\/release$/,
      shape: shapes.scheduleRelease,
      handle: (_params, [, id = '']) => {
        const schedule = scheduleOf(id);
        if (schedule.status !== 'active' && schedule.status !== 'not_started')
          throw invalid(`You cannot release a subscription schedule that is currently in the \`${schedule.status}\` status.`);
        const subscriptionId = String(schedule.subscription);
        schedule.status = 'released';
        schedule.released_at = nowSeconds();
        schedule.released_subscription = subscriptionId;
        schedule.subscription = null;
        const state = stateOf(subscriptionId);
        state.object.schedule = null;
        record('subscription_schedule.released', schedule);
        record('customer.subscription.updated', view(state), { schedule: id });
        return { body: schedule };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/subscription_schedules\/([^/]+)$/,
      shape: shapes.scheduleUpdate,
      handle: (params, [, id = '']) => {
        const schedule = scheduleOf(id);
        const phases = params['phases'] as Json[] | undefined;
        if (phases) {
          const template = schedule.phases[0];
          let start = Number(phases[0]?.['start_date'] ?? schedule.current_phase?.start_date);
          schedule.phases = phases.map((phase) => {
            const phaseStart = phase['start_date'] === undefined ? start : Number(phase['start_date']);
            const duration = phase['duration'] as Json | undefined;
            let end = phase['end_date'] === undefined ? null : Number(phase['end_date']);
            if (end === null && duration) {
              if (duration['interval'] !== 'month' || String(duration['interval_count'] ?? '1') !== '1')
                throw invalid('The double models durations of one month.', 'phases');
              end = addMonth(phaseStart);
            }
            if (end === null) throw invalid('Each phase needs an end_date or a duration.', 'phases');
            const items = (phase['items'] as Json[] | undefined) ?? [];
            for (const entry of items) priceOf(String(entry['price'] ?? ''));
            start = end;
            return {
              ...structuredClone(template),
              start_date: phaseStart,
              end_date: end,
              items: items.map((entry) => ({
                ...structuredClone(template?.items[0]),
                price: String(entry['price']),
                quantity: Number(entry['quantity'] ?? 1),
                plan: String(entry['price']),
              })),
            } as Stripe.SubscriptionSchedule.Phase;
          });
        }
        if (typeof params['end_behavior'] === 'string')
          schedule.end_behavior = params['end_behavior'] as Stripe.SubscriptionSchedule.EndBehavior;
        record('subscription_schedule.updated', schedule);
        return { body: schedule };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/invoices\/create_preview$/,
      shape: shapes.invoicePreview,
      handle: (params) => {
        const details = (params['subscription_details'] as Json | undefined) ?? {};
        const items = (details['items'] as Json[] | undefined) ?? [];
        const subscriptionId = params['subscription'] as string | undefined;
        const customer = params['customer'] ? customerOf(params['customer']) : null;
        if (!subscriptionId) {
          const priceId = String(items[0]?.['price'] ?? '');
          const price = priceOf(priceId);
          const start = nowSeconds();
          const invoice = newInvoice(
            customer ?? fromFixture<Stripe.Customer>('customer', { id: 'cus_preview', invoice_prefix: 'PREVIEW' }),
            null,
            'subscription_create',
            (invoiceId) => [
              lineItem(invoiceId, {
                amount: price.unit_amount ?? 0,
                description: `1 × ${price.nickname}`,
                priceId,
                start,
                end: addMonth(start),
                proration: false,
                subscription: null,
                item: null,
              }),
            ],
            { preview: true },
          );
          return { body: invoice };
        }
        const state = stateOf(subscriptionId);
        if (!customer || customer.id !== state.object.customer) throw invalid('customer must be the subscription’s customer.', 'customer');
        const change = items[0];
        if (items.length !== 1 || change?.['id'] !== state.object.items.data[0]?.id)
          throw invalid('The double models changing the one item by its id.', 'subscription_details[items]');
        if (details['proration_behavior'] !== 'always_invoice')
          throw invalid('The double models proration_behavior=always_invoice previews only.', 'subscription_details[proration_behavior]');
        const at = details['proration_date'] === undefined ? nowSeconds() : Number(details['proration_date']);
        if (at < state.periodStart || at > state.periodEnd)
          throw invalid('proration_date must be within the current period.', 'subscription_details[proration_date]');
        const newPriceId = String(change?.['price'] ?? '');
        const newPrice = priceOf(newPriceId);
        const oldPrice = priceOf(state.priceId);
        const { credit, debit } = prorate(oldPrice.unit_amount ?? 0, newPrice.unit_amount ?? 0, state.periodStart, state.periodEnd, at);
        const invoice = newInvoice(
          customer,
          subscriptionId,
          'subscription_update',
          (invoiceId) => [
            lineItem(invoiceId, {
              amount: -credit,
              description: `Unused time on ${oldPrice.nickname}`,
              priceId: state.priceId,
              start: at,
              end: state.periodEnd,
              proration: true,
              subscription: subscriptionId,
              item: String(change?.['id']),
            }),
            lineItem(invoiceId, {
              amount: debit,
              description: `Remaining time on ${newPrice.nickname}`,
              priceId: newPriceId,
              start: at,
              end: state.periodEnd,
              proration: true,
              subscription: subscriptionId,
              item: String(change?.['id']),
            }),
          ],
          { preview: true },
        );
        return { body: invoice };
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/invoices\/([^/]+)$/,
      shape: shapes.invoiceRetrieve,
      handle: (_params, [, id = '']) => {
        const invoice = invoices.get(id);
        if (!invoice) throw missing('invoice', id);
        return { body: invoice };
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/billing_portal\/sessions$/,
      shape: shapes.portalSessionCreate,
      handle: (params) => {
        const customer = customerOf(params['customer']);
        const flow = params['flow_data'] as Json | undefined;
        const fixture = FIXTURES['billing_portal.session'] as { url: string; flow: Json };
        const session = fromFixture<Stripe.BillingPortal.Session>('billing_portal.session', {
          id: randomId('bps'),
          created: nowSeconds(),
          customer: customer.id,
          livemode: false,
          return_url: params['return_url'] ?? null,
          configuration: params['configuration'] ?? 'bpc_default',
          url: fixture.url.replace('{SESSION_SECRET}', randomId('test', 32).slice(5)),
          flow: flow
            ? {
                ...structuredClone(fixture.flow),
                type: flow['type'],
                after_completion: {
                  type: (flow['after_completion'] as Json | undefined)?.['type'] ?? 'portal_homepage',
                  hosted_confirmation: null,
                  redirect: (flow['after_completion'] as Json | undefined)?.['redirect'] ?? null,
                },
                subscription_cancel: null,
                subscription_update: null,
                subscription_update_confirm: null,
              }
            : null,
        });
        return { body: session };
      },
    },
  ];

  // -- HTTP ----------------------------------------------------------------------------------------

  const answer = (res: ServerResponse, status: number, body: unknown, requestId: string) => {
    res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': requestId, 'Stripe-Version': '2026-10-28.endive' });
    res.end(JSON.stringify(body));
  };

  const handle = (req: IncomingMessage, res: ServerResponse, text: string) => {
    const url = new URL(req.url ?? '/', 'http://double');
    const method = req.method ?? 'GET';
    const requestId = randomId('req', 14);
    const idempotencyKey = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const params = method === 'POST' ? parseStripeForm(text) : parseStripeForm(url.search.slice(1));
    const entry: RecordedRequest = { method, path: url.pathname, params, idempotencyKey, status: 0 };
    requests.push(entry);
    const dropping = () => {
      if (method !== 'POST' || !dropNext || (dropNext.path !== null && dropNext.path !== url.pathname)) return false;
      dropNext = null;
      req.socket.destroy();
      return true;
    };
    const send = (status: number, body: unknown) => {
      entry.status = status;
      if (!dropping()) answer(res, status, body, requestId);
    };

    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    if (method === 'POST' && idempotencyKey) {
      const fingerprint = `${method} ${url.pathname} ${text}`;
      const before = idempotent.get(idempotencyKey);
      if (before) {
        if (before.fingerprint !== fingerprint) {
          send(400, {
            error: {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idempotencyKey}' if you meant to execute a different request.`,
            },
          });
          return;
        }
        entry.status = before.status;
        if (dropping()) return;
        res.writeHead(before.status, { 'Content-Type': 'application/json', 'Request-Id': requestId, 'Idempotent-Replayed': 'true' });
        res.end(before.body);
        return;
      }
    }
    let status = 200;
    let body: unknown;
    try {
      const endpoint = endpoints.find((e) => e.method === method && e.pattern.test(url.pathname));
      if (!endpoint)
        throw new StripeRequestError(404, {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${method}: ${url.pathname}).`,
        });
      checkParams(params, endpoint.shape, '');
      currentRequest = { id: requestId, idempotencyKey };
      const match = url.pathname.match(endpoint.pattern) ?? [url.pathname];
      const result = endpoint.handle(params, match);
      status = result.status ?? 200;
      body = result.body;
    } catch (error) {
      if (!(error instanceof StripeRequestError)) throw error;
      status = error.status;
      body = { error: { ...error.body, request_log_url: `https://dashboard.stripe.com/test/logs/${requestId}` } };
    } finally {
      currentRequest = null;
    }
    if (method === 'POST' && idempotencyKey)
      idempotent.set(idempotencyKey, { fingerprint: `${method} ${url.pathname} ${text}`, status, body: JSON.stringify(body) });
    send(status, body);
  };

  const server = createServer((req, res) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      try {
        handle(req, res, text);
      } catch (error) {
        answer(res, 500, { error: { type: 'api_error', message: String(error) } }, 'req_double_error');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  // -- what happens outside the API ---------------------------------------------------------------

  const attachCard = (customer: Stripe.Customer, card: TestCard): Stripe.PaymentMethod => {
    const fixture = FIXTURES['payment_method'] as { card: Json };
    const paymentMethod = fromFixture<Stripe.PaymentMethod>('payment_method', {
      id: randomId('pm'),
      created: nowSeconds(),
      customer: customer.id,
      metadata: {},
      card: {
        ...structuredClone(fixture.card),
        brand: card.brand ?? 'visa',
        display_brand: card.brand ?? 'visa',
        last4: card.last4 ?? '4242',
        exp_month: card.expMonth ?? 12,
        exp_year: card.expYear ?? 2034,
        wallet: null,
        generated_from: null,
      },
    });
    paymentMethods.set(paymentMethod.id, paymentMethod);
    record('payment_method.attached', paymentMethod);
    return paymentMethod;
  };

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    requests,
    events,
    customers: () => [...customers.values()],
    subscriptions: () => [...subscriptions.values()].map((state) => view(state)),
    invoices: () => [...invoices.values()],
    subscription: (id) => view(stateOf(id), ['schedule']),
    confirmSetupIntent(id, card = {}) {
      const intent = setupIntents.get(id);
      if (!intent) throw new Error(`No such setup intent ${id}`);
      const customer = customerOf(intent.customer);
      const paymentMethod = attachCard(customer, card);
      intent.status = 'succeeded';
      intent.payment_method = paymentMethod.id;
      record('setup_intent.succeeded', intent);
      return paymentMethod;
    },
    dashboard: {
      cancelSubscription(id) {
        const state = stateOf(id);
        state.object.status = 'canceled';
        state.object.canceled_at = nowSeconds();
        state.object.ended_at = nowSeconds();
        state.object.cancel_at_period_end = false;
        record('customer.subscription.deleted', view(state));
      },
      setCancelAtPeriodEnd(id, cancel) {
        const state = stateOf(id);
        state.object.cancel_at_period_end = cancel;
        state.object.cancel_at = cancel ? state.periodEnd : null;
        record('customer.subscription.updated', view(state), { cancel_at_period_end: !cancel });
      },
      addCard(customerId, card, makeDefault) {
        const customer = customerOf(customerId);
        const paymentMethod = attachCard(customer, card);
        if (makeDefault) {
          customer.invoice_settings.default_payment_method = paymentMethod.id;
          record('customer.updated', customer);
        }
        return paymentMethod;
      },
      renew(id) {
        const state = stateOf(id);
        const customer = customerOf(state.object.customer);
        state.periodStart = state.periodEnd;
        state.periodEnd = addMonth(state.periodStart);
        const price = priceOf(state.priceId);
        const invoice = newInvoice(customer, id, 'subscription_cycle', (invoiceId) => [
          lineItem(invoiceId, {
            amount: price.unit_amount ?? 0,
            description: `1 × ${price.nickname}`,
            priceId: price.id,
            start: state.periodStart,
            end: state.periodEnd,
            proration: false,
            subscription: id,
            item: state.object.items.data[0]?.id ?? null,
          }),
        ]);
        const paid = charge(invoice, payingCardOf(state.object));
        if (!paid) state.object.status = 'past_due';
        state.object.latest_invoice = invoice.id;
        recordInvoice(invoice);
        record('customer.subscription.updated', view(state));
        return invoice;
      },
    },
    dropNextAnswer(path) {
      dropNext = { path: path ?? null };
    },
    reset() {
      for (const store of [customers, paymentMethods, setupIntents, subscriptions, schedules, invoices, idempotent, invoiceCounts])
        store.clear();
      requests.length = 0;
      events.length = 0;
      dropNext = null;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Stripe's proration of a price change at `at`: the old price's unused time credited, the new one's remaining time charged. */
function prorate(oldAmount: number, newAmount: number, start: number, end: number, at: number): { credit: number; debit: number } {
  const fraction = (end - at) / (end - start);
  return { credit: Math.round(oldAmount * fraction), debit: Math.round(newAmount * fraction) };
}
