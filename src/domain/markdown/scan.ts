/** What the parsers and the escaping share: the work meter, and the character classes. */

/** Counts the parser's work: one step per character looked at and per node moved. */
export interface ParseMeter {
  steps: number;
}

/** The characters of JavaScript's `\s` (and String.prototype.trim). */
export function isSpace(ch: string | undefined): boolean {
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
export const ESCAPABLE: ReadonlySet<string | undefined> = new Set([...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~', '•']);

export function isDigit(ch: string): boolean {
  return ch >= '0' && ch <= '9';
}

/**
 * A letter or digit next to `_` makes it part of a word (snake_case), not emphasis; so does a `_`
 * (an escaped one: an unescaped `_` is in the same run). Letters are the characters that have a
 * case, in ASCII and beyond (enough for names in any script we show).
 */
export function isWordChar(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  return ch === '_' || isDigit(ch) || ch.toLowerCase() !== ch.toUpperCase();
}
