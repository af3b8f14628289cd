import { fromCallback } from 'xstate';
import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { AddressBar } from '../../services/address';
import type { AuditListResponse } from '../../contract/audit';
import type { LoadActivityInput, UrlWrite } from './activityMachine';

/** The Activity screen's view in the URL (./view.ts): the address as it is and as it moves, and the view written back. */
export function activityUrlImplementations(address: AddressBar) {
  return {
    actors: {
      /** The address now, then every Back or Forward that stays on the screen's path. */
      watchUrl: fromCallback<{ type: 'noop' }>(({ sendBack }) => {
        const opened = address.current();
        sendBack({ type: 'activity.urlChanged', query: opened.query });
        return address.onHistoryMove((moved) => {
          if (moved.path === opened.path) sendBack({ type: 'activity.urlChanged', query: moved.query });
        });
      }),
    },
    actions: {
      writeUrl: (_: unknown, params: UrlWrite | null) => {
        if (params) address.setQuery(params.query, params.mode);
      },
    },
  };
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
