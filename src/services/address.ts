/**
 * The browser's address bar, for the machines that keep their view in the URL, so that a view can
 * be shared as a link (the users list, its Activity section): read the path, query and history
 * state, write the query (a new history entry or in place), and hear Back and Forward.
 *
 * The query is written with the History API on the same path. wouter (the router) patches
 * `pushState` / `replaceState` to notice such writes; the path does not change, so the route and
 * its screen stay mounted, and the machine that wrote the query is not told about its own write.
 */

export interface Address {
  path: string;
  /** '' or '?…'. */
  query: string;
  /** The entry's history state (what a link passed as `state`), or null. */
  state: unknown;
}

export interface AddressBar {
  current(): Address;
  /** Puts `query` on the current path: as a new history entry ('push') or in place ('replace'). */
  setQuery(query: string, mode: 'push' | 'replace'): void;
  /** Calls `listener` when Back or Forward moves to another entry; returns the unsubscribe. */
  onHistoryMove(listener: (address: Address) => void): () => void;
}

/** The part of `window` this module uses. */
export interface AddressHost {
  readonly location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  readonly history: Pick<History, 'state' | 'pushState' | 'replaceState'>;
  addEventListener(type: 'popstate', listener: () => void): void;
  removeEventListener(type: 'popstate', listener: () => void): void;
}

export function createAddressBar(host: AddressHost): AddressBar {
  const current = (): Address => ({ path: host.location.pathname, query: host.location.search, state: host.history.state as unknown });
  return {
    current,
    setQuery(query, mode) {
      const { pathname, search, hash } = host.location;
      if (query === search) return;
      const url = `${pathname}${query}${hash}`;
      // In place, the entry keeps its state; a new entry starts with none.
      if (mode === 'replace') host.history.replaceState(host.history.state, '', url);
      else host.history.pushState(null, '', url);
    },
    onHistoryMove(listener) {
      const onPop = () => listener(current());
      host.addEventListener('popstate', onPop);
      return () => host.removeEventListener('popstate', onPop);
    },
  };
}
