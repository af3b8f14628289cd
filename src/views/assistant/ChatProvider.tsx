/**
 * The Assistant conversation's actor, created once at the signed-in shell level: it survives moving
 * between screens and is stopped (conversation gone, request aborted) when the shell unmounts at
 * sign-out. Kept light on purpose: it is in the main signed-in bundle; AssistantScreen is lazy.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { ChatActorRef } from '../../machines/chat';
import { useScreenActor } from '../app/machinesContext';

const ChatActorContext = createContext<ChatActorRef | null>(null);

export function ChatProvider({ children }: { children: ReactNode }) {
  const chat = useScreenActor('chat');
  return <ChatActorContext.Provider value={chat}>{children}</ChatActorContext.Provider>;
}

export function useChatActor(): ChatActorRef {
  const chat = useContext(ChatActorContext);
  if (!chat) throw new Error('useChatActor needs <ChatProvider>');
  return chat;
}
