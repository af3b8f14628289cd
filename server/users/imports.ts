/**
 * Import CSV (src/contract/imports.ts, docs/USERS.md): the dry run, the job's routes and the failed
 * rows' file. The job itself runs in ./importRunner.ts.
 *
 * A job and its rows live in the database (server/migrations/0009.do.member-imports.sql), so the console finds the job again
 * after a reload, and any API process can run it after a restart. Each row keeps its state:
 * `pending` (to invite), `invited`, `existing` (a member has that e-mail: left unchanged),
 * `invalid` (an error at the dry run), `failed` (the job could not invite it) or `skipped` (the job
 * was cancelled first). The job's figures are counted from those states.
 */
import { randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { stream } from 'hono/streaming';
import {
  IMPORT_ERRORS_LISTED,
  IMPORT_FILE_TOO_LARGE_MESSAGE,
  importFileTooLarge,
  type ImportJob,
  type ImportStatus,
} from '../../src/contract/imports';
import { IdParamSchema } from '../../src/contract/api';
import { importsRoutes } from '../../src/contract/routes/imports';
import { formatCsv } from '../../src/domain/csv';
import { LIMITS } from '../../src/domain/limits';
import { IMPORT_COLUMNS, readImport, type ImportCells, type ImportMember } from '../../src/domain/memberImport';
import type { Database, Queryable } from '../core/db';
import { ApiError, adminOf, parseBody, parseValue, type AppContext, type AppEnv, handle } from '../core/module';
import { asAdministrator } from './admin';
import { attachment, exportFileName } from './export';

/** The route with a body limit of its own (ServerModule.bodyLimits): the file, and room for its JSON quoting. */
export const IMPORT_ROUTE = importsRoutes.preview.path;
export const IMPORT_BODY_LIMIT = {
  maxBytes: LIMITS.importBytes * 2,
  message: `The file is too large: import at most ${LIMITS.importBytes / (1024 * 1024)} MB at once.`,
};

/** A draft that was never started goes after a day, with the other drafts of its organisation. */
const DRAFT_LIFETIME = '1 day';
/** A finished job stays the organisation's `current` one (until dismissed) for a day. */
const FINISHED_SHOWN = '1 day';
const TICKET_TTL_SECONDS = 60;
const NOT_FOUND = 'Import not found.';
export const IMPORT_LINK_INVALID = 'This link is invalid, used or expired. Download the failed rows again from User Management.';

interface JobRow {
  id: string;
  org_id: string;
  created_by: string;
  file_name: string;
  status: ImportStatus;
  total: number;
  to_invite: number;
  message: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
  pending: number;
  invited: number;
  existing: number;
  invalid: number;
  failed: number;
  skipped: number;
}

const JOB_SQL = `
SELECT j.id, j.org_id, j.created_by, j.file_name, j.status, j.total, j.to_invite, j.message, j.created_at, j.started_at, j.finished_at,
       count(*) FILTER (WHERE r.state = 'pending')::int AS pending,
       count(*) FILTER (WHERE r.state = 'invited')::int AS invited,
       count(*) FILTER (WHERE r.state = 'existing')::int AS existing,
       count(*) FILTER (WHERE r.state = 'invalid')::int AS invalid,
       count(*) FILTER (WHERE r.state = 'failed')::int AS failed,
       count(*) FILTER (WHERE r.state = 'skipped')::int AS skipped
  FROM member_imports j LEFT JOIN member_import_rows r ON r.import_id = j.id`;
const JOB_GROUP = 'GROUP BY j.id';

function toJob(row: JobRow): ImportJob {
  const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
  return {
    id: row.id,
    fileName: row.file_name,
    status: row.status,
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    total: row.total,
    toInvite: row.to_invite,
    existing: row.existing,
    invalid: row.invalid,
    invited: row.invited,
    failed: row.failed,
    skipped: row.skipped,
    pending: row.pending,
    message: row.message,
  };
}

/** The job (scoped to the organisation: another's is 404 like a missing one). */
async function findJob(db: Queryable, orgId: string, id: string): Promise<ImportJob> {
  const { rows } = await db.query<JobRow>(`${JOB_SQL} WHERE j.id = $1 AND j.org_id = $2 ${JOB_GROUP}`, [id, orgId]);
  const row = rows[0];
  if (!row) throw new ApiError(404, NOT_FOUND);
  return toJob(row);
}

function idParam(c: AppContext): string {
  return parseValue(IdParamSchema, { id: c.req.param('id') ?? '' }).id;
}

/** The rows of the dry run as the job keeps them, with the state each starts in. */
function draftRows(
  parsed: ReturnType<typeof readImport> & { ok: true },
  members: ReadonlySet<string>,
): Array<{ row: number; cells: ImportCells; member: ImportMember | null; state: string; field: string | null; message: string | null }> {
  return parsed.rows.map((row) => {
    if (!row.ok)
      return { row: row.row, cells: row.cells, member: null, state: 'invalid', field: row.error.field, message: row.error.message };
    const state = members.has(row.member.email) ? 'existing' : 'pending';
    return { row: row.row, cells: row.cells, member: row.member, state, field: null, message: null };
  });
}

/** The dry run: the file read, each row checked, the e-mails matched with the members; kept as a draft job. */
async function createDraft(db: Database, scope: { orgId: string; memberId: string }, fileName: string, csv: string) {
  const parsed = readImport(csv);
  if (!parsed.ok) throw new ApiError(400, parsed.message, 'csv');
  const emails = parsed.rows.flatMap((row) => (row.ok ? [row.member.email] : []));
  const { rows: found } = await db.query<{ email: string }>('SELECT email FROM members WHERE org_id = $1 AND email = ANY($2::text[])', [
    scope.orgId,
    emails,
  ]);
  const rows = draftRows(parsed, new Set(found.map((f) => f.email)));
  const id = crypto.randomUUID();
  await asAdministrator(db, scope, async (tx) => {
    await tx.query(`DELETE FROM member_imports WHERE org_id = $1 AND status = 'draft' AND created_at < now() - $2::interval`, [
      scope.orgId,
      DRAFT_LIFETIME,
    ]);
    await tx.query(
      `INSERT INTO member_imports (id, org_id, created_by, file_name, status, total, to_invite) VALUES ($1, $2, $3, $4, 'draft', $5, $6)`,
      [id, scope.orgId, scope.memberId, fileName, rows.length, rows.filter((r) => r.state === 'pending').length],
    );
    await tx.query(
      `INSERT INTO member_import_rows (import_id, row_number, cells, member, state, field, message)
       SELECT $1, r.row, r.cells, r.member, r.state, r.field, r.message
         FROM jsonb_to_recordset($2::jsonb) AS r("row" int, cells jsonb, member jsonb, state text, field text, message text)`,
      [id, JSON.stringify(rows)],
    );
  });
  const errors = rows
    .filter((r) => r.state === 'invalid')
    .slice(0, IMPORT_ERRORS_LISTED)
    .map((r) => ({ row: r.row, field: r.field as (typeof IMPORT_COLUMNS)[number], message: r.message ?? '' }));
  return { import: await findJob(db, scope.orgId, id), errors };
}

const FAILED_BATCH = 1000;

export interface ImportRoutesOptions {
  /** Tells this process's job runner that a job has started (./importRunner.ts). */
  started(db: Database, id: string): void;
}

export function registerImports(app: Hono<AppEnv>, db: Database, options: ImportRoutesOptions): void {
  handle(app, importsRoutes.preview, async (c) => {
    const scope = adminOf(c);
    const { fileName, csv } = await parseBody(c, importsRoutes.preview.body);
    if (importFileTooLarge(csv)) throw new ApiError(400, IMPORT_FILE_TOO_LARGE_MESSAGE, 'csv');
    return c.json(await createDraft(db, scope, fileName, csv), 201);
  });

  handle(app, importsRoutes.current, async (c) => {
    const { orgId } = adminOf(c);
    const { rows } = await db.query<JobRow>(
      `${JOB_SQL} WHERE j.org_id = $1 AND (j.status = 'running'
          OR (j.status IN ('done', 'cancelled', 'failed') AND NOT j.dismissed AND j.finished_at > now() - $2::interval))
        ${JOB_GROUP} ORDER BY (j.status = 'running') DESC, j.created_at DESC LIMIT 1`,
      [orgId, FINISHED_SHOWN],
    );
    return c.json({ import: rows[0] ? toJob(rows[0]) : null });
  });

  handle(app, importsRoutes.get, async (c) => {
    const { orgId } = adminOf(c);
    return c.json({ import: await findJob(db, orgId, idParam(c)) });
  });

  handle(app, importsRoutes.start, async (c) => {
    const scope = adminOf(c);
    const id = idParam(c);
    await asAdministrator(db, scope, async (tx) => {
      const current = await findJob(tx, scope.orgId, id);
      if (current.status === 'running') return;
      if (current.status !== 'draft') throw new ApiError(409, 'This import has already run. Import the file again to start a new one.');
      await tx.query(`UPDATE member_imports SET status = 'running', started_at = now(), created_by = $2 WHERE id = $1`, [
        id,
        scope.memberId,
      ]);
    });
    options.started(db, id);
    return c.json({ import: await findJob(db, scope.orgId, id) });
  });

  handle(app, importsRoutes.cancel, async (c) => {
    const scope = adminOf(c);
    const id = idParam(c);
    await asAdministrator(db, scope, async (tx) => {
      const current = await findJob(tx, scope.orgId, id);
      if (current.status !== 'running' && current.status !== 'draft') return;
      await tx.query(`UPDATE member_imports SET status = 'cancelled', finished_at = now() WHERE id = $1`, [id]);
      await tx.query(`UPDATE member_import_rows SET state = 'skipped' WHERE import_id = $1 AND state = 'pending'`, [id]);
    });
    return c.json({ import: await findJob(db, scope.orgId, id) });
  });

  handle(app, importsRoutes.dismiss, async (c) => {
    const { orgId } = adminOf(c);
    const id = idParam(c);
    await findJob(db, orgId, id);
    await db.query('UPDATE member_imports SET dismissed = true WHERE id = $1 AND org_id = $2', [id, orgId]);
    return c.json({ import: await findJob(db, orgId, id) });
  });

  handle(app, importsRoutes.failedRows, async (c) => {
    const scope = adminOf(c);
    const id = idParam(c);
    const { today } = await parseBody(c, importsRoutes.failedRows.body);
    await findJob(db, scope.orgId, id);
    const { rows } = await db.query<{ name: string; today: string }>(
      "SELECT name, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today FROM organizations WHERE id = $1",
      [scope.orgId],
    );
    const fileName = exportFileName(rows[0]?.name ?? '', today ?? rows[0]?.today ?? '', 'import-failed-rows');
    const ticket = randomBytes(24).toString('base64url');
    await db.query('DELETE FROM member_import_tickets WHERE expires_at <= now()');
    await db.query(
      `INSERT INTO member_import_tickets (id, import_id, member_id, file_name, expires_at)
       VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
      [ticket, id, scope.memberId, fileName, TICKET_TTL_SECONDS],
    );
    return c.json({ url: `/exports/imports/${ticket}`, fileName }, 201);
  });

  app.get('/exports/imports/:ticket', async (c) => {
    const { rows } = await db.query<{ import_id: string; file_name: string }>(
      `DELETE FROM member_import_tickets t USING members m, member_imports j
        WHERE t.id = $1 AND m.id = t.member_id AND j.id = t.import_id AND m.org_id = j.org_id
          AND m.is_admin AND m.is_active AND t.expires_at > now()
        RETURNING t.import_id, t.file_name`,
      [c.req.param('ticket')],
    );
    const ticket = rows[0];
    if (!ticket) return c.text(IMPORT_LINK_INVALID, 404, { 'Cache-Control': 'no-store' });
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', attachment(ticket.file_name));
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    return stream(c, async (out) => {
      await out.write(`\ufeff${formatCsv([[...IMPORT_COLUMNS, 'Row', 'Error']])}`);
      let after = 0;
      for (;;) {
        const { rows: failed } = await db.query<{ row_number: number; cells: ImportCells; field: string | null; message: string | null }>(
          `SELECT row_number, cells, field, message FROM member_import_rows
            WHERE import_id = $1 AND state IN ('invalid', 'failed') AND row_number > $2
            ORDER BY row_number LIMIT $3`,
          [ticket.import_id, after, FAILED_BATCH],
        );
        if (failed.length > 0) {
          const records = failed.map((r) => [
            ...IMPORT_COLUMNS.map((column) => r.cells[column] ?? ''),
            String(r.row_number),
            r.field ? `${r.field}: ${r.message ?? ''}` : (r.message ?? ''),
          ]);
          await out.write(formatCsv(records));
        }
        const last = failed[failed.length - 1];
        if (!last || failed.length < FAILED_BATCH || out.aborted) break;
        after = last.row_number;
      }
    });
  });
}
