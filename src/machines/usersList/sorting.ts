/**
 * The users list's sort (GET /api/users?sort=…, README): which way a column is sorted, and what a
 * click on its header asks for. Pure, shared by the machine (the default) and the table's headers.
 */
import type { UserSort, UserSortKey } from '../../contract/api';

/** Dates sort newest first on the first click (as the default does); text A to Z. */
const DESCENDING_FIRST: ReadonlySet<UserSortKey> = new Set(['created', 'lastActive']);

/** `aria-sort` of a column header. */
export type SortDirection = 'ascending' | 'descending' | 'none';

export function sortDirectionOf(sort: UserSort, key: UserSortKey): SortDirection {
  if (sort === key) return 'ascending';
  return sort === `-${key}` ? 'descending' : 'none';
}

/** A click on `key`'s header: the sorted column flips; another one starts its usual way. */
export function nextSort(sort: UserSort, key: UserSortKey): UserSort {
  const direction = sortDirectionOf(sort, key);
  if (direction === 'ascending') return `-${key}`;
  if (direction === 'descending') return key;
  return DESCENDING_FIRST.has(key) ? `-${key}` : key;
}
