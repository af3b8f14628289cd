/**
 * What a User Management table row (MembersTable) and a phone card (UserCards) are given and what
 * they ask the list for: the props of the whole view and of one member's item, the row actions,
 * and whether a member is in Recently deleted, which decides what their row offers.
 */
import type { MouseEvent } from 'react';
import type { User, UserSort } from '../../contract/api';
import { rowKey } from '../../machines/rowChanges';

/** Phones and narrow tablets (Chakra's `md` breakpoint and below, 768 px): cards, and row actions in a sheet. */
export const CARDS_QUERY = '(max-width: 48em)';

export type RowAction = 'license' | 'status' | 'edit' | 'delete' | 'resend' | 'revoke' | 'restore';

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
  inFlight: RowsInFlight;
  /** The list's order: its column shows an arrow and `aria-sort`. */
  sort: UserSort;
  /** The moment 'Last active' counts from (ms since the epoch). */
  now: number;
  onSelect: OnSelect;
  onSelectAll: (selected: boolean) => void;
  onAction: OnAction;
  /** A sortable header was clicked: the order it asks for (the sorted column flips). */
  onSort: (sort: UserSort) => void;
  /** The list's one click handler for its View Billing links (useRouteLinks). */
  onOpenLink: (event: MouseEvent<HTMLElement>) => void;
}
export type OnSelect = (userId: string, selected: boolean) => void;
export type OnAction = (action: RowAction, user: User) => void;

/**
 * Row changes in flight (by `rowKey`), and the value each asks for (../../machines/rowChanges); and
 * whether an invitation is being resent or revoked (../../machines/invitation: one at a time).
 */
interface RowsInFlight {
  busy: readonly string[];
  wanted: Readonly<Record<string, boolean>>;
  invitation: boolean;
  /** The member whose invitation is being resent, else null. */
  resending: string | null;
}

/**
 * What a member's row or card shows of the changes in flight: the licence asked for, a status change
 * or restore running, and, for an invited member, an invitation change running (theirs or another's)
 * and whether it is their own invitation being resent.
 */
export function flagsOf(
  inFlight: RowsInFlight,
  user: User,
): Pick<MemberItemProps, 'licenseWanted' | 'statusBusy' | 'invitationBusy' | 'invitationResending'> {
  const { userId } = user;
  return {
    licenseWanted: inFlight.wanted[rowKey('license', userId)],
    statusBusy: inFlight.busy.includes(rowKey('status', userId)) || inFlight.busy.includes(rowKey('restore', userId)),
    invitationBusy: inFlight.invitation && user.invitation !== undefined,
    invitationResending: user.invitation !== undefined && inFlight.resending === userId,
  };
}

/** One member's row or card: re-rendered only when its member, selection, busy flags or `now` change. */
export interface MemberItemProps {
  user: User;
  /** The row's key (rowKeys.ts), also on its element, which a newly arrived member may take over. */
  rowKey: number;
  selected: boolean;
  /** The licence a change in flight asks for (its switch shows it, and waits); undefined when none runs. */
  licenseWanted: boolean | undefined;
  statusBusy: boolean;
  /**
   * An invitation is being resent or revoked: Resend and Revoke wait for it (they would otherwise be
   * ignored). Only ever true for an invited member, so no other row re-renders for it.
   */
  invitationBusy: boolean;
  /** This member's invitation is being resent: their row says so until it is done. */
  invitationResending: boolean;
  now: number;
  onSelect: OnSelect;
  onAction: OnAction;
}
