// @vitest-environment node
/**
 * The Assistant's markdown dialect (src/domain/markdown): what the parser recognises, that
 * escaped text always parses back to exactly that text, and that the parser's work is linear in its
 * input, counted in steps rather than timed (issue 11, item 10).
 */
import { describe, expect, it } from 'vitest';
import {
  escapeMarkdown,
  inlineText,
  parseBlocks,
  parseInline,
  type Block,
  type Inline,
  type ParseMeter,
} from '../../../src/domain/markdown';
import { seededRandom } from '../../../server/seed/random';

const text = (t: string): Inline => ({ kind: 'text', text: t });

describe('parseInline', () => {
  it('recognises code, bold, italic, links and images', () => {
    expect(parseInline('**Bold [site](https://e.com/a_(b))** and *soft* with `a<b>` and __b__ _i_ ![alt](https://e.com/i.png)')).toEqual([
      { kind: 'strong', children: [text('Bold '), { kind: 'link', label: 'site', url: 'https://e.com/a_(b)' }] },
      text(' and '),
      { kind: 'em', children: [text('soft')] },
      text(' with '),
      { kind: 'code', text: 'a<b>' },
      text(' and '),
      { kind: 'strong', children: [text('b')] },
      text(' '),
      { kind: 'em', children: [text('i')] },
      text(' alt'),
    ]);
  });

  it('nests emphasis and keeps openers that never close as text', () => {
    expect(parseInline('**a *b* c**')).toEqual([
      { kind: 'strong', children: [text('a '), { kind: 'em', children: [text('b')] }, text(' c')] },
    ]);
    expect(parseInline('*a **b* c**')).toEqual([{ kind: 'em', children: [text('a **b')] }, text(' c**')]);
    expect(parseInline('* a * b ** c *** d')).toEqual([text('* a * b ** c *** d')]);
  });

  it('leaves snake_case, lone brackets, task tags and unclosed code as text', () => {
    for (const plain of [
      'user_activity_count',
      '[open] Fix rebar',
      '[a] (b)',
      '[](https://e.com)',
      'a `b',
      '``',
      'x [y](has space) z',
      '[a](b(c(d)))',
    ]) {
      expect(parseInline(plain)).toEqual([text(plain)]);
    }
  });

  it('honours backslash escapes before punctuation, and keeps other backslashes', () => {
    expect(parseInline('\\*not\\* \\[x\\]\\(https://e.com\\) \\`c\\` \\\\ C:\\Users')).toEqual([
      text('*not* [x](https://e.com) `c` \\ C:\\Users'),
    ]);
    expect(parseInline('[a \\] b](https://e.com)')).toEqual([{ kind: 'link', label: 'a ] b', url: 'https://e.com' }]);
  });
});

describe('parseBlocks', () => {
  it('reads headings (with closing #s), lists, continuations, paragraphs and fences', () => {
    expect(parseBlocks('# C#\n## Title ##\r\n• a\n  more\n2) b\n\npara\r```\n# not a heading\n```')).toEqual([
      { kind: 'heading', level: 1, text: 'C#' },
      { kind: 'heading', level: 2, text: 'Title' },
      { kind: 'list', ordered: false, start: 1, items: ['a more'] },
      { kind: 'list', ordered: true, start: 2, items: ['b'] },
      { kind: 'paragraph', lines: ['para'] },
      { kind: 'code', text: '# not a heading' },
    ]);
    expect(parseBlocks('#x\n####### seven\n-x\n1234567890. ten digits')).toEqual([
      { kind: 'paragraph', lines: ['#x', '####### seven', '-x', '1234567890. ten digits'] },
    ]);
  });
});

describe('escapeMarkdown', () => {
  const hostile = [
    '[Sign in again](https://evil.example)',
    '**bold**',
    '<img src=x onerror=alert(1)>',
    'Bob `rm -rf /` Jones',
    '_under_ \\*already escaped\\* ![pic](https://evil.example/p.png) ~~gone~~ &amp;',
    'line one\n# Heading\n- item\r\n```\ncode\n```',
    '\\',
    'ends with a backslash \\',
  ];
  /** Random strings over the characters that matter, with a fixed seed. */
  const ALPHABET = [
    '*',
    '_',
    '[',
    ']',
    '(',
    ')',
    '`',
    '\\',
    '!',
    '<',
    '>',
    '&',
    '~',
    '#',
    '-',
    '+',
    '=',
    '.',
    '1',
    '•',
    ' ',
    '\t',
    '\n',
    'a',
    'é',
    'https://',
  ];
  const rng = seededRandom(11);
  const random = Array.from({ length: 1500 }, () =>
    Array.from({ length: 1 + Math.floor(rng() * 24) }, () => ALPHABET[Math.floor(rng() * ALPHABET.length)]).join(''),
  );
  /** What the text reads as: line breaks and other control characters become spaces. */
  const shown = (value: string) =>
    Array.from(value, (ch) => {
      const c = ch.charCodeAt(0);
      return c < 0x20 || (c >= 0x7f && c <= 0x9f) || c === 0x2028 || c === 0x2029 ? ' ' : ch;
    }).join('');

  it('makes any text parse back to exactly that text, inline', () => {
    for (const value of [...hostile, ...random]) {
      const expected = shown(value);
      expect(parseInline(escapeMarkdown(value)), JSON.stringify(value)).toEqual(expected === '' ? [] : [text(expected)]);
    }
  });

  it('cannot start a block, mid-line or at the start of a line', () => {
    for (const value of [...hostile, ...random]) {
      const item = parseBlocks(`- ${escapeMarkdown(value)} (Field Worker)`);
      expect(item, JSON.stringify(value)).toEqual([{ kind: 'list', ordered: false, start: 1, items: [expect.any(String)] }]);
      const [only] = item as [Extract<Block, { kind: 'list' }>];
      expect(inlineText(parseInline(only.items[0] ?? ''))).toBe(`${shown(value)} (Field Worker)`.trim());

      const line = parseBlocks(escapeMarkdown(value, true));
      const expected = shown(value).trim();
      expect(line, JSON.stringify(value)).toEqual(expected === '' ? [] : [{ kind: 'paragraph', lines: [expect.any(String)] }]);
      if (expected !== '')
        expect(inlineText(parseInline((line[0] as Extract<Block, { kind: 'paragraph' }>).lines[0] ?? ''))).toBe(expected);
    }
  });
});

describe('parser work is linear in the input', () => {
  /** Everything the renderer parses for a reply: its blocks, then each block's inline text. */
  function stepsFor(source: string): number {
    const meter: ParseMeter = { steps: 0 };
    for (const block of parseBlocks(source, meter)) {
      const parts =
        block.kind === 'heading' ? [block.text] : block.kind === 'paragraph' ? block.lines : block.kind === 'list' ? block.items : [];
      for (const part of parts) parseInline(part, meter);
    }
    return meter.steps;
  }

  // Inputs that make backtracking or rescanning parsers quadratic (or worse): unclosed openers
  // everywhere, brackets that never close or nest deeply, and long runs a regex would re-try.
  const ADVERSARIAL: Record<string, (n: number) => string> = {
    '*a ': (n) => '*a '.repeat(n),
    '[': (n) => '['.repeat(n),
    '**': (n) => '**'.repeat(n),
    '** ': (n) => '** '.repeat(n),
    '**a': (n) => '**a'.repeat(n),
    '`': (n) => '`'.repeat(n),
    '`a ': (n) => '`a '.repeat(n),
    _: (n) => '_'.repeat(n),
    '_a ': (n) => '_a '.repeat(n),
    'nested brackets': (n) => `${'['.repeat(n)}${']'.repeat(n)}`,
    '[a](': (n) => '[a]('.repeat(n),
    '[a](b(': (n) => '[a](b('.repeat(n),
    'links in a destination': (n) => `[a](y${'[a](z)'.repeat(n)}`,
    '![': (n) => '!['.repeat(n),
    '![a](': (n) => '![a]('.repeat(n),
    backslashes: (n) => '\\'.repeat(n),
    'escaped stars': (n) => '\\*'.repeat(n),
    'heading with spaces and hashes': (n) => `# ${' '.repeat(n)}${'#'.repeat(n)}x`,
    'list lines': (n) => '1. *a\n'.repeat(n),
    fences: (n) => '```\n'.repeat(n),
    mixed: (n) => '*_[`](**__\\'.repeat(n),
  };
  /** Steps per input character: a constant, whatever the input (measured: at most 8). */
  const BOUND = 10;

  for (const [name, make] of Object.entries(ADVERSARIAL)) {
    it(`${name}: at most ${BOUND} steps a character, at about 25 kB and 100 kB`, () => {
      for (const size of [25_000, 100_000]) {
        const source = make(Math.ceil(size / make(1).length));
        expect(stepsFor(source) / source.length).toBeLessThanOrEqual(BOUND);
      }
    });
  }

  it('random text of markup characters: the same bound', () => {
    const rng = seededRandom(5);
    const chars = '*_[]()`\\!#-. \na';
    for (let round = 0; round < 20; round += 1) {
      const source = Array.from({ length: 20_000 }, () => chars[Math.floor(rng() * chars.length)]).join('');
      expect(stepsFor(source) / source.length).toBeLessThanOrEqual(BOUND);
    }
  });

  it('a 100 kB reply of `*a ` repeated is one paragraph of plain text', () => {
    const source = '*a '.repeat(34_000);
    const meter: ParseMeter = { steps: 0 };
    const blocks = parseBlocks(source, meter);
    expect(blocks).toEqual([{ kind: 'paragraph', lines: [source.trim()] }]);
    expect(parseInline(source.trim(), meter)).toEqual([text(source.trim())]);
    expect(meter.steps).toBeLessThanOrEqual(BOUND * source.length);
  });
});
