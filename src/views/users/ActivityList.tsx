import { Box, Flex, Heading, Link as ChakraLink, Skeleton, Stack, Text } from '@chakra-ui/react';
import { memo, useEffect, useState } from 'react';
import type { AuditEntry } from '../../contract/audit';
import { changeText, describeEntry, type ActivityFilteredBy } from '../../machines/activity';
import { ActivityTime } from './ActivityTime';

/** How often the relative times are counted again (ms): '30 seconds ago' becomes '1 minute ago' on its own. */
const NOW_REFRESH_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface ActivityMember {
  memberId: string;
  name: string;
}

/**
 * One entry as a sentence: "<actor> <did what> <member>", the values before → after beneath, and
 * when, as relative time with the exact en-US date and time on hover and focus (./ActivityTime.tsx).
 * Every string is rendered as text, never as HTML. With `onMember` (`onActor`), the member's
 * (the actor's) name is a button that filters the trail to them.
 */
const ActivityEntry = memo(function ActivityEntry({
  entry,
  now,
  onMember,
  onActor,
}: {
  entry: AuditEntry;
  now: number;
  onMember: ((member: ActivityMember) => void) | undefined;
  onActor: ((actor: ActivityMember) => void) | undefined;
}) {
  const { action, suffix, changes } = describeEntry(entry);
  const { member, actor } = entry;
  return (
    <Box as="li" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} data-testid="activity-entry">
      <Flex justify="space-between" align="baseline" rowGap="1" columnGap="3" wrap="wrap">
        <Text fontSize="sm" minWidth="0" flex="1 1 16rem">
          {onActor ? (
            <ChakraLink asChild fontWeight="semibold" color="brand.fg" verticalAlign="baseline">
              <button
                type="button"
                title="Show only the changes this person made"
                onClick={() => onActor({ memberId: actor.memberId, name: actor.name })}
              >
                {actor.name}
              </button>
            </ChakraLink>
          ) : (
            <Text as="span" fontWeight="semibold">
              {actor.name}
            </Text>
          )}{' '}
          {action}{' '}
          {onMember ? (
            <ChakraLink asChild fontWeight="semibold" color="brand.fg" verticalAlign="baseline">
              <button
                type="button"
                title="Show only this member's activity"
                onClick={() => onMember({ memberId: member.memberId, name: member.name })}
              >
                {member.name}
              </button>
            </ChakraLink>
          ) : (
            <Text as="span" fontWeight="semibold">
              {member.name}
            </Text>
          )}
          {suffix ? ` ${suffix}` : null}
        </Text>
        <Box fontSize="xs" color="fg.muted" flexShrink={0}>
          <ActivityTime value={entry.createdAt} now={now} />
        </Box>
      </Flex>
      {changes.length > 0 ? (
        <Stack as="ul" gap="0.5" mt="1" listStyleType="none" fontSize="xs" color="fg.muted">
          {changes.map((change) => (
            <li key={change.label}>{changeText(change)}</li>
          ))}
        </Stack>
      ) : null}
    </Box>
  );
});

/** Placeholders of an entry's size while the first page is on its way. */
function EntrySkeleton() {
  return (
    <Box as="li" py="3" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
      <Skeleton height="4" width="70%" />
      <Skeleton height="3" width="40%" mt="2" />
    </Box>
  );
}

export interface ActivityListProps {
  /** Names the list for assistive technology ('Activity', 'Recent activity'). */
  label: string;
  entries: AuditEntry[];
  /** No page has arrived yet: placeholders instead of entries. */
  firstLoad: boolean;
  /** A newer page is on its way: the shown entries are dimmed. */
  refreshing: boolean;
  skeletonRows: number;
  onMember?: (member: ActivityMember) => void;
  /** With it, who made each change is a button that filters the trail to their changes. */
  onActor?: (actor: ActivityMember) => void;
}

/** The entries, newest first (the API's order), as an ordered list. */
export function ActivityList({ label, entries, firstLoad, refreshing, skeletonRows, onMember, onActor }: ActivityListProps) {
  const now = useNow();
  if (firstLoad) {
    return (
      <Box as="ol" aria-label={label} aria-busy="true" listStyleType="none" m="0" p="0">
        {Array.from({ length: skeletonRows }, (_, i) => (
          <EntrySkeleton key={i} />
        ))}
      </Box>
    );
  }
  if (entries.length === 0) return null;
  return (
    <Box
      as="ol"
      aria-label={label}
      aria-busy={refreshing}
      listStyleType="none"
      m="0"
      p="0"
      opacity={refreshing ? 0.6 : 1}
      transition="opacity 0.15s"
    >
      {entries.map((entry) => (
        <ActivityEntry key={entry.id} entry={entry} now={now} onMember={onMember} onActor={onActor} />
      ))}
    </Box>
  );
}

/** Why a filtered trail is empty, and what to change: the filters that are on. */
const NOTHING_MATCHES: Record<NonNullable<ActivityFilteredBy>, string> = {
  kind: 'Nothing recorded is of this kind. Choose another kind of change.',
  member: 'Nothing recorded is about this member. Remove the member filter to see every change.',
  both: 'Nothing recorded matches these filters. Choose another kind of change, or remove the member filter.',
  several: 'Nothing recorded matches these filters. Change them, or clear the filters to see every change.',
};

/** Nothing to show: what gets recorded, or, with a filter on, that nothing matches it and which filter to change. */
export function ActivityEmpty({ about, filteredBy = null }: { about: 'organisation' | 'member'; filteredBy?: ActivityFilteredBy }) {
  const title = filteredBy !== null && about === 'organisation' ? 'No matching activity' : 'No activity yet';
  const text =
    about === 'member'
      ? 'Changes to this member and to their subscription show here: who made them, when, and what changed.'
      : filteredBy !== null
        ? NOTHING_MATCHES[filteredBy]
        : 'Every change an administrator makes shows here: members invited, added, edited or deleted, licenses, status, bulk changes, plan changes, cancellations and payment method pages opened.';
  return (
    <Stack gap="1" py="8" textAlign="center" align="center">
      <Heading as="h3" size="sm">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" maxWidth="36rem">
        {text}
      </Text>
    </Stack>
  );
}
