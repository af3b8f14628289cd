/** One load of the users list: what the `loadUsers` actor is asked for and answers. */
import type { User, UserListResponse, UserRoleFilter, UserSort, UserStats, UserStatusFilter } from '../../contract/api';

export interface LoadUsersInput {
  page: number;
  limit: number;
  search: string;
  status: UserStatusFilter;
  role: UserRoleFilter;
  sort: UserSort;
  /**
   * Fetch the Quick Stats with the page: on the first load and after a change to the members
   * (add, delete, bulk update). A search, filter or page of the same members fetches only the page:
   * the organisation-wide counts do not depend on it, and the rows are not held up by them.
   */
  withStats: boolean;
}

/** The page a view shows: the request of one load (without the stats), from the view and the page size. */
export function pageQueryOf(
  view: { page: number; search: string; status: UserStatusFilter; role: UserRoleFilter; sort: UserSort },
  limit: number,
): Omit<LoadUsersInput, 'withStats'> {
  return { page: view.page, limit, search: view.search.trim(), status: view.status, role: view.role, sort: view.sort };
}

export interface UsersPage {
  list: UserListResponse;
  /** Null when the load did not ask for them (`withStats: false`): the shown counts stay. */
  stats: UserStats | null;
}

/** What Export CSV asks for: the members the list's filters and sort select, every page. */
export interface ExportMembersInput {
  search: string;
  status: UserStatusFilter;
  role: UserRoleFilter;
  sort: UserSort;
}

/** The export selects what the list shows: the same filters and order (the search as sent). */
export function exportInputOf(list: ExportMembersInput): ExportMembersInput {
  return { search: list.search.trim(), status: list.status, role: list.role, sort: list.sort };
}

/**
 * The list once a page arrived: its rows and total, the Quick Stats when it brought them, and the
 * selection on it.
 *
 * A row change (../rowChanges) or an invitation change (../invitation) runs beside a load, and the
 * load may have read a member before a change the list has already shown:
 * - a member at a lower `version` than the copy shown keeps the copy shown: an older answer never
 *   puts back what a toggle or its Undo changed;
 * - a member who left the page since (`gone`: restored out of Recently deleted, an invitation
 *   revoked), at the version that left or below, stays away, and the total does not count them.
 * The Quick Stats of such a page may predate the change too (they are their own request), so the
 * next load asks for them again.
 */
export function pageShown(
  list: {
    users: readonly User[];
    stats: UserStats | null;
    statsStale: boolean;
    gone: Readonly<Record<string, number>>;
    selected: string[];
    allMatching: boolean;
  },
  page: UsersPage,
) {
  const shown = new Map(list.users.map((u) => [u.userId, u]));
  const gone = new Map(Object.entries(list.gone));
  let older = false;
  const users: User[] = [];
  for (const loaded of page.list.users) {
    // A member who did not leave counts as left at version 0, below every copy (versions start at 1).
    const left = gone.get(loaded.userId) ?? 0;
    const current = shown.get(loaded.userId);
    if (loaded.version <= left) older = true;
    else if (current !== undefined && current.version > loaded.version) {
      older = true;
      users.push(current);
    } else users.push(loaded);
  }
  const ids = new Set(users.map((u) => u.userId));
  return {
    users,
    total: Math.max(0, page.list.total - (page.list.users.length - users.length)),
    stats: page.stats ?? list.stats,
    statsStale: page.stats === null ? list.statsStale : older,
    gone: {},
    hasLoaded: true,
    loadError: null,
    // A page that no longer shows a selected member drops them; with every matching member
    // selected, each page shows all of its rows selected.
    selected: list.allMatching ? selectableIds(users) : list.selected.filter((id) => ids.has(id)),
  };
}

/**
 * A member a bulk change can take: not one in Recently deleted, who can only be restored (their box
 * is disabled, and 'select all' on a page of them selects nobody).
 */
export function isSelectable(user: User): boolean {
  return user.deletedAt === undefined;
}

/** The ids of the page's members a bulk change can take. */
function selectableIds(users: readonly User[]): string[] {
  return users.filter(isSelectable).map((u) => u.userId);
}

/** The selection after a box is ticked (one member, or every member of the page a bulk change can take). */
export function selectionAfter(
  list: { users: User[]; selected: string[] },
  change: { type: 'users.select'; userId: string; selected: boolean } | { type: 'users.selectAll'; selected: boolean },
): string[] {
  if (change.type === 'users.selectAll') return change.selected ? selectableIds(list.users) : [];
  const rest = list.selected.filter((id) => id !== change.userId);
  return change.selected ? [...rest, change.userId] : rest;
}
