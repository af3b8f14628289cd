/**
 * An activity-trail entry in words: the name of each kind of change for the filter, and
 * each entry as a sentence, "<actor> <did what> <member>", with the values before and after.
 * Pure, so the Activity screen and the billing page's card say the same thing, and every wording
 * is unit-tested (tests/unit/activity-describe.test.ts). Text only: the views render these strings
 * as text, never as HTML.
 */
import { AUDIT_KINDS, type AuditEntry, type AuditKind, type AuditValues } from '../../contract/audit';
import { formatDateTime, formatLongDate } from '../../domain/dates';
import { formatPhone } from '../../domain/phone';
import { isPlanType, PLANS } from '../../domain/plans';

/** The Activity screen's 'Kind of change' filter: every kind, or one. */
export type ActivityKindFilter = 'all' | AuditKind;
export const ACTIVITY_KIND_FILTERS: readonly ActivityKindFilter[] = ['all', ...AUDIT_KINDS];

const KIND_LABELS: Record<ActivityKindFilter, string> = {
  all: 'All changes',
  'member.created': 'Member added',
  'member.invited': 'Member invited',
  'member.invitation_resent': 'Invitation resent',
  'member.invitation_revoked': 'Invitation revoked',
  'member.edited': 'Member edited',
  'member.deleted': 'Member deleted',
  'member.restored': 'Member restored',
  'member.purged': 'Member removed for good',
  'member.license': 'License changed',
  'member.status': 'Status changed',
  'members.bulk': 'Bulk change',
  'subscription.plan_changed': 'Plan changed',
  'subscription.canceled': 'Subscription canceled',
  'subscription.reactivated': 'Subscription reactivated',
  'subscription.change_scheduled': 'Plan change scheduled',
  'payment_method.page_opened': 'Payment method page opened',
  'payment_method.added': 'Card added',
  'payment_method.default_changed': 'Default card changed',
};

/** 'Member edited', 'Plan changed'… ('All changes' for no filter). */
export function kindLabel(kind: ActivityKindFilter): string {
  return KIND_LABELS[kind];
}

export function isActivityKindFilter(value: string): value is ActivityKindFilter {
  return (ACTIVITY_KIND_FILTERS as readonly string[]).includes(value);
}

/** One value that changed: 'Role: Field Worker → Supervisor' (`before` or `after` alone when the other side has none). */
export interface ActivityChange {
  label: string;
  before?: string;
  after?: string;
}

/** An entry as a sentence: `${actor} ${action} ${member}${suffix ? ` ${suffix}` : ''}`, then its changes. */
export interface ActivitySentence {
  action: string;
  suffix?: string;
  changes: ActivityChange[];
}

const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  email: 'Email',
  phoneNumber: 'Phone',
  role: 'Role',
  hasLicense: 'License',
  isActive: 'Status',
  planType: 'Plan',
  status: 'Status',
  cancelAtPeriodEnd: 'Cancels at period end',
  reason: 'Reason',
  expiresAt: 'Link expires',
  scheduledPlanType: 'Scheduled plan',
  scheduledChangeAt: 'Changes on',
  brand: 'Brand',
  last4: 'Last four digits',
  expMonth: 'Expiry month',
  expYear: 'Expiry year',
  isDefault: 'Default',
  card: 'Default card',
  invitedAt: 'Invited',
  invitationExpiresAt: 'Temporary password expires',
  deletedAt: 'Deleted on',
};

type Value = AuditValues[string] | undefined;

/** A value in words: licence on/off, active/pending, the plan's name, a date in en-US… */
function valueText(field: string, value: Value): string {
  if (value === null || value === undefined) return 'none';
  if (field === 'hasLicense' && typeof value === 'boolean') return value ? 'on' : 'off';
  if (field === 'isActive' && typeof value === 'boolean') return value ? 'active' : 'pending';
  if ((field === 'planType' || field === 'scheduledPlanType') && isPlanType(value)) return PLANS[value].name;
  if (field === 'brand' && typeof value === 'string') return value.toUpperCase();
  if (field === 'phoneNumber' && typeof value === 'string') return formatPhone(value);
  if ((field === 'expiresAt' || field === 'invitedAt' || field === 'invitationExpiresAt') && typeof value === 'string') {
    return formatDateTime(value);
  }
  if ((field === 'scheduledChangeAt' || field === 'deletedAt') && typeof value === 'string') return formatLongDate(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

function labelOf(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

/**
 * What changed, field by field, in the order the entry lists them. With both sides, only the fields
 * whose value differs (a cancellation's plan, unchanged, is not repeated); a field new in `after`
 * reads as its value alone ('Reason: Too expensive'). With one side (a member
 * added or deleted, a first plan), that side's fields, except the name: the sentence names the member.
 */
export function changesOf(before: AuditValues | null, after: AuditValues | null): ActivityChange[] {
  if (before && after) {
    const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
    return fields
      .filter((field) => before[field] !== after[field])
      .map((field) =>
        // A field that appears (a cancellation's reason) reads as its value; one that goes, as → none.
        field in before
          ? { label: labelOf(field), before: valueText(field, before[field]), after: valueText(field, after[field]) }
          : { label: labelOf(field), after: valueText(field, after[field]) },
      );
  }
  const side = after ?? before;
  if (!side) return [];
  return Object.entries(side)
    .filter(([field]) => field !== 'name')
    .map(([field, value]) => {
      const text = valueText(field, value);
      return after ? { label: labelOf(field), after: text } : { label: labelOf(field), before: text };
    });
}

/** 'Role: Field Worker → Supervisor', 'Reason: Too expensive', 'Email: ana@example.com'. */
export function changeText(change: ActivityChange): string {
  const { label, before, after } = change;
  if (before !== undefined && after !== undefined) return `${label}: ${before} → ${after}`;
  return `${label}: ${after ?? before ?? 'none'}`;
}

function flag(values: AuditValues | null, field: string): Value {
  return values?.[field];
}

/** The verb (and its complement) of the sentence, by kind and, for a switch, by the value it was set to. */
function actionOf(entry: Pick<AuditEntry, 'kind' | 'before' | 'after'>): Pick<ActivitySentence, 'action' | 'suffix'> {
  const { kind, before, after } = entry;
  switch (kind) {
    case 'member.created':
      return { action: 'added' };
    case 'member.invited':
      return { action: 'invited' };
    case 'member.edited':
      return { action: 'edited' };
    case 'member.deleted':
      return { action: 'deleted' };
    case 'member.invitation_resent':
      return { action: 'resent the invitation of' };
    case 'member.invitation_revoked':
      return { action: 'revoked the invitation of' };
    case 'member.restored':
      return { action: 'restored' };
    case 'member.purged':
      return { action: 'removed', suffix: 'for good, 30 days after their deletion' };
    case 'member.license': {
      const on = flag(after, 'hasLicense');
      return { action: on === true ? 'granted a license to' : on === false ? 'removed the license of' : 'changed the license of' };
    }
    case 'member.status': {
      const active = flag(after, 'isActive');
      return { action: active === true ? 'activated' : active === false ? 'deactivated' : 'changed the status of' };
    }
    case 'members.bulk':
      return { action: 'updated', suffix: 'in a bulk change' };
    case 'subscription.plan_changed':
      return { action: before === null ? 'started a subscription for' : 'changed the plan of' };
    case 'subscription.canceled':
      return flag(after, 'cancelAtPeriodEnd') === true
        ? { action: 'canceled the subscription of', suffix: 'at period end' }
        : { action: 'canceled the subscription of' };
    case 'subscription.reactivated':
      return { action: 'reactivated the subscription of' };
    case 'subscription.change_scheduled':
      return flag(after, 'scheduledPlanType') === null
        ? { action: 'withdrew the scheduled plan change of' }
        : { action: 'scheduled a plan change for', suffix: 'at period end' };
    case 'payment_method.page_opened':
      return { action: 'opened the payment method page for' };
    case 'payment_method.added':
      return { action: 'added a card for' };
    case 'payment_method.default_changed':
      return { action: 'changed the default card of' };
  }
}

/** The entry in words: "Dana Whitfield changed the plan of Maria Garcia", "Plan: Hardline Lite → Hardline Pro". */
export function describeEntry(entry: Pick<AuditEntry, 'kind' | 'before' | 'after'>): ActivitySentence {
  return { ...actionOf(entry), changes: changesOf(entry.before, entry.after) };
}
