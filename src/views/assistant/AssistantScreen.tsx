/**
 * The Assistant screen (SPEC §2): a 600px chat panel with the conversation log, the five quick
 * prompts and the question input. The conversation itself lives in the chat actor (ChatProvider),
 * so it survives navigation; the question being typed stays here until the machine accepts it.
 * The log and its messages are ./ConversationLog.tsx and ./MessageBubble.tsx.
 */
import { Box, Button, Card, Flex, Heading, HStack, Icon, Text, Textarea } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { SendHorizontal, Sparkles, Trash2 } from 'lucide-react';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { QUICK_PROMPTS } from '../../domain/assistant';
import { tooManyRequestsMessage } from '../../domain/errors';
import { LIMITS } from '../../domain/limits';
import {
  selectFailedQuestion,
  selectHeldQuestion,
  selectInputError,
  selectIsAwaitingReply,
  selectMessages,
  selectRateLimitWait,
  type ChatActorRef,
  chatIntents,
} from '../../machines/chat';
import { CharacterCount } from '../shared/CharacterCount';
import { useChatActor } from './ChatProvider';
import { ConversationLog } from './ConversationLog';
import { useIntents } from '../shared/useIntents';

/** SPEC §9. */
export const CHAT_PANEL_HEIGHT = '600px';

export { SOURCE_NOTE } from './MessageBubble';

/**
 * Sends a question; true when the machine takes it (appends it to the conversation: its guards
 * ignore a blank question, refuse a too long one and block one while a reply is pending), so the
 * view empties the input only then.
 */
function useAsk(chat: ChatActorRef) {
  const { send } = useIntents(chatIntents, chat);
  return (text: string): boolean => {
    const before = selectMessages(chat.getSnapshot());
    send(text);
    return selectMessages(chat.getSnapshot()) !== before;
  };
}

/** The composer's text once a refused question comes back: the question, then whatever else was typed. */
function withHeldQuestion(held: string, draft: string): string {
  if (draft.trim() === '' || draft.trim() === held.trim()) return held;
  return `${held}\n\n${draft}`;
}

export function AssistantScreen() {
  const chat = useChatActor();
  const messages = useSelector(chat, selectMessages);
  const awaitingReply = useSelector(chat, selectIsAwaitingReply);
  const failedQuestion = useSelector(chat, selectFailedQuestion);
  const inputError = useSelector(chat, selectInputError);
  const rateLimitWait = useSelector(chat, selectRateLimitWait);
  const heldQuestion = useSelector(chat, selectHeldQuestion);
  const ask = useAsk(chat);
  const { clear } = useIntents(chatIntents, chat);
  const [draft, setDraft] = useState('');
  // A question refused by a rate limit comes back to the composer, adjusted while rendering when the
  // machine holds a new one. The next question may have been typed while it was awaited: both stay,
  // the refused one first (nothing typed is lost).
  const [restored, setRestored] = useState<string | null>(null);
  if (heldQuestion !== restored) {
    setRestored(heldQuestion);
    if (heldQuestion !== null) setDraft(withHeldQuestion(heldQuestion, draft));
  }
  const blocked = awaitingReply || rateLimitWait !== null;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const headingId = useId();
  const promptsId = useId();
  const inputHelpId = useId();
  const inputErrorId = useId();

  const focusInput = () => inputRef.current?.focus();

  const sendDraft = () => {
    if (ask(draft)) setDraft('');
    focusInput();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    sendDraft();
  };

  const sendPrompt = (query: string) => {
    ask(query);
    focusInput();
  };

  const retry = (question: string) => {
    ask(question);
    focusInput();
  };

  return (
    <Card.Root as="section" h={CHAT_PANEL_HEIGHT} display="flex" flexDirection="column" overflow="hidden" aria-labelledby={headingId}>
      <Flex align="center" justify="space-between" gap="3" px="5" py="3" minH="14" borderBottomWidth="1px">
        <HStack gap="2">
          <Icon color="brand.solid" aria-hidden>
            <Sparkles />
          </Icon>
          <Heading as="h2" size="md" id={headingId}>
            Conversation
          </Heading>
        </HStack>
        {messages.length > 0 ? (
          <Button size="xs" variant="ghost" onClick={clear} disabled={awaitingReply}>
            <Trash2 aria-hidden />
            Clear conversation
          </Button>
        ) : null}
      </Flex>

      <ConversationLog messages={messages} awaitingReply={awaitingReply} failedQuestion={failedQuestion} onRetry={retry} />

      <Box borderTopWidth="1px" px="5" pt="3" pb="4" bg="bg.subtle">
        <Flex
          role="group"
          aria-labelledby={promptsId}
          wrap={{ base: 'nowrap', md: 'wrap' }}
          overflowX="auto"
          gap="2"
          mb="3"
          pb={{ base: '1', md: '0' }}
          align="center"
        >
          <Text id={promptsId} fontSize="xs" fontWeight="medium" color="fg.muted" me="1" flexShrink="0">
            Quick prompts
          </Text>
          {QUICK_PROMPTS.map((prompt) => (
            <Button
              key={prompt.label}
              size="xs"
              variant="outline"
              bg="bg"
              flexShrink="0"
              disabled={blocked}
              onClick={() => sendPrompt(prompt.query)}
            >
              {prompt.label}
            </Button>
          ))}
        </Flex>
        <Flex
          as="form"
          gap="2"
          align="flex-end"
          onSubmit={(event) => {
            event.preventDefault();
            sendDraft();
          }}
        >
          <Textarea
            ref={inputRef}
            aria-label="Ask the assistant"
            placeholder="Ask about users, calls, tasks or your organization…"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            maxLength={LIMITS.question}
            aria-invalid={inputError !== null}
            aria-describedby={inputError !== null ? `${inputErrorId} ${inputHelpId}` : inputHelpId}
            rows={2}
            resize="none"
            bg="bg"
            flex="1"
          />
          <Button type="submit" colorPalette="brand" disabled={blocked} aria-label="Send">
            <SendHorizontal aria-hidden />
          </Button>
        </Flex>
        {inputError !== null ? (
          <Text id={inputErrorId} role="alert" fontSize="sm" color="fg.error" mt="1">
            {inputError}
          </Text>
        ) : null}
        {rateLimitWait !== null ? (
          <Text role="alert" fontSize="sm" color="fg.error" mt="1">
            {tooManyRequestsMessage(rateLimitWait)}
          </Text>
        ) : null}
        <Flex id={inputHelpId} justify="space-between" gap="2" fontSize="xs" color="fg.muted" mt="1">
          <Text>Enter to send, Shift+Enter for a new line.</Text>
          <CharacterCount length={draft.length} max={LIMITS.question} />
        </Flex>
      </Box>
    </Card.Root>
  );
}
