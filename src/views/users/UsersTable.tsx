import { Menu, Portal, Skeleton, Table, Text, type SystemStyleObject } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, ArrowUpDown, MoreHorizontal } from 'lucide-react';
import { memo, useCallback, useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { Link } from 'wouter';
import { formatShortDate } from '../../domain/dates';
import { formatPhone } from '../../domain/phone';
import { initials } from '../../domain/text';
import type { User, UserSort, UserSortKey } from '../../contract/api';
import { nextSort, sortDirectionOf } from '../../machines/usersList';

export interface UsersTableProps {
  users: User[];
  /** No page has arrived yet: skeleton rows of the final size. */
  firstLoad: boolean;
  /** A newer page is on its way: the shown rows are dimmed. */
  refreshing: boolean;
  skeletonRows: number;
  selected: string[];
  busy: string[];
  onSelect: (userId: string, selected: boolean) => void;
  onSelectAll: (selected: boolean) => void;
  /** The licence switch asks for the value it now shows (not a flip: a retry cannot undo it). */
  onSetLicense: (user: User, hasLicense: boolean) => void;
  /** Activate / Deactivate asks for that status. */
  onSetStatus: (user: User, isActive: boolean) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /** The list's order: its column shows an arrow and `aria-sort`. */
  sort: UserSort;
  /** A sortable header was clicked: the order it asks for (the sorted column flips). */
  onSort: (sort: UserSort) => void;
}

const COLUMNS = 10;

/**
 * Column widths: the table lays out by these alone (table-layout: fixed), never by its content, so
 * nothing moves when skeleton rows give way to a page of users, or one page to the next. Name and
 * Email share what is left; their text is cut with an ellipsis (the full value is in the title).
 */
const WIDTHS = {
  select: '2.5rem',
  name: '12rem',
  phone: '10rem',
  role: '8.5rem',
  created: '7rem',
  status: '5.5rem',
  license: '4.5rem',
  billing: '6.5rem',
  actions: '3rem',
};

/**
 * Styles of the body rows, resolved once for the table. The rows themselves are plain elements
 * (native checkboxes, links and spans with these classes) rather than a Chakra component per cell:
 * a page of 25 rows is about 600 fewer styled components to resolve on every search.
 */
const bodyStyles: SystemStyleObject = {
  '& tbody tr': { bg: 'bg' },
  '& tbody tr[data-selected]': { bg: 'gray.subtle' },
  '& tbody td': { px: '2', py: '2', borderBottomWidth: '1px', textAlign: 'start', whiteSpace: 'nowrap', overflow: 'hidden' },
  '& td.hl-skeleton-cell': { height: '14' },
  '& td.hl-empty': { textAlign: 'center', py: '10', color: 'fg.muted' },
  '& .hl-cut': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' },
  '& .hl-person': { display: 'flex', alignItems: 'center', gap: '3' },
  '& .hl-avatar': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    flexShrink: 0,
    boxSize: '9',
    borderRadius: 'full',
    bg: 'brand.muted',
    color: 'brand.fg',
    fontSize: 'sm',
    fontWeight: 'medium',
  },
  '& .hl-name': { fontWeight: 'medium', minWidth: 0 },
  '& .hl-badge': {
    display: 'inline-flex',
    alignItems: 'center',
    minH: '5',
    px: '1.5',
    borderRadius: 'l2',
    textStyle: 'xs',
    fontWeight: 'medium',
    '&[data-tone=green]': { bg: 'green.subtle', color: 'green.fg' },
    '&[data-tone=yellow]': { bg: 'yellow.subtle', color: 'yellow.fg' },
  },
  '& input[type=checkbox]': { cursor: 'pointer', _disabled: { cursor: 'not-allowed' } },
  '& .hl-select': { boxSize: '4', accentColor: 'brand.solid', verticalAlign: 'middle' },
  // A native checkbox drawn as a switch (track and thumb), with the focus ring of the theme.
  '& .hl-switch': {
    appearance: 'none',
    position: 'relative',
    display: 'inline-block',
    verticalAlign: 'middle',
    width: '7',
    height: '4',
    borderRadius: 'full',
    // gray.500 on white is 4.8:1: the off track meets the 3:1 of WCAG 1.4.11 (non-text contrast).
    bg: 'gray.500',
    transition: 'background-color 0.15s',
    _before: {
      content: '""',
      position: 'absolute',
      top: '2px',
      insetStart: '2px',
      boxSize: '3',
      borderRadius: 'full',
      bg: 'white',
      transition: 'transform 0.15s',
    },
    _checked: { bg: 'brand.solid', _before: { transform: 'translateX(0.75rem)' } },
    _disabled: { opacity: 0.6 },
  },
  '& .hl-link': { color: 'brand.fg', fontWeight: 'medium', borderRadius: 'l1', _hover: { textDecoration: 'underline' } },
  '& .hl-actions': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSize: '8',
    borderRadius: 'l2',
    color: 'fg',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _expanded: { bg: 'bg.muted' },
  },
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
  '& :is(input, a, button):focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
};

function SkeletonRow() {
  return (
    <tr aria-hidden>
      {Array.from({ length: COLUMNS }, (_, i) => (
        <td key={i} className="hl-skeleton-cell">
          <Skeleton height="4" />
        </td>
      ))}
    </tr>
  );
}

type RowAction = 'license' | 'status' | 'edit' | 'delete';

function RowMenu({ user, statusBusy, onAction }: { user: User; statusBusy: boolean; onAction: (action: RowAction, user: User) => void }) {
  return (
    <Menu.Root
      // Mounted only while open: 25 rows of closed menus cost nothing on each search.
      lazyMount
      unmountOnExit
      onSelect={({ value }) => {
        if (value === 'status' || value === 'edit' || value === 'delete') onAction(value, user);
      }}
    >
      <Menu.Trigger asChild>
        <button type="button" className="hl-actions" aria-label={`Actions for ${user.name}`}>
          <MoreHorizontal aria-hidden size={16} />
        </button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            <Menu.Item value="edit">Edit</Menu.Item>
            <Menu.Item value="status" disabled={statusBusy}>
              {user.isActive ? 'Deactivate' : 'Activate'}
            </Menu.Item>
            <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
              Delete
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}

interface UserRowProps {
  user: User;
  selected: boolean;
  licenseBusy: boolean;
  statusBusy: boolean;
  onSelect: (userId: string, selected: boolean) => void;
  onAction: (action: RowAction, user: User) => void;
}

/** One user; re-renders only when its own user, selection or busy flags change. */
const UserRow = memo(function UserRow({ user, selected, licenseBusy, statusBusy, onSelect, onAction }: UserRowProps) {
  const phone = formatPhone(user.phoneNumber);
  return (
    <tr data-selected={selected ? '' : undefined}>
      <td>
        <input
          type="checkbox"
          className="hl-select"
          aria-label={`Select ${user.name}`}
          checked={selected}
          onChange={(e: ChangeEvent<HTMLInputElement>) => onSelect(user.userId, e.target.checked)}
        />
      </td>
      <td>
        <span className="hl-person">
          <span className="hl-avatar" aria-hidden="true">
            {initials(user.name)}
          </span>
          <span className="hl-name hl-cut" title={user.name}>
            {user.name}
          </span>
        </span>
      </td>
      <td>
        <span className="hl-cut" title={user.email}>
          {user.email}
        </span>
      </td>
      <td>
        <span className="hl-cut" title={phone}>
          {phone}
        </span>
      </td>
      <td>{user.role}</td>
      <td>{formatShortDate(user.createdAt)}</td>
      <td>
        <span className="hl-badge" data-tone={user.isActive ? 'green' : 'yellow'}>
          {user.isActive ? 'active' : 'pending'}
        </span>
      </td>
      <td>
        <input
          type="checkbox"
          className="hl-switch"
          aria-label={`License for ${user.name}`}
          // Optimistic while the PATCH is in flight; a failure flips it back.
          checked={licenseBusy ? !user.hasLicense : user.hasLicense}
          disabled={licenseBusy}
          onChange={() => onAction('license', user)}
        />
      </td>
      <td>
        <Link className="hl-link" href={`/billing/user/${encodeURIComponent(user.userId)}`} aria-label={`View Billing for ${user.name}`}>
          View Billing
        </Link>
      </td>
      <td>
        <RowMenu user={user} statusBusy={statusBusy} onAction={onAction} />
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

/** The "select all on this page" box: a native checkbox, mixed when only some rows are selected. */
function SelectAll({
  checked,
  mixed,
  disabled,
  onChange,
}: {
  checked: boolean;
  mixed: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="hl-select"
      aria-label="Select all users on this page"
      checked={checked}
      disabled={disabled}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

/** The users table (SPEC §2): scrolls sideways on narrow screens. */
export function UsersTable(props: UsersTableProps) {
  const { users, firstLoad, refreshing, skeletonRows, selected, sort } = props;
  const allSelected = users.length > 0 && users.every((u) => selected.includes(u.userId));
  const someSelected = !allSelected && users.some((u) => selected.includes(u.userId));

  // Stable callbacks for the memoised rows, always calling the latest handlers.
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const onSelect = useCallback((userId: string, value: boolean) => latest.current.onSelect(userId, value), []);
  const onAction = useCallback((action: RowAction, user: User) => {
    const handlers = latest.current;
    if (action === 'license') handlers.onSetLicense(user, !user.hasLicense);
    else if (action === 'status') handlers.onSetStatus(user, !user.isActive);
    else if (action === 'edit') handlers.onEdit(user);
    else handlers.onDelete(user);
  }, []);

  return (
    // position: relative makes the scroll area the containing block of anything absolutely
    // positioned inside it, so nothing can widen the whole page past the viewport.
    <Table.ScrollArea position="relative" borderWidth="1px" borderRadius="lg" bg="bg">
      <Table.Root
        size="sm"
        minWidth="1180px"
        tableLayout="fixed"
        colorPalette="brand"
        css={bodyStyles}
        aria-label="Users"
        aria-busy={firstLoad || refreshing}
        opacity={refreshing && !firstLoad ? 0.6 : 1}
      >
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width={WIDTHS.select}>
              <SelectAll checked={allSelected} mixed={someSelected} disabled={users.length === 0} onChange={props.onSelectAll} />
            </Table.ColumnHeader>
            <SortableHeader label="Name" column="name" width={WIDTHS.name} sort={sort} onSort={props.onSort} />
            <SortableHeader label="Email" column="email" sort={sort} onSort={props.onSort} />
            <Table.ColumnHeader width={WIDTHS.phone}>Phone</Table.ColumnHeader>
            <SortableHeader label="Role" column="role" width={WIDTHS.role} sort={sort} onSort={props.onSort} />
            <SortableHeader label="Created" column="created" width={WIDTHS.created} sort={sort} onSort={props.onSort} />
            <Table.ColumnHeader width={WIDTHS.status}>Status</Table.ColumnHeader>
            <Table.ColumnHeader width={WIDTHS.license}>License</Table.ColumnHeader>
            <Table.ColumnHeader width={WIDTHS.billing}>Billing</Table.ColumnHeader>
            <Table.ColumnHeader width={WIDTHS.actions}>
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
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
                  key={user.userId}
                  user={user}
                  selected={selected.includes(user.userId)}
                  licenseBusy={props.busy.includes(`license:${user.userId}`)}
                  statusBusy={props.busy.includes(`status:${user.userId}`)}
                  onSelect={onSelect}
                  onAction={onAction}
                />
              ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
