/**
 * Answer text is markdown, and organisation data (member, organisation and site names, call
 * summaries, task titles, emails, the question echoed back) is text: it must never become markup.
 * A member named `[Sign in again](https://evil.example)` has to read as exactly that, not as a link.
 *
 * So answers are built only with the `md` tag: its literal parts are the answer's own markup, and
 * every interpolated string is escaped (escapeMarkdown in src/domain/markdown/escape.ts, which the console's
 * renderer undoes). `Answer.result` is a `Markdown`, not a string, so text built any other way does
 * not type-check, and no interpolation can be forgotten.
 */
import { escapeMarkdown } from '../../../src/domain/markdown';

const MARKDOWN: unique symbol = Symbol('markdown');

/** Markdown built by `md`: safe to put into an answer as it is. */
export interface Markdown {
  readonly [MARKDOWN]: true;
  readonly text: string;
}

/** What an answer may interpolate: data (escaped), numbers, or markdown built by `md`. */
export type MarkdownValue = string | number | Markdown;

function isMarkdown(value: MarkdownValue): value is Markdown {
  return typeof value === 'object' && value !== null && MARKDOWN in value;
}

function markdown(text: string): Markdown {
  return { [MARKDOWN]: true, text };
}

/** Whether the text so far ends where a new line starts (so a value there is escaped as a line start). */
function endsAtLineStart(text: string): boolean {
  let i = text.length - 1;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i -= 1;
  return i < 0 || text[i] === '\n';
}

/** A markdown template: the literal parts as written, every string value escaped as text. */
export function md(strings: TemplateStringsArray, ...values: readonly MarkdownValue[]): Markdown {
  let text = strings[0] ?? '';
  values.forEach((value, i) => {
    if (isMarkdown(value)) text += value.text;
    else if (typeof value === 'number') text += String(value);
    else text += escapeMarkdown(value, endsAtLineStart(text));
    text += strings[i + 1] ?? '';
  });
  return markdown(text);
}

/** Markdown parts joined by a separator (itself markdown: `md`, not a string). */
export function joinMarkdown(parts: readonly Markdown[], separator: Markdown): Markdown {
  return markdown(parts.map((part) => part.text).join(separator.text));
}

/** Lines of markdown as one text. */
export function markdownLines(lines: readonly Markdown[]): Markdown {
  return joinMarkdown(lines, md`\n`);
}

/** The same markdown with its first letter in upper case (a sentence that starts with a phrase). */
export function capitalize(value: Markdown): Markdown {
  const first = value.text.charAt(0);
  return markdown(first >= 'a' && first <= 'z' ? `${first.toUpperCase()}${value.text.slice(1)}` : value.text);
}

/** Markdown parts joined as words ("a", "b", "c" -> "a b c"), skipping empty ones. */
export function words(parts: ReadonlyArray<Markdown | null | undefined | false>): Markdown {
  return joinMarkdown(
    parts.filter((p): p is Markdown => Boolean(p) && (p as Markdown).text !== ''),
    md` `,
  );
}
