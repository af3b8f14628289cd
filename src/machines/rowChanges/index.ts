export { rowChangesMachine, type RowChangesActorRef, type RowChangesEvent, type RowChangesSnapshot } from './rowChangesMachine';
export { rowChangesImplementations } from './implementations';
export * from './selectors';
export type { RowActionInput, RowActionKind, RowActionResult } from './rows';
export { rowChangesIntents } from './intents';
