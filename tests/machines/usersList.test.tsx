/**
 * Model-based walk of the users list machine through the real User Management screen. Every side
 * effect is a double at the network boundary: deferred promises for the list, delete and bulk
 * calls and the add/edit children's calls, a controllable callback for row toggles, and the
 * search debounce held until the step fires it. Each state is checked as a person sees it.
 *
 * Export CSV is a region parallel to the list: the walk starts an export from a shown page, then,
 * while it is prepared, searches, pages and loads (the list does not wait for it) before it ends
 * either way. The rest of the list is walked with no export running, which keeps the walk's size
 * (every list state times every export state) in bounds.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromCallback, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { sortDirectionOf, usersListMachine, type UsersListSnapshot } from '../../src/machines/usersList';
import type { UserSort } from '../../src/contract/api';
import { usersViewQuery } from '../../src/machines/usersList/view';
import { createControlledDelays, generateModelPaths, walkPaths } from '../support/model';
import { makePage, makeUser } from '../views/users/fixtures';
import { createUsersDoubles, renderUsers } from '../views/users/render-users';
import { toaster } from '../../src/views/shared/toaster';

configure({ defaultHidden: true, asyncUtilTimeout: 5000 });

const PAGE = makePage(1, { count: 3 });
const EMPTY = makePage(1, { count: 0 });
/** An empty page 2 of a non-empty list (say the last user of that page was just deleted). */
const PAST_THE_END = makePage(2, { count: 0 });
const ADDED = makeUser(80, { name: 'Rosa Alvarez' });
const EDITED_NAME = 'Ana Diaz-Lopez';
const CONFLICT = 'An organisation needs at least one active administrator.';
const EXPORTED = { url: 'http://127.0.0.1:9/exports/members/ticket-1', fileName: 'summit-builders-members-2026-01-05.csv' };
const EXPORT_ERROR = 'Network down';
/** The sortable headers, by the sort key a click on them asks for. */
const SORT_HEADERS = { name: 'Name', email: 'Email', role: 'Role', created: 'Created' } as const;

const asList = (s: AnyMachineSnapshot) => s as unknown as UsersListSnapshot;
const ready = (s: AnyMachineSnapshot) => asList(s).matches({ list: { browsing: 'ready' } });
const readyWithRows = (s: AnyMachineSnapshot) => ready(s) && asList(s).context.users.length > 0;
const exporting = (s: AnyMachineSnapshot) => asList(s).matches({ export: 'preparing' });
const when = <T,>(ok: boolean, events: T[]): T[] => (ok ? events : []);

type EventSpec = AnyEventObject | readonly AnyEventObject[] | ((s: AnyMachineSnapshot) => AnyEventObject | readonly AnyEventObject[]);
/** What the walk does while an export is prepared (everything else is walked with none running). */
const WHILE_EXPORTING = new Set([
  'users.search',
  'users.goToPage',
  'xstate.done.actor.loadUsers',
  'xstate.done.actor.exportMembers',
  'xstate.error.actor.exportMembers',
]);
function notWhileExporting(events: Record<string, EventSpec>): Record<string, EventSpec> {
  return Object.fromEntries(
    Object.entries(events).map(([type, spec]) => [
      type,
      WHILE_EXPORTING.has(type) ? spec : (s: AnyMachineSnapshot) => (exporting(s) ? [] : typeof spec === 'function' ? spec(s) : spec),
    ]),
  );
}

/** Back or Forward to another view of the list (the walk's stand-in for the address watcher sends it). */
const BACK_TO = '?status=pending&sort=name';

const paths = generateModelPaths(usersListMachine, {
  events: notWhileExporting({
    // The address when the list opens (the plain /users), then Back to another view from anywhere.
    'users.urlChanged': (s) => [{ type: 'users.urlChanged', query: asList(s).matches({ list: 'opening' }) ? '' : BACK_TO }],
    'users.search': (s) => when(asList(s).matches({ list: 'browsing' }), [{ type: 'users.search', search: '555' }]),
    'users.filterStatus': (s) => [{ type: 'users.filterStatus', status: asList(s).context.status === 'all' ? 'pending' : 'all' }],
    'users.filterRole': (s) => [{ type: 'users.filterRole', role: asList(s).context.role === 'all' ? 'Supervisor' : 'all' }],
    'users.goToPage': (s) => {
      const { context } = asList(s);
      const shown = context.users.length > 0 && !asList(s).matches({ list: { browsing: 'failed' } });
      return when(shown && context.total > context.pageSize, [{ type: 'users.goToPage', page: context.page === 1 ? 2 : context.page - 1 }]);
    },
    'xstate.done.actor.loadUsers': (s) => [
      { type: 'xstate.done.actor.loadUsers', output: PAGE },
      ...when(!exporting(s), [
        { type: 'xstate.done.actor.loadUsers', output: EMPTY },
        { type: 'xstate.done.actor.loadUsers', output: PAST_THE_END },
      ]),
    ],
    // A click on the Name header: sorted by name, it flips; otherwise it sorts by name, A to Z.
    'users.sort': (s) => when(ready(s), [{ type: 'users.sort', sort: asList(s).context.sort === 'name' ? '-name' : 'name' }]),
    'users.export': (s) => when(ready(s), [{ type: 'users.export' }]),
    'xstate.done.actor.exportMembers': { type: 'xstate.done.actor.exportMembers', output: EXPORTED },
    'xstate.error.actor.exportMembers': { type: 'xstate.error.actor.exportMembers', error: new Error(EXPORT_ERROR) },
    'xstate.error.actor.loadUsers': { type: 'xstate.error.actor.loadUsers', error: new Error('') },
    'users.setLicense': (s) => {
      const u = asList(s).context.users[0];
      return when(readyWithRows(s) && u !== undefined, [{ type: 'users.setLicense', user: u, hasLicense: !u?.hasLicense }]);
    },
    'users.setStatus': (s) => {
      const u = asList(s).context.users[1];
      return when(readyWithRows(s) && u !== undefined, [{ type: 'users.setStatus', user: u, isActive: !u?.isActive }]);
    },
    'row.succeeded': (s) => {
      const u = asList(s).context.users[0];
      return when(readyWithRows(s) && u !== undefined, [
        { type: 'row.succeeded', kind: 'license', before: u, user: { ...u, hasLicense: !u?.hasLicense } },
      ]);
    },
    'row.failed': (s) =>
      when(readyWithRows(s), [{ type: 'row.failed', kind: 'status', userId: asList(s).context.users[1]?.userId, error: new Error('') }]),
    // The server refused the status change (409) and the row is read again: unchanged, one version on.
    'row.conflicted': (s) => {
      const u = asList(s).context.users[1];
      return when(readyWithRows(s) && u !== undefined, [
        { type: 'row.conflicted', kind: 'status', user: { ...u, version: (u?.version ?? 1) + 1 }, message: CONFLICT },
      ]);
    },
    'users.dismissError': (s) => when(asList(s).context.actionError !== null && ready(s), [{ type: 'users.dismissError' }]),
    'users.select': (s) => {
      const u = asList(s).context.users[0];
      return when(readyWithRows(s) && u !== undefined, [
        { type: 'users.select', userId: u?.userId, selected: !asList(s).context.selected.includes(u?.userId ?? '') },
      ]);
    },
    'users.selectAll': (s) => when(readyWithRows(s), [{ type: 'users.selectAll', selected: asList(s).context.selected.length === 0 }]),
    // Granting licences goes straight through; deactivating asks first.
    'users.bulkUpdate': (s) =>
      when(readyWithRows(s) && asList(s).context.selected.length > 0, [
        { type: 'users.bulkUpdate', userIds: asList(s).context.selected, updates: { hasLicense: true } },
        { type: 'users.bulkUpdate', userIds: asList(s).context.selected, updates: { isActive: false } },
      ]),
    'users.confirmBulk': { type: 'users.confirmBulk' },
    'xstate.done.actor.bulkUpdate': (s) => [{ type: 'xstate.done.actor.bulkUpdate', output: asList(s).context.selected.length }],
    'xstate.error.actor.bulkUpdate': { type: 'xstate.error.actor.bulkUpdate', error: new Error('') },
    'users.openAdd': (s) => when(ready(s), [{ type: 'users.openAdd' }]),
    'xstate.done.actor.addUser': { type: 'xstate.done.actor.addUser', output: ADDED },
    'users.edit': (s) => when(readyWithRows(s), [{ type: 'users.edit', user: asList(s).context.users[0] }]),
    'xstate.done.actor.editUser': (s) => {
      const u = asList(s).context.editTarget;
      return when(u !== null, [{ type: 'xstate.done.actor.editUser', output: { ...u, name: EDITED_NAME } }]);
    },
    'users.confirmDelete': (s) => when(readyWithRows(s), [{ type: 'users.confirmDelete', user: asList(s).context.users[2] }]),
    'xstate.error.actor.deleteUser': { type: 'xstate.error.actor.deleteUser', error: new Error('') },
  }),
});

walkPaths({
  machineId: 'usersList',
  machine: usersListMachine,
  paths,
  timeout: 15_000,
  setup: ({ inspect }) => {
    const doubles = createUsersDoubles();
    const delays = createControlledDelays(['searchDebounce']);
    delays.install();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    // The address watcher reports when the walk says so (the real one reports the address at once).
    let reportAddress: ((event: AnyEventObject) => void) | undefined;
    const watchUrl = fromCallback(({ sendBack }) => {
      reportAddress = sendBack;
    });
    const view = renderUsers({ doubles, delays: { searchDebounce: delays.delays.searchDebounce }, inspect, watchUrl });
    const table = () => screen.getByRole('table', { name: 'Users' });
    const dialog = (name: string) => within(screen.getByRole(name === 'Delete user' ? 'alertdialog' : 'dialog', { name }));
    const rowOf = (name: string) => {
      const row = within(table()).getByText(name).closest('tr');
      if (!row) throw new Error(`no row for ${name}`);
      return within(row);
    };
    // Zag menus highlight on mouse pointer moves, which jsdom cannot report; the keyboard path
    // (arrow to the item, Enter) is the one a keyboard user takes and works here.
    const menuItem = async (name: string, item: RegExp) => {
      await user.click(screen.getByRole('button', { name: `Actions for ${name}` }));
      const items = await screen.findAllByRole('menuitem');
      const index = items.findIndex((el) => item.test(el.textContent ?? ''));
      if (index < 0) throw new Error(`no menu item ${String(item)}`);
      // The menu mounts when opened: wait for it to take focus, and for the wanted item to be
      // highlighted, before choosing (otherwise a slow machine races the keys past the menu).
      await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
      for (let k = 0; k <= index; k += 1) await user.keyboard('{ArrowDown}');
      await waitFor(() => expect(items[index]).toHaveAttribute('data-highlighted'));
      await user.keyboard('{Enter}');
    };
    const paste = async (element: HTMLElement, text: string) => {
      await user.clear(element);
      await user.click(element);
      await user.paste(text);
    };
    let searches = 0;
    /** The sort the last header click asked for, and whether an export just failed (its toast is expected). */
    let sorted: UserSort | null = null;
    let exportFailed = false;
    /** Export CSV was just clicked: the export asks for what the list selects at that moment. */
    let exportClicked = false;
    let downloads = 0;
    /** A refused change was just answered: its warning toast is expected. */
    let conflicted = false;
    /** A row change just went through: its toast (with 'Undo') is expected. */
    let rowSucceeded = false;
    const u = (i: number) => PAGE.list.users[i] ?? makeUser(i);

    return {
      async perform(event, info) {
        switch (event.type) {
          case 'users.urlChanged':
            act(() => reportAddress?.(event));
            return;
          case 'users.search':
            searches += 1;
            fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: `555${searches}` } });
            return;
          case 'users.filterStatus':
            await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), String(event.status));
            return;
          case 'users.filterRole':
            await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), String(event.role));
            return;
          case 'users.goToPage':
            await user.click(screen.getByRole('button', { name: event.page === 2 ? 'page 2' : 'previous page' }));
            return;
          case 'users.sort': {
            sorted = (event as unknown as { sort: UserSort }).sort;
            const key = sorted.replace(/^-/, '') as keyof typeof SORT_HEADERS;
            const header = screen.getByRole('columnheader', { name: SORT_HEADERS[key] });
            await user.click(within(header).getByRole('button', { name: SORT_HEADERS[key] }));
            return;
          }
          case 'users.export':
            exportClicked = true;
            await user.click(screen.getByRole('button', { name: 'Export CSV' }));
            return;
          case 'xstate.done.actor.exportMembers':
            downloads += 1;
            act(() => doubles.list.resolve('exportMembers', EXPORTED));
            return;
          case 'xstate.error.actor.exportMembers':
            exportFailed = true;
            act(() => doubles.list.reject('exportMembers', new Error(EXPORT_ERROR)));
            return;
          case 'users.retry':
            await user.click(screen.getByRole('button', { name: 'Try again' }));
            return;
          case 'users.setLicense':
            await user.click(rowOf(u(0).name).getByRole('checkbox', { name: `License for ${u(0).name}` }));
            return;
          case 'users.setStatus':
            await menuItem(u(1).name, /^(Activate|Deactivate)$/);
            return;
          case 'row.succeeded':
            if (!doubles.rows.open().some((c) => c.input.kind === 'license'))
              await user.click(rowOf(u(0).name).getByRole('checkbox', { name: `License for ${u(0).name}` }));
            act(() => doubles.rows.succeed());
            rowSucceeded = true;
            return;
          case 'row.failed':
            if (!doubles.rows.open().some((c) => c.input.kind === 'status')) await menuItem(u(1).name, /^(Activate|Deactivate)$/);
            act(() => doubles.rows.fail(new Error('')));
            return;
          case 'row.conflicted': {
            if (!doubles.rows.open().some((c) => c.input.kind === 'status')) await menuItem(u(1).name, /^(Activate|Deactivate)$/);
            const { user: current, message } = event as unknown as { user: (typeof PAGE.list.users)[number]; message: string };
            conflicted = true;
            act(() => doubles.rows.conflict(current, message));
            return;
          }
          case 'users.dismissError':
            await user.click(screen.getByRole('button', { name: 'Dismiss' }));
            return;
          case 'users.select':
            await user.click(screen.getByRole('checkbox', { name: `Select ${u(0).name}` }));
            return;
          case 'users.selectAll':
            await user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));
            return;
          case 'users.bulkUpdate': {
            const { updates } = event as unknown as { updates: { isActive?: boolean } };
            await user.click(screen.getByRole('button', { name: updates.isActive === false ? 'Deactivate' : 'Grant license' }));
            return;
          }
          case 'users.confirmBulk':
            await user.click(
              within(screen.getByRole('alertdialog', { name: /^Deactivate/ })).getByRole('button', { name: /^Deactivate \d/ }),
            );
            return;
          case 'users.openAdd':
            await user.click(screen.getAllByRole('button', { name: 'Add User' })[0] as HTMLElement);
            return;
          case 'xstate.done.actor.addUser': {
            const form = dialog('Add User');
            await paste(form.getByRole('textbox', { name: /Name/ }), ADDED.name);
            await paste(form.getByRole('textbox', { name: /Email/ }), ADDED.email);
            await paste(form.getByRole('textbox', { name: /Phone number/ }), ADDED.phoneNumber);
            await user.click(form.getByRole('button', { name: 'Add User' }));
            act(() => doubles.add.resolve('inviteUser', ADDED));
            return;
          }
          case 'users.closeDialog': {
            const open = screen.queryAllByRole('dialog').concat(screen.queryAllByRole('alertdialog'));
            const last = open.at(-1);
            if (!last) throw new Error('no dialog open');
            await user.click(within(last).getByRole('button', { name: 'Cancel' }));
            return;
          }
          case 'users.edit':
            await menuItem(u(0).name, /^Edit$/);
            return;
          case 'xstate.done.actor.editUser': {
            const form = dialog('Edit User');
            await paste(form.getByRole('textbox', { name: /Name/ }), EDITED_NAME);
            await user.click(form.getByRole('button', { name: 'Save changes' }));
            const target = doubles.edit.inputs('updateUser').at(-1) as { userId: string };
            act(() => doubles.edit.resolve('updateUser', { ...u(0), userId: target.userId, name: EDITED_NAME }));
            return;
          }
          case 'users.confirmDelete':
            await menuItem(u(2).name, /^Delete$/);
            return;
          case 'users.delete':
            await user.click(dialog('Delete user').getByRole('button', { name: 'Delete' }));
            return;
          default:
            if (info.kind === 'after') {
              act(() => delays.fire('searchDebounce'));
              return;
            }
            act(() => {
              if (!doubles.list.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
            });
        }
      },
      async assert(_state, snapshot) {
        const s = snapshot as unknown as UsersListSnapshot;
        const { context } = s;
        // Opening: nothing asked until the address is known. Afterwards the address shows the view.
        if (s.matches({ list: 'opening' })) expect(doubles.list.inputs('loadUsers')).toHaveLength(0);
        else expect(doubles.address.url()).toBe(`/users${usersViewQuery(context)}`);
        if (s.matches({ list: { browsing: 'loading' } })) {
          expect(doubles.list.pending('loadUsers')).toHaveLength(1);
          expect(doubles.list.inputs('loadUsers').at(-1)).toMatchObject({
            page: context.page,
            status: context.status,
            role: context.role,
            sort: context.sort,
          });
          expect(table()).toHaveAttribute('aria-busy', 'true');
        }
        if (s.matches({ list: { browsing: 'debouncing' } })) {
          expect(doubles.list.pending('loadUsers')).toHaveLength(0);
          expect(table()).toHaveAttribute('aria-busy', 'true');
        }
        // One PATCH in flight per busy row action, whatever the list is doing; each asks for a value.
        expect(doubles.rows.open()).toHaveLength(context.busy.length);
        for (const { input } of doubles.rows.open())
          expect(input.value).toBe(input.kind === 'license' ? !input.user.hasLicense : !input.user.isActive);
        if (rowSucceeded) {
          const toast = (await screen.findByText(/^License (granted to|removed from) /)).closest('[data-scope="toast"][data-part="root"]');
          expect(toast).not.toBeNull();
          expect(within(toast as HTMLElement).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
          rowSucceeded = false;
        }
        if (conflicted) {
          expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
          expect(screen.getByText('The row now shows this member as they are.')).toBeInTheDocument();
          conflicted = false;
        }
        // The headers show the list's order: aria-sort on the th, the button inside it.
        if (sorted !== null) {
          expect(context.sort).toBe(sorted);
          sorted = null;
        }
        if (s.matches({ list: 'browsing' }) && !s.matches({ list: { browsing: 'failed' } })) {
          for (const [key, label] of Object.entries(SORT_HEADERS)) {
            const header = screen.getByRole('columnheader', { name: label });
            expect(header).toHaveAttribute('aria-sort', sortDirectionOf(context.sort, key as keyof typeof SORT_HEADERS));
          }
        }
        // Export CSV: busy while the link is prepared (asked for the list's filters and sort), the
        // link opened when it came, a toast when it failed; the list carries on meanwhile.
        expect(doubles.downloads).toHaveLength(downloads);
        if (downloads > 0) expect(doubles.downloads.at(-1)).toBe(EXPORTED.url);
        if (s.matches({ export: 'preparing' })) {
          expect(doubles.list.pending('exportMembers')).toHaveLength(1);
          if (exportClicked) {
            expect(doubles.list.inputs('exportMembers').at(-1)).toEqual({
              search: context.search.trim(),
              status: context.status,
              role: context.role,
              sort: context.sort,
            });
            exportClicked = false;
          }
          await waitFor(() => expect(screen.getByRole('button', { name: /Preparing export/ })).toBeDisabled());
        } else {
          expect(doubles.list.pending('exportMembers')).toHaveLength(0);
          await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
        }
        if (exportFailed) {
          expect(await screen.findByText(`Export failed: ${EXPORT_ERROR}`)).toBeInTheDocument();
          exportFailed = false;
        }
        if (s.matches({ list: { browsing: 'ready' } })) {
          await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));
          if (context.users.length === 0) expect(within(table()).getByText('No users found')).toBeInTheDocument();
          for (const listed of context.users) expect(within(table()).getByText(listed.name)).toBeInTheDocument();
          expect(within(screen.getByRole('group', { name: 'Licensed' })).getByText(String(context.stats?.licensed))).toBeInTheDocument();
          if (context.selected.length > 0) expect(screen.getByText(`${context.selected.length} selected`)).toBeInTheDocument();
          else expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
        }
        if (s.matches({ list: { browsing: 'failed' } })) {
          const alert = await screen.findByText('Error loading users');
          expect(alert.closest('[role="alert"]')).toHaveTextContent('Failed to fetch users');
        }
        if (context.actionError !== null && s.matches({ list: 'browsing' })) {
          expect(await screen.findByText(context.actionError)).toBeInTheDocument();
          expect(['Failed to update user status', 'Failed to update user']).toContain(context.actionError);
        }
        if (s.matches({ list: 'adding' })) expect(await screen.findByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
        if (s.matches({ list: 'editing' })) {
          const form = within(await screen.findByRole('dialog', { name: 'Edit User' }));
          expect(form.getByRole('textbox', { name: /Email/ })).toHaveValue(context.editTarget?.email);
        }
        const deleting = s.matches({ list: 'deleting' });
        if (s.matches({ list: 'confirmingDelete' }) || deleting) {
          const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete user' }));
          expect(confirm.getByText(u(2).name)).toBeInTheDocument();
          if (deleting) await waitFor(() => expect(confirm.getByRole('button', { name: /Deleting/ })).toBeDisabled());
          if (context.deleteError !== null) expect(confirm.getByRole('alert')).toHaveTextContent('Failed to delete user');
        }
        if (s.matches({ list: 'bulkUpdating' })) {
          expect(doubles.list.pending('bulkUpdate')).toHaveLength(1);
          expect(doubles.list.inputs('bulkUpdate').at(-1)).toEqual(context.bulkRequest);
          expect(context.bulkRequest?.userIds).toEqual(context.selected);
          await waitFor(() => expect(screen.getByRole('button', { name: 'Grant license' })).toBeDisabled());
        }
        // Deactivating the selection asks first, with the count; nothing is sent until Yes.
        if (s.matches({ list: 'confirmingBulk' })) {
          const count = context.selected.length;
          const question = within(
            await screen.findByRole('alertdialog', { name: `Deactivate ${count} ${count === 1 ? 'user' : 'users'}?` }),
          );
          expect(question.getByText('They will show as pending until an administrator activates them again.')).toBeInTheDocument();
          expect(doubles.list.pending('bulkUpdate')).toHaveLength(0);
        } else {
          expect(screen.queryByRole('alertdialog', { name: /^Deactivate/ })).not.toBeInTheDocument();
        }
      },
      teardown() {
        view.unmount();
        delays.uninstall();
        // The toaster is the app's one store: a toast of this path must not be found by the next.
        toaster.remove();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
