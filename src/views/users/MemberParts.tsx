/**
 * The parts a User Management table row (MembersTable) and a phone card (UserCards) share: their
 * props, the row menu, the select boxes, the licence switch, the status badge, View Billing and
 * 'Last active'. Like the rows, the parts are plain elements styled once at the list
 * (`memberStyles`), not a Chakra component per part. The props (./memberProps.ts), the styles
 * (./memberStyles.ts) and the row menu (./RowMenu.tsx) are modules of their own, exported from here
 * too.
 */
import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { useTimeTip } from '../shared/useTimeTip';
import { ROUTE_LINK_ATTRIBUTE } from '../shared/useRouteLinks';
import { formatDateTime, formatLongDate, formatRelativeTime, formatShortDate } from '../../domain/dates';
import type { User } from '../../contract/api';
import { isSelectable } from '../../machines/usersList';
import { isDeleted, type OnAction, type OnSelect } from './memberProps';

export { flagsOf, isDeleted, type MemberItemProps, type MembersViewProps, type RowAction } from './memberProps';
export { memberStyles } from './memberStyles';
export { RowMenu } from './RowMenu';

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

export function LicenseSwitch({ user, wanted, onAction }: { user: User; wanted: boolean | undefined; onAction: OnAction }) {
  return (
    <input
      type="checkbox"
      className="hl-switch"
      aria-label={`License for ${user.name}`}
      // Optimistic while the PATCH is in flight: the value asked for, whatever copy of the member a
      // page brings meanwhile. The answer's copy follows; a failure shows the member as they were.
      checked={wanted ?? user.hasLicense}
      // A member in Recently deleted is restored first, then changed.
      disabled={wanted !== undefined || isDeleted(user)}
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
