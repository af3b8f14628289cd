export {
  twoFactorMachine,
  TWO_FACTOR_NOTICES,
  type TwoFactorActorRef,
  type TwoFactorContext,
  type TwoFactorEvent,
  type TwoFactorSnapshot,
} from './twoFactorMachine';
export { twoFactorImplementations } from './implementations';
export * from './selectors';
export { twoFactorIntents } from './intents';
