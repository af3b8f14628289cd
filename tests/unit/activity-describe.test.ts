// @vitest-environment node
/**
 * The activity trail in words (src/machines/activity/describe.ts): the filter's label for each kind,
 * and each kind of entry as the sentence and the before → after values the screens show.
 */
import { describe, expect, it } from 'vitest';
import { AUDIT_KINDS, type AuditEntry } from '../../src/contract/audit';
import {
  ACTIVITY_KIND_FILTERS,
  changeText,
  changesOf,
  describeEntry,
  isActivityKindFilter,
  kindLabel,
} from '../../src/machines/activity/describe';

type Described = Pick<AuditEntry, 'kind' | 'before' | 'after'>;

/** The sentence between the actor and the member, and each change as the screen writes it. */
function words(entry: Described): { action: string; changes: string[] } {
  const sentence = describeEntry(entry);
  return {
    action: sentence.suffix ? `${sentence.action} … ${sentence.suffix}` : sentence.action,
    changes: sentence.changes.map(changeText),
  };
}

const MEMBER = {
  name: 'Ben Ode',
  email: 'ben@example.com',
  phoneNumber: '+15551234567',
  role: 'Field Worker',
  hasLicense: false,
  isActive: false,
};
const SUBSCRIPTION = { planType: 'lite', status: 'active', cancelAtPeriodEnd: false };

describe('kind of change', () => {
  it('every kind of the contract has its own label, after "All changes", in the contract order', () => {
    expect(ACTIVITY_KIND_FILTERS).toEqual(['all', ...AUDIT_KINDS]);
    expect(ACTIVITY_KIND_FILTERS.map(kindLabel)).toEqual([
      'All changes',
      'Member added',
      'Member invited',
      'Invitation resent',
      'Invitation revoked',
      'Member edited',
      'Member deleted',
      'Member restored',
      'Member removed for good',
      'License changed',
      'Status changed',
      'Bulk change',
      'Plan changed',
      'Subscription canceled',
      'Subscription reactivated',
      'Plan change scheduled',
      'Payment method page opened',
      'Card added',
      'Default card changed',
    ]);
  });

  it('knows the filter values and nothing else', () => {
    expect(isActivityKindFilter('member.edited')).toBe(true);
    expect(isActivityKindFilter('all')).toBe(true);
    expect(isActivityKindFilter('member')).toBe(false);
    expect(isActivityKindFilter('')).toBe(false);
  });
});

describe('an entry as a sentence', () => {
  it('a member added or invited: what they were added with, not their name again', () => {
    const added = words({ kind: 'member.created', before: null, after: MEMBER });
    expect(added.action).toBe('added');
    expect(added.changes).toEqual([
      'Email: ben@example.com',
      'Phone: +1 (555) 123-4567',
      'Role: Field Worker',
      'License: off',
      'Status: pending',
    ]);
    expect(words({ kind: 'member.invited', before: null, after: MEMBER }).action).toBe('invited');
  });

  it('an invitation resent or revoked: what was done, and the fields of a revoked member', () => {
    const resent = words({
      kind: 'member.invitation_resent',
      before: { invitedAt: '2026-01-05T15:00:00.000Z', invitationExpiresAt: '2026-01-12T15:00:00.000Z' },
      after: { invitedAt: '2026-01-20T15:00:00.000Z', invitationExpiresAt: '2026-01-27T15:00:00.000Z' },
    });
    expect(resent.action).toBe('resent the invitation of');
    expect(resent.changes).toEqual([
      expect.stringMatching(/^Invited: Jan 5, 2026, \d+:00 (AM|PM) → Jan 20, 2026, \d+:00 (AM|PM)$/),
      expect.stringMatching(/^Temporary password expires: Jan 12, 2026, \d+:00 (AM|PM) → Jan 27, 2026, \d+:00 (AM|PM)$/),
    ]);
    const revoked = words({ kind: 'member.invitation_revoked', before: MEMBER, after: null });
    expect(revoked.action).toBe('revoked the invitation of');
    expect(revoked.changes).toContain('Email: ben@example.com');
  });

  it('a member edited: each changed field, before → after', () => {
    expect(
      words({ kind: 'member.edited', before: { role: 'Field Worker', name: 'Ben' }, after: { role: 'Supervisor', name: 'Ben Ode' } }),
    ).toEqual({
      action: 'edited',
      changes: ['Role: Field Worker → Supervisor', 'Name: Ben → Ben Ode'],
    });
  });

  it('a member deleted: who they were', () => {
    const deleted = words({ kind: 'member.deleted', before: { ...MEMBER, isActive: true }, after: null });
    expect(deleted.action).toBe('deleted');
    expect(deleted.changes).toContain('Status: active');
    expect(deleted.changes).toContain('Role: Field Worker');
  });

  it('a member restored from Recently deleted, and one removed for good by the clean-up 30 days after', () => {
    expect(words({ kind: 'member.restored', before: null, after: { ...MEMBER, isActive: true } })).toEqual({
      action: 'restored',
      changes: ['Email: ben@example.com', 'Phone: +1 (555) 123-4567', 'Role: Field Worker', 'License: off', 'Status: active'],
    });
    const purged = words({ kind: 'member.purged', before: { ...MEMBER, deletedAt: '2026-03-02T15:00:00.000Z' }, after: null });
    expect(purged.action).toBe('removed … for good, 30 days after their deletion');
    expect(purged.changes).toContain('Deleted on: March 2, 2026');
  });

  it('a license granted or removed', () => {
    expect(words({ kind: 'member.license', before: { hasLicense: false }, after: { hasLicense: true } })).toEqual({
      action: 'granted a license to',
      changes: ['License: off → on'],
    });
    expect(words({ kind: 'member.license', before: { hasLicense: true }, after: { hasLicense: false } })).toEqual({
      action: 'removed the license of',
      changes: ['License: on → off'],
    });
  });

  it('a member activated or deactivated', () => {
    expect(words({ kind: 'member.status', before: { isActive: false }, after: { isActive: true } })).toEqual({
      action: 'activated',
      changes: ['Status: pending → active'],
    });
    expect(words({ kind: 'member.status', before: { isActive: true }, after: { isActive: false } }).action).toBe('deactivated');
  });

  it('a bulk change says so', () => {
    expect(words({ kind: 'members.bulk', before: { role: 'Field Worker' }, after: { role: 'Supervisor' } })).toEqual({
      action: 'updated … in a bulk change',
      changes: ['Role: Field Worker → Supervisor'],
    });
  });

  it('a plan started, then changed, by the plan names of the catalogue', () => {
    expect(words({ kind: 'subscription.plan_changed', before: null, after: { ...SUBSCRIPTION, planType: 'pro' } })).toEqual({
      action: 'started a subscription for',
      changes: ['Plan: Hardline Pro', 'Status: active', 'Cancels at period end: no'],
    });
    expect(words({ kind: 'subscription.plan_changed', before: SUBSCRIPTION, after: { ...SUBSCRIPTION, planType: 'pro' } })).toEqual({
      action: 'changed the plan of',
      changes: ['Plan: Hardline Lite → Hardline Pro'],
    });
  });

  it('a cancellation now or at period end, with its reason; a reactivation', () => {
    expect(
      words({
        kind: 'subscription.canceled',
        before: SUBSCRIPTION,
        after: { ...SUBSCRIPTION, status: 'canceled', reason: 'Too expensive' },
      }),
    ).toEqual({ action: 'canceled the subscription of', changes: ['Status: active → canceled', 'Reason: Too expensive'] });
    expect(words({ kind: 'subscription.canceled', before: SUBSCRIPTION, after: { ...SUBSCRIPTION, cancelAtPeriodEnd: true } })).toEqual({
      action: 'canceled the subscription of … at period end',
      changes: ['Cancels at period end: no → yes'],
    });
    const scheduled = { ...SUBSCRIPTION, cancelAtPeriodEnd: true };
    expect(words({ kind: 'subscription.reactivated', before: scheduled, after: SUBSCRIPTION })).toEqual({
      action: 'reactivated the subscription of',
      changes: ['Cancels at period end: yes → no'],
    });
  });

  it('the payment method page: when its link stops working, in en-US', () => {
    const opened = words({ kind: 'payment_method.page_opened', before: null, after: { expiresAt: '2026-01-05T15:04:05.000Z' } });
    expect(opened.action).toBe('opened the payment method page for');
    expect(opened.changes).toHaveLength(1);
    expect(opened.changes[0]).toMatch(/^Link expires: (Jan 5|Jan 6), 2026, \d{1,2}:04 [AP]M$/);
  });

  it('a plan change scheduled for the period’s end, or withdrawn', () => {
    const scheduled = words({
      kind: 'subscription.change_scheduled',
      before: { scheduledPlanType: null, scheduledChangeAt: null },
      after: { scheduledPlanType: 'lite', scheduledChangeAt: '2026-02-05T12:00:00.000Z' },
    });
    expect(scheduled).toEqual({
      action: 'scheduled a plan change for … at period end',
      changes: ['Scheduled plan: none → Hardline Lite', 'Changes on: none → February 5, 2026'],
    });
    const withdrawn = words({
      kind: 'subscription.change_scheduled',
      before: { scheduledPlanType: 'lite', scheduledChangeAt: '2026-02-05T12:00:00.000Z' },
      after: { scheduledPlanType: null, scheduledChangeAt: null },
    });
    expect(withdrawn).toEqual({
      action: 'withdrew the scheduled plan change of',
      changes: ['Scheduled plan: Hardline Lite → none', 'Changes on: February 5, 2026 → none'],
    });
  });

  it('a card added or made the default on the hosted page: never more of the number than the last four digits', () => {
    const added = words({
      kind: 'payment_method.added',
      before: null,
      after: { brand: 'mastercard', last4: '4444', expMonth: 4, expYear: 2031, isDefault: false },
    });
    expect(added).toEqual({
      action: 'added a card for',
      changes: ['Brand: MASTERCARD', 'Last four digits: 4444', 'Expiry month: 4', 'Expiry year: 2031', 'Default: no'],
    });
    const made = words({
      kind: 'payment_method.default_changed',
      before: { card: 'VISA •••• 4242' },
      after: { card: 'MASTERCARD •••• 4444' },
    });
    expect(made).toEqual({ action: 'changed the default card of', changes: ['Default card: VISA •••• 4242 → MASTERCARD •••• 4444'] });
  });
});

describe('values in words', () => {
  it('a field gone or new, an unknown field, a value that is none', () => {
    expect(changesOf({ reason: 'x' }, {}).map(changeText)).toEqual(['Reason: x → none']);
    expect(changesOf({}, { seats: 3 }).map(changeText)).toEqual(['seats: 3']);
    expect(changesOf({ phoneNumber: null }, { phoneNumber: '+15551234567' }).map(changeText)).toEqual(['Phone: none → +1 (555) 123-4567']);
    expect(changesOf({ flag: true }, { flag: false }).map(changeText)).toEqual(['flag: yes → no']);
    expect(changesOf(null, null)).toEqual([]);
  });

  it('a licence, a status or a plan the server wrote in another form is shown as written, not guessed', () => {
    expect(changesOf({ hasLicense: 'seat-1' }, { hasLicense: 'seat-2' }).map(changeText)).toEqual(['License: seat-1 → seat-2']);
    expect(changesOf({ isActive: 0 }, { isActive: 1 }).map(changeText)).toEqual(['Status: 0 → 1']);
    expect(changesOf({ planType: 'enterprise' }, { planType: 'lite' }).map(changeText)).toEqual(['Plan: enterprise → Hardline Lite']);
    // A plan's key in another field is that field's text, not the plan's name.
    expect(changesOf({ name: 'lite' }, { name: 'pro' }).map(changeText)).toEqual(['Name: lite → pro']);
    expect(changesOf({ phoneNumber: 5551234567 }, null).map(changeText)).toEqual(['Phone: 5551234567']);
    expect(changesOf({ expiresAt: 0 }, null).map(changeText)).toEqual(['Link expires: 0']);
    expect(changeText({ label: 'Reason' })).toBe('Reason: none');
    expect(describeEntry({ kind: 'member.license', before: null, after: null }).action).toBe('changed the license of');
    expect(describeEntry({ kind: 'member.status', before: null, after: { isActive: 'yes' } }).action).toBe('changed the status of');
  });

  it('text stays text: markup from the server is shown as written', () => {
    expect(changesOf({ name: '<b>Ana</b>' }, { name: '<img src=x onerror=alert(1)>' }).map(changeText)).toEqual([
      'Name: <b>Ana</b> → <img src=x onerror=alert(1)>',
    ]);
  });
});
