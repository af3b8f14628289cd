import { Menu, Portal, type SystemStyleObject } from '@chakra-ui/react';
import { MoreHorizontal } from 'lucide-react';
import { useLayoutEffect, useRef, useState, type ChangeEvent, type MouseEvent } from 'react';
import { useTimeTip } from '../shared/useTimeTip';
import { ROUTE_LINK_ATTRIBUTE } from '../shared/useRouteLinks';
import { formatDateTime, formatLongDate, formatRelativeTime, formatShortDate } from '../../domain/dates';
import type { User, UserSort } from '../../contract/api';
import { isSelectable } from '../../machines/usersList';
import { InvitationMenuItems, invitationStyles } from './InvitationParts';

/**
 * The parts a User Management table row (MembersTable) and a phone card (UserCards) share: their
 * props, the row menu, the select boxes, the licence switch, the status badge, View Billing and
 * 'Last active'. Like the rows, the parts are plain elements styled once at the list
 * (`memberStyles`), not a Chakra component per part.
 */

export type RowAction = 'license' | 'status' | 'edit' | 'delete' | 'resend' | 'revoke' | 'restore';
const MENU_ACTIONS: readonly string[] = ['status', 'edit', 'delete', 'resend', 'revoke', 'restore'] satisfies RowAction[];
const isMenuAction = (value: string): value is RowAction => MENU_ACTIONS.includes(value);

/** A member in Recently deleted (the list's 'deleted' status filter): they can only be restored. */
export function isDeleted(user: User): boolean {
  return user.deletedAt !== undefined;
}

/** What the table and the cards both show and do (UsersTable gives the same to either). */
export interface MembersViewProps {
  users: User[];
  /** No page has arrived yet: placeholders of the final size. */
  firstLoad: boolean;
  /**
   * The element that is busy while a newer page is on its way (aria-busy; dimmed, `data-refreshing`),
   * marked without a render of the view (busyMark.ts).
   */
  busyRef: (element: HTMLElement | null) => void;
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
  /** The list's one click handler for its View Billing links (useRouteLinks). */
  onOpenLink: (event: MouseEvent<HTMLElement>) => void;
}
type OnSelect = (userId: string, selected: boolean) => void;
type OnAction = (action: RowAction, user: User) => void;

/** One member's row or card: re-rendered only when its member, selection, busy flags or `now` change. */
export interface MemberItemProps {
  user: User;
  /** The row's key (rowKeys.ts), also on its element, which a newly arrived member may take over. */
  rowKey: number;
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
  // The badge as wide as its word, not the line.
  '& .hl-gone': { alignItems: 'flex-start' },
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
    '&[data-tone=red]': { bg: 'red.subtle', color: 'red.fg' },
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
    _before: {
      content: '""',
      position: 'absolute',
      top: '2px',
      insetStart: '2px',
      boxSize: '3',
      borderRadius: 'full',
      bg: 'white',
    },
    _checked: { bg: 'brand.solid', _before: { transform: 'translateX(0.75rem)' } },
    _disabled: { opacity: 0.6 },
    // The switch slides only while the pointer or the focus is on it, that is when somebody flips
    // it. A search hands rows over to other members (rowKeys.ts): a transition on every switch
    // that changed made Chrome bring style and layout up to date before the frame's callbacks, and
    // the rows reached the screen about 5 ms later on average; and a switch slid for
    // nobody's click.
    '&:hover, &:focus': { transition: 'background-color 0.15s', _before: { transition: 'transform 0.15s' } },
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
  ...invitationStyles,
};

/** How the row menu was first asked for: which item it opens on (none for a pointer). */
type Opening = { highlight: 'edit' | 'delete' | 'restore' | null };

/**
 * The actions button's icon, made once: a search hands 25 rows to other members and each row's
 * button renders again, but an element that is the same object is not rendered again by React.
 */
const ACTIONS_ICON = <MoreHorizontal aria-hidden size={16} />;

/**
 * The row's actions (Edit, Activate or Deactivate, Delete; Restore alone for a member in Recently
 * deleted). Until it is first opened, a row holds
 * only the menu's button: a Chakra menu is a state machine of its own, made, started and subscribed
 * with its row, and 25 of them were made on every page and search. The first click, Enter,
 * Space or arrow key on the button mounts the menu open, as the menu itself would open: Enter,
 * Space and ArrowDown on its first item, ArrowUp on its last, a pointer on none. The menu takes
 * the focus; from then on the row keeps it.
 */
export function RowMenu(props: { user: User; statusBusy: boolean; onAction: OnAction }) {
  // The opening belongs to the member it was asked for. When another member takes the row over
  // (rowKeys.ts), the row shows that member's closed button again, and the same button element
  // stays: a search hands over all 25 rows, and remounting their buttons was DOM work on every one.
  const [opening, setOpening] = useState<(Opening & { userId: string }) | null>(null);
  if (opening && opening.userId !== props.user.userId) setOpening(null);
  else if (opening) return <MountedRowMenu {...props} highlight={opening.highlight} />;
  const label = `Actions for ${props.user.name}`;
  return (
    <button
      type="button"
      className="hl-actions"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      // A click from the keyboard (Enter or Space: `detail` 0) opens on the first item, as a menu
      // button does; one from a pointer opens with none highlighted.
      onClick={(e) => setOpening({ userId: props.user.userId, highlight: e.detail === 0 ? first(props.user) : null })}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
        e.preventDefault();
        setOpening({ userId: props.user.userId, highlight: e.key === 'ArrowDown' ? first(props.user) : last(props.user) });
      }}
    >
      {ACTIONS_ICON}
    </button>
  );
}

const first = (user: User) => (isDeleted(user) ? 'restore' : 'edit');
const last = (user: User) => (isDeleted(user) ? 'restore' : 'delete');

function MountedRowMenu({ user, statusBusy, onAction, highlight }: { user: User; statusBusy: boolean; onAction: OnAction } & Opening) {
  return (
    <Menu.Root
      defaultOpen
      defaultHighlightedValue={highlight}
      // Its items are mounted only while it is open.
      lazyMount
      unmountOnExit
      onSelect={({ value }) => {
        if (isMenuAction(value)) onAction(value, user);
      }}
    >
      <Menu.Trigger asChild>
        <button type="button" className="hl-actions" aria-label={`Actions for ${user.name}`}>
          {ACTIONS_ICON}
        </button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          {isDeleted(user) ? (
            <Menu.Content>
              {/* While the restore runs, the row's status is busy too (the same row change). */}
              <Menu.Item value="restore" disabled={statusBusy}>
                Restore
              </Menu.Item>
            </Menu.Content>
          ) : (
            <Menu.Content>
              <Menu.Item value="edit">Edit</Menu.Item>
              {/* An invited member who has never signed in (docs/USERS.md "Invitations"). */}
              {user.invitation ? <InvitationMenuItems /> : null}
              <Menu.Item value="status" disabled={statusBusy}>
                {user.isActive ? 'Deactivate' : 'Activate'}
              </Menu.Item>
              <Menu.Item value="delete" color="fg.error" _hover={{ bg: 'bg.error', color: 'fg.error' }}>
                Delete
              </Menu.Item>
            </Menu.Content>
          )}
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
      // A member in Recently deleted takes no bulk change.
      disabled={!isSelectable(user)}
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
      // A member in Recently deleted is restored first, then changed.
      disabled={busy || isDeleted(user)}
      onChange={() => onAction('license', user)}
    />
  );
}

/**
 * Active, pending, or in Recently deleted with the day the clean-up removes them for good (30 days
 * after the deletion): 'Feb 4, 2026' in the table's row, where it has the room of the status, licence
 * and billing cells (MembersTable.tsx), 'February 4, 2026' on a card.
 */
export function StatusBadge({ user, dates = 'long' }: { user: User; dates?: 'short' | 'long' }) {
  if (user.purgeAt !== undefined) {
    return (
      <span className="hl-who hl-gone">
        <span className="hl-badge" data-tone="red">
          deleted
        </span>
        <span className="hl-email">
          Removed for good on{' '}
          <time dateTime={user.purgeAt} title={formatLongDate(user.purgeAt)}>
            {dates === 'short' ? formatShortDate(user.purgeAt) : formatLongDate(user.purgeAt)}
          </time>
        </span>
      </span>
    );
  }
  return (
    <span className="hl-badge" data-tone={user.isActive ? 'green' : 'yellow'}>
      {user.isActive ? 'active' : 'pending'}
    </span>
  );
}

/** A plain link: the table or the cards around it open it inside the console (useRouteLinks). */
export function BillingLink({ user }: { user: User }) {
  // A member in Recently deleted has no billing page until restored.
  if (isDeleted(user)) return null;
  return (
    <a
      className="hl-link"
      href={`/billing/user/${encodeURIComponent(user.userId)}`}
      aria-label={`View Billing for ${user.name}`}
      {...{ [ROUTE_LINK_ATTRIBUTE]: '' }}
    >
      View Billing
    </a>
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
  const tip = useTimeTip();
  if (value === null) return <span className="hl-when">{formatRelativeTime(null, now)}</span>;
  return (
    <span className="hl-when" {...tip.wrapper}>
      <time className="hl-cut" dateTime={value} {...tip.time}>
        {formatRelativeTime(value, Math.max(now, Date.parse(value)))}
      </time>
      <span role="tooltip" id={tip.id} className="hl-tip">
        {formatDateTime(value)}
      </span>
    </span>
  );
}

/** The "select all on this page" box: a native checkbox, mixed when only some members are selected. */
export function SelectAll({ users, selected, onChange }: { users: User[]; selected: string[]; onChange: (checked: boolean) => void }) {
  // Members in Recently deleted take no bulk change: a page of only them has nothing to select.
  const selectable = users.filter(isSelectable);
  const all = selectable.length > 0 && selectable.every((u) => selected.includes(u.userId));
  const mixed = !all && selectable.some((u) => selected.includes(u.userId));
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
      disabled={selectable.length === 0}
      onChange={(e) => onChange(e.target.checked)}
    />
  );
}
