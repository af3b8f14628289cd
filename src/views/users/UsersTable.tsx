import { useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { User, UserSort } from '../../contract/api';
import type { MembersViewProps, RowAction } from './MemberParts';
import { CARDS_QUERY } from './memberProps';
import { MembersTable } from './MembersTable';
import { UserCards } from './UserCards';
import { Box } from '@chakra-ui/react';
import { useMediaMatch } from '../shared/useMediaQuery';
import { useRouteLinks } from '../shared/useRouteLinks';

/** What the screen gives: the view's own props (MembersViewProps), with one callback per row action. */
export interface UsersTableProps extends Pick<
  MembersViewProps,
  'users' | 'firstLoad' | 'busyRef' | 'skeletonRows' | 'selected' | 'inFlight' | 'onSelect' | 'onSelectAll' | 'sort' | 'onSort'
> {
  /** The licence switch asks for the value it now shows (not a flip: a retry cannot undo it). */
  onSetLicense: (user: User, hasLicense: boolean) => void;
  /** Activate / Deactivate asks for that status. */
  onSetStatus: (user: User, isActive: boolean) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** Resend invitation (an invited member who has never signed in). */
  onResendInvitation: (user: User) => void;
  /** Revoke invitation: asks first. */
  onRevokeInvitation: (user: User) => void;
  /** Restore, in the menu of a member in Recently deleted. */
  onRestore: (user: User) => void;
}

/**
 * Whether the members show as cards. Read from the media query during the first render, so the page
 * never draws the table and then swaps it (no layout shift); without `matchMedia` (jsdom), the table.
 * `null` when drawn at build time (the console's shell), where no window says which.
 */
function useCardLayout(): boolean | null {
  return useMediaMatch(CARDS_QUERY, false);
}

/**
 * Drawn at build time (the shell, src/prerender.tsx), both layouts go into the page, each shown by
 * CARDS_QUERY in CSS: the phone paints the cards' placeholders and the desk the table's, as the live
 * page then draws them, so nothing moves when it replaces the shell.
 */
const WHEN_TABLE = { [`@media ${CARDS_QUERY}`]: { display: 'none' } } as const;
const WHEN_CARDS = { [`@media not all and ${CARDS_QUERY}`]: { display: 'none' } } as const;

/** How often 'Last active' is counted again while the list stays open. */
const NOW_REFRESH_MS = 30_000;

function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), NOW_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * The members of User Management (SPEC §2): a table, or at 768 px and narrower a list of cards
 * with the same information and actions (UserCards.tsx). Only one of them is rendered, so the
 * page has one of each name and control.
 */
export function UsersTable(props: UsersTableProps) {
  const cards = useCardLayout();
  // On a phone, the first page's cards replace their placeholders in a deferred render of their own
  // (useDeferredValue), as the dashboard's figures do. An actor's update reaches React as an external
  // store's, rendered at once and in one piece, and the first page's 25 members were the longest
  // task of a phone's visit to /users; a transition is a render React splits into slices, answering
  // a tap between them. On a desk, whose CPU draws them several times faster, the slices' yields to
  // the browser put the rows on screen later than one render does (docs/PERFORMANCE.md, 2026-12-01),
  // so the table comes with the update. Later pages, searches and row changes are drawn with their
  // own update on both.
  const deferredFirstLoad = useDeferredValue(props.firstLoad);
  const firstLoad = cards === true ? deferredFirstLoad : props.firstLoad;
  const now = useNow();
  // One click handler for the View Billing links of the rows or cards, not one router subscription
  // a link (useRouteLinks).
  const onOpenLink = useRouteLinks();

  // Stable callbacks for the memoised rows, cards and header, always calling the latest handlers.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const onSelect = useCallback((userId: string, value: boolean) => latest.current.onSelect(userId, value), []);
  const onSelectAll = useCallback((value: boolean) => latest.current.onSelectAll(value), []);
  const onSort = useCallback((sort: UserSort) => latest.current.onSort(sort), []);
  const onAction = useCallback((action: RowAction, user: User) => {
    const handlers = latest.current;
    if (action === 'license') handlers.onSetLicense(user, !user.hasLicense);
    else if (action === 'status') handlers.onSetStatus(user, !user.isActive);
    else if (action === 'edit') handlers.onEdit(user);
    else if (action === 'resend') handlers.onResendInvitation(user);
    else if (action === 'revoke') handlers.onRevokeInvitation(user);
    else if (action === 'restore') handlers.onRestore(user);
    else handlers.onDelete(user);
  }, []);

  const view: MembersViewProps = {
    users: props.users,
    firstLoad,
    busyRef: props.busyRef,
    skeletonRows: props.skeletonRows,
    selected: props.selected,
    inFlight: props.inFlight,
    sort: props.sort,
    now,
    onSelect,
    onSelectAll,
    onAction,
    onSort,
    onOpenLink,
  };
  if (cards === null)
    return (
      <>
        <Box css={WHEN_CARDS}>
          <UserCards {...view} />
        </Box>
        <Box css={WHEN_TABLE}>
          <MembersTable {...view} />
        </Box>
      </>
    );
  return cards ? <UserCards {...view} /> : <MembersTable {...view} />;
}
