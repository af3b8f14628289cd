/**
 * User Management's members as a table (SPEC §2), for windows wider than 768 px (UsersTable.tsx
 * picks it or the cards): fixed column widths, one header row that sorts, and rows that are reused
 * from one page to the next (rowKeys.ts).
 */
import { Skeleton, Table, Text, type SystemStyleObject } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { memo } from 'react';
import { formatShortDate } from '../../domain/dates';
import { formatPhone } from '../../domain/phone';
import { initials } from '../../domain/text';
import type { User, UserSort, UserSortKey } from '../../contract/api';
import { isSelectable, nextSort, sortDirectionOf } from '../../machines/usersList';
import {
  BillingLink,
  flagsOf,
  LastActive,
  LicenseSwitch,
  isDeleted,
  RowMenu,
  SelectAll,
  SelectBox,
  StatusBadge,
  memberStyles,
  type MemberItemProps,
  type MembersViewProps,
} from './MemberParts';
import { ROW_KEY_ATTRIBUTE, useRecycledRowKeys } from './rowKeys';
import { InvitationCell } from './InvitationParts';

/** Header cells: the table has 11 columns (a member's name and email share one cell under two headers). */
const COLUMNS = 11;

/**
 * Column widths: the table lays out by these alone (table-layout: fixed), never by its content, so
 * nothing moves when skeleton rows give way to a page of users, or one page to the next. Email takes
 * what is left: with at least 5.25rem for it the table needs 58rem, which fits beside the sidebar
 * (16rem) and the page's padding from a 1280 px wide window on, scroll bar included (943 px left
 * there); narrower, the table scrolls inside its own box.
 * The data is set in the xs text style and the name in sm, so "Project Manager", "+1 (555)
 * 100-0000" and "59 minutes ago" fit their columns in a wide fallback font (DejaVu Sans).
 */
const WIDTHS = {
  select: '2.25rem',
  name: '5rem',
  lastActive: '6.75rem',
  phone: '8rem',
  role: '7rem',
  created: '6rem',
  status: '4.75rem',
  license: '4.25rem',
  billing: '6rem',
  actions: '2.75rem',
};

/**
 * Styles of the table's rows, resolved once for the table. The rows themselves are plain elements
 * (native checkboxes, links and spans with these classes) rather than a Chakra component per cell:
 * a page of 25 rows is about 600 fewer styled components to resolve on every search.
 */
const tableStyles: SystemStyleObject = {
  ...memberStyles,
  // A newer page is on its way (busyMark.ts).
  '&[data-refreshing]': { opacity: 0.6 },
  '& th': { px: '1.5' },
  '& tbody tr': { bg: 'bg' },
  '& tbody tr[data-selected]': { bg: 'gray.subtle' },
  // One height for every row, placeholders included (a member's two lines fit it).
  '& tbody td': {
    height: '14',
    px: '1.5',
    py: '2',
    borderBottomWidth: '1px',
    textAlign: 'start',
    textStyle: 'xs',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
  },
  // The cell of 'Last active' lets its tooltip out.
  '& td.hl-when-cell': { overflow: 'visible' },
  '& td.hl-empty': { textAlign: 'center', py: '10', color: 'fg.muted', textStyle: 'sm' },
  '& .hl-person': { display: 'flex', alignItems: 'center', gap: '2' },
  '& td .hl-avatar': { boxSize: '8', fontSize: 'xs' },
  // A sortable header is a button that looks like the header's text, with an arrow that always takes
  // its room (up-down when unsorted), so sorting moves nothing.
  '& .hl-sort': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    maxWidth: '100%',
    p: '0',
    border: 'none',
    bg: 'transparent',
    font: 'inherit',
    color: 'inherit',
    textAlign: 'start',
    borderRadius: 'l1',
    cursor: 'pointer',
    _hover: { textDecoration: 'underline' },
    '& > span': { minWidth: 0 },
    '& > svg': { flexShrink: 0, color: 'fg.muted' },
    '&[data-sorted] > svg': { color: 'fg' },
  },
};

/** A placeholder row: memoised (no props), for the same reason as UserCards' SkeletonCard. */
const SkeletonRow = memo(function SkeletonRow() {
  return (
    <tr aria-hidden>
      {Array.from({ length: COLUMNS - 1 }, (_, i) => (
        <td key={i} colSpan={i === 1 ? 2 : undefined}>
          <Skeleton height="4" />
        </td>
      ))}
    </tr>
  );
});

const UserRow = memo(function UserRow({
  user,
  rowKey,
  selected,
  licenseWanted,
  statusBusy,
  invitationBusy,
  invitationResending,
  now,
  onSelect,
  onAction,
}: MemberItemProps) {
  const phone = formatPhone(user.phoneNumber);
  return (
    <tr data-selected={selected ? '' : undefined} {...{ [ROW_KEY_ATTRIBUTE]: rowKey }}>
      <td>
        <SelectBox user={user} selected={selected} onSelect={onSelect} />
      </td>
      {/* Name with the email beneath, under the Name and Email headers; each is cut with an
          ellipsis when long, the full name in the name's title and the email in the cell's. */}
      <td colSpan={2} title={user.email}>
        <span className="hl-person">
          <span className="hl-avatar" aria-hidden="true">
            {initials(user.name)}
          </span>
          <span className="hl-who">
            <span className="hl-name hl-cut" title={user.name}>
              {user.name}
            </span>
            <span className="hl-email hl-cut">{user.email}</span>
          </span>
        </span>
      </td>
      <td className="hl-when-cell">
        {/* Never signed in since they were invited: the invitation instead of 'never'. */}
        {user.invitation ? (
          <InvitationCell invitation={user.invitation} resending={invitationResending} />
        ) : (
          <LastActive value={user.lastActiveAt} now={now} />
        )}
      </td>
      <td>
        <span className="hl-cut" title={phone}>
          {phone}
        </span>
      </td>
      <td>{user.role}</td>
      <td>{formatShortDate(user.createdAt)}</td>
      {isDeleted(user) ? (
        // Recently deleted: no licence to switch and no billing page until they are restored, so
        // the day they go for good has the room of all three cells.
        <td colSpan={3}>
          <StatusBadge user={user} dates="short" />
        </td>
      ) : (
        <>
          <td>
            <StatusBadge user={user} />
          </td>
          <td>
            <LicenseSwitch user={user} wanted={licenseWanted} onAction={onAction} />
          </td>
          <td>
            <BillingLink user={user} />
          </td>
        </>
      )}
      <td>
        {/* Its open menu belongs to this member: a member who takes the row over gets a closed one. */}
        <RowMenu user={user} statusBusy={statusBusy} invitationBusy={invitationBusy} onAction={onAction} />
      </td>
    </tr>
  );
});

/** A column header that sorts: a button in the `th`, which carries `aria-sort`. */
function SortableHeader({
  label,
  column,
  width,
  sort,
  onSort,
}: {
  label: string;
  column: UserSortKey;
  width?: string;
  sort: UserSort;
  onSort: (sort: UserSort) => void;
}) {
  const direction = sortDirectionOf(sort, column);
  const Arrow = direction === 'ascending' ? ArrowUp : direction === 'descending' ? ArrowDown : ArrowUpDown;
  return (
    <Table.ColumnHeader width={width} aria-sort={direction}>
      <button
        type="button"
        className="hl-sort"
        data-sorted={direction === 'none' ? undefined : ''}
        onClick={() => onSort(nextSort(sort, column))}
      >
        <span className="hl-cut">{label}</span>
        <Arrow aria-hidden size={14} />
      </button>
    </Table.ColumnHeader>
  );
}

/**
 * The table's header row. Memoised on what it shows: the sort, and whether this page's members are
 * all, some or none selected. A search or a new page (new `users`, `selected` unchanged) leaves it
 * as it is, instead of resolving its eleven Chakra header cells again with every page.
 */
const MembersHeader = memo(
  function MembersHeader({
    users,
    selected,
    sort,
    onSort,
    onSelectAll,
  }: Pick<MembersViewProps, 'users' | 'selected' | 'sort' | 'onSort' | 'onSelectAll'>) {
    const header = (label: string, column: UserSortKey, width?: string) => (
      <SortableHeader label={label} column={column} width={width} sort={sort} onSort={onSort} />
    );
    return (
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader width={WIDTHS.select}>
            <SelectAll users={users} selected={selected} onChange={onSelectAll} />
          </Table.ColumnHeader>
          {header('Name', 'name', WIDTHS.name)}
          {header('Email', 'email')}
          {header('Last active', 'lastActive', WIDTHS.lastActive)}
          <Table.ColumnHeader width={WIDTHS.phone}>Phone</Table.ColumnHeader>
          {header('Role', 'role', WIDTHS.role)}
          {header('Created', 'created', WIDTHS.created)}
          <Table.ColumnHeader width={WIDTHS.status}>Status</Table.ColumnHeader>
          <Table.ColumnHeader width={WIDTHS.license}>License</Table.ColumnHeader>
          <Table.ColumnHeader width={WIDTHS.billing}>Billing</Table.ColumnHeader>
          <Table.ColumnHeader width={WIDTHS.actions}>
            <Text srOnly>Actions</Text>
          </Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
    );
  },
  (before, after) =>
    before.sort === after.sort &&
    before.onSort === after.onSort &&
    before.onSelectAll === after.onSelectAll &&
    selectionOf(before.users, before.selected) === selectionOf(after.users, after.selected),
);

/** What the 'select all' box shows for a page: every member selected, some, none, or an empty page. */
function selectionOf(users: User[], selected: string[]): 'all' | 'some' | 'none' | 'empty' {
  const selectable = users.filter(isSelectable);
  if (selectable.length === 0) return 'empty';
  const count = selectable.filter((u) => selected.includes(u.userId)).length;
  return count === selectable.length ? 'all' : count > 0 ? 'some' : 'none';
}

/** The members as a table (SPEC §2): every column and action fits from 1280 px wide windows on. */
export function MembersTable({
  users,
  firstLoad,
  busyRef,
  skeletonRows,
  selected,
  inFlight,
  sort,
  now,
  onSort,
  onOpenLink,
  ...on
}: MembersViewProps) {
  const keys = useRecycledRowKeys(users.map((u) => u.userId));
  return (
    // position: relative makes the scroll area the containing block of anything absolutely
    // positioned inside it, so nothing can widen the whole page past the viewport.
    <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root
        size="sm"
        minWidth="58rem"
        tableLayout="fixed"
        colorPalette="brand"
        css={tableStyles}
        aria-label="Users"
        ref={busyRef}
        onClick={onOpenLink}
      >
        <MembersHeader users={users} selected={selected} sort={sort} onSort={onSort} onSelectAll={on.onSelectAll} />
        <Table.Body>
          {firstLoad ? Array.from({ length: skeletonRows }, (_, i) => <SkeletonRow key={i} />) : null}
          {!firstLoad && users.length === 0 ? (
            <tr>
              <td colSpan={COLUMNS} className="hl-empty">
                No users found
              </td>
            </tr>
          ) : null}
          {firstLoad
            ? null
            : users.map((user) => (
                <UserRow
                  key={keys.get(user.userId)}
                  rowKey={keys.get(user.userId) ?? 0}
                  user={user}
                  selected={selected.includes(user.userId)}
                  {...flagsOf(inFlight, user)}
                  now={now}
                  onSelect={on.onSelect}
                  onAction={on.onAction}
                />
              ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
