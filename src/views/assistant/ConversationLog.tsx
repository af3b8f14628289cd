/**
 * The Assistant's conversation log: a live region that keeps the newest message in view, with a
 * greeting while the conversation is empty, the messages (./MessageBubble.tsx), and a typing
 * indicator while a reply is on its way.
 */
import { Box, Flex, HStack, Icon, Text } from '@chakra-ui/react';
import { Bot } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../../machines/chat';
import { MessageBubble } from './MessageBubble';

interface ConversationLogProps {
  messages: readonly ChatMessage[];
  awaitingReply: boolean;
  /** The question whose reply failed, offered again by Retry on the last message. */
  failedQuestion: string | null;
  onRetry: (question: string) => void;
}

export function ConversationLog({ messages, awaitingReply, failedQuestion, onRetry }: ConversationLogProps) {
  const logRef = useRef<HTMLDivElement>(null);

  // Keep the newest message (or the typing indicator) in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, awaitingReply]);

  return (
    <Box
      ref={logRef}
      role="log"
      aria-live="polite"
      aria-label="Conversation with the assistant"
      aria-busy={awaitingReply}
      // Scrollable, so reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      _focusVisible={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '-2px' }}
      flex="1"
      minH="0"
      overflowY="auto"
      px="5"
      py="4"
      display="flex"
      flexDirection="column"
      gap="4"
    >
      {messages.length === 0 && !awaitingReply ? <Greeting /> : null}
      {messages.map((message) => (
        <MessageBubble
          key={message.id}
          message={message}
          onRetry={failedQuestion !== null && message === messages.at(-1) ? () => onRetry(failedQuestion) : undefined}
        />
      ))}
      {awaitingReply ? <TypingIndicator /> : null}
    </Box>
  );
}

function Greeting() {
  return (
    <Flex direction="column" align="center" justify="center" textAlign="center" gap="2" flex="1" color="fg.muted" px="6">
      <Icon boxSize="10" color="brand.solid" aria-hidden>
        <Bot />
      </Icon>
      <Text fontWeight="semibold" color="fg" fontSize="lg">
        Hello! I&apos;m your Hardline assistant.
      </Text>
      <Text maxW="md">
        Ask me about user activity, calls, tasks, reports or insights across your organization, or pick a quick prompt below.
      </Text>
    </Flex>
  );
}

function TypingIndicator() {
  return (
    <HStack role="status" gap="2" alignSelf="flex-start" bg="bg.muted" borderRadius="xl" px="4" py="3">
      {[0, 1, 2].map((i) => (
        <Box
          key={i}
          aria-hidden
          boxSize="2"
          borderRadius="full"
          bg="fg.muted"
          animation="pulse"
          animationDuration="1.2s"
          animationDelay={`${i * 0.2}s`}
          _motionReduce={{ animation: 'none' }}
        />
      ))}
      <Text fontSize="sm" color="fg.muted">
        Assistant is typing…
      </Text>
    </HStack>
  );
}
