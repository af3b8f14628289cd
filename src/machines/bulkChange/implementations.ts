import type { Services } from '../../services';
import type { BulkUpdateResponse } from '../../contract/api';
import type { BulkRequest } from '../usersList/bulk';
import { fromAbortablePromise } from '../shared';

export function bulkChangeImplementations(services: Pick<Services, 'api'>) {
  return {
    actors: {
      bulkUpdate: fromAbortablePromise<BulkUpdateResponse, BulkRequest>(({ input, signal }) => {
        // A change by filter sends the filter and the updates; the count is the console's, for its question.
        const body = 'userIds' in input ? input : { filter: input.filter, updates: input.updates };
        return services.api.users.bulkUpdate(body, { signal });
      }),
    },
  };
}
