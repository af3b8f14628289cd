/**
 * The local mirror of the provider's objects: `subscriptions`, `invoices`, `payment_methods`,
 * `transactions`, `setup_intents` and `billing_customers`, which the overview, the member's
 * billing page, the Assistant and the activity trail read. Written from the provider's answers to
 * our own calls (changes.ts) and from its webhooks (webhooks.ts), always inside a transaction that
 * holds the member's row (lockMember).
 *
 * Order: a subscription or invoice row remembers the time of the answer it holds (`synced_at`); an
 * older answer never overwrites a newer one, so a webhook delivered late cannot roll a change back.
 * A member has one subscription row: another subscription of theirs replaces it only when it was
 * made later (`provider_created_at`), so a late event about an old, canceled subscription leaves the
 * new one alone.
 *
 * Transactions made from a provider's objects have ids derived from them (`transactionId`), so the
 * answer to our call and the webhook about the same payment record it once.
 */
import { createHash } from 'node:crypto';
import type { PlanType, Transaction } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import type { AuditValues } from '../../src/contract/audit';
import type { Db } from './db';
import type { BillingProviderKind, CustomerRef, MirrorStatus, ProviderCard, ProviderInvoice, ProviderSubscription } from './provider';
import { SETUP_INTENT_TTL_MS } from './schema';

export interface MemberRef {
  id: string;
  name: string;
  email: string;
}

interface SubscriptionRow {
  id: string;
  provider: BillingProviderKind;
  plan_type: PlanType;
  status: MirrorStatus;
  current_period_start: Date;
  current_period_end: Date;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  created_at: Date;
  provider_item_id: string | null;
  provider_created_at: Date | null;
  scheduled_plan_type: PlanType | null;
  scheduled_change_at: Date | null;
  provider_schedule_id: string | null;
}

export interface CustomerRow {
  customer_id: string;
  subscriptions_started: number;
  setups_started: number;
}

/** What a change of a member's billing decides from. */
export interface MemberBilling {
  member: MemberRef;
  /** The member's customer at this provider, or null before the first one is made. */
  customer: CustomerRow | null;
  /** The member's subscription when this provider made it (a provider changes only its own). */
  subscription: ProviderSubscription | null;
  /** The member's subscription row whatever made it, as the activity trail shows it (null: none). */
  auditValues: AuditValues | null;
  /** The member's default card at this provider. */
  defaultCardId: string | null;
}

function toProviderSubscription(row: SubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    itemId: row.provider_item_id,
    plan: row.plan_type,
    status: row.status,
    currentPeriodStart: row.current_period_start,
    currentPeriodEnd: row.current_period_end,
    cancelAtPeriodEnd: row.cancel_at_period_end,
    canceledAt: row.canceled_at,
    created: row.provider_created_at ?? row.created_at,
    scheduled:
      row.scheduled_plan_type && row.scheduled_change_at
        ? { plan: row.scheduled_plan_type, at: row.scheduled_change_at, scheduleId: row.provider_schedule_id }
        : null,
  };
}

/** A subscription as the activity trail shows it. */
export function subscriptionValues(subscription: Pick<ProviderSubscription, 'plan' | 'status' | 'cancelAtPeriodEnd'>): AuditValues {
  return { planType: subscription.plan, status: subscription.status, cancelAtPeriodEnd: subscription.cancelAtPeriodEnd };
}

export function customerRef(orgId: string, memberId: string, customer: CustomerRow): CustomerRef {
  return { customerId: customer.customer_id, orgId, memberId };
}

export async function readMemberBilling(tx: Db, provider: BillingProviderKind, orgId: string, member: MemberRef): Promise<MemberBilling> {
  const { rows: customers } = await tx.query<CustomerRow>(
    'SELECT customer_id, subscriptions_started, setups_started FROM billing_customers WHERE member_id = $1 AND org_id = $2 AND provider = $3',
    [member.id, orgId, provider],
  );
  const { rows: subscriptions } = await tx.query<SubscriptionRow>(
    `SELECT id, provider, plan_type, status, current_period_start, current_period_end, cancel_at_period_end, canceled_at, created_at,
            provider_item_id, provider_created_at, scheduled_plan_type, scheduled_change_at, provider_schedule_id
       FROM subscriptions WHERE member_id = $1 AND org_id = $2`,
    [member.id, orgId],
  );
  const { rows: cards } = await tx.query<{ id: string }>(
    'SELECT id FROM payment_methods WHERE member_id = $1 AND org_id = $2 AND provider = $3 ORDER BY is_default DESC, created_at DESC, id LIMIT 1',
    [member.id, orgId, provider],
  );
  const row = subscriptions[0] ?? null;
  return {
    member,
    customer: customers[0] ?? null,
    subscription: row && row.provider === provider ? toProviderSubscription(row) : null,
    auditValues: row ? subscriptionValues(toProviderSubscription(row)) : null,
    defaultCardId: cards[0]?.id ?? null,
  };
}

/** Records the member's customer at the provider (a second answer for the same member is the same customer: idempotent). */
export async function saveCustomer(
  tx: Db,
  provider: BillingProviderKind,
  orgId: string,
  memberId: string,
  customerId: string,
): Promise<void> {
  await tx.query(
    `INSERT INTO billing_customers (member_id, org_id, provider, customer_id) VALUES ($1, $2, $3, $4)
     ON CONFLICT (member_id, provider) DO NOTHING`,
    [memberId, orgId, provider, customerId],
  );
}

/**
 * The member whose customer this is at the provider, locked for the change, or null (a customer this
 * deployment did not make). A member in Recently deleted too (member_rows, not the members view):
 * their subscription runs on for the 30 days, and what the provider does meanwhile (a renewal, a
 * failed payment, a cancellation) belongs in the billing that Restore brings back and that the
 * clean-up reads (it removes only a member whose subscription the mirror says is canceled).
 */
export async function memberOfCustomer(
  tx: Db,
  provider: BillingProviderKind,
  customerId: string,
): Promise<{ orgId: string; member: MemberRef } | null> {
  const { rows } = await tx.query<{ org_id: string; id: string; name: string; email: string }>(
    `SELECT m.org_id, m.id, m.name, m.email FROM billing_customers c JOIN member_rows m ON m.id = c.member_id AND m.org_id = c.org_id
      WHERE c.provider = $1 AND c.customer_id = $2 FOR NO KEY UPDATE OF m`,
    [provider, customerId],
  );
  const row = rows[0];
  return row ? { orgId: row.org_id, member: { id: row.id, name: row.name, email: row.email } } : null;
}

/** Counts a started subscription or payment setup: the member's next one gets a new idempotency key. */
export async function countStarted(
  tx: Db,
  provider: BillingProviderKind,
  memberId: string,
  what: 'subscriptions' | 'setups',
): Promise<void> {
  const column = what === 'subscriptions' ? 'subscriptions_started' : 'setups_started';
  await tx.query(`UPDATE billing_customers SET ${column} = ${column} + 1 WHERE member_id = $1 AND provider = $2`, [memberId, provider]);
}

/**
 * Writes the provider's subscription as the member's (see the ordering rules above). `reason`: the
 * cancellation reason to keep (undefined: unchanged for the same subscription). Returns whether the
 * row now holds it.
 */
export async function writeSubscription(
  tx: Db,
  provider: BillingProviderKind,
  orgId: string,
  member: MemberRef,
  subscription: ProviderSubscription,
  syncedAt: Date,
  reason?: string | null,
): Promise<boolean> {
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO subscriptions (id, org_id, member_id, plan_type, status, current_period_start, current_period_end, cancel_at_period_end,
                                cancellation_reason, canceled_at, created_at, updated_at, provider, provider_item_id, provider_created_at,
                                scheduled_plan_type, scheduled_change_at, provider_schedule_id, synced_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $11, $15, $16, $17, $12)
     ON CONFLICT (member_id) DO UPDATE SET
       cancellation_reason = CASE WHEN $18 THEN EXCLUDED.cancellation_reason
                                  WHEN subscriptions.id = EXCLUDED.id THEN subscriptions.cancellation_reason END,
       id = EXCLUDED.id, plan_type = EXCLUDED.plan_type, status = EXCLUDED.status,
       current_period_start = EXCLUDED.current_period_start, current_period_end = EXCLUDED.current_period_end,
       cancel_at_period_end = EXCLUDED.cancel_at_period_end, canceled_at = EXCLUDED.canceled_at, updated_at = EXCLUDED.updated_at,
       provider = EXCLUDED.provider, provider_item_id = EXCLUDED.provider_item_id, provider_created_at = EXCLUDED.provider_created_at,
       scheduled_plan_type = EXCLUDED.scheduled_plan_type, scheduled_change_at = EXCLUDED.scheduled_change_at,
       provider_schedule_id = EXCLUDED.provider_schedule_id, synced_at = EXCLUDED.synced_at
     WHERE (subscriptions.id = EXCLUDED.id AND (subscriptions.synced_at IS NULL OR subscriptions.synced_at <= EXCLUDED.synced_at))
        OR (subscriptions.id <> EXCLUDED.id
            AND (subscriptions.provider <> EXCLUDED.provider
                 OR COALESCE(subscriptions.provider_created_at, subscriptions.created_at) <= EXCLUDED.provider_created_at))
     RETURNING id`,
    [
      subscription.id,
      orgId,
      member.id,
      subscription.plan,
      subscription.status,
      subscription.currentPeriodStart,
      subscription.currentPeriodEnd,
      subscription.cancelAtPeriodEnd,
      reason ?? null,
      subscription.canceledAt,
      subscription.created,
      syncedAt,
      provider,
      subscription.itemId,
      subscription.scheduled?.plan ?? null,
      subscription.scheduled?.at ?? null,
      subscription.scheduled?.scheduleId ?? null,
      reason !== undefined,
    ],
  );
  return rows.length > 0;
}

/** Writes the provider's invoice (an older answer never overwrites a newer one). */
export async function writeInvoice(
  tx: Db,
  provider: BillingProviderKind,
  orgId: string,
  member: MemberRef,
  invoice: ProviderInvoice,
  syncedAt: Date,
): Promise<void> {
  // The local provider's pages are served here, behind links signed as they are read (links.ts).
  const local = provider === 'local';
  await tx.query(
    `INSERT INTO invoices (id, org_id, member_id, member_name, member_email, number, status, plan_type, amount_due, amount_paid,
                           has_hosted_page, has_pdf, created_at, provider, hosted_invoice_url, invoice_pdf, description, synced_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
     ON CONFLICT (id) DO UPDATE SET
       number = EXCLUDED.number, status = EXCLUDED.status, plan_type = EXCLUDED.plan_type, amount_due = EXCLUDED.amount_due,
       amount_paid = EXCLUDED.amount_paid, has_hosted_page = EXCLUDED.has_hosted_page, has_pdf = EXCLUDED.has_pdf,
       hosted_invoice_url = EXCLUDED.hosted_invoice_url, invoice_pdf = EXCLUDED.invoice_pdf, description = EXCLUDED.description,
       synced_at = EXCLUDED.synced_at
     WHERE invoices.synced_at IS NULL OR invoices.synced_at <= EXCLUDED.synced_at`,
    [
      invoice.id,
      orgId,
      member.id,
      member.name,
      member.email,
      invoice.number,
      invoice.status,
      invoice.plan,
      invoice.amountDue,
      invoice.amountPaid,
      local || invoice.hostedUrl !== null,
      local || invoice.pdfUrl !== null,
      invoice.created,
      provider,
      local ? null : invoice.hostedUrl,
      local ? null : invoice.pdfUrl,
      invoice.description,
      syncedAt,
    ],
  );
}

/** Writes a card of the member; `makeDefault` makes it their one default. */
export async function writeCard(
  tx: Db,
  provider: BillingProviderKind,
  orgId: string,
  member: MemberRef,
  card: ProviderCard,
  makeDefault: boolean,
): Promise<void> {
  if (makeDefault) await tx.query('UPDATE payment_methods SET is_default = false WHERE member_id = $1 AND org_id = $2', [member.id, orgId]);
  await tx.query(
    `INSERT INTO payment_methods (id, org_id, member_id, brand, last4, exp_month, exp_year, is_default, created_at, provider)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (id) DO UPDATE SET brand = EXCLUDED.brand, last4 = EXCLUDED.last4, exp_month = EXCLUDED.exp_month,
       exp_year = EXCLUDED.exp_year, is_default = payment_methods.is_default OR EXCLUDED.is_default`,
    [card.id, orgId, member.id, card.brand, card.last4, card.expMonth, card.expYear, makeDefault, card.created, provider],
  );
}

/** Makes `cardId` the member's default card (no other stays default). */
export async function setDefaultCard(tx: Db, orgId: string, memberId: string, cardId: string | null): Promise<void> {
  await tx.query('UPDATE payment_methods SET is_default = false WHERE member_id = $1 AND org_id = $2 AND is_default', [memberId, orgId]);
  if (cardId)
    await tx.query('UPDATE payment_methods SET is_default = true WHERE id = $1 AND member_id = $2 AND org_id = $3', [
      cardId,
      memberId,
      orgId,
    ]);
}

/** A transaction id derived from what it records, so that recording it twice records it once. */
export function transactionId(kind: string, ref: string): string {
  return `txn_${createHash('sha256').update(`${kind}:${ref}`).digest('hex').slice(0, 24)}`;
}

export async function recordTransaction(
  tx: Db,
  entry: {
    id: string;
    orgId: string;
    member: MemberRef;
    type: Transaction['type'];
    status: 'succeeded' | 'failed' | 'pending';
    amount: number;
    description: string;
    at: Date;
    invoiceId?: string | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO transactions (id, org_id, member_id, member_name, type, status, amount, description, invoice_id, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
    [
      entry.id,
      entry.orgId,
      entry.member.id,
      entry.member.name,
      entry.type,
      entry.status,
      entry.amount,
      entry.description,
      entry.invoiceId ?? null,
      entry.at,
    ],
  );
}

/** The payment transaction of a paid invoice (once per invoice). */
export async function recordPayment(
  tx: Db,
  orgId: string,
  member: MemberRef,
  invoice: ProviderInvoice,
  description: string,
): Promise<void> {
  if (invoice.status !== 'paid') return;
  await recordTransaction(tx, {
    id: transactionId('paid', invoice.id),
    orgId,
    member,
    type: 'payment_succeeded',
    status: 'succeeded',
    amount: invoice.amountPaid,
    description,
    at: invoice.created,
    invoiceId: invoice.id,
  });
}

/**
 * What a paid period starting writes besides the subscription: the trial converted, the member's
 * open payment setups canceled (they were made for a member who did not pay), the subscription's
 * creation in the transactions.
 */
export async function recordPeriodStarted(
  tx: Db,
  orgId: string,
  member: MemberRef,
  subscription: ProviderSubscription,
  at: Date,
  amount: number,
): Promise<void> {
  await tx.query('UPDATE trials SET converted_at = $3 WHERE member_id = $1 AND org_id = $2 AND converted_at IS NULL', [
    member.id,
    orgId,
    at,
  ]);
  await tx.query(
    `UPDATE setup_intents SET status = 'canceled' WHERE member_id = $1 AND org_id = $2 AND status = 'requires_payment_method'`,
    [member.id, orgId],
  );
  const plan = PLANS[subscription.plan];
  await recordTransaction(tx, {
    id: transactionId('created', subscription.id),
    orgId,
    member,
    type: 'subscription_created',
    status: 'succeeded',
    amount,
    description: `${plan.name} subscription started`,
    at,
  });
}

export interface OpenSetupIntent {
  id: string;
  client_secret: string;
  created_at: Date;
}

/** The member's open payment setup for `plan` at this provider (locked), if any. */
export async function openSetupIntentOf(
  tx: Db,
  provider: BillingProviderKind,
  orgId: string,
  memberId: string,
  plan: PlanType,
): Promise<OpenSetupIntent | null> {
  const { rows } = await tx.query<OpenSetupIntent>(
    `SELECT id, client_secret, created_at FROM setup_intents
      WHERE member_id = $1 AND org_id = $2 AND plan_type = $3 AND provider = $4 AND status = 'requires_payment_method' FOR UPDATE`,
    [memberId, orgId, plan, provider],
  );
  return rows[0] ?? null;
}

export function isSetupOpenAt(intent: { created_at: Date }, now: Date): boolean {
  return now.getTime() - intent.created_at.getTime() < SETUP_INTENT_TTL_MS;
}
