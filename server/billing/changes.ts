/**
 * Changes to a member's billing, through the provider (provider.ts), the same way for every
 * provider:
 *
 *   1. under the member's lease (leases.ts), a transaction reads what to decide from: the caller is
 *      still an active administrator, the member's row is locked, the mirror is read (mirror.ts);
 *   2. the provider is called outside any transaction, with an idempotency key made from the
 *      request and the member's state (a retry of the same change gets the provider's first answer,
 *      never a second customer, subscription or charge);
 *   3. a second transaction checks the administrator again and writes the answer to the mirror with
 *      its entry in the activity trail.
 *
 * The caller's rights are read again inside both transactions, after locking the organisation's row
 * FOR SHARE: a demotion (server/users, which locks that row FOR NO KEY UPDATE) either committed
 * before and is seen, or waits until this change is done. Billing changes do not wait for each
 * other there.
 *
 * Plan changes: a member who does not pay (no subscription, a trial, canceled) starts a paid
 * subscription, charged in full now, after a payment setup when they have no card; a paying member
 * moving up is charged the prorated difference now (proration.ts), at the preview's
 * `prorationDate`; moving down happens at the period's end, with nothing charged now; choosing the
 * current plan while a change is scheduled withdraws it. `previewPlanChange` says which, and for
 * how much, before anything is charged.
 */
import type { PlanType, SubscriptionPreview } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import type { AuditValues } from '../../src/contract/audit';
import { recordAudit, type AuditActor } from '../audit';
import { ApiError } from '../core/module';
import type { Database } from '../core/db';
import type { Db } from './db';
import { withMemberLease } from './leases';
import {
  countStarted,
  customerRef,
  isSetupOpenAt,
  openSetupIntentOf,
  readMemberBilling,
  recordPayment,
  recordPeriodStarted,
  recordTransaction,
  saveCustomer,
  subscriptionValues,
  transactionId,
  writeCard,
  writeInvoice,
  writeSubscription,
  type MemberBilling,
  type MemberRef,
} from './mirror';
import { isPaidStatus } from './access';
import { unixSeconds } from './proration';
import { ProviderRefusal, type BillingProvider, type CustomerRef, type ProviderChange, type ProviderSubscription } from './provider';

export interface BillingDeps {
  db: Database;
  provider: BillingProvider;
  clock: () => Date;
}

export const NO_LONGER_ADMIN = 'You are no longer an active administrator of this organisation, so nothing was changed.';
export const PREVIEW_EXPIRED_MESSAGE = 'The price preview has expired. Choose the plan again to see the current price.';
/** How old a preview's proration date may be when the change is confirmed. */
const PREVIEW_TTL_SECONDS = 15 * 60;

/** The plans in order of price: moving to a later one is an upgrade. */
const PLAN_RANK: Record<PlanType, number> = { lite: 0, pro: 1 };

/**
 * Inside a billing write's transaction: the organisation's row is shared-locked (member changes
 * wait, other billing changes do not), then the caller must still be an active administrator.
 */
export async function assertBillingAdministrator(tx: Db, actor: AuditActor): Promise<void> {
  await tx.query('SELECT 1 FROM organizations WHERE id = $1 FOR SHARE', [actor.orgId]);
  const { rows } = await tx.query<{ is_admin: boolean; is_active: boolean }>(
    'SELECT is_admin, is_active FROM members WHERE id = $1 AND org_id = $2',
    [actor.memberId, actor.orgId],
  );
  const caller = rows[0];
  if (!caller?.is_admin || !caller.is_active) throw new ApiError(409, NO_LONGER_ADMIN);
}

/** The member, with their row locked until the transaction ends (billing writes of one member run one after the other). */
export async function lockMember(db: Db, orgId: string, userId: string): Promise<MemberRef> {
  const { rows } = await db.query<MemberRef>('SELECT id, name, email FROM members WHERE id = $1 AND org_id = $2 FOR NO KEY UPDATE', [
    userId,
    orgId,
  ]);
  const member = rows[0];
  if (!member) throw new ApiError(404, 'User not found');
  return member;
}

/** A transaction of a billing change: the caller checked, the member locked, the mirror read. */
function inChange<T>(deps: BillingDeps, actor: AuditActor, userId: string, work: (tx: Db, state: MemberBilling) => Promise<T>): Promise<T> {
  return deps.db.transaction(async (tx) => {
    await assertBillingAdministrator(tx, actor);
    const member = await lockMember(tx, actor.orgId, userId);
    return work(tx, await readMemberBilling(tx, deps.provider.kind, actor.orgId, member));
  });
}

/** A provider's refusal or failure as the API answers it; the provider's own detail goes to the log. */
async function callProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (error instanceof ProviderRefusal) {
      switch (error.code) {
        case 'card_declined':
          throw new ApiError(402, error.message);
        case 'setup_incomplete':
          throw new ApiError(409, 'Payment setup was not completed successfully', 'setupIntentId');
        case 'setup_not_found':
          throw new ApiError(404, 'Setup intent not found for this user', 'setupIntentId');
        case 'idempotency_conflict':
          throw new ApiError(409, 'Another billing change for this member is still in progress. Try again in a moment.');
        case 'not_found':
          throw new ApiError(409, 'The payment provider no longer has this subscription. Reload the page and try again.');
      }
    }
    console.error('[billing] the payment provider failed', error);
    throw new ApiError(502, 'The payment provider could not complete the request. Nothing was changed; try again in a moment.');
  }
}

/** What choosing `plan` means for the member as they are. */
type Decision =
  | { kind: 'same' }
  | { kind: 'keep'; subscription: ProviderSubscription }
  | { kind: 'upgrade' | 'downgrade'; subscription: ProviderSubscription }
  | { kind: 'start'; trialing: ProviderSubscription | null; cardId: string | null };

function decide(state: MemberBilling, plan: PlanType): Decision {
  const current = state.subscription;
  if (current && isPaidStatus(current.status)) {
    if (current.plan === plan) return current.scheduled ? { kind: 'keep', subscription: current } : { kind: 'same' };
    return { kind: PLAN_RANK[plan] > PLAN_RANK[current.plan] ? 'upgrade' : 'downgrade', subscription: current };
  }
  return { kind: 'start', trialing: current?.status === 'trialing' ? current : null, cardId: state.defaultCardId };
}

function alreadyOn(member: MemberRef, plan: PlanType): ApiError {
  return new ApiError(400, `${member.name} is already on ${PLANS[plan].name}.`, 'planType');
}

function alreadyScheduled(member: MemberRef, plan: PlanType): ApiError {
  return new ApiError(400, `${member.name} already moves to ${PLANS[plan].name} at the end of the period.`, 'planType');
}

// ---------------------------------------------------------------------------------------------
// Customers
// ---------------------------------------------------------------------------------------------

/** The member's customer at the provider, made (once: the key is the member's) when they have none. */
async function ensureCustomer(deps: BillingDeps, actor: AuditActor, state: MemberBilling): Promise<CustomerRef> {
  if (state.customer) return customerRef(actor.orgId, state.member.id, state.customer);
  const { member } = state;
  const customerId = await callProvider(() =>
    deps.provider.createCustomer(
      { orgId: actor.orgId, memberId: member.id, name: member.name, email: member.email },
      `hardline:customer:${actor.orgId}:${member.id}`,
    ),
  );
  return deps.db.transaction(async (tx) => {
    await saveCustomer(tx, deps.provider.kind, actor.orgId, member.id, customerId);
    const saved = (await readMemberBilling(tx, deps.provider.kind, actor.orgId, member)).customer;
    if (!saved) throw new Error('the customer was not saved');
    return customerRef(actor.orgId, member.id, saved);
  });
}

// ---------------------------------------------------------------------------------------------
// Preview
// ---------------------------------------------------------------------------------------------

export async function previewPlanChange(
  deps: BillingDeps,
  actor: AuditActor,
  userId: string,
  plan: PlanType,
): Promise<SubscriptionPreview> {
  const now = deps.clock();
  const state = await deps.db.transaction(async (tx) => {
    const member = await lockMemberForRead(tx, actor.orgId, userId);
    return readMemberBilling(tx, deps.provider.kind, actor.orgId, member);
  });
  const decision = decide(state, plan);
  const priceOf = () => callProvider(() => deps.provider.priceOf(plan));
  switch (decision.kind) {
    case 'same':
      throw alreadyOn(state.member, plan);
    case 'keep':
      return {
        planType: plan,
        kind: 'keep',
        amountDueToday: 0,
        prorated: false,
        recurringAmount: await priceOf(),
        recurringFrom: decision.subscription.currentPeriodEnd.toISOString(),
        effectiveAt: now.toISOString(),
        prorationDate: null,
        requiresPayment: false,
      };
    case 'downgrade': {
      const { subscription } = decision;
      if (subscription.scheduled?.plan === plan) throw alreadyScheduled(state.member, plan);
      return {
        planType: plan,
        kind: 'downgrade',
        amountDueToday: 0,
        prorated: false,
        recurringAmount: await priceOf(),
        recurringFrom: subscription.currentPeriodEnd.toISOString(),
        effectiveAt: subscription.currentPeriodEnd.toISOString(),
        prorationDate: null,
        requiresPayment: false,
      };
    }
    case 'upgrade': {
      // A member whose subscription the seed or an earlier version wrote has no customer yet: made
      // here as update-subscription would (once, keyed by the member), so the preview never fails.
      const customer = await ensureCustomer(deps, actor, state);
      const prorationDate = new Date(unixSeconds(now) * 1000);
      const preview = await callProvider(() =>
        deps.provider.previewUpgrade({ customer, subscription: decision.subscription, plan, prorationDate }),
      );
      return {
        planType: plan,
        kind: 'upgrade',
        amountDueToday: preview.amountDueToday,
        prorated: true,
        recurringAmount: preview.recurringAmount,
        recurringFrom: preview.recurringFrom.toISOString(),
        effectiveAt: now.toISOString(),
        prorationDate: unixSeconds(now),
        requiresPayment: false,
      };
    }
    case 'start': {
      const customer = state.customer ? customerRef(actor.orgId, state.member.id, state.customer) : null;
      const preview = await callProvider(() => deps.provider.previewStart({ customer, plan, now }));
      return {
        planType: plan,
        kind: 'start',
        amountDueToday: preview.amountDueToday,
        prorated: false,
        recurringAmount: preview.recurringAmount,
        recurringFrom: preview.recurringFrom.toISOString(),
        effectiveAt: now.toISOString(),
        prorationDate: null,
        requiresPayment: decision.cardId === null,
      };
    }
  }
}

async function lockMemberForRead(tx: Db, orgId: string, userId: string): Promise<MemberRef> {
  const { rows } = await tx.query<MemberRef>('SELECT id, name, email FROM members WHERE id = $1 AND org_id = $2', [userId, orgId]);
  const member = rows[0];
  if (!member) throw new ApiError(404, 'User not found');
  return member;
}

// ---------------------------------------------------------------------------------------------
// Plan changes
// ---------------------------------------------------------------------------------------------

export type UpdateSubscriptionResult =
  { requiresPayment: true; clientSecret: string; message: string } | { requiresPayment: false; message: string };

/** The proration date of an upgrade: the preview's, when it is recent and inside the period; now without one. */
function prorationDateOf(given: number | undefined, now: Date, subscription: ProviderSubscription): Date {
  if (given === undefined) return new Date(unixSeconds(now) * 1000);
  const nowSeconds = unixSeconds(now);
  const tooOld = given < nowSeconds - PREVIEW_TTL_SECONDS || given < unixSeconds(subscription.currentPeriodStart);
  // A little ahead of our clock is another API process's clock; further is not a preview of ours.
  if (tooOld || given > nowSeconds + 60) throw new ApiError(400, PREVIEW_EXPIRED_MESSAGE, 'prorationDate');
  return new Date(given * 1000);
}

export async function updateSubscription(
  deps: BillingDeps,
  actor: AuditActor,
  userId: string,
  plan: PlanType,
  prorationDate: number | undefined,
): Promise<UpdateSubscriptionResult> {
  const { provider, clock } = deps;
  const planName = PLANS[plan].name;
  return withMemberLease(deps.db, actor.orgId, userId, async () => {
    const { state, decision, reuse } = await inChange(deps, actor, userId, async (tx, state) => {
      const decision = decide(state, plan);
      // A payment setup still open for this plan is handed out again (two tabs, a double click).
      const open =
        decision.kind === 'start' && decision.cardId === null
          ? await openSetupIntentOf(tx, provider.kind, actor.orgId, state.member.id, plan)
          : null;
      return { state, decision, reuse: open && isSetupOpenAt(open, clock()) ? open : null };
    });
    const { member } = state;

    switch (decision.kind) {
      case 'same':
        throw alreadyOn(member, plan);

      case 'keep': {
        const before = decision.subscription.scheduled;
        const changed = await callProvider(() => provider.withdrawChange(decision.subscription));
        await inChange(deps, actor, userId, async (tx) => {
          await writeSubscription(tx, provider.kind, actor.orgId, member, changed, clock());
          await recordAudit(tx, actor, {
            kind: 'subscription.change_scheduled',
            member,
            before: scheduledValues(before),
            after: scheduledValues(null),
          });
        });
        return { requiresPayment: false, message: `${member.name} stays on ${planName}` };
      }

      case 'downgrade': {
        const { subscription } = decision;
        if (subscription.scheduled?.plan === plan) throw alreadyScheduled(member, plan);
        const key = `hardline:schedule:${subscription.id}:${plan}:${unixSeconds(subscription.currentPeriodEnd)}`;
        const changed = await callProvider(() => provider.scheduleChange({ subscription, plan }, key));
        await inChange(deps, actor, userId, async (tx) => {
          await writeSubscription(tx, provider.kind, actor.orgId, member, changed, clock(), null);
          await recordAudit(tx, actor, {
            kind: 'subscription.change_scheduled',
            member,
            before: scheduledValues(subscription.scheduled),
            after: scheduledValues(changed.scheduled),
          });
        });
        return { requiresPayment: false, message: `${member.name} moves to ${planName} at the end of the current period` };
      }

      case 'upgrade': {
        const { subscription } = decision;
        const at = prorationDateOf(prorationDate, clock(), subscription);
        const customer = await ensureCustomer(deps, actor, state);
        const key = `hardline:upgrade:${subscription.id}:${plan}:${unixSeconds(at)}`;
        const change = await callProvider(() => provider.upgrade({ customer, subscription, plan, prorationDate: at }, key));
        const from = PLANS[subscription.plan].name;
        await inChange(deps, actor, userId, async (tx) => {
          await writeChange(deps, tx, actor, member, change, `Plan changed from ${from} to ${planName} (prorated)`);
          await recordAudit(tx, actor, {
            kind: 'subscription.plan_changed',
            member,
            before: subscriptionValues(subscription),
            after: subscriptionValues(change.subscription),
          });
        });
        return { requiresPayment: false, message: `Subscription updated to ${planName}` };
      }

      case 'start': {
        if (reuse) {
          return {
            requiresPayment: true,
            clientSecret: reuse.client_secret,
            message: `A payment method is required to move ${member.name} to ${planName}.`,
          };
        }
        const customer = await ensureCustomer(deps, actor, state);
        if (decision.cardId === null) return startPaymentSetup(deps, actor, member, customer, plan);
        const cardId = decision.cardId;
        const started = await countOf(deps, customer, 'subscriptions_started');
        const change = await callProvider(() => startOnce(deps, member, started, { customer, plan, cardId, trialing: decision.trialing }));
        await inChange(deps, actor, userId, (tx) => writeStart(deps, tx, actor, member, change, state.auditValues));
        return { requiresPayment: false, message: `Subscription to ${planName} started` };
      }
    }
  });
}

/**
 * Starts the member's paid subscription at the provider, under the idempotency key of their
 * `started`-th one: a retry of the same attempt (the SDK's, after a dropped answer) makes no second
 * subscription. A declined card ends the attempt with nothing made (the subscription is created
 * with `payment_behavior: error_if_incomplete`), but Stripe keeps the decline as the answer to its
 * key for 24 hours: the same key again would replay the decline even with a card that works, and
 * with another card it is an idempotency_error. So a decline is counted like a start, and the next
 * attempt is a request of its own; `declined` records what else the decline spends.
 */
async function startOnce(
  deps: BillingDeps,
  member: MemberRef,
  started: number,
  request: Parameters<BillingProvider['startSubscription']>[0],
  declined?: (tx: Db) => Promise<unknown>,
): Promise<ProviderChange> {
  try {
    return await deps.provider.startSubscription(request, `hardline:subscription:${member.id}:${started}`);
  } catch (error) {
    if (error instanceof ProviderRefusal && error.code === 'card_declined') {
      await deps.db.transaction(async (tx) => {
        await countStarted(tx, deps.provider.kind, member.id, 'subscriptions');
        await declined?.(tx);
      });
    }
    throw error;
  }
}

function scheduledValues(scheduled: ProviderSubscription['scheduled']): AuditValues {
  return { scheduledPlanType: scheduled?.plan ?? null, scheduledChangeAt: scheduled?.at.toISOString() ?? null };
}

async function countOf(deps: BillingDeps, customer: CustomerRef, column: 'subscriptions_started' | 'setups_started'): Promise<number> {
  const { rows } = await deps.db.query<{ n: number }>(
    `SELECT ${column} AS n FROM billing_customers WHERE member_id = $1 AND provider = $2`,
    [customer.memberId, deps.provider.kind],
  );
  return rows[0]?.n ?? 0;
}

/** A new payment setup for `plan` (an expired open one is canceled first: one open per member and plan). */
async function startPaymentSetup(
  deps: BillingDeps,
  actor: AuditActor,
  member: MemberRef,
  customer: CustomerRef,
  plan: PlanType,
): Promise<UpdateSubscriptionResult> {
  const { provider, clock } = deps;
  const started = await countOf(deps, customer, 'setups_started');
  const intent = await callProvider(() => provider.createSetupIntent({ customer, plan }, `hardline:setup:${member.id}:${plan}:${started}`));
  await inChange(deps, actor, member.id, async (tx) => {
    const open = await openSetupIntentOf(tx, provider.kind, actor.orgId, member.id, plan);
    if (open && open.id !== intent.id) await tx.query(`UPDATE setup_intents SET status = 'canceled' WHERE id = $1`, [open.id]);
    await tx.query(
      `INSERT INTO setup_intents (id, org_id, member_id, client_secret, plan_type, status, created_at, provider)
       VALUES ($1, $2, $3, $4, $5, 'requires_payment_method', $6, $7) ON CONFLICT (id) DO NOTHING`,
      [intent.id, actor.orgId, member.id, intent.clientSecret, plan, clock(), provider.kind],
    );
    await countStarted(tx, provider.kind, member.id, 'setups');
  });
  return {
    requiresPayment: true,
    clientSecret: intent.clientSecret,
    message: `A payment method is required to move ${member.name} to ${PLANS[plan].name}.`,
  };
}

/** The subscription and the invoice of a change, with the invoice's payment. */
async function writeChange(
  deps: BillingDeps,
  tx: Db,
  actor: AuditActor,
  member: MemberRef,
  change: ProviderChange,
  paymentDescription: string,
): Promise<void> {
  const { provider, clock } = deps;
  await writeSubscription(tx, provider.kind, actor.orgId, member, change.subscription, clock(), null);
  if (change.invoice) {
    await writeInvoice(tx, provider.kind, actor.orgId, member, change.invoice, clock());
    await recordPayment(tx, actor.orgId, member, change.invoice, paymentDescription);
  }
}

/** A paid period started: the subscription, its first invoice and payment, the trail. */
async function writeStart(
  deps: BillingDeps,
  tx: Db,
  actor: AuditActor,
  member: MemberRef,
  change: ProviderChange,
  before: AuditValues | null,
): Promise<void> {
  const plan = PLANS[change.subscription.plan];
  await writeChange(deps, tx, actor, member, change, `${plan.name} - first month`);
  await recordPeriodStarted(tx, actor.orgId, member, change.subscription, deps.clock(), change.invoice?.amountDue ?? plan.priceCents);
  await countStarted(tx, deps.provider.kind, member.id, 'subscriptions');
  await recordAudit(tx, actor, { kind: 'subscription.plan_changed', member, before, after: subscriptionValues(change.subscription) });
}

/**
 * Completes the payment setup that updateSubscription started: the card it collected becomes the
 * member's default and the paid period starts, once:
 *   404 the setup is not this member's · 409 it was used already · 400 another plan
 *   409 the member is subscribed already (nothing is charged) · 409 it expired or was replaced
 *   409 the browser did not complete it.
 */
export async function completeSubscription(
  deps: BillingDeps,
  actor: AuditActor,
  userId: string,
  setupIntentId: string,
  plan: PlanType,
): Promise<{ message: string }> {
  const { provider, clock } = deps;
  const planName = PLANS[plan].name;
  return withMemberLease(deps.db, actor.orgId, userId, async () => {
    const state = await inChange(deps, actor, userId, async (tx, state) => {
      await checkSetup(tx, deps, actor.orgId, state, setupIntentId, plan);
      return state;
    });
    const { member } = state;
    if (!state.customer) throw new ApiError(404, 'Setup intent not found for this user', 'setupIntentId');
    const customer = customerRef(actor.orgId, member.id, state.customer);
    const card = await callProvider(() => provider.attachSetupCard({ customer, setupIntentId }, `hardline:default-card:${setupIntentId}`));
    const trialing = state.subscription?.status === 'trialing' ? state.subscription : null;
    const change = await callProvider(() =>
      startOnce(deps, member, state.customer?.subscriptions_started ?? 0, { customer, plan, cardId: card.id, trialing }, (tx) =>
        // Its card was declined: the setup is spent (its card is the customer's at the provider), so
        // the next 'Update Subscription' starts a new one, for another card, instead of handing this
        // one back to a Payment Element that cannot confirm it again.
        tx.query(`UPDATE setup_intents SET status = 'succeeded', used_at = $2 WHERE id = $1`, [setupIntentId, clock()]),
      ),
    );
    await inChange(deps, actor, userId, async (tx, latest) => {
      // The lease kept other changes of this member out since the check; a change made meanwhile
      // without it (a webhook) is caught here.
      await checkSetup(tx, deps, actor.orgId, latest, setupIntentId, plan);
      await tx.query(`UPDATE setup_intents SET status = 'succeeded', used_at = $2 WHERE id = $1`, [setupIntentId, clock()]);
      await writeCard(tx, provider.kind, actor.orgId, member, card, true);
      await writeStart(deps, tx, actor, member, change, state.auditValues);
    });
    return { message: `Payment method saved and subscription to ${planName} activated` };
  });
}

async function checkSetup(
  tx: Db,
  deps: BillingDeps,
  orgId: string,
  state: MemberBilling,
  setupIntentId: string,
  plan: PlanType,
): Promise<void> {
  const { member } = state;
  const { rows } = await tx.query<{ plan_type: PlanType; status: string; created_at: Date; used_at: Date | null }>(
    'SELECT plan_type, status, created_at, used_at FROM setup_intents WHERE id = $1 AND org_id = $2 AND member_id = $3 AND provider = $4 FOR UPDATE',
    [setupIntentId, orgId, member.id, deps.provider.kind],
  );
  const intent = rows[0];
  if (!intent) throw new ApiError(404, 'Setup intent not found for this user', 'setupIntentId');
  if (intent.used_at || intent.status === 'succeeded') throw new ApiError(409, 'This payment setup has already been used', 'setupIntentId');
  if (intent.plan_type !== plan) {
    throw new ApiError(400, `planType must match the plan of the payment setup (${intent.plan_type})`, 'planType');
  }
  const current = state.subscription;
  if (current && isPaidStatus(current.status)) {
    const subscribedTo = PLANS[current.plan].name;
    throw new ApiError(
      409,
      current.plan === plan
        ? `${member.name} is already subscribed to ${subscribedTo}. Nothing was charged.`
        : `${member.name} is already subscribed to ${subscribedTo}. Nothing was charged; use Update Subscription to change the plan.`,
      'setupIntentId',
    );
  }
  if (intent.status !== 'requires_payment_method' || !isSetupOpenAt(intent, deps.clock())) {
    throw new ApiError(409, 'This payment setup has expired. Choose the plan again to start a new one.', 'setupIntentId');
  }
}

// ---------------------------------------------------------------------------------------------
// Cancellation
// ---------------------------------------------------------------------------------------------

export async function cancelSubscription(
  deps: BillingDeps,
  actor: AuditActor,
  userId: string,
  cancelAtPeriodEnd: boolean,
  reason: string | undefined,
): Promise<{ message: string }> {
  const { provider, clock } = deps;
  const cleanReason = reason?.trim() ? reason.trim() : null;
  return withMemberLease(deps.db, actor.orgId, userId, async () => {
    const state = await inChange(deps, actor, userId, async (_tx, state) => state);
    const { member } = state;
    const current = state.subscription;
    if (!current || current.status === 'canceled') throw new ApiError(400, `${member.name} has no subscription to cancel`, 'userId');
    const before = subscriptionValues(current);
    const reasonValue: AuditValues = cleanReason ? { reason: cleanReason } : {};

    if (cancelAtPeriodEnd) {
      if (current.cancelAtPeriodEnd)
        throw new ApiError(400, 'Cancellation is already scheduled for the end of the period', 'cancelAtPeriodEnd');
      const changed = await callProvider(() => provider.setCancelAtPeriodEnd(current, true, cleanReason));
      await inChange(deps, actor, userId, async (tx) => {
        await writeSubscription(tx, provider.kind, actor.orgId, member, changed, clock(), cleanReason);
        await recordAudit(tx, actor, {
          kind: 'subscription.canceled',
          member,
          before,
          after: { ...subscriptionValues(changed), ...reasonValue },
        });
      });
      return { message: 'Subscription will cancel at period end' };
    }

    if (current.cancelAtPeriodEnd) {
      const changed = await callProvider(() => provider.setCancelAtPeriodEnd(current, false, null));
      await inChange(deps, actor, userId, async (tx) => {
        await writeSubscription(tx, provider.kind, actor.orgId, member, changed, clock(), null);
        await recordAudit(tx, actor, { kind: 'subscription.reactivated', member, before, after: subscriptionValues(changed) });
      });
      return { message: 'Subscription reactivated' };
    }

    const changed = await callProvider(() => provider.cancelNow(current, cleanReason));
    await inChange(deps, actor, userId, async (tx) => {
      await writeSubscription(tx, provider.kind, actor.orgId, member, changed, clock(), cleanReason);
      await recordAudit(tx, actor, {
        kind: 'subscription.canceled',
        member,
        before,
        after: { ...subscriptionValues(changed), ...reasonValue },
      });
      const planName = PLANS[current.plan].name;
      await recordTransaction(tx, {
        id: transactionId('canceled', changed.id),
        orgId: actor.orgId,
        member,
        type: 'subscription_canceled',
        status: 'succeeded',
        amount: 0,
        description: cleanReason ? `${planName} canceled: ${cleanReason}` : `${planName} canceled`,
        at: clock(),
      });
    });
    return { message: 'Subscription canceled' };
  });
}

// ---------------------------------------------------------------------------------------------
// Hosted pages
// ---------------------------------------------------------------------------------------------

/** A page where the member's cards are managed (the local hosted page, or Stripe's Billing Portal), returning to their billing page. */
export async function paymentMethodsLink(
  deps: BillingDeps,
  actor: AuditActor,
  userId: string,
  webOrigin: string,
): Promise<{ hostedUrl: string }> {
  const state = await inChange(deps, actor, userId, async (_tx, state) => state);
  const customer = await ensureCustomer(deps, actor, state);
  const now = deps.clock();
  const link = await callProvider(() =>
    deps.provider.paymentMethodsLink(
      { customer, returnUrl: `${webOrigin}/billing/user/${encodeURIComponent(userId)}`, createdBy: actor.memberId },
      // One page per administrator, member and minute: a double click opens the same session.
      `hardline:payment-methods:${customer.customerId}:${actor.memberId}:${Math.floor(now.getTime() / 60_000)}`,
    ),
  );
  await inChange(deps, actor, userId, async (tx, { member }) => {
    // The link is a credential: the trail says when it stops working, never what it is.
    await recordAudit(tx, actor, {
      kind: 'payment_method.page_opened',
      member,
      after: link.expiresAt ? { expiresAt: link.expiresAt.toISOString() } : null,
    });
  });
  return { hostedUrl: link.url };
}
