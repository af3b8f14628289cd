/**
 * Billing ends before a member is removed for good (docs/BILLING.md "Members removed for good").
 *
 * A deleted member waits 30 days in Recently deleted (server/users/purge.ts), with their
 * subscription as it was, so that a restore brings it back. When the 30 days are over, the clean-up
 * removes the member and their mirror rows; a subscription still running at the provider would then
 * go on charging the organisation for somebody who no longer exists, with nothing left in the
 * console to stop it. So the clean-up never removes a member whose subscription is not canceled
 * (purge.ts checks the mirror), and this pass, in the billing module, cancels those subscriptions
 * first, through the provider, the same way Cancel Now does (changes.ts):
 *
 *   1. under the member's lease (leases.ts), a transaction locks the member's row, still deleted for
 *      30 days or more, and reads the mirror;
 *   2. the provider cancels the subscription, outside any transaction; nothing is refunded;
 *   3. a second transaction writes the answer to the mirror, a `subscription.canceled` entry in the
 *      activity trail by the automatic clean-up (PURGE_ACTOR) and a `subscription_canceled`
 *      transaction, as a cancellation by an administrator does.
 *
 * The next clean-up pass then removes the member. A subscription another provider made: one the
 * local simulation made (the API now runs on Stripe) never charged anybody and is marked canceled in
 * the mirror; one Stripe made while the API runs on the local provider cannot be canceled from here,
 * so it is logged and the member stays in Recently deleted until somebody cancels it at Stripe.
 *
 * `endRemovedMembersBilling(deps, now)` is one pass at `now` (tests inject the clock);
 * `startBillingRemovals` runs a pass when the API starts and every `everyMs` (an hour) after that.
 */
import { PURGE_ACTOR } from '../../src/contract/audit';
import type { AuditValues } from '../../src/contract/audit';
import type { PlanType } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import type { BackgroundOptions } from '../core/module';
import { startRecurring, type RecurringWork } from '../core/recurring';
import { RECENTLY_DELETED_DAYS } from '../core/members';
import type { BillingDeps } from './changes';
import type { Db } from './db';
import { withMemberLease } from './leases';
import type { MirrorStatus } from './provider';
import { readMemberBilling, recordTransaction, subscriptionValues, transactionId, writeSubscription, type MemberRef } from './mirror';

const EVERY_MS = 60 * 60 * 1000;
/** Members looked at per pass query: a pass repeats until none is left. */
const BATCH = 100;

/** The reason the mirror, the trail and the transaction give for the cancellation. */
export const REMOVAL_REASON = 'Removed for good, 30 days after their deletion';

interface Due {
  id: string;
  org_id: string;
  provider: string;
}

export interface BillingRemovalResult {
  /** Members whose subscription this pass canceled. */
  canceled: string[];
  /** Members whose subscription could not be canceled (logged; they stay in Recently deleted). */
  failed: string[];
}

/** Writes a cancellation by the clean-up: the trail's entry (the clean-up is no member) and the transaction. */
async function recordRemovalCancel(
  tx: Db,
  orgId: string,
  member: MemberRef,
  before: AuditValues,
  after: AuditValues,
  subscriptionId: string,
  plan: PlanType,
  at: Date,
) {
  await tx.query(
    `INSERT INTO audit_entries (id, org_id, actor_id, actor_name, actor_email, kind, member_id, member_name, member_email, before, after)
     VALUES (gen_random_uuid()::text, $1, $2, $3, $4, 'subscription.canceled', $5, $6, $7, $8::jsonb, $9::jsonb)`,
    [
      orgId,
      PURGE_ACTOR.memberId,
      PURGE_ACTOR.name,
      PURGE_ACTOR.email,
      member.id,
      member.name,
      member.email,
      JSON.stringify(before),
      JSON.stringify({ ...after, reason: REMOVAL_REASON }),
    ],
  );
  await recordTransaction(tx, {
    id: transactionId('canceled', subscriptionId),
    orgId,
    member,
    type: 'subscription_canceled',
    status: 'succeeded',
    amount: 0,
    description: `${PLANS[plan].name} canceled: ${REMOVAL_REASON}`,
    at,
  });
}

/** The member's row while they are still deleted for 30 days or more, locked until the transaction ends. */
async function lockRemoved(tx: Db, due: Due, cutoff: Date): Promise<MemberRef | undefined> {
  const { rows } = await tx.query<MemberRef>(
    'SELECT id, name, email FROM member_rows WHERE id = $1 AND org_id = $2 AND deleted_at <= $3 FOR NO KEY UPDATE',
    [due.id, due.org_id, cutoff],
  );
  return rows[0];
}

/** Cancels one member's subscription; true when it is canceled now (or was meanwhile, or the member was restored). */
async function endOne(deps: BillingDeps, due: Due, cutoff: Date): Promise<boolean> {
  const { db, provider, clock } = deps;
  if (due.provider !== provider.kind) {
    if (due.provider !== 'local') return false;
    // The local simulation's subscription exists only in this mirror: canceling it is writing so.
    return db.transaction(async (tx) => {
      const member = await lockRemoved(tx, due, cutoff);
      if (!member) return true;
      const { rows } = await tx.query<{ id: string; plan_type: PlanType; status: MirrorStatus; cancel_at_period_end: boolean }>(
        `SELECT id, plan_type, status, cancel_at_period_end FROM subscriptions
          WHERE member_id = $1 AND org_id = $2 AND provider = 'local' AND status <> 'canceled' FOR UPDATE`,
        [member.id, due.org_id],
      );
      await tx.query(
        `UPDATE subscriptions SET status = 'canceled', canceled_at = $3, cancel_at_period_end = false, cancellation_reason = $4,
                scheduled_plan_type = NULL, scheduled_change_at = NULL, updated_at = $3
          WHERE member_id = $1 AND org_id = $2 AND provider = 'local' AND status <> 'canceled'`,
        [member.id, due.org_id, clock(), REMOVAL_REASON],
      );
      const row = rows[0];
      if (row) {
        const before = subscriptionValues({ plan: row.plan_type, status: row.status, cancelAtPeriodEnd: row.cancel_at_period_end });
        const after = subscriptionValues({ plan: row.plan_type, status: 'canceled', cancelAtPeriodEnd: false });
        await recordRemovalCancel(tx, due.org_id, member, before, after, row.id, row.plan_type, clock());
      }
      return true;
    });
  }
  return withMemberLease(
    db,
    due.org_id,
    due.id,
    async () => {
      const state = await db.transaction(async (tx) => {
        const member = await lockRemoved(tx, due, cutoff);
        return member ? readMemberBilling(tx, provider.kind, due.org_id, member) : null;
      });
      const current = state?.subscription;
      if (!state || !current || current.status === 'canceled') return true;
      const changed = await provider.cancelNow(current, REMOVAL_REASON);
      await db.transaction(async (tx) => {
        await writeSubscription(tx, provider.kind, due.org_id, state.member, changed, clock(), REMOVAL_REASON);
        await recordRemovalCancel(
          tx,
          due.org_id,
          state.member,
          subscriptionValues(current),
          subscriptionValues(changed),
          changed.id,
          current.plan,
          clock(),
        );
      });
      return true;
    },
    { deleted: true },
  );
}

/**
 * One pass: cancels the subscription of every member deleted at least 30 days before `now` whose
 * subscription is not canceled. A failure is logged and the member stays in Recently deleted (the
 * clean-up does not remove them); the next pass tries again.
 */
export async function endRemovedMembersBilling(
  deps: BillingDeps,
  now: Date,
  options: { onError?: (error: unknown) => void } = {},
): Promise<BillingRemovalResult> {
  const cutoff = new Date(now.getTime() - RECENTLY_DELETED_DAYS * 24 * 60 * 60 * 1000);
  const result: BillingRemovalResult = { canceled: [], failed: [] };
  const tried = new Set<string>();
  for (;;) {
    const { rows } = await deps.db.query<Due>(
      `SELECT m.id, m.org_id, s.provider FROM member_rows m JOIN subscriptions s ON s.member_id = m.id AND s.org_id = m.org_id
        WHERE m.deleted_at <= $1 AND s.status <> 'canceled' AND NOT (m.id = ANY($2::text[]))
        ORDER BY m.deleted_at, m.id LIMIT $3`,
      [cutoff, [...tried], BATCH],
    );
    for (const due of rows) {
      tried.add(due.id);
      try {
        if (await endOne(deps, due, cutoff)) result.canceled.push(due.id);
        else {
          result.failed.push(due.id);
          (options.onError ?? console.error)(
            new Error(
              `[billing] member ${due.id} is due to be removed for good, but their ${due.provider} subscription cannot be canceled by the ${deps.provider.kind} provider: cancel it there; the member stays in Recently deleted until then`,
            ),
          );
        }
      } catch (error) {
        result.failed.push(due.id);
        (options.onError ?? console.error)(
          new Error(`[billing] the subscription of member ${due.id}, due to be removed for good, could not be canceled`, { cause: error }),
        );
      }
    }
    if (rows.length < BATCH) return result;
  }
}

/** Runs the pass now and every `everyMs` (an hour); a pass never overlaps the previous one in this process. */
export function startBillingRemovals(deps: BillingDeps, options: BackgroundOptions & { everyMs?: number } = {}): RecurringWork {
  const onError = options.onError ?? ((error: unknown) => console.error('[api] billing of members removed for good', error));
  return startRecurring(() => endRemovedMembersBilling(deps, deps.clock(), { onError }), options.everyMs ?? EVERY_MS, onError);
}
