// @vitest-environment node
/**
 * A screen's view in the address bar (src/machines/urlView/codec.ts): the default view is the bare
 * address, only what differs from the defaults is written, and a page number is read from 1 up to
 * its maximum.
 */
import { describe, expect, it } from 'vitest';
import { defineUrlView, oneOf, pageNumber } from '../../src/machines/urlView/codec';

interface View {
  status: 'all' | 'active' | 'pending';
  page: number;
}

const codec = defineUrlView<View>(
  { status: 'all', page: 1 },
  { status: oneOf('status', ['all', 'active', 'pending']), page: pageNumber('page', 500) },
);

describe('a view in the address bar', () => {
  it('the default view is the bare address', () => {
    expect(codec.toQuery({ status: 'all', page: 1 })).toBe('');
  });

  it('writes only what differs from the defaults', () => {
    expect(codec.toQuery({ status: 'active', page: 1 })).toBe('?status=active');
    expect(codec.toQuery({ status: 'all', page: 3 })).toBe('?page=3');
    expect(codec.toQuery({ status: 'pending', page: 2 })).toBe('?status=pending&page=2');
  });

  it('reads page 1 and the last page, and nothing outside them', () => {
    const page = pageNumber('page', 500);
    expect(page.parse('1')).toBe(1);
    expect(page.parse('500')).toBe(500);
    expect(page.parse('0')).toBeUndefined();
    expect(page.parse('501')).toBeUndefined();
  });

  it('an address naming page 1 is the default view', () => {
    expect(codec.parse('?page=1&status=active')).toEqual({ status: 'active', page: 1 });
  });
});
