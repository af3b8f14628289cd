/** What the Users screen can ask of the invitations (./invitationMachine.ts), named: views call these. */
import type { User } from '../../contract/api';
import type { InvitationActorRef } from './invitationMachine';

/** Over the users list's invitations child (`selectInvitationRef`), which runs while the list does (none: nothing to ask). */
export function invitationIntents(ref: InvitationActorRef | undefined) {
  return {
    /** Resend invitation: a new temporary password, at once. */
    resend: (user: User) => ref?.send({ type: 'invitation.resend', user }),
    /** Revoke invitation: asks first. */
    askRevoke: (user: User) => ref?.send({ type: 'invitation.askRevoke', user }),
    /** Yes to the question: the member and their sign-in account are removed. */
    revoke: () => ref?.send({ type: 'invitation.revoke' }),
    cancel: () => ref?.send({ type: 'invitation.cancel' }),
  };
}
