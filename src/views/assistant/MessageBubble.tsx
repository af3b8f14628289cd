/**
 * One message of the Assistant's conversation (./ConversationLog.tsx): a bubble with the question,
 * the answer in markdown with the sources it cites, or the failure with Retry when it is the last
 * message; the sender and the time beneath.
 */
import { Box, Button, Flex, HStack, Icon, Link, List, Text, VisuallyHidden } from '@chakra-ui/react';
import { Database, Globe, RotateCcw } from 'lucide-react';
import { Link as RouterLink } from 'wouter';
import { formatTime } from '../../domain/dates';
import { safeExternalUrl } from '../../domain/urls';
import type { ChatMessage } from '../../machines/chat';
import { Markdown } from './markdown';
import { consolePathOf } from './sourceLinks';

export const SOURCE_NOTE = { web: 'Sources from web search', vector: 'Sources from organization data' } as const;

export function MessageBubble({ message, onRetry }: { message: ChatMessage; onRetry: (() => void) | undefined }) {
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
