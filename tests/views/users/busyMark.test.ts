/** The members view's busy state written onto its element (src/views/users/busyMark.ts). */
import { describe, expect, it } from 'vitest';
import { createBusyMark } from '../../../src/views/users/busyMark';

describe('createBusyMark', () => {
  it('marks an element busy until the first page, and busy and refreshing while a newer page loads', () => {
    const mark = createBusyMark({ firstLoad: true, refreshing: false });
    const view = document.createElement('table');
    mark.attach(view);
    expect(view.getAttribute('aria-busy')).toBe('true');
    expect(view.hasAttribute('data-refreshing')).toBe(false);
    mark.set({ firstLoad: false, refreshing: false });
    expect(view.getAttribute('aria-busy')).toBe('false');
    mark.set({ firstLoad: false, refreshing: true });
    expect(view.getAttribute('aria-busy')).toBe('true');
    expect(view.hasAttribute('data-refreshing')).toBe(true);
    mark.set({ firstLoad: false, refreshing: false });
    expect(view.hasAttribute('data-refreshing')).toBe(false);
  });

  it('marks an element attached later (the table turning into cards) with the state at that moment, and forgets a detached one', () => {
    const mark = createBusyMark({ firstLoad: true, refreshing: false });
    const table = document.createElement('table');
    mark.attach(table);
    mark.attach(null);
    mark.set({ firstLoad: false, refreshing: true });
    expect(table.getAttribute('aria-busy')).toBe('true');
    const cards = document.createElement('ul');
    mark.attach(cards);
    expect(cards.getAttribute('aria-busy')).toBe('true');
    expect(cards.hasAttribute('data-refreshing')).toBe(true);
  });
});
