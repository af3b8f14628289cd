/**
 * Import CSV's calls (docs/USERS.md, src/contract/imports.ts: an extension of SPEC §7): the dry run,
 * the job and its actions, and the link to the rows that were not imported. One file per area, like
 * the route table (src/contract/routes/imports.ts); ./index.ts gathers them.
 */
import type { ImportRequest } from '../../contract/imports';
import type { ApiClient, CallOptions } from './client';
import { at, signalOf } from './routeSpec';

/** Import CSV's dry run sends up to 2 MB and reads up to 5,000 rows. */
const IMPORT_UPLOAD_TIMEOUT_MS = 60_000;

/** Import CSV's routes and schemas arrive with User Management's code, not with the sign-in page's. */
const importRoutes = async () => (await import('../../contract/routes/imports')).importsRoutes;

/** The Import CSV calls; `baseUrl` makes the failed rows' one-time link absolute. */
export function createImportsCalls(client: ApiClient, baseUrl: string) {
  return {
    /** The dry run: the file read and checked; a job in draft. A 2 MB file may take a while to send on a site's link. */
    preview: async (body: ImportRequest, opts?: CallOptions) => {
      const routes = await importRoutes();
      return client.request(
        { ...at(routes.preview), json: body, timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS, signal: signalOf(opts) },
        routes.preview.response,
      );
    },
    current: async (opts?: CallOptions) => {
      const routes = await importRoutes();
      return (await client.request({ ...at(routes.current), signal: signalOf(opts) }, routes.current.response)).import;
    },
    get: async (importId: string, opts?: CallOptions) => {
      const routes = await importRoutes();
      return (await client.request({ ...at(routes.get, { id: importId }), signal: signalOf(opts) }, routes.get.response)).import;
    },
    /** start, cancel or dismiss: the job as it is then. */
    act: async (importId: string, action: 'start' | 'cancel' | 'dismiss', opts?: CallOptions) => {
      const route = (await importRoutes())[action];
      return (await client.request({ ...at(route, { id: importId }), signal: signalOf(opts) }, route.response)).import;
    },
    /** A one-time link (on the API's base URL) to the rows that were not imported, as CSV. */
    failedRows: async (importId: string, today: string, opts?: CallOptions): Promise<{ url: string; fileName: string }> => {
      const route = (await importRoutes()).failedRows;
      const answer = await client.request({ ...at(route, { id: importId }), json: { today }, signal: signalOf(opts) }, route.response);
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
  };
}
