/**
 * Import CSV's calls (docs/USERS.md, src/contract/imports.ts: an extension of SPEC §7): the dry run,
 * the job and its actions, and the link to the rows that were not imported. One file per area, like
 * the route table (src/contract/routes/imports.ts); ./index.ts gathers them.
 */
import type { ImportRequest } from '../../contract/imports';
import type { ApiClient, CallOptions } from './client';
import { routeCalls } from './routeSpec';

/** Import CSV's dry run sends up to 2 MB and reads up to 5,000 rows. */
const IMPORT_UPLOAD_TIMEOUT_MS = 60_000;

/** Import CSV's routes and schemas arrive with User Management's code, not with the sign-in page's. */
const importRoutes = async () => (await import('../../contract/routes/imports')).importsRoutes;

/** The Import CSV calls; `baseUrl` makes the failed rows' one-time link absolute. */
export function createImportsCalls(client: ApiClient, baseUrl: string) {
  const { send } = routeCalls(client);
  return {
    /** The dry run: the file read and checked; a job in draft. A 2 MB file may take a while to send on a site's link. */
    preview: async (body: ImportRequest, opts?: CallOptions) =>
      send((await importRoutes()).preview, { json: body, timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS }, opts),
    current: async (opts?: CallOptions) => (await send((await importRoutes()).current, {}, opts)).import,
    get: async (importId: string, opts?: CallOptions) =>
      (await send((await importRoutes()).get, { params: { id: importId } }, opts)).import,
    /** start, cancel or dismiss: the job as it is then. */
    act: async (importId: string, action: 'start' | 'cancel' | 'dismiss', opts?: CallOptions) =>
      (await send((await importRoutes())[action], { params: { id: importId } }, opts)).import,
    /** A one-time link (on the API's base URL) to the rows that were not imported, as CSV. */
    failedRows: async (importId: string, today: string, opts?: CallOptions): Promise<{ url: string; fileName: string }> => {
      const answer = await send((await importRoutes()).failedRows, { params: { id: importId }, json: { today } }, opts);
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
  };
}
