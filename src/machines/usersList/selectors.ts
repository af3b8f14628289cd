import type { User, UserSort, UserStats } from '../../contract/api';
import type { AddUserActorRef } from '../addUser/addUserMachine';
import type { EditUserActorRef } from '../editUser/editUserMachine';
import type { MemberImportActorRef } from '../memberImport/memberImportMachine';
import type { InvitationActorRef } from '../invitation/invitationMachine';
import type { RowChangesActorRef } from '../rowChanges/rowChangesMachine';
import type { BulkRequest } from './bulk';
import { isSelectable } from './page';
import type { UsersListSnapshot } from './usersListMachine';

export const selectUsers = (s: UsersListSnapshot): User[] => s.context.users;
export const selectTotal = (s: UsersListSnapshot): number => s.context.total;
export const selectStats = (s: UsersListSnapshot): UserStats | null => s.context.stats;
export const selectFilters = (s: UsersListSnapshot) => ({ search: s.context.search, status: s.context.status, role: s.context.role });
export const selectSort = (s: UsersListSnapshot): UserSort => s.context.sort;
export const selectPage = (s: UsersListSnapshot): number => s.context.page;
export const selectPageSize = (s: UsersListSnapshot): number => s.context.pageSize;
/**
 * True while the first page has never arrived: the table shows skeleton rows. From the start, while
 * the list waits for its address too (`opening`): the shell prerendered at build time draws that
 * state (src/prerender.tsx), and a list that has not asked yet has not found nobody.
 */
export const selectIsFirstLoad = (s: UsersListSnapshot): boolean =>
  !s.context.hasLoaded && (s.matches({ list: 'opening' }) || s.matches({ list: { browsing: 'loading' } }));
/** True while a page (or a debounced search) is on its way: the shown rows are dimmed. */
export const selectIsRefreshing = (s: UsersListSnapshot): boolean =>
  s.matches({ list: { browsing: 'loading' } }) || s.matches({ list: { browsing: 'debouncing' } });
export const selectLoadError = (s: UsersListSnapshot): string | null =>
  s.matches({ list: { browsing: 'failed' } }) ? s.context.loadError : null;
export const selectActionError = (s: UsersListSnapshot): string | null => s.context.actionError;
export const selectSelected = (s: UsersListSnapshot): string[] => s.context.selected;
export const selectIsBulkUpdating = (s: UsersListSnapshot): boolean => s.matches({ list: 'bulkUpdating' });
/**
 * A bulk change can start: the page is on screen. While a page loads (a search being typed, a page
 * or a filter being changed), the selection stays but the machine takes no bulk change, so the bulk
 * buttons are disabled rather than doing nothing.
 */
export const selectCanBulkUpdate = (s: UsersListSnapshot): boolean => s.matches({ list: { browsing: 'ready' } });

/** The row changes (../rowChanges), for as long as the list is open: a view reads their `busy` from it. */
export const selectRowChangesRef = (s: UsersListSnapshot): RowChangesActorRef | undefined =>
  s.children.rowChanges as RowChangesActorRef | undefined;
/** The invitations (../invitation), for as long as the list is open: Resend and Revoke go to it. */
export const selectInvitationRef = (s: UsersListSnapshot): InvitationActorRef | undefined =>
  s.children.invitation as InvitationActorRef | undefined;
const NONE: string[] = [];
/** Row changes in flight (`${kind}:${userId}`), read through the row changes child at this moment. */
export const selectBusy = (s: UsersListSnapshot): string[] => selectRowChangesRef(s)?.getSnapshot().context.busy ?? NONE;

/** The Add dialog's machine, while it is open (`adding` invokes it; leaving stops it). */
export const selectAddUserRef = (s: UsersListSnapshot): AddUserActorRef | undefined => s.children.addUser as AddUserActorRef | undefined;
/** The Edit dialog's machine, while it is open (`editing` invokes it; leaving stops it). */
export const selectEditUserRef = (s: UsersListSnapshot): EditUserActorRef | undefined =>
  s.children.editUser as EditUserActorRef | undefined;

/** The member Delete asks about, or is deleting: set on the way into `confirmingDelete`, cleared on every way out of it and `deleting`. */
export const selectDeleteTarget = (s: UsersListSnapshot): User | null => s.context.deleteTarget;
export const selectIsDeleting = (s: UsersListSnapshot): boolean => s.matches({ list: 'deleting' });
export const selectDeleteError = (s: UsersListSnapshot): string | null => s.context.deleteError;

/** True while an export is being prepared: the Export CSV button shows it and waits. */
export const selectIsExporting = (s: UsersListSnapshot): boolean => s.matches({ export: 'preparing' });

/** The bulk change waiting for its confirmation (a deactivation or licence removal), or null. */
export const selectBulkToConfirm = (s: UsersListSnapshot): BulkRequest | null =>
  s.matches({ list: 'confirmingBulk' }) ? s.context.bulkRequest : null;

/** Import CSV (../memberImport), for as long as the list is open: its dialog and progress read from it. */
export const selectImportRef = (s: UsersListSnapshot): MemberImportActorRef | undefined =>
  s.children.memberImport as MemberImportActorRef | undefined;
/** Every member the filter selects is selected (a bulk change names the filter, every page). */
export const selectAllMatching = (s: UsersListSnapshot): boolean => s.context.allMatching;
/**
 * How many members 'Select all … members matching this view' would select: offered once every row
 * of the page is selected and the filter selects more than the page shows; null otherwise.
 */
export const selectMatchingOffer = (s: UsersListSnapshot): number | null => {
  const { users, selected, total, allMatching, status } = s.context;
  // Recently deleted takes no bulk change: its members can only be restored (even before its first page is shown).
  if (allMatching || status === 'deleted' || total <= users.length) return null;
  // Nor does a page with no row to select: an empty one, or Recently deleted's while another view loads.
  const selectable = users.filter(isSelectable);
  return selectable.length > 0 && selectable.every((u) => selected.includes(u.userId)) ? total : null;
};
