/**
 * The local billing provider: the simulation `npm start` and every test that does not name Stripe
 * run on (docs/BILLING.md). It answers as a provider would (ids in Stripe's shapes, a card on a
 * confirmed setup, a paid invoice for every charge, the same proration arithmetic as Stripe), and
 * the billing module writes its answers to the mirror like Stripe's. It never charges anybody and
 * talks to nothing outside this process.
 *
 * Its hosted pages are the module's own (hosted.ts): the invoice page and PDF behind links signed
 * with an expiry (links.ts), and the payment-method page behind a one-hour token kept hashed in
 * `payment_method_sessions`, with the administrator who asked for it.
 *
 * What it does not simulate: renewals (a period never rolls over, so a cancellation or a plan
 * change scheduled for the period's end stays scheduled), failed payments, 3-D Secure.
 */
import type { PlanType } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import type { Db } from './db';
import { hashToken, invoicePrefix, newId, newToken } from './ids';
import { PAYMENT_METHOD_LINK_TTL_MS, invoiceLinkFor } from './links';
import { addMonths } from './dates';
import { proratedAmount } from './proration';
import type { BillingProvider, ProviderInvoice, ProviderSubscription } from './provider';

export interface LocalProviderOptions {
  db: Db;
  clock: () => Date;
  /** Where the hosted pages are served (the API's own origin). */
  apiOrigin: string;
}

async function nextInvoiceNumber(db: Db, orgId: string, memberId: string): Promise<string> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE member_id = $1 AND org_id = $2', [
    memberId,
    orgId,
  ]);
  return `${invoicePrefix(memberId)}-${String((rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

export function createLocalProvider({ db, clock, apiOrigin }: LocalProviderOptions): BillingProvider {
  const paidInvoice = async (
    customer: { orgId: string; memberId: string },
    plan: PlanType,
    amount: number,
    description: string,
    subscriptionId: string,
  ): Promise<ProviderInvoice> => ({
    id: newId('in'),
    number: await nextInvoiceNumber(db, customer.orgId, customer.memberId),
    status: 'paid',
    plan,
    amountDue: amount,
    amountPaid: amount,
    created: clock(),
    description,
    // The module serves every local invoice's page and PDF, behind links signed when they are read.
    hostedUrl: null,
    pdfUrl: null,
    subscriptionId,
    attemptCount: 1,
  });

  return {
    kind: 'local',

    async createCustomer() {
      return newId('cus');
    },

    async createSetupIntent() {
      const id = newId('seti');
      return { id, clientSecret: `${id}_secret_${newId('s').slice(2)}` };
    },

    async attachSetupCard() {
      // Stripe would hand over the card the Payment Element collected; the simulation's is its test card.
      const now = clock();
      return { id: newId('pm'), brand: 'visa', last4: '4242', expMonth: 12, expYear: now.getUTCFullYear() + 3, created: now };
    },

    async startSubscription({ customer, plan }) {
      const now = clock();
      const subscription: ProviderSubscription = {
        id: newId('sub'),
        itemId: null,
        plan,
        status: 'active',
        currentPeriodStart: now,
        currentPeriodEnd: addMonths(now, 1),
        cancelAtPeriodEnd: false,
        canceledAt: null,
        created: now,
        scheduled: null,
      };
      const price = PLANS[plan].priceCents;
      return { subscription, invoice: await paidInvoice(customer, plan, price, `${PLANS[plan].name} - 1 month`, subscription.id) };
    },

    async previewStart({ plan, now }) {
      const price = PLANS[plan].priceCents;
      return { amountDueToday: price, recurringAmount: price, recurringFrom: addMonths(now, 1) };
    },

    async previewUpgrade({ subscription, plan, prorationDate }) {
      return {
        amountDueToday: proratedAmount({
          oldPrice: PLANS[subscription.plan].priceCents,
          newPrice: PLANS[plan].priceCents,
          periodStart: subscription.currentPeriodStart,
          periodEnd: subscription.currentPeriodEnd,
          at: prorationDate,
        }),
        recurringAmount: PLANS[plan].priceCents,
        recurringFrom: subscription.currentPeriodEnd,
      };
    },

    async upgrade({ customer, subscription, plan, prorationDate }) {
      const amount = proratedAmount({
        oldPrice: PLANS[subscription.plan].priceCents,
        newPrice: PLANS[plan].priceCents,
        periodStart: subscription.currentPeriodStart,
        periodEnd: subscription.currentPeriodEnd,
        at: prorationDate,
      });
      const changed: ProviderSubscription = { ...subscription, plan, scheduled: null, cancelAtPeriodEnd: false };
      const description = `${PLANS[plan].name}, remaining time of the period (prorated)`;
      return { subscription: changed, invoice: await paidInvoice(customer, plan, amount, description, subscription.id) };
    },

    async scheduleChange({ subscription, plan }) {
      return { ...subscription, cancelAtPeriodEnd: false, scheduled: { plan, at: subscription.currentPeriodEnd, scheduleId: null } };
    },

    async withdrawChange(subscription) {
      return { ...subscription, scheduled: null };
    },

    async setCancelAtPeriodEnd(subscription, cancel) {
      // A cancellation at the period's end replaces a plan change scheduled for then.
      return { ...subscription, cancelAtPeriodEnd: cancel, scheduled: cancel ? null : subscription.scheduled };
    },

    async cancelNow(subscription) {
      return { ...subscription, status: 'canceled', cancelAtPeriodEnd: false, canceledAt: clock(), scheduled: null };
    },

    async priceOf(plan) {
      return PLANS[plan].priceCents;
    },

    async paymentMethodsLink({ customer, createdBy }) {
      const now = clock();
      const token = newToken();
      const expiresAt = new Date(now.getTime() + PAYMENT_METHOD_LINK_TTL_MS);
      await db.query('DELETE FROM payment_method_sessions WHERE expires_at <= $1', [now]);
      await db.query(
        `INSERT INTO payment_method_sessions (token_hash, org_id, member_id, created_by, expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [hashToken(token), customer.orgId, customer.memberId, createdBy, expiresAt, now],
      );
      return { url: `${apiOrigin}/hosted/payment-methods/${token}`, expiresAt };
    },

    async invoiceLink(invoice, format) {
      return invoiceLinkFor(db, apiOrigin, invoice.id, format, clock());
    },
  };
}
