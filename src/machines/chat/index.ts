export {
  chatMachine,
  CHAT_FAILURE_MESSAGE,
  type AskInput,
  type ChatActorRef,
  type ChatMachine,
  type ChatMessage,
  type ChatReply,
} from './chatMachine';
export { chatImplementations } from './implementations';
export * from './selectors';
export * from './intents';
