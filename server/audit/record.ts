/**
 * Recording a change in the activity trail. Call `recordAudit` inside the change's own
 * transaction, after the change, only when something changed: the entry then commits or rolls
 * back with it, and a refused or failed change leaves none.
 */
import type { AuditKind, AuditValues } from '../../src/contract/audit';
import type { Queryable } from '../core/db';
import type { MemberRow } from '../core/members';
import { ApiError } from '../core/module';

/** Who made the change: the caller's organisation and member id (what `adminOf(c)` answers). */
export interface AuditActor {
  orgId: string;
  memberId: string;
}

/** One change to one member. */
export interface AuditChange {
  kind: AuditKind;
  /** The member as they are after the change (before it, for a deletion). */
  member: { id: string; name: string; email: string };
  before?: AuditValues | null;
  after?: AuditValues | null;
}

export const ACTOR_GONE = 'You are no longer a member of this organisation, so nothing was changed.';

/**
 * Writes one entry per change, with the actor's name and email as they are now. The actor must be
 * a member of the organisation (409 otherwise, which rolls the change back with the entry): the
 * administrator rules already hold that for member changes (server/users/admin.ts); a billing
 * change whose sender was removed meanwhile is refused here.
 */
export async function recordAudit(tx: Queryable, actor: AuditActor, ...changes: AuditChange[]): Promise<void> {
  if (changes.length === 0) return;
  const entries = changes.map((change) => ({
    kind: change.kind,
    member_id: change.member.id,
    member_name: change.member.name,
    member_email: change.member.email,
    before: change.before ?? null,
    after: change.after ?? null,
  }));
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO audit_entries (id, org_id, actor_id, actor_name, actor_email, kind, member_id, member_name, member_email, before, after)
     SELECT gen_random_uuid()::text, a.org_id, a.id, a.name, a.email, e.kind, e.member_id, e.member_name, e.member_email, e.before, e.after
       FROM members a
      CROSS JOIN jsonb_to_recordset($3::jsonb)
            AS e(kind text, member_id text, member_name text, member_email text, before jsonb, after jsonb)
      WHERE a.id = $2 AND a.org_id = $1
     RETURNING id`,
    [actor.orgId, actor.memberId, JSON.stringify(entries)],
  );
  if (rows.length !== changes.length) throw new ApiError(409, ACTOR_GONE);
}

/** What an entry shows of a member: their details, never an id, a device number or a credential. */
export function memberValues(row: MemberRow): AuditValues {
  return {
    name: row.name,
    email: row.email,
    phoneNumber: row.phone_number,
    role: row.role,
    hasLicense: row.has_license,
    isActive: row.is_active,
  };
}

/** The fields whose value differs, before and after; null when none does (nothing to record). */
export function changedValues(before: AuditValues, after: AuditValues): { before: AuditValues; after: AuditValues } | null {
  const changed = Object.keys(after).filter((field) => before[field] !== after[field]);
  if (changed.length === 0) return null;
  return {
    before: Object.fromEntries(changed.map((field) => [field, before[field] ?? null])),
    after: Object.fromEntries(changed.map((field) => [field, after[field] ?? null])),
  };
}
