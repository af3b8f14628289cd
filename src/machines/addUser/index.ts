export { addUserMachine, NEW_USER_DEFAULTS, type AddUserActorRef, type AddUserSubmission } from './addUserMachine';
export { addUserImplementations } from './implementations';
export * from './selectors';
export * from './intents';
