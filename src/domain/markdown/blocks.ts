/** The block parser: a reply's lines as headings, paragraphs, lists and fenced code (no nesting). */
import { isDigit, isSpace, type ParseMeter } from './scan';

/** A reply's block: one line or a run of lines. */
export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'code'; text: string };

type ListBlock = Extract<Block, { kind: 'list' }>;

/** Index of the first non-space character at or after `from`. */
function skipSpaces(line: string, from: number, meter: ParseMeter): number {
  let i = from;
  while (isSpace(line[i])) {
    meter.steps += 1;
    i += 1;
  }
  return i;
}

/** Index just past the last non-space character before `end`, but not below `from`. */
function skipSpacesBack(line: string, from: number, end: number, meter: ParseMeter): number {
  let i = end;
  while (i > from && isSpace(line[i - 1])) {
    meter.steps += 1;
    i -= 1;
  }
  return i;
}

function isFence(line: string, meter: ParseMeter): boolean {
  const i = skipSpaces(line, 0, meter);
  meter.steps += 3;
  return line.startsWith('```', i);
}

function headingOf(line: string, meter: ParseMeter): { level: number; text: string } | null {
  let level = 0;
  while (line[level] === '#') {
    meter.steps += 1;
    level += 1;
  }
  if (level < 1 || level > 6 || !isSpace(line[level])) return null;
  const start = skipSpaces(line, level, meter);
  const end = skipSpacesBack(line, start, line.length, meter);
  // A closing run of '#' goes when a space precedes it: the one before `start` if the text is only #s,
  // which also stops this scan.
  let hashes = end;
  while (line[hashes - 1] === '#') {
    meter.steps += 1;
    hashes -= 1;
  }
  return { level, text: line.slice(start, isSpace(line[hashes - 1]) ? skipSpacesBack(line, start, hashes, meter) : end) };
}

function listItemOf(line: string, meter: ParseMeter): { ordered: boolean; start: number; text: string } | null {
  const i = skipSpaces(line, 0, meter);
  const marker = line[i];
  meter.steps += 1;
  if (marker === '-' || marker === '*' || marker === '+' || marker === '•') {
    if (!isSpace(line[i + 1])) return null;
    return { ordered: false, start: 1, text: line.slice(skipSpaces(line, i + 1, meter)) };
  }
  let j = i;
  while (isDigit(line.charAt(j))) {
    meter.steps += 1;
    j += 1;
  }
  if (j === i || j - i > 9 || (line[j] !== '.' && line[j] !== ')') || !isSpace(line[j + 1])) return null;
  return { ordered: true, start: Number(line.slice(i, j)), text: line.slice(skipSpaces(line, j + 1, meter)) };
}

/** The lines of the text; a line ends at \n, \r\n or \r. */
function splitLines(source: string, meter: ParseMeter): string[] {
  const lines: string[] = [];
  let start = 0;
  for (let i = 0; i < source.length; i += 1) {
    meter.steps += 1;
    const ch = source[i];
    if (ch !== '\n' && ch !== '\r') continue;
    lines.push(source.slice(start, i));
    if (ch === '\r' && source[i + 1] === '\n') i += 1;
    start = i + 1;
  }
  lines.push(source.slice(start));
  return lines;
}

/** Splits the text into blocks (line based; no nesting). */
export function parseBlocks(source: string, meter: ParseMeter = { steps: 0 }): Block[] {
  const blocks: Block[] = [];
  // The block being read (one at most), until a blank line, another block or the end closes it.
  let paragraph: string[] | null = null;
  let list: ListBlock | null = null;
  let code: string[] | null = null;
  const close = () => {
    if (paragraph) blocks.push({ kind: 'paragraph', lines: paragraph });
    if (list) blocks.push(list);
    if (code) blocks.push({ kind: 'code', text: code.join('\n') });
    paragraph = null;
    list = null;
    code = null;
  };

  for (const line of splitLines(source, meter)) {
    if (code) {
      // Inside a fence, a line is only tested for the closing fence.
      if (isFence(line, meter)) close();
      else code.push(line);
      continue;
    }
    meter.steps += 1;
    if (isFence(line, meter)) {
      close();
      code = [];
      continue;
    }
    // trim() and the slices below each read the line once.
    meter.steps += line.length;
    const trimmed = line.trim();
    if (trimmed === '') {
      close();
      continue;
    }
    const heading = headingOf(line, meter);
    if (heading) {
      close();
      blocks.push({ kind: 'heading', ...heading });
      continue;
    }
    const item = listItemOf(line, meter);
    if (item) {
      if (list && list.ordered === item.ordered) {
        list.items.push(item.text);
      } else {
        close();
        list = { kind: 'list', ordered: item.ordered, start: item.start, items: [item.text] };
      }
      continue;
    }
    if (list && isSpace(line[0])) {
      // An indented line continues the last list item.
      list.items[list.items.length - 1] += ` ${trimmed}`;
      continue;
    }
    if (list) close();
    paragraph ??= [];
    paragraph.push(trimmed);
  }
  close();
  return blocks;
}
