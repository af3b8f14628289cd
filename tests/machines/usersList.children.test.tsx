/**
 * Model-based walks of the users list's children through the real User Management screen, each
 * measured under its own id: the row changes (../rowChanges, licence and status toggles forwarded
 * to it), a bulk change (../bulkChange) and Export CSV (../csvExport). The list itself is walked in
 * usersList.test.tsx; here it is opened on a page of three members before each walk starts, and
 * every side effect is the same double at the network boundary (render-users.tsx).
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { User } from '../../src/contract/api';
import { bulkChangeMachine } from '../../src/machines/bulkChange';
import { csvExportMachine } from '../../src/machines/csvExport';
import { rowChangesMachine, type RowChangesSnapshot } from '../../src/machines/rowChanges';
import type { RowActionResult } from '../../src/machines/usersList';
import { toaster } from '../../src/views/shared/toaster';
import { generateModelPaths, walkPaths, type WalkContext } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { makePage, makeUser } from '../views/users/fixtures';
import { createUsersDoubles, renderUsers } from '../views/users/render-users';

configure({ defaultHidden: true, asyncUtilTimeout: 5000 });

const PAGE = makePage(1, { count: 3 });
const u = (i: number): User => PAGE.list.users[i] ?? makeUser(i);
const CONFLICT = 'An organisation needs at least one active administrator.';
const EXPORTED = { url: 'http://127.0.0.1:9/exports/members/ticket-1', fileName: 'summit-builders-members-2026-01-05.csv' };

/** User Management open on `page` (the list's first load answered), with `inspect` on its actors. */
async function openScreen({ inspect }: WalkContext, page = PAGE) {
  const doubles = createUsersDoubles();
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const view = renderUsers({ doubles, inspect });
  await waitFor(() => expect(doubles.list.pending('loadUsers')).toHaveLength(1));
  act(() => doubles.list.resolve('loadUsers', page));
  const table = () => screen.getByRole('table', { name: 'Users' });
  await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));
  const teardown = () => {
    view.unmount();
    toaster.remove();
  };
  return { doubles, user, table, teardown };
}

// ---------------------------------------------------------------------------------------------
// Row changes: the licence of the first member, the status of the second.
// ---------------------------------------------------------------------------------------------

/** The row changes' page: the third member is in Recently deleted (their menu offers Restore alone). */
const DELETED = { ...u(2), deletedAt: '2026-01-05T10:00:00.000Z', purgeAt: '2026-02-04T10:00:00.000Z' };
const WITH_DELETED = { ...PAGE, list: { ...PAGE.list, users: [u(0), u(1), DELETED] } };

const asRows = (s: AnyMachineSnapshot) => s as unknown as RowChangesSnapshot;
const running = (s: AnyMachineSnapshot, kind: 'license' | 'status') => asRows(s).context.busy.some((key) => key.startsWith(`${kind}:`));
const when = <T,>(ok: boolean, events: T[]): T[] => (ok ? events : []);

walkPaths({
  machineId: 'rowChanges',
  machine: rowChangesMachine,
  // Paths are planned on the machine alone, which has no list to report to (the walk has one). The
  // planner keys a step by state and event, not context, so it must not see the rows' busy state:
  // a second toggle of a busy row is no transition (the scenarios check that it is ignored).
  paths: generateModelPaths(rowChangesMachine.provide({ actions: { reportToList: () => undefined }, guards: { isRowFree: () => true } }), {
    events: {
      'users.setLicense': { type: 'users.setLicense', user: u(0), hasLicense: !u(0).hasLicense },
      'users.setStatus': { type: 'users.setStatus', user: u(1), isActive: !u(1).isActive },
      'users.restore': { type: 'users.restore', user: DELETED },
      'row.succeeded': (s) =>
        when(running(s, 'license'), [
          { type: 'row.succeeded', kind: 'license', before: u(0), user: { ...u(0), hasLicense: !u(0).hasLicense, version: 2 } },
        ]),
      'row.failed': (s) => when(running(s, 'status'), [{ type: 'row.failed', kind: 'status', userId: u(1).userId, error: new Error('') }]),
      'row.conflicted': (s) =>
        when(running(s, 'status'), [{ type: 'row.conflicted', kind: 'status', user: { ...u(1), version: 2 }, message: CONFLICT }]),
    },
  }),
  timeout: 15_000,
  setup: async (ctx) => {
    const { doubles, user, table, teardown } = await openScreen(ctx, WITH_DELETED);
    const rowOf = (name: string) => {
      const row = within(table())
        .getAllByRole('row')
        .find((r) => within(r).queryByText(name) !== null);
      if (!row) throw new Error(`no row for ${name}`);
      return within(row);
    };
    const licenseSwitch = () => rowOf(u(0).name).getByRole('checkbox', { name: `License for ${u(0).name}` });
    const openOf = (kind: 'license' | 'status') => {
      const call = doubles.rows.open().find((c) => c.input.kind === kind);
      if (!call) throw new Error(`no ${kind} change in flight`);
      return call;
    };
    const answer = (kind: 'license' | 'status', result: RowActionResult) => act(() => openOf(kind).sendBack(result));
    const menuItem = async (name: string, item: RegExp) => {
      await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
      const items = await screen.findAllByRole('menuitem');
      const index = items.findIndex((el) => item.test(el.textContent ?? ''));
      if (index < 0) throw new Error(`no menu item ${String(item)}`);
      await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
      for (let k = 0; k <= index; k += 1) await user.keyboard('{ArrowDown}');
      await waitFor(() => expect(items[index]).toHaveAttribute('data-highlighted'));
      await user.keyboard('{Enter}');
    };
    return {
      ...tableDriver(rowChangesMachine, {
        // One PATCH in flight per busy row, asking for the wanted value; a busy licence switch waits.
        every: async ({ context, event }) => {
          expect(doubles.rows.open().map((c) => `${c.input.kind}:${c.input.user.userId}`)).toEqual(context.busy);
          for (const { input } of doubles.rows.open())
            expect(input.value).toBe(
              input.kind === 'license' ? !input.user.hasLicense : input.kind === 'status' ? !input.user.isActive : true,
            );
          const licenseBusy = context.busy.includes(`license:${u(0).userId}`);
          await waitFor(() => (licenseBusy ? expect(licenseSwitch()).toBeDisabled() : expect(licenseSwitch()).toBeEnabled()));
          if (event?.type === 'row.succeeded') expect(await screen.findByText(`License removed from ${u(0).name}`)).toBeInTheDocument();
          if (event?.type === 'row.conflicted') expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
          if (event?.type === 'row.failed') expect(await screen.findByText('Failed to update user status')).toBeInTheDocument();
        },
        states: {},
        events: {
          'users.setLicense': () => user.click(licenseSwitch()),
          'users.setStatus': () => menuItem(u(1).name, /^(Activate|Deactivate)$/),
          // Restore: the one item of a deleted member's menu (their row shows when they go for good).
          'users.restore': async () => {
            expect(rowOf(DELETED.name).getByText(/Removed for good on/)).toHaveTextContent('Removed for good on February 4, 2026');
            expect(rowOf(DELETED.name).getByRole('checkbox', { name: `License for ${DELETED.name}` })).toBeDisabled();
            await menuItem(DELETED.name, /^Restore$/);
          },
          'row.succeeded': (event) => answer('license', event),
          'row.failed': (event) => answer('status', event),
          'row.conflicted': (event) => answer('status', event),
        },
      }),
      teardown,
    };
  },
  onReport: (report) => {
    expect(report.transitions.missing).toEqual([]);
  },
});

// ---------------------------------------------------------------------------------------------
// A bulk change: licences granted to the selected members.
// ---------------------------------------------------------------------------------------------

walkPaths({
  machineId: 'bulkChange',
  machine: bulkChangeMachine,
  paths: generateModelPaths(bulkChangeMachine, {
    input: { userIds: [u(0).userId], updates: { hasLicense: true } },
    events: {
      'xstate.done.actor.bulkUpdate': { type: 'xstate.done.actor.bulkUpdate', output: 1 },
      'xstate.error.actor.bulkUpdate': { type: 'xstate.error.actor.bulkUpdate', error: new Error('Too many members at once') },
    },
  }),
  timeout: 15_000,
  setup: async (ctx) => {
    const { doubles, user, table, teardown } = await openScreen(ctx);
    await user.click(screen.getByRole('checkbox', { name: `Select ${u(0).name}` }));
    await user.click(await screen.findByRole('button', { name: 'Grant license' }));
    return {
      ...tableDriver(bulkChangeMachine, {
        states: {
          // The change asked for, once; the bulk buttons wait.
          updating: async () => {
            expect(doubles.bulk.inputs('bulkUpdate')).toEqual([{ userIds: [u(0).userId], updates: { hasLicense: true } }]);
            expect(doubles.bulk.pending('bulkUpdate')).toHaveLength(1);
            await waitFor(() => expect(screen.getByRole('button', { name: 'Grant license' })).toBeDisabled());
          },
          // The count the server gave, and the list read again.
          updated: async () => {
            expect(await screen.findByText('1 user updated')).toBeInTheDocument();
            await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'true'));
          },
          // The server's message above the list, read again as it is now.
          failed: async () => {
            expect(await screen.findByText('Too many members at once')).toBeInTheDocument();
            await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'true'));
          },
        },
        events: {
          'xstate.done.actor.bulkUpdate': () => act(() => doubles.bulk.resolve('bulkUpdate', { updated: 1 })),
          'xstate.error.actor.bulkUpdate': () => act(() => doubles.bulk.reject('bulkUpdate', new Error('Too many members at once'))),
        },
      }),
      teardown,
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});

// ---------------------------------------------------------------------------------------------
// Export CSV of the list as it is filtered.
// ---------------------------------------------------------------------------------------------

walkPaths({
  machineId: 'csvExport',
  machine: csvExportMachine,
  paths: generateModelPaths(csvExportMachine, {
    input: { search: '', status: 'all', role: 'all', sort: '-created' },
    events: {
      'xstate.done.actor.prepareExport': { type: 'xstate.done.actor.prepareExport', output: EXPORTED },
      'xstate.error.actor.prepareExport': { type: 'xstate.error.actor.prepareExport', error: new Error('Network down') },
    },
  }),
  timeout: 15_000,
  setup: async (ctx) => {
    const { doubles, user, teardown } = await openScreen(ctx);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    return {
      ...tableDriver(csvExportMachine, {
        states: {
          // What the list selects, asked for once; the button says so and waits.
          preparing: async () => {
            expect(doubles.exports.inputs('prepareExport')).toEqual([{ search: '', status: 'all', role: 'all', sort: '-created' }]);
            expect(await screen.findByRole('button', { name: /Preparing export/ })).toBeDisabled();
            expect(doubles.downloads).toEqual([]);
          },
          // The browser opens the link, once.
          opened: async () => {
            expect(doubles.downloads).toEqual([EXPORTED.url]);
            expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
          },
          // The error toast, and nothing opened.
          failed: async () => {
            expect(await screen.findByText('Export failed: Network down')).toBeInTheDocument();
            expect(doubles.downloads).toEqual([]);
          },
        },
        events: {
          'xstate.done.actor.prepareExport': () => act(() => doubles.exports.resolve('prepareExport', EXPORTED)),
          'xstate.error.actor.prepareExport': () => act(() => doubles.exports.reject('prepareExport', new Error('Network down'))),
        },
      }),
      teardown,
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
