import type { Services } from '../../services';
import type { BulkUpdateRequest } from '../../contract/api';
import { fromAbortablePromise } from '../shared';

export function bulkChangeImplementations(services: Pick<Services, 'api'>) {
  return {
    actors: {
      bulkUpdate: fromAbortablePromise<number, BulkUpdateRequest>(
        async ({ input, signal }) => (await services.api.users.bulkUpdate(input, { signal })).updated,
      ),
    },
  };
}
