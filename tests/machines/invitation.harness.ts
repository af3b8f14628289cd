/**
 * What the invitations' actor-level tests share (invitation.scenarios, invitation.implementations):
 * a member whose invitation expired, and the invitations started with the implementations a test
 * gives, what they tell the list recorded.
 */
import { createActor } from 'xstate';
import type { User } from '../../src/contract/api';
import { invitationMachine, type InvitationSettled } from '../../src/machines/invitation';
import { makeUser } from '../views/users/fixtures';

/** A member (`overrides` on the fixture's second) whose invitation has expired. */
export function invitedMember(overrides: Partial<User> = {}): User {
  return {
    ...makeUser(1, overrides),
    invitation: { sentAt: '2026-01-05T15:00:00.000Z', expiresAt: '2026-01-12T15:00:00.000Z', state: 'expired' },
  };
}

/** The invitations with `implementations`, and what they tell the list. */
export function startInvitations(implementations: Parameters<typeof invitationMachine.provide>[0]) {
  const told: InvitationSettled[] = [];
  const actor = createActor(
    invitationMachine.provide({
      ...implementations,
      actions: { reportToList: (_: unknown, settled: InvitationSettled) => void told.push(settled) },
    }),
  ).start();
  return { actor, told };
}
