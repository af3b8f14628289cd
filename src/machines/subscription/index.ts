export * from './subscriptionMachine';
export * from './selectors';
export { subscriptionImplementations } from './implementations';
