export { bulkChangeMachine, type BulkChangeOutput } from './bulkChangeMachine';
export { bulkChangeImplementations } from './implementations';
