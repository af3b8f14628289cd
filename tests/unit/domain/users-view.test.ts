// @vitest-environment node
/**
 * The users list's view in the URL (src/machines/usersList/view.ts): every view has one spelling,
 * reading it back gives the same view, and nonsense falls back to the defaults quietly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ROLES, USER_SORTS, USER_STATUS_FILTERS } from '../../../src/contract/api';
import { LIMITS } from '../../../src/domain/limits';
import { DEFAULT_USERS_VIEW, parseUsersView, usersViewQuery, type UsersView } from '../../../src/machines/usersList/view';

describe('users view in the URL', () => {
  it('names only what differs from the defaults', () => {
    expect(usersViewQuery(DEFAULT_USERS_VIEW)).toBe('');
    expect(usersViewQuery({ ...DEFAULT_USERS_VIEW, status: 'pending', page: 2, sort: 'name' })).toBe('?status=pending&page=2&sort=name');
    expect(usersViewQuery({ ...DEFAULT_USERS_VIEW, search: 'Ana & Co', role: 'Field Worker' })).toBe('?q=Ana+%26+Co&role=Field+Worker');
  });

  it('reads the view the issue names', () => {
    expect(parseUsersView('?q=ana&status=pending&role=Supervisor&page=2&sort=name')).toEqual({
      search: 'ana',
      status: 'pending',
      role: 'Supervisor',
      page: 2,
      sort: 'name',
    });
    expect(parseUsersView('')).toEqual(DEFAULT_USERS_VIEW);
    expect(parseUsersView('?sort=-lastActive')).toEqual({ ...DEFAULT_USERS_VIEW, sort: '-lastActive' });
  });

  it('falls back to the default, per value, for what makes no sense', () => {
    const view = parseUsersView('?q=ok&status=archived&role=CEO&page=0&sort=password');
    expect(view).toEqual({ ...DEFAULT_USERS_VIEW, search: 'ok' });
    for (const page of ['-1', '1.5', '2e3', 'abc', '99999999', '']) expect(parseUsersView(`?page=${page}`).page).toBe(1);
    expect(parseUsersView('?page=1000000').page).toBe(1_000_000);
    // Seven digits pass the pattern; one past the last page is still refused.
    expect(parseUsersView('?page=1000001').page).toBe(1);
    expect(parseUsersView(`?q=${'a'.repeat(LIMITS.search)}`).search).toBe('a'.repeat(LIMITS.search));
    expect(parseUsersView(`?q=${'a'.repeat(LIMITS.search + 1)}`).search).toBe('');
    expect(parseUsersView('?role=all&status=all').role).toBe('all');
    // Unknown parameters are ignored, not an error.
    expect(parseUsersView('?utm_source=mail&status=active')).toEqual({ ...DEFAULT_USERS_VIEW, status: 'active' });
  });

  it('reads back every view it writes (property)', () => {
    const view: fc.Arbitrary<UsersView> = fc.record({
      search: fc.string({ maxLength: 40 }),
      status: fc.constantFrom(...USER_STATUS_FILTERS),
      role: fc.constantFrom('all' as const, ...ROLES),
      page: fc.integer({ min: 1, max: 1_000_000 }),
      sort: fc.constantFrom(...USER_SORTS),
    });
    fc.assert(
      fc.property(view, (v) => {
        expect(parseUsersView(usersViewQuery(v))).toEqual(v);
      }),
    );
  });
});
