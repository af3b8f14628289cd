/**
 * The Activity screen's view in the address bar: `/users/activity?member=<id>&kind=member.edited&page=2`.
 * A link can open one member's trail (the billing page's 'See all activity'), and Back, Forward,
 * reload and a shared link show the same view. Declared with the users list's URL plumbing
 * (../urlView): defaults are left out, and a value that makes no sense (an unknown kind, page 0, an
 * id the API would refuse) falls back to its default quietly.
 */
import * as v from 'valibot';
import { AuditQuerySchema } from '../../contract/audit';
import { LIMITS } from '../../domain/limits';
import { defineUrlView, oneOf, pageNumber, text } from '../urlView';
import { ACTIVITY_KIND_FILTERS, type ActivityKindFilter } from './describe';

export interface ActivityView {
  memberId: string | null;
  kind: ActivityKindFilter;
  page: number;
}

/** A member id the API accepts (the contract's own check: bounded, no control characters). */
const MemberIdSchema = AuditQuerySchema.entries.memberId;

const activityView = defineUrlView<ActivityView>(
  { memberId: null, kind: 'all', page: 1 },
  {
    memberId: text('member', (id) => v.is(MemberIdSchema, id)),
    kind: oneOf('kind', ACTIVITY_KIND_FILTERS),
    page: pageNumber('page', LIMITS.page),
  },
);

export const DEFAULT_ACTIVITY_VIEW: ActivityView = activityView.defaults;
export const parseActivityView = activityView.parse;
export const activityViewQuery = activityView.toQuery;
