/**
 * Model-based walks of the users list's children through the real User Management screen, each
 * measured under its own id: the row changes (../rowChanges, licence and status toggles forwarded
 * to it), a bulk change (../bulkChange) and Export CSV (../csvExport). The list itself is walked in
 * usersList.walk.tsx; here it is opened on a page of three members before each walk starts, and
 * every side effect is the same double at the network boundary (render-users.tsx).
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { assign, type AnyMachineSnapshot } from 'xstate';
import type { User } from '../../src/contract/api';
import { bulkChangeMachine } from '../../src/machines/bulkChange';
import { csvExportMachine } from '../../src/machines/csvExport';
import { rowChangesMachine, type RowActionInput, type RowActionKind } from '../../src/machines/rowChanges';
import {
  RESTORE_USER_FALLBACK,
  ROW_REFRESHED,
  UPDATE_LICENSE_FALLBACK,
  UPDATE_STATUS_FALLBACK,
  type RowActionResult,
} from '../../src/machines/usersList';
import { toaster } from '../../src/views/shared/toaster';
import { chooseFromRowMenu } from '../support/menus';
import { generateModelPaths, walkPaths, type WalkContext } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { makePage, makeUser } from '../views/users/fixtures';
import { createUsersDoubles, renderUsers } from '../views/users/render-users';

configure({ defaultHidden: true });

const PAGE = makePage(1, { count: 3 });
const u = (i: number): User => PAGE.list.users[i] ?? makeUser(i);
const CONFLICT = 'An organisation needs at least one active administrator.';
const ROW_FALLBACK_OF: Record<RowActionKind, string> = {
  license: UPDATE_LICENSE_FALLBACK,
  status: UPDATE_STATUS_FALLBACK,
  restore: RESTORE_USER_FALLBACK,
};
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
  // The first page's rows replace their placeholders in a deferred render (UsersScreen).
  const first = page.list.users[0];
  await within(table()).findByText(first ? first.name : 'No users found');
  const teardown = () => {
    view.unmount();
    toaster.remove();
  };
  return { doubles, user, table, teardown };
}

// ---------------------------------------------------------------------------------------------
// Row changes: the licence and the status of the first two members, Restore of the other two.
// ---------------------------------------------------------------------------------------------

/** The row changes' page: the third and fourth members are in Recently deleted (their menus offer Restore alone). */
const inBin = (m: User): User => ({ ...m, deletedAt: '2026-01-05T10:00:00.000Z', purgeAt: '2026-02-04T10:00:00.000Z' });
const DELETED = [inBin(u(2)), inBin(u(3))];
const WITH_DELETED = { ...PAGE, list: { ...PAGE.list, users: [u(0), u(1), ...DELETED] } };
const LIVE = [u(0), u(1)];
const rowKeyOf = (kind: RowActionKind, userId: string) => `${kind}:${userId}`;

/**
 * The row changes as planned: the machine alone has no list to report to. What the list does with
 * an answer decides what a person can press next, so the plan's stand-in for the list remembers it
 * (the plan's own additions to the context): whether the newest toast offers Undo of a change still
 * open to a second change of the same row and kind (`undoable`: the walk clears older toasts as each
 * answer comes), and which deleted members were restored (they leave the page).
 */
interface PlannedRows {
  busy: string[];
  undoable?: string | null;
  restored?: string[];
}
const plannedRows = rowChangesMachine.provide({
  actions: {
    reportToList: assign(({ context }: { context: PlannedRows }, result: RowActionResult) => ({
      undoable: result.type === 'row.succeeded' && result.kind !== 'restore' ? rowKeyOf(result.kind, result.user.userId) : null,
      ...(result.type === 'row.succeeded' && result.kind === 'restore'
        ? { restored: [...(context.restored ?? []), result.user.userId] }
        : {}),
    })) as never,
  },
});
const planOf = (s: AnyMachineSnapshot) => s.context as PlannedRows;
const isBusy = (s: AnyMachineSnapshot, kind: RowActionKind, userId: string) => planOf(s).busy.includes(rowKeyOf(kind, userId));
const busyCalls = (s: AnyMachineSnapshot) =>
  planOf(s).busy.map((key) => {
    const [kind, userId] = key.split(':') as [RowActionKind, string];
    return { kind, userId, user: WITH_DELETED.list.users.find((x) => x.userId === userId) as User };
  });
/**
 * A toggle: the row's own switch or menu item while that change is not in flight (they are disabled
 * while it is), and the newest toast's Undo of that change while it is (the guard then refuses it).
 */
const toggles = <T,>(s: AnyMachineSnapshot, kind: 'license' | 'status', make: (user: User, via: 'row' | 'undo') => T): T[] =>
  LIVE.flatMap((m) =>
    !isBusy(s, kind, m.userId) ? [make(m, 'row')] : planOf(s).undoable === rowKeyOf(kind, m.userId) ? [make(m, 'undo')] : [],
  );

walkPaths({
  machineId: 'rowChanges',
  machine: rowChangesMachine,
  paths: generateModelPaths(plannedRows, {
    cover: 'pairs',
    // The guards read the rows in flight, and what a person can press depends on the plan's additions.
    key: (s) => [[...planOf(s).busy].sort(), planOf(s).undoable ?? null, planOf(s).restored ?? []],
    events: {
      // The payload's value is the plan's guess; the view sends the member as it shows them (checked in every state).
      'users.setLicense': (s) =>
        toggles(s, 'license', (user, via) => ({ type: 'users.setLicense', user, hasLicense: !user.hasLicense, via })),
      'users.setStatus': (s) => toggles(s, 'status', (user, via) => ({ type: 'users.setStatus', user, isActive: !user.isActive, via })),
      'users.restore': (s) =>
        DELETED.filter((m) => !(planOf(s).restored ?? []).includes(m.userId) && !isBusy(s, 'restore', m.userId)).map((user) => ({
          type: 'users.restore',
          user,
        })),
      // The server's answers (composed by the walk from the change asked for): any change in flight
      // goes through or fails; a status change may be refused as a conflict (409).
      'row.succeeded': (s) => busyCalls(s).map(({ kind, user }) => ({ type: 'row.succeeded', kind, before: user, user })),
      'row.failed': (s) => busyCalls(s).map(({ kind, userId }) => ({ type: 'row.failed', kind, userId, error: new Error('') })),
      'row.conflicted': (s) =>
        busyCalls(s)
          .filter(({ kind }) => kind === 'status')
          .map(({ kind, user }) => ({ type: 'row.conflicted', kind, user, message: CONFLICT })),
    },
  }),
  timeout: 60_000,
  setup: async (ctx) => {
    const { doubles, user, table, teardown } = await openScreen(ctx, WITH_DELETED);
    /** The members as the server has them (the walk's answers are composed from them). */
    const server = new Map(WITH_DELETED.list.users.map((m) => [m.userId, m] as const));
    /** What the last answer should show: a toast (its title and detail) or the alert above the table. */
    let shows: { toast?: string; detail?: string; alert?: string; gone?: string } = {};
    const rowOf = (name: string) => {
      const row = within(table())
        .getAllByRole('row')
        .find((r) => within(r).queryByText(name) !== null);
      if (!row) throw new Error(`no row for ${name}`);
      return within(row);
    };
    const licenseSwitch = (m: User) => rowOf(m.name).getByRole('checkbox', { name: `License for ${m.name}` });
    const openCall = (kind: RowActionKind, userId: string) => {
      const call = doubles.rows.open().find((c) => c.input.kind === kind && c.input.user.userId === userId);
      if (!call) throw new Error(`no ${kind} change of ${userId} in flight`);
      return call;
    };
    /** The server's answer to a change in flight; the toasts of earlier steps are cleared first. */
    const answer = (kind: RowActionKind, userId: string, compose: (input: RowActionInput, now: User) => RowActionResult) => {
      const call = openCall(kind, userId);
      const result = compose(call.input, server.get(userId) as User);
      act(() => toaster.remove());
      act(() => call.sendBack(result));
    };
    const menuItem = (name: string, item: RegExp) => chooseFromRowMenu(user, name, item);
    /** Undo in the newest toast, the one of the last change that went through. */
    const undo = async () => {
      const toast = await screen.findByRole('status', { name: shows.toast ?? '' });
      await user.click(within(toast).getByRole('button', { name: 'Undo' }));
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
          for (const m of LIVE) {
            const busy = context.busy.includes(`license:${m.userId}`);
            await waitFor(() => (busy ? expect(licenseSwitch(m)).toBeDisabled() : expect(licenseSwitch(m)).toBeEnabled()));
          }
          if (event?.type.startsWith('row.')) {
            if (shows.toast !== undefined) {
              const toast = await screen.findByRole('status', { name: shows.toast });
              if (shows.detail !== undefined) expect(toast).toHaveTextContent(shows.detail);
              // Held as a person's pointer on it holds it: a later step may press its Undo, and this walk
              // is slower than a person under load.
              act(() => toaster.pause());
            }
            if (shows.alert !== undefined) expect(await screen.findByRole('alert')).toHaveTextContent(shows.alert);
            if (shows.gone !== undefined) {
              const name = shows.gone;
              await waitFor(() => expect(within(table()).queryByText(name)).not.toBeInTheDocument());
            }
          }
        },
        states: {},
        events: {
          'users.setLicense': (event) =>
            (event as { via?: string }).via === 'undo' ? undo() : user.click(licenseSwitch(server.get(event.user.userId) as User)),
          'users.setStatus': (event) =>
            (event as { via?: string }).via === 'undo'
              ? undo()
              : menuItem((server.get(event.user.userId) as User).name, /^(Activate|Deactivate)$/),
          // Restore: the one item of a deleted member's menu (their row shows when they go for good).
          'users.restore': async ({ user: { name } }) => {
            expect(rowOf(name).getByText(/Removed for good on/)).toHaveTextContent('Removed for good on Feb 4, 2026');
            expect(rowOf(name).queryByRole('checkbox', { name: `License for ${name}` })).not.toBeInTheDocument();
            await menuItem(name, /^Restore$/);
          },
          // Went through: the member as asked, one version on; the toast says so (Undo but for a restore).
          'row.succeeded': (event) =>
            answer(event.kind, event.user.userId, (input, now) => {
              const { deletedAt: _deleted, purgeAt: _purge, ...restored } = now;
              const after = {
                ...(input.kind === 'license'
                  ? { ...now, hasLicense: input.value }
                  : input.kind === 'status'
                    ? { ...now, isActive: input.value }
                    : restored),
                version: now.version + 1,
              };
              server.set(now.userId, after);
              shows =
                input.kind === 'license'
                  ? { toast: after.hasLicense ? `License granted to ${now.name}` : `License removed from ${now.name}` }
                  : input.kind === 'status'
                    ? { toast: after.isActive ? `${now.name} was activated` : `${now.name} was deactivated` }
                    : { toast: `${now.name} was restored`, gone: now.name };
              return { type: 'row.succeeded', kind: input.kind, before: input.user, user: after };
            }),
          // Failed: the alert above the table says why (the fallback of its kind: the error has no message).
          'row.failed': (event) =>
            answer(event.kind, event.userId, (input) => {
              shows = { alert: ROW_FALLBACK_OF[input.kind] };
              return { type: 'row.failed', kind: input.kind, userId: input.user.userId, error: new Error('') };
            }),
          // Refused (409): the server's reason, and the row shows the member as the server has them (read again).
          'row.conflicted': (event) =>
            answer(event.kind, event.user.userId, (input, now) => {
              shows = { toast: CONFLICT, detail: ROW_REFRESHED };
              return { type: 'row.conflicted', kind: input.kind, user: now, message: CONFLICT };
            }),
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
