/**
 * Billing reads, from the mirror (mirror.ts). Every function takes the caller's organisation id and
 * filters by it. The writes are in changes.ts.
 *
 * Access level (one bucket per member, used by the overview breakdown and the user billing view):
 * the rule of access.ts. Subscribed users are members whose subscription is active, trialing or
 * past_due.
 */
import type { BillingOverview, Invoice, PaymentMethod, PlanType, Subscription, Transaction, UserBilling } from '../../src/contract/api';
import { ApiError } from '../core/module';
import type { TallyReadOptions } from './tallies';
import { accessLevelSql, type AccessLevel } from './access';
import { accessFigures, unpaidInvoices } from '../figures';
import type { Db } from './db';
import { invoiceLinkFor, type InvoiceFormat } from './links';
import type { BillingProvider } from './provider';

const DAY_MS = 86_400_000;

function trialDaysRemaining(endsAt: Date | null, now: Date): number {
  if (!endsAt) return 0;
  return Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / DAY_MS));
}

export interface MemberRef {
  id: string;
  name: string;
  email: string;
}

// ---------------------------------------------------------------------------------------------
// Reads
// ---------------------------------------------------------------------------------------------

/**
 * The overview: the counts (server/figures: the figures every screen and the Assistant read, from the tallies the database keeps, plus the open trials) and
 * the newest transactions. `tallies` is for the caller's read-only snapshot: it compacts crowded
 * tallies afterwards instead of here.
 */
export async function billingOverview(db: Db, orgId: string, now: Date, tallies: TallyReadOptions = {}): Promise<BillingOverview> {
  const { totalUsers, subscribedUsers, pro, lite, trial, free } = await accessFigures(db, orgId, now, tallies);
  const { unpaid } = await unpaidInvoices(db, orgId, tallies);
  const { rows: recent } = await db.query<{
    id: string;
    type: Transaction['type'];
    user_name: string;
    description: string;
    amount: number;
    status: string;
    created_at: Date;
  }>(
    // Each transaction under the member's name when it was made (kept on the row): history reads the
    // same after the member is renamed or deleted.
    `SELECT x.id, x.type, x.member_name AS user_name, x.description, x.amount, x.status, x.created_at
       FROM transactions x
      WHERE x.org_id = $1
      ORDER BY x.created_at DESC, x.id DESC
      LIMIT 10`,
    [orgId],
  );
  return {
    totalUsers,
    subscribedUsers,
    subscriptionBreakdown: { pro, lite, trial, free },
    unpaidInvoices: unpaid,
    recentTransactions: recent.map((r) => ({
      id: r.id,
      type: r.type,
      userName: r.user_name,
      description: r.description,
      amount: r.amount,
      status: r.status,
      createdAt: r.created_at.toISOString(),
    })),
  };
}

export async function userBilling(db: Db, orgId: string, userId: string, now: Date, apiOrigin: string): Promise<UserBilling> {
  const { rows } = await db.query<
    MemberRef & { level: AccessLevel; trial_ends_at: Date | null } & Partial<Record<'plan_type' | 'status', string>> & {
        current_period_start: Date | null;
        current_period_end: Date | null;
        cancel_at_period_end: boolean | null;
        scheduled_plan_type: PlanType | null;
        scheduled_change_at: Date | null;
      }
  >(
    `SELECT m.id, m.name, m.email, ${accessLevelSql('$3')} AS level,
            COALESCE(CASE WHEN t.converted_at IS NULL THEN t.ends_at END,
                     CASE WHEN s.status = 'trialing' THEN s.current_period_end END) AS trial_ends_at,
            s.plan_type, s.status, s.current_period_start, s.current_period_end, s.cancel_at_period_end,
            s.scheduled_plan_type, s.scheduled_change_at
       FROM members m
       LEFT JOIN subscriptions s ON s.member_id = m.id AND s.org_id = m.org_id
       LEFT JOIN trials t ON t.member_id = m.id AND t.org_id = m.org_id
      WHERE m.id = $1 AND m.org_id = $2`,
    [userId, orgId, now],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, 'User not found');

  const { rows: methods } = await db.query<{
    id: string;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    is_default: boolean;
    created_at: Date;
  }>(
    `SELECT id, brand, last4, exp_month, exp_year, is_default, created_at FROM payment_methods
      WHERE member_id = $1 AND org_id = $2 ORDER BY is_default DESC, created_at DESC, id`,
    [userId, orgId],
  );
  const { rows: invoices } = await db.query<InvoiceLinkRow & { number: string; status: string; created_at: Date; amount_paid: number }>(
    `SELECT id, number, status, created_at, amount_paid, has_hosted_page, has_pdf, provider, hosted_invoice_url, invoice_pdf FROM invoices
      WHERE member_id = $1 AND org_id = $2 ORDER BY created_at DESC, id DESC LIMIT 10`,
    [userId, orgId],
  );

  const subscription: Subscription | null =
    row.plan_type && row.status && row.current_period_start && row.current_period_end
      ? {
          planType: row.plan_type as PlanType,
          status: row.status,
          currentPeriodStart: row.current_period_start.toISOString(),
          currentPeriodEnd: row.current_period_end.toISOString(),
          cancelAtPeriodEnd: row.cancel_at_period_end ?? false,
          scheduledPlanType: row.scheduled_plan_type,
          scheduledChangeAt: row.scheduled_change_at?.toISOString() ?? null,
        }
      : null;
  const paymentMethods: PaymentMethod[] = methods.map((m) => ({
    id: m.id,
    last4: m.last4,
    brand: m.brand,
    expMonth: m.exp_month,
    expYear: m.exp_year,
    isDefault: m.is_default,
    createdAt: m.created_at.toISOString(),
  }));
  const recentInvoices: Invoice[] = await Promise.all(
    invoices.map(async (i) => ({
      id: i.id,
      number: i.number,
      status: i.status,
      created: i.created_at.toISOString(),
      amountPaid: i.amount_paid,
      hostedInvoiceUrl: await listedLink(db, apiOrigin, i, 'page', now),
      invoicePdf: await listedLink(db, apiOrigin, i, 'pdf', now),
    })),
  );
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    accessLevel: row.level,
    trialDaysRemaining: row.level === 'trial' ? trialDaysRemaining(row.trial_ends_at, now) : 0,
    subscription,
    paymentMethods,
    recentInvoices,
  };
}

interface InvoiceLinkRow {
  id: string;
  has_hosted_page: boolean;
  has_pdf: boolean;
  provider: string;
  hosted_invoice_url: string | null;
  invoice_pdf: string | null;
}

/**
 * The invoice's page or PDF as the member's billing lists it: the provider's own link (Stripe's),
 * or a link to the local page signed now (links.ts); null where the invoice has none.
 */
async function listedLink(db: Db, apiOrigin: string, invoice: InvoiceLinkRow, format: InvoiceFormat, now: Date): Promise<string | null> {
  if (!(format === 'page' ? invoice.has_hosted_page : invoice.has_pdf)) return null;
  if (invoice.provider === 'local') return invoiceLinkFor(db, apiOrigin, invoice.id, format, now);
  return format === 'page' ? invoice.hosted_invoice_url : invoice.invoice_pdf;
}

/**
 * A fresh link to one of the member's invoices, asked for as the console opens it: signed anew for
 * the local provider's pages; Stripe's current one for its invoices (its links expire too). 404 when
 * the invoice is not the member's or has no such link.
 */
export async function freshInvoiceLink(
  db: Db,
  provider: BillingProvider,
  apiOrigin: string,
  orgId: string,
  userId: string,
  invoiceId: string,
  format: InvoiceFormat,
  now: Date,
): Promise<string> {
  const { rows } = await db.query<InvoiceLinkRow>(
    `SELECT id, has_hosted_page, has_pdf, provider, hosted_invoice_url, invoice_pdf FROM invoices
      WHERE id = $1 AND member_id = $2 AND org_id = $3`,
    [invoiceId, userId, orgId],
  );
  const invoice = rows[0];
  const missing = new ApiError(404, format === 'page' ? 'This invoice has no hosted page' : 'This invoice has no PDF', 'invoiceId');
  if (!invoice || !(format === 'page' ? invoice.has_hosted_page : invoice.has_pdf)) throw missing;
  if (invoice.provider === provider.kind && provider.kind !== 'local') {
    const url = await provider.invoiceLink({ id: invoice.id, orgId }, format);
    if (!url) throw missing;
    return url;
  }
  const url = await listedLink(db, apiOrigin, invoice, format, now);
  if (!url) throw missing;
  return url;
}
