/**
 * The members list's order: a sort key from an allow-list, either way, with the
 * member's id as the tie-break in the same direction, so the order is total and stable across
 * pages, and a page can continue from the last row it sent (keyset: the export streams that way,
 * one bounded batch at a time, without OFFSET and without a transaction held open).
 *
 * Each key is one SQL expression with no NULLs (a member never active sorts as -infinity, so
 * "never" comes first oldest-first and last newest-first), indexed as (org_id, expression, id):
 * read forwards for one direction and backwards for the other. The indexes are
 * `members_org_sort_<key>_idx` (server/migrations/0004.do.users.sql); a new key needs its index in a
 * new migration (tests/server/migrations.test.ts checks that every key has one).
 */
import { DEFAULT_USER_SORT, USER_SORT_KEYS, type UserSort, type UserSortKey } from '../../src/contract/api';

interface SortKey {
  /** The SQL expression rows are ordered by (the members table's own columns only). */
  expression: string;
  /** What the expression's value is cast to when it comes back as a keyset parameter. */
  cast: 'text' | 'timestamptz';
}

export const SORT_KEYS: Record<UserSortKey, SortKey> = {
  name: { expression: 'lower(name)', cast: 'text' },
  email: { expression: 'lower(email)', cast: 'text' },
  role: { expression: 'role', cast: 'text' },
  created: { expression: 'created_at', cast: 'timestamptz' },
  lastActive: { expression: "COALESCE(last_active_at, '-infinity'::timestamptz)", cast: 'timestamptz' },
};

export interface Order {
  key: UserSortKey;
  descending: boolean;
}

function isSortKey(value: string): value is UserSortKey {
  return (USER_SORT_KEYS as readonly string[]).includes(value);
}

export function orderOf(sort: UserSort | undefined): Order {
  const value = sort ?? DEFAULT_USER_SORT;
  const descending = value.startsWith('-');
  const key = descending ? value.slice(1) : value;
  return { key: isSortKey(key) ? key : 'created', descending };
}

/** ORDER BY for an order: the key, then id, both the same way. */
export function orderBySql(order: Order): string {
  const direction = order.descending ? 'DESC' : 'ASC';
  return `${SORT_KEYS[order.key].expression} ${direction}, id ${direction}`;
}

/**
 * The expression's value for a row as text, selected as `sort_value` so a batch can continue
 * after it: text keeps a timestamp's microseconds, which a JavaScript Date would round away (and
 * rows between the rounded value and the real one would be skipped).
 */
export function sortValueSql(order: Order): string {
  return `(${SORT_KEYS[order.key].expression})::text AS sort_value`;
}

/** "After this row" for the next batch: a row comparison, parameters numbered from `first`. */
export function afterSql(order: Order, first: number): string {
  const { expression, cast } = SORT_KEYS[order.key];
  return `(${expression}, id) ${order.descending ? '<' : '>'} ($${first}::${cast}, $${first + 1}::text)`;
}
