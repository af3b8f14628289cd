import { Alert, Button, CloseButton, Field, Flex, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Download } from 'lucide-react';
import { memo, useState } from 'react';
import {
  ACTIVITY_ERROR_TITLE,
  selectActorFilter,
  selectDateError,
  selectDates,
  selectExportError,
  selectIsExporting,
  selectIsFiltered,
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
import { useScreenActor } from '../app/machinesContext';
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

/** A filter as a removable chip: 'Member: Ana Diaz ✕'. */
function FilterChip({ text, removeLabel, onRemove }: { text: string; removeLabel: string; onRemove: () => void }) {
  return (
    <HStack gap="1" ps="3" pe="1" py="1" borderRadius="full" bg="brand.subtle" color="brand.fg" fontSize="sm" fontWeight="medium">
      <Text>{text}</Text>
      <CloseButton size="2xs" borderRadius="full" aria-label={removeLabel} onClick={onRemove} />
    </HStack>
  );
}

/** The member filter as a removable chip: 'Member: Ana Diaz ✕'. */
const MemberChip = memo(function MemberChip({ actor }: { actor: ActivityActorRef }) {
  const member = useSelector(actor, selectMemberFilter);
  const { clearMember } = useIntents(activityIntents, actor);
  if (!member) return null;
  return <FilterChip text={`Member: ${member.label}`} removeLabel={`Remove the member filter (${member.label})`} onRemove={clearMember} />;
});

/** Who made the changes, as a removable chip: 'Changed by: Dana Whitfield ✕'. */
const ActorChip = memo(function ActorChip({ actor }: { actor: ActivityActorRef }) {
  const changedBy = useSelector(actor, selectActorFilter);
  const { clearActor } = useIntents(activityIntents, actor);
  if (!changedBy) return null;
  return (
    <FilterChip
      text={`Changed by: ${changedBy.label}`}
      removeLabel={`Remove the changed-by filter (${changedBy.label})`}
      onRemove={clearActor}
    />
  );
});

/**
 * From and To, days in the administrator's time zone. The fields keep what was typed (a range the
 * trail refuses stays in them, with the machine's message beneath); they follow the trail's dates
 * when those change elsewhere (Back, a link, Clear filters).
 */
const DateRange = memo(function DateRange({ actor }: { actor: ActivityActorRef }) {
  const applied = useSelector(actor, selectDates);
  const error = useSelector(actor, selectDateError);
  const { filterDates } = useIntents(activityIntents, actor);
  const [typed, setTyped] = useState(applied);
  const [shown, setShown] = useState(applied);
  if (shown.from !== applied.from || shown.to !== applied.to) {
    // The trail's dates changed (Back, a link, Clear filters): the fields show them.
    setShown(applied);
    setTyped(applied);
  }
  const change = (next: { from: string; to: string }) => {
    setTyped(next);
    filterDates(next);
  };
  return (
    <Stack gap="1">
      <HStack gap="3" align="flex-end">
        <Field.Root width={{ base: 'full', sm: '40' }} invalid={error !== null}>
          <Field.Label>From</Field.Label>
          <Input
            type="date"
            value={typed.from}
            max={typed.to || undefined}
            onChange={(e) => change({ ...typed, from: e.currentTarget.value })}
          />
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '40' }} invalid={error !== null}>
          <Field.Label>To</Field.Label>
          <Input
            type="date"
            value={typed.to}
            min={typed.from || undefined}
            onChange={(e) => change({ ...typed, to: e.currentTarget.value })}
          />
        </Field.Root>
      </HStack>
      {error !== null ? (
        <Text role="alert" color="fg.error" fontSize="sm">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
});

/** 'Clear filters', while any filter is on. */
const ClearFilters = memo(function ClearFilters({ actor }: { actor: ActivityActorRef }) {
  const filtered = useSelector(actor, selectIsFiltered);
  const { clearFilters } = useIntents(activityIntents, actor);
  if (!filtered) return null;
  return (
    <Button variant="ghost" size="sm" onClick={clearFilters}>
      Clear filters
    </Button>
  );
});

/** Export CSV: every entry the filters select; busy while the link is prepared; why it failed, if it did. */
const ExportButton = memo(function ExportButton({ actor }: { actor: ActivityActorRef }) {
  const exporting = useSelector(actor, selectIsExporting);
  const failure = useSelector(actor, selectExportError);
  const intents = useIntents(activityIntents, actor);
  return (
    <Stack gap="1" ms={{ sm: 'auto' }}>
      <Button variant="outline" loading={exporting} loadingText="Preparing export…" onClick={intents.export}>
        <Download aria-hidden /> Export CSV
      </Button>
      {failure !== null ? (
        <Alert.Root status="error" size="sm">
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
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
 * User Management's Activity section: every administrator change, newest first, paged, filtered
 * by kind of change, by date range, by member and by who made the change (a click on a name, or
 * `?member=` / `?actor=` in the link), and exported as CSV. The view lives in the URL; the activity
 * machine reads and writes it.
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
        <DateRange actor={ref} />
        <ExportButton actor={ref} />
      </Flex>
      <Flex gap="2" wrap="wrap" align="center">
        <MemberChip actor={ref} />
        <ActorChip actor={ref} />
        <ClearFilters actor={ref} />
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
          onActor={intents.filterActor}
        />
      )}
      <ActivityPagination actor={ref} />
    </Stack>
  );
}
