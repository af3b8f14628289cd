import { useState } from 'react';

/**
 * React keys for the members' rows (or cards) that let a member who arrives take over the elements
 * of one who left. Keyed by member, a search or a new page unmounted all 25 rows and mounted 25 new
 * ones: the DOM work, and the style and layout of new elements, were most of the time from the
 * answer to the rows on screen. Reused, a row only has its text and attributes changed.
 *
 * A member on both pages keeps their key, so their row keeps its elements, its focus and its state
 * when others come or go (another administrator adds a member at the top). A member who arrives takes
 * the key of one who left, in page order, so on a page that is all new each position keeps its
 * element and nothing moves. The key of the row that holds the keyboard focus (`keep`) is never
 * handed to another member: its row goes with its member, as a keyed row did, rather than leave the
 * focus on the same control for somebody else. A row's state that belongs to its member (the
 * actions menu) is keyed by the member inside the row.
 */
export function recycleRowKeys(previous: ReadonlyMap<string, number>, ids: readonly string[], keep?: number): Map<string, number> {
  const staying = new Set(ids.filter((id) => previous.has(id)));
  const free: number[] = [];
  let next = 0;
  for (const [id, key] of previous) {
    next = Math.max(next, key + 1);
    if (!staying.has(id) && key !== keep) free.push(key);
  }
  const keys = new Map<string, number>();
  for (const id of ids) {
    if (keys.has(id)) continue;
    const kept = previous.get(id);
    keys.set(id, kept ?? free.shift() ?? next++);
  }
  return keys;
}

/** The attribute a row (or card) carries with its key, so the one holding the focus can be found. */
export const ROW_KEY_ATTRIBUTE = 'data-row-key';

/** The key of the row that holds the keyboard focus, if any. */
function focusedRowKey(): number | undefined {
  if (typeof document === 'undefined') return undefined;
  const row = document.activeElement?.closest(`[${ROW_KEY_ATTRIBUTE}]`);
  const key = row?.getAttribute(ROW_KEY_ATTRIBUTE);
  return key == null ? undefined : Number(key);
}

/**
 * The members' keys for this render (`recycleRowKeys`), from those of the last render with other
 * members (kept as state, React's pattern for information from previous renders). Give each row
 * `key={keys.get(id)}` and its element `{ [ROW_KEY_ATTRIBUTE]: key }`.
 */
export function useRecycledRowKeys(ids: readonly string[]): ReadonlyMap<string, number> {
  // The members are compared by content: a re-render with the same members keeps the keys as they are.
  const signature = ids.join('\n');
  const [last, setLast] = useState<{ signature: string; keys: ReadonlyMap<string, number> }>(() => ({
    signature,
    keys: recycleRowKeys(new Map(), ids),
  }));
  if (last.signature === signature) return last.keys;
  const keys = recycleRowKeys(last.keys, ids, focusedRowKey());
  setLast({ signature, keys });
  return keys;
}
