/**
 * Import CSV (docs/USERS.md): what the console checks of a chosen file before it sends anything, and
 * what it says when the file will not do. The API reads the file itself (the dry run) and answers
 * anything else (no header, no Email column, too many rows) with a message of its own.
 */
import { LIMITS } from '../../domain/limits';
import { formatCount } from '../../domain/intl';

const MEGABYTES = LIMITS.importBytes / (1024 * 1024);

/** The limits as the dialog states them. */
export const IMPORT_LIMITS_TEXT = `Up to ${MEGABYTES} MB and ${formatCount(LIMITS.importRows)} members per file.`;

/** The same words as the API's (IMPORT_FILE_TOO_LARGE_MESSAGE, src/contract/imports.ts), said before the upload. */
export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MEGABYTES} MB: import at most ${MEGABYTES} MB at once.`;
export const FILE_EMPTY_MESSAGE = 'The file is empty. Download the template, add a row per member, and choose it again.';

export function notCsvMessage(fileName: string): string {
  return `${fileName} is not a CSV file. Save the sheet as CSV (.csv) and choose that file.`;
}

/** Why the chosen file cannot be imported as it is, or null when it may be sent for the dry run. */
export function fileProblem(file: Pick<File, 'name' | 'size' | 'type'>): string | null {
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  if (!csv) return notCsvMessage(file.name);
  if (file.size === 0) return FILE_EMPTY_MESSAGE;
  if (file.size > LIMITS.importBytes) return FILE_TOO_LARGE_MESSAGE;
  return null;
}

/** The message when the dry run fails without one of its own. */
export const PREVIEW_FALLBACK = 'The file could not be checked';
export const START_FALLBACK = 'The import could not be started';
export const CANCEL_FALLBACK = 'The import could not be cancelled';
export const DISMISS_FALLBACK = 'The import could not be closed';
export const FAILED_ROWS_FALLBACK = 'The failed rows could not be downloaded';
/** Shown while the progress cannot be read (the job goes on on the server; the console asks again). */
export const PROGRESS_FALLBACK = 'The progress could not be read';
