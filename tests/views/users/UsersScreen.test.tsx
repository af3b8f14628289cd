import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_INVALID_MESSAGE } from '../../../src/domain/phone';
import { ApiRequestError } from '../../../src/services/api/errors';
import type { LoadUsersInput } from '../../../src/machines/usersList';
import { asInABrowser, microtasks, nextTask } from '../../support/browser-scheduling';
import { chooseFromRowMenu } from '../../support/menus';
import { createControlledDelays } from '../../support/model';
import { STATS, itemHolding, makePage, makeUser } from './fixtures';
import { createUsersDoubles, onAPhone, renderUsers } from './render-users';

function setup() {
  const doubles = createUsersDoubles();
  const delays = createControlledDelays(['searchDebounce']);
  delays.install();
  const view = renderUsers({ doubles, delays: { searchDebounce: delays.delays.searchDebounce } });
  return {
    fakes: doubles.list,
    add: doubles.add,
    edit: doubles.edit,
    rows: doubles.rows,
    delays,
    view,
    user: userEvent.setup({ pointerEventsCheck: 0 }),
  };
}

// Role queries skip the visibility check (getComputedStyle on every ancestor is slow in jsdom with
// Chakra's styles); dialogs are queried through `within(dialog)`.
configure({ defaultHidden: true });

let current: ReturnType<typeof setup> | undefined;
afterEach(() => {
  current?.delays.uninstall();
  current = undefined;
});

/** Types a whole value as one input event (a paste), which keeps the walk fast under load. */
async function fill(element: HTMLElement, text: string) {
  const user = current?.user;
  if (!user) throw new Error('not started');
  await user.clear(element);
  await user.click(element);
  await user.paste(text);
}

function start() {
  current = setup();
  return current;
}

const table = () => screen.getByRole('table', { name: 'Users' });
const stat = (label: string) => within(screen.getByRole('group', { name: label }));

describe('UsersScreen', { timeout: 60_000 }, () => {
  it('shows the page: initials, formatted phone, en-US date, status, licence, View Billing, Quick Stats and the range', async () => {
    const { fakes } = start();
    expect(fakes.inputs('loadUsers')).toEqual([
      { page: 1, limit: 25, search: '', status: 'all', role: 'all', sort: '-created', withStats: true },
    ]);
    act(() => fakes.resolve('loadUsers', makePage(1)));
    const first = makeUser(0);
    await within(table()).findByText(first.name);
    const row = itemHolding(table(), 'row', first.name);
    const cells = within(row);
    expect(cells.getByText('AD')).toBeInTheDocument();
    expect(cells.getByText(first.email)).toBeInTheDocument();
    expect(cells.getByText('+1 (555) 100-0000')).toBeInTheDocument();
    expect(cells.getByText('Field Worker')).toBeInTheDocument();
    expect(cells.getByText('Jan 5, 2026')).toBeInTheDocument();
    expect(cells.getByText('active')).toBeInTheDocument();
    expect(cells.getByRole('checkbox', { name: `License for ${first.name}` })).toBeChecked();
    expect(cells.getByRole('link', { name: `View Billing for ${first.name}` })).toHaveAttribute('href', '/billing/user/user-0');
    expect(within(table()).getAllByRole('row')).toHaveLength(26);
    expect(stat('Total').getByText('60')).toBeInTheDocument();
    expect(stat('Active').getByText('45')).toBeInTheDocument();
    expect(stat('Pending').getByText('15')).toBeInTheDocument();
    expect(stat('Licensed').getByText('20')).toBeInTheDocument();
    // The pager follows the rows a frame later (useAfterPaint).
    expect(await screen.findByText('Showing 1–25 of 60')).toBeInTheDocument();
    expect(within(table()).getAllByText('pending')).toHaveLength(6);
  });

  it("View Billing opens the member's billing inside the console", async () => {
    const { fakes, view, user } = start();
    act(() => fakes.resolve('loadUsers', makePage(1)));
    const first = makeUser(0);
    await user.click(await within(table()).findByRole('link', { name: `View Billing for ${first.name}` }));
    expect(view.location.history.at(-1)).toBe('/billing/user/user-0');
  });

  it("shows 'No users found' for an empty answer", async () => {
    const { fakes } = start();
    act(() => fakes.resolve('loadUsers', makePage(1, { total: 0 })));
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });

  it("shows 'Error loading users' with the fallback message, and 'Try again' loads again", async () => {
    const { fakes, user } = start();
    act(() => fakes.reject('loadUsers', new Error('')));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading users');
    expect(alert).toHaveTextContent('Failed to fetch users');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(fakes.pending('loadUsers')).toHaveLength(1);
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    expect(await within(table()).findByText(makeUser(0).name)).toBeInTheDocument();
  });

  it('loads again by itself when the connection comes back after a failed load, without a tap', async () => {
    const { fakes } = start();
    act(() => fakes.reject('loadUsers', new TypeError('Failed to fetch')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error loading users');
    expect(fakes.pending('loadUsers')).toHaveLength(0);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(fakes.pending('loadUsers')).toHaveLength(1);
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    expect(await within(table()).findByText(makeUser(0).name)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("commits a search's rows first and updates the pager under them once that frame is painted", async () => {
    const { fakes, delays } = start();
    act(() => fakes.resolve('loadUsers', makePage(1)));
    expect(await screen.findByText('Showing 1–25 of 60')).toBeInTheDocument();
    // The browser's frames are the test's from here: the order is certain.
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    try {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: '5551' } });
      act(() => delays.fire('searchDebounce'));
      act(() => fakes.resolve('loadUsers', { ...makePage(1, { total: 1, count: 1 }), stats: null }));
      // The rows are on the page in the answer's own render; the pager is not part of it.
      await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
      expect(screen.getByText('Showing 1–25 of 60')).toBeInTheDocument();
      act(() => frames.splice(0).forEach((callback) => callback(performance.now())));
      expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('debounces the search and never lets an older answer overwrite a newer one', async () => {
    const { fakes, delays } = start();
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    await within(table()).findByText(makeUser(0).name);
    const box = screen.getByRole('searchbox', { name: 'Search users' });
    fireEvent.change(box, { target: { value: '555' } });
    fireEvent.change(box, { target: { value: '5551' } });
    expect(fakes.calls('loadUsers')).toHaveLength(1);
    act(() => delays.fire('searchDebounce'));
    // A search fetches the page only: the Quick Stats (organisation-wide) stay as they are.
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ search: '5551', page: 1, withStats: false } satisfies Partial<LoadUsersInput>);
    const older = fakes.calls('loadUsers')[1];
    fireEvent.change(box, { target: { value: '55512' } });
    expect(older?.signal.aborted).toBe(true);
    act(() => delays.fire('searchDebounce'));
    const newest = { ...makePage(1, { total: 1, count: 1 }), stats: null };
    act(() => fakes.resolve('loadUsers', newest));
    // The aborted request answering late changes nothing.
    act(() => older?.resolve(makePage(1, { count: 3 })));
    await waitFor(() => expect(within(table()).getAllByRole('row')).toHaveLength(2));
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    // The search's answer carried no counts: the Quick Stats of the first load are still shown.
    expect(stat('Total').getByText(String(STATS.total))).toBeInTheDocument();
  });

  it('toggles a licence: the switch and the Licensed count follow; a failure shows the §8 fallback and keeps the table', async () => {
    const { fakes, rows, user } = start();
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    const target = makeUser(1);
    const toggle = await screen.findByRole('checkbox', { name: `License for ${target.name}` });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(rows.open()).toHaveLength(1);
    expect(toggle).toBeDisabled();
    expect(toggle).toBeChecked();
    // Another row stays usable while the first is in flight.
    expect(screen.getByRole('checkbox', { name: `License for ${makeUser(2).name}` })).toBeEnabled();
    act(() => rows.succeed());
    await waitFor(() => expect(toggle).toBeChecked());
    expect(stat('Licensed').getByText('21')).toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    act(() => rows.fail(new Error('')));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update user license');
    expect(toggle).toBeChecked();
    expect(within(table()).getAllByRole('row')).toHaveLength(4);
    expect(stat('Licensed').getByText(String(STATS.licensed + 1))).toBeInTheDocument();
  });

  it('a licence switch in flight shows the value asked for, even when a page that already has it arrives first', async () => {
    const { fakes, rows, delays, user } = start();
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    const target = makeUser(1);
    const toggle = await screen.findByRole('checkbox', { name: `License for ${target.name}` });
    await user.click(toggle);
    expect(toggle).toBeChecked();
    // A search runs meanwhile; the server read the member after the change went through, so its
    // page already has the licence on, while the change's own answer has not come yet.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: target.name } });
    act(() => delays.fire('searchDebounce'));
    const granted = { ...target, hasLicense: true, version: target.version + 1 };
    act(() => fakes.resolve('loadUsers', { list: { users: [granted], total: 1, page: 1, limit: 25 }, stats: null }));
    expect(await screen.findByText('Showing 1–1 of 1')).toBeInTheDocument();
    const shown = screen.getByRole('checkbox', { name: `License for ${target.name}` });
    expect(shown).toBeChecked();
    expect(shown).toBeDisabled();
    act(() => rows.succeed());
    await waitFor(() => expect(shown).toBeEnabled());
    expect(shown).toBeChecked();
  });

  it('asks for the wanted licence (not a flip); a refused change (409) refreshes the row and says why in a toast', async () => {
    const { fakes, rows, user } = start();
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    const target = makeUser(1);
    const toggle = await screen.findByRole('checkbox', { name: `License for ${target.name}` });
    await user.click(toggle);
    expect(rows.open()[0]?.input).toEqual({ kind: 'license', user: target, value: true });
    // Meanwhile another administrator had removed the licence and changed the member's role.
    const current = { ...target, hasLicense: false, role: 'Project Manager' as const, version: 3 };
    act(() => rows.conflict(current, 'This member was changed by someone else'));
    expect(await screen.findByText('This member was changed by someone else')).toBeInTheDocument();
    expect(screen.getByText('The row now shows this member as they are.')).toBeInTheDocument();
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    const row = itemHolding(table(), 'row', target.name);
    expect(row).toHaveTextContent('Project Manager');
    expect(stat('Licensed').getByText(String(STATS.licensed))).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('edits a member changed by someone else meanwhile: says so in the dialog, keeps what was typed, and a second save carries their version', async () => {
    const { fakes, edit, user } = start();
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    const target = makeUser(0);
    await within(table()).findByText(target.name);
    await chooseFromRowMenu(user, target.name, 'Edit');
    const form = within(await screen.findByRole('dialog', { name: 'Edit User' }));
    await fill(form.getByRole('textbox', { name: /Name/ }), 'Ana Diaz-Moreno');
    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(edit.inputs('updateUser').at(-1)).toMatchObject({ userId: target.userId, updates: { name: 'Ana Diaz-Moreno', version: 1 } });

    act(() =>
      edit.reject(
        'updateUser',
        new ApiRequestError(409, 'Conflict', { message: 'This member was changed by someone else', field: 'version' }),
      ),
    );
    expect(await form.findByRole('alert')).toHaveTextContent('This member was changed by someone else');
    expect(edit.inputs('loadUser')).toEqual([{ userId: target.userId }]);
    act(() => edit.resolve('loadUser', { ...target, role: 'Supervisor', version: 2 }));
    await waitFor(() => expect(form.getByRole('button', { name: 'Save changes' })).toBeEnabled());
    expect(form.getByRole('alert')).toHaveTextContent('Save again to replace theirs with yours');
    expect(form.getByRole('textbox', { name: /Name/ })).toHaveValue('Ana Diaz-Moreno');
    expect(form.getByRole('combobox', { name: 'Role' })).toHaveValue(target.role);

    await user.click(form.getByRole('button', { name: 'Save changes' }));
    expect(edit.inputs('updateUser').at(-1)).toMatchObject({ updates: { name: 'Ana Diaz-Moreno', role: target.role, version: 2 } });
    act(() => edit.resolve('updateUser', { ...target, name: 'Ana Diaz-Moreno', version: 3 }));
    expect(await screen.findByText('Ana Diaz-Moreno was updated')).toBeInTheDocument();
    expect(within(table()).getByText('Ana Diaz-Moreno')).toBeInTheDocument();
  });

  it('adds a user: the invalid phone alert, a failed invite keeping every field, then success refreshing the list', async () => {
    const { fakes, add, user } = start();
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    await within(table()).findByText(makeUser(0).name);
    await user.click(screen.getByRole('button', { name: 'Add User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    const form = within(dialog);
    expect(form.getByRole('combobox', { name: 'Role' })).toHaveValue('Field Worker');
    expect(form.getByRole('checkbox', { name: 'License' })).not.toBeChecked();
    expect(form.getByRole('checkbox', { name: 'Active' })).toBeChecked();
    await fill(form.getByRole('textbox', { name: /Name/ }), 'Rosa Alvarez');
    await fill(form.getByRole('textbox', { name: /Email/ }), 'rosa@summit.test');
    await fill(form.getByRole('textbox', { name: /Phone number/ }), '+0 555');
    await user.click(form.getByRole('button', { name: 'Add User' }));
    expect(await form.findByRole('alert')).toHaveTextContent(PHONE_INVALID_MESSAGE);
    expect(add.calls('inviteUser')).toHaveLength(0);

    await fill(form.getByRole('textbox', { name: /Phone number/ }), '(555) 123-4567');
    await user.click(form.getByRole('button', { name: 'Add User' }));
    await user.click(form.getByRole('button', { name: /Add/ }));
    expect(add.inputs('inviteUser')).toEqual([
      {
        name: 'Rosa Alvarez',
        email: 'rosa@summit.test',
        phoneNumber: '+15551234567',
        role: 'Field Worker',
        hasLicense: false,
        isActive: true,
      },
    ]);
    act(() => add.reject('inviteUser', new Error('')));
    expect(await form.findByRole('alert')).toHaveTextContent('Failed to invite user');
    expect(form.getByRole('textbox', { name: /Name/ })).toHaveValue('Rosa Alvarez');
    expect(form.getByRole('textbox', { name: /Phone number/ })).toHaveValue('(555) 123-4567');

    await user.click(form.getByRole('button', { name: 'Add User' }));
    act(() => add.resolve('inviteUser', makeUser(99, { name: 'Rosa Alvarez' })));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument());
    expect(await screen.findByText('Rosa Alvarez was added')).toBeInTheDocument();
    expect(fakes.pending('loadUsers')).toHaveLength(1);
    // A new member changes the counts: this reload fetches the Quick Stats again.
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ withStats: true } satisfies Partial<LoadUsersInput>);
  });
});

describe('UsersScreen: when the rows are drawn', { timeout: 60_000 }, () => {
  afterEach(() => vi.unstubAllGlobals());

  it("on a phone, draws the first page's cards in a render of their own, after the update that brought them", async () => {
    onAPhone();
    await asInABrowser(async () => {
      const { fakes } = start();
      await nextTask();
      fakes.resolve('loadUsers', makePage(1));
      await microtasks();
      // The update has rendered the screen: the Quick Stats are in, the cards not yet (placeholders).
      const cards = () => within(screen.getByRole('list', { name: 'Users' }));
      expect(stat('Licensed').getByText(String(STATS.licensed))).toBeInTheDocument();
      expect(cards().queryByText(makeUser(0).name)).not.toBeInTheDocument();
      expect(await cards().findByText(makeUser(0).name)).toBeInTheDocument();
      expect(cards().getByText(makeUser(24).name)).toBeInTheDocument();
    });
  });

  it("on a desk, draws the first page's rows with the update that brought them", async () => {
    await asInABrowser(async () => {
      const { fakes } = start();
      await nextTask();
      fakes.resolve('loadUsers', makePage(1));
      await microtasks();
      expect(within(table()).getByText(makeUser(0).name)).toBeInTheDocument();
      expect(within(table()).getByText(makeUser(24).name)).toBeInTheDocument();
    });
  });

  it('draws a later page at once, with the update that brought it', async () => {
    await asInABrowser(async () => {
      const { fakes, user } = start();
      await nextTask();
      fakes.resolve('loadUsers', makePage(1));
      expect(await within(table()).findByText(makeUser(0).name)).toBeInTheDocument();
      await user.click(await screen.findByRole('button', { name: 'page 2' }));
      await waitFor(() => expect(fakes.pending('loadUsers')).toHaveLength(1));
      fakes.resolve('loadUsers', makePage(2));
      await microtasks();
      expect(within(table()).getByText(makeUser(25).name)).toBeInTheDocument();
      expect(within(table()).queryByText(makeUser(0).name)).not.toBeInTheDocument();
    });
  });
});
