import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { AddressBar } from '../../services/address';
import type { AuditListResponse } from '../../contract/audit';
import { urlViewImplementations } from '../urlView/implementations';
import type { LoadActivityInput } from './activityMachine';

/** The Activity screen's view in the URL (./view.ts, ../urlView). */
export function activityUrlImplementations(address: AddressBar) {
  return urlViewImplementations(address, { event: 'activity.urlChanged' });
}

export function activityImplementations(services: Services) {
  const url = activityUrlImplementations(services.address);
  return {
    actors: {
      ...url.actors,
      /** GET /api/audit, aborted when the trail leaves `loading` (a newer filter, or the screen closed). */
      loadActivity: fromAbortablePromise<AuditListResponse, LoadActivityInput>(({ input, signal }) =>
        services.api.audit.list(input, { signal }),
      ),
    },
    actions: url.actions,
  };
}
