/** What the Assistant screen can ask of the conversation (./chatMachine.ts), named. */
import { useMemo } from 'react';
import type { ChatActorRef } from './chatMachine';

function chatIntents(ref: ChatActorRef) {
  return {
    /** Asks a question (the machine ignores a blank one, refuses a too long one, and one while a reply is pending). */
    send: (text: string) => ref.send({ type: 'chat.send', text }),
    clear: () => ref.send({ type: 'chat.clear' }),
  };
}

/** The conversation's intents for this ref, the same object (and functions) for as long as the ref is. */
export function useChatIntents(ref: ChatActorRef): ReturnType<typeof chatIntents> {
  return useMemo(() => chatIntents(ref), [ref]);
}
