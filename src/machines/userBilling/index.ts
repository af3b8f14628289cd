export * from './userBillingMachine';
export * from './selectors';
export { userBillingImplementations } from './implementations';
export * from './intents';
