/**
 * Members as CSV: every member the list's filters and sort select, not only a page.
 *
 * The console asks for a download with its bearer token (POST /api/users/export) and gets a
 * one-time link, valid for a minute, that the browser then opens itself (GET /exports/members/:ticket):
 * the browser's own download manager writes the file to disk as it arrives, so the console never
 * holds the file in memory, and no bearer token ever goes into a URL. The ticket is stored in the
 * database, so any API process can serve it.
 *
 * The server streams the file in batches of EXPORT_BATCH rows, each batch one query continuing
 * after the last row sent (keyset, ./sort.ts): memory stays bounded at any size, no transaction is
 * held open (on PGlite one would hold the whole database), and a member added or removed while
 * the file streams is either in it once or not at all.
 *
 * Cells a spreadsheet would run as a formula (starting with =, +, -, @, a tab or a carriage
 * return) are prefixed with an apostrophe (OWASP "CSV injection"). That includes E.164 phone
 * numbers: spreadsheets then keep them as text, leading + included, instead of turning them into
 * numbers.
 */
import type { Hono } from 'hono';
import { type ExportMembersRequest, type ExportMembersResponse } from '../../src/contract/api';
import type { Database } from '../core/db';
import { issueExportTicket, streamCsv, takeExportTicket } from '../core/csvExport';
import { MEMBER_COLUMNS, type MemberRow } from '../core/members';
import { adminOf, parseBody, type AppEnv, handle } from '../core/module';
import { sourceOf, whereOf } from './search';
import { afterSql, orderBySql, orderOf, sortValueSql } from './sort';
import { usersRoutes } from '../../src/contract/routes/users';

export const EXPORT_BATCH = 1000;
export { EXPORT_LINK_INVALID, attachment, exportFileName } from '../core/csvExport';

export const EXPORT_HEADER = ['Name', 'Email', 'Phone', 'Role', 'Status', 'Licence', 'Created', 'Last active'] as const;

function rowOf(m: MemberRow): string[] {
  return [
    m.name,
    m.email,
    m.phone_number,
    m.role,
    m.is_active ? 'Active' : 'Pending',
    m.has_license ? 'Yes' : 'No',
    m.created_at.toISOString(),
    m.last_active_at ? m.last_active_at.toISOString() : '',
  ];
}

export function registerExport(app: Hono<AppEnv>, db: Database): void {
  handle(app, usersRoutes.export, async (c) => {
    const scope = adminOf(c);
    const request = await parseBody(c, usersRoutes.export.body);
    const body: ExportMembersResponse = await issueExportTicket(db, scope, 'members', request, request.today);
    return c.json(body, 201);
  });

  app.get('/exports/members/:ticket', async (c) => {
    const ticket = await takeExportTicket<ExportMembersRequest>(db, 'members', c.req.param('ticket'));
    const request = ticket?.request ?? {};
    const where = whereOf({ orgId: ticket?.org_id ?? '', search: request.search, role: request.role, status: request.status });
    const order = orderOf(request.sort);
    return streamCsv<[string, string]>(c, ticket, EXPORT_HEADER, async (after) => {
      const params = [...where.params];
      let sql = `SELECT ${MEMBER_COLUMNS}, ${sortValueSql(order)} FROM ${sourceOf(request)} WHERE ${where.sql}`;
      if (after) {
        sql += ` AND ${afterSql(order, params.length + 1)}`;
        params.push(...after);
      }
      params.push(EXPORT_BATCH);
      const { rows } = await db.query<MemberRow & { sort_value: string }>(
        `${sql} ORDER BY ${orderBySql(order)} LIMIT $${params.length}`,
        params,
      );
      const last = rows[rows.length - 1];
      return { rows: rows.map(rowOf), next: last && rows.length === EXPORT_BATCH ? [last.sort_value, last.id] : null };
    });
  });
}
