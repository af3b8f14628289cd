export * from './paymentMachine';
export * from './selectors';
export { paymentImplementations } from './implementations';
