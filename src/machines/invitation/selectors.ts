import type { User } from '../../contract/api';
import { present } from '../shared';
import type { InvitationSnapshot } from './invitationMachine';

/** The member whose revoke is asked about (or being sent), else null: the question is open. */
export const selectRevokeTarget = (s: InvitationSnapshot): User | null =>
  s.matches('confirmingRevoke') || s.matches('revoking') ? s.context.target : null;
/** The member whose invitation is being resent, else null. */
export const selectResendingUserId = (s: InvitationSnapshot): string | null =>
  s.matches('resending') ? present(s.context.target).userId : null;
export const selectIsRevoking = (s: InvitationSnapshot): boolean => s.matches('revoking');
export const selectRevokeError = (s: InvitationSnapshot): string | null => s.context.error;
