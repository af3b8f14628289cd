/** The contract of the billing calls (SPEC §7 /api/admin/billing/…, and the extensions in docs/BILLING.md). */
import * as v from 'valibot';
import { LIMITS } from '../domain/limits';
import { type AccessLevel, AccessLevelSchema, Cents, Count, Id, IsoDate, PLAN_TYPES, PlanTypeSchema, atMost, cleanText } from './shared';

export const TRANSACTION_TYPES = ['payment_succeeded', 'payment_failed', 'subscription_created', 'subscription_canceled'] as const;

const TransactionSchema = v.object({
  id: v.string(),
  type: v.picklist(TRANSACTION_TYPES),
  userName: v.string(),
  description: v.string(),
  amount: Cents,
  status: v.string(),
  createdAt: IsoDate,
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

export const BillingOverviewSchema = v.object({
  totalUsers: Count,
  subscribedUsers: Count,
  subscriptionBreakdown: v.object({ pro: Count, lite: Count, trial: Count, free: Count }),
  unpaidInvoices: Count,
  recentTransactions: v.array(TransactionSchema),
});
export type BillingOverview = v.InferOutput<typeof BillingOverviewSchema>;

export const UserIdRequestSchema = v.object({ userId: Id('userId') });

const SubscriptionSchema = v.object({
  planType: PlanTypeSchema,
  status: v.string(),
  currentPeriodStart: IsoDate,
  currentPeriodEnd: IsoDate,
  cancelAtPeriodEnd: v.boolean(),
  /** A plan change set for the end of the period (a downgrade), and when it happens: an extension of SPEC §3. */
  scheduledPlanType: v.optional(v.nullable(PlanTypeSchema)),
  scheduledChangeAt: v.optional(v.nullable(IsoDate)),
});
export type Subscription = v.InferOutput<typeof SubscriptionSchema>;

const PaymentMethodSchema = v.object({
  id: v.string(),
  last4: v.string(),
  brand: v.string(),
  expMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expYear: v.pipe(v.number(), v.integer()),
  isDefault: v.boolean(),
  createdAt: IsoDate,
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>;

const InvoiceSchema = v.object({
  id: v.string(),
  number: v.string(),
  status: v.string(),
  created: IsoDate,
  amountPaid: Cents,
  hostedInvoiceUrl: v.nullable(v.string()),
  invoicePdf: v.nullable(v.string()),
});
export type Invoice = v.InferOutput<typeof InvoiceSchema>;

export const UserBillingSchema = v.object({
  userId: v.string(),
  name: v.string(),
  email: v.string(),
  /** pro, lite or trial; anything else means free (SPEC §3): a level the console does not know reads as free. */
  accessLevel: v.pipe(
    v.string(),
    v.transform((level): AccessLevel => (v.is(AccessLevelSchema, level) ? level : 'free')),
  ),
  trialDaysRemaining: Count,
  subscription: v.nullable(SubscriptionSchema),
  paymentMethods: v.array(PaymentMethodSchema),
  recentInvoices: v.array(InvoiceSchema),
});
export type UserBilling = v.InferOutput<typeof UserBillingSchema>;

export const HostedUrlResponseSchema = v.object({ hostedUrl: v.string() });

/** Unix seconds (Stripe's `proration_date`), as the price preview gave them. */
const ProrationDate = v.pipe(
  v.number('prorationDate must be a number of seconds'),
  v.integer('prorationDate must be a whole number of seconds'),
  v.minValue(0, 'prorationDate must be a time in seconds since 1970'),
  v.maxValue(99_999_999_999, 'prorationDate must be a time in seconds since 1970'),
);

/**
 * `prorationDate` (an extension of SPEC §7): the preview's, so that an upgrade charges what the
 * preview showed. Without it the change is priced as of the moment it arrives.
 */
export const UpdateSubscriptionRequestSchema = v.object({
  planType: v.picklist(PLAN_TYPES, 'planType must be lite or pro'),
  prorationDate: v.optional(ProrationDate),
});
export type UpdateSubscriptionRequest = v.InferInput<typeof UpdateSubscriptionRequestSchema>;

/** POST /api/admin/billing/preview-subscription?userId= (an extension of SPEC §7): what choosing a plan would do. */
export const PreviewSubscriptionRequestSchema = v.object({ planType: v.picklist(PLAN_TYPES, 'planType must be lite or pro') });

/**
 * The kinds of plan change: `start` a paid subscription (charged in full now), `upgrade` (the
 * prorated difference now), `downgrade` (at the period's end, nothing now), `keep` the current plan
 * (a scheduled change withdrawn, nothing now).
 */
export const PLAN_CHANGE_KINDS = ['start', 'upgrade', 'downgrade', 'keep'] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

export const SubscriptionPreviewSchema = v.object({
  planType: PlanTypeSchema,
  kind: v.picklist(PLAN_CHANGE_KINDS),
  /** Charged when the change is confirmed, in cents. */
  amountDueToday: Cents,
  prorated: v.boolean(),
  /** The plan's monthly price afterwards, and the date it is first charged. */
  recurringAmount: Cents,
  recurringFrom: IsoDate,
  /** When the member is on the new plan. */
  effectiveAt: IsoDate,
  /** What to send back with update-subscription so that the charge is the previewed one (upgrades). */
  prorationDate: v.nullable(v.pipe(v.number(), v.integer())),
  /** The member has no card yet: confirming opens the payment step first. */
  requiresPayment: v.boolean(),
});
export type SubscriptionPreview = v.InferOutput<typeof SubscriptionPreviewSchema>;

/**
 * POST /api/admin/billing/invoice-link (an extension of SPEC §7): a fresh link to an invoice's
 * hosted page or PDF, asked for as it is opened (links expire).
 */
export const InvoiceLinkRequestSchema = v.object({
  userId: Id('userId'),
  invoiceId: Id('invoiceId'),
  format: v.picklist(['page', 'pdf'], 'format must be page or pdf'),
});
export type InvoiceLinkRequest = v.InferOutput<typeof InvoiceLinkRequestSchema>;
export const InvoiceLinkResponseSchema = v.object({ url: v.string() });
export const UpdateSubscriptionResponseSchema = v.object({
  requiresPayment: v.optional(v.boolean(), false),
  clientSecret: v.optional(v.string()),
  message: v.optional(v.string()),
});
export type UpdateSubscriptionResponse = v.InferOutput<typeof UpdateSubscriptionResponseSchema>;

export const CompleteSubscriptionRequestSchema = v.object({
  setupIntentId: Id('setupIntentId'),
  planType: v.picklist(PLAN_TYPES, 'planType must be lite or pro'),
});

export const CancelSubscriptionRequestSchema = v.object({
  userId: Id('userId'),
  cancelAtPeriodEnd: v.boolean('cancelAtPeriodEnd must be true or false'),
  reason: v.optional(
    v.pipe(v.string('reason must be text'), atMost('reason', LIMITS.cancellationReason), cleanText('reason', { multiline: true })),
  ),
});
