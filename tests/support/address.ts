/**
 * An in-memory browser address bar and history for tests (jsdom's own history is shared by every
 * test in a file and its Back is asynchronous): the real `createAddressBar` runs on it.
 * `back()` and `forward()` move through the entries and fire `popstate` at once, as a browser does.
 */
import type { AddressHost } from '../../src/services/address';

interface Entry {
  url: URL;
  state: unknown;
}

export function createMemoryAddressHost(start: string, state: unknown = null) {
  const entries: Entry[] = [{ url: new URL(start, 'http://console.test'), state }];
  let index = 0;
  const listeners = new Set<() => void>();
  const at = (): Entry => {
    const entry = entries[index];
    if (!entry) throw new Error('no history entry');
    return entry;
  };
  const move = (by: number) => {
    const next = index + by;
    if (next < 0 || next >= entries.length) return;
    index = next;
    for (const listener of [...listeners]) listener();
  };
  const host: AddressHost = {
    location: {
      get pathname() {
        return at().url.pathname;
      },
      get search() {
        return at().url.search;
      },
      get hash() {
        return at().url.hash;
      },
    },
    history: {
      get state() {
        return at().state;
      },
      pushState(data: unknown, _unused: string, url?: string | URL | null) {
        entries.splice(index + 1, entries.length, { url: new URL(url ?? at().url, at().url), state: data });
        index += 1;
      },
      replaceState(data: unknown, _unused: string, url?: string | URL | null) {
        entries[index] = { url: new URL(url ?? at().url, at().url), state: data };
      },
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
  };
  return {
    host,
    back: () => move(-1),
    forward: () => move(1),
    /** The current entry's path and query. */
    url: () => `${at().url.pathname}${at().url.search}`,
    /** Every entry's path and query, oldest first. */
    urls: () => entries.map((e) => `${e.url.pathname}${e.url.search}`),
    index: () => index,
  };
}
