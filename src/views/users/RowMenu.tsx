/**
 * A member's actions menu in User Management, on a table row (MembersTable) and on a phone card
 * (UserCards): a plain button until it is first opened, then a Chakra menu of the actions the
 * member takes.
 */
import { Box, Menu, Portal, type SystemStyleObject } from '@chakra-ui/react';
import { MoreHorizontal } from 'lucide-react';
import { useState } from 'react';
import type { User } from '../../contract/api';
import { InvitationMenuItems } from './InvitationParts';
import { CARDS_QUERY, isDeleted, type OnAction, type RowAction } from './memberProps';

const MENU_ACTIONS: readonly string[] = ['status', 'edit', 'delete', 'resend', 'revoke', 'restore'] satisfies RowAction[];
const isMenuAction = (value: string): value is RowAction => MENU_ACTIONS.includes(value);

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
export function RowMenu(props: { user: User; statusBusy: boolean; invitationBusy: boolean; onAction: OnAction }) {
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

/**
 * On a phone (the cards' width), the menu is a sheet along the bottom of the window, as the admin
 * apps of Google Workspace and Microsoft 365 show a row's actions: in reach of a thumb, with items a
 * finger can hit, named for the member, and fixed, so a scroll under it cannot move an item from
 * under a tap (beside a card, the menu flipped above or below its button as the page scrolled). A
 * dimmed backdrop takes the tap that closes it, so that tap cannot land on the card beneath. Wider,
 * it is the usual menu beside its button. The same menu either way: items, keys and focus.
 */
const SHEET = `@media ${CARDS_QUERY}`;
const sheetPositioner: SystemStyleObject = {
  [SHEET]: {
    // Over the position the menu computes beside its button (inline styles).
    position: 'fixed !important',
    inset: 'auto 0 0 0 !important',
    transform: 'none !important',
    width: 'auto !important',
    minWidth: '0 !important',
  },
};
const sheetContent: SystemStyleObject = {
  '& .hl-sheet-title': { display: 'none' },
  [SHEET]: {
    width: 'full',
    maxHeight: '70dvh',
    overflowY: 'auto',
    borderBottomRadius: '0',
    borderTopRadius: 'l3',
    px: '2',
    pt: '2',
    pb: 'calc(token(spacing.2) + env(safe-area-inset-bottom, 0px))',
    boxShadow: 'lg',
    '&[data-state=open]': { animationName: 'slide-from-bottom-full', animationDuration: 'moderate' },
    '&[data-state=closed]': { animationName: 'slide-to-bottom-full', animationDuration: 'fast' },
    '& .hl-sheet-title': { display: 'block', px: '3', py: '2', textStyle: 'sm', color: 'fg.muted', truncate: true },
    '& [role=menuitem]': { minHeight: '12', px: '3', textStyle: 'md' },
  },
};
const sheetBackdrop: SystemStyleObject = {
  display: 'none',
  // A finger dragged on it does not scroll the page under the sheet.
  [SHEET]: { display: 'block', position: 'fixed', inset: '0', bg: 'blackAlpha.400', zIndex: 'overlay', touchAction: 'none' },
};

function MountedRowMenu({
  user,
  statusBusy,
  invitationBusy,
  onAction,
  highlight,
}: { user: User; statusBusy: boolean; invitationBusy: boolean; onAction: OnAction } & Opening) {
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
        <Menu.Context>
          {(menu) => (menu.open ? <Box className="hl-sheet-backdrop" aria-hidden="true" css={sheetBackdrop} /> : null)}
        </Menu.Context>
        <Menu.Positioner css={sheetPositioner}>
          {isDeleted(user) ? (
            <Menu.Content css={sheetContent}>
              <SheetTitle user={user} />
              {/* While the restore runs, the row's status is busy too (the same row change). */}
              <Menu.Item value="restore" disabled={statusBusy}>
                Restore
              </Menu.Item>
            </Menu.Content>
          ) : (
            <Menu.Content css={sheetContent}>
              <SheetTitle user={user} />
              <Menu.Item value="edit">Edit</Menu.Item>
              {/* An invited member who has never signed in (docs/USERS.md "Invitations"). */}
              {user.invitation ? <InvitationMenuItems busy={invitationBusy} /> : null}
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

/** The member the sheet acts on, shown above its items on a phone; the menu is already named so. */
function SheetTitle({ user }: { user: User }) {
  return (
    <div className="hl-sheet-title" aria-hidden="true">
      {user.name}
    </div>
  );
}
