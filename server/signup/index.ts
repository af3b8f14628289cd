/**
 * Signup completion, activation and "who am I":
 * - POST /api/complete-signup creates the organisation, makes the caller its administrator and
 *   provisions a device phone number; a repeated call answers the existing organisation. The
 *   account's identity comes from the verified token and the user pool, never from the body: the
 *   body's cognitoUserId must be the token's sub, and the email stored is the pool account's.
 * - POST /users/activate makes a member who has never been active active (an invited member
 *   finishing the first-sign-in new-password step). A member an administrator deactivated cannot
 *   reactivate themself (403).
 * - GET /api/me answers the caller's membership, 404 before signup completion; `isAdmin` is true
 *   only for an active administrator (the one who may use the console).
 */
import type { Hono } from 'hono';
import { type CompleteSignupResponse, type MeResponse } from '../../src/contract/api';
import { ApiError, parseBody, type AppEnv, type ServerDeps, type ServerModule, handle } from '../core/module';
import { isUniqueViolation, type MemberRow } from '../core/members';
import { randomInt } from 'node:crypto';
import type { Queryable } from '../core/db';
import { accountRoutes } from '../../src/contract/routes/account';

const NO_MEMBERSHIP = 'No organisation membership was found for this account. Complete signup first.';
const ACCOUNT_UNKNOWN = 'The signed-in account was not found in the user pool.';
const REMOVED = 'This account was removed from its organisation. Ask an administrator of your organisation to restore it.';
const DEACTIVATED = 'Your membership was deactivated by an administrator. Ask an administrator of your organisation to reactivate it.';

/**
 * A device number in the fictional 555-01xx range of a random North American area code,
 * e.g. +1 (415) 555-0142: never a real subscriber's number.
 */
function candidateDeviceNumber(random: (max: number) => number = randomInt): string {
  const area = 200 + random(800); // 200..999: first digit 2-9 as NANP requires
  const line = random(100);
  return `+1${area}55501${String(line).padStart(2, '0')}`;
}

async function provisionDeviceNumber(tx: Queryable): Promise<string> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const candidate = candidateDeviceNumber();
    // member_rows, not the members view: a member in Recently deleted keeps their number (Restore
    // gives it back), and the unique index holds it.
    const { rows } = await tx.query('SELECT 1 FROM member_rows WHERE device_phone_number = $1', [candidate]);
    if (rows.length === 0) return candidate;
  }
  throw new ApiError(503, 'No device phone number is available right now. Please try again.');
}

interface OrgMembership {
  org_id: string;
  org_name: string;
  device_phone_number: string | null;
}

async function membershipOf(db: Queryable, sub: string): Promise<OrgMembership | undefined> {
  const { rows } = await db.query<OrgMembership>(
    `SELECT m.org_id, o.name AS org_name, m.device_phone_number
       FROM members m JOIN organizations o ON o.id = m.org_id WHERE m.cognito_sub = $1`,
    [sub],
  );
  return rows[0];
}

function register(app: Hono<AppEnv>, { db, userPool }: ServerDeps): void {
  handle(app, accountRoutes.completeSignup, async (c) => {
    const caller = c.get('caller');
    const input = await parseBody(c, accountRoutes.completeSignup.body);
    if (input.cognitoUserId !== caller.sub) {
      throw new ApiError(403, 'cognitoUserId does not match the signed-in account.', 'cognitoUserId');
    }
    const answer = (m: OrgMembership, created: boolean): CompleteSignupResponse => ({
      organizationId: m.org_id,
      devicePhoneNumber: m.device_phone_number ?? '',
      message: created ? `Welcome to Hardline. ${m.org_name} is ready.` : `Signup was already completed for ${m.org_name}.`,
    });
    const existing = await membershipOf(db, caller.sub);
    if (existing) return c.json(answer(existing, false));

    // The account as the user pool knows it (before any transaction: an outside call). The access
    // token carries no email, and its username is the sub in a pool that signs in by email.
    if (!userPool.findAccount) throw new ApiError(503, 'Signup completion is not available: this API cannot read user pool accounts.');
    const account = await userPool.findAccount(caller.username);
    if (!account || account.sub !== caller.sub) throw new ApiError(403, ACCOUNT_UNKNOWN);
    const email = account.email.trim().toLowerCase();

    try {
      const created = await db.transaction(async (tx) => {
        const again = await membershipOf(tx, caller.sub);
        if (again) return { membership: again, created: false };
        const orgId = crypto.randomUUID();
        await tx.query('INSERT INTO organizations (id, name) VALUES ($1, $2)', [orgId, input.organization]);
        const device = await provisionDeviceNumber(tx);
        await tx.query(
          `INSERT INTO members (id, org_id, cognito_sub, name, email, phone_number, role, has_license, is_active, is_admin, device_phone_number, last_active_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'Admin', true, true, true, $7, now())`,
          [crypto.randomUUID(), orgId, caller.sub, input.fullName, email, input.phoneNumber, device],
        );
        return { membership: { org_id: orgId, org_name: input.organization, device_phone_number: device }, created: true };
      });
      return c.json(answer(created.membership, created.created), created.created ? 201 : 200);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Two concurrent completions: the loser answers the winner's organisation.
      const winner = await membershipOf(db, caller.sub);
      if (winner) return c.json(answer(winner, false));
      // The account's member is in Recently deleted (their pool account is disabled; the token
      // they still hold is what lets them here): signup is not a way back in.
      const { rows } = await db.query('SELECT 1 FROM member_rows WHERE cognito_sub = $1', [caller.sub]);
      if (rows.length > 0) throw new ApiError(403, REMOVED);
      // Another signup took the same device number at the same moment: this one may try again.
      throw new ApiError(409, 'Your organisation could not be set up just now. Please try again.');
    }
  });

  handle(app, accountRoutes.activateUser, async (c) => {
    const caller = c.get('caller');
    if (!caller.memberId) throw new ApiError(404, NO_MEMBERSHIP);
    // Only a member who has never been active (activated_at NULL, see server/migrations/0001.do.core.sql) is
    // activated; one already active is stamped again (a retried activation succeeds).
    const { rows } = await db.query<{ id: string }>(
      'UPDATE members SET is_active = true, last_active_at = now() WHERE id = $1 AND (is_active OR activated_at IS NULL) RETURNING id',
      [caller.memberId],
    );
    if (!rows[0]) throw new ApiError(403, DEACTIVATED);
    return c.json({ message: 'Your account is active.' });
  });

  handle(app, accountRoutes.me, async (c) => {
    const caller = c.get('caller');
    if (!caller.memberId) throw new ApiError(404, NO_MEMBERSHIP);
    const { rows } = await db.query<MemberRow & { org_name: string }>(
      `SELECT m.id, m.name, m.email, m.role, m.is_admin, m.is_active, m.org_id, o.name AS org_name
         FROM members m JOIN organizations o ON o.id = m.org_id WHERE m.id = $1`,
      [caller.memberId],
    );
    const row = rows[0];
    if (!row) throw new ApiError(404, NO_MEMBERSHIP);
    const me: MeResponse = {
      memberId: row.id,
      name: row.name,
      email: row.email,
      role: row.role,
      isAdmin: row.is_admin && row.is_active,
      isActive: row.is_active,
      organization: { id: row.org_id, name: row.org_name },
    };
    return c.json(me);
  });
}

export const signupModule: ServerModule = {
  name: 'signup',
  register,
};
