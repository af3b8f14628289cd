/**
 * The users list's view in the address bar (issue 14): `/users?q=…&status=pending&role=…&page=2&sort=name`.
 * The machine reads the view from the URL when it opens and when Back or Forward changes it, and
 * writes it back after every change, so a reload, a shared link and the browser's history all show
 * the same list. Pure: the address bar itself is a service (src/services/address.ts).
 *
 * - Defaults are left out of the URL (`/users` is newest first, every status and role, page 1), so
 *   every view has one spelling.
 * - A value that makes no sense (an unknown status, page 0, a sort off the allow-list, a search longer
 *   than the box allows) falls back to its default quietly, and the machine writes the view back
 *   in its one spelling.
 */
import { DEFAULT_USER_SORT, ROLES, USER_SORTS, USER_STATUS_FILTERS } from '../../contract/api';
import type { UserRoleFilter, UserSort, UserStatusFilter } from '../../contract/api';
import { LIMITS } from '../../domain/limits';

export interface UsersView {
  search: string;
  status: UserStatusFilter;
  role: UserRoleFilter;
  page: number;
  sort: UserSort;
}

export const DEFAULT_USERS_VIEW: UsersView = { search: '', status: 'all', role: 'all', page: 1, sort: DEFAULT_USER_SORT };

/** Far past any real list; a larger number is a typo, not a page. */
const MAX_PAGE = 1_000_000;

/**
 * History state of a link back to the list (the member billing page's 'Back to Users'): the list
 * opens on the view the administrator last had, when the link itself names none.
 */
export const RETURN_TO_USERS_VIEW = { returnToUsersView: true } as const;

function isOneOf<T extends string>(list: readonly T[], value: string | null): value is T {
  // Stryker disable next-line ConditionalExpression: `includes(null)` is false for a list of strings; the check narrows the type
  return value !== null && (list as readonly string[]).includes(value);
}

function pageOf(value: string | null): number {
  // Stryker disable next-line ConditionalExpression: `RegExp.test(null)` tests the text "null", which has no digits, so null still gives the default
  if (value === null || !/^\d{1,7}$/.test(value)) return DEFAULT_USERS_VIEW.page;
  const page = Number(value);
  if (page > MAX_PAGE) return DEFAULT_USERS_VIEW.page;
  // Stryker disable next-line EqualityOperator: `>=` and `>` differ only at page 1, which is also the default
  return page >= 1 ? page : DEFAULT_USERS_VIEW.page;
}

/** The view a query string ('?…', or '') names; anything it does not name, or names wrongly, is the default. */
export function parseUsersView(query: string): UsersView {
  const params = new URLSearchParams(query);
  const search = params.get('q') ?? '';
  const status = params.get('status');
  const role = params.get('role');
  const sort = params.get('sort');
  return {
    search: search.length <= LIMITS.search ? search : DEFAULT_USERS_VIEW.search,
    status: isOneOf(USER_STATUS_FILTERS, status) ? status : DEFAULT_USERS_VIEW.status,
    role: isOneOf<UserRoleFilter>(ROLES, role) ? role : DEFAULT_USERS_VIEW.role,
    page: pageOf(params.get('page')),
    sort: isOneOf(USER_SORTS, sort) ? sort : DEFAULT_USERS_VIEW.sort,
  };
}

/** The view's one spelling as a query string: '' for the default view, otherwise '?…' without its defaults. */
export function usersViewQuery(view: UsersView): string {
  const params = new URLSearchParams();
  if (view.search !== DEFAULT_USERS_VIEW.search) params.set('q', view.search);
  if (view.status !== DEFAULT_USERS_VIEW.status) params.set('status', view.status);
  if (view.role !== DEFAULT_USERS_VIEW.role) params.set('role', view.role);
  if (view.page !== DEFAULT_USERS_VIEW.page) params.set('page', String(view.page));
  if (view.sort !== DEFAULT_USERS_VIEW.sort) params.set('sort', view.sort);
  const query = params.toString();
  return query === '' ? '' : `?${query}`;
}
