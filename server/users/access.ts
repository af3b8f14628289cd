/**
 * What the members routes share (./index.ts, ./restore.ts): reading one member of the caller's
 * organisation, and moving pool accounts along with a change of the database.
 */
import { ApiError, type UserPoolAdmin } from '../core/module';
import { MEMBER_COLUMNS, type MemberRow } from '../core/members';
import type { Queryable } from '../core/db';

const NOT_FOUND = 'User not found.';

/** A member of the organisation who is not deleted (404 otherwise, like a member of another organisation). */
export async function findMember(db: Queryable, orgId: string, id: string, options: { lock?: boolean } = {}): Promise<MemberRow> {
  const { rows } = await db.query<MemberRow>(
    `SELECT ${MEMBER_COLUMNS} FROM members WHERE org_id = $1 AND id = $2${options.lock ? ' FOR UPDATE' : ''}`,
    [orgId, id],
  );
  const row = rows[0];
  if (!row) throw new ApiError(404, NOT_FOUND);
  return row;
}

/** A member whose status changes, with the pool account that must follow it. */
export interface AccessChange {
  sub: string;
  from: boolean;
  to: boolean;
}

/** The pool accounts a status change to `wanted` moves, for these members as they are. */
export function accessChangesOf(
  members: readonly Pick<MemberRow, 'cognito_sub' | 'is_active'>[],
  wanted: boolean | undefined,
): AccessChange[] {
  if (wanted === undefined) return [];
  return members.flatMap((m) => (m.cognito_sub && m.is_active !== wanted ? [{ sub: m.cognito_sub, from: m.is_active, to: wanted }] : []));
}

/** Whether two reads move the same pool accounts. */
export function sameAccounts(a: readonly AccessChange[], b: readonly AccessChange[]): boolean {
  return a.length === b.length && new Set(a.map((c) => c.sub)).size === new Set([...a, ...b].map((c) => c.sub)).size;
}

/**
 * The pool accounts a status write leaves behind. A change reads its members, moves the accounts of
 * those whose status it changes (`moved`, outside any transaction), then writes under a lock. A
 * member another request changed in between (another administrator's toggle, which moved their
 * account too) and whose account this change did not move is written to `wanted` with an account
 * that says the opposite: an inactive member who can still sign in, or an active one who cannot.
 * Read from the locked rows, before the write; followStatus moves them once the write is committed.
 */
export function accountsLeftBehind(
  locked: readonly Pick<MemberRow, 'cognito_sub' | 'is_active'>[],
  wanted: boolean | undefined,
  moved: readonly AccessChange[],
): AccessChange[] {
  const movedSubs = new Set(moved.map((change) => change.sub));
  return accessChangesOf(locked, wanted).filter((change) => !movedSubs.has(change.sub));
}

/**
 * Moves the accounts a committed status write left behind (accountsLeftBehind). The write stands
 * either way: an account the pool then refuses to move is logged, and that member's account
 * disagrees with their status until their status is changed again (as when a set-back fails).
 */
export async function followStatus(userPool: UserPoolAdmin, changes: readonly AccessChange[]): Promise<void> {
  for (const change of changes) {
    try {
      await setPoolAccess(userPool, change.sub, change.to);
    } catch (error) {
      console.error(`[api] a pool account could not follow its member's status (${change.to ? 'enable' : 'disable'})`, error);
    }
  }
}

/** Enables or disables the account; one the pool no longer has cannot sign in either way, so that is done. */
async function setPoolAccess(userPool: UserPoolAdmin, sub: string, active: boolean): Promise<void> {
  try {
    await (active ? userPool.enableUser(sub) : userPool.disableUser(sub));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/**
 * What each of these accounts should say now, read from the database: enabled for a member who is
 * active, disabled for one who is inactive or in Recently deleted. A member no longer there is not
 * in the map.
 */
async function accessNow(db: Queryable, subs: readonly string[]): Promise<Map<string, boolean>> {
  const { rows } = await db.query<{ cognito_sub: string; active: boolean }>(
    'SELECT cognito_sub, is_active AND deleted_at IS NULL AS active FROM member_rows WHERE cognito_sub = ANY($1::text[])',
    [subs],
  );
  return new Map(rows.map((row) => [row.cognito_sub, row.active]));
}

/**
 * A status change and the pool accounts that follow it (docs/USERS.md "Deactivating a member"), in
 * the order delete uses: the pool first, outside any transaction, so an inactive member can no longer
 * sign in (AdminDisableUser) and a reactivated one can again (AdminEnableUser). When the pool fails,
 * or the database write fails after it, the accounts already changed are set back and the request
 * fails with that error (the pool's is a 502), the database untouched.
 *
 * Set back to what the database says once the write has failed, not to what this change read before
 * it: the write may have failed because another administrator changed the same members meanwhile (a
 * bulk change by filter answers 409 then), and that change, committed, moved their accounts already.
 * Setting those back to the earlier status would leave an inactive member able to sign in. A set-back
 * that fails as well is logged: that member's account then disagrees with their status until the
 * change is made again. An account whose member cannot be read (gone, or the read failed) is set back
 * to the status this change read.
 */
export async function withPoolAccess<T>(
  { userPool, db }: { userPool: UserPoolAdmin; db: Queryable },
  changes: readonly AccessChange[],
  write: () => Promise<T>,
): Promise<T> {
  const done: AccessChange[] = [];
  const setBack = async () => {
    if (done.length === 0) return;
    const now = await accessNow(
      db,
      done.map((change) => change.sub),
    ).catch((error: unknown) => {
      console.error('[api] a status change could not read its members again to set their user pool accounts back', error);
      return new Map<string, boolean>();
    });
    for (const change of done.reverse()) {
      await setPoolAccess(userPool, change.sub, now.get(change.sub) ?? change.from).catch((error: unknown) =>
        console.error('[api] a status change could not set the user pool account back', change.sub, error),
      );
    }
  };
  try {
    for (const change of changes) {
      await setPoolAccess(userPool, change.sub, change.to);
      done.push(change);
    }
    return await write();
  } catch (error) {
    await setBack();
    throw error;
  }
}
