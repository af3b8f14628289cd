export { editUserMachine, MEMBER_CHANGED, MEMBER_CHANGED_HINT, type EditUserActorRef } from './editUserMachine';
export { editUserImplementations } from './implementations';
export * from './selectors';
export * from './intents';
