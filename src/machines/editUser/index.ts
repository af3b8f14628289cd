export {
  editUserMachine,
  EditUserSubmissionSchema,
  isVersionConflict,
  MEMBER_CHANGED,
  MEMBER_CHANGED_HINT,
  type EditUserActorRef,
  type EditUserContext,
  type EditUserErrors,
  type EditUserEvent,
  type EditUserMachine,
  type EditUserSnapshot,
  type EditUserSubmission,
  type UpdateUserInput,
} from './editUserMachine';
export { editUserImplementations } from './implementations';
export * from './selectors';
