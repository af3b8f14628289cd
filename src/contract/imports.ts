/**
 * Import CSV (docs/USERS.md), an extension of SPEC §7: members invited from a CSV file, after a
 * dry run, by a job the API runs and keeps in its database (it survives a reload of the console
 * and a restart of the API).
 *
 * - `POST /api/users/imports` { fileName, csv }: reads the file and answers the dry run, a job in
 *   `draft`: how many rows are new invitations, how many match members already there (left
 *   unchanged), and the rows with errors (row number, column, message). Its own body limit:
 *   the file at most LIMITS.importBytes (2 MB) and LIMITS.importRows (5,000) members.
 * - `POST /api/users/imports/{id}/start`: the job runs (`running`), inviting each new row once
 *   (by e-mail: a row whose member exists by then is counted with the existing ones).
 * - `GET /api/users/imports/{id}`: the job as it is now; `GET /api/users/imports/current`: the
 *   organisation's job that is running, or the last one finished and not dismissed (null: none).
 * - `POST /api/users/imports/{id}/cancel`: rows not yet invited are skipped; `…/dismiss`: the
 *   finished job is no longer `current`.
 * - `POST /api/users/imports/{id}/failed-export` { today? }: a one-time link (a minute) to the
 *   rows that were not imported (errors and failures) as CSV with an Error column, to fix and
 *   import again.
 */
import * as v from 'valibot';
import { LIMITS } from '../domain/limits';
import { IMPORT_COLUMNS } from '../domain/memberImport';
import { Count, IsoDate, atMost, cleanText } from './api';

const MEGABYTES = LIMITS.importBytes / (1024 * 1024);
export const IMPORT_FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MEGABYTES} MB: import at most ${MEGABYTES} MB at once.`;

/** UTF-8 bytes of a text (what the file weighed on disk). */
function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

export const ImportRequestSchema = v.object({
  fileName: v.pipe(
    v.string('fileName must be text'),
    v.trim(),
    v.minLength(1, 'fileName is required'),
    atMost('fileName', LIMITS.fileName),
    cleanText('fileName'),
  ),
  /** At most LIMITS.importBytes of UTF-8 (`importFileTooLarge`; the API answers IMPORT_FILE_TOO_LARGE_MESSAGE). */
  csv: v.pipe(v.string('csv must be text'), cleanText('csv', { multiline: true })),
});

export type ImportRequest = v.InferInput<typeof ImportRequestSchema>;

/** The file weighs more than LIMITS.importBytes (as UTF-8, what it weighed on disk). */
export function importFileTooLarge(csv: string): boolean {
  return utf8Bytes(csv) > LIMITS.importBytes;
}

/** A members import job's statuses (the `member_imports.status` check of migration 0009 allows exactly these). */
export const IMPORT_STATUSES = ['draft', 'running', 'done', 'cancelled', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

const ImportJobSchema = v.object({
  id: v.string(),
  fileName: v.string(),
  status: v.picklist(IMPORT_STATUSES),
  createdAt: IsoDate,
  startedAt: v.nullable(IsoDate),
  finishedAt: v.nullable(IsoDate),
  /** Member rows in the file. */
  total: Count,
  /** New invitations the dry run found. */
  toInvite: Count,
  /** Rows whose e-mail a member already has (left unchanged): at the dry run, and any found by the job. */
  existing: Count,
  /** Rows with an error at the dry run (not imported). */
  invalid: Count,
  /** Invited by the job so far. */
  invited: Count,
  /** Rows the job could not invite (the message is in the failed rows' file). */
  failed: Count,
  /** Rows left when the job was cancelled. */
  skipped: Count,
  /** Rows still to invite. */
  pending: Count,
  /** Why the job stopped, when it failed as a whole. */
  message: v.nullable(v.string()),
});
export type ImportJob = v.InferOutput<typeof ImportJobSchema>;

const ImportRowErrorSchema = v.object({
  row: v.pipe(v.number(), v.integer(), v.minValue(2)),
  field: v.picklist(IMPORT_COLUMNS),
  message: v.string(),
});

/** The dry run's answer: the job in draft, and the first rows with errors (all are in the failed rows' file). */
export const ImportPreviewResponseSchema = v.object({
  import: ImportJobSchema,
  errors: v.array(ImportRowErrorSchema),
});
export type ImportPreviewResponse = v.InferOutput<typeof ImportPreviewResponseSchema>;

/** Errors the dry run lists in its answer (the failed rows' file has every one). */
export const IMPORT_ERRORS_LISTED = 100;

export const ImportResponseSchema = v.object({ import: ImportJobSchema });
export const CurrentImportResponseSchema = v.object({ import: v.nullable(ImportJobSchema) });

export const ImportFailedExportRequestSchema = v.object({
  today: v.optional(v.pipe(v.string('today must be a date'), v.isoDate('today must be a date (YYYY-MM-DD)'))),
});
export const ImportFailedExportResponseSchema = v.object({
  url: v.pipe(v.string(), v.startsWith('/exports/imports/')),
  fileName: v.string(),
});
