export {
  addUserMachine,
  AddUserSubmissionSchema,
  NEW_USER_DEFAULTS,
  type AddUserActorRef,
  type AddUserContext,
  type AddUserErrors,
  type AddUserEvent,
  type AddUserMachine,
  type AddUserSnapshot,
  type AddUserSubmission,
} from './addUserMachine';
export { addUserImplementations } from './implementations';
export * from './selectors';
