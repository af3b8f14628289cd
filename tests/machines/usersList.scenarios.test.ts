// @vitest-environment node
/**
 * Named scenarios of User Management (SPEC §2 Users screen, §4 Users, §8; issue 14): the list, its
 * view in the URL, row changes with Undo, bulk changes, the dialogs and Export CSV, read as the
 * screen's specification. Actor level, no rendering: every API call is a promise (or, for a row
 * change, a callback) the scenario answers; the address bar is a stand-in that reports the address
 * the scenario names and keeps what the list writes back; the search debounce runs on a simulated
 * clock. The add and edit dialogs are the real child machines with their API calls settled here.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromCallback, fromPromise, type EventFromLogic } from 'xstate';
import type { BulkUpdateResponse, CreateUserRequest, User } from '../../src/contract/api';
import { addUserMachine, NEW_USER_DEFAULTS } from '../../src/machines/addUser';
import { editUserMachine } from '../../src/machines/editUser';
import type { UpdateUserInput } from '../../src/machines/editUser/editUserMachine';
import {
  DELETE_USER_FALLBACK,
  FETCH_USERS_FALLBACK,
  ROW_REFRESHED,
  UPDATE_LICENSE_FALLBACK,
  UPDATE_STATUS_FALLBACK,
  UPDATE_USER_FALLBACK,
  USERS_ERROR_TITLE,
  bulkQuestion,
  nextSort,
  sortDirectionOf,
  selectActionError,
  selectAddUserRef,
  selectBulkToConfirm,
  selectBusy,
  selectDeleteError,
  selectDeleteTarget,
  selectEditUserRef,
  selectFilters,
  selectIsBulkUpdating,
  selectIsDeleting,
  selectIsExporting,
  selectIsFirstLoad,
  selectIsRefreshing,
  selectLoadError,
  selectPage,
  selectPageSize,
  selectSelected,
  selectSort,
  selectStats,
  selectTotal,
  selectUsers,
  selectAllMatching,
  selectMatchingOffer,
  usersListMachine,
  type BulkRequest,
  type LoadUsersInput,
  type UsersListEmitted,
  type UsersPage,
} from '../../src/machines/usersList';
import { bulkChangeMachine } from '../../src/machines/bulkChange';
import { csvExportMachine, type ExportQuery, type ExportedFile } from '../../src/machines/csvExport';
import { rowChangesMachine } from '../../src/machines/rowChanges';
import type { UrlWrite } from '../../src/machines/urlView';
import { ApiRequestError } from '../../src/services/api/errors';
import { makeUser } from '../views/users/fixtures';
import { pendingActor, settle } from './pending-actor';
import { STATS, USERS, heldRowAction, page, type RowCall } from './usersList.harness';

const [ANA, BEN, CARLA] = USERS as [User, User, User];

/** The users screen opened at `/users${query}`. */
function openUsers(query = '', { clock }: { clock?: SimulatedClock } = {}) {
  const load = pendingActor<UsersPage, LoadUsersInput>();
  const remove = pendingActor<void, { userId: string }>();
  const bulk = pendingActor<BulkUpdateResponse, BulkRequest>();
  const exporting = pendingActor<ExportedFile, ExportQuery>();
  const invite = pendingActor<User, CreateUserRequest>();
  const update = pendingActor<User, UpdateUserInput>();
  const rows: RowCall[] = [];
  const writes: Array<{ query: string; mode: 'push' | 'replace' }> = [];
  const downloads: string[] = [];
  let moveTo: ((query: string) => void) | null = null;
  const actor = createActor(
    usersListMachine.provide({
      actors: {
        loadUsers: load.logic,
        deleteUser: remove.logic,
        bulkChange: bulkChangeMachine.provide({ actors: { bulkUpdate: bulk.logic } }),
        csvExport: csvExportMachine.provide({
          actors: { prepareExport: exporting.logic },
          actions: { openDownload: (_, params: { url: string }) => void downloads.push(params.url) },
        }),
        rowChanges: rowChangesMachine.provide({
          actors: {
            runRowAction: heldRowAction(rows),
          },
        }),
        watchUrl: fromCallback(({ sendBack }) => {
          sendBack({ type: 'users.urlChanged', query });
          moveTo = (moved) => sendBack({ type: 'users.urlChanged', query: moved });
        }),
        addUser: addUserMachine.provide({ actors: { inviteUser: invite.logic } }),
        editUser: editUserMachine.provide({ actors: { updateUser: update.logic } }),
      },
      actions: {
        writeUrl: (_, params: UrlWrite | null) => void (params && writes.push(params)),
      },
    }),
    { input: { pageSize: 25 }, ...(clock ? { clock } : {}) },
  );
  const notices: UsersListEmitted[] = [];
  actor.on('users.notice', (notice) => notices.push(notice));
  actor.start();
  const answerWith = async (answer: UsersPage) => {
    load.last().resolve(answer);
    await settle();
  };
  const historyMove = (moved: string) => {
    if (!moveTo) throw new Error('the list does not hear the address');
    moveTo(moved);
  };
  const snapshot = () => actor.getSnapshot();
  return {
    actor,
    snapshot,
    load,
    remove,
    bulk,
    exporting,
    invite,
    update,
    rows,
    writes,
    downloads,
    notices,
    answerWith,
    historyMove,
  };
}

/** Opened, with the three members on screen. */
async function openLoaded(query = '') {
  const screen = openUsers(query);
  await screen.answerWith(page(USERS));
  screen.writes.length = 0;
  return screen;
}

describe('the users list and its view in the URL', () => {
  it('opens on the view the address names: the first request asks for it with the Quick Stats, and the address is written back in its one spelling', async () => {
    const { load, writes, answerWith, snapshot } = openUsers('?sort=name&page=2&status=pending&role=Supervisor&q=ana&junk=1');
    expect(load.calls.map((c) => c.input)).toEqual([
      { page: 2, limit: 25, search: 'ana', status: 'pending', role: 'Supervisor', sort: 'name', withStats: true },
    ]);
    expect(writes).toEqual([{ query: '?q=ana&status=pending&role=Supervisor&page=2&sort=name', mode: 'replace' }]);
    expect(selectIsFirstLoad(snapshot())).toBe(true);
    expect(selectIsRefreshing(snapshot())).toBe(true);
    expect(selectUsers(snapshot())).toEqual([]);
    expect(selectSelected(snapshot())).toEqual([]);
    expect(snapshot().hasTag('pending')).toBe(true);
    expect(selectFilters(snapshot())).toEqual({ search: 'ana', status: 'pending', role: 'Supervisor' });
    expect(selectSort(snapshot())).toBe('name');
    expect(selectPageSize(snapshot())).toBe(25);

    await answerWith(page(USERS, { page: 2, total: 28 }));
    expect(selectIsFirstLoad(snapshot())).toBe(false);
    expect(selectIsRefreshing(snapshot())).toBe(false);
    expect(selectUsers(snapshot())).toEqual(USERS);
    expect(selectTotal(snapshot())).toBe(28);
    expect(selectPage(snapshot())).toBe(2);
    expect(selectStats(snapshot())).toEqual(STATS);
  });

  it('the bare /users is newest first, every status and role, page 1', () => {
    const { load, writes } = openUsers('');
    expect(load.last().input).toEqual({ page: 1, limit: 25, search: '', status: 'all', role: 'all', sort: '-created', withStats: true });
    expect(writes).toEqual([{ query: '', mode: 'replace' }]);
  });

  it('a search waits until typing has stopped for 300 ms, goes back to page 1, and is one history entry', async () => {
    const clock = new SimulatedClock();
    const { actor, load, writes, answerWith, snapshot } = openUsers('?page=2', { clock });
    await answerWith(page(USERS, { page: 2 }));
    writes.length = 0;
    actor.send({ type: 'users.search', search: ' a' });
    actor.send({ type: 'users.search', search: ' an' });
    clock.increment(299);
    actor.send({ type: 'users.search', search: ' ana ' });
    expect(selectIsRefreshing(snapshot())).toBe(true);
    clock.increment(299);
    expect(load.calls).toHaveLength(1);
    clock.increment(1);
    expect(load.calls).toHaveLength(2);
    expect(load.last().input).toEqual({
      page: 1,
      limit: 25,
      search: 'ana',
      status: 'all',
      role: 'all',
      sort: '-created',
      withStats: false,
    });
    expect(writes).toEqual([
      { query: '?q=+a', mode: 'push' },
      { query: '?q=+an', mode: 'replace' },
      { query: '?q=+ana+', mode: 'replace' },
    ]);
  });

  it('a status or role filter, a sort or a page loads at once (a filter or sort from page 1), each a history entry; the earlier request is aborted and the Quick Stats stay', async () => {
    const { actor, load, writes, answerWith, snapshot } = await openLoaded('?page=3');
    actor.send({ type: 'users.filterStatus', status: 'active' });
    actor.send({ type: 'users.filterRole', role: 'Admin' });
    expect(load.calls.at(-2)?.signal.aborted).toBe(true);
    actor.send({ type: 'users.sort', sort: 'email' });
    actor.send({ type: 'users.goToPage', page: 2.9 });
    actor.send({ type: 'users.goToPage', page: 0 });
    actor.send({ type: 'users.goToPage', page: 4 });
    expect(load.last().input).toEqual({ page: 4, limit: 25, search: '', status: 'active', role: 'Admin', sort: 'email', withStats: false });
    expect(writes).toEqual([
      { query: '?status=active', mode: 'push' },
      { query: '?status=active&role=Admin', mode: 'push' },
      { query: '?status=active&role=Admin&sort=email', mode: 'push' },
      { query: '?status=active&role=Admin&page=2&sort=email', mode: 'push' },
      { query: '?status=active&role=Admin&sort=email', mode: 'push' },
      { query: '?status=active&role=Admin&page=4&sort=email', mode: 'push' },
    ]);
    expect(selectIsFirstLoad(snapshot())).toBe(false);
    expect(selectIsRefreshing(snapshot())).toBe(true);
    await answerWith(page([CARLA], { page: 4, total: 76, stats: null }));
    expect(selectStats(snapshot())).toEqual(STATS);
    expect(selectUsers(snapshot())).toEqual([CARLA]);
  });

  it('a click on a column header sorts by it: dates newest first and text A to Z at first, the sorted column flips', async () => {
    const { actor, load, snapshot } = await openLoaded();
    const click = (key: Parameters<typeof nextSort>[1]) => actor.send({ type: 'users.sort', sort: nextSort(selectSort(snapshot()), key) });
    expect(sortDirectionOf(selectSort(snapshot()), 'created')).toBe('descending');
    expect(sortDirectionOf(selectSort(snapshot()), 'name')).toBe('none');
    click('created');
    expect(selectSort(snapshot())).toBe('created');
    expect(sortDirectionOf('created', 'created')).toBe('ascending');
    click('created');
    expect(selectSort(snapshot())).toBe('-created');
    click('name');
    expect(selectSort(snapshot())).toBe('name');
    click('name');
    expect(selectSort(snapshot())).toBe('-name');
    expect(sortDirectionOf('-name', 'name')).toBe('descending');
    expect(sortDirectionOf('-name', 'email')).toBe('none');
    click('name');
    expect(selectSort(snapshot())).toBe('name');
    click('lastActive');
    expect(selectSort(snapshot())).toBe('-lastActive');
    click('email');
    expect(selectSort(snapshot())).toBe('email');
    expect(load.last().input.sort).toBe('email');
    click('created');
    expect(selectSort(snapshot())).toBe('-created');
  });

  it('Back or Forward shows the view of that address, written back in place', async () => {
    const { load, writes, historyMove, snapshot } = await openLoaded();
    historyMove('?role=Field+Worker&page=0');
    expect(selectFilters(snapshot())).toEqual({ search: '', status: 'all', role: 'Field Worker' });
    expect(selectPage(snapshot())).toBe(1);
    expect(load.last().input.role).toBe('Field Worker');
    expect(writes).toEqual([{ query: '?role=Field+Worker', mode: 'replace' }]);
  });

  it('a page past the end (members removed, a stale link) shows the last page instead, corrected in place', async () => {
    const { load, writes, answerWith, snapshot } = openUsers('?page=9');
    writes.length = 0;
    await answerWith(page([], { page: 9, total: 51 }));
    expect(selectPage(snapshot())).toBe(3);
    expect(load.last().input.page).toBe(3);
    expect(writes).toEqual([{ query: '?page=3', mode: 'replace' }]);
    await answerWith(page([CARLA], { page: 3, total: 51 }));
    expect(selectUsers(snapshot())).toEqual([CARLA]);
  });

  it("an empty list is 'No users found', not a page to correct", async () => {
    const { load, answerWith, snapshot } = openUsers('?page=2');
    await answerWith(page([], { page: 2, total: 0 }));
    expect(load.calls).toHaveLength(1);
    expect(selectUsers(snapshot())).toEqual([]);
    expect(selectTotal(snapshot())).toBe(0);
  });

  it('until the address arrives, the filters are the defaults: an empty search, every status and every role', () => {
    const actor = createActor(
      usersListMachine.provide({
        actors: { loadUsers: pendingActor<UsersPage, LoadUsersInput>().logic, watchUrl: fromCallback(() => undefined) },
        actions: { writeUrl: () => undefined },
      }),
      { input: { pageSize: 25 } },
    ).start();
    expect(selectFilters(actor.getSnapshot())).toEqual({ search: '', status: 'all', role: 'all' });
    actor.stop();
  });

  it('without a page size of its own, the list asks for pages of 25', () => {
    const load = pendingActor<UsersPage, LoadUsersInput>();
    const actor = createActor(
      usersListMachine.provide({
        actors: { loadUsers: load.logic, watchUrl: fromCallback(({ sendBack }) => sendBack({ type: 'users.urlChanged', query: '' })) },
        actions: { writeUrl: () => undefined },
      }),
      { input: undefined },
    ).start();
    expect(selectPageSize(actor.getSnapshot())).toBe(25);
    expect(load.calls.map((c) => c.input.limit)).toEqual([25]);
    actor.stop();
  });

  it(`a failed load shows '${USERS_ERROR_TITLE}' with the message (or '${FETCH_USERS_FALLBACK}'), and 'Try again' loads again`, async () => {
    const { actor, load, answerWith, snapshot } = openUsers();
    load.last().reject(new Error('HTTP 503: Service Unavailable'));
    await settle();
    // Not loading any more: no skeleton rows, no dimmed rows, only the error.
    expect(selectIsFirstLoad(snapshot())).toBe(false);
    expect(selectIsRefreshing(snapshot())).toBe(false);
    expect(selectIsBulkUpdating(snapshot())).toBe(false);
    expect(USERS_ERROR_TITLE).toBe('Error loading users');
    expect(selectLoadError(snapshot())).toBe('HTTP 503: Service Unavailable');
    actor.send({ type: 'users.retry' });
    expect(selectLoadError(snapshot())).toBeNull();
    load.last().reject(new Error(''));
    await settle();
    expect(selectLoadError(snapshot())).toBe('Failed to fetch users');
    actor.send({ type: 'users.retry' });
    expect(load.last().input.withStats).toBe(true);
    await answerWith(page(USERS));
    expect(selectLoadError(snapshot())).toBeNull();
    expect(selectUsers(snapshot())).toEqual(USERS);
  });
});

describe('row changes: licence and status', () => {
  it('granting a licence asks for the wanted value, once while it runs; the row and the licensed count follow, and the toast offers Undo', async () => {
    const { actor, rows, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.setLicense', user: BEN, hasLicense: true });
    actor.send({ type: 'users.setLicense', user: BEN, hasLicense: true });
    expect(rows.map((r) => r.input)).toEqual([{ kind: 'license', user: BEN, value: true }]);
    expect(selectBusy(snapshot())).toEqual([`license:${BEN.userId}`]);

    const granted = { ...BEN, hasLicense: true, version: 2 };
    rows[0]?.answer({ type: 'row.succeeded', kind: 'license', before: BEN, user: granted });
    expect(rows[0]?.stopped).toBe(true);
    expect(selectBusy(snapshot())).toEqual([]);
    expect(selectUsers(snapshot())).toEqual([ANA, granted, CARLA]);
    expect(selectStats(snapshot())).toEqual({ ...STATS, licensed: 21 });
    expect(notices).toEqual([
      {
        type: 'users.notice',
        message: `License granted to ${BEN.name}`,
        tone: 'success',
        undo: { type: 'users.setLicense', user: granted, hasLicense: false },
      },
    ]);

    // Undo: the toast sends the change back.
    actor.send(notices[0]?.undo as NonNullable<UsersListEmitted['undo']>);
    expect(rows[1]?.input).toEqual({ kind: 'license', user: granted, value: false });
    rows[1]?.answer({ type: 'row.succeeded', kind: 'license', before: granted, user: BEN });
    expect(selectStats(snapshot())).toEqual(STATS);
    expect(notices[1]?.message).toBe(`License removed from ${BEN.name}`);
  });

  it('deactivating a member makes them pending in the counts; a licence and a status change of one row run side by side', async () => {
    const { actor, rows, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.setStatus', user: ANA, isActive: false });
    actor.send({ type: 'users.setLicense', user: ANA, hasLicense: false });
    expect(selectBusy(snapshot())).toEqual([`status:${ANA.userId}`, `license:${ANA.userId}`]);
    const pending = { ...ANA, isActive: false };
    rows[0]?.answer({ type: 'row.succeeded', kind: 'status', before: ANA, user: pending });
    expect(selectBusy(snapshot())).toEqual([`license:${ANA.userId}`]);
    expect(rows.map((r) => r.stopped)).toEqual([true, false]);
    expect(selectStats(snapshot())).toEqual({ ...STATS, active: 44, pending: 16 });
    expect(notices.at(-1)).toMatchObject({
      message: `${ANA.name} was deactivated`,
      undo: { type: 'users.setStatus', user: pending, isActive: true },
    });
    rows[1]?.answer({ type: 'row.succeeded', kind: 'status', before: pending, user: { ...pending, isActive: true } });
    expect(notices.at(-1)?.message).toBe(`${ANA.name} was activated`);
  });

  it('a row change that ends leaves the other rows’ changes running: only its own row stops being busy', async () => {
    const { actor, rows, snapshot } = await openLoaded();
    actor.send({ type: 'users.setLicense', user: ANA, hasLicense: false });
    actor.send({ type: 'users.setLicense', user: BEN, hasLicense: true });
    actor.send({ type: 'users.setStatus', user: CARLA, isActive: false });
    const busy = [...selectBusy(snapshot())];
    expect(busy).toHaveLength(3);
    rows[1]?.answer({ type: 'row.failed', kind: 'license', userId: BEN.userId, error: new Error('No licences left') });
    expect(selectBusy(snapshot())).toEqual([busy[0], busy[2]]);
    rows[2]?.answer({ type: 'row.conflicted', kind: 'status', user: CARLA, message: 'Changed elsewhere' });
    expect(selectBusy(snapshot())).toEqual([busy[0]]);
    expect(rows[0]?.stopped).toBe(false);
  });

  it(`a change that fails shows its message above the table (or '${UPDATE_LICENSE_FALLBACK}' / '${UPDATE_STATUS_FALLBACK}') until dismissed; the row stays`, async () => {
    const { actor, rows, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.setLicense', user: BEN, hasLicense: true });
    rows[0]?.answer({ type: 'row.failed', kind: 'license', userId: BEN.userId, error: new Error('No licences left') });
    expect(rows[0]?.stopped).toBe(true);
    expect(selectActionError(snapshot())).toBe('No licences left');
    expect(selectBusy(snapshot())).toEqual([]);
    expect(selectUsers(snapshot())).toEqual(USERS);

    actor.send({ type: 'users.setLicense', user: BEN, hasLicense: true });
    expect(selectActionError(snapshot())).toBeNull();
    rows[1]?.answer({ type: 'row.failed', kind: 'license', userId: BEN.userId, error: null });
    expect(selectActionError(snapshot())).toBe('Failed to update user license');
    actor.send({ type: 'users.setStatus', user: BEN, isActive: false });
    rows[2]?.answer({ type: 'row.failed', kind: 'status', userId: BEN.userId, error: new Error('') });
    expect(selectActionError(snapshot())).toBe('Failed to update user status');
    actor.send({ type: 'users.dismissError' });
    expect(selectActionError(snapshot())).toBeNull();
    expect(notices).toEqual([]);
  });

  it('a change refused as in conflict (409) shows the member as they are now, the counts follow, and a warning says why', async () => {
    const { actor, rows, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.setStatus', user: BEN, isActive: false });
    const asTheyAre = { ...BEN, hasLicense: true, version: 7 };
    rows[0]?.answer({ type: 'row.conflicted', kind: 'status', user: asTheyAre, message: 'An organisation needs an administrator.' });
    expect(rows[0]?.stopped).toBe(true);
    expect(selectBusy(snapshot())).toEqual([]);
    expect(selectUsers(snapshot())).toEqual([ANA, asTheyAre, CARLA]);
    expect(selectStats(snapshot())).toEqual({ ...STATS, licensed: 21 });
    expect(selectActionError(snapshot())).toBeNull();
    expect(notices).toEqual([
      { type: 'users.notice', message: 'An organisation needs an administrator.', tone: 'warning', detail: ROW_REFRESHED },
    ]);
    expect(ROW_REFRESHED).toBe('The row now shows this member as they are.');
  });

  it('a conflict about a member no longer on the page leaves the counts as they are', async () => {
    const { actor, rows, snapshot } = await openLoaded();
    const gone = makeUser(40);
    actor.send({ type: 'users.setLicense', user: gone, hasLicense: true });
    rows[0]?.answer({ type: 'row.conflicted', kind: 'license', user: { ...gone, hasLicense: true }, message: 'Changed' });
    expect(selectStats(snapshot())).toEqual(STATS);
    expect(selectUsers(snapshot())).toEqual(USERS);
  });

  it('a page read before a toggle and its Undo, arriving after them, does not put the toggle back; the counts are asked again', async () => {
    const { actor, rows, load, notices, answerWith, snapshot } = await openLoaded();
    // A bulk change's reload (with the Quick Stats) is still on its way when the licence is toggled.
    actor.send({ type: 'users.imported' });
    expect(load.last().input.withStats).toBe(true);
    actor.send({ type: 'users.setLicense', user: BEN, hasLicense: true });
    const granted = { ...BEN, hasLicense: true, version: 2 };
    rows[0]?.answer({ type: 'row.succeeded', kind: 'license', before: BEN, user: granted });
    actor.send(notices[0]?.undo as NonNullable<UsersListEmitted['undo']>);
    const removed = { ...BEN, version: 3 };
    rows[1]?.answer({ type: 'row.succeeded', kind: 'license', before: granted, user: removed });

    // The page read Ben between the two changes.
    await answerWith(page([ANA, granted, CARLA], { stats: { ...STATS, licensed: 21 } }));
    expect(selectUsers(snapshot())).toEqual([ANA, removed, CARLA]);
    actor.send({ type: 'users.goToPage', page: 2 });
    expect(load.last().input.withStats).toBe(true);
  });

  it('a page read before a restore, arriving after it, does not bring the restored member back to Recently deleted', async () => {
    const screen = openUsers('?status=deleted');
    const deleted = USERS.slice(0, 3).map((u) => ({ ...u, deletedAt: '2026-11-20T09:00:00.000Z', purgeAt: '2026-12-20T09:00:00.000Z' }));
    const [deletedAna, deletedBen, deletedCarla] = deleted as [User, User, User];
    await screen.answerWith(page(deleted, { total: 3 }));
    const { actor, rows, load, answerWith, snapshot } = screen;
    // An import's reload (with the Quick Stats) is on its way when Ben is restored.
    actor.send({ type: 'users.imported' });
    // Restore goes straight to the row changes (the row menu sends it there).
    snapshot().children.rowChanges?.send({ type: 'users.restore', user: deletedBen });
    rows[0]?.answer({ type: 'row.succeeded', kind: 'restore', before: deletedBen, user: { ...BEN, version: 2 } });
    expect(selectUsers(snapshot())).toEqual([deletedAna, deletedCarla]);

    // The page read Ben before the restore.
    await answerWith(page(deleted, { total: 3 }));
    expect(selectUsers(snapshot())).toEqual([deletedAna, deletedCarla]);
    expect(selectTotal(snapshot())).toBe(2);
    // Its counts were read before the restore too: the next load asks for them again.
    actor.send({ type: 'users.goToPage', page: 2 });
    expect(load.last().input.withStats).toBe(true);
  });

  it('a change made before the Quick Stats arrived has no counts to adjust', async () => {
    const { actor, rows, load, snapshot } = openUsers();
    actor.send({ type: 'users.setLicense', user: BEN, hasLicense: true });
    rows[0]?.answer({ type: 'row.succeeded', kind: 'license', before: BEN, user: { ...BEN, hasLicense: true } });
    actor.send({ type: 'users.setLicense', user: CARLA, hasLicense: true });
    rows[1]?.answer({ type: 'row.conflicted', kind: 'license', user: { ...CARLA, hasLicense: true }, message: 'Changed' });
    expect(selectStats(snapshot())).toBeNull();
    expect(load.calls).toHaveLength(1);
  });
});

describe('selection and bulk changes', () => {
  it('selecting members, all of the page or none; a page that no longer shows a selected member drops them', async () => {
    const { actor, answerWith, snapshot } = await openLoaded();
    actor.send({ type: 'users.select', userId: BEN.userId, selected: true });
    actor.send({ type: 'users.select', userId: ANA.userId, selected: true });
    actor.send({ type: 'users.select', userId: BEN.userId, selected: true });
    expect(selectSelected(snapshot())).toEqual([ANA.userId, BEN.userId]);
    actor.send({ type: 'users.select', userId: ANA.userId, selected: false });
    expect(selectSelected(snapshot())).toEqual([BEN.userId]);
    actor.send({ type: 'users.selectAll', selected: true });
    expect(selectSelected(snapshot())).toEqual(USERS.map((u) => u.userId));
    actor.send({ type: 'users.filterRole', role: 'Supervisor' });
    await answerWith(page([BEN], { total: 1, stats: null }));
    expect(selectSelected(snapshot())).toEqual([BEN.userId]);
    actor.send({ type: 'users.selectAll', selected: false });
    expect(selectSelected(snapshot())).toEqual([]);
  });

  it('Recently deleted takes no bulk change: select all on a page of deleted members selects nobody, and no view-wide selection is offered', async () => {
    const screen = openUsers('?status=deleted');
    const gone = USERS.map((u) => ({ ...u, deletedAt: '2026-11-20T09:00:00.000Z', purgeAt: '2026-12-20T09:00:00.000Z' }));
    await screen.answerWith(page(gone, { total: 60 }));
    const { actor, bulk, snapshot } = screen;
    actor.send({ type: 'users.selectAll', selected: true });
    expect(selectSelected(snapshot())).toEqual([]);
    expect(selectMatchingOffer(snapshot())).toBeNull();
    // Even if asked for the whole view (no screen offers it here), nobody is selected and no change
    // names the Recently deleted filter.
    actor.send({ type: 'users.selectMatching' });
    expect(selectSelected(snapshot())).toEqual([]);
    actor.send({ type: 'users.bulkUpdate', userIds: selectSelected(snapshot()), updates: { hasLicense: true } });
    expect(bulk.calls).toEqual([]);
  });

  it('a page mixing members and a deleted one selects only the members, and offers the view-wide selection once they are all selected', async () => {
    const screen = openUsers();
    const mixed = [ANA, { ...BEN, deletedAt: '2026-11-20T09:00:00.000Z', purgeAt: '2026-12-20T09:00:00.000Z' }, CARLA];
    await screen.answerWith(page(mixed, { total: 60 }));
    const { actor, snapshot } = screen;
    actor.send({ type: 'users.selectAll', selected: true });
    expect(selectSelected(snapshot())).toEqual([ANA.userId, CARLA.userId]);
    expect(selectMatchingOffer(snapshot())).toBe(60);
  });

  it('a search typed while a bulk change runs is kept: the address shows it at once, replaced as it is typed, and the list loads with it after the change', async () => {
    const { actor, bulk, load, writes, snapshot } = await openLoaded();
    actor.send({ type: 'users.selectAll', selected: true });
    actor.send({ type: 'users.bulkUpdate', userIds: [BEN.userId], updates: { hasLicense: true } });
    writes.length = 0;
    actor.send({ type: 'users.search', search: 'an' });
    actor.send({ type: 'users.search', search: 'ana' });
    expect(selectIsBulkUpdating(snapshot())).toBe(true);
    // One history entry for the view, not one per keystroke.
    expect(writes).toEqual([
      { query: '?q=an', mode: 'replace' },
      { query: '?q=ana', mode: 'replace' },
    ]);
    bulk.last().resolve({ updated: 1 });
    await settle();
    expect(load.last().input.search).toBe('ana');
  });

  it('a filter, a sort or a page chosen while a bulk change runs is kept: the address shows each at once, the change goes on as sent, and the list loads the view chosen after it', async () => {
    const { actor, bulk, load, writes, answerWith, snapshot } = await openLoaded();
    await answerWith(page(USERS, { total: 60 }));
    actor.send({ type: 'users.selectAll', selected: true });
    actor.send({ type: 'users.selectMatching' });
    expect(selectAllMatching(snapshot())).toBe(true);
    actor.send({ type: 'users.bulkUpdate', userIds: selectSelected(snapshot()), updates: { hasLicense: true } });
    const sent = bulk.last().input;
    expect(sent).toMatchObject({ filter: {}, count: 60 });
    writes.length = 0;
    const loads = load.calls.length;
    actor.send({ type: 'users.goToPage', page: 2 });
    actor.send({ type: 'users.filterStatus', status: 'pending' });
    actor.send({ type: 'users.filterRole', role: 'Supervisor' });
    actor.send({ type: 'users.goToPage', page: 3 });
    actor.send({ type: 'users.sort', sort: '-name' });
    expect(selectIsBulkUpdating(snapshot())).toBe(true);
    expect(bulk.calls).toHaveLength(1);
    expect(bulk.last().input).toEqual(sent);
    expect(load.calls).toHaveLength(loads);
    // One history entry per choice, as when no change runs; a filter or sort starts again at page 1.
    expect(writes).toEqual([
      { query: '?page=2', mode: 'push' },
      { query: '?status=pending', mode: 'push' },
      { query: '?status=pending&role=Supervisor', mode: 'push' },
      { query: '?status=pending&role=Supervisor&page=3', mode: 'push' },
      { query: '?status=pending&role=Supervisor&sort=-name', mode: 'push' },
    ]);
    expect(selectFilters(snapshot())).toEqual({ search: '', status: 'pending', role: 'Supervisor' });
    expect(selectSort(snapshot())).toBe('-name');
    // Another filter selects other members: the selection no longer stands for every matching one.
    expect(selectAllMatching(snapshot())).toBe(false);
    bulk.last().resolve({ updated: 60 });
    await settle();
    expect(load.last().input).toMatchObject({ page: 1, search: '', status: 'pending', role: 'Supervisor', sort: '-name' });
  });

  it('granting licences to the selected members runs at once; then the list and the Quick Stats are read again and the selection is cleared', async () => {
    const { actor, bulk, load, notices, answerWith, snapshot } = await openLoaded();
    actor.send({ type: 'users.selectAll', selected: true });
    actor.send({ type: 'users.bulkUpdate', userIds: [BEN.userId, CARLA.userId], updates: { hasLicense: true } });
    expect(selectIsBulkUpdating(snapshot())).toBe(true);
    expect(snapshot().hasTag('pending')).toBe(true);
    expect(selectBulkToConfirm(snapshot())).toBeNull();
    expect(bulk.calls.map((c) => c.input)).toEqual([{ userIds: [BEN.userId, CARLA.userId], updates: { hasLicense: true } }]);
    bulk.last().resolve({ updated: 2 });
    await settle();
    expect(notices).toEqual([{ type: 'users.notice', message: '2 users updated', tone: 'success' }]);
    expect(selectSelected(snapshot())).toEqual([]);
    expect(load.last().input.withStats).toBe(true);
    await answerWith(page(USERS, { stats: { ...STATS, licensed: 22 } }));
    expect(selectStats(snapshot())?.licensed).toBe(22);
    actor.send({ type: 'users.goToPage', page: 2 });
    expect(load.last().input.withStats).toBe(false);
  });

  it('deactivating members asks first, naming how many; only Yes changes them', async () => {
    const { actor, bulk, notices, snapshot } = await openLoaded();
    const request = { userIds: [ANA.userId, BEN.userId], updates: { isActive: false } };
    actor.send({ type: 'users.bulkUpdate', ...request });
    expect(selectBulkToConfirm(snapshot())).toEqual(request);
    expect(bulkQuestion(request)).toEqual({
      title: 'Deactivate 2 users?',
      detail: 'They will show as pending until an administrator activates them again.',
      confirm: 'Deactivate 2 users',
    });
    expect(bulk.calls).toHaveLength(0);
    actor.send({ type: 'users.confirmBulk' });
    expect(selectBulkToConfirm(snapshot())).toBeNull();
    expect(bulk.calls.map((c) => c.input)).toEqual([request]);
    bulk.last().resolve({ updated: 1 });
    await settle();
    expect(notices.at(-1)?.message).toBe('1 user updated');
  });

  it('removing licences asks first too, and No leaves everything as it was', async () => {
    const { actor, bulk, load, snapshot } = await openLoaded();
    actor.send({ type: 'users.select', userId: ANA.userId, selected: true });
    const request = { userIds: [ANA.userId], updates: { hasLicense: false } };
    actor.send({ type: 'users.bulkUpdate', ...request });
    expect(bulkQuestion(request)).toEqual({
      title: 'Remove the license from 1 user?',
      detail: 'They lose their license at once. You can grant it again later.',
      confirm: 'Remove license',
    });
    expect(bulkQuestion({ userIds: ['a', 'b'], updates: { hasLicense: false } }).confirm).toBe('Remove licenses');
    expect(selectBulkToConfirm(snapshot())).toEqual(request);
    actor.send({ type: 'users.closeDialog' });
    expect(snapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
    expect(selectBulkToConfirm(snapshot())).toBeNull();
    expect(snapshot().context.bulkRequest).toBeNull();
    expect(selectSelected(snapshot())).toEqual([ANA.userId]);
    expect(bulk.calls).toHaveLength(0);
    expect(load.calls).toHaveLength(1);
  });

  it('a bulk change naming nobody does nothing; activating and a role change do not ask', async () => {
    const { actor, bulk, snapshot } = await openLoaded();
    actor.send({ type: 'users.bulkUpdate', userIds: [], updates: { isActive: false } });
    actor.send({ type: 'users.bulkUpdate', userIds: [], updates: { hasLicense: true } });
    expect(snapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
    actor.send({ type: 'users.bulkUpdate', userIds: [BEN.userId], updates: { isActive: true, role: 'Admin' } });
    expect(bulk.calls).toHaveLength(1);
  });

  it(`a bulk change that fails shows its message (or '${UPDATE_USER_FALLBACK}') above the list, read again as it is now`, async () => {
    const { actor, bulk, load, answerWith, snapshot } = await openLoaded();
    actor.send({ type: 'users.selectAll', selected: true });
    actor.send({ type: 'users.bulkUpdate', userIds: [BEN.userId], updates: { role: 'Supervisor' } });
    bulk.last().reject(new Error('Too many members at once'));
    await settle();
    expect(selectActionError(snapshot())).toBe('Too many members at once');
    expect(snapshot().context.bulkRequest).toBeNull();
    expect(selectSelected(snapshot())).toEqual(USERS.map((u) => u.userId));
    expect(load.calls).toHaveLength(2);
    await answerWith(page(USERS));
    expect(selectActionError(snapshot())).toBe('Too many members at once');
    actor.send({ type: 'users.bulkUpdate', userIds: [BEN.userId], updates: { role: 'Supervisor' } });
    bulk.last().reject(new Error(''));
    await settle();
    expect(selectActionError(snapshot())).toBe('Failed to update user');
  });
});

describe('the Add, Edit and Delete dialogs', () => {
  it("'Add User' opens the modal; an invitation sent is a toast naming them, and the list and Quick Stats are read again", async () => {
    const { actor, invite, load, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.openAdd' });
    const modal = selectAddUserRef(snapshot());
    expect(modal).toBeDefined();
    modal?.send({
      type: 'addUser.submit',
      values: { name: 'Rosa Alvarez', email: 'rosa@summit.test', phoneNumber: '5551234567', ...NEW_USER_DEFAULTS },
    });
    invite.last().resolve(makeUser(70, { name: 'Rosa Alvarez' }));
    await settle();
    expect(selectAddUserRef(snapshot())).toBeUndefined();
    expect(notices).toEqual([{ type: 'users.notice', message: 'Rosa Alvarez was added', tone: 'success' }]);
    expect(load.last().input.withStats).toBe(true);
  });

  it("'Add User' closed without adding goes back to the list as it was, with nothing read again", async () => {
    const { actor, load, snapshot } = await openLoaded();
    actor.send({ type: 'users.openAdd' });
    actor.send({ type: 'users.closeDialog' });
    expect(snapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
    expect(selectAddUserRef(snapshot())).toBeUndefined();
    expect(load.calls).toHaveLength(1);
  });

  it("'Edit' opens the modal on that member; once saved the row shows them and a toast says so, without reading the list again", async () => {
    const { actor, update, load, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.edit', user: BEN });
    const modal = selectEditUserRef(snapshot());
    expect(modal?.getSnapshot().context.user).toEqual(BEN);
    modal?.send({
      type: 'editUser.submit',
      values: { name: 'Ben Okafor-Smith', email: BEN.email, phoneNumber: BEN.phoneNumber, role: 'Admin' },
    });
    const saved = { ...BEN, name: 'Ben Okafor-Smith', role: 'Admin' as const, version: 2 };
    update.last().resolve(saved);
    await settle();
    expect(selectEditUserRef(snapshot())).toBeUndefined();
    expect(snapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
    expect(selectUsers(snapshot())).toEqual([ANA, saved, CARLA]);
    expect(snapshot().context.editTarget).toBeNull();
    expect(notices).toEqual([{ type: 'users.notice', message: 'Ben Okafor-Smith was updated', tone: 'success' }]);
    expect(load.calls).toHaveLength(1);
  });

  it('delete asks first, naming the member; once deleted a toast says so, the member leaves the selection, and the list and Quick Stats are read again', async () => {
    const { actor, remove, load, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.select', userId: BEN.userId, selected: true });
    actor.send({ type: 'users.select', userId: CARLA.userId, selected: true });
    actor.send({ type: 'users.confirmDelete', user: BEN });
    expect(selectDeleteTarget(snapshot())).toEqual(BEN);
    expect(remove.calls).toHaveLength(0);
    actor.send({ type: 'users.delete' });
    expect(selectIsDeleting(snapshot())).toBe(true);
    expect(selectDeleteTarget(snapshot())).toEqual(BEN);
    expect(remove.calls.map((c) => c.input)).toEqual([{ userId: BEN.userId }]);
    remove.last().resolve();
    await settle();
    expect(notices).toEqual([{ type: 'users.notice', message: `${BEN.name} was deleted`, tone: 'success' }]);
    expect(selectSelected(snapshot())).toEqual([CARLA.userId]);
    expect(selectDeleteTarget(snapshot())).toBeNull();
    expect(snapshot().context.deleteTarget).toBeNull();
    expect(load.last().input.withStats).toBe(true);
  });

  it(`a delete that fails keeps the dialog open with the message (or '${DELETE_USER_FALLBACK}'); Cancel closes it`, async () => {
    const { actor, remove, snapshot } = await openLoaded();
    actor.send({ type: 'users.confirmDelete', user: CARLA });
    actor.send({ type: 'users.delete' });
    remove.last().reject(new Error('Members with invoices cannot be deleted'));
    await settle();
    expect(selectDeleteTarget(snapshot())).toEqual(CARLA);
    expect(selectIsDeleting(snapshot())).toBe(false);
    expect(selectDeleteError(snapshot())).toBe('Members with invoices cannot be deleted');
    actor.send({ type: 'users.delete' });
    remove.last().reject(new Error(''));
    await settle();
    expect(selectDeleteError(snapshot())).toBe('Failed to delete user');
    actor.send({ type: 'users.closeDialog' });
    expect(selectDeleteTarget(snapshot())).toBeNull();
    expect(snapshot().context).toMatchObject({ deleteTarget: null, deleteError: null });
    actor.send({ type: 'users.confirmDelete', user: BEN });
    expect(selectDeleteError(snapshot())).toBeNull();
  });

  it('opening a dialog clears the message above the table', async () => {
    const { actor, rows, snapshot } = await openLoaded();
    for (const open of [{ type: 'users.edit', user: BEN } as const, { type: 'users.confirmDelete', user: BEN } as const]) {
      actor.send({ type: 'users.setLicense', user: BEN, hasLicense: true });
      rows.at(-1)?.answer({ type: 'row.failed', kind: 'license', userId: BEN.userId, error: new Error('Nope') });
      expect(selectActionError(snapshot())).toBe('Nope');
      actor.send(open);
      expect(selectActionError(snapshot())).toBeNull();
      actor.send({ type: 'users.closeDialog' });
      expect(snapshot().context).toMatchObject({ editTarget: null, deleteTarget: null });
    }
  });

  it('Back while a dialog is open closes it and shows the view of that address', async () => {
    const { actor, load, writes, historyMove, snapshot } = await openLoaded('?status=active');
    const opens: EventFromLogic<typeof usersListMachine>[] = [
      { type: 'users.openAdd' },
      { type: 'users.edit', user: BEN },
      { type: 'users.confirmDelete', user: BEN },
      { type: 'users.bulkUpdate', userIds: [BEN.userId], updates: { isActive: false } },
    ];
    for (const open of opens) {
      actor.send(open);
      historyMove('');
      expect(snapshot().matches({ list: { browsing: 'loading' } })).toBe(true);
      expect(snapshot().context).toMatchObject({ editTarget: null, deleteTarget: null, bulkRequest: null, status: 'all' });
      expect(selectAddUserRef(snapshot())).toBeUndefined();
      historyMove('?status=active');
      load.last().resolve(page(USERS));
      await settle();
    }
    expect(writes.every((w) => w.mode === 'replace')).toBe(true);
  });

  it("after the whole page is selected, 'Select all 60 members matching this view' makes the change name the filter, with the count", async () => {
    const { actor, bulk, load, notices, answerWith, snapshot } = await openLoaded('?q=ana&status=active');
    // Offered only once every row of the page is selected, and when the filter selects more than the page.
    expect(selectMatchingOffer(snapshot())).toBeNull();
    actor.send({ type: 'users.selectAll', selected: true });
    expect(selectMatchingOffer(snapshot())).toBe(60);
    actor.send({ type: 'users.selectMatching' });
    expect(selectAllMatching(snapshot())).toBe(true);
    expect(selectMatchingOffer(snapshot())).toBeNull();
    // Another page of the same view: all of its rows are selected too.
    actor.send({ type: 'users.goToPage', page: 2 });
    const second = [makeUser(3), makeUser(4)];
    await answerWith(page(second, { page: 2, stats: null }));
    expect(selectSelected(snapshot())).toEqual(second.map((u) => u.userId));
    expect(selectAllMatching(snapshot())).toBe(true);

    actor.send({ type: 'users.bulkUpdate', userIds: selectSelected(snapshot()), updates: { hasLicense: false } });
    const request = { filter: { search: 'ana', status: 'active' }, updates: { hasLicense: false }, count: 60 };
    expect(selectBulkToConfirm(snapshot())).toEqual(request);
    expect(bulkQuestion(request as BulkRequest).title).toBe('Remove the license from 60 users?');
    expect(bulkQuestion({ ...request, count: 1234 } as BulkRequest)).toMatchObject({
      title: 'Remove the license from 1,234 users?',
      confirm: 'Remove licenses',
    });
    actor.send({ type: 'users.confirmBulk' });
    expect(bulk.calls.map((c) => c.input)).toEqual([request]);
    const changedIds = ['m-1', 'm-2', 'm-3'];
    bulk.last().resolve({ updated: 60, changedIds });
    await settle();
    // The toast names the count and offers Undo: the members it changed, their licence back.
    const undo = { type: 'users.undoBulk', userIds: changedIds, updates: { hasLicense: true } } as const;
    expect(notices.at(-1)).toEqual({ type: 'users.notice', message: '60 users updated', tone: 'success', undo });
    expect(selectAllMatching(snapshot())).toBe(false);
    expect(selectSelected(snapshot())).toEqual([]);
    await answerWith(page(second, { page: 2 }));

    actor.send(undo);
    expect(selectBulkToConfirm(snapshot())).toBeNull();
    expect(bulk.last().input).toEqual({ userIds: changedIds, updates: { hasLicense: true } });
    bulk.last().resolve({ updated: 3, changedIds });
    await settle();
    expect(notices.at(-1)).toMatchObject({ message: '3 users updated', undo: { userIds: changedIds, updates: { hasLicense: false } } });
    expect(load.last().input.withStats).toBe(true);
  });

  it("'Clear selection', a row's box, another filter or the address end 'all matching'; a role change has no Undo", async () => {
    const { actor, bulk, notices, answerWith, snapshot, historyMove } = await openLoaded();
    const selectMatching = () => {
      actor.send({ type: 'users.selectAll', selected: true });
      actor.send({ type: 'users.selectMatching' });
      expect(selectAllMatching(snapshot())).toBe(true);
    };
    selectMatching();
    actor.send({ type: 'users.clearSelection' });
    expect([selectAllMatching(snapshot()), selectSelected(snapshot())]).toEqual([false, []]);
    selectMatching();
    actor.send({ type: 'users.select', userId: ANA.userId, selected: false });
    expect(selectAllMatching(snapshot())).toBe(false);
    expect(selectMatchingOffer(snapshot())).toBeNull();
    selectMatching();
    actor.send({ type: 'users.filterRole', role: 'Supervisor' });
    expect(selectAllMatching(snapshot())).toBe(false);
    await answerWith(page(USERS, { stats: null }));
    selectMatching();
    historyMove('?status=pending');
    expect(selectAllMatching(snapshot())).toBe(false);
    await answerWith(page(USERS, { stats: null }));

    // By ids (no 'all matching'), a role change: the toast has no Undo (the members had different roles).
    actor.send({ type: 'users.bulkUpdate', userIds: [BEN.userId], updates: { role: 'Supervisor' } });
    expect(bulk.last().input).toEqual({ userIds: [BEN.userId], updates: { role: 'Supervisor' } });
    bulk.last().resolve({ updated: 1, changedIds: [BEN.userId] });
    await settle();
    expect(notices.at(-1)).toEqual({ type: 'users.notice', message: '1 user updated', tone: 'success' });
  });

  it('Back while a delete or a bulk change runs lets it finish, then shows the view of that address', async () => {
    const { actor, remove, bulk, load, historyMove, writes, snapshot } = await openLoaded();
    actor.send({ type: 'users.confirmDelete', user: BEN });
    actor.send({ type: 'users.delete' });
    historyMove('?role=Admin');
    expect(selectIsDeleting(snapshot())).toBe(true);
    // The address is written back in its one spelling, in place (Back made no entry to add to).
    expect(writes.at(-1)).toEqual({ query: '?role=Admin', mode: 'replace' });
    expect(remove.last().signal.aborted).toBe(false);
    remove.last().resolve();
    await settle();
    expect(load.last().input.role).toBe('Admin');

    load.last().resolve(page(USERS));
    await settle();
    actor.send({ type: 'users.bulkUpdate', userIds: [BEN.userId], updates: { hasLicense: true } });
    historyMove('?role=Supervisor');
    expect(selectIsBulkUpdating(snapshot())).toBe(true);
    expect(writes.at(-1)).toEqual({ query: '?role=Supervisor', mode: 'replace' });
    bulk.last().resolve({ updated: 1 });
    await settle();
    expect(load.last().input.role).toBe('Supervisor');
  });
});

describe('Export CSV', () => {
  it('exports what the list selects at the moment of the click (every page), then opens the download link', async () => {
    const { actor, exporting, downloads, snapshot } = await openLoaded('?q=+ana+&status=pending&sort=name&page=2');
    actor.send({ type: 'users.export' });
    expect(selectIsExporting(snapshot())).toBe(true);
    expect(snapshot().hasTag('pending')).toBe(true);
    expect(exporting.calls.map((c) => c.input)).toEqual([{ search: 'ana', status: 'pending', role: 'all', sort: 'name' }]);
    exporting.last().resolve({ url: 'http://api.test/exports/members/ticket-1', fileName: 'members.csv' });
    await settle();
    expect(selectIsExporting(snapshot())).toBe(false);
    expect(downloads).toEqual(['http://api.test/exports/members/ticket-1']);
  });

  it('an export neither waits for the list nor stops it: a page change and a dialog meanwhile', async () => {
    const { actor, exporting, load, snapshot } = await openLoaded();
    actor.send({ type: 'users.export' });
    actor.send({ type: 'users.goToPage', page: 2 });
    actor.send({ type: 'users.export' });
    expect(load.calls).toHaveLength(2);
    load.last().resolve(page(USERS, { page: 2 }));
    await settle();
    actor.send({ type: 'users.openAdd' });
    expect(exporting.calls).toHaveLength(1);
    expect(exporting.last().signal.aborted).toBe(false);
    expect(selectIsExporting(snapshot())).toBe(true);
  });

  it("a failed export is an error toast 'Export failed: …'; the list stays as it was", async () => {
    const { actor, exporting, downloads, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.export' });
    exporting.last().reject(new Error('Administrators only'));
    await settle();
    expect(notices).toEqual([{ type: 'users.notice', message: 'Export failed: Administrators only', tone: 'error' }]);
    expect(downloads).toEqual([]);
    expect(selectUsers(snapshot())).toEqual(USERS);
    expect(selectLoadError(snapshot())).toBeNull();
    actor.send({ type: 'users.export' });
    exporting.last().reject(new Error(''));
    await settle();
    expect(notices.at(-1)?.message).toBe('Export failed: Unknown error');
  });

  it("an export refused by the rate limit (429) says only 'Too many requests. Try again in N seconds.'", async () => {
    const { actor, exporting, notices } = await openLoaded();
    actor.send({ type: 'users.export' });
    exporting.last().reject(new ApiRequestError(429, 'Too Many Requests', { message: 'ignored' }, 17));
    await settle();
    expect(notices).toEqual([{ type: 'users.notice', message: 'Too many requests. Try again in 17 seconds.', tone: 'error' }]);
  });
});

describe('the users list without its implementations', () => {
  it('says which one is missing instead of showing an empty list', async () => {
    const errorOf = (machine: typeof usersListMachine) => {
      const actor = createActor(machine, { input: { pageSize: 25 } });
      const errors: unknown[] = [];
      actor.subscribe({ error: (error) => void errors.push(error) });
      actor.start();
      return { actor, errors };
    };
    expect(errorOf(usersListMachine).errors.map((e) => (e as Error).message)).toEqual(['The "watchUrl" actor is not provided']);
    const watching = usersListMachine.provide({
      actors: { watchUrl: fromCallback(({ sendBack }) => sendBack({ type: 'users.urlChanged', query: '' })) },
    });
    expect(errorOf(watching).errors.map((e) => (e as Error).message)).toEqual(['The "writeUrl" action is not provided']);
    const writing = watching.provide({ actions: { writeUrl: () => undefined } });
    const { actor } = errorOf(writing);
    await settle();
    expect(selectLoadError(actor.getSnapshot())).toBe('The "loadUsers" actor is not provided');
    const notices: UsersListEmitted[] = [];
    actor.on('users.notice', (notice) => notices.push(notice));
    actor.send({ type: 'users.export' });
    await settle();
    expect(actor.getSnapshot().matches({ export: 'idle' })).toBe(true);
    expect(notices.map((n) => n.message)).toEqual(['Export failed: The "prepareExport" actor is not provided']);
    const exporting = errorOf(
      writing.provide({
        actors: {
          csvExport: csvExportMachine.provide({
            actors: { prepareExport: fromPromise(async () => ({ url: 'http://api.test/x', fileName: 'x.csv' })) },
          }),
        },
      }),
    );
    exporting.actor.send({ type: 'users.export' });
    await settle();
    expect(exporting.errors.map((e) => (e as Error).message)).toEqual(['The "openDownload" action is not provided']);
  });
});
