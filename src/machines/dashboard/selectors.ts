import type { BillingOverview, UserStats } from '../../contract/api';
import type { DashboardSnapshot } from './dashboardMachine';

export const selectIsLoading = (snapshot: DashboardSnapshot): boolean => snapshot.hasTag('pending');
export const selectHasFailed = (snapshot: DashboardSnapshot): boolean => snapshot.matches('failed');
export const selectDashboardError = (snapshot: DashboardSnapshot): string | null => snapshot.context.error;
/** The last figures loaded (kept if a later load fails). */
export const selectStats = (snapshot: DashboardSnapshot): UserStats | null => snapshot.context.data?.stats ?? null;
export const selectOverview = (snapshot: DashboardSnapshot): BillingOverview | null => snapshot.context.data?.overview ?? null;
