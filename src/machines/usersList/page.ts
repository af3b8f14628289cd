/** One load of the users list: what the `loadUsers` actor is asked for and answers. */
import type { UserListResponse, UserRoleFilter, UserSort, UserStats, UserStatusFilter } from '../../contract/api';

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
