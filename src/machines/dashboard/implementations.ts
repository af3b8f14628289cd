import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { DashboardData } from './dashboardMachine';

export function dashboardImplementations(services: Services) {
  return {
    actors: {
      /** Both calls in parallel; the first failure rejects and leaving `loading` aborts the other. */
      load: fromAbortablePromise<DashboardData>(async ({ signal }) => {
        const [stats, overview] = await Promise.all([services.api.users.stats({ signal }), services.api.billing.overview({ signal })]);
        return { stats, overview };
      }),
    },
  };
}
