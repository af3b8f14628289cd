export * from './subscriptionMachine';
export * from './selectors';
