export {
  memberImportMachine,
  type FailedRowsFile,
  type ImportRowError,
  type MemberImportActorRef,
  type MemberImportSnapshot,
} from './memberImportMachine';
export { memberImportImplementations } from './implementations';
export { IMPORT_LIMITS_TEXT, FILE_EMPTY_MESSAGE, FILE_TOO_LARGE_MESSAGE, notCsvMessage } from './file';
export * from './selectors';
export * from './intents';
