import type { Services } from '../../services';
import type { ImportJob, ImportPreviewResponse } from '../../contract/imports';
import { localDate } from '../csvExport/implementations';
import { openDownload } from '../csvExport/implementations';
import { fromAbortablePromise } from '../shared';
import type { FailedRowsFile } from './memberImportMachine';

type JobInput = { importId: string };

/** Import CSV's calls (src/contract/imports.ts), each given the actor's signal. */
export function memberImportImplementations(services: Services) {
  const { imports } = services.api;
  return {
    actors: {
      findCurrent: fromAbortablePromise<ImportJob | null>(({ signal }) => imports.current({ signal })),
      previewImport: fromAbortablePromise<ImportPreviewResponse, { file: File }>(async ({ input, signal }) =>
        imports.preview({ fileName: input.file.name, csv: await input.file.text() }, { signal }),
      ),
      startImport: fromAbortablePromise<ImportJob, JobInput>(({ input, signal }) => imports.act(input.importId, 'start', { signal })),
      readImport: fromAbortablePromise<ImportJob, JobInput>(({ input, signal }) => imports.get(input.importId, { signal })),
      cancelImport: fromAbortablePromise<ImportJob, JobInput>(({ input, signal }) => imports.act(input.importId, 'cancel', { signal })),
      dismissImport: fromAbortablePromise<ImportJob, JobInput>(({ input, signal }) => imports.act(input.importId, 'dismiss', { signal })),
      prepareFailedRows: fromAbortablePromise<FailedRowsFile, JobInput>(({ input, signal }) =>
        imports.failedRows(input.importId, localDate(new Date()), { signal }),
      ),
    },
    actions: { openDownload },
  };
}
