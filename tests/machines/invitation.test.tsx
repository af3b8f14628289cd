/**
 * Model-based walk of the invitations child of the users list (src/machines/invitation) through the
 * real User Management screen, measured under its own id: Resend invitation from the row menu, and
 * Revoke invitation with its question. The list is opened on a page of three members, the third an
 * invited member who has never signed in; every call is a double at the network boundary
 * (render-users.tsx).
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { User } from '../../src/contract/api';
import { invitationMachine } from '../../src/machines/invitation';
import { toaster } from '../../src/views/shared/toaster';
import { generateModelPaths, walkPaths, type WalkContext } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { makePage } from '../views/users/fixtures';
import { createUsersDoubles, renderUsers } from '../views/users/render-users';

configure({ defaultHidden: true, asyncUtilTimeout: 5000 });

const SENT = '2026-01-05T15:00:00.000Z';
const EXPIRES = '2026-01-12T15:00:00.000Z';
const PAGE = makePage(1, { count: 3 });
const base = PAGE.list.users[2] as User;
/** The invited member: an expired invitation, so that a resend visibly renews it. */
const INVITED: User = { ...base, invitation: { sentAt: SENT, expiresAt: EXPIRES, state: 'expired' } };
PAGE.list.users[2] = INVITED;
const RESENT: User = {
  ...INVITED,
  version: 2,
  invitation: { sentAt: '2026-01-20T15:00:00.000Z', expiresAt: '2026-01-27T15:00:00.000Z', state: 'open' },
};
const REVOKE_REFUSED = `${INVITED.name} has already signed in, so there is no invitation to revoke. Delete the member instead.`;
const RESEND_REFUSED = 'The user pool could not resend the invitation. Nothing was changed; try again in a moment.';

async function openScreen({ inspect }: WalkContext) {
  const doubles = createUsersDoubles();
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  const view = renderUsers({ doubles, inspect });
  await waitFor(() => expect(doubles.list.pending('loadUsers')).toHaveLength(1));
  act(() => doubles.list.resolve('loadUsers', PAGE));
  const table = () => screen.getByRole('table', { name: 'Users' });
  await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));
  return {
    doubles,
    user,
    table,
    teardown: () => {
      view.unmount();
      toaster.remove();
    },
  };
}

walkPaths({
  machineId: 'invitation',
  machine: invitationMachine,
  // Planned on the machine alone, which has no list to report to (the walk has one).
  paths: generateModelPaths(invitationMachine.provide({ actions: { reportToList: () => undefined } }), {
    events: {
      'invitation.resend': { type: 'invitation.resend', user: INVITED },
      'invitation.askRevoke': { type: 'invitation.askRevoke', user: INVITED },
      'xstate.done.actor.resendInvitation': { type: 'xstate.done.actor.resendInvitation', output: RESENT },
      'xstate.error.actor.resendInvitation': { type: 'xstate.error.actor.resendInvitation', error: new Error(RESEND_REFUSED) },
      'xstate.error.actor.revokeInvitation': { type: 'xstate.error.actor.revokeInvitation', error: new Error(REVOKE_REFUSED) },
    },
  }),
  timeout: 15_000,
  setup: async (ctx) => {
    const { doubles, user, table, teardown } = await openScreen(ctx);
    const rowOf = (name: string) =>
      within(table())
        .getAllByRole('row')
        .find((r) => within(r).queryByText(name) !== null);
    const question = () => screen.queryByRole('alertdialog', { name: 'Revoke invitation' });
    // Zag menus highlight on pointer moves jsdom cannot report: the keyboard path, as the list's walk takes it.
    const menuItem = async (item: string) => {
      await user.click(screen.getByRole('button', { name: `Actions for ${INVITED.name}` }));
      const items = await screen.findAllByRole('menuitem');
      const index = items.findIndex((el) => el.textContent === item);
      if (index < 0) throw new Error(`no menu item ${item}`);
      await waitFor(() => expect(screen.getByRole('menu')).toHaveFocus());
      for (let k = 0; k <= index; k += 1) await user.keyboard('{ArrowDown}');
      await waitFor(() => expect(items[index]).toHaveAttribute('data-highlighted'));
      await user.keyboard('{Enter}');
    };
    return {
      ...tableDriver(invitationMachine, {
        states: {
          // Nothing asked, no question open.
          idle: () => {
            expect(doubles.invitations.pending('resendInvitation')).toHaveLength(0);
            expect(doubles.invitations.pending('revokeInvitation')).toHaveLength(0);
            expect(question()).not.toBeInTheDocument();
          },
          // The resend asked for once, for that member, at once (no question).
          resending: () => {
            expect(doubles.invitations.pending('resendInvitation')).toHaveLength(1);
            expect(doubles.invitations.inputs('resendInvitation').at(-1)).toEqual({ userId: INVITED.userId });
            expect(question()).not.toBeInTheDocument();
          },
          // The question names the member; nothing is sent until Revoke. A failed revoke says why in it.
          confirmingRevoke: async ({ context }) => {
            const dialog = within(await screen.findByRole('alertdialog', { name: 'Revoke invitation' }));
            expect(dialog.getByText(INVITED.name)).toBeInTheDocument();
            expect(doubles.invitations.pending('revokeInvitation')).toHaveLength(0);
            if (context.error !== null) expect(dialog.getByRole('alert')).toHaveTextContent(REVOKE_REFUSED);
          },
          revoking: async () => {
            expect(doubles.invitations.pending('revokeInvitation')).toHaveLength(1);
            expect(doubles.invitations.inputs('revokeInvitation').at(-1)).toEqual({ userId: INVITED.userId });
            const dialog = within(await screen.findByRole('alertdialog', { name: 'Revoke invitation' }));
            await waitFor(() => expect(dialog.getByRole('button', { name: /Revoking/ })).toBeDisabled());
          },
        },
        events: {
          'invitation.resend': () => menuItem('Resend invitation'),
          'invitation.askRevoke': () => menuItem('Revoke invitation'),
          'invitation.revoke': () =>
            user.click(
              within(screen.getByRole('alertdialog', { name: 'Revoke invitation' })).getByRole('button', { name: 'Revoke invitation' }),
            ),
          'invitation.cancel': () =>
            user.click(within(screen.getByRole('alertdialog', { name: 'Revoke invitation' })).getByRole('button', { name: 'Cancel' })),
          'xstate.done.actor.resendInvitation': () => {
            act(() => doubles.invitations.resolve('resendInvitation', RESENT));
          },
          'xstate.error.actor.resendInvitation': () => {
            act(() => doubles.invitations.reject('resendInvitation', new Error(RESEND_REFUSED)));
          },
          'xstate.done.actor.revokeInvitation': () => {
            act(() => doubles.invitations.resolve('revokeInvitation', undefined));
          },
          'xstate.error.actor.revokeInvitation': () => {
            act(() => doubles.invitations.reject('revokeInvitation', new Error(REVOKE_REFUSED)));
          },
        },
        arrivals: {
          idle: {
            // Resent: the confirmation, and the row shows the renewed invitation.
            'xstate.done.actor.resendInvitation': async () => {
              expect(await screen.findByText(`A new invitation was sent to ${INVITED.email}`)).toBeInTheDocument();
              await waitFor(() => expect(within(rowOf(INVITED.name) as HTMLElement).getByText('Invited')).toBeInTheDocument());
            },
            // Not resent: the server's reason in a toast, the row as it was.
            'xstate.error.actor.resendInvitation': async () => {
              expect(await screen.findByText(RESEND_REFUSED)).toBeInTheDocument();
              expect(within(rowOf(INVITED.name) as HTMLElement).getByText('Invitation expired')).toBeInTheDocument();
            },
            // Revoked: the member leaves the page, and a toast says so.
            'xstate.done.actor.revokeInvitation': async () => {
              expect(await screen.findByText(`The invitation of ${INVITED.name} was revoked`)).toBeInTheDocument();
              await waitFor(() => expect(rowOf(INVITED.name)).toBeUndefined());
            },
            // Cancelled: the member stays.
            'invitation.cancel': () => expect(rowOf(INVITED.name)).toBeDefined(),
          },
        },
      }),
      teardown,
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
