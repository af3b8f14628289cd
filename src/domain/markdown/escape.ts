/** Escaping: organisation data put into an answer as markdown that renders as exactly that text. */
import { isDigit, isSpace } from './scan';

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
