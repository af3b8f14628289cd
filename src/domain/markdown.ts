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
 * dialect also accepts as a bullet.
 */
function isEscapable(ch: string | undefined): boolean {
  // Stryker disable next-line ConditionalExpression: `''.charCodeAt(0)` is NaN, which is in no range and is not '•', so the length check changes no answer
  if (ch === undefined || ch.length !== 1) return false;
  const c = ch.charCodeAt(0);
  return (c >= 0x21 && c <= 0x2f) || (c >= 0x3a && c <= 0x40) || (c >= 0x5b && c <= 0x60) || (c >= 0x7b && c <= 0x7e) || ch === '•';
}

/** A letter or digit next to `_` makes it part of a word (snake_case), not emphasis. */
function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  // Stryker disable next-line ConditionalExpression,StringLiteral,BooleanLiteral: never asked about '_' itself: a '_' run takes every '_' next to it, so its neighbours are other characters
  if (ch === '_') return true;
  const c = ch.charCodeAt(0);
  if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) return true;
  // Beyond ASCII: letters are the characters that have a case (enough for names in any script we show).
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the ASCII characters that get here are not letters or digits, and none of them has a case
  return c > 0x7f && ch.toLowerCase() !== ch.toUpperCase();
}

function isDigit(ch: string | undefined): boolean {
  // Stryker disable next-line ConditionalExpression: `undefined >= '0'` is false
  return ch !== undefined && ch >= '0' && ch <= '9';
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
  // Stryker disable next-line EqualityOperator: `c < 0x20` → `c <= 0x20` only adds the space, which is written as a space either way
  return c < 0x20 || c === 0x7f || (c >= 0x80 && c <= 0x9f) || c === 0x2028 || c === 0x2029;
}

/**
 * Plain text as markdown that renders as exactly that text: line breaks and control characters
 * become spaces (so text cannot start a line, a list or a code fence), and every character that
 * could start or end markup is backslash-escaped. With `atLineStart`, leading spaces are dropped
 * and the characters that would start a block there are escaped too (`- `, `# `, `> `, `1. `).
 */
export function escapeMarkdown(text: string, atLineStart = false): string {
  let out = '';
  let lineStart = atLineStart;
  // Stryker disable next-line EqualityOperator: one step past the end `charAt` gives '', which writes nothing
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charAt(i);
    const c = ch.charCodeAt(0);
    const space = isLineBreakOrControl(c) || isSpace(ch);
    if (space && lineStart) continue;
    if (space) {
      out += isLineBreakOrControl(c) ? ' ' : ch;
      continue;
    }
    if (INLINE_SPECIAL.has(ch)) {
      out += `\\${ch}`;
    } else if (lineStart && LINE_START_SPECIAL.has(ch)) {
      out += `\\${ch}`;
    } else if (lineStart && isDigit(ch)) {
      // '12. ' or '12) ' would start a numbered list: escape the delimiter after the digits.
      let j = i;
      while (isDigit(text.charAt(j))) j += 1;
      out += text.slice(i, j);
      const next = text.charAt(j);
      // Stryker disable next-line ConditionalExpression: a ')' not escaped here is escaped on the next step, as an inline special character
      if (next === '.' || next === ')') {
        out += `\\${next}`;
        j += 1;
      }
      i = j - 1;
    } else {
      out += ch;
    }
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
  // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end the character is undefined, which is not a space
  while (i < line.length && isSpace(line[i])) {
    meter.steps += 1;
    i += 1;
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
  // Stryker disable next-line ConditionalExpression,EqualityOperator: past the end the character is undefined, which is not '#'
  while (level < line.length && line[level] === '#') {
    meter.steps += 1;
    level += 1;
  }
  if (level < 1 || level > 6 || !isSpace(line[level])) return null;
  const start = skipSpaces(line, level, meter);
  // Trailing spaces, then a closing run of '#' (only when a space or the start precedes it).
  let end = line.length;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the character before `start` is a space (the one after the #s), so the loop can only pass `start` over spaces, and `slice(start, end)` is '' for any `end <= start`
  while (end > start && isSpace(line[end - 1])) {
    meter.steps += 1;
    end -= 1;
  }
  let hashes = end;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: the character before `start` is a space, so the loop stops there on its own
  while (hashes > start && line[hashes - 1] === '#') {
    meter.steps += 1;
    hashes -= 1;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: with no closing #s `hashes` is `end`, and cutting at `end` changes nothing; the character before `start` is a space, so `hashes === start` adds nothing to the space test
  if (hashes < end && (hashes === start || isSpace(line[hashes - 1]))) {
    end = hashes;
    // Stryker disable next-line ConditionalExpression,EqualityOperator: as above: below `start` there are only spaces, and `slice(start, end)` is '' for any `end <= start`
    while (end > start && isSpace(line[end - 1])) {
      meter.steps += 1;
      end -= 1;
    }
  }
  return { level, text: line.slice(start, end) };
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
  // Stryker disable next-line ConditionalExpression,LogicalOperator,EqualityOperator: the loop stops at the first non-digit (undefined past the end is none); without the cap of 10 it reads more digits of a number the next line refuses (more than 9) anyway. `j + i` on this line is killed (indented numbers)
  while (j < line.length && j - i < 10 && isDigit(line[j])) {
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
  // Stryker disable next-line EqualityOperator: one step past the end the character is undefined, which ends no line
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
// Stryker disable next-line ObjectLiteral: the default meter is read by nobody (steps on undefined become NaN, unseen)
export function parseBlocks(source: string, meter: ParseMeter = { steps: 0 }): Block[] {
  const lines = splitLines(source, meter);
  const blocks: Block[] = [];
  // Stryker disable next-line ObjectLiteral: `open`'s fields are only tested for truth, and undefined is as false as null
  const open: { paragraph: string[] | null; list: ListBlock | null } = { paragraph: null, list: null };
  const close = () => {
    if (open.paragraph) blocks.push({ kind: 'paragraph', lines: open.paragraph });
    if (open.list) blocks.push(open.list);
    open.paragraph = null;
    open.list = null;
  };

  // Stryker disable next-line EqualityOperator: one step past the last line reads '' (a blank line), which closes the open blocks as the end does
  for (let i = 0; i < lines.length; i += 1) {
    // Stryker disable next-line StringLiteral: `i` is inside the array here; the fallback is for the type only
    const line = lines[i] ?? '';
    meter.steps += 1;
    if (isFence(line, meter)) {
      close();
      const body: string[] = [];
      i += 1;
      // Stryker disable next-line StringLiteral: `i` is inside the array here; the fallback is for the type only
      while (i < lines.length && !isFence(lines[i] ?? '', meter)) {
        // Stryker disable next-line StringLiteral: `i` is inside the array here; the fallback is for the type only
        body.push(lines[i] ?? '');
        i += 1;
      }
      blocks.push({ kind: 'code', text: body.join('\n') });
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
      if (open.list && open.list.ordered === item.ordered) {
        open.list.items.push(item.text);
      } else {
        close();
        open.list = { kind: 'list', ordered: item.ordered, start: item.start, items: [item.text] };
      }
      continue;
    }
    if (open.list && isSpace(line[0])) {
      // An indented line continues the last list item.
      const items = open.list.items;
      // Stryker disable next-line StringLiteral: an item is continued only when the list has one; the fallback is for the type only
      items[items.length - 1] = `${items[items.length - 1] ?? ''} ${trimmed}`;
      continue;
    }
    if (open.list) close();
    open.paragraph ??= [];
    open.paragraph.push(trimmed);
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
  // Stryker disable next-line EqualityOperator: one step past the end `charAt` gives '', which adds nothing
  for (let i = 0; i < text.length; i += 1) {
    meter.steps += 1;
    const ch = text.charAt(i);
    if (ch === '\\' && isEscapable(text.charAt(i + 1))) {
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
 * or -1 when a `[` comes first (the inner bracket is the label) or the text ends. Scans from
 * consecutive `[` never overlap, since each stops at the next `[`.
 */
function labelEnd(src: string, open: number, meter: ParseMeter): number {
  // Stryker disable next-line EqualityOperator: one step past the end the character is undefined: no ']', '[' or escape
  for (let i = open + 1; i < src.length; i += 1) {
    meter.steps += 1;
    const ch = src[i];
    if (ch === '\\' && isEscapable(src[i + 1])) i += 1;
    else if (ch === ']') return i;
    else if (ch === '[') {
      // Stryker disable next-line UnaryOperator: callers take an end only past `open + 1` (`open` is at least 0), so 1 is refused as -1 is
      return -1;
    }
  }
  // Stryker disable next-line UnaryOperator: as for the '[' above: 1 is refused as -1 is
  return -1;
}

/**
 * The index of the `)` that closes a link destination starting at `from` (just after `(`), or -1.
 * A destination has no spaces and at most one level of balanced parentheses, so a scan ends at
 * the second `(` it meets unclosed: scans of different links overlap by a bounded amount.
 */
function destinationEnd(src: string, from: number, meter: ParseMeter): number {
  let depth = 0;
  // Stryker disable next-line EqualityOperator: one step past the end the character is undefined: no space and no parenthesis
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
// Stryker disable next-line ObjectLiteral: the default meter is read by nobody
export function parseInline(src: string, meter: ParseMeter = { steps: 0 }): Inline[] {
  const out: Inline[] = [];
  /** Openers, innermost last; each is a placeholder text node at `at` in `out`. */
  // Stryker disable next-line ArrayDeclaration: entries are found by the index stored when they were pushed; an extra first entry is never an opener and is never read
  const frames: { marker: Marker; at: number }[] = [];
  const openAt = new Map<Marker, number>();
  let text = '';
  let runStart = 0;

  const flush = (i: number) => {
    text += src.slice(runStart, i);
    if (text !== '') out.push({ kind: 'text', text });
    text = '';
  };

  let i = 0;
  // Stryker disable next-line EqualityOperator: one step past the end the character is undefined, which matches no branch and moves on
  while (i < src.length) {
    meter.steps += 1;
    const ch = src[i];

    if (ch === '\\' && isEscapable(src[i + 1])) {
      // Stryker disable next-line StringLiteral: the escaped character exists (isEscapable said so); the fallback is for the type only
      text += src.slice(runStart, i) + (src[i + 1] ?? '');
      i += 2;
      runStart = i;
      continue;
    }

    if (ch === '`') {
      // The next backtick closes the span: a scan either ends the text, consumes the span, or stops
      // at the very next character (an empty span is text), so scans never overlap.
      // Stryker disable next-line UnaryOperator: `close > i + 1` refuses 1 as it refuses -1 (`i` is at least 0)
      let close = -1;
      // Stryker disable next-line EqualityOperator: one step past the end the character is undefined, not a backtick
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

    // Stryker disable next-line ConditionalExpression: another character before '[' is not an image: the label scan from it stops at that '[' at once, and the next step reads the '[' as a link. (This also hides `src[i + 1] === '['` → true, which the '!x](u)' test kills; `||` for `&&` is killed)
    if (ch === '[' || (ch === '!' && src[i + 1] === '[')) {
      const image = ch === '!';
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
      // Stryker disable next-line ConditionalExpression,EqualityOperator: `src[-1]` is undefined too
      const before = i > 0 ? src[i - 1] : undefined;
      const after = src[end];
      const intraword = ch === '_';
      // Stryker disable next-line ConditionalExpression: an opener at the very end never closes and stays text, which mergeText joins to the text before it
      const canOpen = after !== undefined && !isSpace(after) && !(intraword && isWordChar(before));
      // Stryker disable next-line ConditionalExpression: at the start there is no opener to close, and the run is then tested as an opener as before
      const canClose = before !== undefined && !isSpace(before) && !(intraword && isWordChar(after));
      const opener = openAt.get(marker);
      if (canClose && opener !== undefined) {
        flush(i);
        const frame = frames[opener];
        // Stryker disable next-line OptionalChaining: an opener's index always names a frame
        const at = frame?.at ?? out.length;
        const children = out.splice(at + 1);
        meter.steps += children.length;
        out[at] = { kind: length === 2 ? 'strong' : 'em', children };
        // Openers inside this one that never closed stay as text (their placeholders).
        for (const inner of frames.splice(opener)) openAt.delete(inner.marker);
      } else if (canOpen && opener === undefined) {
        flush(i);
        openAt.set(marker, frames.length);
        frames.push({ marker, at: out.length });
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
