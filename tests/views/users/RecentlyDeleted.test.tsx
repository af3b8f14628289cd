/**
 * Recently deleted in User Management (issue 41 item 3): the status filter that lists the members
 * deleted in the last 30 days, each with the day they go for good, whose only action is Restore;
 * a restored member leaves the list and counts in the Quick Stats again.
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { chooseFromRowMenu } from '../../support/menus';
import { STATS, itemHolding, makePage, makeUser } from './fixtures';
import { createUsersDoubles, renderUsers } from './render-users';

configure({ defaultHidden: true });

const DELETED = { ...makeUser(1, { name: 'Dora Deleted' }), deletedAt: '2026-01-05T10:00:00.000Z', purgeAt: '2026-02-04T10:00:00.000Z' };
const OTHER = { ...makeUser(2, { name: 'Otto Other' }), deletedAt: '2026-01-06T10:00:00.000Z', purgeAt: '2026-02-05T10:00:00.000Z' };
const DELETED_PAGE = { list: { users: [DELETED, OTHER], total: 2, page: 1, limit: 25 }, stats: STATS };

const table = () => screen.getByRole('table', { name: 'Users' });
const stat = (label: string) => within(screen.getByRole('group', { name: label }));

/** A deleted member's menu offers `item` alone; it is chosen. */
async function chooseOnly(user: ReturnType<typeof userEvent.setup>, name: string, item: string) {
  expect(await chooseFromRowMenu(user, name, item)).toEqual([item]);
}

describe('Recently deleted', { timeout: 60_000 }, () => {
  it('is a status filter of the list, kept in the address', async () => {
    const doubles = createUsersDoubles();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderUsers({ doubles });
    act(() => doubles.list.resolve('loadUsers', makePage(1)));
    await within(table()).findByText(makeUser(0).name);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Recently deleted');
    await waitFor(() => expect(doubles.list.inputs('loadUsers').at(-1)).toMatchObject({ status: 'deleted', page: 1 }));
    expect(doubles.address.url()).toBe('/users?status=deleted');
  });

  it('shows when each member goes for good, offers Restore alone, and a restored member leaves the list and counts again', async () => {
    const doubles = createUsersDoubles({ url: '/users?status=deleted' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderUsers({ doubles });
    await waitFor(() => expect(doubles.list.inputs('loadUsers')).toHaveLength(1));
    expect(doubles.list.inputs('loadUsers')[0]).toMatchObject({ status: 'deleted' });
    act(() => doubles.list.resolve('loadUsers', DELETED_PAGE));

    const row = within(await within(table()).findByRole('row', { name: /Dora Deleted/ }));
    expect(row.getByText('deleted')).toBeInTheDocument();
    expect(row.getByText(/Removed for good on/)).toHaveTextContent('Removed for good on Feb 4, 2026');
    // Nothing to change until restored: no licence switch to flip, no selection, no billing page.
    expect(row.queryByRole('checkbox', { name: 'License for Dora Deleted' })).not.toBeInTheDocument();
    expect(row.getByRole('checkbox', { name: 'Select Dora Deleted' })).toBeDisabled();
    // A page of deleted members has nobody to select: no bulk change reaches Recently deleted.
    expect(screen.getByRole('checkbox', { name: 'Select all users on this page' })).toBeDisabled();
    expect(row.queryByRole('link', { name: /View Billing/ })).not.toBeInTheDocument();

    await chooseOnly(user, 'Dora Deleted', 'Restore');
    await waitFor(() => expect(doubles.rows.open().map((c) => c.input)).toEqual([{ kind: 'restore', user: DELETED, value: true }]));
    act(() => doubles.rows.succeed());

    expect(await screen.findByText('Dora Deleted was restored')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('Dora Deleted')).not.toBeInTheDocument());
    expect(itemHolding(table(), 'row', 'Otto Other')).toBeInTheDocument();
    expect(stat('Total').getByText(String(STATS.total + 1))).toBeInTheDocument();
    expect(stat('Active').getByText(String(STATS.active + 1))).toBeInTheDocument();
  });

  it('says so when the restore fails, and keeps the member in Recently deleted', async () => {
    const doubles = createUsersDoubles({ url: '/users?status=deleted' });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    renderUsers({ doubles });
    await waitFor(() => expect(doubles.list.inputs('loadUsers')).toHaveLength(1));
    act(() => doubles.list.resolve('loadUsers', DELETED_PAGE));
    await within(table()).findByText('Dora Deleted');
    await chooseOnly(user, 'Dora Deleted', 'Restore');
    await waitFor(() => expect(doubles.rows.open()).toHaveLength(1));
    act(() => doubles.rows.fail(new Error('')));
    expect(await screen.findByText('Failed to restore user')).toBeInTheDocument();
    expect(within(table()).getByText('Dora Deleted')).toBeInTheDocument();
  });
});
