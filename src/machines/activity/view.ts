/**
 * The Activity screen's view in the address bar: `/users/activity?member=<id>&kind=member.edited&page=2`.
 * A link can open one member's trail (the billing page's 'See all activity'), and Back, Forward,
 * reload and a shared link show the same view. Pure: the address bar itself is a service
 * (src/services/address.ts), reached through the machine's implementations.
 *
 * As in the users list (../usersList/view.ts): defaults are left out (`/users/activity` is every
 * kind, every member, page 1), so every view has one spelling, and a value that makes no sense (an
 * unknown kind, page 0, an id the API would refuse) falls back to its default quietly.
 */
import * as v from 'valibot';
import { AuditQuerySchema } from '../../contract/audit';
import { LIMITS } from '../../domain/limits';
import { isActivityKindFilter, type ActivityKindFilter } from './describe';

export interface ActivityView {
  memberId: string | null;
  kind: ActivityKindFilter;
  page: number;
}

export const DEFAULT_ACTIVITY_VIEW: ActivityView = { memberId: null, kind: 'all', page: 1 };

/** A member id the API accepts (the contract's own check: bounded, no control characters). */
const MemberIdSchema = AuditQuerySchema.entries.memberId;

function pageOf(value: string | null): number {
  // Stryker disable next-line ConditionalExpression: a null value fails the digits test too (RegExp.test(null) reads "null")
  if (value === null || !/^\d{1,6}$/.test(value)) return DEFAULT_ACTIVITY_VIEW.page;
  const page = Number(value);
  // Stryker disable next-line EqualityOperator: `page > 1` differs only at page 1, which is also the default
  return page >= 1 && page <= LIMITS.page ? page : DEFAULT_ACTIVITY_VIEW.page;
}

/** The view a query string ('?…', or '') names; anything it does not name, or names wrongly, is the default. */
export function parseActivityView(query: string): ActivityView {
  const params = new URLSearchParams(query);
  const member = params.get('member');
  const kind = params.get('kind');
  return {
    // Stryker disable next-line ConditionalExpression: `v.is` refuses null, so the null check only narrows the type
    memberId: member !== null && v.is(MemberIdSchema, member) ? member : DEFAULT_ACTIVITY_VIEW.memberId,
    // Stryker disable next-line ConditionalExpression: `isActivityKindFilter` refuses null, so the null check only narrows the type
    kind: kind !== null && isActivityKindFilter(kind) ? kind : DEFAULT_ACTIVITY_VIEW.kind,
    page: pageOf(params.get('page')),
  };
}

/** The view's one spelling as a query string: '' for the default view, otherwise '?…' without its defaults. */
export function activityViewQuery(view: ActivityView): string {
  const params = new URLSearchParams();
  if (view.memberId !== null) params.set('member', view.memberId);
  if (view.kind !== DEFAULT_ACTIVITY_VIEW.kind) params.set('kind', view.kind);
  if (view.page !== DEFAULT_ACTIVITY_VIEW.page) params.set('page', String(view.page));
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
