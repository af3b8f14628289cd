export * from './createLoadMachine';
export * from './selectors';
