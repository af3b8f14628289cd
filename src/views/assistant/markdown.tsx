/**
 * A deliberately tiny, safe markdown renderer for the Assistant's replies. It builds React elements
 * from the text (never innerHTML), so anything that looks like HTML is shown as text. Supported:
 * paragraphs, headings (#..######), bullet and numbered lists, fenced code, **bold**, *italic*,
 * `inline code` and [links](https://...) — links only when https, opened in a new tab with
 * rel="noopener noreferrer". Images (![alt](src)) show their alt text; other links show their label.
 */
import { Box, Code, Heading, Link, List, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { safeExternalUrl } from '../../domain/urls';

export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'code'; text: string };

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+•]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const FENCE = /^\s*```/;

type ListBlock = Extract<Block, { kind: 'list' }>;

/** Splits the text into blocks (line based; no nesting). */
export function parseBlocks(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  const open: { paragraph: string[] | null; list: ListBlock | null } = { paragraph: null, list: null };
  const close = () => {
    if (open.paragraph) blocks.push({ kind: 'paragraph', lines: open.paragraph });
    if (open.list) blocks.push(open.list);
    open.paragraph = null;
    open.list = null;
  };

  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    if (FENCE.test(line)) {
      close();
      const body: string[] = [];
      i += 1;
      while (i < lines.length && !FENCE.test(lines[i] ?? '')) {
        body.push(lines[i] ?? '');
        i += 1;
      }
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      close();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', level: (heading[1] ?? '#').length, text: heading[2] ?? '' });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const text = (bullet ? bullet[1] : numbered?.[2]) ?? '';
      if (open.list && open.list.ordered === ordered) {
        open.list.items.push(text);
      } else {
        close();
        open.list = { kind: 'list', ordered, start: numbered ? Number(numbered[1]) : 1, items: [text] };
      }
      continue;
    }
    if (open.list && /^\s+/.test(line)) {
      // An indented line continues the last list item.
      const items = open.list.items;
      items[items.length - 1] = `${items[items.length - 1] ?? ''} ${line.trim()}`;
      continue;
    }
    if (open.list) close();
    open.paragraph ??= [];
    open.paragraph.push(line.trim());
  }
  close();
  return blocks;
}

// Earliest match wins; alternatives: image, link (one level of parentheses in the URL), code,
// bold (** or __), italic (* or _, not touching spaces).
const INLINE =
  /!\[([^\]]*)\]\(((?:[^()\s]|\([^()\s]*\))*)\)|\[([^\]]+)\]\(((?:[^()\s]|\([^()\s]*\))*)\)|`([^`]+)`|\*\*(.+?)\*\*|__(.+?)__|\*(?![\s*])(.+?)(?<![\s*])\*|\b_(?![\s_])(.+?)(?<![\s_])_\b/;

/** Inline markdown to React nodes; everything that is not recognised stays text. */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  let rest = text;
  let n = 0;
  while (rest.length > 0) {
    const match = INLINE.exec(rest);
    if (!match) {
      nodes.push(rest);
      break;
    }
    if (match.index > 0) nodes.push(rest.slice(0, match.index));
    const key = `${keyPrefix}.${n}`;
    n += 1;
    const [whole, imageAlt, , linkLabel, linkUrl, code, bold1, bold2, italic1, italic2] = match;
    if (imageAlt !== undefined) {
      nodes.push(imageAlt);
    } else if (linkLabel !== undefined) {
      const href = safeExternalUrl(linkUrl);
      nodes.push(
        href ? (
          <Link key={key} href={href} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
            {linkLabel}
          </Link>
        ) : (
          linkLabel
        ),
      );
    } else if (code !== undefined) {
      nodes.push(
        <Code key={key} size="sm">
          {code}
        </Code>,
      );
    } else if (bold1 !== undefined || bold2 !== undefined) {
      nodes.push(<strong key={key}>{renderInline(bold1 ?? bold2 ?? '', key)}</strong>);
    } else {
      nodes.push(<em key={key}>{renderInline(italic1 ?? italic2 ?? '', key)}</em>);
    }
    rest = rest.slice(match.index + whole.length);
  }
  return nodes;
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
        <List.Root key={key} as={block.ordered ? 'ol' : 'ul'} ps="5" gap="1" {...(block.ordered && block.start !== 1 ? { start: block.start } : {})}>
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
          {block.lines.flatMap((line, i) => (i === 0 ? renderInline(line, `${key}.${i}`) : [<br key={`${key}.br${i}`} />, ...renderInline(line, `${key}.${i}`)]))}
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
