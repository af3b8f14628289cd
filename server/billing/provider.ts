/**
 * The billing boundary: everything the billing module asks of a payment provider, in the
 * provider's own terms (customers, setup intents, cards, subscriptions, invoices, previews, hosted
 * links). Two providers implement it:
 *
 * - `local` (localProvider.ts): the simulation the local stack and the tests run on. It keeps no
 *   state of its own beyond its hosted pages: what it answers is written to the local mirror like a
 *   real provider's answer, and it never charges anybody.
 * - `stripe` (stripeProvider.ts): Stripe through the `stripe` SDK, every creating call with an
 *   idempotency key derived from the request (the caller passes it).
 *
 * The module (changes.ts) calls a provider outside any database transaction, one change of a member
 * at a time (leases.ts), and writes what it answers to the mirror (mirror.ts): the tables the
 * overview, the member's billing page, the Assistant and the activity trail read. Webhooks
 * (webhooks.ts) keep that mirror true for changes made elsewhere (Stripe's dashboard, renewals).
 * Amounts are USD cents; times are Dates.
 */
import type { PlanType } from '../../src/contract/api';
import type { BillingProviderKind } from './config';

export type { BillingProviderKind };

/** Subscription statuses the mirror keeps (a provider's others are mapped onto these). */
export type MirrorStatus = 'active' | 'trialing' | 'past_due' | 'canceled';
export type InvoiceStatus = 'paid' | 'open' | 'uncollectible' | 'void';

export interface ProviderCard {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  created: Date;
}

export interface ProviderSubscription {
  id: string;
  /** The subscription item that carries the plan's price (Stripe's `si_…`); null for the local provider. */
  itemId: string | null;
  plan: PlanType;
  status: MirrorStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  canceledAt: Date | null;
  /** When the provider created it: a later subscription of the member replaces an earlier one in the mirror. */
  created: Date;
  /** A plan change that takes effect later (a downgrade at the period's end), or null. */
  scheduled: { plan: PlanType; at: Date; scheduleId: string | null } | null;
}

export interface ProviderInvoice {
  id: string;
  number: string;
  status: InvoiceStatus;
  /** The plan the invoice charges for (the new one, for a plan change). */
  plan: PlanType;
  amountDue: number;
  amountPaid: number;
  created: Date;
  /** What the invoice is for, in words ("Hardline Pro - 1 month", a proration). */
  description: string;
  /** The provider's hosted invoice page and PDF; null where it has none (or, locally, where the invoice has no such link). */
  hostedUrl: string | null;
  pdfUrl: string | null;
  subscriptionId: string | null;
  /** Payment attempts so far (a failed renewal is retried). */
  attemptCount: number;
}

/** What a change did: the subscription as it now is, and the invoice it issued (null: nothing was charged). */
export interface ProviderChange {
  subscription: ProviderSubscription;
  invoice: ProviderInvoice | null;
}

/** The price of a plan change, before anything is charged. */
export interface ProviderPreview {
  /** Charged now: the full price for a new subscription, the prorated difference for an upgrade. */
  amountDueToday: number;
  /** The plan's price per month afterwards, and from when. */
  recurringAmount: number;
  recurringFrom: Date;
}

/** The provider's customer of a member (one per member). */
export interface CustomerRef {
  customerId: string;
  orgId: string;
  memberId: string;
}

/** A failure the provider reports about the request itself (a declined card, a setup not completed). */
export class ProviderRefusal extends Error {
  constructor(
    readonly code: 'card_declined' | 'setup_incomplete' | 'setup_not_found' | 'idempotency_conflict' | 'not_found',
    message: string,
  ) {
    super(message);
    this.name = 'ProviderRefusal';
  }
}

export interface BillingProvider {
  readonly kind: BillingProviderKind;

  /** Creates the member's customer (metadata: organisation and member ids). */
  createCustomer(member: { orgId: string; memberId: string; name: string; email: string }, idempotencyKey: string): Promise<string>;

  /** A setup intent for collecting the member's card in the browser (the Payment Element confirms it). */
  createSetupIntent(
    input: { customer: CustomerRef; plan: PlanType },
    idempotencyKey: string,
  ): Promise<{ id: string; clientSecret: string }>;

  /**
   * The card a setup intent collected, once the browser confirmed it (`succeeded`), made the
   * customer's default. ProviderRefusal `setup_incomplete` when it did not succeed,
   * `setup_not_found` when it is not this customer's.
   */
  attachSetupCard(input: { customer: CustomerRef; setupIntentId: string }, idempotencyKey: string): Promise<ProviderCard>;

  /**
   * Starts a paid subscription to `plan`, charged to `cardId` now (the first month). `trialing` is
   * the member's trialing subscription at this provider, converted instead of a second one made.
   */
  startSubscription(
    input: { customer: CustomerRef; plan: PlanType; cardId: string; trialing: ProviderSubscription | null },
    idempotencyKey: string,
  ): Promise<ProviderChange>;

  /** What starting `plan` would charge (no subscription yet, or a canceled or trialing one). */
  previewStart(input: { customer: CustomerRef | null; plan: PlanType; now: Date }): Promise<ProviderPreview>;

  /** What moving `subscription` to `plan` at `prorationDate` would charge now, prorated. */
  previewUpgrade(input: {
    customer: CustomerRef;
    subscription: ProviderSubscription;
    plan: PlanType;
    prorationDate: Date;
  }): Promise<ProviderPreview>;

  /** Moves `subscription` to `plan` at `prorationDate` (the preview's), invoicing the prorated difference now. */
  upgrade(
    input: { customer: CustomerRef; subscription: ProviderSubscription; plan: PlanType; prorationDate: Date },
    idempotencyKey: string,
  ): Promise<ProviderChange>;

  /** Moves `subscription` to `plan` at the end of its period; nothing is charged now. */
  scheduleChange(input: { subscription: ProviderSubscription; plan: PlanType }, idempotencyKey: string): Promise<ProviderSubscription>;

  /** Withdraws the scheduled plan change of `subscription`. */
  withdrawChange(subscription: ProviderSubscription): Promise<ProviderSubscription>;

  /** Cancels at the period's end (`cancel` true) or withdraws that cancellation (false). */
  setCancelAtPeriodEnd(subscription: ProviderSubscription, cancel: boolean, reason: string | null): Promise<ProviderSubscription>;

  /** Cancels now; nothing is refunded. */
  cancelNow(subscription: ProviderSubscription, reason: string | null): Promise<ProviderSubscription>;

  /** The monthly price of a plan, in cents. */
  priceOf(plan: PlanType): Promise<number>;

  /**
   * A page where the member's cards are added or the default changed, returning to `returnUrl`
   * (Stripe: a Billing Portal session, flow `payment_method_update`).
   */
  paymentMethodsLink(
    input: { customer: CustomerRef; returnUrl: string; createdBy: string },
    idempotencyKey: string,
  ): Promise<{ url: string; expiresAt: Date | null }>;

  /** A fresh link to an invoice's hosted page or PDF (null: it has none). */
  invoiceLink(invoice: { id: string; orgId: string }, format: 'page' | 'pdf'): Promise<string | null>;
}
