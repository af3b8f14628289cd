/**
 * User Management fits the screen (issue 14), through the real screen and machine with the API
 * calls as doubles: the table's columns (name with the email beneath, 'Last active' sortable, its
 * exact time on hover and focus), and at 768 px and narrower the same members as cards with the
 * same information and actions. jsdom has no layout, so the width is what `matchMedia` answers
 * (stubbed here); the sizes themselves are measured in a browser (tests/e2e/users-layout.spec.ts).
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chooseFromMenu } from '../../support/menus';
import { createControlledDelays } from '../../support/model';
import { STATS, itemHolding, makePage, makeUser } from './fixtures';
import { createUsersDoubles, renderUsers } from './render-users';
import { getSystem } from '../../../src/views/theme/system';

configure({ defaultHidden: true });

// Fixed so that relative times read the same whenever the tests run: May 20, 2026, 3:30 PM local.
const NOW = new Date(2026, 4, 20, 15, 30);
const threeDaysAgo = new Date(2026, 4, 17, 9, 5);
const CARDS_QUERY = '(max-width: 48em)';

/** `window.matchMedia` for a window `width` px wide, whose width can change (as when a phone turns). */
function stubWidth(width: number) {
  const listeners = new Set<() => void>();
  const state = { width };
  const matches = (query: string) => query === CARDS_QUERY && state.width <= 768;
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    get matches() {
      return matches(query);
    },
    onchange: null,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    addListener: (listener: () => void) => listeners.add(listener),
    removeListener: (listener: () => void) => listeners.delete(listener),
    dispatchEvent: () => false,
  }));
  return {
    resize(next: number) {
      state.width = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}

let uninstall: (() => void) | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  uninstall?.();
  uninstall = undefined;
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Three members: the first active three days ago, the second never, the third pending and licensed. */
const MEMBERS = [
  makeUser(0, { lastActiveAt: threeDaysAgo.toISOString() }),
  makeUser(1, { lastActiveAt: null }),
  makeUser(3, { lastActiveAt: new Date(2026, 4, 20, 15, 25).toISOString() }),
];

/** Renders the screen and answers its first request with MEMBERS. */
async function loaded(kind: 'table' | 'list') {
  const doubles = createUsersDoubles();
  const delays = createControlledDelays(['searchDebounce']);
  delays.install();
  uninstall = () => delays.uninstall();
  const view = renderUsers({ doubles, delays: { searchDebounce: delays.delays.searchDebounce } });
  const members = () => screen.getByRole(kind, { name: 'Users' });
  expect(members()).toHaveAttribute('aria-busy', 'true');
  act(() => doubles.list.resolve('loadUsers', { list: { users: MEMBERS, total: 3, page: 1, limit: 25 }, stats: STATS }));
  await within(members()).findByText(MEMBERS[0]?.name ?? '');
  return { doubles, delays, fakes: doubles.list, members, location: view.location, user: userEvent.setup({ pointerEventsCheck: 0 }) };
}

/** Picks `item` from the row menu `trigger` opens (tests/support/menus.ts), and waits for the menu to go. */
async function choose(user: ReturnType<typeof userEvent.setup>, trigger: HTMLElement, item: string) {
  await chooseFromMenu(user, trigger, item);
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
}

const timeOf = (scope: HTMLElement, text: string) => {
  const time = within(scope).getByText(text);
  expect(time.tagName).toBe('TIME');
  return time;
};

describe('UsersScreen: the table fits a laptop', { timeout: 60_000 }, () => {
  it('has one column for the name with the email beneath, under the Name and Email headers; Last active after it', async () => {
    const { members } = await loaded('table');
    // Phone, Role and Status keep the cell positions (4, 5 and 7) the browser tests read.
    const headers = within(members()).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      '',
      'Name',
      'Email',
      'Last active',
      'Phone',
      'Role',
      'Created',
      'Status',
      'License',
      'Billing',
      'Actions',
    ]);
    const first = MEMBERS[0];
    if (!first) throw new Error('no member');
    const row = itemHolding(members(), 'row', first.name);
    const cells = within(row).getAllByRole('cell');
    // Ten cells over eleven columns: name and email share one, spanning their two headers.
    expect(cells).toHaveLength(10);
    expect(cells[1]).toHaveAttribute('colspan', '2');
    expect(within(cells[1] as HTMLElement).getByText('AD')).toBeInTheDocument();
    expect(within(cells[1] as HTMLElement).getByText(first.name)).toHaveAttribute('title', first.name);
    expect(within(cells[1] as HTMLElement).getByText(first.email)).toBeInTheDocument();
    expect(cells[1]).toHaveAttribute('title', first.email);
    expect(cells.map((c) => c.textContent)).toEqual([
      '',
      `AD${first.name}${first.email}`,
      `3 days agoMay 17, 2026, 9:05 AM`,
      '+1 (555) 100-0000',
      'Field Worker',
      'Jan 5, 2026',
      'active',
      '',
      'View Billing',
      '',
    ]);
    expect(within(row).getByRole('checkbox', { name: `Select ${first.name}` })).not.toBeChecked();
    expect(within(row).getByRole('checkbox', { name: `License for ${first.name}` })).toBeChecked();
    expect(within(row).getByRole('link', { name: `View Billing for ${first.name}` })).toHaveAttribute('href', '/billing/user/user-0');
    expect(within(row).getByRole('button', { name: `Actions for ${first.name}` })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
  });

  it("shows Last active as relative time ('never' when never active) with the exact time on focus, until Escape", async () => {
    const { members, user } = await loaded('table');
    expect(within(members()).getByText('never').tagName).not.toBe('TIME');
    expect(timeOf(members(), '5 minutes ago')).toHaveAttribute('dateTime', MEMBERS[2]?.lastActiveAt);

    const time = timeOf(members(), '3 days ago');
    expect(time).toHaveAttribute('dateTime', threeDaysAgo.toISOString());
    expect(time).toHaveAccessibleDescription('May 17, 2026, 9:05 AM');
    const tip = within(members()).getByText('May 17, 2026, 9:05 AM');
    expect(tip).toHaveAttribute('role', 'tooltip');
    expect(tip).not.toBeVisible();
    await user.hover(time);
    expect(tip).toBeVisible();
    await user.unhover(time);
    expect(tip).not.toBeVisible();
    // A tab stop of its own, right after the row's select box.
    within(members())
      .getByRole('checkbox', { name: `Select ${MEMBERS[0]?.name}` })
      .focus();
    await user.tab();
    expect(time).toHaveFocus();
    expect(tip).toBeVisible();
    await user.keyboard('{Escape}');
    expect(tip).not.toBeVisible();
    expect(time).toHaveFocus();
    await user.tab();
    expect(tip).not.toBeVisible();
    await user.tab({ shift: true });
    expect(time).toHaveFocus();
    expect(tip).toBeVisible();
  });

  it('sorts by Last active from its header: most recent first, then the other way', async () => {
    const { fakes, members, user } = await loaded('table');
    const header = within(members()).getByRole('columnheader', { name: 'Last active' });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button', { name: 'Last active' }));
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: '-lastActive', page: 1 });
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'descending'));
    expect(within(members()).getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button', { name: 'Last active' }));
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: 'lastActive' });
    await waitFor(() => expect(header).toHaveAttribute('aria-sort', 'ascending'));
  });
});

describe('UsersScreen: cards at 768 px and narrower', { timeout: 60_000 }, () => {
  it('shows one card per member with the same information, and no table', async () => {
    stubWidth(412);
    const { members, location, user } = await loaded('list');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const cards = within(members()).getAllByRole('listitem');
    expect(cards).toHaveLength(3);
    const [firstCard, neverCard, pendingCard] = cards;
    const member = MEMBERS[0];
    if (!firstCard || !neverCard || !pendingCard || !member) throw new Error('missing cards');
    const first = within(firstCard);
    const never = within(neverCard);
    const pending = within(pendingCard);
    expect(first.getByText('AD')).toBeInTheDocument();
    expect(first.getByText(member.name)).toBeInTheDocument();
    expect(first.getByText(member.email)).toBeInTheDocument();
    for (const [term, value] of [
      ['Phone', '+1 (555) 100-0000'],
      ['Role', 'Field Worker'],
      ['Created', 'Jan 5, 2026'],
      ['Last active', '3 days ago'],
    ]) {
      // Each term (dt) is read with its definition (dd), as a screen reader pairs them.
      const terms = first.getAllByRole('term').map((t) => t.textContent);
      expect(terms).toContain(term);
      expect(first.getAllByRole('definition')[terms.indexOf(term ?? '')]).toHaveTextContent(value ?? '');
    }
    expect(timeOf(cards[0] as HTMLElement, '3 days ago')).toHaveAccessibleDescription('May 17, 2026, 9:05 AM');
    expect(first.getByText('active')).toBeInTheDocument();
    expect(never.getByText('never')).toBeInTheDocument();
    expect(pending.getByText('pending')).toBeInTheDocument();
    expect(pending.getByText('5 minutes ago')).toBeInTheDocument();
    expect(first.getByRole('checkbox', { name: `License for ${member.name}` })).toBeChecked();
    expect(never.getByRole('checkbox', { name: `License for ${MEMBERS[1]?.name}` })).not.toBeChecked();
    expect(first.getByRole('link', { name: `View Billing for ${member.name}` })).toHaveAttribute('href', '/billing/user/user-0');
    // It opens the member's billing inside the console.
    await user.click(first.getByRole('link', { name: `View Billing for ${member.name}` }));
    expect(location.history.at(-1)).toBe('/billing/user/user-0');
  });

  it('placeholders while the first page loads, and No users found for an empty answer', async () => {
    stubWidth(412);
    const doubles = createUsersDoubles();
    const delays = createControlledDelays(['searchDebounce']);
    delays.install();
    uninstall = () => delays.uninstall();
    renderUsers({ doubles, delays: { searchDebounce: delays.delays.searchDebounce } });
    const list = screen.getByRole('list', { name: 'Users' });
    expect(list).toHaveAttribute('aria-busy', 'true');
    // More than a phone's screen shows, not the page's 25: each is elements a phone lays out.
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('checkbox', { name: 'Select all users on this page' })).toBeDisabled();
    act(() => doubles.list.resolve('loadUsers', makePage(1, { total: 0 })));
    expect(await screen.findByText('No users found')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
  });

  it('has every action of a row: select, select all, licence, Activate/Deactivate, Edit, Delete', async () => {
    stubWidth(412);
    const { doubles, members, user } = await loaded('list');
    const [a, b, c] = MEMBERS;
    if (!a || !b || !c) throw new Error('no members');
    const card = (name: string) => within(itemHolding(members(), 'listitem', name));

    await user.click(card(a.name).getByRole('checkbox', { name: `Select ${a.name}` }));
    expect(await screen.findByText('1 selected')).toBeInTheDocument();
    const all = screen.getByRole('checkbox', { name: 'Select all users on this page' });
    expect(all).toBePartiallyChecked();
    await user.click(screen.getByText('Select all'));
    expect(await screen.findByText('3 selected')).toBeInTheDocument();
    expect(all).toBeChecked();
    await user.click(all);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument());

    // The visible 'License' text is the switch's label.
    await user.click(card(b.name).getByText('License'));
    expect(doubles.rows.open().map((call) => call.input)).toEqual([{ kind: 'license', user: b, value: true }]);
    expect(card(b.name).getByRole('checkbox', { name: `License for ${b.name}` })).toBeDisabled();

    await choose(user, card(c.name).getByRole('button', { name: `Actions for ${c.name}` }), 'Activate');
    expect(doubles.rows.open().map((call) => call.input)).toContainEqual({ kind: 'status', user: c, value: true });

    await choose(user, card(a.name).getByRole('button', { name: `Actions for ${a.name}` }), 'Edit');
    const edit = await screen.findByRole('dialog', { name: 'Edit User' });
    expect(within(edit).getByRole('textbox', { name: /Name/ })).toHaveValue(a.name);
    await user.click(within(edit).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit User' })).not.toBeInTheDocument());

    await choose(user, card(a.name).getByRole('button', { name: `Actions for ${a.name}` }), 'Delete');
    const question = await screen.findByRole('alertdialog', { name: 'Delete user' });
    expect(question).toHaveTextContent(a.name);
    // What happens to them, their sign-in and their billing.
    expect(question).toHaveTextContent(
      'They can no longer sign in. You can restore them from Recently deleted for 30 days; then they are removed for good, and a subscription they still have is canceled.',
    );
  });

  it('sorts from the Sort by select (the table does it from its headers)', async () => {
    stubWidth(412);
    const { fakes, user } = await loaded('list');
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('-created');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Newest first',
      'Oldest first',
      'Name (A–Z)',
      'Name (Z–A)',
      'Email (A–Z)',
      'Email (Z–A)',
      'Role (A–Z)',
      'Role (Z–A)',
      'Recently active first',
      'Least recently active first',
    ]);
    await user.selectOptions(select, 'Name (Z–A)');
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: '-name', page: 1 });
    await waitFor(() => expect(select).toHaveValue('-name'));
    await user.selectOptions(select, 'Recently active first');
    expect(fakes.inputs('loadUsers').at(-1)).toMatchObject({ sort: '-lastActive' });
  });

  it('turns into the table when the window gets wider than 768 px, and back', async () => {
    const width = stubWidth(768);
    const { members } = await loaded('list');
    width.resize(769);
    expect(await screen.findByRole('table', { name: 'Users' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Users' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Users' })).getByText(MEMBERS[0]?.name ?? '')).toBeInTheDocument();
    width.resize(412);
    expect(within(members()).getAllByRole('listitem')).toHaveLength(3);
  });
});

describe('UsersScreen: while a newer page loads', { timeout: 60_000 }, () => {
  it.each([
    ['table', 1440],
    ['list', 412],
  ] as const)('the %s is busy and dimmed by its attributes, without rendering it again (issue 17)', async (kind, width) => {
    stubWidth(width);
    const { doubles, delays, members } = await loaded(kind);
    expect(members()).toHaveAttribute('aria-busy', 'false');
    expect(members()).not.toHaveAttribute('data-refreshing');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'Member' } });
    // Every Chakra element resolves its styles with the system's css() as it renders.
    const css = vi.spyOn(getSystem(), 'css');
    try {
      act(() => delays.fire('searchDebounce'));
      expect(members()).toHaveAttribute('aria-busy', 'true');
      expect(members()).toHaveAttribute('data-refreshing');
      expect(within(members()).getByText(MEMBERS[0]?.name ?? '')).toBeInTheDocument();
      expect(css).not.toHaveBeenCalled();
    } finally {
      css.mockRestore();
    }
    act(() => doubles.list.resolve('loadUsers', makePage(1, { total: 2 })));
    await waitFor(() => expect(members()).toHaveAttribute('aria-busy', 'false'));
    expect(members()).not.toHaveAttribute('data-refreshing');
  });
});
