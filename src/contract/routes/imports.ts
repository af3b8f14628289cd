/**
 * Import CSV's routes (docs/USERS.md "Import CSV", src/contract/imports.ts). The console loads this
 * file with User Management's import dialog, not with the sign-in page.
 */
import {
  CurrentImportResponseSchema,
  ImportFailedExportRequestSchema,
  ImportFailedExportResponseSchema,
  ImportPreviewResponseSchema,
  ImportRequestSchema,
  ImportResponseSchema,
} from '../imports';
import { IdParamSchema } from '../shared';
import { defineRoutes } from './route';

const SPECIFIED_IN = 'docs/USERS.md "Import CSV"';

export const importsRoutes = defineRoutes({
  preview: {
    operation: 'imports.preview',
    method: 'POST',
    path: '/api/users/imports',
    summary: 'Reads a CSV file of members (at most 2 MB, 5,000 rows) and answers the dry run: a job in draft.',
    specifiedIn: SPECIFIED_IN,
    body: ImportRequestSchema,
    response: ImportPreviewResponseSchema,
    created: true,
  },
  current: {
    operation: 'imports.current',
    method: 'GET',
    path: '/api/users/imports/current',
    summary: "The organisation's running import, or the last one finished and not dismissed (null: none).",
    specifiedIn: SPECIFIED_IN,
    response: CurrentImportResponseSchema,
  },
  get: {
    operation: 'imports.get',
    method: 'GET',
    path: '/api/users/imports/:id',
    summary: 'An import job as it is now.',
    specifiedIn: SPECIFIED_IN,
    params: IdParamSchema,
    response: ImportResponseSchema,
  },
  start: {
    operation: 'imports.start',
    method: 'POST',
    path: '/api/users/imports/:id/start',
    summary: 'Runs a drafted import: each new row is invited once, by e-mail.',
    specifiedIn: SPECIFIED_IN,
    params: IdParamSchema,
    response: ImportResponseSchema,
  },
  cancel: {
    operation: 'imports.cancel',
    method: 'POST',
    path: '/api/users/imports/:id/cancel',
    summary: 'Cancels an import: the rows not yet invited are skipped.',
    specifiedIn: SPECIFIED_IN,
    params: IdParamSchema,
    response: ImportResponseSchema,
  },
  dismiss: {
    operation: 'imports.dismiss',
    method: 'POST',
    path: '/api/users/imports/:id/dismiss',
    summary: 'A finished import is no longer the current one.',
    specifiedIn: SPECIFIED_IN,
    params: IdParamSchema,
    response: ImportResponseSchema,
  },
  failedRows: {
    operation: 'imports.failedRows',
    method: 'POST',
    path: '/api/users/imports/:id/failed-export',
    summary: 'A one-time link, valid for a minute, to the rows that were not imported, as CSV with an Error column.',
    specifiedIn: SPECIFIED_IN,
    params: IdParamSchema,
    body: ImportFailedExportRequestSchema,
    response: ImportFailedExportResponseSchema,
    created: true,
  },
});
