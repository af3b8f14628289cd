/**
 * What the Activity screen and a member's Recent activity card can ask of a trail
 * (./activityMachine.ts), named: the views call these and never build its events themselves.
 */
import type { ActivityActorRef } from './activityMachine';
import type { ActivityKindFilter } from './describe';

export function activityIntents(ref: ActivityActorRef) {
  return {
    filterKind: (kind: ActivityKindFilter) => ref.send({ type: 'activity.filterKind', kind }),
    /** A click on a member's name: the trail of that member. */
    filterMember: ({ memberId, name }: { memberId: string; name: string }) => ref.send({ type: 'activity.filterMember', memberId, name }),
    clearMember: () => ref.send({ type: 'activity.clearMember' }),
    /** A click on who made a change: that administrator's changes. */
    filterActor: ({ memberId, name }: { memberId: string; name: string }) => ref.send({ type: 'activity.filterActor', memberId, name }),
    clearActor: () => ref.send({ type: 'activity.clearActor' }),
    /** The two date fields as they are ('' for an empty one). */
    filterDates: ({ from, to }: { from: string; to: string }) =>
      ref.send({ type: 'activity.filterDates', from: from === '' ? null : from, to: to === '' ? null : to }),
    clearFilters: () => ref.send({ type: 'activity.clearFilters' }),
    export: () => ref.send({ type: 'activity.export' }),
    goToPage: (page: number) => ref.send({ type: 'activity.goToPage', page }),
    retry: () => ref.send({ type: 'activity.retry' }),
    /** Read the trail again as it is filtered (the page around it has changed what it shows). */
    refresh: () => ref.send({ type: 'activity.refresh' }),
  };
}
