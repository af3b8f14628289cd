/** What the Assistant screen can ask of the conversation (./chatMachine.ts), named. */
import type { ChatActorRef } from './chatMachine';

export function chatIntents(ref: ChatActorRef) {
  return {
    /** Asks a question (the machine ignores a blank one, refuses a too long one, and one while a reply is pending). */
    send: (text: string) => ref.send({ type: 'chat.send', text }),
    clear: () => ref.send({ type: 'chat.clear' }),
  };
}
