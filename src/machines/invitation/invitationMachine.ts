/**
 * Invitations of User Management (docs/USERS.md "Invitations"), a child the users list invokes for
 * as long as it is open; the row menu asks it through its intents (./intents.ts).
 *
 * - Resend invitation runs at once (`resending`: POST …/invitation/resend, a new temporary password).
 * - Revoke invitation asks first (`confirmingRevoke`); Revoke then removes the member and their
 *   sign-in account (`revoking`: DELETE …/invitation). A failed revoke stays in the question with the
 *   server's message; Cancel closes it.
 * - Each ends by telling the list (`invitation.settled`): the member with their new dates, the member
 *   gone, or why a resend failed. The list shows it (the row, the counts, a toast).
 */
import { assign, sendParent, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { User } from '../../contract/api';
import { messageOf, placeholderActor, present } from '../shared';

/** What a failed call says when the server gives no message of its own. */
export const RESEND_INVITATION_FALLBACK = 'Failed to resend the invitation';
export const REVOKE_INVITATION_FALLBACK = 'Failed to revoke the invitation';

export interface InvitationContext {
  /** The member whose invitation is being resent, or revoked (asked about, then sent). */
  target: User | null;
  /** Why the last revoke failed, shown in the question. */
  error: string | null;
}

export type InvitationEvent =
  | { type: 'invitation.resend'; user: User }
  | { type: 'invitation.askRevoke'; user: User }
  | { type: 'invitation.revoke' }
  | { type: 'invitation.cancel' };

/** What the list hears when an invitation change ends. */
export type InvitationSettled =
  | { type: 'invitation.settled'; outcome: 'resent'; user: User }
  | { type: 'invitation.settled'; outcome: 'revoked'; user: User }
  | { type: 'invitation.settled'; outcome: 'failed'; message: string };

export const invitationMachine = setup({
  types: {
    context: {} as InvitationContext,
    events: {} as InvitationEvent,
    tags: {} as 'pending',
  },
  actors: {
    resendInvitation: placeholderActor<User, { userId: string }>('resendInvitation'),
    revokeInvitation: placeholderActor<void, { userId: string }>('revokeInvitation'),
  },
  actions: {
    assignTarget: assign((_, user: User) => ({ target: user, error: null })),
    assignError: assign((_, error: unknown) => ({ error: messageOf(error, REVOKE_INVITATION_FALLBACK) })),
    clearTarget: assign({ target: null, error: null }),
    /** The list hears how it ended. */
    reportToList: sendParent((_, settled: InvitationSettled) => settled),
  },
}).createMachine({
  id: 'invitation',
  meta: { spec: ['§4 Users'] },
  context: { target: null, error: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'invitation.resend': { target: 'resending', actions: { type: 'assignTarget', params: ({ event }) => event.user } },
        'invitation.askRevoke': { target: 'confirmingRevoke', actions: { type: 'assignTarget', params: ({ event }) => event.user } },
      },
    },
    resending: {
      tags: ['pending'],
      invoke: {
        id: 'resendInvitation',
        src: 'resendInvitation',
        input: ({ context }) => ({ userId: present(context.target).userId }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'reportToList', params: ({ event }) => ({ type: 'invitation.settled', outcome: 'resent', user: event.output }) },
            'clearTarget',
          ],
        },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'reportToList',
              params: ({ event }) => ({
                type: 'invitation.settled',
                outcome: 'failed',
                message: messageOf(event.error, RESEND_INVITATION_FALLBACK),
              }),
            },
            'clearTarget',
          ],
        },
      },
    },
    confirmingRevoke: {
      description: 'Revoke asks first, naming the member: their invitation, their row and their sign-in account go.',
      on: {
        'invitation.revoke': 'revoking',
        'invitation.cancel': { target: 'idle', actions: 'clearTarget' },
      },
    },
    revoking: {
      tags: ['pending'],
      invoke: {
        id: 'revokeInvitation',
        src: 'revokeInvitation',
        input: ({ context }) => ({ userId: present(context.target).userId }),
        onDone: {
          target: 'idle',
          actions: [
            {
              type: 'reportToList',
              params: ({ context }) => ({ type: 'invitation.settled', outcome: 'revoked', user: context.target as User }),
            },
            'clearTarget',
          ],
        },
        onError: {
          target: 'confirmingRevoke',
          actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
  },
});

export type InvitationActorRef = ActorRefFrom<typeof invitationMachine>;
export type InvitationSnapshot = SnapshotFrom<typeof invitationMachine>;
