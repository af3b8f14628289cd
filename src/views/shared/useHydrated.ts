import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates markup rendered at build time (src/prerender.tsx) and on that server
 * render; true once the page is live (and at once in a page React renders itself). Hydration reads
 * the server value, so the prerendered markup and the first client render agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
