/**
 * The members' rows are reused across pages (rowKeys.ts, issue 17): a member who arrives takes over
 * the elements of one who left, so a search or a new page changes text and attributes instead of
 * unmounting 25 rows and mounting 25 more. Members on both pages keep their own row; the row that
 * holds the keyboard focus and an open actions menu stay with their member.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../src/contract/api';
import { getSystem } from '../../../src/views/theme/system';
import { recycleRowKeys } from '../../../src/views/users/rowKeys';
import { UsersTable, type UsersTableProps } from '../../../src/views/users/UsersTable';
import { makeUser } from './fixtures';
// Also installs its ResizeObserver stand-in (jsdom has none; Chakra's menus position themselves with one).
import { onAPhone } from './render-users';

/** The table's props for a page of `users`, with nothing selected or busy. */
const props = (users: User[]): UsersTableProps => ({
  users,
  firstLoad: false,
  busyRef: () => undefined,
  skeletonRows: 3,
  selected: [],
  inFlight: { busy: [], wanted: {}, invitation: false, resending: null },
  onSelect: vi.fn(),
  onSelectAll: vi.fn(),
  onSetLicense: vi.fn(),
  onSetStatus: vi.fn(),
  onResendInvitation: vi.fn(),
  onRevokeInvitation: vi.fn(),
  onEdit: vi.fn(),
  onDelete: vi.fn(),
  onRestore: vi.fn(),
  sort: '-created',
  onSort: vi.fn(),
});

describe('recycleRowKeys', () => {
  const keys = (entries: Array<[string, number]>) => new Map(entries);

  it('numbers a first page in order', () => {
    expect([...recycleRowKeys(new Map(), ['a', 'b', 'c'])]).toEqual([
      ['a', 0],
      ['b', 1],
      ['c', 2],
    ]);
  });

  it('gives an all-new page the same keys, position by position', () => {
    expect([
      ...recycleRowKeys(
        keys([
          ['a', 0],
          ['b', 1],
          ['c', 2],
        ]),
        ['x', 'y', 'z'],
      ),
    ]).toEqual([
      ['x', 0],
      ['y', 1],
      ['z', 2],
    ]);
  });

  it('keeps the key of a member on both pages, and hands the keys of those who left to those who came', () => {
    // A member added at the top by another administrator: everyone moves down, 'c' drops off.
    const next = recycleRowKeys(
      keys([
        ['a', 0],
        ['b', 1],
        ['c', 2],
      ]),
      ['new', 'a', 'b'],
    );
    expect([...next]).toEqual([
      ['new', 2],
      ['a', 0],
      ['b', 1],
    ]);
  });

  it('never hands over the key of the row with the focus, and makes new keys when none is free', () => {
    const next = recycleRowKeys(
      keys([
        ['a', 0],
        ['b', 1],
      ]),
      ['x', 'y', 'z'],
      0,
    );
    expect([...next]).toEqual([
      ['x', 1],
      ['y', 2],
      ['z', 3],
    ]);
  });

  it('gives every member one key, and no two members the same', () => {
    const next = recycleRowKeys(
      keys([
        ['a', 0],
        ['b', 3],
      ]),
      ['b', 'c', 'c', 'd', 'e'],
    );
    expect([...next]).toEqual([
      ['b', 3],
      ['c', 0],
      ['d', 4],
      ['e', 5],
    ]);
    expect(new Set(next.values()).size).toBe(next.size);
  });
});

describe('the users table across pages', () => {
  afterEach(() => vi.restoreAllMocks());

  function renderTable(users: User[]) {
    const view = render(
      <ChakraProvider value={getSystem()}>
        <UsersTable {...props(users)} />
      </ChakraProvider>,
    );
    return {
      show(list: User[]) {
        view.rerender(
          <ChakraProvider value={getSystem()}>
            <UsersTable {...props(list)} />
          </ChakraProvider>,
        );
      },
    };
  }
  const rows = () =>
    within(screen.getByRole('table', { name: 'Users' }))
      .getAllByRole('row')
      .slice(1);
  const rowOf = (user: User) => {
    const found = rows().filter((row) => within(row).queryByRole('checkbox', { name: `Select ${user.name}` }));
    expect(found).toHaveLength(1);
    return found[0] as HTMLElement;
  };
  /** The e-mail a row's name cell names in full (its title), whatever the cell shows. */
  const emailOf = (row: HTMLElement) => within(row).getAllByTitle(/@/)[0]?.getAttribute('title');
  const actionsOf = (row: HTMLElement) => within(row).getByRole('button', { name: /^Actions for / });
  const page = (from: number) => Array.from({ length: 3 }, (_, i) => makeUser(from + i));

  it('shows a new page in the same row elements, each with all of its new member', () => {
    const first = page(0);
    const second = page(3).map((u, i) => ({ ...u, isActive: i !== 1, hasLicense: i === 2 }));
    const table = renderTable(first);
    const before = rows();
    const buttonsBefore = before.map(actionsOf);
    table.show(second);
    const after = rows();
    expect(after).toHaveLength(3);
    after.forEach((row, i) => {
      const member = second[i] as User;
      expect(row).toBe(before[i]);
      // The actions button too: only its label changes, it is not made again for the new member.
      expect(actionsOf(row)).toBe(buttonsBefore[i]);
      const cells = within(row);
      expect(cells.getByRole('checkbox', { name: `Select ${member.name}` })).not.toBeChecked();
      expect(cells.getByText(member.email)).toBeInTheDocument();
      expect(cells.getByText(member.isActive ? 'active' : 'pending')).toBeInTheDocument();
      const license = cells.getByRole('checkbox', { name: `License for ${member.name}` });
      expect((license as HTMLInputElement).checked).toBe(member.hasLicense);
      expect(cells.getByRole('link', { name: `View Billing for ${member.name}` })).toHaveAttribute(
        'href',
        `/billing/user/${member.userId}`,
      );
      expect(cells.getByRole('button', { name: `Actions for ${member.name}` })).toBeInTheDocument();
    });
    for (const member of first) expect(screen.queryByText(member.email)).not.toBeInTheDocument();
  });

  it('keeps each member in their own row when someone arrives at the top', () => {
    const [a, b, c] = page(0) as [User, User, User];
    const table = renderTable([a, b, c]);
    const rowA = rowOf(a);
    const rowB = rowOf(b);
    const arrived = makeUser(9);
    table.show([arrived, a, b]);
    expect(rowOf(a)).toBe(rowA);
    expect(rowOf(b)).toBe(rowB);
    expect(rows().map(emailOf)).toEqual([arrived.email, a.email, b.email]);
    expect(screen.queryByText(c.email)).not.toBeInTheDocument();
  });

  it('does not hand the focused control over to somebody else', async () => {
    const [a, b, c] = page(0) as [User, User, User];
    const table = renderTable([a, b, c]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: `License for ${b.name}` }));
    const focused = screen.getByRole('checkbox', { name: `License for ${b.name}` });
    expect(focused).toHaveFocus();
    const [x, y, z] = page(10) as [User, User, User];
    table.show([x, y, z]);
    // b's row went with b, as a row keyed by its member did; no other member's switch has the focus.
    expect(focused).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: `License for ${y.name}` })).not.toHaveFocus();
    expect(rows().map(emailOf)).toEqual([x.email, y.email, z.email]);
  });

  it("closes a member's open actions menu when another member takes over their row", async () => {
    const [a, b] = page(0) as [User, User];
    const table = renderTable([a, b]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Actions for ${a.name}` }));
    await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
    const x = makeUser(20);
    table.show([x, b]);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: `Actions for ${x.name}` })).toHaveAttribute('aria-expanded', 'false');
    // The member coming back to the row does not bring the menu back open either.
    table.show([a, b]);
    expect(screen.getByRole('button', { name: `Actions for ${a.name}` })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });
});

describe('the member cards across pages (a phone)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows a new page in the same card elements', () => {
    onAPhone();
    const first = [makeUser(0), makeUser(1)];
    const second = [makeUser(5), makeUser(6)];
    const view = render(
      <ChakraProvider value={getSystem()}>
        <UsersTable {...props(first)} />
      </ChakraProvider>,
    );
    const cards = () => within(screen.getByRole('list', { name: 'Users' })).getAllByRole('listitem');
    const before = cards();
    view.rerender(
      <ChakraProvider value={getSystem()}>
        <UsersTable {...props(second)} />
      </ChakraProvider>,
    );
    expect(cards()).toEqual(before);
    cards().forEach((card, i) => expect(within(card).getByText((second[i] as User).email)).toBeInTheDocument());
  });
});
