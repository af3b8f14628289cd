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
import {
  AuditQuerySchema,
  type AuditEntry,
  type AuditKind,
  type AuditListResponse,
  type AuditValues,
  type ExportActivityRequest,
} from '../../src/contract/audit';
import type { Database } from '../core/db';
import { issueExportTicket, streamCsv, takeExportTicket } from '../core/csvExport';
import {
  ApiError,
  adminOf,
  parseBody,
  parseValue,
  type AppContext,
  type AppEnv,
  type ServerDeps,
  type ServerModule,
  handle,
} from '../core/module';
import { auditWhere } from './filters';
import { auditRoutes } from '../../src/contract/routes/audit';

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
  const { page, limit, ...filters } = query;
  const memberId = reader.onlyAbout ?? query.memberId;
  const { sql: where, params } = auditWhere(reader.orgId, { ...filters, ...(memberId !== undefined ? { memberId } : {}) });
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

/** Entries a query of the export reads at a time. */
export const ACTIVITY_EXPORT_BATCH = 1000;

export const ACTIVITY_EXPORT_HEADER = [
  'Time (UTC)',
  'Kind',
  'Changed by',
  'Changed by email',
  'Member',
  'Member email',
  'Before',
  'After',
] as const;

/** `created_at` as text, every microsecond kept, for the next batch to continue after it. */
interface ExportRow extends AuditRow {
  at: string;
}

function csvRowOf(row: AuditRow): string[] {
  return [
    new Date(row.created_at).toISOString(),
    row.kind,
    row.actor_name,
    row.actor_email,
    row.member_name,
    row.member_email,
    row.before ? JSON.stringify(row.before) : '',
    row.after ? JSON.stringify(row.after) : '',
  ];
}

/**
 * The activity as CSV (POST /api/audit/export, then GET /exports/activity/:ticket): every entry the
 * filters select, newest first, for administrators (../core/csvExport.ts: a one-time link, streamed
 * in batches continuing after the last entry sent).
 */
function registerExport(app: Hono<AppEnv>, db: Database): void {
  handle(app, auditRoutes.export, async (c) => {
    const scope = adminOf(c);
    const request = await parseBody(c, auditRoutes.export.body);
    return c.json(await issueExportTicket(db, scope, 'activity', request, request.today), 201);
  });

  app.get('/exports/activity/:ticket', async (c) => {
    const ticket = await takeExportTicket<ExportActivityRequest>(db, 'activity', c.req.param('ticket'));
    const { today: _, ...filters } = ticket?.request ?? {};
    const where = auditWhere(ticket?.org_id ?? '', filters);
    return streamCsv<[string, string]>(c, ticket, ACTIVITY_EXPORT_HEADER, async (after) => {
      const params = [...where.params];
      let sql = `SELECT id, kind, actor_id, actor_name, actor_email, member_id, member_name, member_email, before, after, created_at,
                        created_at::text AS at
                   FROM audit_entries WHERE ${where.sql}`;
      if (after) sql += ` AND (created_at, id) < ($${params.push(after[0])}::timestamptz, $${params.push(after[1])})`;
      const { rows } = await db.query<ExportRow>(
        `${sql} ORDER BY created_at DESC, id DESC LIMIT $${params.push(ACTIVITY_EXPORT_BATCH)}`,
        params,
      );
      const last = rows[rows.length - 1];
      return { rows: rows.map(csvRowOf), next: last && rows.length === ACTIVITY_EXPORT_BATCH ? [last.at, last.id] : null };
    });
  });
}

function register(app: Hono<AppEnv>, { db }: ServerDeps): void {
  handle(app, auditRoutes.list, async (c) => c.json(await listEntries(db, c)));
  registerExport(app, db);
}

export const auditModule: ServerModule = {
  name: 'audit',
  // Its table comes with the core tables (server/migrations/0002.do.audit.sql), whichever modules write to it.
  register,
};
