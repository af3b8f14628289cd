export * from './billingOverviewMachine';
export * from './selectors';
export { billingOverviewImplementations } from './implementations';
export * from './intents';
