/** The inline parser: code, bold, italic, links and backslash escapes within one block's text. */
import { ESCAPABLE, isSpace, isWordChar, type ParseMeter } from './scan';

/** A piece of a block's text. */
export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  /** The url is as written; whether it may be opened is the renderer's decision. */
  | { kind: 'link'; label: string; url: string };

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
