export * from './paymentMachine';
export * from './selectors';
export * from './intents';
