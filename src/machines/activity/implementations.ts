import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { AddressBar } from '../../services/address';
import type { AuditListResponse } from '../../contract/audit';
import { currentTimeZone } from '../../domain/dates';
import { csvExportMachine, type ExportQuery, type ExportedFile } from '../csvExport';
import { localDate, openDownload } from '../csvExport/implementations';
import { urlViewImplementations } from '../urlView/implementations';
import type { ActivityFilters, LoadActivityInput } from './context';

/** The Activity screen's view in the URL (./view.ts, ../urlView). */
export function activityUrlImplementations(address: AddressBar) {
  return urlViewImplementations(address, { event: 'activity.urlChanged' });
}

/** Export CSV of the entries the filters select (every page): a one-time link on the API's base URL. */
export function activityExportImplementations(services: Pick<Services, 'api'>) {
  return {
    actors: {
      // The trail invokes its export with its filters (an ActivityFilters); the dates are days of the administrator's zone.
      prepareExport: fromAbortablePromise<ExportedFile, ExportQuery>(({ input, signal }) =>
        services.api.audit.export({ ...(input as ActivityFilters), timeZone: currentTimeZone(), today: localDate(new Date()) }, { signal }),
      ),
    },
    actions: { openDownload },
  };
}

export function activityImplementations(services: Services) {
  const url = activityUrlImplementations(services.address);
  return {
    actors: {
      ...url.actors,
      /**
       * GET /api/audit, aborted when the trail leaves `loading` (a newer filter, or the screen
       * closed). Dates are days of the administrator's time zone, as the assistant's questions are.
       */
      loadActivity: fromAbortablePromise<AuditListResponse, LoadActivityInput>(({ input, signal }) =>
        services.api.audit.list({ ...input, timeZone: currentTimeZone() }, { signal }),
      ),
      csvExport: csvExportMachine.provide(activityExportImplementations(services)),
    },
    actions: url.actions,
  };
}
