/** Billing data for view and model tests, in the shapes of src/contract/api.ts. */
import type { BillingOverview, SubscriptionPreview, UserBilling } from '../../../src/contract/api';

export const OVERVIEW: BillingOverview = {
  totalUsers: 42,
  subscribedUsers: 30,
  subscriptionBreakdown: { pro: 12, lite: 15, trial: 3, free: 12 },
  unpaidInvoices: 2,
  recentTransactions: [
    {
      id: 'tx1',
      type: 'payment_succeeded',
      userName: 'Ana Diaz',
      description: 'Hardline Pro - monthly',
      amount: 12999,
      status: 'succeeded',
      createdAt: '2026-01-05T15:00:00.000Z',
    },
    {
      id: 'tx2',
      type: 'payment_failed',
      userName: 'Bo Chen',
      description: 'Hardline Lite - monthly',
      amount: 4999,
      status: 'failed',
      createdAt: '2026-01-04T15:00:00.000Z',
    },
    {
      id: 'tx3',
      type: 'subscription_created',
      userName: 'Cy Ortiz',
      description: 'Hardline Lite subscription started',
      amount: 4999,
      status: 'pending',
      createdAt: '2026-01-03T15:00:00.000Z',
    },
    {
      id: 'tx4',
      type: 'subscription_canceled',
      userName: 'Di Park',
      description: 'Hardline Pro canceled',
      amount: 0,
      status: 'succeeded',
      createdAt: '2026-01-02T15:00:00.000Z',
    },
  ],
};

export const EMPTY_OVERVIEW: BillingOverview = {
  totalUsers: 0,
  subscribedUsers: 0,
  subscriptionBreakdown: { pro: 0, lite: 0, trial: 0, free: 0 },
  unpaidInvoices: 0,
  recentTransactions: [],
};

export const LITE_USER: UserBilling = {
  userId: 'u-lite',
  name: 'Lena Lite',
  email: 'lena@example.com',
  accessLevel: 'lite',
  trialDaysRemaining: 0,
  subscription: {
    planType: 'lite',
    status: 'active',
    currentPeriodStart: '2026-01-05T12:00:00.000Z',
    currentPeriodEnd: '2026-02-05T12:00:00.000Z',
    cancelAtPeriodEnd: false,
  },
  paymentMethods: [
    { id: 'pm1', last4: '4242', brand: 'visa', expMonth: 12, expYear: 2029, isDefault: true, createdAt: '2025-11-01T12:00:00.000Z' },
  ],
  recentInvoices: [
    {
      id: 'in1',
      number: 'HL-0001',
      status: 'paid',
      created: '2026-01-05T12:00:00.000Z',
      amountPaid: 4999,
      hostedInvoiceUrl: 'https://billing.example.com/i/in1',
      invoicePdf: 'https://billing.example.com/i/in1.pdf',
    },
    {
      id: 'in2',
      number: 'HL-0002',
      status: 'open',
      created: '2025-12-05T12:00:00.000Z',
      amountPaid: 0,
      hostedInvoiceUrl: null,
      invoicePdf: null,
    },
  ],
};

export const SCHEDULED_USER: UserBilling = {
  ...LITE_USER,
  userId: 'u-sched',
  name: 'Sam Scheduled',
  accessLevel: 'pro',
  subscription: { ...(LITE_USER.subscription as NonNullable<UserBilling['subscription']>), planType: 'pro', cancelAtPeriodEnd: true },
};

export const TRIAL_USER: UserBilling = {
  userId: 'u-trial',
  name: 'Tia Trial',
  email: 'tia@example.com',
  accessLevel: 'trial',
  trialDaysRemaining: 9,
  subscription: null,
  paymentMethods: [],
  recentInvoices: [],
};

/** Pro, moving to Lite at the end of the period (a scheduled downgrade). */
export const DOWNGRADING_USER: UserBilling = {
  ...LITE_USER,
  userId: 'u-down',
  name: 'Dee Downgrade',
  accessLevel: 'pro',
  subscription: {
    ...(LITE_USER.subscription as NonNullable<UserBilling['subscription']>),
    planType: 'pro',
    scheduledPlanType: 'lite',
    scheduledChangeAt: '2026-02-05T12:00:00.000Z',
  },
};

/** Price previews as the API answers them (POST /api/admin/billing/preview-subscription). */
export const PREVIEWS = {
  upgrade: {
    planType: 'pro',
    kind: 'upgrade',
    amountDueToday: 5333,
    prorated: true,
    recurringAmount: 12999,
    recurringFrom: '2026-02-05T12:00:00.000Z',
    effectiveAt: '2026-01-15T12:00:00.000Z',
    prorationDate: 1768478400,
    requiresPayment: false,
  },
  startWithoutCard: {
    planType: 'pro',
    kind: 'start',
    amountDueToday: 12999,
    prorated: false,
    recurringAmount: 12999,
    recurringFrom: '2026-02-15T12:00:00.000Z',
    effectiveAt: '2026-01-15T12:00:00.000Z',
    prorationDate: null,
    requiresPayment: true,
  },
  downgrade: {
    planType: 'lite',
    kind: 'downgrade',
    amountDueToday: 0,
    prorated: false,
    recurringAmount: 4999,
    recurringFrom: '2026-02-05T12:00:00.000Z',
    effectiveAt: '2026-02-05T12:00:00.000Z',
    prorationDate: null,
    requiresPayment: false,
  },
  keep: {
    planType: 'pro',
    kind: 'keep',
    amountDueToday: 0,
    prorated: false,
    recurringAmount: 12999,
    recurringFrom: '2026-02-05T12:00:00.000Z',
    effectiveAt: '2026-01-15T12:00:00.000Z',
    prorationDate: null,
    requiresPayment: false,
  },
} as const satisfies Record<string, SubscriptionPreview>;
