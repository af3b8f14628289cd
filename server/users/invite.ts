/**
 * POST /api/users/invite: a member and their user pool account, with no transaction held while the
 * identity service answers (it may take seconds, or hang until its timeout; on PGlite every other
 * request would wait with it, on PostgreSQL it would hold a pooled connection and its locks).
 *
 * 1. The member row is inserted in its own short transaction (under the administrator rules of
 *    ./admin.ts), marked as an invite (`invited_at`) whose account is not attached yet
 *    (`cognito_sub` NULL).
 * 2. The pool account is created outside any transaction.
 * 3. Its sub is attached to the row, and the invitation recorded in the activity trail, in one
 *    transaction: the trail shows invitations that happened, not attempts. When the pool refuses
 *    (or fails), or this last step fails, the row is deleted again, and a pool account the request
 *    made is deleted too: the request undoes its own work and nothing else (an account left with
 *    no member would keep a login, and its address could neither sign up nor be invited again).
 *
 * The same invitation sent again (a double submit, a retry after the client's timeout) answers the
 * same member (200) rather than 409: in this process, invitations of one email wait for each other,
 * so the second finds the first one's member; one that another process is still creating answers
 * 409 "still being created", unless it has been pending for longer than STALE_INVITE (its process
 * stopped half-way), when this request takes it over. A different member with that email is 409 as
 * for any duplicate email.
 */
import type { CreateUserRequestSchema } from '../../src/contract/api';
import type * as v from 'valibot';
import { ApiError, type UserPoolAdmin } from '../core/module';
import { MEMBER_COLUMNS, type MemberRow } from '../core/members';
import { generateTemporaryPassword } from '../core/userPool';
import type { Database, Queryable } from '../core/db';
import { asAdministrator, type AdminScope } from './admin';
import { memberValues, recordAudit } from '../audit';
import { assertEmailNotInRecentlyDeleted } from './restore';

export type InviteInput = v.InferOutput<typeof CreateUserRequestSchema>;

/** How long an invitation may stay half-made before another request takes it over (SQL interval). */
const STALE_INVITE = '2 minutes';

export function duplicateEmail(email: string): ApiError {
  return new ApiError(409, `A user with the email ${email} already exists in this organisation.`, 'email');
}

/** The refusal of an invitation because another member has that e-mail. */
export function isDuplicateEmail(error: unknown): boolean {
  return error instanceof ApiError && error.status === 409 && error.field === 'email' && error.message.startsWith('A user with the email ');
}

function inviteInProgress(email: string): ApiError {
  return new ApiError(409, `The invitation of ${email} is still being created. Try again in a moment.`, 'email');
}

export interface InviteResult {
  member: MemberRow;
  /** True when this request created the member (201), false when it found the same invitation (200). */
  created: boolean;
}

/** The existing row is this very invitation: an invite with the same details. */
function isSameInvitation(row: MemberRow, input: InviteInput): boolean {
  return (
    row.invited_at !== null &&
    row.name === input.name &&
    row.phone_number === input.phoneNumber &&
    row.role === input.role &&
    row.has_license === input.hasLicense &&
    row.is_active === input.isActive
  );
}

type Claim = { kind: 'done'; member: MemberRow } | { kind: 'create'; member: MemberRow; organization: string; inserted: boolean };

export interface InviteOptions {
  /**
   * The caller knows that no one else is creating this invitation now, and that an earlier attempt
   * of its own may have stopped half-way (the members import: its job holds a lease on the row).
   * A half-made invitation is then taken over at once rather than after STALE_INVITE, and a pool
   * account that attempt created (and no member has) is attached instead of made again.
   */
  takeOver?: boolean;
}

async function claimMember(tx: Queryable, orgId: string, input: InviteInput, options: InviteOptions): Promise<Claim> {
  const { rows: orgs } = await tx.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId]);
  const organization = orgs[0]?.name ?? '';
  await assertEmailNotInRecentlyDeleted(tx, orgId, input.email);
  const inserted = await tx.query<MemberRow>(
    `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active, is_admin, invited_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now())
     ON CONFLICT (org_id, email) DO NOTHING RETURNING ${MEMBER_COLUMNS}`,
    [
      crypto.randomUUID(),
      orgId,
      input.name,
      input.email,
      input.phoneNumber,
      input.role,
      input.hasLicense,
      input.isActive,
      input.role === 'Admin',
    ],
  );
  if (inserted.rows[0]) return { kind: 'create', member: inserted.rows[0], organization, inserted: true };

  const { rows } = await tx.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM members WHERE org_id = $1 AND email = $2 FOR UPDATE`, [
    orgId,
    input.email,
  ]);
  const existing = rows[0];
  if (!existing || !isSameInvitation(existing, input)) throw duplicateEmail(input.email);
  if (existing.cognito_sub !== null) return { kind: 'done', member: existing };
  const stale = await tx.query<MemberRow>(
    `UPDATE members SET invited_at = now()
      WHERE id = $1 AND cognito_sub IS NULL AND ($3 OR invited_at < now() - $2::interval) RETURNING ${MEMBER_COLUMNS}`,
    [existing.id, STALE_INVITE, options.takeOver === true],
  );
  if (!stale.rows[0]) throw inviteInProgress(input.email);
  return { kind: 'create', member: stale.rows[0], organization, inserted: false };
}

/** The pool account an earlier attempt of this invitation made and no member has, when taking over. */
async function leftBehind(db: Database, userPool: UserPoolAdmin, email: string): Promise<{ sub: string } | null> {
  const account = await userPool.findAccount?.(email);
  if (!account) return null;
  const { rows } = await db.query<{ id: string }>('SELECT id FROM members WHERE cognito_sub = $1', [account.sub]);
  return rows.length === 0 ? { sub: account.sub } : null;
}

/**
 * Deletes the pool account an invitation made and could not attach. Its own failure is logged, not
 * answered: the request already fails with the reason that matters, and an account left behind is
 * attached by the next attempt of a members import (`leftBehind`) or deleted by hand.
 */
async function removeAccount(userPool: UserPoolAdmin, sub: string): Promise<void> {
  try {
    await userPool.deleteUser(sub);
  } catch (error) {
    console.error('[api] an invitation could not remove the user pool account it made', error);
  }
}

/** Invites one member (see above); exported for the members import, which invites row by row. */
export async function inviteMember(
  db: Database,
  userPool: UserPoolAdmin,
  scope: AdminScope,
  input: InviteInput,
  options: InviteOptions = {},
): Promise<InviteResult> {
  const claim = await asAdministrator(db, scope, (tx) => claimMember(tx, scope.orgId, input, options));
  if (claim.kind === 'done') return { member: claim.member, created: false };

  let member: MemberRow | undefined;
  /** The pool account this attempt made or took over, until it is attached to the member. */
  let account: string | undefined;
  try {
    const { sub } =
      (options.takeOver && !claim.inserted ? await leftBehind(db, userPool, input.email) : null) ??
      (await userPool.createUserWithTemporaryPassword({
        email: input.email,
        name: input.name,
        phoneNumber: input.phoneNumber,
        organization: claim.organization,
        temporaryPassword: generateTemporaryPassword(),
      }));
    account = sub;
    // Invited as inactive: the account exists but cannot sign in until the member is activated.
    if (!claim.member.is_active) await userPool.disableUser(sub);
    member = await db.transaction(async (tx) => {
      const { rows } = await tx.query<MemberRow>(
        `UPDATE members SET cognito_sub = $1, invitation_expires_at = now() + make_interval(days => $3)
          WHERE id = $2 AND cognito_sub IS NULL RETURNING ${MEMBER_COLUMNS}`,
        [sub, claim.member.id, userPool.temporaryPasswordValidityDays],
      );
      const attached = rows[0];
      if (attached) await recordAudit(tx, scope, { kind: 'member.invited', member: attached, after: memberValues(attached) });
      return attached;
    });
  } catch (error) {
    await db.query('DELETE FROM members WHERE id = $1 AND cognito_sub IS NULL', [claim.member.id]);
    // A members import (takeOver) attaches it on its next attempt at the row instead.
    if (account && !options.takeOver) await removeAccount(userPool, account);
    throw error;
  }
  if (!member) {
    // Deleted while the account was being made: the account goes too, or it would keep a login
    // (and the address could not sign up or be invited again). Not for a members import (takeOver),
    // as in the catch above: there the row is usually not gone but finished by the attempt that took
    // the job over while this one hung at the pool, and that attempt attached this very account
    // (`leftBehind`), so deleting it would take a member's login. (An import row an administrator
    // deletes half-way leaves its account to be deleted by hand, as the catch above does.)
    if (account && !options.takeOver) await removeAccount(userPool, account);
    throw new ApiError(409, `${input.email} was removed while the invitation was being created.`, 'email');
  }
  return { member, created: claim.inserted };
}

/**
 * The invite operation of one API process: invitations of the same email to the same organisation
 * run one after the other (a double submit waits for the first and then finds its member).
 */
export function createInviter(db: Database, userPool: UserPoolAdmin) {
  const latest = new Map<string, Promise<unknown>>();
  return async (scope: AdminScope, input: InviteInput): Promise<InviteResult> => {
    const key = `${scope.orgId}\n${input.email}`;
    const before = latest.get(key) ?? Promise.resolve();
    const run = before.catch(() => undefined).then(() => inviteMember(db, userPool, scope, input));
    latest.set(key, run);
    try {
      return await run;
    } finally {
      if (latest.get(key) === run) latest.delete(key);
    }
  };
}
