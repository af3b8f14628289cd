/**
 * The rules every change to an organisation's members runs under, inside the change's own
 * transaction (so they hold with several API processes on one PostgreSQL database):
 *
 * - the organisation row is locked first (`FOR NO KEY UPDATE`): two changes to the same
 *   organisation's members run one after the other, whatever the process or connection;
 * - the caller's membership is read again after that lock: the authentication middleware read it
 *   before, so a request sent before its sender was demoted, deactivated or removed by another
 *   administrator is refused here instead of going through: 409, a conflict with the organisation
 *   as it is now (a request sent after the demotion meets the middleware's 403);
 * - after the change, the organisation must still have an active administrator (409, rolled back).
 *
 * With an administrator unable to demote, deactivate or delete themself, the second rule already
 * keeps the caller an active administrator; the third is the invariant itself, checked where it
 * could break, so that it holds even if a rule before it changes.
 */
import { ApiError } from '../core/module';
import type { Database, Queryable } from '../core/db';

export const NO_LONGER_ADMIN = 'You are no longer an active administrator of this organisation, so nothing was changed.';
export const LAST_ACTIVE_ADMIN = 'An organisation needs at least one active administrator.';

export interface AdminScope {
  orgId: string;
  /** The caller's member id. */
  memberId: string;
}

async function assertAnActiveAdministratorRemains(tx: Queryable, orgId: string): Promise<void> {
  const { rows } = await tx.query<{ remains: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM members WHERE org_id = $1 AND is_admin AND is_active) AS remains',
    [orgId],
  );
  if (!rows[0]?.remains) throw new ApiError(409, LAST_ACTIVE_ADMIN);
}

/** Runs `work` as an administrator of `scope.orgId`, under the rules above, in one transaction. */
export function asAdministrator<T>(db: Database, scope: AdminScope, work: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT 1 FROM organizations WHERE id = $1 FOR NO KEY UPDATE', [scope.orgId]);
    const { rows } = await tx.query<{ is_admin: boolean; is_active: boolean }>(
      'SELECT is_admin, is_active FROM members WHERE id = $1 AND org_id = $2',
      [scope.memberId, scope.orgId],
    );
    const caller = rows[0];
    if (!caller?.is_admin || !caller.is_active) throw new ApiError(409, NO_LONGER_ADMIN);
    const result = await work(tx);
    await assertAnActiveAdministratorRemains(tx, scope.orgId);
    return result;
  });
}
