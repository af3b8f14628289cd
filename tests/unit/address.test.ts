/**
 * The address bar service (src/services/address.ts) on an in-memory history: a query is written
 * as a new entry or in place, on the same path, keeping the hash; Back and Forward are heard.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAddressBar } from '../../src/services/address';
import { createMemoryAddressHost } from '../support/address';

describe('address bar', () => {
  it('writes the query as a new entry or in place, and not at all when it is already there', () => {
    const history = createMemoryAddressHost('/users#top', { from: 'link' });
    const address = createAddressBar(history.host);
    expect(address.current()).toEqual({ path: '/users', query: '', state: { from: 'link' } });
    address.setQuery('?status=pending', 'replace');
    expect(history.urls()).toEqual(['/users?status=pending']);
    // In place keeps the entry's state; the hash stays.
    expect(address.current().state).toEqual({ from: 'link' });
    expect(history.host.location.hash).toBe('#top');
    address.setQuery('?status=pending&page=2', 'push');
    expect(history.urls()).toEqual(['/users?status=pending', '/users?status=pending&page=2']);
    expect(address.current().state).toBeNull();
    address.setQuery('?status=pending&page=2', 'push');
    expect(history.urls()).toHaveLength(2);
  });

  it('hears Back and Forward until unsubscribed', () => {
    const history = createMemoryAddressHost('/users');
    const address = createAddressBar(history.host);
    address.setQuery('?page=2', 'push');
    const heard = vi.fn();
    const stop = address.onHistoryMove(heard);
    history.back();
    expect(heard).toHaveBeenLastCalledWith({ path: '/users', query: '', state: null });
    history.forward();
    expect(heard).toHaveBeenLastCalledWith({ path: '/users', query: '?page=2', state: null });
    stop();
    history.back();
    expect(heard).toHaveBeenCalledTimes(2);
  });
});
