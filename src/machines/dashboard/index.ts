export { dashboardMachine, DASHBOARD_ERROR_TITLE, type DashboardActorRef } from './dashboardMachine';
export { dashboardImplementations } from './implementations';
export * from './selectors';
export * from './intents';
