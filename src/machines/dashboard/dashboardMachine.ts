/**
 * The Dashboard (SPEC §2): the user stats and the billing overview, fetched together while the
 * screen is open. A load machine (../load): loading -> loaded | failed ('Error loading dashboard
 * data'); 'Try again' loads again. Leaving `loading` (or stopping the screen) aborts both requests.
 */
import type { BillingOverview, UserStats } from '../../contract/api';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { createLoadMachine } from '../load';

export interface DashboardData {
  stats: UserStats;
  overview: BillingOverview;
}

/** SPEC §8 data loads. */
export const DASHBOARD_ERROR_TITLE = 'Error loading dashboard data';

export const dashboardMachine = createLoadMachine<DashboardData, 'dashboard.retry'>({
  id: 'dashboard',
  spec: ['§2 Dashboard'],
  loadId: 'loadDashboard',
  reload: 'dashboard.retry',
  fallbackError: 'The dashboard figures could not be loaded.',
});

export type DashboardActorRef = ActorRefFrom<typeof dashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;
