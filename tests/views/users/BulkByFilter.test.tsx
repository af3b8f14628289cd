/**
 * Bulk by filter (issue 41 item 4) through the real User Management screen and machine, the API
 * calls as doubles: once the page is selected, 'Select all 1,234 members matching this view' (the
 * server's total), the confirmation naming that count, the change sent as the filter, its toast's
 * Undo sending back the ids it changed; 'Clear selection' and a single box end it.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { toaster } from '../../../src/views/shared/toaster';
import { makePage, makeUser } from './fixtures';
import { createUsersDoubles, renderUsers } from './render-users';

configure({ defaultHidden: true });

afterEach(() => toaster.remove());

async function start(total = 1234) {
  const doubles = createUsersDoubles({ url: '/users?q=crew&role=Supervisor' });
  renderUsers({ doubles });
  act(() => doubles.list.resolve('loadUsers', makePage(1, { count: 3, total })));
  await screen.findAllByText(makeUser(0).name);
  return { doubles, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

const selectPage = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' }));

describe('UsersScreen: bulk by filter', { timeout: 60_000 }, () => {
  it('offers every member matching the view once the page is selected, and the change names the filter and the count', async () => {
    const { doubles, user } = await start();
    expect(screen.queryByRole('button', { name: /^Select all .* matching this view$/ })).not.toBeInTheDocument();
    await selectPage(user);
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Select all 1,234 members matching this view' }));
    expect(await screen.findByText('All 1,234 members matching this view are selected.')).toBeInTheDocument();
    expect(screen.getByText('1,234 selected')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove license' }));
    const question = within(await screen.findByRole('alertdialog', { name: 'Remove the license from 1,234 users?' }));
    expect(doubles.bulk.inputs('bulkUpdate')).toHaveLength(0);
    await user.click(question.getByRole('button', { name: 'Remove licenses' }));
    expect(doubles.bulk.inputs('bulkUpdate')).toEqual([
      { filter: { search: 'crew', role: 'Supervisor' }, updates: { hasLicense: false }, count: 1234 },
    ]);

    const changed = ['m-1', 'm-2'];
    act(() => doubles.bulk.resolve('bulkUpdate', { updated: 1234, changedIds: changed }));
    const toast = within(await screen.findByRole('status', { name: '1,234 users updated' }));
    await user.click(toast.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(doubles.bulk.inputs('bulkUpdate')).toHaveLength(2));
    expect(doubles.bulk.inputs('bulkUpdate').at(-1)).toEqual({ userIds: changed, updates: { hasLicense: true } });
  });

  it("'Clear selection' ends it, and so does unticking a row; a page that is the whole view offers nothing", async () => {
    const { user } = await start();
    await selectPage(user);
    await user.click(await screen.findByRole('button', { name: 'Select all 1,234 members matching this view' }));
    await user.click(await screen.findByRole('button', { name: 'Clear selection' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument());

    await selectPage(user);
    await user.click(await screen.findByRole('button', { name: 'Select all 1,234 members matching this view' }));
    await user.click(screen.getByRole('checkbox', { name: `Select ${makeUser(1).name}` }));
    expect(await screen.findByText('2 selected')).toBeInTheDocument();
    expect(screen.queryByText(/members matching this view/)).not.toBeInTheDocument();
  });

  it('a page that shows every matching member has no such offer', async () => {
    const { user } = await start(3);
    await selectPage(user);
    expect(await screen.findByText('3 selected')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /matching this view/ })).not.toBeInTheDocument();
  });

  it('a page bulk change by ids offers Undo too: the ids it changed, back to their status', async () => {
    const { doubles, user } = await start();
    await user.click(screen.getByRole('checkbox', { name: `Select ${makeUser(0).name}` }));
    await user.click(screen.getByRole('button', { name: 'Activate' }));
    act(() => doubles.bulk.resolve('bulkUpdate', { updated: 1, changedIds: [makeUser(0).userId] }));
    const toast = within(await screen.findByRole('status', { name: '1 user updated' }));
    await user.click(toast.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(doubles.bulk.inputs('bulkUpdate')).toHaveLength(2));
    expect(doubles.bulk.inputs('bulkUpdate').at(-1)).toEqual({ userIds: [makeUser(0).userId], updates: { isActive: false } });
  });
});

describe('UsersScreen: the view while a bulk change runs', { timeout: 60_000 }, () => {
  it('a status and a role chosen meanwhile stay chosen, and the list loads them once the change is done', async () => {
    const { doubles, user } = await start();
    await selectPage(user);
    await user.click(await screen.findByRole('button', { name: 'Select all 1,234 members matching this view' }));
    await user.click(screen.getByRole('button', { name: 'Grant license' }));
    await waitFor(() => expect(doubles.bulk.inputs('bulkUpdate')).toHaveLength(1));
    const loads = doubles.list.inputs('loadUsers').length;

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'Admin');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('Admin');
    expect(doubles.list.inputs('loadUsers')).toHaveLength(loads);
    // The change goes on as it was sent: the view it was asked for.
    expect(doubles.bulk.inputs('bulkUpdate')).toEqual([
      { filter: { search: 'crew', role: 'Supervisor' }, updates: { hasLicense: true }, count: 1234 },
    ]);

    act(() => doubles.bulk.resolve('bulkUpdate', { updated: 1234, changedIds: [] }));
    await waitFor(() => expect(doubles.list.inputs('loadUsers')).toHaveLength(loads + 1));
    expect(doubles.list.inputs('loadUsers').at(-1)).toMatchObject({ search: 'crew', status: 'pending', role: 'Admin', page: 1 });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('pending');
  });
});
