export {
  chatMachine,
  CHAT_FAILURE_MESSAGE,
  type AskInput,
  type ChatActorRef,
  type ChatContext,
  type ChatEvent,
  type ChatMachine,
  type ChatMessage,
  type ChatReply,
  type ChatSnapshot,
  type SourceType,
} from './chatMachine';
export { chatImplementations } from './implementations';
export * from './selectors';
