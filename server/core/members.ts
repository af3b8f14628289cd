/** The members table as the API answers it (the console's `User`). */
import type { Invitation, User } from '../../src/contract/api';

export interface MemberRow {
  id: string;
  org_id: string;
  cognito_sub: string | null;
  name: string;
  email: string;
  phone_number: string;
  role: User['role'];
  has_license: boolean;
  is_active: boolean;
  is_admin: boolean;
  created_at: Date;
  device_phone_number: string | null;
  last_active_at: Date | null;
  version: number;
  invited_at: Date | null;
  /** When the latest invitation's temporary password expires (migration 0012). */
  invitation_expires_at: Date | null;
  /** Set while the member is in Recently deleted (server/users/restore.ts); null otherwise. */
  deleted_at: Date | null;
}

/** How long a deleted member stays in Recently deleted before the clean-up removes them for good. */
export const RECENTLY_DELETED_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** When a member deleted at `deletedAt` is removed for good. */
function purgeDateOf(deletedAt: Date): Date {
  return new Date(deletedAt.getTime() + RECENTLY_DELETED_DAYS * DAY_MS);
}

export const MEMBER_COLUMNS =
  'id, org_id, cognito_sub, name, email, phone_number, role, has_license, is_active, is_admin, created_at, device_phone_number, last_active_at, version, invited_at, invitation_expires_at, deleted_at';

/**
 * The invitation of a member who was invited and has never signed in (docs/USERS.md
 * "Invitations"): an account in the pool (`cognito_sub`), no first sign-in yet (`last_active_at`,
 * stamped when the member finishes it, server/signup), and a known expiry. Null for anyone else.
 */
export function invitationOf(row: MemberRow, now = Date.now()): Invitation | null {
  if (!row.invited_at || !row.invitation_expires_at || !row.cognito_sub || row.last_active_at) return null;
  const expiresAt = new Date(row.invitation_expires_at);
  return {
    sentAt: new Date(row.invited_at).toISOString(),
    expiresAt: expiresAt.toISOString(),
    state: expiresAt.getTime() <= now ? 'expired' : 'open',
  };
}

export function toUser(row: MemberRow): User {
  const invitation = invitationOf(row);
  return {
    userId: row.id,
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    role: row.role,
    hasLicense: row.has_license,
    isActive: row.is_active,
    createdAt: new Date(row.created_at).toISOString(),
    devicePhoneNumber: row.device_phone_number,
    lastActiveAt: row.last_active_at ? new Date(row.last_active_at).toISOString() : null,
    version: row.version,
    ...(invitation ? { invitation } : {}),
    ...(row.deleted_at
      ? { deletedAt: new Date(row.deleted_at).toISOString(), purgeAt: purgeDateOf(new Date(row.deleted_at)).toISOString() }
      : {}),
  };
}

/** Postgres unique violation (duplicate email in an organisation, duplicate device number...). */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';
}
