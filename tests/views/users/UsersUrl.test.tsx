/**
 * User Management keeps its view in the URL (issue 14), through the real screen, machine and
 * address service on an in-memory browser history; the API calls are doubles. A view opens from a
 * link, every change is written back (a new entry, or in place while typing), Back and Forward
 * step through views, nonsense falls back quietly, and 'Back to Users' returns to the last view.
 */
import { act, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadUsersInput } from '../../../src/machines/usersList';
import { RETURN_TO_USERS_VIEW } from '../../../src/machines/usersList/view';
import { createControlledDelays } from '../../support/model';
import { makePage } from './fixtures';
import { createUsersDoubles, renderUsers } from './render-users';

configure({ defaultHidden: true });

let uninstall: (() => void) | undefined;
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
});

function open(url: string, options: { state?: unknown; savedView?: string } = {}) {
  const doubles = createUsersDoubles({ url, state: options.state });
  if (options.savedView !== undefined) doubles.viewStore.saveUsersView(options.savedView);
  const delays = createControlledDelays(['searchDebounce']);
  delays.install();
  uninstall = () => delays.uninstall();
  renderUsers({ doubles, delays: { searchDebounce: delays.delays.searchDebounce } });
  const lastLoad = () => doubles.list.inputs('loadUsers').at(-1) as LoadUsersInput;
  /** Answers the request in flight with a page of the list's 80 members (4 pages). */
  const answer = () => act(() => doubles.list.resolve('loadUsers', makePage(lastLoad().page, { count: 20, total: 80 })));
  return { doubles, delays, history: doubles.address, lastLoad, answer, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

const combobox = (name: string) => screen.getByRole('combobox', { name });
const searchbox = () => screen.getByRole('searchbox', { name: 'Search users' });

describe('UsersScreen: the view in the URL', { timeout: 60_000 }, () => {
  it('opens the view a pasted link names, with one request', async () => {
    const { doubles, history, lastLoad, answer } = open('/users?q=ana&status=pending&role=Supervisor&page=2&sort=name');
    expect(doubles.list.inputs('loadUsers')).toHaveLength(1);
    expect(lastLoad()).toMatchObject({ search: 'ana', status: 'pending', role: 'Supervisor', page: 2, sort: 'name' });
    answer();
    expect(searchbox()).toHaveValue('ana');
    expect(combobox('Status')).toHaveValue('pending');
    expect(combobox('Role')).toHaveValue('Supervisor');
    expect(await screen.findByRole('button', { name: 'page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'page 2' })).toBeInTheDocument();
    expect(history.urls()).toEqual(['/users?q=ana&status=pending&role=Supervisor&page=2&sort=name']);
  });

  it('falls back quietly from nonsense and writes the view in its one spelling, in place', () => {
    const { doubles, history, lastLoad } = open('/users?status=archived&page=-3&sort=password&role=CEO&utm=1');
    expect(doubles.list.inputs('loadUsers')).toHaveLength(1);
    expect(lastLoad()).toMatchObject({ search: '', status: 'all', role: 'all', page: 1, sort: '-created' });
    expect(history.urls()).toEqual(['/users']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('writes each change as a history entry (a search once), and Back and Forward step through them', async () => {
    const { history, lastLoad, answer, delays, user } = open('/users');
    answer();
    await user.selectOptions(combobox('Status'), 'pending');
    answer();
    expect(history.urls()).toEqual(['/users', '/users?status=pending']);
    await user.click(await screen.findByRole('button', { name: 'page 2' }));
    answer();
    expect(history.url()).toBe('/users?status=pending&page=2');
    // Typing is one entry, rewritten in place as the text grows (back to page 1, as a search does).
    fireEvent.change(searchbox(), { target: { value: 'a' } });
    fireEvent.change(searchbox(), { target: { value: 'an' } });
    fireEvent.change(searchbox(), { target: { value: 'ana' } });
    act(() => delays.fire('searchDebounce'));
    answer();
    expect(history.urls()).toEqual(['/users', '/users?status=pending', '/users?status=pending&page=2', '/users?q=ana&status=pending']);

    act(() => history.back());
    expect(lastLoad()).toMatchObject({ search: '', status: 'pending', page: 2 });
    answer();
    await waitFor(() => expect(searchbox()).toHaveValue(''));
    expect(history.url()).toBe('/users?status=pending&page=2');
    act(() => history.back());
    act(() => history.back());
    expect(lastLoad()).toMatchObject({ status: 'all', page: 1 });
    answer();
    await waitFor(() => expect(combobox('Status')).toHaveValue('all'));
    act(() => history.forward());
    expect(lastLoad()).toMatchObject({ status: 'pending', page: 1 });
    answer();
    await waitFor(() => expect(combobox('Status')).toHaveValue('pending'));
    // Stepping through history adds no entries.
    expect(history.urls()).toHaveLength(4);
  });

  it("a link back to the list that names no view opens the last one ('Back to Users')", () => {
    const back = open('/users', { state: RETURN_TO_USERS_VIEW, savedView: '?role=Admin&sort=name' });
    expect(back.lastLoad()).toMatchObject({ role: 'Admin', sort: 'name' });
    expect(back.history.urls()).toEqual(['/users?role=Admin&sort=name']);
  });

  it('the navigation link (no such state) opens the default view', () => {
    const plain = open('/users', { savedView: '?role=Admin' });
    expect(plain.lastLoad()).toMatchObject({ role: 'all' });
  });

  it("a link that names a view wins over the saved one, even with 'Back to Users' state", () => {
    const named = open('/users?status=active', { state: RETURN_TO_USERS_VIEW, savedView: '?role=Admin' });
    expect(named.lastLoad()).toMatchObject({ role: 'all', status: 'active' });
  });

  it('remembers the view for the tab as it changes', async () => {
    const { doubles, answer, user } = open('/users');
    answer();
    await user.selectOptions(combobox('Role'), 'Field Worker');
    expect(doubles.viewStore.loadUsersView()).toBe('?role=Field+Worker');
  });

  it('Back while a dialog is open closes it and shows the earlier view', async () => {
    const { history, lastLoad, answer, user } = open('/users');
    answer();
    await user.selectOptions(combobox('Status'), 'active');
    answer();
    await user.click(screen.getAllByRole('button', { name: 'Add User' })[0] as HTMLElement);
    expect(await screen.findByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
    act(() => history.back());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add User' })).not.toBeInTheDocument());
    expect(lastLoad()).toMatchObject({ status: 'all' });
  });
});
