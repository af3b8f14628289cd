import { useCallback, useSyncExternalStore } from 'react';

/**
 * One MediaQueryList per query for the page's life: the browser keeps it matched as the window
 * changes, so reading `.matches` is a field read rather than a new list evaluated again (React reads
 * the snapshot on every render of a subscriber, and User Management's list renders with each page).
 * Kept per `matchMedia` function: the page has one; a test that replaces it gets lists of its own.
 */
const listsByMatcher = new WeakMap<Window['matchMedia'], Map<string, MediaQueryList>>();

function listOf(query: string): MediaQueryList | null {
  const matcher = window.matchMedia as Window['matchMedia'] | undefined;
  if (typeof matcher !== 'function') return null;
  let lists = listsByMatcher.get(matcher);
  if (!lists) {
    lists = new Map();
    listsByMatcher.set(matcher, lists);
  }
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/**
 * Whether `query` matches, kept up to date as the window changes. Read during the first render, so
 * a layout chosen by it never draws one form and then swaps to the other (no layout shift). Where
 * the browser has no `matchMedia` (jsdom in the view tests), `fallback`. Subscribes once per query
 * (a stable `subscribe`), not again with each render.
 *
 * `null` while the page is drawn at build time (src/prerender.tsx), where no window exists: a view
 * that chooses its layout by it draws both there, each behind the same query in CSS (UsersTable).
 */
export function useMediaMatch(query: string, fallback: boolean): boolean | null {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      if (!list) return () => {};
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listOf(query)?.matches ?? fallback,
    () => null,
  );
}

/** useMediaMatch, with `fallback` while the page is drawn at build time too. */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useMediaMatch(query, fallback) ?? fallback;
}
