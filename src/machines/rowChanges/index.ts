export { rowChangesMachine, type RowChangesActorRef, type RowChangesEvent, type RowChangesSnapshot } from './rowChangesMachine';
export { rowChangesImplementations } from './implementations';
export * from './selectors';
export { rowKey, type RowActionInput, type RowActionKind, type RowActionResult } from './rows';
export { rowChangesIntents } from './intents';
