import { CloseButton, Flex, HStack, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { memo } from 'react';
import {
  ACTIVITY_ERROR_TITLE,
  ACTIVITY_KIND_FILTERS,
  kindLabel,
  selectEntries,
  selectError,
  selectIsEmpty,
  selectFilteredBy,
  selectIsFirstLoad,
  selectIsLoading,
  selectKind,
  selectLimit,
  selectMemberFilter,
  selectPage,
  selectTotal,
  type ActivityActorRef,
  activityIntents,
} from '../../machines/activity';
import { useScreenActor } from '../app/machines-context';
import { ErrorBox } from '../shared/ErrorBox';
import { FilterSelect } from '../shared/FilterSelect';
import { ListPager } from '../shared/ListPager';
import { ActivityEmpty, ActivityList } from './ActivityList';
import { UsersSections } from './UsersSections';
import { useIntents } from '../shared/useIntents';

const KindFilter = memo(function KindFilter({ actor }: { actor: ActivityActorRef }) {
  const kind = useSelector(actor, selectKind);
  const { filterKind } = useIntents(activityIntents, actor);
  return (
    <FilterSelect
      label="Kind of change"
      width="64"
      value={kind}
      options={ACTIVITY_KIND_FILTERS}
      labelOf={kindLabel}
      onChange={filterKind}
    />
  );
});

/** The member filter as a removable chip: 'Member: Ana Diaz ✕'. */
const MemberChip = memo(function MemberChip({ actor }: { actor: ActivityActorRef }) {
  const member = useSelector(actor, selectMemberFilter);
  const { clearMember } = useIntents(activityIntents, actor);
  if (!member) return null;
  return (
    <HStack gap="1" ps="3" pe="1" py="1" borderRadius="full" bg="brand.subtle" color="brand.fg" fontSize="sm" fontWeight="medium">
      <Text>{`Member: ${member.label}`}</Text>
      <CloseButton size="2xs" borderRadius="full" aria-label={`Remove the member filter (${member.label})`} onClick={clearMember} />
    </HStack>
  );
});

const ActivityPagination = memo(function ActivityPagination({ actor }: { actor: ActivityActorRef }) {
  const total = useSelector(actor, selectTotal);
  const page = useSelector(actor, selectPage);
  const limit = useSelector(actor, selectLimit);
  const entries = useSelector(actor, selectEntries);
  const { goToPage } = useIntents(activityIntents, actor);
  if (entries.length === 0) return null;
  const from = (page - 1) * limit + 1;
  const to = Math.min(from + entries.length - 1, total);
  return <ListPager total={total} page={page} pageSize={limit} from={from} to={to} onPageChange={goToPage} />;
});

/**
 * User Management's Activity section: every administrator change, newest first, paged,
 * filtered by kind of change and by member (a click on a member's name, or `?member=` in the
 * link). The view lives in the URL; the activity machine reads and writes it.
 */
export function ActivityScreen() {
  const ref: ActivityActorRef = useScreenActor('activity');
  const entries = useSelector(ref, selectEntries);
  const firstLoad = useSelector(ref, selectIsFirstLoad);
  const loading = useSelector(ref, selectIsLoading);
  const error = useSelector(ref, selectError);
  const empty = useSelector(ref, selectIsEmpty);
  const filteredBy = useSelector(ref, selectFilteredBy);
  const limit = useSelector(ref, selectLimit);
  const intents = useIntents(activityIntents, ref);

  return (
    <Stack gap="5">
      <UsersSections current="activity" />
      <Flex gap="3" wrap="wrap" align="flex-end">
        <KindFilter actor={ref} />
        <MemberChip actor={ref} />
      </Flex>
      {error !== null ? <ErrorBox title={ACTIVITY_ERROR_TITLE} message={error} onRetry={intents.retry} /> : null}
      {empty ? (
        <ActivityEmpty about="organisation" filteredBy={filteredBy} />
      ) : (
        <ActivityList
          label="Activity"
          entries={entries}
          firstLoad={firstLoad}
          refreshing={loading && !firstLoad}
          skeletonRows={Math.min(limit, 10)}
          onMember={intents.filterMember}
        />
      )}
      <ActivityPagination actor={ref} />
    </Stack>
  );
}
