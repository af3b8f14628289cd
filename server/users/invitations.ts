/**
 * Invitations you can see and manage (docs/USERS.md "Invitations", docs/API.md): an extension of
 * SPEC §7 for a member invited by POST /api/users/invite who has never signed in (`invitationOf` in
 * server/core/members.ts; the first sign-in stamps `last_active_at`, server/signup).
 *
 * - POST /api/users/{id}/invitation/resend sends the invitation again with a new temporary password
 *   (the pool's AdminCreateUser with MessageAction RESEND; the local stack prints it, as it prints an
 *   invitation's). The invitation's dates start again: sent now, expiring after the pool's
 *   temporary-password validity. Answers the member (200).
 * - DELETE /api/users/{id}/invitation removes the member and their pool account, as DELETE
 *   /api/users/{id} does, but only while the member has never signed in. Answers `{ message }`.
 *
 * Both refuse a member who has signed in, or who was never invited, with 409 and a message saying
 * so (Revoke also asks the pool whether the account still waits for its first password; Resend is
 * refused by the pool itself then); both run under the administrator rules of ./admin.ts (the last active administrator stays),
 * and record the change in the activity trail. As for delete and the status changes, the pool is
 * called first, outside any transaction; the database is written after it.
 */
import type { Hono } from 'hono';
import { IdParamSchema, type User } from '../../src/contract/api';
import { ApiError, adminOf, parseValue, type AppContext, type AppEnv, type UserPoolAdmin, handle } from '../core/module';
import { MEMBER_COLUMNS, invitationOf, toUser, type MemberRow } from '../core/members';
import { generateTemporaryPassword } from '../core/userPool';
import type { Database, Queryable } from '../core/db';
import { asAdministrator, type AdminScope } from './admin';
import { memberValues, recordAudit } from '../audit';
import { usersRoutes } from '../../src/contract/routes/users';

const NOT_FOUND = 'User not found.';

type Action = 'resend' | 'revoke';

/** Why there is no invitation to resend or revoke (409): the member signed in, or was never invited. */
function noInvitation(row: MemberRow, action: Action): ApiError {
  if (row.last_active_at !== null) {
    return new ApiError(
      409,
      action === 'resend'
        ? `${row.name} has already signed in, so there is no invitation to resend.`
        : `${row.name} has already signed in, so there is no invitation to revoke. Delete the member instead.`,
    );
  }
  if (row.invited_at !== null && row.cognito_sub === null) {
    return new ApiError(409, `The invitation of ${row.email} is still being created. Try again in a moment.`);
  }
  return new ApiError(409, `${row.name} was added without an invitation, so there is none to ${action}.`);
}

async function findInvited(db: Queryable, orgId: string, id: string, action: Action, lock = false): Promise<MemberRow> {
  const { rows } = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE org_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`,
    [orgId, id],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, NOT_FOUND);
  if (!invitationOf(row)) throw noInvitation(row, action);
  return row;
}

function idOf(c: AppContext): string {
  return parseValue(IdParamSchema, { id: c.req.param('id') ?? '' }).id;
}

/** The invitation's dates, as the activity trail records them. */
function datesOf(row: MemberRow) {
  return {
    invitedAt: row.invited_at ? new Date(row.invited_at).toISOString() : null,
    invitationExpiresAt: row.invitation_expires_at ? new Date(row.invitation_expires_at).toISOString() : null,
  };
}

/**
 * Where the invitation goes now: the account the pool invited, or, when the member's e-mail was
 * changed since (a typo fixed with Edit), a new account for the new address. The pool account keeps
 * the address it was invited with, and a pool resend would go there (or, on Cognito, find no account
 * by the new one). An account that never signed in holds nothing (no password, no session), so the
 * new one replaces it: created first (refused with 409 if the address has an account already),
 * disabled like the member if they are inactive; the old one is deleted once the member points at
 * the new one (`replaced`).
 */
async function sendAgain(db: Queryable, userPool: UserPoolAdmin, target: MemberRow): Promise<{ sub: string; replaced: string | null }> {
  const sub = target.cognito_sub ?? '';
  const account = await userPool.findAccount?.(sub);
  if (!account || account.email.toLowerCase() === target.email.toLowerCase()) {
    await userPool.resendInvitation({ email: account?.email ?? target.email, temporaryPassword: generateTemporaryPassword() });
    return { sub, replaced: null };
  }
  if (account.status && account.status !== 'FORCE_CHANGE_PASSWORD') throw noInvitation({ ...target, last_active_at: new Date() }, 'resend');
  const { rows } = await db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [target.org_id]);
  const created = await userPool.createUserWithTemporaryPassword({
    email: target.email,
    name: target.name,
    phoneNumber: target.phone_number,
    organization: rows[0]?.name ?? '',
    temporaryPassword: generateTemporaryPassword(),
  });
  try {
    if (!target.is_active) await userPool.disableUser(created.sub);
  } catch (error) {
    await userPool.deleteUser(created.sub).catch(() => undefined);
    throw error;
  }
  return { sub: created.sub, replaced: sub };
}

/** Resends the member's invitation (see above); the member with the invitation's new dates. */
async function resendInvitation(db: Database, userPool: UserPoolAdmin, scope: AdminScope, id: string): Promise<User> {
  const target = await asAdministrator(db, scope, (tx) => findInvited(tx, scope.orgId, id, 'resend'));
  const sent = await sendAgain(db, userPool, target);
  let row: MemberRow;
  try {
    row = await asAdministrator(db, scope, async (tx) => {
      // Still the same invitation (not signed in meanwhile, not removed): its dates start again.
      const current = await findInvited(tx, scope.orgId, id, 'resend', true);
      const { rows } = await tx.query<MemberRow>(
        `UPDATE members SET invited_at = now(), invitation_expires_at = now() + make_interval(days => $3), cognito_sub = $4
          WHERE org_id = $1 AND id = $2 RETURNING ${MEMBER_COLUMNS}`,
        [scope.orgId, id, userPool.temporaryPasswordValidityDays, sent.sub],
      );
      const resent = rows[0] as MemberRow;
      await recordAudit(tx, scope, { kind: 'member.invitation_resent', member: resent, before: datesOf(current), after: datesOf(resent) });
      return resent;
    });
  } catch (error) {
    // The member still points at the old account: the new one goes again.
    if (sent.replaced !== null) await userPool.deleteUser(sent.sub).catch(() => undefined);
    throw error;
  }
  if (sent.replaced) {
    await userPool.deleteUser(sent.replaced).catch((error: unknown) => {
      console.error(`[api] the pool account of a replaced invitation could not be deleted (${sent.replaced})`, error);
    });
  }
  return toUser(row);
}

/** Revokes the member's invitation (see above): the pool account first, then the member. */
async function revokeInvitation(db: Database, userPool: UserPoolAdmin, scope: AdminScope, id: string): Promise<MemberRow> {
  const target = await asAdministrator(db, scope, (tx) => findInvited(tx, scope.orgId, id, 'revoke'));
  const sub = target.cognito_sub ?? '';
  // The pool has the last word on "never signed in": an account that has chosen its password has
  // signed in, even if the console's activation (`last_active_at`) never reached the API.
  const account = await userPool.findAccount?.(sub);
  if (account?.status && account.status !== 'FORCE_CHANGE_PASSWORD')
    throw noInvitation({ ...target, last_active_at: new Date() }, 'revoke');
  await userPool.deleteUser(sub);
  return asAdministrator(db, scope, async (tx) => {
    await findInvited(tx, scope.orgId, id, 'revoke', true);
    const { rows } = await tx.query<MemberRow>(`DELETE FROM members WHERE org_id = $1 AND id = $2 RETURNING ${MEMBER_COLUMNS}`, [
      scope.orgId,
      id,
    ]);
    const removed = rows[0] as MemberRow;
    await recordAudit(tx, scope, { kind: 'member.invitation_revoked', member: removed, before: memberValues(removed) });
    return removed;
  });
}

export function registerInvitations(app: Hono<AppEnv>, db: Database, userPool: UserPoolAdmin): void {
  handle(app, usersRoutes.resendInvitation, async (c) => {
    const scope = adminOf(c);
    return c.json({ user: await resendInvitation(db, userPool, scope, idOf(c)) });
  });

  handle(app, usersRoutes.revokeInvitation, async (c) => {
    const scope = adminOf(c);
    const removed = await revokeInvitation(db, userPool, scope, idOf(c));
    return c.json({ message: `The invitation of ${removed.name} was revoked.` });
  });
}
