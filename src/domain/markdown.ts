/**
 * The small markdown dialect of the Assistant's replies, as data: the parser the reply renderer
 * draws from (src/views/assistant/markdown.tsx), and the escaping the reference API applies to every
 * piece of organisation data it puts into an answer (server/copilot/markdown.ts).
 *
 * Blocks (one per line, no nesting): paragraphs, headings (#..######), bullet and numbered lists,
 * fenced code. Inline: `code`, **bold** / __bold__, *italic* / _italic_, [label](url) and
 * ![alt](src), and backslash escapes: a backslash before any ASCII punctuation character (or `•`)
 * makes that character plain text, as in CommonMark, so escaped data can never become markup.
 *
 * Both parsers are hand-written single passes (no regular expressions, so no backtracking): their
 * work is linear in the input whatever it is, since every character is looked at a bounded number
 * of times and every node is moved at most once. An optional meter counts that work, so a test can
 * check the bound on adversarial input.
 */

/** Counts the parser's work: one step per character looked at and per node moved. */
export interface ParseMeter {
  steps: number;
}

export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; lines: string[] }
  | { kind: 'list'; ordered: boolean; start: number; items: string[] }
  | { kind: 'code'; text: string };

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  /** The url is as written; whether it may be opened is the renderer's decision. */
  | { kind: 'link'; label: string; url: string };

// ---------------------------------------------------------------------------------------------
// Characters
// ---------------------------------------------------------------------------------------------

/** The characters of JavaScript's `\s` (and String.prototype.trim). */
function isSpace(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const c = ch.charCodeAt(0);
  return (
    c === 0x20 ||
    (c >= 0x09 && c <= 0x0d) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/**
 * The characters a backslash escapes: ASCII punctuation (CommonMark §2.4), and the `•` this
 * dialect also accepts as a bullet. (Asked about the character after a backslash, which may be none.)
 */
const ESCAPABLE: ReadonlySet<string | undefined> = new Set([...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', '•']);

function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

/**
 * A letter or digit next to `_` makes it part of a word (snake_case), not emphasis; so does a `_`
 * (an escaped one: an unescaped `_` is in the same run). Letters are the characters that have a
 * case, in ASCII and beyond (enough for names in any script we show).
 */
function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  return ch === '_' || isDigit(ch) || ch.toLowerCase() !== ch.toUpperCase();
}

// ---------------------------------------------------------------------------------------------
// Escaping (for text that must stay text)
// ---------------------------------------------------------------------------------------------

/**
 * Characters that start or end inline markup here or in CommonMark/GFM renderers: escapes, code,
 * emphasis, links (an escaped `[` also disarms `![`), HTML and autolinks, entities, strikethrough.
 */
const INLINE_SPECIAL = new Set(['\\', '`', '*', '_', '[', ']', '(', ')', '<', '>', '&', '~']);

/** Characters that start a block when they begin a line (heading, list, quote, rule, setext). */
const LINE_START_SPECIAL = new Set(['#', '-', '+', '=', '•']);

function isLineBreakOrControl(c: number): boolean {
  return c <= 0x1f || c === 0x7f || (c >= 0x80 && c <= 0x9f) || c === 0x2028 || c === 0x2029;
}

/**
 * Plain text as markdown that renders as exactly that text: line breaks and control characters
 * become spaces (so text cannot start a line, a list or a code fence), and every character that
 * could start or end markup is backslash-escaped. With `atLineStart`, leading spaces are dropped
 * and the characters that would start a block there are escaped too (`- `, `# `, `> `, `1. `).
 */
export function escapeMarkdown(text: string, atLineStart = false): string {
  let out = '';
  /** Nothing but spaces since the line started. */
  let lineStart = atLineStart;
  /** Nothing but digits since the line started: a '.' now would start a numbered list (a ')' too, but it is always escaped). */
  let number = false;
  for (const ch of text) {
    const control = isLineBreakOrControl(ch.charCodeAt(0));
    if (lineStart && (control || isSpace(ch))) continue;
    if (control) out += ' ';
    else if (INLINE_SPECIAL.has(ch) || (lineStart && LINE_START_SPECIAL.has(ch)) || (number && ch === '.')) out += `\\${ch}`;
    else out += ch;
    number = (lineStart || number) && isDigit(ch);
    lineStart = false;
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Blocks
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Inline
// ---------------------------------------------------------------------------------------------

type Marker = '*' | '**' | '_' | '__';

/** Backslash escapes resolved (link labels and image alt text are shown as plain text). */
function unescape(text: string, meter: ParseMeter): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    meter.steps += 1;
    const ch = text.charAt(i);
    if (ch === '\\' && ESCAPABLE.has(text.charAt(i + 1))) {
      out += text.charAt(i + 1);
      i += 1;
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * The end of a link label that starts after the `[` at `open`: the index of the first unescaped `]`,
 * or `open` itself (no label) when a `[` comes first (the inner bracket is the label) or the text
 * ends. Scans from consecutive `[` never overlap, since each stops at the next `[`.
 */
function labelEnd(src: string, open: number, meter: ParseMeter): number {
  for (let i = open + 1; i < src.length; i += 1) {
    meter.steps += 1;
    const ch = src[i];
    if (ch === '\\' && ESCAPABLE.has(src[i + 1])) i += 1;
    else if (ch === ']') return i;
    else if (ch === '[') return open;
  }
  return open;
}

/**
 * The index of the `)` that closes a link destination starting at `from` (just after `(`), or -1.
 * A destination has no spaces and at most one level of balanced parentheses, so a scan ends at
 * the second `(` it meets unclosed: scans of different links overlap by a bounded amount.
 */
function destinationEnd(src: string, from: number, meter: ParseMeter): number {
  let depth = 0;
  for (let i = from; i < src.length; i += 1) {
    meter.steps += 1;
    const ch = src[i];
    if (isSpace(ch)) return -1;
    if (ch === '(') {
      if (depth > 0) return -1;
      depth = 1;
    } else if (ch === ')') {
      if (depth === 0) return i;
      depth = 0;
    }
  }
  return -1;
}

/**
 * Inline markdown to nodes, in one left-to-right pass. Emphasis: a run of one marker (`*`, `_`) is
 * italic, of two bold; longer runs are text. A run opens when followed by a non-space, closes when
 * preceded by one (`_` also needs no letter or digit outside it), and at most one emphasis of each
 * marker is open at a time; openers never closed are text. Code spans take one backtick each side.
 */
export function parseInline(src: string, meter: ParseMeter = { steps: 0 }): Inline[] {
  const out: Inline[] = [];
  /** The open emphasis of each marker: the index in `out` of its placeholder text node. */
  const openAt = new Map<Marker, number>();
  let text = '';
  let runStart = 0;

  const flush = (i: number) => {
    text += src.slice(runStart, i);
    if (text !== '') out.push({ kind: 'text', text });
    text = '';
  };

  let i = 0;
  while (i < src.length) {
    meter.steps += 1;
    const ch = src[i];

    if (ch === '\\' && ESCAPABLE.has(src[i + 1])) {
      // The backslash goes; the run of plain text goes on from the character it escapes.
      text += src.slice(runStart, i);
      runStart = i + 1;
      i += 2;
      continue;
    }

    if (ch === '`') {
      // The next backtick closes the span: a scan either ends the text, consumes the span, or stops
      // at the very next character (an empty span is text), so scans never overlap.
      let close = i; // no closing backtick
      for (let j = i + 1; j < src.length; j += 1) {
        meter.steps += 1;
        if (src[j] === '`') {
          close = j;
          break;
        }
      }
      if (close > i + 1) {
        flush(i);
        out.push({ kind: 'code', text: src.slice(i + 1, close) });
        meter.steps += close - i;
        i = close + 1;
        runStart = i;
        continue;
      }
      i += 1;
      continue;
    }

    const image = ch === '!' && src[i + 1] === '[';
    if (ch === '[' || image) {
      const open = image ? i + 1 : i;
      const end = labelEnd(src, open, meter);
      const destination = end > open + (image ? 0 : 1) && src[end + 1] === '(' ? destinationEnd(src, end + 2, meter) : -1;
      if (destination !== -1) {
        const label = unescape(src.slice(open + 1, end), meter);
        if (image) {
          // Images are never shown: their alt text is.
          text += src.slice(runStart, i) + label;
        } else {
          flush(i);
          out.push({ kind: 'link', label, url: src.slice(end + 2, destination) });
        }
        meter.steps += destination - end;
        i = destination + 1;
        runStart = i;
        continue;
      }
      i += 1;
      continue;
    }

    if (ch === '*' || ch === '_') {
      let end = i;
      while (src[end] === ch) {
        meter.steps += 1;
        end += 1;
      }
      const length = end - i;
      if (length > 2) {
        i = end;
        continue;
      }
      const marker = (length === 2 ? ch + ch : ch) as Marker;
      const before = src[i - 1];
      const after = src[end];
      const intraword = ch === '_';
      const canOpen = after !== undefined && !isSpace(after) && !(intraword && isWordChar(before));
      // (At the start of the text there is nothing to close.)
      const canClose = !isSpace(before) && !(intraword && isWordChar(after));
      const at = openAt.get(marker);
      if (canClose && at !== undefined) {
        flush(i);
        const children = out.splice(at + 1);
        meter.steps += children.length;
        out[at] = { kind: length === 2 ? 'strong' : 'em', children };
        // Openers inside this one (placed after it) that never closed stay as text (their placeholders).
        for (const [inner, innerAt] of openAt) if (innerAt >= at) openAt.delete(inner);
      } else if (canOpen && at === undefined) {
        flush(i);
        openAt.set(marker, out.length);
        out.push({ kind: 'text', text: marker });
      } else {
        i = end;
        continue;
      }
      i = end;
      runStart = i;
      continue;
    }

    i += 1;
  }
  flush(src.length);
  return mergeText(out, meter);
}

/** Adjacent text nodes joined (unclosed openers leave placeholders next to text). */
function mergeText(nodes: Inline[], meter: ParseMeter): Inline[] {
  const merged: Inline[] = [];
  for (const node of nodes) {
    meter.steps += 1;
    const last = merged[merged.length - 1];
    if (node.kind === 'text' && last?.kind === 'text') {
      merged[merged.length - 1] = { kind: 'text', text: last.text + node.text };
    } else if (node.kind === 'strong' || node.kind === 'em') {
      merged.push({ kind: node.kind, children: mergeText(node.children, meter) });
    } else {
      merged.push(node);
    }
  }
  return merged;
}

/** The text a person reads (for tests and accessible names). */
export function inlineText(nodes: readonly Inline[]): string {
  return nodes
    .map((n) => (n.kind === 'text' || n.kind === 'code' ? n.text : n.kind === 'link' ? n.label : inlineText(n.children)))
    .join('');
}
