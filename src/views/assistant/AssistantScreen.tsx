/**
 * The Assistant screen (SPEC §2): a 600px chat panel with the conversation log, the five quick
 * prompts and the question input. The conversation itself lives in the chat actor (ChatProvider),
 * so it survives navigation; the question being typed stays here until the machine accepts it.
 */
import { Box, Button, Card, Flex, Heading, HStack, Icon, Link, List, Text, Textarea, VisuallyHidden } from '@chakra-ui/react';
import { useSelector } from '@xstate/react';
import { Bot, Database, Globe, RotateCcw, SendHorizontal, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link as RouterLink } from 'wouter';
import { QUICK_PROMPTS } from '../../domain/assistant';
import { formatTime } from '../../domain/dates';
import { tooManyRequestsMessage } from '../../domain/errors';
import { LIMITS } from '../../domain/limits';
import { safeExternalUrl } from '../../domain/urls';
import {
  selectFailedQuestion,
  selectHeldQuestion,
  selectInputError,
  selectIsAwaitingReply,
  selectMessages,
  selectRateLimitWait,
  type ChatActorRef,
  type ChatMessage,
  chatIntents,
} from '../../machines/chat';
import { CharacterCount } from '../shared/CharacterCount';
import { useChatActor } from './ChatProvider';
import { Markdown } from './markdown';
import { consolePathOf } from './sourceLinks';
import { useIntents } from '../shared/useIntents';

/** SPEC §9. */
export const CHAT_PANEL_HEIGHT = '600px';

export const SOURCE_NOTE = { web: 'Sources from web search', vector: 'Sources from organization data' } as const;

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
  // A question refused by a rate limit comes back to the composer (unless something else was typed
  // meanwhile), adjusted while rendering when the machine holds a new one.
  const [restored, setRestored] = useState<string | null>(null);
  if (heldQuestion !== restored) {
    setRestored(heldQuestion);
    if (heldQuestion !== null && draft.trim() === '') setDraft(heldQuestion);
  }
  const blocked = awaitingReply || rateLimitWait !== null;
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const promptsId = useId();
  const inputHelpId = useId();
  const inputErrorId = useId();

  // Keep the newest message (or the typing indicator) in view.
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, awaitingReply]);

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
            onRetry={failedQuestion !== null && message === messages.at(-1) ? () => retry(failedQuestion) : undefined}
          />
        ))}
        {awaitingReply ? <TypingIndicator /> : null}
      </Box>

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

function MessageBubble({ message, onRetry }: { message: ChatMessage; onRetry: (() => void) | undefined }) {
  const fromUser = message.type === 'user';
  const sender = fromUser ? 'You' : 'Assistant';
  return (
    // One article per message, named by its sender: a screen reader can move message by message.
    <Flex
      as="article"
      aria-label={sender}
      direction="column"
      align={fromUser ? 'flex-end' : 'flex-start'}
      data-message-type={message.type}
      data-failed={message.failed ? 'true' : undefined}
    >
      <Box
        maxW={{ base: '92%', md: '80%' }}
        px="4"
        py="3"
        borderRadius="xl"
        fontSize={{ base: 'sm', md: 'md' }}
        borderWidth={message.failed ? '1px' : undefined}
        borderColor={message.failed ? 'border.error' : undefined}
        bg={fromUser ? 'brand.solid' : message.failed ? 'bg.error' : 'bg.muted'}
        color={fromUser ? 'brand.contrast' : message.failed ? 'fg.error' : 'fg'}
      >
        <VisuallyHidden>{sender} said:</VisuallyHidden>
        {fromUser || message.failed ? (
          <Text whiteSpace="pre-wrap" overflowWrap="anywhere">
            {message.content}
          </Text>
        ) : (
          <Markdown text={message.content} />
        )}
        {/* The source note only with sources: a refusal or a greeting cites none. */}
        {!fromUser && !message.failed && message.sources.length > 0 ? <SourceNote message={message} /> : null}
        {onRetry ? (
          <Button size="xs" mt="2" variant="outline" colorPalette="red" bg="bg" onClick={onRetry}>
            <RotateCcw aria-hidden />
            Retry
          </Button>
        ) : null}
      </Box>
      <Text fontSize="xs" color="fg.muted" mt="1" px="1">
        <span aria-hidden>{sender} · </span>
        <time dateTime={message.timestamp}>{formatTime(message.timestamp)}</time>
      </Text>
    </Flex>
  );
}

function SourceNote({ message }: { message: ChatMessage }) {
  const web = message.sourceType === 'web';
  return (
    <Box mt="3" pt="2" borderTopWidth="1px" borderColor="border" fontSize="xs" color="fg.muted">
      <HStack gap="1">
        <Icon aria-hidden boxSize="3.5">
          {web ? <Globe /> : <Database />}
        </Icon>
        <Text>{SOURCE_NOTE[message.sourceType]}</Text>
      </HStack>
      <List.Root ps="5" mt="1" gap="0.5" aria-label="Sources">
        {message.sources.map((source) => {
          const href = safeExternalUrl(source.url);
          const page = consolePathOf(source);
          return (
            <List.Item key={`${source.type}:${source.id}`}>
              {page ? (
                <Link asChild color="brand.fg" textDecoration="underline">
                  <RouterLink href={page}>{source.title}</RouterLink>
                </Link>
              ) : href ? (
                <Link href={href} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
                  {source.title}
                </Link>
              ) : (
                source.title
              )}{' '}
              <Text as="span" color="fg.muted">
                ({source.type})
              </Text>
            </List.Item>
          );
        })}
      </List.Root>
    </Box>
  );
}
