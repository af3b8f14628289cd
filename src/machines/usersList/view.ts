/**
 * The users list's view in the address bar: `/users?q=…&status=pending&role=…&page=2&sort=name`.
 * The machine reads the view from the URL when it opens and when Back or Forward changes it, and
 * writes it back after every change (../urlView), so a reload, a shared link and the browser's
 * history all show the same list. Defaults are left out; nonsense falls back to the default.
 */
import { DEFAULT_USER_SORT, ROLES, USER_SORTS, USER_STATUS_FILTERS } from '../../contract/api';
import type { UserRoleFilter, UserSort, UserStatusFilter } from '../../contract/api';
import { LIMITS } from '../../domain/limits';
import { defineUrlView, oneOf, pageNumber, text } from '../urlView';

export interface UsersView {
  search: string;
  status: UserStatusFilter;
  role: UserRoleFilter;
  page: number;
  sort: UserSort;
}

/** Far past any real list; a larger number is a typo, not a page. */
const MAX_PAGE = 1_000_000;

const usersView = defineUrlView<UsersView>(
  { search: '', status: 'all', role: 'all', page: 1, sort: DEFAULT_USER_SORT },
  {
    search: text('q', (q) => q.length <= LIMITS.search),
    status: oneOf('status', USER_STATUS_FILTERS),
    role: oneOf<UserRoleFilter>('role', ROLES),
    page: pageNumber('page', MAX_PAGE),
    sort: oneOf('sort', USER_SORTS),
  },
);

export const DEFAULT_USERS_VIEW: UsersView = usersView.defaults;
export const parseUsersView = usersView.parse;
export const usersViewQuery = usersView.toQuery;

/**
 * History state of a link back to the list (the member billing page's 'Back to Users'): the list
 * opens on the view the administrator last had, when the link itself names none.
 */
export const RETURN_TO_USERS_VIEW = { returnToUsersView: true } as const;
