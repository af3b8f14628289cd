// @vitest-environment node
/**
 * The users list with its real children (row changes, invitations, bulk change), actor level, no
 * rendering: what its selectors read at each step, what a Restore or an invitation change does to
 * the page, the counts and the toasts, and when a bulk change can start. Every API call is a promise
 * (a row change: a callback) the test answers; the address bar reports the address at once.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import type { BulkUpdateResponse, User } from '../../src/contract/api';
import { bulkChangeMachine } from '../../src/machines/bulkChange';
import { csvExportMachine, type ExportQuery, type ExportedFile } from '../../src/machines/csvExport';
import { invitationMachine, selectRevokeTarget } from '../../src/machines/invitation';
import { rowChangesMachine } from '../../src/machines/rowChanges';
import {
  selectActionError,
  selectBusy,
  selectCanBulkUpdate,
  selectImportRef,
  selectInvitationRef,
  selectMatchingOffer,
  selectSelected,
  selectStats,
  selectTotal,
  selectUsers,
  usersListMachine,
  type BulkRequest,
  type LoadUsersInput,
  type UsersListEmitted,
  type UsersListSnapshot,
  type UsersPage,
} from '../../src/machines/usersList';
import { pendingActor, settle } from './pending-actor';
import { USERS, heldRowAction, page, type RowCall } from './usersList.harness';

const [ANA, BEN, CARLA] = USERS as [User, User, User];
const DELETED_AT = '2026-02-01T15:00:00.000Z';

/** The users screen opened at `/users${query}`, with its children's calls held for the test. */
function openUsers(query = '') {
  const load = pendingActor<UsersPage, LoadUsersInput>();
  const bulk = pendingActor<BulkUpdateResponse, BulkRequest>();
  const resend = pendingActor<User, { userId: string }>();
  const revoke = pendingActor<void, { userId: string }>();
  const exporting = pendingActor<ExportedFile, ExportQuery>();
  const downloads: string[] = [];
  const rows: RowCall[] = [];
  const actor = createActor(
    usersListMachine.provide({
      actors: {
        loadUsers: load.logic,
        bulkChange: bulkChangeMachine.provide({ actors: { bulkUpdate: bulk.logic } }),
        csvExport: csvExportMachine.provide({
          actors: { prepareExport: exporting.logic },
          actions: { openDownload: (_, params: { url: string }) => void downloads.push(params.url) },
        }),
        invitation: invitationMachine.provide({ actors: { resendInvitation: resend.logic, revokeInvitation: revoke.logic } }),
        rowChanges: rowChangesMachine.provide({
          actors: {
            runRowAction: heldRowAction(rows),
          },
        }),
        watchUrl: fromCallback(({ sendBack }) => {
          sendBack({ type: 'users.urlChanged', query });
        }),
      },
      actions: { writeUrl: () => undefined },
    }),
    { input: { pageSize: 25 } },
  );
  const notices: UsersListEmitted[] = [];
  actor.on('users.notice', (notice) => notices.push(notice));
  actor.start();
  const answerWith = async (answer: UsersPage) => {
    load.last().resolve(answer);
    await settle();
  };
  const snapshot = (): UsersListSnapshot => actor.getSnapshot();
  return { actor, snapshot, load, bulk, resend, revoke, exporting, downloads, rows, notices, answerWith };
}

async function openLoaded(query = '', shown: UsersPage = page(USERS)) {
  const screen = openUsers(query);
  await screen.answerWith(shown);
  return screen;
}

describe('when a bulk change can start', () => {
  it('only once the page is on screen: not while it loads, nor while a search is typed', async () => {
    const screen = openUsers();
    expect(selectCanBulkUpdate(screen.snapshot())).toBe(false);
    await screen.answerWith(page(USERS));
    expect(selectCanBulkUpdate(screen.snapshot())).toBe(true);
    screen.actor.send({ type: 'users.search', search: 'ana' });
    expect(selectCanBulkUpdate(screen.snapshot())).toBe(false);
    screen.actor.stop();
  });

  it('a deactivation that went through offers the Undo that activates the members it changed', async () => {
    const { actor, bulk, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.bulkUpdate', userIds: [BEN.userId, CARLA.userId], updates: { isActive: false } });
    actor.send({ type: 'users.confirmBulk' });
    bulk.last().resolve({ updated: 2, changedIds: [BEN.userId, CARLA.userId] });
    await settle();
    expect(selectActionError(snapshot())).toBeNull();
    expect(notices).toEqual([
      {
        type: 'users.notice',
        message: '2 users updated',
        tone: 'success',
        undo: { type: 'users.undoBulk', userIds: [BEN.userId, CARLA.userId], updates: { isActive: true } },
      },
    ]);
  });

  it("'Select all matching' ticks every row of the page, even with none ticked before", async () => {
    const { actor, snapshot } = await openLoaded();
    actor.send({ type: 'users.selectMatching' });
    expect(selectSelected(snapshot())).toEqual(USERS.map((u) => u.userId));
  });

  it('offers no "Select all matching" when the page already shows every matching member', async () => {
    const { actor, snapshot } = await openLoaded('', page(USERS, { total: 3 }));
    actor.send({ type: 'users.selectAll', selected: true });
    expect(selectSelected(snapshot())).toEqual(USERS.map((u) => u.userId));
    expect(selectMatchingOffer(snapshot())).toBeNull();
  });
});

describe('a page that comes back empty', () => {
  it('page 1 with no rows is shown as it is, not asked again', async () => {
    const { load, answerWith, snapshot } = openUsers('?q=zed');
    await answerWith(page([], { page: 1, total: 4 }));
    expect(load.calls).toHaveLength(1);
    expect(snapshot().matches({ list: { browsing: 'ready' } })).toBe(true);
    expect(selectUsers(snapshot())).toEqual([]);
  });
});

describe('the children the list runs', () => {
  it('an export that went through opens its link and says nothing more', async () => {
    const { actor, exporting, downloads, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.export' });
    exporting.last().resolve({ url: 'http://api.test/exports/members/ticket-1', fileName: 'members.csv' });
    await settle();
    expect(downloads).toEqual(['http://api.test/exports/members/ticket-1']);
    expect(notices).toEqual([]);
    expect(snapshot().matches({ export: 'idle' })).toBe(true);
  });

  it('the invitations and Import CSV are there for as long as the list is open', async () => {
    const { snapshot } = await openLoaded();
    expect(selectInvitationRef(snapshot())?.getSnapshot().value).toBe('idle');
    expect(selectImportRef(snapshot())).toBe(snapshot().children.memberImport);
    expect(selectImportRef(snapshot())).toBeDefined();
  });

  it('reads no row as busy once the row changes child is gone', async () => {
    const { snapshot } = await openLoaded();
    const withoutChildren = { ...snapshot(), children: {} } as unknown as UsersListSnapshot;
    expect(selectBusy(withoutChildren)).toEqual([]);
  });
});

describe('Restore from Recently deleted', () => {
  const deletedBen = { ...BEN, deletedAt: DELETED_AT };
  const deletedCarla = { ...CARLA, deletedAt: DELETED_AT };

  it('the member leaves the page, the counts take them back, and a toast says so', async () => {
    const { actor, rows, notices, snapshot } = await openLoaded('?status=deleted', page([deletedBen, deletedCarla], { total: 2 }));
    actor.send({ type: 'users.select', userId: BEN.userId, selected: true });
    expect(selectMatchingOffer(snapshot())).toBeNull();
    snapshot().children.rowChanges?.send({ type: 'users.restore', user: deletedBen });
    expect(rows.map((r) => r.input)).toEqual([{ kind: 'restore', user: deletedBen, value: true }]);
    expect(selectBusy(snapshot())).toEqual([`restore:${BEN.userId}`]);
    const restored = { ...BEN, version: 2 };
    rows[0]?.answer({ type: 'row.succeeded', kind: 'restore', before: deletedBen, user: restored });
    expect(selectBusy(snapshot())).toEqual([]);
    expect(selectUsers(snapshot())).toEqual([deletedCarla]);
    expect(selectTotal(snapshot())).toBe(1);
    expect(selectStats(snapshot())).toEqual({ total: 61, active: 46, pending: 15, licensed: 20 });
    expect(notices).toEqual([{ type: 'users.notice', message: `${BEN.name} was restored`, tone: 'success' }]);
  });

  it("a restore that fails without a reason says 'Failed to restore user' above the table", async () => {
    const { rows, snapshot } = await openLoaded('?status=deleted', page([deletedBen], { total: 1 }));
    snapshot().children.rowChanges?.send({ type: 'users.restore', user: deletedBen });
    rows[0]?.answer({ type: 'row.failed', kind: 'restore', userId: BEN.userId, error: new Error('') });
    expect(selectActionError(snapshot())).toBe('Failed to restore user');
    expect(selectUsers(snapshot())).toEqual([deletedBen]);
  });
});

describe('invitations asked through the list', () => {
  it('a resent invitation shows its new dates on the row, with a toast', async () => {
    const { resend, notices, snapshot } = await openLoaded();
    selectInvitationRef(snapshot())?.send({ type: 'invitation.resend', user: BEN });
    expect(resend.calls.map((c) => c.input)).toEqual([{ userId: BEN.userId }]);
    const renewed = { ...BEN, version: 2 };
    resend.last().resolve(renewed);
    await settle();
    expect(selectUsers(snapshot())).toEqual([ANA, renewed, CARLA]);
    expect(notices).toEqual([{ type: 'users.notice', message: `A new invitation was sent to ${BEN.email}`, tone: 'success' }]);
  });

  it("a resend that fails without a reason says 'Failed to resend the invitation'", async () => {
    const { resend, notices, snapshot } = await openLoaded();
    selectInvitationRef(snapshot())?.send({ type: 'invitation.resend', user: BEN });
    resend.last().reject(new Error(''));
    await settle();
    expect(notices).toEqual([{ type: 'users.notice', message: 'Failed to resend the invitation', tone: 'error' }]);
    expect(selectUsers(snapshot())).toEqual(USERS);
  });

  it('a revoked member leaves the page, the selection and the counts', async () => {
    const { actor, revoke, notices, snapshot } = await openLoaded();
    actor.send({ type: 'users.select', userId: BEN.userId, selected: true });
    actor.send({ type: 'users.select', userId: ANA.userId, selected: true });
    const invitation = selectInvitationRef(snapshot());
    invitation?.send({ type: 'invitation.askRevoke', user: BEN });
    invitation?.send({ type: 'invitation.revoke' });
    expect(revoke.calls.map((c) => c.input)).toEqual([{ userId: BEN.userId }]);
    expect(invitation && selectRevokeTarget(invitation.getSnapshot())).toEqual(BEN);
    revoke.last().resolve();
    await settle();
    expect(selectUsers(snapshot())).toEqual([ANA, CARLA]);
    expect(selectSelected(snapshot())).toEqual([ANA.userId]);
    expect(selectTotal(snapshot())).toBe(59);
    expect(selectStats(snapshot())).toEqual({ total: 59, active: 44, pending: 15, licensed: 20 });
    expect(notices).toEqual([{ type: 'users.notice', message: `The invitation of ${BEN.name} was revoked`, tone: 'success' }]);
  });
});
