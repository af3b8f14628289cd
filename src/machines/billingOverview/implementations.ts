import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { BillingOverview } from '../../contract/api';

export function billingOverviewImplementations(services: Services) {
  return {
    actors: {
      load: fromAbortablePromise<BillingOverview>(({ signal }) => services.api.billing.overview({ signal })),
    },
  };
}
