export {
  dashboardMachine,
  DASHBOARD_ERROR_TITLE,
  DASHBOARD_FALLBACK_MESSAGE,
  type DashboardActorRef,
  type DashboardContext,
  type DashboardData,
  type DashboardEvent,
  type DashboardMachine,
  type DashboardSnapshot,
} from './dashboardMachine';
export { dashboardImplementations } from './implementations';
export * from './selectors';
