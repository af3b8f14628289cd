import { Box, Field, Menu, NativeSelect, Portal, Skeleton, type SystemStyleObject } from '@chakra-ui/react';
import { MoreHorizontal } from 'lucide-react';
import { memo, useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'wouter';
import { formatDateTime, formatRelativeTime, formatShortDate } from '../../domain/dates';
import { formatPhone } from '../../domain/phone';
import { initials } from '../../domain/text';
import { USER_SORTS, type User, type UserSort } from '../../contract/api';

/**
 * The members of User Management as cards, for phones (UsersTable shows them at 768 px and
 * narrower instead of the table), and the parts a card shares with a table row: the row menu, the
 * licence switch, the status badge, View Billing and 'Last active'. Like the table's rows, a card is
 * plain elements styled once at the list (`memberStyles`), not a Chakra component per part.
 */

export type RowAction = 'license' | 'status' | 'edit' | 'delete';

/** What the table and the cards both show and do (UsersTable gives the same to either). */
export interface MembersViewProps {
  users: User[];
  /** No page has arrived yet: placeholders of the final size. */
  firstLoad: boolean;
  /** A newer page is on its way: the shown members are dimmed. */
  refreshing: boolean;
  skeletonRows: number;
  selected: string[];
  busy: string[];
  sort: UserSort;
  /** The moment 'Last active' counts from (ms since the epoch). */
  now: number;
  onSelect: OnSelect;
  onSelectAll: (selected: boolean) => void;
  onAction: OnAction;
  onSort: (sort: UserSort) => void;
}
type OnSelect = (userId: string, selected: boolean) => void;
type OnAction = (action: RowAction, user: User) => void;

/** One member's row or card: re-rendered only when its member, selection, busy flags or `now` change. */
export interface MemberItemProps {
  user: User;
  selected: boolean;
  licenseBusy: boolean;
  statusBusy: boolean;
  now: number;
  onSelect: OnSelect;
  onAction: OnAction;
}

const centred = { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', flexShrink: 0 } as const;

/** Styles of the parts a table row and a card share. */
export const memberStyles: SystemStyleObject = {
  '& .hl-cut': { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', display: 'block' },
  '& .hl-avatar': {
    ...centred,
    boxSize: '9',
    borderRadius: 'full',
    bg: 'brand.muted',
    color: 'brand.fg',
    fontSize: 'sm',
    fontWeight: 'medium',
  },
  '& .hl-who': { display: 'flex', flexDirection: 'column', minWidth: 0 },
  '& .hl-name': { textStyle: 'sm', fontWeight: 'medium' },
  '& .hl-email': { textStyle: 'xs', color: 'fg.muted' },
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
  '& .hl-select': { boxSize: '4', flexShrink: 0, accentColor: 'brand.solid', verticalAlign: 'middle' },
  // A native checkbox drawn as a switch (track and thumb), with the focus ring of the theme.
  '& .hl-switch': {
    appearance: 'none',
    position: 'relative',
    display: 'inline-block',
    flexShrink: 0,
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
  '& .hl-link': { textStyle: 'sm', color: 'brand.fg', fontWeight: 'medium', borderRadius: 'l1', _hover: { textDecoration: 'underline' } },
  '& .hl-actions': {
    ...centred,
    boxSize: '8',
    borderRadius: 'l2',
    color: 'fg',
    cursor: 'pointer',
    _hover: { bg: 'bg.muted' },
    _expanded: { bg: 'bg.muted' },
  },
  // 'Last active': the relative time, underlined dotted; the exact time above it while open.
  '& .hl-when': { position: 'relative', display: 'inline-block', maxWidth: '100%' },
  '& .hl-when > time': { display: 'block', borderRadius: 'l1', textDecoration: 'underline dotted', textUnderlineOffset: '3px' },
  '& .hl-tip': {
    display: 'none',
    position: 'absolute',
    bottom: '100%',
    insetStart: '0',
    zIndex: 'tooltip',
    px: '2',
    py: '1',
    borderRadius: 'l2',
    bg: 'bg.inverted',
    color: 'fg.inverted',
    textStyle: 'xs',
    whiteSpace: 'nowrap',
    boxShadow: 'md',
  },
  '& .hl-when[data-open] > .hl-tip': { display: 'block' },
  '& :is(input, a, button, time):focus-visible': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '2px' },
};

export function RowMenu({ user, statusBusy, onAction }: { user: User; statusBusy: boolean; onAction: OnAction }) {
  return (
    <Menu.Root
      // Mounted only while open: 25 closed menus cost nothing on each search.
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

export function SelectBox({ user, selected, onSelect }: { user: User; selected: boolean; onSelect: OnSelect }) {
  return (
    <input
      type="checkbox"
      className="hl-select"
      aria-label={`Select ${user.name}`}
      checked={selected}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onSelect(user.userId, e.target.checked)}
    />
  );
}

export function LicenseSwitch({ user, busy, onAction }: { user: User; busy: boolean; onAction: OnAction }) {
  return (
    <input
      type="checkbox"
      className="hl-switch"
      aria-label={`License for ${user.name}`}
      // Optimistic while the PATCH is in flight; a failure flips it back.
      checked={busy ? !user.hasLicense : user.hasLicense}
      disabled={busy}
      onChange={() => onAction('license', user)}
    />
  );
}

export function StatusBadge({ user }: { user: User }) {
  return (
    <span className="hl-badge" data-tone={user.isActive ? 'green' : 'yellow'}>
      {user.isActive ? 'active' : 'pending'}
    </span>
  );
}

export function BillingLink({ user }: { user: User }) {
  return (
    <Link className="hl-link" href={`/billing/user/${encodeURIComponent(user.userId)}`} aria-label={`View Billing for ${user.name}`}>
      View Billing
    </Link>
  );
}

/**
 * 'Last active': relative time ('3 days ago', 'never'), and the exact en-US date and time in a
 * tooltip while the pointer is over it or it has the keyboard focus (it is a tab stop, and the
 * tooltip is its accessible description). Escape hides the tooltip until the pointer or the focus
 * comes back; the pointer can move onto the tooltip. A moment after `now` (a clock a little ahead
 * of this one) counts as now.
 */
export function LastActive({ value, now }: { value: string | null; now: number }) {
  const id = useId();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  if (value === null) return <span className="hl-when">{formatRelativeTime(null, now)}</span>;
  const show = (set: (value: boolean) => void) => () => {
    set(true);
    setDismissed(false);
  };
  return (
    <span
      className="hl-when"
      data-open={(hovered || focused) && !dismissed ? '' : undefined}
      onPointerEnter={show(setHovered)}
      onPointerLeave={() => setHovered(false)}
    >
      <time
        className="hl-cut"
        dateTime={value}
        tabIndex={0}
        aria-describedby={id}
        onFocus={show(setFocused)}
        onBlur={() => setFocused(false)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') setDismissed(true);
        }}
      >
        {formatRelativeTime(value, Math.max(now, Date.parse(value)))}
      </time>
      <span role="tooltip" id={id} className="hl-tip">
        {formatDateTime(value)}
      </span>
    </span>
  );
}

/** The "select all on this page" box: a native checkbox, mixed when only some members are selected. */
export function SelectAll({ users, selected, onChange }: { users: User[]; selected: string[]; onChange: (checked: boolean) => void }) {
  const all = users.length > 0 && users.every((u) => selected.includes(u.userId));
  const mixed = !all && users.some((u) => selected.includes(u.userId));
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
      checked={all}
      disabled={users.length === 0}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}

const SORT_LABELS: Record<UserSort, string> = {
  '-created': 'Newest first',
  created: 'Oldest first',
  name: 'Name (A–Z)',
  '-name': 'Name (Z–A)',
  email: 'Email (A–Z)',
  '-email': 'Email (Z–A)',
  role: 'Role (A–Z)',
  '-role': 'Role (Z–A)',
  '-lastActive': 'Recently active first',
  lastActive: 'Least recently active first',
};
const SORT_OPTIONS = Object.keys(SORT_LABELS) as UserSort[];

const isSort = (value: string): value is UserSort => (USER_SORTS as readonly string[]).includes(value);

const cardStyles: SystemStyleObject = {
  ...memberStyles,
  '& .hl-cards-bar': { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', minHeight: '10', mb: '3' },
  '& .hl-check-label': { display: 'inline-flex', alignItems: 'center', gap: '2', textStyle: 'sm', cursor: 'pointer', flexShrink: 0 },
  '& .hl-cards': { display: 'grid', gap: '3', listStyleType: 'none', p: '0', m: '0' },
  // Every line of a card has a fixed height, so a placeholder card is exactly as tall as a card.
  '& .hl-card': { display: 'grid', gap: '3', p: '3', borderWidth: '1px', borderRadius: 'l3', bg: 'bg', minWidth: 0 },
  '& .hl-card[data-selected]': { bg: 'gray.subtle' },
  '& .hl-card-head': { display: 'flex', alignItems: 'center', gap: '3', height: '10', minWidth: 0 },
  '& .hl-card-head > .hl-who': { flex: '1' },
  '& .hl-facts': { display: 'grid', gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: '3', rowGap: '2', m: '0' },
  '& .hl-facts > div': { display: 'grid', gridTemplateRows: '1rem 1.25rem', minWidth: 0 },
  '& .hl-facts dt': { textStyle: 'xs', color: 'fg.muted' },
  '& .hl-facts dd': { textStyle: 'sm', m: '0', minWidth: 0 },
  '& .hl-card-foot': { display: 'flex', alignItems: 'center', gap: '4', height: '8' },
  '& .hl-card-foot > .hl-link': { ms: 'auto', py: '1.5' },
  '& .hl-empty': { textAlign: 'center', py: '10', color: 'fg.muted', borderWidth: '1px', borderRadius: 'l3', bg: 'bg' },
};

const UserCard = memo(function UserCard({ user, selected, licenseBusy, statusBusy, now, onSelect, onAction }: MemberItemProps) {
  const phone = formatPhone(user.phoneNumber);
  return (
    <li className="hl-card" data-selected={selected ? '' : undefined}>
      <div className="hl-card-head">
        <SelectBox user={user} selected={selected} onSelect={onSelect} />
        <span className="hl-avatar" aria-hidden="true">
          {initials(user.name)}
        </span>
        <span className="hl-who">
          <span className="hl-name hl-cut" title={user.name}>
            {user.name}
          </span>
          <span className="hl-email hl-cut" title={user.email}>
            {user.email}
          </span>
        </span>
        <RowMenu user={user} statusBusy={statusBusy} onAction={onAction} />
      </div>
      <dl className="hl-facts">
        <div>
          <dt>Phone</dt>
          <dd className="hl-cut" title={phone}>
            {phone}
          </dd>
        </div>
        <div>
          <dt>Role</dt>
          <dd className="hl-cut">{user.role}</dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd className="hl-cut">{formatShortDate(user.createdAt)}</dd>
        </div>
        <div>
          <dt>Last active</dt>
          <dd>
            <LastActive value={user.lastActiveAt} now={now} />
          </dd>
        </div>
      </dl>
      <div className="hl-card-foot">
        <StatusBadge user={user} />
        <label className="hl-check-label">
          <LicenseSwitch user={user} busy={licenseBusy} onAction={onAction} />
          License
        </label>
        <BillingLink user={user} />
      </div>
    </li>
  );
});

function SkeletonCard() {
  return (
    <li className="hl-card" aria-hidden>
      <div className="hl-card-head">
        <Skeleton boxSize="9" borderRadius="full" flexShrink={0} />
        <span className="hl-who">
          <Skeleton height="4" width="40%" mb="1" />
          <Skeleton height="3" width="60%" />
        </span>
      </div>
      <div className="hl-facts">
        {Array.from({ length: 4 }, (_, i) => (
          <div key={i}>
            <Skeleton height="3" width="40%" />
            <Skeleton height="4" width="70%" alignSelf="center" />
          </div>
        ))}
      </div>
      <div className="hl-card-foot">
        <Skeleton height="5" width="24" />
      </div>
    </li>
  );
}

/** The members as a list of cards: select all and the sort above them (the table's headers do both there). */
export function UserCards({ users, firstLoad, refreshing, skeletonRows, selected, busy, sort, now, ...on }: MembersViewProps) {
  return (
    <Box css={cardStyles}>
      <div className="hl-cards-bar">
        <label className="hl-check-label">
          <SelectAll users={users} selected={selected} onChange={on.onSelectAll} />
          Select all
        </label>
        <Field.Root orientation="horizontal" flex="1" minWidth="0" maxWidth="18rem" gap="2">
          <Field.Label flex="none">Sort by</Field.Label>
          <NativeSelect.Root size="sm" minWidth="0">
            <NativeSelect.Field
              value={sort}
              onChange={(e) => {
                const value = e.currentTarget.value;
                if (isSort(value)) on.onSort(value);
              }}
            >
              {SORT_OPTIONS.map((s) => (
                <option key={s} value={s}>
                  {SORT_LABELS[s]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </div>
      {!firstLoad && users.length === 0 ? (
        <p className="hl-empty">No users found</p>
      ) : (
        <Box
          as="ul"
          className="hl-cards"
          aria-label="Users"
          aria-busy={firstLoad || refreshing}
          opacity={refreshing && !firstLoad ? 0.6 : 1}
        >
          {firstLoad
            ? Array.from({ length: skeletonRows }, (_, i) => <SkeletonCard key={i} />)
            : users.map((user) => (
                <UserCard
                  key={user.userId}
                  user={user}
                  selected={selected.includes(user.userId)}
                  licenseBusy={busy.includes(`license:${user.userId}`)}
                  statusBusy={busy.includes(`status:${user.userId}`)}
                  now={now}
                  onSelect={on.onSelect}
                  onAction={on.onAction}
                />
              ))}
        </Box>
      )}
    </Box>
  );
}
