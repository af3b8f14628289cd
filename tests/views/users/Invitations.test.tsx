/**
 * Invitations on the Users screen (InvitationParts.tsx, issue 41 item 2): an invited member who has
 * never signed in shows 'Invited' with when the temporary password expires (the exact dates on hover
 * or focus in the table, as text on a phone's card); an expired one says 'Invitation expired' and
 * offers Resend; the row menu of an invited member, and only theirs, has Resend and Revoke
 * invitation; Revoke asks first, and the member then leaves the page and the counts. The calls are
 * doubles at the network boundary (render-users.tsx).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../src/contract/api';
import { toaster } from '../../../src/views/shared/toaster';
import { chooseFromRowMenu } from '../../support/menus';
import { itemHolding, makePage, makeUser } from './fixtures';
import { createUsersDoubles, onAPhone, renderUsers } from './render-users';

const OPEN: User = {
  ...makeUser(1, { isActive: true, hasLicense: false }),
  invitation: { sentAt: '2026-01-05T15:00:00.000Z', expiresAt: '2026-01-12T15:00:00.000Z', state: 'open' },
};
const EXPIRED: User = {
  ...makeUser(2, { isActive: true, hasLicense: true }),
  invitation: { sentAt: '2025-12-01T15:00:00.000Z', expiresAt: '2025-12-08T15:00:00.000Z', state: 'expired' },
};
const MEMBER = makeUser(0, { lastActiveAt: null });
const PAGE = makePage(1, { count: 0 });
PAGE.list.users = [MEMBER, OPEN, EXPIRED];
PAGE.list.total = 3;
PAGE.stats = { total: 3, active: 3, pending: 0, licensed: 2 };

afterEach(() => {
  vi.unstubAllGlobals();
  toaster.remove();
});

async function loaded() {
  const doubles = createUsersDoubles();
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderUsers({ doubles });
  await waitFor(() => expect(doubles.list.pending('loadUsers')).toHaveLength(1));
  act(() => doubles.list.resolve('loadUsers', PAGE));
  await screen.findByText(OPEN.name);
  return { doubles, user };
}

/** Opens a member's row menu and chooses an item by keyboard (tests/support/menus.ts). */
const choose = (user: ReturnType<typeof userEvent.setup>, member: User, item: string) => chooseFromRowMenu(user, member.name, item);

describe('Users screen: invitations', { timeout: 60_000 }, () => {
  it("shows an invited member as 'Invited' with when it expires, the exact dates on focus; an expired one says so", async () => {
    await loaded();
    const table = screen.getByRole('table', { name: 'Users' });
    const open = within(itemHolding(table, 'row', OPEN.name));
    expect(open.getByText('Invited')).toBeInTheDocument();
    const expires = open.getByText('expires Jan 12');
    expect(expires).toHaveAttribute('datetime', OPEN.invitation?.expiresAt);
    expect(expires).toHaveAccessibleDescription(
      /^Invited Jan 5, 2026, \d+:00 (AM|PM)\. The temporary password expires Jan 12, 2026, \d+:00 (AM|PM)\.$/,
    );
    const expired = within(itemHolding(table, 'row', EXPIRED.name));
    expect(expired.getByText('Invitation expired')).toHaveAccessibleDescription(/The temporary password expired Dec 8, 2025/);
    // The SPEC's status stays as it was; a member who signed in shows no invitation.
    expect(open.getByText('active')).toBeInTheDocument();
    const member = within(itemHolding(table, 'row', MEMBER.name));
    expect(member.getByText('never')).toBeInTheDocument();
    expect(member.queryByText('Invited')).not.toBeInTheDocument();
  });

  it('offers Resend and Revoke invitation in the row menu of an invited member only', async () => {
    const { user } = await loaded();
    await user.click(screen.getByRole('button', { name: `Actions for ${OPEN.name}` }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Edit', 'Resend invitation', 'Revoke invitation', 'Deactivate', 'Delete']);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: `Actions for ${MEMBER.name}` }));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Edit', 'Deactivate', 'Delete']);
  });

  it('resends at once: the new dates in the row and a confirmation', async () => {
    const { doubles, user } = await loaded();
    await choose(user, EXPIRED, 'Resend invitation');
    await waitFor(() => expect(doubles.invitations.inputs('resendInvitation')).toEqual([{ userId: EXPIRED.userId }]));
    act(() =>
      doubles.invitations.resolve('resendInvitation', {
        ...EXPIRED,
        invitation: { sentAt: '2026-01-20T15:00:00.000Z', expiresAt: '2026-01-27T15:00:00.000Z', state: 'open' },
      }),
    );
    expect(await screen.findByText(`A new invitation was sent to ${EXPIRED.email}`)).toBeInTheDocument();
    const row = within(itemHolding(screen.getByRole('table', { name: 'Users' }), 'row', EXPIRED.name));
    expect(await row.findByText('expires Jan 27')).toBeInTheDocument();
    expect(row.queryByText('Invitation expired')).not.toBeInTheDocument();
  });

  it("waits with every member's Resend and Revoke while a resend runs, so none is ignored, and offers them again after", async () => {
    const { doubles, user } = await loaded();
    await choose(user, EXPIRED, 'Resend invitation');
    await waitFor(() => expect(doubles.invitations.pending('resendInvitation')).toHaveLength(1));
    const itemsOf = async (member: User) => {
      await user.click(screen.getByRole('button', { name: `Actions for ${member.name}` }));
      const menu = within(await screen.findByRole('menu'));
      const state = ['Resend invitation', 'Revoke invitation'].map((name) =>
        menu.getByRole('menuitem', { name }).getAttribute('aria-disabled'),
      );
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
      return state;
    };
    expect(await itemsOf(OPEN)).toEqual(['true', 'true']);
    expect(await itemsOf(EXPIRED)).toEqual(['true', 'true']);
    // The member whose invitation is on its way says so, and only they do.
    const table = screen.getByRole('table', { name: 'Users' });
    const rowOf = (member: User) => within(itemHolding(table, 'row', member.name));
    expect(rowOf(EXPIRED).getByRole('status')).toHaveTextContent('Resending…');
    expect(rowOf(EXPIRED).getByText('Invitation expired')).toBeInTheDocument();
    expect(rowOf(OPEN).queryByText('Resending…')).not.toBeInTheDocument();
    expect(rowOf(OPEN).getByText('expires Jan 12')).toBeInTheDocument();
    act(() => doubles.invitations.resolve('resendInvitation', EXPIRED));
    expect(await screen.findByText(`A new invitation was sent to ${EXPIRED.email}`)).toBeInTheDocument();
    expect(await itemsOf(OPEN)).toEqual([null, null]);
    expect(rowOf(EXPIRED).queryByText('Resending…')).not.toBeInTheDocument();
    expect(doubles.invitations.inputs('resendInvitation')).toEqual([{ userId: EXPIRED.userId }]);
  });

  it('asks before revoking; Revoke removes the member from the page and the counts', async () => {
    const { doubles, user } = await loaded();
    await choose(user, OPEN, 'Revoke invitation');
    const question = within(await screen.findByRole('alertdialog', { name: 'Revoke invitation' }));
    expect(question.getByText(OPEN.name)).toBeInTheDocument();
    expect(doubles.invitations.inputs('revokeInvitation')).toEqual([]);
    await user.click(question.getByRole('button', { name: 'Revoke invitation' }));
    await waitFor(() => expect(doubles.invitations.pending('revokeInvitation')).toHaveLength(1));
    act(() => doubles.invitations.resolve('revokeInvitation', undefined));
    expect(await screen.findByText(`The invitation of ${OPEN.name} was revoked`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog', { name: 'Revoke invitation' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('table', { name: 'Users' })).queryByText(OPEN.name)).not.toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total' })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Active' })).getByText('2')).toBeInTheDocument();
  });

  it("on a phone, shows the dates as text on the card, and an expired invitation's Resend right there", async () => {
    onAPhone();
    const { doubles, user } = await loaded();
    const list = screen.getByRole('list', { name: 'Users' });
    const open = within(itemHolding(list, 'listitem', OPEN.name));
    expect(open.getByText('Invited')).toBeInTheDocument();
    expect(open.getByText('Sent Jan 5, 2026 · expires Jan 12, 2026')).toBeInTheDocument();
    expect(open.queryByRole('button', { name: /^Resend invitation/ })).not.toBeInTheDocument();
    const expired = within(itemHolding(list, 'listitem', EXPIRED.name));
    expect(expired.getByText('Invitation expired')).toBeInTheDocument();
    expect(expired.getByText('Sent Dec 1, 2025 · expired Dec 8, 2025')).toBeInTheDocument();
    const resend = expired.getByRole('button', { name: `Resend invitation to ${EXPIRED.name}` });
    await user.click(resend);
    await waitFor(() => expect(doubles.invitations.inputs('resendInvitation')).toEqual([{ userId: EXPIRED.userId }]));
    // It waits for the resend it sent (a second tap would be ignored), the card saying so instead of
    // the dates, then is there again.
    await waitFor(() => expect(resend).toBeDisabled());
    expect(expired.getByRole('status')).toHaveTextContent('Resending…');
    expect(expired.queryByText('Sent Dec 1, 2025 · expired Dec 8, 2025')).not.toBeInTheDocument();
    expect(open.queryByText('Resending…')).not.toBeInTheDocument();
    act(() => doubles.invitations.resolve('resendInvitation', EXPIRED));
    await waitFor(() => expect(resend).toBeEnabled());
    expect(expired.getByText('Sent Dec 1, 2025 · expired Dec 8, 2025')).toBeInTheDocument();
    expect(expired.queryByText('Resending…')).not.toBeInTheDocument();
  });
});
