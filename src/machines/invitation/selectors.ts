import type { User } from '../../contract/api';
import type { InvitationSnapshot } from './invitationMachine';

/** The member whose revoke is asked about (or being sent), else null: the question is open. */
export const selectRevokeTarget = (s: InvitationSnapshot): User | null =>
  s.matches('confirmingRevoke') || s.matches('revoking') ? s.context.target : null;
export const selectIsRevoking = (s: InvitationSnapshot): boolean => s.matches('revoking');
export const selectRevokeError = (s: InvitationSnapshot): string | null => s.context.error;
