/**
 * Recently deleted (docs/USERS.md, "Recently deleted and restore"): DELETE /api/users/{id} moves a
 * member there instead of removing them, POST /api/users/{id}/restore brings them back, and 30 days
 * after the deletion the clean-up (./purge.ts) removes them for good.
 *
 * A deleted member's row stays in `member_rows` with `deleted_at` set; the `members` view that every
 * other query reads leaves them out (server/migrations/0013.do.recently-deleted.sql), so they are in
 * no list, count, search, export, figure or answer, cannot be edited or toggled (404), and cannot
 * call the API (server/core/app.ts reads them as inactive). Their e-mail stays reserved: adding or
 * inviting a member with it, or editing someone's e-mail to it, is refused with a message that says
 * they can be restored (`assertEmailNotInRecentlyDeleted`).
 *
 * The pool account follows the order of a status change (`withPoolAccess`, ./index.ts): the pool
 * first, outside any transaction, then the database; when the database write fails, the account is
 * set back. Deleting disables the account (AdminDisableUser), so the member can no longer sign in or
 * refresh a session; restoring enables it again when it was enabled before the deletion (an active
 * member's), and leaves an inactive member's disabled.
 */
import type { Hono } from 'hono';
import { ApiError, adminOf, parseValue, type AppEnv, type ServerDeps, handle } from '../core/module';
import { IdParamSchema } from '../../src/contract/api';
import { MEMBER_COLUMNS, toUser, type MemberRow } from '../core/members';
import type { Queryable } from '../core/db';
import { asAdministrator } from './admin';
import { memberValues, recordAudit } from '../audit';
import { findMember, withPoolAccess } from './access';
import { usersRoutes } from '../../src/contract/routes/users';

const NOT_IN_RECENTLY_DELETED = 'This member is not in Recently deleted.';

function inRecentlyDeleted(email: string): ApiError {
  return new ApiError(
    409,
    `${email} belongs to a member in Recently deleted. Restore them (Users, status Recently deleted) instead of adding them again.`,
    'email',
  );
}

/** Refuses an e-mail that a member in Recently deleted still holds (it is reserved until they are removed for good). */
export async function assertEmailNotInRecentlyDeleted(tx: Queryable, orgId: string, email: string): Promise<void> {
  const { rows } = await tx.query('SELECT 1 FROM member_rows WHERE org_id = $1 AND email = $2 AND deleted_at IS NOT NULL', [orgId, email]);
  if (rows.length > 0) throw inRecentlyDeleted(email);
}

/**
 * Whether the member's pool account is enabled while they are not deleted: an active member's is; an
 * inactive member's is disabled, deactivated (./index.ts, `setStatus`) or invited as inactive
 * (./invite.ts).
 */
function accountEnabled(row: { is_active: boolean }): boolean {
  return row.is_active;
}

export function registerRecentlyDeleted(app: Hono<AppEnv>, { db, userPool }: Pick<ServerDeps, 'db' | 'userPool'>): void {
  handle(app, usersRoutes.remove, async (c) => {
    const scope = adminOf(c);
    const id = parseValue(IdParamSchema, { id: c.req.param('id') }).id;
    if (id === scope.memberId) throw new ApiError(400, 'You cannot delete your own account.');
    // Read under the administrator rules before the pool is called: a missing (or already deleted)
    // member is 404 and the pool is not touched.
    const target = await asAdministrator(db, scope, (tx) => findMember(tx, scope.orgId, id));
    const access = target.cognito_sub ? [{ sub: target.cognito_sub, from: accountEnabled(target), to: false }] : [];
    const removed = await withPoolAccess({ userPool, db }, access, () =>
      asAdministrator(db, scope, async (tx) => {
        const { rows } = await tx.query<MemberRow>(
          `UPDATE member_rows SET deleted_at = now(), deleted_by = $3
            WHERE org_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING ${MEMBER_COLUMNS}`,
          [scope.orgId, id, scope.memberId],
        );
        const row = rows[0];
        if (!row) throw new ApiError(404, 'User not found.');
        await recordAudit(tx, scope, { kind: 'member.deleted', member: row, before: memberValues(row) });
        return row;
      }),
    );
    // SPEC §7's answer, as before: the member is in Recently deleted now (docs/API.md).
    return c.json({ message: `${removed.name} was removed.` });
  });

  handle(app, usersRoutes.restore, async (c) => {
    const scope = adminOf(c);
    const id = parseValue(IdParamSchema, { id: c.req.param('id') }).id;
    const target = await asAdministrator(db, scope, async (tx) => {
      const { rows } = await tx.query<MemberRow>(
        `SELECT ${MEMBER_COLUMNS} FROM member_rows WHERE org_id = $1 AND id = $2 AND deleted_at IS NOT NULL`,
        [scope.orgId, id],
      );
      if (!rows[0]) throw new ApiError(404, NOT_IN_RECENTLY_DELETED);
      return rows[0];
    });
    const access = target.cognito_sub && accountEnabled(target) ? [{ sub: target.cognito_sub, from: false, to: true }] : [];
    const restored = await withPoolAccess({ userPool, db }, access, () =>
      asAdministrator(db, scope, async (tx) => {
        const { rows } = await tx.query<MemberRow>(
          `UPDATE member_rows SET deleted_at = NULL, deleted_by = NULL
            WHERE org_id = $1 AND id = $2 AND deleted_at IS NOT NULL RETURNING ${MEMBER_COLUMNS}`,
          [scope.orgId, id],
        );
        const row = rows[0];
        // Restored by another administrator meanwhile, or removed for good: nothing to do here.
        if (!row) throw new ApiError(404, NOT_IN_RECENTLY_DELETED);
        await recordAudit(tx, scope, { kind: 'member.restored', member: row, after: memberValues(row) });
        return row;
      }),
    );
    return c.json({ user: toUser(restored) });
  });
}
