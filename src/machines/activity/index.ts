export * from './activityMachine';
export * from './context';
export * from './selectors';
export * from './describe';
export { activityImplementations } from './implementations';
export * from './intents';
