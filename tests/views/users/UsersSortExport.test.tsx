/**
 * User Management's sortable headers and Export CSV, through the real screen and machine with the
 * API calls as doubles: what the headers say (`aria-sort`, the arrow), what a click or Enter asks
 * for, and what a person sees while an export is prepared, when it is ready and when it fails.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadUsersInput } from '../../../src/machines/usersList';
import { createControlledDelays } from '../../support/model';
import { makePage, makeUser } from './fixtures';
import { createUsersDoubles, renderUsers } from './render-users';

configure({ defaultHidden: true });

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

async function start() {
  const doubles = createUsersDoubles();
  const delays = createControlledDelays(['searchDebounce']);
  delays.install();
  uninstall = () => delays.uninstall();
  renderUsers({ doubles, delays: { searchDebounce: delays.delays.searchDebounce } });
  const fakes = doubles.list;
  act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
  await within(table()).findByText(makeUser(0).name);
  return { doubles, fakes, delays, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

const table = () => screen.getByRole('table', { name: 'Users' });
const header = (name: string) => within(table()).getByRole('columnheader', { name });
const sortButton = (name: string) => within(header(name)).getByRole('button', { name });
/** The lucide arrow a header shows: up, down, or up-down when the column is not sorted (an icon: no role or name to read it by). */
const arrowOf = (name: string) => /\blucide-(arrow-up-down|arrow-up|arrow-down)\b/.exec(header(name).innerHTML)?.[1] ?? 'none';
const sortsOf = () =>
  Object.fromEntries(['Name', 'Email', 'Role', 'Created'].map((name) => [name, header(name).getAttribute('aria-sort')]));

describe('UsersScreen: sorting and Export CSV', { timeout: 60_000 }, () => {
  it('headers say how the list is sorted; a click sorts a column, a second click flips it, from the keyboard too', async () => {
    const { fakes, user } = await start();
    // Newest first by default: Created is the sorted column, descending.
    expect(sortsOf()).toEqual({ Name: 'none', Email: 'none', Role: 'none', Created: 'descending' });
    expect(arrowOf('Created')).toBe('arrow-down');
    expect(arrowOf('Name')).toBe('arrow-up-down');
    expect(header('Phone')).not.toHaveAttribute('aria-sort');
    expect(within(header('Phone')).queryByRole('button')).not.toBeInTheDocument();

    // From page 2, a new order starts again at page 1, like a filter (and fetches no Quick Stats).
    await user.click(await screen.findByRole('button', { name: 'page 2' }));
    act(() => fakes.resolve('loadUsers', makePage(2, { count: 3 })));
    await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));

    await user.click(sortButton('Name'));
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: 'name', page: 1, withStats: false } satisfies Partial<LoadUsersInput>);
    expect(fakes.pending('loadUsers')).toHaveLength(1);
    await waitFor(() => expect(sortsOf()).toEqual({ Name: 'ascending', Email: 'none', Role: 'none', Created: 'none' }));
    expect(arrowOf('Name')).toBe('arrow-up');
    expect(arrowOf('Created')).toBe('arrow-up-down');
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));

    // Enter on the focused header button flips it.
    sortButton('Name').focus();
    await user.keyboard('{Enter}');
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: '-name' });
    await waitFor(() => expect(header('Name')).toHaveAttribute('aria-sort', 'descending'));
    expect(arrowOf('Name')).toBe('arrow-down');

    // Text columns start A to Z; Created starts newest first, then flips to oldest first.
    await user.click(sortButton('Email'));
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: 'email' });
    await user.click(sortButton('Role'));
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: 'role' });
    await waitFor(() => expect(sortsOf()).toEqual({ Name: 'none', Email: 'none', Role: 'ascending', Created: 'none' }));
    await user.click(sortButton('Created'));
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: '-created' });
    await user.click(sortButton('Created'));
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: 'created' });
    await waitFor(() => expect(header('Created')).toHaveAttribute('aria-sort', 'ascending'));
    // Every click left the previous load (its request is aborted): one load is in flight.
    expect(fakes.pending('loadUsers')).toHaveLength(1);
  });

  it("Export CSV asks for the list's filters and sort, shows 'Preparing export…' meanwhile, then opens the link", async () => {
    const { doubles, fakes, delays, user } = await start();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'pending');
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    await user.click(sortButton('Name'));
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: ' ana ' } });
    act(() => delays.fire('searchDebounce'));
    act(() => fakes.resolve('loadUsers', makePage(1, { count: 3 })));
    await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(doubles.exports.inputs('prepareExport')).toEqual([{ search: 'ana', status: 'pending', role: 'all', sort: 'name' }]);
    const busy = await screen.findByRole('button', { name: /Preparing export…/ });
    expect(busy).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();

    // The list does not wait for the export, nor stop it.
    const loads = fakes.calls('loadUsers').length;
    await user.click(await screen.findByRole('button', { name: 'page 2' }));
    expect(fakes.calls('loadUsers')).toHaveLength(loads + 1);
    act(() => fakes.resolve('loadUsers', makePage(2, { count: 3 })));
    await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));
    expect(doubles.exports.pending('prepareExport')).toHaveLength(1);
    expect(screen.getByRole('button', { name: /Preparing export…/ })).toBeDisabled();

    const url = 'http://127.0.0.1:9/exports/members/ticket-1';
    act(() => doubles.exports.resolve('prepareExport', { url, fileName: 'summit-builders-members-2026-01-05.csv' }));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(doubles.downloads).toEqual([url]);
  });

  it('a failed export shows an error toast and leaves the list as it was', async () => {
    const { doubles, fakes, user } = await start();
    const loads = fakes.calls('loadUsers').length;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByRole('button', { name: /Preparing export…/ })).toBeDisabled();
    act(() => doubles.exports.reject('prepareExport', new Error('Network down')));
    expect(await screen.findByText('Export failed: Network down')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    expect(doubles.downloads).toEqual([]);
    expect(fakes.calls('loadUsers')).toHaveLength(loads);
    expect(within(table()).getAllByRole('row')).toHaveLength(4);
    expect(screen.queryByRole('alert', { name: /Error loading users/ })).not.toBeInTheDocument();
  });
});
