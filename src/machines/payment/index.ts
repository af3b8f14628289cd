export * from './paymentMachine';
export * from './selectors';
