/**
 * Safer actions on User Management (issue 14), through the real screen and machine with the API
 * calls as doubles: bulk deactivation and licence removal ask first with the count, a licence or
 * status change offers 'Undo' in its toast, and '/' jumps to the search box.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../../src/views/shared/toaster';
import { chooseFromRowMenu } from '../../support/menus';
import { makePage, makeUser } from './fixtures';
import { createUsersDoubles, renderUsers } from './render-users';

configure({ defaultHidden: true });

afterEach(() => toaster.remove());

async function start() {
  const doubles = createUsersDoubles();
  renderUsers({ doubles });
  act(() => doubles.list.resolve('loadUsers', makePage(1, { count: 3 })));
  await screen.findAllByText(makeUser(0).name);
  return { doubles, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

const selectTwo = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('checkbox', { name: `Select ${makeUser(0).name}` }));
  await user.click(screen.getByRole('checkbox', { name: `Select ${makeUser(1).name}` }));
};

describe('UsersScreen: safer actions', { timeout: 60_000 }, () => {
  it('bulk deactivate asks first with the count; Cancel sends nothing, confirming sends it', async () => {
    const { doubles, user } = await start();
    await selectTwo(user);
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Deactivate 2 users?' }));
    expect(question.getByText('They will show as pending until an administrator activates them again.')).toBeInTheDocument();
    await user.click(question.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(doubles.bulk.inputs('bulkUpdate')).toHaveLength(0);
    // The selection is still there: ask again and say yes.
    await user.click(screen.getByRole('button', { name: 'Deactivate' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Deactivate 2 users' }));
    expect(doubles.bulk.inputs('bulkUpdate')).toEqual([
      { userIds: [makeUser(0).userId, makeUser(1).userId], updates: { isActive: false } },
    ]);
  });

  it('bulk licence removal asks first; granting licences does not', async () => {
    const { doubles, user } = await start();
    await selectTwo(user);
    await user.click(screen.getByRole('button', { name: 'Remove license' }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Remove the license from 2 users?' }));
    await user.click(question.getByRole('button', { name: 'Remove licenses' }));
    expect(doubles.bulk.inputs('bulkUpdate').at(-1)).toEqual({
      userIds: [makeUser(0).userId, makeUser(1).userId],
      updates: { hasLicense: false },
    });
    act(() => doubles.bulk.resolve('bulkUpdate', { updated: 2 }));
    await waitFor(() => expect(doubles.list.pending('loadUsers')).toHaveLength(1));
    act(() => doubles.list.resolve('loadUsers', makePage(1, { count: 3 })));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument());
    await selectTwo(user);
    await user.click(screen.getByRole('button', { name: 'Grant license' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(doubles.bulk.inputs('bulkUpdate').at(-1)).toMatchObject({ updates: { hasLicense: true } });
  });

  it('while another page loads, the bulk buttons are disabled instead of doing nothing; they work again once it is on screen', async () => {
    const { doubles, user } = await start();
    await selectTwo(user);
    const bulk = within(screen.getByRole('region', { name: 'Bulk actions' }));
    expect(bulk.getByRole('button', { name: 'Grant license' })).toBeEnabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Active');
    await waitFor(() => expect(doubles.list.pending('loadUsers')).toHaveLength(1));
    // The selection is still shown, but a click would change nothing while the page loads.
    for (const name of ['Grant license', 'Remove license', 'Activate', 'Deactivate'])
      expect(bulk.getByRole('button', { name })).toBeDisabled();
    expect(bulk.getByRole('combobox', { name: 'Change role of selected users' })).toBeDisabled();

    act(() => doubles.list.resolve('loadUsers', makePage(1, { count: 3 })));
    await waitFor(() => expect(bulk.getByRole('button', { name: 'Grant license' })).toBeEnabled());
    await user.click(bulk.getByRole('button', { name: 'Grant license' }));
    expect(doubles.bulk.inputs('bulkUpdate')).toEqual([
      { userIds: [makeUser(0).userId, makeUser(1).userId], updates: { hasLicense: true } },
    ]);
  });

  it("a licence change's toast offers Undo, which asks for the licence back", async () => {
    const { doubles, user } = await start();
    const ana = makeUser(0);
    await user.click(screen.getByRole('checkbox', { name: `License for ${ana.name}` }));
    act(() => doubles.rows.succeed());
    const toast = within(
      await screen.findByRole('status', { name: ana.hasLicense ? `License removed from ${ana.name}` : `License granted to ${ana.name}` }),
    );
    await user.click(toast.getByRole('button', { name: 'Undo' }));
    const undo = doubles.rows.open().at(-1);
    expect(undo?.input).toMatchObject({ kind: 'license', value: ana.hasLicense });
    expect(undo?.input.user.userId).toBe(ana.userId);
  });

  it("a status change's toast offers Undo too", async () => {
    const { doubles, user } = await start();
    const ben = makeUser(1);
    await chooseFromRowMenu(user, ben.name, ben.isActive ? 'Deactivate' : 'Activate');
    await waitFor(() => expect(doubles.rows.open()).toHaveLength(1));
    act(() => doubles.rows.succeed());
    const toast = within(await screen.findByRole('status', { name: `${ben.name} was ${ben.isActive ? 'deactivated' : 'activated'}` }));
    await user.click(toast.getByRole('button', { name: 'Undo' }));
    expect(doubles.rows.open().at(-1)?.input).toMatchObject({ kind: 'status', value: ben.isActive });
  });

  it("'/' focuses the search box, unless a field has the focus or a dialog is open", async () => {
    const { user } = await start();
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect(search).toHaveAttribute('aria-keyshortcuts', '/');
    await user.keyboard('/');
    expect(search).toHaveFocus();
    // The '/' was a shortcut, not typed.
    expect(search).toHaveValue('');
    await user.type(search, 'a/b');
    expect(search).toHaveValue('a/b');
    await user.click(screen.getAllByRole('button', { name: 'Add User' })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Add User' });
    // The dialog takes the focus (in jsdom, which lays nothing out, the dialog itself rather than its first field).
    await waitFor(() => expect(dialog).toHaveFocus());
    await user.keyboard('/');
    expect(search).not.toHaveFocus();
  });
});
