/**
 * Model-based walk of the invitations child of the users list (src/machines/invitation) through the
 * real User Management screen, measured under its own id: Resend invitation from the row menu, and
 * Revoke invitation with its question. The walks cover every transition pair: each way back to idle
 * followed by a Resend and by a Revoke, a failed revoke followed by Revoke again and by Cancel. The
 * list is opened on a page of six members, the last four invited members who have never signed in:
 * a revoked member leaves the page, so a walk goes on with the next invited member still there (the
 * plan remembers who was revoked, as the list does). Every call is a double at the network boundary
 * (render-users.tsx).
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { assign, type AnyMachineSnapshot } from 'xstate';
import type { User } from '../../src/contract/api';
import { invitationMachine, type InvitationSettled } from '../../src/machines/invitation';
import { toaster } from '../../src/views/shared/toaster';
import { chooseFromRowMenu } from '../support/menus';
import { generateModelPaths, walkPaths, type WalkContext } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { makePage } from '../views/users/fixtures';
import { createUsersDoubles, renderUsers } from '../views/users/render-users';

configure({ defaultHidden: true });

const SENT = '2026-01-05T15:00:00.000Z';
const EXPIRES = '2026-01-12T15:00:00.000Z';
const PAGE = makePage(1, { count: 6 });
/** The invited members: expired invitations, so that a resend visibly renews them. */
const INVITED: readonly User[] = PAGE.list.users
  .slice(2)
  .map((u) => ({ ...u, invitation: { sentAt: SENT, expiresAt: EXPIRES, state: 'expired' } }));
PAGE.list.users.splice(2, INVITED.length, ...INVITED);
/** What the API answers a resend with: the member with a new temporary password's dates. */
const resentOf = (user: User): User => ({
  ...user,
  version: user.version + 1,
  invitation: { sentAt: '2026-01-20T15:00:00.000Z', expiresAt: '2026-01-27T15:00:00.000Z', state: 'open' },
});
const revokeRefused = (user: User) => `${user.name} has already signed in, so there is no invitation to revoke. Delete the member instead.`;
const RESEND_REFUSED = 'The user pool could not resend the invitation. Nothing was changed; try again in a moment.';

/**
 * The machine as planned: alone, it has no list to report to. The list the walk has removes a
 * revoked member from the page; the plan remembers who (`revoked`, the plan's own addition to the
 * context), so the next Resend or Revoke names a member who is still there.
 */
const planned = invitationMachine.provide({
  actions: {
    reportToList: assign(({ context }: { context: { revoked?: string[] } }, settled: InvitationSettled) =>
      settled.outcome === 'revoked' ? { revoked: [...(context.revoked ?? []), settled.user.userId] } : {},
    ) as never,
  },
});
/** The first invited member the plan has not revoked: a person picks a row that is on the page. */
const stillThere = (snapshot: AnyMachineSnapshot): User[] => {
  const revoked = (snapshot.context as { revoked?: string[] }).revoked ?? [];
  return INVITED.filter((u) => !revoked.includes(u.userId)).slice(0, 1);
};
const targetOf = (snapshot: AnyMachineSnapshot) => (snapshot.context as { target: User }).target;

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
  paths: generateModelPaths(planned, {
    cover: 'pairs',
    events: {
      'invitation.resend': (s) => stillThere(s).map((user) => ({ type: 'invitation.resend', user })),
      'invitation.askRevoke': (s) => stillThere(s).map((user) => ({ type: 'invitation.askRevoke', user })),
      'xstate.done.actor.resendInvitation': (s) => ({ type: 'xstate.done.actor.resendInvitation', output: resentOf(targetOf(s)) }),
      'xstate.error.actor.resendInvitation': { type: 'xstate.error.actor.resendInvitation', error: new Error(RESEND_REFUSED) },
      'xstate.error.actor.revokeInvitation': (s) => ({
        type: 'xstate.error.actor.revokeInvitation',
        error: new Error(revokeRefused(targetOf(s))),
      }),
    },
  }),
  timeout: 30_000,
  setup: async (ctx) => {
    const { doubles, user, table, teardown } = await openScreen(ctx);
    /** The member whose row menu was used last: the one a resend or a revoke is about. */
    let member = INVITED[0] as User;
    /** What each invited member's row says of their invitation (a resend renews it; a revoked member has no row). */
    const badge = new Map(INVITED.map((u) => [u.userId, 'Invitation expired']));
    const rowOf = (name: string) =>
      within(table())
        .getAllByRole('row')
        .find((r) => within(r).queryByText(name) !== null);
    const question = () => screen.queryByRole('alertdialog', { name: 'Revoke invitation' });
    /** A toast this step made: the ones before it were cleared as it began (the toaster keeps up to four). */
    const toastSays = async (text: string) => expect(await screen.findByText(text)).toBeInTheDocument();
    // By keyboard, as the list's walk takes it (tests/support/menus.ts).
    const menuItem = async (of: User, item: string) => {
      member = of;
      act(() => toaster.remove());
      await chooseFromRowMenu(user, of.name, item);
    };
    /** The answer of the call in flight, as the server gives it; earlier toasts cleared first. */
    const answer = (settle: () => void) => {
      act(() => toaster.remove());
      act(settle);
    };
    return {
      ...tableDriver(invitationMachine, {
        states: {
          // Nothing asked, no question open; every invited member not revoked is on the page.
          idle: async () => {
            expect(doubles.invitations.pending('resendInvitation')).toHaveLength(0);
            expect(doubles.invitations.pending('revokeInvitation')).toHaveLength(0);
            expect(question()).not.toBeInTheDocument();
            await waitFor(() => {
              for (const u of INVITED) {
                const label = badge.get(u.userId);
                if (label === undefined) expect(rowOf(u.name)).toBeUndefined();
                else expect(within(rowOf(u.name) as HTMLElement).getByText(label)).toBeInTheDocument();
              }
            });
          },
          // The resend asked for once, for that member, at once (no question).
          resending: ({ context }) => {
            expect(doubles.invitations.pending('resendInvitation')).toHaveLength(1);
            expect(doubles.invitations.inputs('resendInvitation').at(-1)).toEqual({ userId: member.userId });
            expect(context.target?.userId).toBe(member.userId);
            expect(question()).not.toBeInTheDocument();
          },
          // The question names the member; nothing is sent until Revoke. A failed revoke says why in it.
          confirmingRevoke: async ({ context }) => {
            const dialog = within(await screen.findByRole('alertdialog', { name: 'Revoke invitation' }));
            expect(dialog.getByText(member.name)).toBeInTheDocument();
            expect(doubles.invitations.pending('revokeInvitation')).toHaveLength(0);
            if (context.error !== null) expect(dialog.getByRole('alert')).toHaveTextContent(revokeRefused(member));
            else expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
          },
          revoking: async () => {
            expect(doubles.invitations.pending('revokeInvitation')).toHaveLength(1);
            expect(doubles.invitations.inputs('revokeInvitation').at(-1)).toEqual({ userId: member.userId });
            const dialog = within(await screen.findByRole('alertdialog', { name: 'Revoke invitation' }));
            await waitFor(() => expect(dialog.getByRole('button', { name: /Revoking/ })).toBeDisabled());
          },
        },
        events: {
          'invitation.resend': (event) => menuItem(event.user, 'Resend invitation'),
          'invitation.askRevoke': (event) => menuItem(event.user, 'Revoke invitation'),
          'invitation.revoke': () =>
            user.click(
              within(screen.getByRole('alertdialog', { name: 'Revoke invitation' })).getByRole('button', { name: 'Revoke invitation' }),
            ),
          'invitation.cancel': () =>
            user.click(within(screen.getByRole('alertdialog', { name: 'Revoke invitation' })).getByRole('button', { name: 'Cancel' })),
          'xstate.done.actor.resendInvitation': (event) => {
            badge.set(member.userId, 'Invited');
            answer(() => doubles.invitations.resolve('resendInvitation', event.output as User));
          },
          'xstate.error.actor.resendInvitation': (event) => answer(() => doubles.invitations.reject('resendInvitation', event.error)),
          'xstate.done.actor.revokeInvitation': () => {
            badge.delete(member.userId);
            answer(() => doubles.invitations.resolve('revokeInvitation', undefined));
          },
          'xstate.error.actor.revokeInvitation': (event) => answer(() => doubles.invitations.reject('revokeInvitation', event.error)),
        },
        arrivals: {
          idle: {
            // Resent: the confirmation, and the row shows the renewed invitation.
            'xstate.done.actor.resendInvitation': async () => {
              await toastSays(`A new invitation was sent to ${member.email}`);
              await waitFor(() => expect(within(rowOf(member.name) as HTMLElement).getByText('Invited')).toBeInTheDocument());
            },
            // Not resent: the server's reason in a toast, the row as it was.
            'xstate.error.actor.resendInvitation': async () => {
              await toastSays(RESEND_REFUSED);
              expect(within(rowOf(member.name) as HTMLElement).getByText(badge.get(member.userId) ?? '')).toBeInTheDocument();
            },
            // Revoked: the member leaves the page, and a toast says so.
            'xstate.done.actor.revokeInvitation': async () => {
              await toastSays(`The invitation of ${member.name} was revoked`);
              await waitFor(() => expect(rowOf(member.name)).toBeUndefined());
            },
            // Cancelled: the member stays.
            'invitation.cancel': () => expect(rowOf(member.name)).toBeDefined(),
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
