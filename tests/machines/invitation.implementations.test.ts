// @vitest-environment node
/**
 * The invitations (src/machines/invitation) with their real implementations
 * (src/machines/invitation/implementations.ts) over a users API double: which call each of Resend
 * and Revoke makes, with the member's id and an abort signal that closing the screen aborts, and
 * what the list hears of it, the server's reason included.
 */
import { describe, expect, it, vi } from 'vitest';
import type { User } from '../../src/contract/api';
import {
  RESEND_INVITATION_FALLBACK,
  REVOKE_INVITATION_FALLBACK,
  invitationImplementations,
  selectIsRevoking,
  selectRevokeError,
  selectRevokeTarget,
} from '../../src/machines/invitation';
import type { Services } from '../../src/services';
import { invitedMember, startInvitations } from './invitation.harness';
import { settle } from './pending-actor';

const INVITED: User = invitedMember();

type Call = (userId: string, opts: { signal: AbortSignal }) => Promise<unknown>;

function start(users: { resendInvitation?: Call; revokeInvitation?: Call }) {
  const services = { api: { users } } as unknown as Pick<Services, 'api'>;
  return startInvitations(invitationImplementations(services));
}

describe('the invitations over the users API', () => {
  it('Resend asks the API for the member, and the list hears the member it answers', async () => {
    const renewed = { ...INVITED, version: 2 };
    const resendInvitation = vi.fn<Call>(() => Promise.resolve(renewed));
    const { actor, told } = start({ resendInvitation });
    actor.send({ type: 'invitation.resend', user: INVITED });
    expect(resendInvitation).toHaveBeenCalledTimes(1);
    expect(resendInvitation.mock.calls[0]?.[0]).toBe(INVITED.userId);
    expect(resendInvitation.mock.calls[0]?.[1].signal).toBeInstanceOf(AbortSignal);
    await settle();
    expect(told).toEqual([{ type: 'invitation.settled', outcome: 'resent', user: renewed }]);
  });

  it('Revoke asks the API for the member, with a signal that closing the screen aborts', async () => {
    let signal: AbortSignal | undefined;
    const revokeInvitation = vi.fn<Call>((_, opts) => {
      signal = opts.signal;
      return new Promise(() => undefined);
    });
    const { actor } = start({ revokeInvitation });
    actor.send({ type: 'invitation.askRevoke', user: INVITED });
    actor.send({ type: 'invitation.revoke' });
    expect(revokeInvitation.mock.calls.map((c) => c[0])).toEqual([INVITED.userId]);
    expect(selectIsRevoking(actor.getSnapshot())).toBe(true);
    expect(selectRevokeTarget(actor.getSnapshot())).toEqual(INVITED);
    expect(signal?.aborted).toBe(false);
    actor.stop();
    await settle();
    expect(signal?.aborted).toBe(true);
  });

  it("a refused revoke shows the server's reason in the question", async () => {
    const revokeInvitation = vi.fn<Call>(() => Promise.reject(new Error('Ben has already signed in')));
    const { actor, told } = start({ revokeInvitation });
    actor.send({ type: 'invitation.askRevoke', user: INVITED });
    actor.send({ type: 'invitation.revoke' });
    await settle();
    expect(selectRevokeError(actor.getSnapshot())).toBe('Ben has already signed in');
    expect(selectRevokeTarget(actor.getSnapshot())).toEqual(INVITED);
    expect(told).toEqual([]);
  });

  it('a resend runs on its own: the revoke question is not open meanwhile', () => {
    const resendInvitation = vi.fn<Call>(() => new Promise(() => undefined));
    const { actor } = start({ resendInvitation });
    actor.send({ type: 'invitation.resend', user: INVITED });
    expect(actor.getSnapshot().hasTag('pending')).toBe(true);
    expect(selectRevokeTarget(actor.getSnapshot())).toBeNull();
    expect(selectIsRevoking(actor.getSnapshot())).toBe(false);
  });

  it('say what failed when the server gives no reason', () => {
    expect(RESEND_INVITATION_FALLBACK).toBe('Failed to resend the invitation');
    expect(REVOKE_INVITATION_FALLBACK).toBe('Failed to revoke the invitation');
  });
});
