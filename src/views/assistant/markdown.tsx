/**
 * A deliberately tiny, safe markdown renderer for the Assistant's replies. It builds React elements
 * from the parsed text (src/domain/markdown: a linear, regex-free parser; never innerHTML), so
 * anything that looks like HTML is shown as text. Supported: paragraphs, headings (#..######),
 * bullet and numbered lists, fenced code, **bold**, *italic*, `inline code`, backslash escapes and
 * [links](https://...) — links only when https, opened in a new tab with rel="noopener noreferrer";
 * other links show their label. Images (![alt](src)) are never loaded: their alt text is shown.
 */
import { Box, Code, Heading, Link, List, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { parseBlocks, parseInline, type Block, type Inline } from '../../domain/markdown';
import { safeExternalUrl } from '../../domain/urls';

function renderNodes(nodes: readonly Inline[], keyPrefix: string): ReactNode[] {
  return nodes.map((node, n) => {
    const key = `${keyPrefix}.${n}`;
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return (
          <Code key={key} size="sm">
            {node.text}
          </Code>
        );
      case 'strong':
        return <strong key={key}>{renderNodes(node.children, key)}</strong>;
      case 'em':
        return <em key={key}>{renderNodes(node.children, key)}</em>;
      case 'link': {
        const href = safeExternalUrl(node.url);
        return href ? (
          <Link key={key} href={href} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
            {node.label}
          </Link>
        ) : (
          node.label
        );
      }
    }
  });
}

/** Inline markdown to React nodes; everything that is not recognised stays text. */
function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  return renderNodes(parseInline(text), keyPrefix);
}

const HEADING_TAG = ['h3', 'h4', 'h5', 'h6', 'h6', 'h6'] as const;

function renderBlock(block: Block, key: string): ReactNode {
  switch (block.kind) {
    case 'heading':
      return (
        <Heading key={key} as={HEADING_TAG[block.level - 1] ?? 'h6'} size={block.level === 1 ? 'md' : 'sm'}>
          {renderInline(block.text, key)}
        </Heading>
      );
    case 'list':
      return (
        <List.Root
          key={key}
          as={block.ordered ? 'ol' : 'ul'}
          ps="5"
          gap="1"
          {...(block.ordered && block.start !== 1 ? { start: block.start } : {})}
        >
          {block.items.map((item, i) => (
            <List.Item key={`${key}.${i}`}>{renderInline(item, `${key}.${i}`)}</List.Item>
          ))}
        </List.Root>
      );
    case 'code':
      return (
        <Box key={key} as="pre" fontFamily="mono" fontSize="sm" bg="bg.subtle" borderRadius="md" p="2" overflowX="auto" whiteSpace="pre">
          {block.text}
        </Box>
      );
    case 'paragraph':
      return (
        <Text key={key}>
          {block.lines.flatMap((line, i) =>
            i === 0 ? renderInline(line, `${key}.${i}`) : [<br key={`${key}.br${i}`} />, ...renderInline(line, `${key}.${i}`)],
          )}
        </Text>
      );
  }
}

/** The reply text as safe React elements. */
export function Markdown({ text }: { text: string }) {
  return (
    <Box display="flex" flexDirection="column" gap="2" overflowWrap="anywhere">
      {parseBlocks(text).map((block, i) => renderBlock(block, `b${i}`))}
    </Box>
  );
}
