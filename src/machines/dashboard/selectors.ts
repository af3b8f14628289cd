import type { BillingOverview, UserStats } from '../../contract/api';
import type { DashboardSnapshot } from './dashboardMachine';

export { selectError, selectHasFailed, selectIsLoading } from '../load';

/** The last figures loaded (kept if a later load fails). */
export const selectStats = (snapshot: DashboardSnapshot): UserStats | null => snapshot.context.data?.stats ?? null;
export const selectOverview = (snapshot: DashboardSnapshot): BillingOverview | null => snapshot.context.data?.overview ?? null;
