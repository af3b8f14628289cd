/**
 * The Activity screen's view in the address bar:
 * `/users/activity?member=<id>&actor=<id>&kind=member.edited&from=2026-01-01&to=2026-01-31&page=2`.
 * A link can open one member's trail (the billing page's 'See all activity'), and Back, Forward,
 * reload and a shared link show the same view. Declared with the users list's URL plumbing
 * (../urlView): defaults are left out, and a value that makes no sense (an unknown kind, page 0, an
 * id the API would refuse, a day that does not exist) falls back to its default quietly. The dates
 * are days: whoever opens the link reads them in their own time zone. A range that runs backwards
 * in a link keeps its 'From' only.
 */
import * as v from 'valibot';
import { MemberIdQuery, isCalendarDay } from '../../contract/audit';
import { LIMITS } from '../../domain/limits';
import { defineUrlView, oneOf, pageNumber, text } from '../urlView';
import { ACTIVITY_KIND_FILTERS, type ActivityKindFilter } from './describe';

export interface ActivityView {
  memberId: string | null;
  actorId: string | null;
  kind: ActivityKindFilter;
  from: string | null;
  to: string | null;
  page: number;
}

/** An id the API accepts (the contract's own check: bounded, no control characters). */
const isId = (id: string) => v.is(MemberIdQuery, id);
/** A day the API accepts (the contract's checks of `from` and `to`: YYYY-MM-DD, a day that exists). */
const CalendarDay = v.pipe(v.string(), v.isoDate(), v.check(isCalendarDay));
const isDay = (day: string) => v.is(CalendarDay, day);

const activityView = defineUrlView<ActivityView>(
  { memberId: null, actorId: null, kind: 'all', from: null, to: null, page: 1 },
  {
    memberId: text('member', isId),
    actorId: text('actor', isId),
    kind: oneOf('kind', ACTIVITY_KIND_FILTERS),
    from: text('from', isDay),
    to: text('to', isDay),
    page: pageNumber('page', LIMITS.page),
  },
);

export const DEFAULT_ACTIVITY_VIEW: ActivityView = activityView.defaults;

/** A range whose 'To' comes before its 'From' (days compare as text); a range open at either end never does. */
export function runsBackwards(from: string | null, to: string | null): boolean {
  return from !== null && to !== null && to < from;
}

/** The view a query names (a backwards range keeps its 'From' only: a link never shows a range the screen refuses). */
export function parseActivityView(query: string): ActivityView {
  const view = activityView.parse(query);
  return runsBackwards(view.from, view.to) ? { ...view, to: null } : view;
}
export const activityViewQuery = activityView.toQuery;
