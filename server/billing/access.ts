/**
 * The access level of a member (SPEC §3, §6: pro, lite, trial, free): one bucket per member, the one
 * definition every server query reads (the overview breakdown, the user billing view, the
 * Assistant's member filters, counts and profiles).
 *
 *   1. a subscription that is active or past_due            -> its plan (pro | lite)
 *   2. else a trialing subscription, or an unconverted trial
 *      that has not ended yet                                -> trial
 *   3. else (no subscription, canceled, trial over)         -> free
 *
 * `accessLevelSql` is the rule for one member's row. The overview and the Assistant count levels
 * without joining every member (server/figures: the subscription tallies, plus the open trials of members
 * whose subscription does not decide): `subscriptionLevel`, `subscriptionDecidesSql` and
 * `openTrialSql` are the same rule taken apart for that, and `accessLevelSql` is built from them.
 */
import type { AccessLevel } from '../../src/contract/api';
import { isPlanType } from '../../src/domain/plans';

export type { AccessLevel };

/** Subscription statuses whose plan is the member's level (rule 1): paying for it, or owing. */
const PAID_STATUSES = ['active', 'past_due'] as const;
/** The subscription status that makes the member a trial, whatever their trial row says (rule 2). */
const TRIALING = 'trialing';

const sqlList = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** Whether a subscription with this status gives its plan as the member's level (active or past_due). */
export function isPaidStatus(status: string | null | undefined): boolean {
  return PAID_STATUSES.some((paid) => paid === status);
}

/**
 * The level a subscription gives on its own: its plan when paid, 'trial' when trialing; null when
 * it decides nothing (canceled, none), and then the member's trial row does (rule 2, else free).
 */
export function subscriptionLevel(status: string | null | undefined, planType: string | null | undefined): AccessLevel | null {
  if (isPaidStatus(status)) return isPlanType(planType) ? planType : null;
  return status === TRIALING ? 'trial' : null;
}

/** SQL: the subscription `s` decides the level on its own (rules 1 and 2's trialing). */
export function subscriptionDecidesSql(s = 's'): string {
  return `${s}.status IN (${sqlList([...PAID_STATUSES, TRIALING])})`;
}

/** SQL: the trial `t` (trials) is open at the time parameter `nowParam`: not converted, not ended. */
export function openTrialSql(nowParam: string, t = 't'): string {
  return `(${t}.converted_at IS NULL AND ${t}.ends_at > ${nowParam})`;
}

/** SQL for the access level of `m` (members) with `s` (subscriptions) and `t` (trials) joined; `nowParam` is the time parameter. */
export function accessLevelSql(nowParam: string): string {
  return `CASE
    WHEN s.status IN (${sqlList(PAID_STATUSES)}) THEN s.plan_type
    WHEN s.status = '${TRIALING}' OR ${openTrialSql(nowParam)} THEN 'trial'
    ELSE 'free'
  END`;
}
