/**
 * A bulk change by filter (docs/USERS.md "Bulk changes by filter"): `PATCH /api/users/bulk` with
 * `filter` instead of `userIds` changes every member the list shows for that filter (GET
 * /api/users' own WHERE clause, ./search.ts), on every page, under the administrator rules of
 * ./admin.ts, in one transaction: all of them or none.
 *
 * - At most LIMITS.bulkByFilter members (400 with the count otherwise): the answer's ids must fit
 *   an Undo by ids, and a status change calls the user pool once per member.
 * - A change that would deactivate the caller or take away their Admin role (the view includes
 *   them) is refused as a whole (400), as the change by ids refuses it; the organisation keeps an
 *   active administrator (asAdministrator's check, 409) as for every change.
 * - A status change moves the members' pool accounts first (`withPoolAccess` of ./access.ts: one
 *   call a member whose status changes, set back on failure), then writes. The write reads the
 *   filter's members again under the organisation's lock; if the accounts it would need moved are
 *   not exactly those moved (a member joined, left or changed status in between), it changes
 *   nothing and answers 409, the accounts set back, so the change can simply be made again.
 * - The answer names the members changed (`changedIds`), for the console's Undo.
 */
import { LIMITS } from '../../src/domain/limits';
import type { BulkUpdateResponse } from '../../src/contract/api';
import { tooManyForBulkMessage, type MembersFilter } from '../../src/contract/bulkByFilter';
import { ApiError, type UserPoolAdmin } from '../core/module';
import type { Database, Queryable } from '../core/db';
import { MEMBER_COLUMNS, type MemberRow } from '../core/members';
import { changedValues, memberValues, recordAudit, type AuditChange } from '../audit';
import { asAdministrator, type AdminScope } from './admin';
import { whereOf } from './search';
import { accessChangesOf, sameAccounts, withPoolAccess } from './access';

interface BulkByFilterDeps {
  db: Database;
  /** The pool whose accounts a status change moves first (`withPoolAccess` of ./access.ts). */
  userPool: UserPoolAdmin;
}

interface BulkUpdates {
  role?: MemberRow['role'] | undefined;
  hasLicense?: boolean | undefined;
  isActive?: boolean | undefined;
}

const VIEW_CHANGED = 'The members of this view changed while the change was being made, so nothing was changed. Try again.';
const INCLUDES_YOU_DEACTIVATE =
  'These members include you, and you cannot deactivate your own account. Nothing was changed: narrow the search or filters to leave yourself out.';
const INCLUDES_YOU_ROLE =
  'These members include you, and you cannot remove your own Admin role. Nothing was changed: narrow the search or filters to leave yourself out.';

/** The filter's members, as the list would show them at this moment (locked for the change when `lock`). */
async function membersOf(tx: Queryable, orgId: string, filter: MembersFilter, lock: boolean): Promise<MemberRow[]> {
  const where = whereOf({ orgId, search: filter.search, role: filter.role, status: filter.status });
  const { rows } = await tx.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE ${where.sql}${lock ? ' FOR UPDATE' : ''}`,
    where.params,
  );
  return rows;
}

/** Refuses a change too large, or one that would take the caller's own access away. */
function guard(scope: AdminScope, members: readonly MemberRow[], updates: BulkUpdates): void {
  if (members.length > LIMITS.bulkByFilter) throw new ApiError(400, tooManyForBulkMessage(members.length), 'filter');
  if (!members.some((m) => m.id === scope.memberId)) return;
  if (updates.isActive === false) throw new ApiError(400, INCLUDES_YOU_DEACTIVATE, 'filter');
  if (updates.role !== undefined && updates.role !== 'Admin') throw new ApiError(400, INCLUDES_YOU_ROLE, 'filter');
}

export async function bulkByFilter(
  { db, userPool }: BulkByFilterDeps,
  scope: AdminScope,
  filter: MembersFilter,
  updates: BulkUpdates,
): Promise<Required<BulkUpdateResponse>> {
  // Read first, outside the write, to refuse early and to know which pool accounts move.
  const seen = await asAdministrator(db, scope, (tx) => membersOf(tx, scope.orgId, filter, false));
  guard(scope, seen, updates);
  const moved = accessChangesOf(seen, updates.isActive);
  return withPoolAccess({ userPool, db }, moved, () =>
    asAdministrator(db, scope, async (tx) => {
      const before = await membersOf(tx, scope.orgId, filter, true);
      guard(scope, before, updates);
      if (!sameAccounts(accessChangesOf(before, updates.isActive), moved)) throw new ApiError(409, VIEW_CHANGED, 'filter');
      if (before.length === 0) return { updated: 0, changedIds: [] };
      const { rows } = await tx.query<MemberRow>(
        `UPDATE members SET
          role = COALESCE($3, role),
          is_admin = CASE WHEN $3::text IS NULL THEN is_admin ELSE $3::text = 'Admin' END,
          has_license = COALESCE($4, has_license),
          is_active = COALESCE($5, is_active)
        WHERE org_id = $1 AND id = ANY($2::text[]) RETURNING ${MEMBER_COLUMNS}`,
        [scope.orgId, before.map((m) => m.id), updates.role ?? null, updates.hasLicense ?? null, updates.isActive ?? null],
      );
      // One entry per member whose values changed, as for the change by ids.
      const previous = new Map(before.map((row) => [row.id, memberValues(row)]));
      const changes = rows.flatMap((row): AuditChange[] => {
        const change = changedValues(previous.get(row.id) ?? {}, memberValues(row));
        return change ? [{ kind: 'members.bulk', member: row, ...change }] : [];
      });
      await recordAudit(tx, scope, ...changes);
      return { updated: rows.length, changedIds: changes.map((c) => c.member.id) };
    }),
  );
}
