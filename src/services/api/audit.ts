/**
 * The activity trail's calls (docs/API.md: GET /api/audit and POST /api/audit/export, extensions of
 * SPEC §7). One file per area, like the route table (src/contract/routes/audit.ts); ./index.ts
 * gathers them.
 */
import type { AuditFilters, AuditQuery } from '../../contract/audit';
import type { ApiClient, CallOptions } from './client';
import { routeCalls } from './routeSpec';

/** POST /api/audit/export: the trail's filters, and the console's date for the file name. */
export interface ExportActivityParams extends AuditFilters {
  /** The browser's local date, YYYY-MM-DD. */
  readonly today?: string;
}

/** The activity trail's routes and schemas arrive with the Activity screen's code, not with the sign-in page's. */
const auditRoutes = async () => (await import('../../contract/routes/audit')).auditRoutes;

/** The activity calls; `baseUrl` makes the export's one-time link absolute. */
export function createAuditCalls(client: ApiClient, baseUrl: string) {
  const { send } = routeCalls(client);
  return {
    /** The activity trail (docs/API.md: GET /api/audit, an extension of SPEC §7), newest first, paged and filtered. */
    list: async (query: AuditQuery = {}, opts?: CallOptions) => {
      const searchParams = {
        page: query.page,
        limit: query.limit,
        memberId: query.memberId,
        actorId: query.actorId,
        kind: query.kind,
        from: query.from,
        to: query.to,
        // The zone the dates are days of; without dates it changes nothing, so it is left out.
        timeZone: query.from !== undefined || query.to !== undefined ? query.timeZone : undefined,
      };
      return send((await auditRoutes()).list, { searchParams }, opts);
    },
    /**
     * The filtered activity as CSV (POST /api/audit/export): a one-time link, valid for a minute,
     * to every entry the filters select. `url` comes back absolute, for the browser to open.
     */
    export: async (filters: ExportActivityParams, opts?: CallOptions): Promise<{ url: string; fileName: string }> => {
      const answer = await send((await auditRoutes()).export, { json: filters }, opts);
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
  };
}
