import { fromPromise } from 'xstate';
import type { Services } from '../../services';
import type { BillingOverview } from '../../contract/api';

export function billingOverviewImplementations(services: Services) {
  return {
    actors: {
      loadOverview: fromPromise<BillingOverview>(({ signal }) => services.api.billing.overview({ signal })),
    },
  };
}
