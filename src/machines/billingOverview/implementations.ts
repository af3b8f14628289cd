import { fromPromise } from 'xstate';
import type { Services } from '../../services';
import type { BillingOverview } from '../../services/api/schemas';

export function billingOverviewImplementations(services: Services) {
  return {
    actors: {
      loadOverview: fromPromise<BillingOverview>(({ signal }) => services.api.billing.overview({ signal })),
    },
  };
}
