/** The users list machine's context, events and emitted toasts (./usersListMachine.ts). */
import { DEFAULT_USER_SORT } from '../../contract/api';
import type { BulkUpdateRequest, User, UserRoleFilter, UserSort, UserStats, UserStatusFilter } from '../../contract/api';
import type { InvitationSettled } from '../invitation/invitationMachine';
import type { RowActionResult } from '../rowChanges/rows';
import type { UrlChanged } from '../urlView';
import type { BulkRequest } from './bulk';

export interface UsersListInput {
  pageSize?: number;
}

export interface UsersListContext {
  search: string;
  status: UserStatusFilter;
  role: UserRoleFilter;
  /** The list's order (GET /api/users `sort`): newest first until a header is clicked. */
  sort: UserSort;
  page: number;
  pageSize: number;
  users: User[];
  total: number;
  stats: UserStats | null;
  /** No Quick Stats yet (true at first), or the members changed since they were fetched: the next load fetches them. */
  statsStale: boolean;
  /**
   * Members who left the page by a change the list showed (restored out of Recently deleted, an
   * invitation revoked), with the version of the copy that left. A page read before that change
   * still holds them at that version or below, and does not bring them back (./page.ts). The next
   * page to arrive empties it.
   */
  gone: Record<string, number>;
  hasLoaded: boolean;
  loadError: string | null;
  /** Selected user ids on the current page. */
  selected: string[];
  /** 'Select all … members matching this view' was chosen: a bulk change names the filter, every page. */
  allMatching: boolean;
  /** The last failed action, shown inline until dismissed or replaced. */
  actionError: string | null;
  editTarget: User | null;
  deleteTarget: User | null;
  deleteError: string | null;
  /** The bulk change asked for: waiting for its confirmation, or running. */
  bulkRequest: BulkRequest | null;
}

export type UsersListEvent =
  | { type: 'users.search'; search: string }
  | { type: 'users.filterStatus'; status: UserStatusFilter }
  | { type: 'users.filterRole'; role: UserRoleFilter }
  | { type: 'users.sort'; sort: UserSort }
  | { type: 'users.goToPage'; page: number }
  | { type: 'users.retry' }
  /** Forwarded to the row changes (../rowChanges), which answer with `row.*`. */
  | { type: 'users.setLicense'; user: User; hasLicense: boolean }
  | { type: 'users.setStatus'; user: User; isActive: boolean }
  | { type: 'users.select'; userId: string; selected: boolean }
  | { type: 'users.selectAll'; selected: boolean }
  | { type: 'users.bulkUpdate'; userIds: string[]; updates: BulkUpdateRequest['updates'] }
  /** Yes to the question a bulk deactivation or licence removal asks first. */
  | { type: 'users.confirmBulk' }
  /** 'Select all … members matching this view' (offered once the whole page is selected), and 'Clear selection'. */
  | { type: 'users.selectMatching' }
  | { type: 'users.clearSelection' }
  /** The toast's 'Undo' of a bulk licence or status change: the members it changed, back to their value. */
  | { type: 'users.undoBulk'; userIds: string[]; updates: BulkUpdateRequest['updates'] }
  | { type: 'users.openAdd' }
  | { type: 'users.edit'; user: User }
  | { type: 'users.confirmDelete'; user: User }
  | { type: 'users.delete' }
  | { type: 'users.closeDialog' }
  | { type: 'users.dismissError' }
  | { type: 'users.export' }
  /** An import has invited members (../memberImport). */
  | { type: 'users.imported' }
  /** The address changed (the list opened, or Back / Forward): `query` is its query string. */
  | UrlChanged<'users.urlChanged'>
  | RowActionResult
  /** A resent or revoked invitation (../invitation): the row, the counts and a toast follow. */
  | InvitationSettled;

/**
 * A toast: a success, a warning that a change was not made (`detail` says what the view now shows),
 * or an error that is not the list's own (a failed export).
 */
export type UsersListEmitted = {
  type: 'users.notice';
  message: string;
  tone: 'success' | 'warning' | 'error';
  detail?: string;
  /** A reversible change (licence, status; one row or in bulk): the toast offers 'Undo', which sends this event. */
  undo?: Extract<UsersListEvent, { type: 'users.setLicense' | 'users.setStatus' | 'users.undoBulk' }>;
};

/** The list before the address is known: the default view, nothing loaded. */
export function initialUsersListContext(pageSize: number): UsersListContext {
  return {
    search: '',
    status: 'all',
    role: 'all',
    sort: DEFAULT_USER_SORT,
    page: 1,
    pageSize,
    users: [],
    total: 0,
    stats: null,
    statsStale: true,
    gone: {},
    hasLoaded: false,
    loadError: null,
    selected: [],
    allMatching: false,
    actionError: null,
    editTarget: null,
    deleteTarget: null,
    deleteError: null,
    bulkRequest: null,
  };
}
