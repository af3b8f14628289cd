export * from './subscriptionMachine';
export * from './selectors';
export * from './intents';
