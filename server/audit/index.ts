/**
 * The activity trail: `GET /api/audit`, an extension of SPEC §7 (README). The entries
 * are written by the modules that make the changes (./record.ts), in the change's transaction.
 *
 * Who reads what: an active administrator reads the whole organisation's trail; an active member
 * who is not an administrator reads the entries about themself only (asking for another member's
 * is 403); anyone else gets the 403 of every admin route. Every query is scoped to the caller's
 * organisation, so another organisation's entries, or a member id of one, find nothing.
 */
import type { Hono } from 'hono';
import { AuditQuerySchema, type AuditEntry, type AuditKind, type AuditListResponse, type AuditValues } from '../../src/contract/audit';
import type { Database } from '../core/db';
import { ApiError, adminOf, parseValue, type AppContext, type AppEnv, type ServerDeps, type ServerModule } from '../core/module';

export { ACTOR_GONE, recordAudit, memberValues, changedValues, type AuditActor, type AuditChange } from './record';

const ONLY_YOUR_OWN = 'Members can see only the activity about themselves.';

interface AuditRow {
  id: string;
  kind: AuditKind;
  actor_id: string;
  actor_name: string;
  actor_email: string;
  member_id: string;
  member_name: string;
  member_email: string;
  before: AuditValues | null;
  after: AuditValues | null;
  created_at: Date;
}

function toEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    kind: row.kind,
    createdAt: new Date(row.created_at).toISOString(),
    actor: { memberId: row.actor_id, name: row.actor_name, email: row.actor_email },
    member: { memberId: row.member_id, name: row.member_name, email: row.member_email },
    before: row.before,
    after: row.after,
  };
}

/** The organisation the caller reads, and the one member they are limited to (null: all of them). */
function readerOf(c: AppContext): { orgId: string; onlyAbout: string | null } {
  const caller = c.get('caller');
  if (!caller.isAdmin && caller.isActive && caller.orgId && caller.memberId) return { orgId: caller.orgId, onlyAbout: caller.memberId };
  return { orgId: adminOf(c).orgId, onlyAbout: null };
}

async function listEntries(db: Database, c: AppContext): Promise<AuditListResponse> {
  const reader = readerOf(c);
  const query = parseValue(AuditQuerySchema, c.req.query());
  if (reader.onlyAbout !== null && query.memberId !== undefined && query.memberId !== reader.onlyAbout) {
    throw new ApiError(403, ONLY_YOUR_OWN, 'memberId');
  }
  const memberId = reader.onlyAbout ?? query.memberId;
  const params: unknown[] = [reader.orgId];
  const conditions = ['org_id = $1'];
  if (memberId !== undefined) conditions.push(`member_id = $${params.push(memberId)}`);
  if (query.kind !== undefined) conditions.push(`kind = $${params.push(query.kind)}`);
  const where = conditions.join(' AND ');
  const { page, limit } = query;
  // The page stops at `limit` rows; the total is a count of its own (a window count would read
  // every matching entry, JSON and all, on every page).
  const list = await db.query<AuditRow>(
    `SELECT id, kind, actor_id, actor_name, actor_email, member_id, member_name, member_email, before, after, created_at
       FROM audit_entries WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, (page - 1) * limit],
  );
  const count = await db.query<{ total: number }>(`SELECT count(*)::int AS total FROM audit_entries WHERE ${where}`, params);
  return { entries: list.rows.map(toEntry), total: count.rows[0]?.total ?? 0, page, limit };
}

function register(app: Hono<AppEnv>, { db }: ServerDeps): void {
  app.get('/api/audit', async (c) => c.json(await listEntries(db, c)));
}

export const auditModule: ServerModule = {
  name: 'audit',
  // Its table comes with the core tables (server/migrations/0002.do.audit.sql), whichever modules write to it.
  register,
};
