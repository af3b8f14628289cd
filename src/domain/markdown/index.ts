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
export type { ParseMeter } from './scan';
export type { Block } from './blocks';
export type { Inline } from './inline';
export { escapeMarkdown } from './escape';
export { parseBlocks } from './blocks';
export { inlineText, parseInline } from './inline';
