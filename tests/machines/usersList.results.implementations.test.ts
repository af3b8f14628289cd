// @vitest-environment node
/**
 * The pure bookkeeping of the users list (src/machines/usersList/rowResults.ts, invitationResults.ts,
 * bulk.ts, page.ts, types.ts and src/machines/rowChanges/rows.ts): what the page, the Quick Stats
 * and the toasts become once a row change, an invitation change or a bulk change has answered, and
 * what a load and a bulk change ask for. Exact values throughout: these are what the screen shows.
 */
import { describe, expect, it } from 'vitest';
import type { User, UserStats } from '../../src/contract/api';
import { addToStats, rowChangeNotice, ROW_FALLBACK } from '../../src/machines/rowChanges/rows';
import { bulkNotice, bulkRequestOf } from '../../src/machines/usersList/bulk';
import { invitationToast, listAfterInvitation } from '../../src/machines/usersList/invitationResults';
import { pageShown, type UsersPage } from '../../src/machines/usersList/page';
import { rowResultToast, showMember } from '../../src/machines/usersList/rowResults';
import { initialUsersListContext } from '../../src/machines/usersList/types';
import { makeUser } from '../views/users/fixtures';

const STATS: UserStats = { total: 60, active: 45, pending: 15, licensed: 20 };
/** Ana: licensed, active. Ben: no licence, active. Dan: licensed, pending. */
const ANA = makeUser(0);
const BEN = makeUser(1);
const DAN = makeUser(3);
const DELETED_AT = '2026-02-01T15:00:00.000Z';

describe('a member restored from Recently deleted', () => {
  const deletedBen = { ...BEN, deletedAt: DELETED_AT };
  const deletedDan = { ...DAN, deletedAt: DELETED_AT };
  const restoredBen: User = { ...BEN, version: 2 };

  it('leaves the Recently deleted page, which counts one fewer, and counts in the Quick Stats again', () => {
    const list = { users: [deletedDan, deletedBen], total: 2, stats: STATS, gone: { [ANA.userId]: 4 } };
    expect(showMember(list, { type: 'row.succeeded', kind: 'restore', before: deletedBen, user: restoredBen })).toEqual({
      users: [deletedDan],
      total: 1,
      stats: { total: 61, active: 46, pending: 15, licensed: 20 },
      // A page read before the restore does not bring back the copy that left (version 1).
      gone: { [ANA.userId]: 4, [BEN.userId]: 1 },
    });
  });

  it('a page under another filter, which does not show them, stays as it is', () => {
    const list = { users: [ANA, DAN], total: 40, stats: null, gone: {} };
    const result = showMember(list, { type: 'row.succeeded', kind: 'restore', before: deletedBen, user: restoredBen });
    expect(result).toEqual({ users: [ANA, DAN], total: 40, stats: null });
    expect(result.users).toBe(list.users);
  });

  it('the count of the page never goes below zero', () => {
    const list = { users: [deletedBen], total: 0, stats: null, gone: {} };
    expect(showMember(list, { type: 'row.succeeded', kind: 'restore', before: deletedBen, user: restoredBen }).total).toBe(0);
  });

  it('a pending, licensed member counts as pending and licensed', () => {
    expect(addToStats(STATS, { ...DAN, hasLicense: true })).toEqual({ total: 61, active: 45, pending: 16, licensed: 21 });
  });

  it('the toast names the member and offers no Undo', () => {
    expect(rowChangeNotice('restore', deletedBen, restoredBen)).toEqual({ message: `${BEN.name} was restored` });
    expect(rowResultToast({ type: 'row.succeeded', kind: 'restore', before: deletedBen, user: restoredBen })).toEqual({
      type: 'users.notice',
      message: `${BEN.name} was restored`,
      tone: 'success',
    });
  });

  it('a failed restore without a message of its own says so', () => {
    expect(ROW_FALLBACK).toEqual({
      license: 'Failed to update user license',
      status: 'Failed to update user status',
      restore: 'Failed to restore user',
    });
  });
});

describe('a licence or status change that went through', () => {
  it('a member not on the page leaves the page as it is but the counts follow the change', () => {
    const list = { users: [ANA], total: 60, stats: STATS, gone: {} };
    const after = { ...BEN, isActive: false, version: 2 };
    expect(showMember(list, { type: 'row.succeeded', kind: 'status', before: BEN, user: after })).toEqual({
      users: [ANA],
      total: 60,
      stats: { total: 60, active: 44, pending: 16, licensed: 20 },
    });
  });

  it('the toast says what changed, with the Undo that switches it back', () => {
    const after = { ...BEN, hasLicense: true, version: 2 };
    expect(rowResultToast({ type: 'row.succeeded', kind: 'license', before: BEN, user: after })).toEqual({
      type: 'users.notice',
      message: `License granted to ${BEN.name}`,
      tone: 'success',
      undo: { type: 'users.setLicense', user: after, hasLicense: false },
    });
  });
});

describe('the list after an invitation was revoked', () => {
  it('a member the page does not show leaves the total as it is; the counts still lose them', () => {
    const list = { users: [ANA, DAN], total: 30, stats: STATS, selected: [ANA.userId], gone: {} };
    // Only the counts change: the page, its total, the selection and `gone` stay as they are.
    expect(listAfterInvitation(list, { type: 'invitation.settled', outcome: 'revoked', user: BEN })).toEqual({
      stats: { total: 59, active: 44, pending: 15, licensed: 20 },
    });
  });

  it('the toast names the member whose invitation was revoked', () => {
    expect(invitationToast({ type: 'invitation.settled', outcome: 'revoked', user: BEN })).toEqual({
      type: 'users.notice',
      message: `The invitation of ${BEN.name} was revoked`,
      tone: 'success',
    });
  });
});

describe('a bulk change', () => {
  const view = { allMatching: true, total: 123, search: '  ana  ', status: 'pending' as const, role: 'Admin' as const };

  it('a deactivation that went through offers the Undo that activates the members it changed', () => {
    expect(
      bulkNotice(
        { userIds: [ANA.userId, BEN.userId, DAN.userId], updates: { isActive: false } },
        {
          updated: 2,
          changedIds: [ANA.userId, BEN.userId],
          failure: null,
        },
      ),
    ).toEqual({
      type: 'users.notice',
      message: '2 users updated',
      tone: 'success',
      undo: { type: 'users.undoBulk', userIds: [ANA.userId, BEN.userId], updates: { isActive: true } },
    });
  });

  it('a change of two things at once has no Undo', () => {
    expect(
      bulkNotice(
        { userIds: [ANA.userId], updates: { isActive: false, hasLicense: false } },
        {
          updated: 1,
          changedIds: [ANA.userId],
          failure: null,
        },
      ),
    ).toEqual({ type: 'users.notice', message: '1 user updated', tone: 'success' });
  });

  it('with every matching member selected, names the filter with the search as sent', () => {
    expect(bulkRequestOf(view, { userIds: [ANA.userId], updates: { hasLicense: true } })).toEqual({
      filter: { search: 'ana', role: 'Admin', status: 'pending' },
      updates: { hasLicense: true },
      count: 123,
    });
  });

  it('in Recently deleted, names the selected ids, never the filter', () => {
    expect(bulkRequestOf({ ...view, status: 'deleted' }, { userIds: [ANA.userId], updates: { hasLicense: true } })).toEqual({
      userIds: [ANA.userId],
      updates: { hasLicense: true },
    });
  });
});

describe('a page that arrived', () => {
  const page = (stats: UserStats | null): UsersPage => ({ list: { users: [ANA, BEN], total: 2, page: 1, limit: 25 }, stats });

  it('without the Quick Stats keeps the shown counts, and still owes them when they were owed', () => {
    const list = { users: [], stats: STATS, statsStale: true, gone: {}, selected: [BEN.userId, DAN.userId], allMatching: false };
    expect(pageShown(list, page(null))).toEqual({
      users: [ANA, BEN],
      total: 2,
      stats: STATS,
      statsStale: true,
      gone: {},
      hasLoaded: true,
      loadError: null,
      selected: [BEN.userId],
    });
    expect(pageShown({ ...list, statsStale: false }, page(null)).statsStale).toBe(false);
    expect(pageShown(list, page(STATS)).statsStale).toBe(false);
  });

  describe('read before a row change the list has already shown', () => {
    // Ana's licence was taken away (version 2) and the toast's Undo gave it back (version 3) while
    // the page loaded; the page read her at version 2.
    const shownAna: User = { ...ANA, version: 3 };
    const readAna: User = { ...ANA, hasLicense: false, version: 2 };
    const arrived = (stats: UserStats | null): UsersPage => ({ list: { users: [readAna, BEN], total: 2, page: 1, limit: 25 }, stats });
    const list = { users: [shownAna, DAN], stats: STATS, statsStale: false, gone: {}, selected: [], allMatching: false };

    it('keeps the member as shown, and the rest of the page as it arrived', () => {
      const result = pageShown(list, arrived(null));
      expect(result.users).toEqual([shownAna, BEN]);
      expect(result.users[0]).toBe(shownAna);
      expect(result.users[1]).toBe(BEN);
    });

    it('takes the copy that arrived when it is as new as the shown one, or newer', () => {
      expect(pageShown({ ...list, users: [{ ...ANA, version: 2 }] }, arrived(null)).users[0]).toBe(readAna);
      expect(pageShown({ ...list, users: [{ ...ANA, version: 1 }] }, arrived(STATS)).users[0]).toBe(readAna);
      expect(pageShown({ ...list, users: [{ ...ANA, version: 1 }] }, arrived(STATS)).statsStale).toBe(false);
    });

    it('asks for the Quick Stats again with the next load when they came with that page', () => {
      const fresh: UserStats = { total: 61, active: 46, pending: 15, licensed: 19 };
      expect(pageShown(list, arrived(fresh))).toMatchObject({ stats: fresh, statsStale: true });
      expect(pageShown(list, arrived(null))).toMatchObject({ stats: STATS, statsStale: false });
    });

    it('every matching member selected: the kept member is selected with the rest', () => {
      expect(pageShown({ ...list, allMatching: true }, arrived(null)).selected).toEqual([ANA.userId, BEN.userId]);
    });
  });

  describe('read before a member left the page (restored out of Recently deleted, an invitation revoked)', () => {
    // Ben was restored (his deleted copy, version 1, left the page) while the page loaded; the
    // page read him before that, still deleted, at version 1. Dan stays.
    const deletedBen: User = { ...BEN, deletedAt: DELETED_AT };
    const deletedDan: User = { ...DAN, deletedAt: DELETED_AT };
    const arrived = (users: User[], stats: UserStats | null): UsersPage => ({ list: { users, total: 12, page: 1, limit: 25 }, stats });
    const list = { users: [deletedDan], stats: STATS, statsStale: false, gone: { [BEN.userId]: 1 }, selected: [], allMatching: true };

    it('does not bring them back, and the total does not count them', () => {
      const result = pageShown(list, arrived([deletedBen, deletedDan], null));
      expect(result.users).toEqual([deletedDan]);
      expect(result.total).toBe(11);
      expect(result.selected).toEqual([]);
      // Every page after this one was read after the change: nothing more to hold back.
      expect(result.gone).toEqual({});
    });

    it('a newer copy of them is shown: a page read after they came back under another filter', () => {
      const back: User = { ...BEN, version: 2 };
      const result = pageShown(list, arrived([back, ANA], STATS));
      expect(result.users).toEqual([back, ANA]);
      expect(result.total).toBe(12);
      expect(result.statsStale).toBe(false);
    });

    it('the Quick Stats of such a page may predate the change too: the next load asks for them again', () => {
      const fresh: UserStats = { total: 60, active: 45, pending: 15, licensed: 20 };
      expect(pageShown(list, arrived([deletedBen], fresh))).toMatchObject({ users: [], total: 11, stats: fresh, statsStale: true });
      expect(pageShown(list, arrived([deletedBen], null))).toMatchObject({ stats: STATS, statsStale: false });
      expect(pageShown({ ...list, gone: { [BEN.userId]: 0 } }, arrived([deletedBen], fresh))).toMatchObject({
        users: [deletedBen],
        total: 12,
        statsStale: false,
      });
    });
  });

  it('the list opens on page 1 of every member, newest first, with nothing selected and the counts owed', () => {
    expect(initialUsersListContext(25)).toEqual({
      search: '',
      status: 'all',
      role: 'all',
      sort: '-created',
      page: 1,
      pageSize: 25,
      users: [],
      total: 0,
      stats: null,
      statsStale: true,
      gone: {},
      hasLoaded: false,
      loadError: null,
      selected: [],
      allMatching: false,
      actionError: null,
      editTarget: null,
      deleteTarget: null,
      deleteError: null,
      bulkRequest: null,
    });
  });
});
