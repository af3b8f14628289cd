// @vitest-environment node
/**
 * Named scenarios of the invitations (src/machines/invitation; issue 41 item 2) and of what the users
 * list does with their answers (src/machines/usersList/invitationResults.ts). Actor level, no
 * rendering: the calls are promises the scenario settles, and what the child tells the list is
 * recorded (the walk in invitation.test.tsx runs the same through the screen).
 */
import { describe, expect, it } from 'vitest';
import type { User } from '../../src/contract/api';
import {
  REVOKE_INVITATION_FALLBACK,
  selectIsRevoking,
  selectResendingUserId,
  selectRevokeError,
  selectRevokeTarget,
} from '../../src/machines/invitation';
import { invitationToast, listAfterInvitation } from '../../src/machines/usersList/invitationResults';
import { makeUser } from '../views/users/fixtures';
import { invitedMember, startInvitations } from './invitation.harness';
import { pendingActor, settle } from './pending-actor';

const INVITED: User = invitedMember({ isActive: true, hasLicense: true });

function start() {
  const resend = pendingActor<User, { userId: string }>();
  const revoke = pendingActor<void, { userId: string }>();
  const { actor, told } = startInvitations({ actors: { resendInvitation: resend.logic, revokeInvitation: revoke.logic } });
  return { actor, resend, revoke, told };
}

describe('the invitations', () => {
  it('resends at once, once: a second Resend while the first runs is ignored, and the list hears the renewed member', async () => {
    const { actor, resend, told } = start();
    actor.send({ type: 'invitation.resend', user: INVITED });
    actor.send({ type: 'invitation.resend', user: INVITED });
    expect(resend.calls.map((c) => c.input)).toEqual([{ userId: INVITED.userId }]);
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    // Whose invitation is on its way, for their row to say so.
    expect(selectResendingUserId(actor.getSnapshot())).toBe(INVITED.userId);
    const renewed = {
      ...INVITED,
      invitation: {
        ...INVITED.invitation,
        state: 'open' as const,
        sentAt: '2026-01-20T15:00:00.000Z',
        expiresAt: '2026-01-27T15:00:00.000Z',
      },
    };
    resend.last().resolve(renewed);
    await settle();
    expect(told).toEqual([{ type: 'invitation.settled', outcome: 'resent', user: renewed }]);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(selectResendingUserId(actor.getSnapshot())).toBeNull();
  });

  it("a failed resend tells the list the server's reason", async () => {
    const { actor, resend, told } = start();
    actor.send({ type: 'invitation.resend', user: INVITED });
    resend.last().reject(Object.assign(new Error('Ana Diaz has already signed in, so there is no invitation to resend.'), { status: 409 }));
    await settle();
    expect(told).toEqual([
      { type: 'invitation.settled', outcome: 'failed', message: 'Ana Diaz has already signed in, so there is no invitation to resend.' },
    ]);
  });

  it('asks before revoking; Cancel sends nothing', () => {
    const { actor, revoke, told } = start();
    actor.send({ type: 'invitation.askRevoke', user: INVITED });
    expect(selectRevokeTarget(actor.getSnapshot())).toEqual(INVITED);
    actor.send({ type: 'invitation.cancel' });
    expect(selectRevokeTarget(actor.getSnapshot())).toBeNull();
    expect(revoke.calls).toEqual([]);
    expect(told).toEqual([]);
  });

  it('a refused revoke stays in the question with its reason (the fallback without one); Revoke again goes through', async () => {
    const { actor, revoke, told } = start();
    actor.send({ type: 'invitation.askRevoke', user: INVITED });
    actor.send({ type: 'invitation.revoke' });
    expect(selectIsRevoking(actor.getSnapshot())).toBe(true);
    expect(selectResendingUserId(actor.getSnapshot())).toBeNull();
    revoke.last().reject(new Error(''));
    await settle();
    expect(selectRevokeTarget(actor.getSnapshot())).toEqual(INVITED);
    expect(selectRevokeError(actor.getSnapshot())).toBe(REVOKE_INVITATION_FALLBACK);
    actor.send({ type: 'invitation.revoke' });
    expect(revoke.calls).toHaveLength(2);
    revoke.last().resolve();
    await settle();
    expect(told).toEqual([{ type: 'invitation.settled', outcome: 'revoked', user: INVITED }]);
    expect(selectRevokeTarget(actor.getSnapshot())).toBeNull();
    expect(selectRevokeError(actor.getSnapshot())).toBeNull();
  });
});

describe('the list after an invitation change', () => {
  const others = [makeUser(0), makeUser(2)];
  const list = {
    users: [others[0] as User, INVITED, others[1] as User],
    total: 30,
    stats: { total: 30, active: 20, pending: 10, licensed: 12 },
    selected: [INVITED.userId, others[0]?.userId ?? ''],
    gone: {},
  };

  it('a revoked member leaves the page, the selection and the counts (active and licensed here)', () => {
    expect(listAfterInvitation(list, { type: 'invitation.settled', outcome: 'revoked', user: INVITED })).toEqual({
      users: others,
      total: 29,
      stats: { total: 29, active: 19, pending: 10, licensed: 11 },
      selected: [others[0]?.userId],
      // A page read before the revoke does not bring back the copy that left.
      gone: { [INVITED.userId]: INVITED.version },
    });
    const pendingUnlicensed = { ...INVITED, isActive: false, hasLicense: false };
    expect(listAfterInvitation(list, { type: 'invitation.settled', outcome: 'revoked', user: pendingUnlicensed }).stats).toEqual({
      total: 29,
      active: 20,
      pending: 9,
      licensed: 12,
    });
  });

  it('a resent invitation replaces the row; a failure changes nothing; each has its toast', () => {
    const renewed = { ...INVITED, version: 2 };
    expect(listAfterInvitation(list, { type: 'invitation.settled', outcome: 'resent', user: renewed })).toEqual({
      users: [others[0], renewed, others[1]],
    });
    expect(listAfterInvitation(list, { type: 'invitation.settled', outcome: 'failed', message: 'x' })).toEqual({});
    expect(invitationToast({ type: 'invitation.settled', outcome: 'resent', user: renewed })).toEqual({
      type: 'users.notice',
      message: `A new invitation was sent to ${INVITED.email}`,
      tone: 'success',
    });
    expect(invitationToast({ type: 'invitation.settled', outcome: 'failed', message: 'Pool down' })).toEqual({
      type: 'users.notice',
      message: 'Pool down',
      tone: 'error',
    });
  });
});
