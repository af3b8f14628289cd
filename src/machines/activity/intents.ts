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
    goToPage: (page: number) => ref.send({ type: 'activity.goToPage', page }),
    retry: () => ref.send({ type: 'activity.retry' }),
    /** Read the trail again as it is filtered (the page around it has changed what it shows). */
    refresh: () => ref.send({ type: 'activity.refresh' }),
  };
}
