import { Button, Card, HStack, Heading, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Component, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'wouter';
import {
  ACTIVITY_ERROR_TITLE,
  selectEntries,
  selectError,
  selectIsEmpty,
  selectIsFirstLoad,
  selectIsLoading,
  type ActivityActorRef,
  activityIntents,
} from '../../machines/activity';
import { DEFAULT_ACTIVITY_VIEW, activityViewQuery } from '../../machines/activity/view';
import { useScreenActor } from '../app/machinesContext';
import { ErrorBox } from '../shared/ErrorBox';
import { ActivityEmpty, ActivityList } from '../users/ActivityList';
import { useIntents } from '../shared/useIntents';

/** The member's latest entries the card shows. */
const RECENT_ACTIVITY_LIMIT = 5;

const TITLE = 'Recent activity';

/** The Activity screen filtered to this member (the same address a click on their name there gives). */
function activityHref(userId: string): string {
  return `/users/activity${activityViewQuery({ ...DEFAULT_ACTIVITY_VIEW, memberId: userId })}`;
}

function placeholders() {
  return <ActivityList label={TITLE} entries={[]} firstLoad refreshing={false} skeletonRows={RECENT_ACTIVITY_LIMIT} />;
}

/**
 * The card is a part of the billing page, not the page: if its code cannot load (or its machine is
 * missing), it says so in its own place and the member's billing stays on screen.
 */
class CardBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) {
      return (
        <Text role="alert" color="fg.muted" fontSize="sm">
          Recent activity cannot be shown right now. Reload the page to try again.
        </Text>
      );
    }
    return this.props.children;
  }
}

/** The member's trail: an activity actor of its own, with the member as input and five entries. */
function MemberActivity({ userId, refreshKey }: { userId: string; refreshKey: unknown }) {
  const ref: ActivityActorRef = useScreenActor('activity', { input: { memberId: userId, limit: RECENT_ACTIVITY_LIMIT } });
  const intents = useIntents(activityIntents, ref);
  // The page has read the member's billing again (a change was made): the trail is read again too.
  const shown = useRef(refreshKey);
  useEffect(() => {
    if (shown.current === refreshKey) return;
    shown.current = refreshKey;
    intents.refresh();
  }, [intents, refreshKey]);
  const entries = useSelector(ref, selectEntries);
  const firstLoad = useSelector(ref, selectIsFirstLoad);
  const loading = useSelector(ref, selectIsLoading);
  const error = useSelector(ref, selectError);
  const empty = useSelector(ref, selectIsEmpty);
  return (
    <>
      {error !== null ? <ErrorBox title={ACTIVITY_ERROR_TITLE} message={error} onRetry={intents.retry} /> : null}
      {empty ? (
        <ActivityEmpty about="member" />
      ) : (
        <ActivityList
          label={TITLE}
          entries={entries}
          firstLoad={firstLoad}
          refreshing={loading && !firstLoad}
          skeletonRows={RECENT_ACTIVITY_LIMIT}
        />
      )}
    </>
  );
}

/**
 * A member's billing page: their five latest activity entries (the Activity screen's entries) and
 * a link to all of them. It runs its own trail, so its loading or failing never holds up the page.
 * `refreshKey` is what the page shows of the member (their billing): when it is replaced, the page
 * has read it again after a change, and the card reads the trail again.
 */
export function MemberActivityCard({ userId, refreshKey }: { userId: string; refreshKey?: unknown }) {
  return (
    <Card.Root as="section" aria-label={TITLE}>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h3" size="md">
            {TITLE}
          </Heading>
          <Button asChild size="sm" variant="outline">
            <Link href={activityHref(userId)}>See all activity</Link>
          </Button>
        </HStack>
      </Card.Header>
      <Card.Body>
        <CardBoundary>
          <Suspense fallback={placeholders()}>
            {/* Another member (a link from one billing page to another): another trail. */}
            <MemberActivity key={userId} userId={userId} refreshKey={refreshKey} />
          </Suspense>
        </CardBoundary>
      </Card.Body>
    </Card.Root>
  );
}
