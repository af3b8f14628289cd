/**
 * CSV exports (the members list, the activity trail), one way for every export:
 *
 * The console asks for a download with its bearer token (POST /api/<area>/export) and gets a
 * one-time link, valid for a minute, that the browser then opens itself (GET /exports/<what>/:ticket):
 * the browser's own download manager writes the file to disk as it arrives, so the console never
 * holds the file in memory, and no bearer token ever goes into a URL. The ticket is stored in the
 * database (`member_export_tickets`, its `what` naming the export), so any API process can serve it,
 * and a ticket of one export never opens another.
 *
 * The file streams in batches, each batch one query continuing after the last row sent (keyset):
 * memory stays bounded at any size, and no transaction is held open (on PGlite one would hold the
 * whole database).
 *
 * Cells a spreadsheet would run as a formula are neutralised (src/domain/csv.ts, OWASP "CSV injection").
 */
import { randomBytes } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Context } from 'hono';
import { stream } from 'hono/streaming';
import { neutraliseCell } from '../../src/domain/csv';
import type { Database } from './db';

const EXPORT_TICKET_TTL_SECONDS = 60;
export const EXPORT_LINK_INVALID = 'This export link is invalid, used or expired. Export again from User Management.';

/** What can be exported: the path of its links, `/exports/<what>/<ticket>`. */
export type ExportWhat = 'members' | 'activity';

/** `<organisation>-<what>-<yyyy-mm-dd>.csv` (`what`: members by default), the organisation's name made safe for a file name. */
export function exportFileName(organisation: string, day: string, what: string = 'members'): string {
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

/**
 * A one-time link for an administrator's export: the request as validated, and the file's name
 * (`<organisation>-<what>-<today>.csv`, `today` the console's date, else UTC's).
 */
export async function issueExportTicket(
  db: Database,
  scope: { orgId: string; memberId: string },
  what: ExportWhat,
  request: object,
  today: string | undefined,
): Promise<{ url: string; fileName: string }> {
  const { rows } = await db.query<{ name: string; today: string }>(
    "SELECT name, to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS today FROM organizations WHERE id = $1",
    [scope.orgId],
  );
  const fileName = exportFileName(rows[0]?.name ?? '', today ?? rows[0]?.today ?? '', what);
  const id = randomBytes(24).toString('base64url');
  // Expired tickets of any organisation go as new ones are made (an indexed range delete).
  await db.query('DELETE FROM member_export_tickets WHERE expires_at <= now()');
  await db.query(
    `INSERT INTO member_export_tickets (id, org_id, member_id, request, file_name, expires_at, what)
     VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6), $7)`,
    [id, scope.orgId, scope.memberId, JSON.stringify(request), fileName, EXPORT_TICKET_TTL_SECONDS, what],
  );
  return { url: `/exports/${what}/${id}`, fileName };
}

export interface ExportTicket<R> {
  org_id: string;
  request: R;
  file_name: string;
}

/** Takes a ticket of this export (once): only while it is fresh and its administrator still is one. */
export async function takeExportTicket<R>(db: Database, what: ExportWhat, id: string): Promise<ExportTicket<R> | null> {
  const { rows } = await db.query<ExportTicket<R>>(
    `DELETE FROM member_export_tickets t
      USING members m
      WHERE t.id = $1 AND t.what = $2 AND m.id = t.member_id AND m.org_id = t.org_id
        AND m.is_admin AND m.is_active AND t.expires_at > now()
      RETURNING t.org_id, t.request, t.file_name`,
    [id, what],
  );
  return rows[0] ?? null;
}

/** One batch of rows as cells, and where the next one starts (null: this was the last). */
export interface CsvBatch<K> {
  rows: string[][];
  next: K | null;
}

/**
 * The answer to a link whose ticket could not be taken (404), or the file: a header, then the
 * batches `nextBatch` reads one after another (from null) until it says there are no more, or the
 * browser goes away. Every cell is neutralised.
 */
export function streamCsv<K>(
  c: Context,
  ticket: { file_name: string } | null,
  header: readonly string[],
  nextBatch: (after: K | null) => Promise<CsvBatch<K>>,
): Response | Promise<Response> {
  if (!ticket) return c.text(EXPORT_LINK_INVALID, 404, { 'Cache-Control': 'no-store' });
  c.header('Content-Type', 'text/csv; charset=utf-8');
  c.header('Content-Disposition', attachment(ticket.file_name));
  c.header('Cache-Control', 'no-store');
  c.header('X-Content-Type-Options', 'nosniff');
  return stream(c, async (out) => {
    await out.write(stringify([[...header]], { bom: true }));
    let after: K | null = null;
    for (;;) {
      const batch: CsvBatch<K> = await nextBatch(after);
      if (batch.rows.length > 0) await out.write(stringify(batch.rows.map((row) => row.map(neutraliseCell))));
      if (batch.next === null || out.aborted) break;
      after = batch.next;
    }
  });
}
