/**
 * Billing reads and writes. Every function takes the caller's organisation id and filters by it;
 * writes are called inside a transaction by the routes, take the caller (`AuditActor`: the
 * organisation and the administrator's member id) and record what they changed in the activity
 * trail in that transaction (server/audit).
 *
 * Access level (one bucket per member, used by the overview breakdown and the user billing view):
 * the rule of access.ts. Subscribed users are members whose subscription is active, trialing or
 * past_due.
 */
import type { BillingOverview, Invoice, PaymentMethod, PlanType, Subscription, Transaction, UserBilling } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import { ApiError } from '../core/module';
import { recordAudit, type AuditActor } from '../audit';
import type { AuditValues } from '../../src/contract/audit';
import type { TallyReadOptions } from './tallies';
import { accessLevelSql, isPaidStatus, type AccessLevel } from './access';
import { accessFigures, unpaidInvoices } from '../figures';
import type { Db } from './db';
import { invoicePrefix, newId } from './ids';
import { SETUP_INTENT_TTL_MS } from './schema';

const DAY_MS = 86_400_000;

/** Adds calendar months the way the provider bills: same day of month, clamped to its length. */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

function trialDaysRemaining(endsAt: Date | null, now: Date): number {
  if (!endsAt) return 0;
  return Math.max(0, Math.floor((endsAt.getTime() - now.getTime()) / DAY_MS));
}

export interface MemberRef {
  id: string;
  name: string;
  email: string;
}

export async function findMember(db: Db, orgId: string, userId: string): Promise<MemberRef> {
  const { rows } = await db.query<MemberRef>('SELECT id, name, email FROM members WHERE id = $1 AND org_id = $2', [userId, orgId]);
  const member = rows[0];
  if (!member) throw new ApiError(404, 'User not found');
  return member;
}

/**
 * The member, with their row locked until the transaction ends: the billing writes of one member
 * (update, complete, cancel) run one after the other, and each reads what the previous one
 * committed (READ COMMITTED takes a new snapshot per statement). NO KEY UPDATE, not UPDATE: rows of
 * other tables that merely reference the member (FOR KEY SHARE) are not held up; deleting the
 * member waits.
 */
export async function lockMember(db: Db, orgId: string, userId: string): Promise<MemberRef> {
  const { rows } = await db.query<MemberRef>('SELECT id, name, email FROM members WHERE id = $1 AND org_id = $2 FOR NO KEY UPDATE', [
    userId,
    orgId,
  ]);
  const member = rows[0];
  if (!member) throw new ApiError(404, 'User not found');
  return member;
}

interface SubscriptionRow {
  id: string;
  plan_type: PlanType;
  status: 'active' | 'trialing' | 'past_due' | 'canceled';
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
}

/** A subscription as the activity trail shows it (null: none). */
function subscriptionValues(subscription: SubscriptionRow | null): AuditValues | null {
  if (!subscription) return null;
  return { planType: subscription.plan_type, status: subscription.status, cancelAtPeriodEnd: subscription.cancel_at_period_end };
}

async function findSubscription(db: Db, orgId: string, memberId: string): Promise<SubscriptionRow | null> {
  const { rows } = await db.query<SubscriptionRow>(
    `SELECT id, plan_type, status, current_period_start, current_period_end, cancel_at_period_end
       FROM subscriptions WHERE member_id = $1 AND org_id = $2`,
    [memberId, orgId],
  );
  return rows[0] ?? null;
}

async function countPaymentMethods(db: Db, orgId: string, memberId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM payment_methods WHERE member_id = $1 AND org_id = $2', [
    memberId,
    orgId,
  ]);
  return rows[0]?.n ?? 0;
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
      }
  >(
    `SELECT m.id, m.name, m.email, ${accessLevelSql('$3')} AS level,
            COALESCE(CASE WHEN t.converted_at IS NULL THEN t.ends_at END,
                     CASE WHEN s.status = 'trialing' THEN s.current_period_end END) AS trial_ends_at,
            s.plan_type, s.status, s.current_period_start, s.current_period_end, s.cancel_at_period_end
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
  const { rows: invoices } = await db.query<{
    id: string;
    number: string;
    status: string;
    created_at: Date;
    amount_paid: number;
    has_hosted_page: boolean;
    has_pdf: boolean;
  }>(
    `SELECT id, number, status, created_at, amount_paid, has_hosted_page, has_pdf FROM invoices
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
  const recentInvoices: Invoice[] = invoices.map((i) => ({
    id: i.id,
    number: i.number,
    status: i.status,
    created: i.created_at.toISOString(),
    amountPaid: i.amount_paid,
    hostedInvoiceUrl: i.has_hosted_page ? hostedInvoiceUrl(apiOrigin, i.id) : null,
    invoicePdf: i.has_pdf ? invoicePdfUrl(apiOrigin, i.id) : null,
  }));
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

function hostedInvoiceUrl(apiOrigin: string, invoiceId: string): string {
  return `${apiOrigin}/hosted/invoices/${invoiceId}`;
}

function invoicePdfUrl(apiOrigin: string, invoiceId: string): string {
  return `${apiOrigin}/hosted/invoices/${invoiceId}.pdf`;
}

// ---------------------------------------------------------------------------------------------
// Writes (call inside a transaction)
// ---------------------------------------------------------------------------------------------

async function nextInvoiceNumber(db: Db, orgId: string, memberId: string): Promise<string> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM invoices WHERE member_id = $1 AND org_id = $2', [
    memberId,
    orgId,
  ]);
  return `${invoicePrefix(memberId)}-${String((rows[0]?.n ?? 0) + 1).padStart(4, '0')}`;
}

/** Writes a paid invoice for one period of a plan and the payment_succeeded transaction. */
async function chargePlan(db: Db, orgId: string, member: MemberRef, plan: PlanType, now: Date, description: string): Promise<void> {
  const price = PLANS[plan].priceCents;
  const invoiceId = newId('in');
  const number = await nextInvoiceNumber(db, orgId, member.id);
  await db.query(
    `INSERT INTO invoices (id, org_id, member_id, member_name, member_email, number, status, plan_type, amount_due, amount_paid, has_hosted_page, has_pdf, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'paid', $7, $8, $8, true, true, $9)`,
    [invoiceId, orgId, member.id, member.name, member.email, number, plan, price, now],
  );
  await recordTransaction(db, orgId, member, 'payment_succeeded', 'succeeded', price, description, now, invoiceId);
}

async function recordTransaction(
  db: Db,
  orgId: string,
  member: MemberRef,
  type: Transaction['type'],
  status: 'succeeded' | 'failed' | 'pending',
  amount: number,
  description: string,
  at: Date,
  invoiceId: string | null = null,
): Promise<void> {
  await db.query(
    `INSERT INTO transactions (id, org_id, member_id, member_name, type, status, amount, description, invoice_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [newId('txn'), orgId, member.id, member.name, type, status, amount, description, invoiceId, at],
  );
}

/**
 * Starts a new paid period of `plan` now (a new subscription, a converted trial, a restarted
 * canceled subscription or a plan change). No proration: the period restarts today, the full
 * price of the new plan is charged, and any scheduled cancellation is cleared. Recorded in the
 * activity trail as the plan change it is.
 */
async function startPaidPeriod(
  db: Db,
  actor: AuditActor,
  member: MemberRef,
  plan: PlanType,
  now: Date,
  existing: SubscriptionRow | null,
): Promise<void> {
  const { orgId } = actor;
  const periodEnd = addMonths(now, 1);
  if (existing) {
    await db.query(
      `UPDATE subscriptions SET plan_type = $3, status = 'active', current_period_start = $4, current_period_end = $5,
              cancel_at_period_end = false, cancellation_reason = NULL, canceled_at = NULL, updated_at = $4
        WHERE id = $1 AND org_id = $2`,
      [existing.id, orgId, plan, now, periodEnd],
    );
  } else {
    await db.query(
      `INSERT INTO subscriptions (id, org_id, member_id, plan_type, status, current_period_start, current_period_end, created_at, updated_at)
       VALUES ($1, $2, $3, $4, 'active', $5, $6, $5, $5)`,
      [newId('sub'), orgId, member.id, plan, now, periodEnd],
    );
  }
  await db.query('UPDATE trials SET converted_at = $3 WHERE member_id = $1 AND org_id = $2 AND converted_at IS NULL', [
    member.id,
    orgId,
    now,
  ]);
  // The member pays now: payment setups still open were made for a member who did not, so none
  // of them may start another paid period.
  await db.query(
    `UPDATE setup_intents SET status = 'canceled' WHERE member_id = $1 AND org_id = $2 AND status = 'requires_payment_method'`,
    [member.id, orgId],
  );
  await recordAudit(db, actor, {
    kind: 'subscription.plan_changed',
    member,
    before: subscriptionValues(existing),
    after: { planType: plan, status: 'active', cancelAtPeriodEnd: false },
  });
}

function isPayingStatus(subscription: SubscriptionRow | null): subscription is SubscriptionRow {
  return subscription !== null && isPaidStatus(subscription.status);
}

function isOpenAt(intent: { created_at: Date }, now: Date): boolean {
  return now.getTime() - intent.created_at.getTime() < SETUP_INTENT_TTL_MS;
}

/**
 * The client secret of the member's open setup intent for `plan`: the one already open when it is
 * younger than SETUP_INTENT_TTL_MS (asking twice, from two tabs or a double click, gives one payment
 * setup), else a new one (an expired one is canceled first; setup_intents_one_open allows one).
 */
async function openSetupIntent(db: Db, orgId: string, member: MemberRef, plan: PlanType, now: Date): Promise<string> {
  const { rows } = await db.query<{ id: string; client_secret: string; created_at: Date }>(
    `SELECT id, client_secret, created_at FROM setup_intents
      WHERE member_id = $1 AND org_id = $2 AND plan_type = $3 AND status = 'requires_payment_method' FOR UPDATE`,
    [member.id, orgId, plan],
  );
  const open = rows[0];
  if (open && isOpenAt(open, now)) return open.client_secret;
  if (open) await db.query(`UPDATE setup_intents SET status = 'canceled' WHERE id = $1 AND org_id = $2`, [open.id, orgId]);
  const id = newId('seti');
  const clientSecret = `${id}_secret_${newId('s').slice(2)}`;
  await db.query(
    `INSERT INTO setup_intents (id, org_id, member_id, client_secret, plan_type, status, created_at)
     VALUES ($1, $2, $3, $4, $5, 'requires_payment_method', $6)`,
    [id, orgId, member.id, clientSecret, plan, now],
  );
  return clientSecret;
}

export type UpdateSubscriptionResult =
  { requiresPayment: true; clientSecret: string; message: string } | { requiresPayment: false; message: string };

export async function updateSubscription(
  db: Db,
  actor: AuditActor,
  userId: string,
  plan: PlanType,
  now: Date,
): Promise<UpdateSubscriptionResult> {
  const { orgId } = actor;
  const member = await lockMember(db, orgId, userId);
  const current = await findSubscription(db, orgId, member.id);
  const planName = PLANS[plan].name;
  const isPaying = isPayingStatus(current);

  if (isPaying && current.plan_type === plan) {
    throw new ApiError(400, `${member.name} is already on ${planName}.`, 'planType');
  }

  if (!isPaying && (await countPaymentMethods(db, orgId, member.id)) === 0) {
    return {
      requiresPayment: true,
      clientSecret: await openSetupIntent(db, orgId, member, plan, now),
      message: `A payment method is required to move ${member.name} to ${planName}.`,
    };
  }

  if (isPaying) {
    const from = PLANS[current.plan_type].name;
    await startPaidPeriod(db, actor, member, plan, now, current);
    await chargePlan(db, orgId, member, plan, now, `Plan changed from ${from} to ${planName}`);
    return { requiresPayment: false, message: `Subscription updated to ${planName}` };
  }

  await startPaidPeriod(db, actor, member, plan, now, current);
  await recordTransaction(
    db,
    orgId,
    member,
    'subscription_created',
    'succeeded',
    PLANS[plan].priceCents,
    `${planName} subscription started`,
    now,
  );
  await chargePlan(db, orgId, member, plan, now, `${planName} - first month`);
  return { requiresPayment: false, message: `Subscription to ${planName} started` };
}

/**
 * Completes the payment setup that updateSubscription started: attaches the card and starts the
 * paid period, once. The member row is locked first, so two completions (the same setup twice, or
 * two setups of the member) run one after the other and the second sees the first's subscription:
 *   404 the setup is not this member's · 409 it was used already · 400 another plan
 *   409 the member is subscribed already (nothing is charged) · 409 it expired or was replaced.
 */
export async function completeSubscription(
  db: Db,
  actor: AuditActor,
  userId: string,
  setupIntentId: string,
  plan: PlanType,
  now: Date,
): Promise<{ message: string }> {
  const { orgId } = actor;
  const member = await lockMember(db, orgId, userId);
  const { rows } = await db.query<{ id: string; plan_type: PlanType; status: string; created_at: Date; used_at: Date | null }>(
    'SELECT id, plan_type, status, created_at, used_at FROM setup_intents WHERE id = $1 AND org_id = $2 AND member_id = $3 FOR UPDATE',
    [setupIntentId, orgId, member.id],
  );
  const intent = rows[0];
  if (!intent) throw new ApiError(404, 'Setup intent not found for this user', 'setupIntentId');
  if (intent.used_at || intent.status === 'succeeded') {
    throw new ApiError(409, 'This payment setup has already been used', 'setupIntentId');
  }
  if (intent.plan_type !== plan) {
    throw new ApiError(400, `planType must match the plan of the payment setup (${intent.plan_type})`, 'planType');
  }
  const current = await findSubscription(db, orgId, member.id);
  const planName = PLANS[plan].name;
  if (isPayingStatus(current)) {
    const subscribedTo = PLANS[current.plan_type].name;
    throw new ApiError(
      409,
      current.plan_type === plan
        ? `${member.name} is already subscribed to ${subscribedTo}. Nothing was charged.`
        : `${member.name} is already subscribed to ${subscribedTo}. Nothing was charged; use Update Subscription to change the plan.`,
      'setupIntentId',
    );
  }
  if (intent.status !== 'requires_payment_method' || !isOpenAt(intent, now)) {
    throw new ApiError(409, 'This payment setup has expired. Choose the plan again to start a new one.', 'setupIntentId');
  }
  await db.query(`UPDATE setup_intents SET status = 'succeeded', used_at = $3 WHERE id = $1 AND org_id = $2`, [intent.id, orgId, now]);

  // The provider would attach the card collected by the Payment Element; the stand-in attaches its test card.
  await db.query('UPDATE payment_methods SET is_default = false WHERE member_id = $1 AND org_id = $2', [member.id, orgId]);
  await db.query(
    `INSERT INTO payment_methods (id, org_id, member_id, brand, last4, exp_month, exp_year, is_default, created_at)
     VALUES ($1, $2, $3, 'visa', '4242', 12, $4, true, $5)`,
    [newId('pm'), orgId, member.id, now.getUTCFullYear() + 3, now],
  );

  await startPaidPeriod(db, actor, member, plan, now, current);
  await recordTransaction(
    db,
    orgId,
    member,
    'subscription_created',
    'succeeded',
    PLANS[plan].priceCents,
    `${planName} subscription started`,
    now,
  );
  await chargePlan(db, orgId, member, plan, now, `${planName} - first month`);
  return { message: `Payment method saved and subscription to ${planName} activated` };
}

export async function cancelSubscription(
  db: Db,
  actor: AuditActor,
  userId: string,
  cancelAtPeriodEnd: boolean,
  reason: string | undefined,
  now: Date,
): Promise<{ message: string }> {
  const { orgId } = actor;
  const member = await lockMember(db, orgId, userId);
  const current = await findSubscription(db, orgId, member.id);
  if (!current || current.status === 'canceled') {
    throw new ApiError(400, `${member.name} has no subscription to cancel`, 'userId');
  }
  const cleanReason = reason?.trim() ? reason.trim() : null;
  const before = subscriptionValues(current);
  const reasonValue: AuditValues = cleanReason ? { reason: cleanReason } : {};
  if (cancelAtPeriodEnd) {
    if (current.cancel_at_period_end)
      throw new ApiError(400, 'Cancellation is already scheduled for the end of the period', 'cancelAtPeriodEnd');
    await db.query(
      `UPDATE subscriptions SET cancel_at_period_end = true, cancellation_reason = $3, updated_at = $4 WHERE id = $1 AND org_id = $2`,
      [current.id, orgId, cleanReason, now],
    );
    await recordAudit(db, actor, {
      kind: 'subscription.canceled',
      member,
      before,
      after: { ...before, cancelAtPeriodEnd: true, ...reasonValue },
    });
    return { message: 'Subscription will cancel at period end' };
  }
  if (current.cancel_at_period_end) {
    await db.query(
      `UPDATE subscriptions SET cancel_at_period_end = false, cancellation_reason = NULL, updated_at = $3 WHERE id = $1 AND org_id = $2`,
      [current.id, orgId, now],
    );
    await recordAudit(db, actor, { kind: 'subscription.reactivated', member, before, after: { ...before, cancelAtPeriodEnd: false } });
    return { message: 'Subscription reactivated' };
  }
  await db.query(
    `UPDATE subscriptions SET status = 'canceled', cancel_at_period_end = false, cancellation_reason = $3, canceled_at = $4, updated_at = $4
      WHERE id = $1 AND org_id = $2`,
    [current.id, orgId, cleanReason, now],
  );
  await recordAudit(db, actor, {
    kind: 'subscription.canceled',
    member,
    before,
    after: { ...before, status: 'canceled', cancelAtPeriodEnd: false, ...reasonValue },
  });
  const planName = PLANS[current.plan_type].name;
  await recordTransaction(
    db,
    orgId,
    member,
    'subscription_canceled',
    'succeeded',
    0,
    cleanReason ? `${planName} canceled: ${cleanReason}` : `${planName} canceled`,
    now,
  );
  return { message: 'Subscription canceled' };
}
