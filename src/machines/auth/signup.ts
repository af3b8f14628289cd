/**
 * The signup-completion payload of SPEC §3, built from the pending confirmation kept since
 * Create Account and the identity token's `sub`.
 */
import type { CompleteSignupRequest } from '../../contract/api';
import type { PendingConfirmation } from '../../services/storage';

/** fullName falls back to the part of the email before the at sign. */
export function completeSignupPayload(pending: PendingConfirmation, email: string, cognitoUserId: string): CompleteSignupRequest {
  const address = (pending.email || email).trim();
  const fullName = pending.signupData.fullName.trim() || address.replace(/@.*/s, '');
  return {
    fullName,
    email: address,
    phoneNumber: pending.signupData.phoneNumber,
    organization: pending.signupData.organization.trim(),
    cognitoUserId,
  };
}
