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
import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Hono } from 'hono';
import { stream } from 'hono/streaming';
import { neutraliseCell } from '../../src/domain/csv';
import { ExportMembersRequestSchema, type ExportMembersRequest, type ExportMembersResponse } from '../../src/contract/api';
import type { Database } from '../core/db';
import { MEMBER_COLUMNS, type MemberRow } from '../core/members';
import { adminOf, parseBody, type AppEnv } from '../core/module';
import { sourceOf, whereOf } from './search';
import { afterSql, orderBySql, orderOf, sortValueSql } from './sort';

export const EXPORT_BATCH = 1000;
const EXPORT_TICKET_TTL_SECONDS = 60;
export const EXPORT_LINK_INVALID = 'This export link is invalid, used or expired. Export again from User Management.';

export const EXPORT_HEADER = ['Name', 'Email', 'Phone', 'Role', 'Status', 'Licence', 'Created', 'Last active'] as const;

/** `<organisation>-<what>-<yyyy-mm-dd>.csv` (`what`: members by default), the organisation's name made safe for a file name. */
export function exportFileName(organisation: string, day: string, what = 'members'): string {
  const slug = organisation
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .toLowerCase();
  return `${slug || 'organisation'}-${what}-${day}.csv`;
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266 / 5987). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

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
  ].map(neutraliseCell);
}

interface Ticket {
  org_id: string;
  request: ExportMembersRequest;
  file_name: string;
}

/** Takes a ticket (once): only while it is fresh and its administrator still is one. */
async function takeTicket(db: Database, id: string): Promise<Ticket | null> {
  const { rows } = await db.query<Ticket>(
    `DELETE FROM member_export_tickets t
      USING members m
      WHERE t.id = $1 AND m.id = t.member_id AND m.org_id = t.org_id
        AND m.is_admin AND m.is_active AND t.expires_at > now()
      RETURNING t.org_id, t.request, t.file_name`,
    [id],
  );
  return rows[0] ?? null;
}

export function registerExport(app: Hono<AppEnv>, db: Database): void {
  app.post('/api/users/export', async (c) => {
    const scope = adminOf(c);
    const request = await parseBody(c, ExportMembersRequestSchema);
    const { rows } = await db.query<{ name: string; today: string }>(
      "SELECT name, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today FROM organizations WHERE id = $1",
      [scope.orgId],
    );
    const fileName = exportFileName(rows[0]?.name ?? '', request.today ?? rows[0]?.today ?? '');
    const id = randomBytes(24).toString('base64url');
    // Expired tickets of any organisation go as new ones are made (an indexed range delete).
    await db.query('DELETE FROM member_export_tickets WHERE expires_at <= now()');
    await db.query(
      `INSERT INTO member_export_tickets (id, org_id, member_id, request, file_name, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
      [id, scope.orgId, scope.memberId, JSON.stringify(request), fileName, EXPORT_TICKET_TTL_SECONDS],
    );
    const body: ExportMembersResponse = { url: `/exports/members/${id}`, fileName };
    return c.json(body, 201);
  });

  app.get('/exports/members/:ticket', async (c) => {
    const ticket = await takeTicket(db, c.req.param('ticket'));
    if (!ticket) return c.text(EXPORT_LINK_INVALID, 404, { 'Cache-Control': 'no-store' });
    const { request } = ticket;
    const where = whereOf({ orgId: ticket.org_id, search: request.search, role: request.role, status: request.status });
    const order = orderOf(request.sort);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', attachment(ticket.file_name));
    c.header('Cache-Control', 'no-store');
    c.header('X-Content-Type-Options', 'nosniff');
    return stream(c, async (out) => {
      await out.write(stringify([[...EXPORT_HEADER]], { bom: true }));
      let after: [string, string] | null = null;
      for (;;) {
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
        if (rows.length > 0) await out.write(stringify(rows.map(rowOf)));
        const last = rows[rows.length - 1];
        if (!last || rows.length < EXPORT_BATCH || out.aborted) break;
        after = [last.sort_value, last.id];
      }
    });
  });
}
