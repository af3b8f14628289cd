/**
 * Export CSV (README): what an export asks of its `prepareExport` actor and what it says when that
 * fails. The actor asks the API for a one-time link to the rows the screen's filters select (every
 * page); the machine hands that link to `openDownload`, and the browser's download manager fetches
 * the file (an attachment: the page stays).
 */
import { retryAfterOf } from '../../domain/errors';
import { messageOf } from '../shared';

/** What the screen's filters select (the users list's search, status, role and sort, say): the screen's own shape. */
export type ExportQuery = object;

export interface ExportedFile {
  /** Absolute: the API's base URL and the link's path. Valid once, for a minute, without a token. */
  url: string;
  fileName: string;
}

/**
 * The error toast of a failed export; over a rate limit, the client's own words alone ("Too many
 * requests. Try again in N seconds.", as everywhere in the console).
 */
export function exportFailedMessage(error: unknown): string {
  if (retryAfterOf(error) !== null) return messageOf(error);
  return `Export failed: ${messageOf(error)}`;
}
