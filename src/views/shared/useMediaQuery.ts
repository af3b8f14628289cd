import { useSyncExternalStore } from 'react';

/**
 * Whether `query` matches, kept up to date as the window changes. Read during the first render, so
 * a layout chosen by it never draws one form and then swaps to the other (no layout shift). Where
 * the browser has no `matchMedia` (jsdom in the view tests), `fallback`.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : fallback),
    () => fallback,
  );
}
