// @vitest-environment node
/**
 * The Assistant's markdown dialect, rule by rule (src/domain/markdown): which characters a
 * backslash escapes, which separate like spaces, which glue `_` into a word; what escaping writes
 * for renderers stricter than ours; and the details of blocks and links. Where the module says it
 * mirrors a standard (JavaScript's `\s`, CommonMark's ASCII punctuation), every character is checked
 * against that standard rather than a sample.
 */
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, inlineText, parseBlocks, parseInline, type Inline, type ParseMeter } from '../../../src/domain/markdown';

const text = (t: string): Inline => ({ kind: 'text', text: t });
const em = (...children: Inline[]): Inline => ({ kind: 'em', children });

/** CommonMark §2.1: the ASCII punctuation characters. */
const ASCII_PUNCTUATION = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

/** The steps a parse counts on the work meter. */
function steps(run: (meter: ParseMeter) => unknown): number {
  const meter: ParseMeter = { steps: 0 };
  run(meter);
  return meter.steps;
}

describe('backslash escapes', () => {
  it('make exactly the ASCII punctuation characters, and the bullet •, plain text', () => {
    const candidates = [...Array.from({ length: 0x80 }, (_, c) => String.fromCharCode(c)), '•', '·', 'é', '–', '“'];
    for (const ch of candidates) {
      const escapable = ASCII_PUNCTUATION.includes(ch) || ch === '•';
      expect(parseInline(`\\${ch}`), JSON.stringify(ch)).toEqual([text(escapable ? ch : `\\${ch}`)]);
    }
  });

  it('resolve in link labels and image alt text, which are shown as plain text', () => {
    expect(parseInline('[\\*not bold\\* \\a](https://e.com)')).toEqual([{ kind: 'link', label: '*not bold* \\a', url: 'https://e.com' }]);
    expect(parseInline('![a \\[b\\]](https://e.com/i.png)!')).toEqual([text('a [b]!')]);
  });
});

describe('what counts as a space', () => {
  it("is JavaScript's white space (a heading needs one after its #): each such character and its neighbours", () => {
    // Every BMP character \s matches, with the characters either side of it (the ends of each
    // range), and all of ASCII: about 200 characters instead of 65,536, so it stays fast under Stryker.
    const spaces = Array.from({ length: 0x10000 }, (_, c) => c).filter((c) => /\s/.test(String.fromCharCode(c)));
    const codes = new Set([...Array.from({ length: 0x80 }, (_, c) => c), ...spaces.flatMap((c) => [c - 1, c, c + 1])]);
    const wrong = [...codes]
      .map((c) => String.fromCharCode(c))
      .filter((ch) => ch !== '\n' && ch !== '\r') // these end the line
      .filter((ch) => (parseBlocks(`#${ch}x`)[0]?.kind === 'heading') !== /\s/.test(ch))
      .map((ch) => `U+${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(spaces.length).toBeGreaterThan(20);
    expect(wrong).toEqual([]);
  });
});

describe('`_` inside a word', () => {
  it.each(['a', 'z', 'A', 'Z', '0', '9', 'é', 'Ω', 'Ж'])('after %j it is part of the word, not emphasis', (before) => {
    expect(parseInline(`${before}_x_`)).toEqual([text(`${before}_x_`)]);
    expect(parseInline(`_x_${before}`)).toEqual([text(`_x_${before}`)]);
  });

  it.each(['/', ':', '@', '[', '`', '{', '-', '中', '\u0080', '·'])('after %j it opens emphasis', (before) => {
    expect(parseInline(`${before}_x_`)).toEqual([text(before), em(text('x'))]);
  });

  it.each(['/', ':', '@', '-', '.', '中', '·'])('before %j it closes emphasis', (after) => {
    expect(parseInline(`_x_${after}`)).toEqual([em(text('x')), text(after)]);
  });

  it('does not matter for `*`', () => {
    expect(parseInline('a*b*c')).toEqual([text('a'), em(text('b')), text('c')]);
    expect(parseInline('a**b**c')).toEqual([text('a'), { kind: 'strong', children: [text('b')] }, text('c')]);
  });
});

describe('emphasis', () => {
  it('opens only before a non-space and closes only after one', () => {
    expect(parseInline('* a*')).toEqual([text('* a*')]);
    expect(parseInline('*a *')).toEqual([text('*a *')]);
    expect(parseInline('*a* *')).toEqual([em(text('a')), text(' *')]);
    expect(parseInline('a *')).toEqual([text('a *')]);
    expect(parseInline('*')).toEqual([text('*')]);
    expect(parseInline('_')).toEqual([text('_')]);
  });

  it('closes with the same marker it opened with', () => {
    expect(parseInline('*a_ b* c_')).toEqual([em(text('a_ b')), text(' c_')]);
    expect(parseInline('__a** b__')).toEqual([{ kind: 'strong', children: [text('a** b')] }]);
    expect(parseInline('*a**')).toEqual([text('*a**')]);
  });

  it('keeps runs of three or more as text', () => {
    expect(parseInline('***a***')).toEqual([text('***a***')]);
    expect(parseInline('___a___ _b_')).toEqual([text('___a___ '), em(text('b'))]);
  });

  it('leaves an inner opener that never closed as text when the outer one closes, and can open it again', () => {
    expect(parseInline('**a *b** *c*')).toEqual([{ kind: 'strong', children: [text('a *b')] }, text(' '), em(text('c'))]);
    expect(parseInline('_a *b_ c* d')).toEqual([em(text('a *b')), text(' c* d')]);
  });
});

describe('code spans and links', () => {
  it('take the text between two backticks as written', () => {
    expect(parseInline('run `a *b* [c](d)` now')).toEqual([text('run '), { kind: 'code', text: 'a *b* [c](d)' }, text(' now')]);
    expect(parseInline('`a``b`')).toEqual([
      { kind: 'code', text: 'a' },
      { kind: 'code', text: 'b' },
    ]);
    expect(parseInline('x `` y')).toEqual([text('x `` y')]);
  });

  it('read a destination with one level of parentheses, up to its closing one', () => {
    expect(parseInline('[a](b(c)d) [x](y)z')).toEqual([
      { kind: 'link', label: 'a', url: 'b(c)d' },
      text(' '),
      { kind: 'link', label: 'x', url: 'y' },
      text('z'),
    ]);
    expect(parseInline('[a](b(c)(d))')).toEqual([{ kind: 'link', label: 'a', url: 'b(c)(d)' }]);
    expect(parseInline('[a](b(c(d)))')).toEqual([text('[a](b(c(d)))')]);
    expect(parseInline('[a] (b)')).toEqual([text('[a] (b)')]);
    expect(parseInline('[a](b')).toEqual([text('[a](b')]);
  });

  it('take the innermost bracket as the label', () => {
    expect(parseInline('[x [a](b)')).toEqual([text('[x '), { kind: 'link', label: 'a', url: 'b' }]);
    expect(parseInline('![](https://e.com/i.png) [ok](u)')).toEqual([text(' '), { kind: 'link', label: 'ok', url: 'u' }]);
  });

  it('read as their text', () => {
    expect(inlineText(parseInline('**b** and *i* with `c`, [l](u) and ![alt](src) _e_'))).toBe('b and i with c, l and alt e');
  });
});

describe('blocks', () => {
  it('number lists with up to nine digits, either delimiter', () => {
    expect(parseBlocks('123456789. nine\n1234567890. ten')).toEqual([
      { kind: 'list', ordered: true, start: 123456789, items: ['nine'] },
      { kind: 'paragraph', lines: ['1234567890. ten'] },
    ]);
    expect(parseBlocks('3) three\n4. four')).toEqual([{ kind: 'list', ordered: true, start: 3, items: ['three', 'four'] }]);
    expect(parseBlocks('1.x\n1.\n. a\n1: a')).toEqual([{ kind: 'paragraph', lines: ['1.x', '1.', '. a', '1: a'] }]);
  });

  it('start a new list when bullets and numbers alternate, and continue an item on an indented line', () => {
    expect(parseBlocks('- a\n1. b\n* c\n  more\n\tand more\nplain\n+ d')).toEqual([
      { kind: 'list', ordered: false, start: 1, items: ['a'] },
      { kind: 'list', ordered: true, start: 1, items: ['b'] },
      { kind: 'list', ordered: false, start: 1, items: ['c more and more'] },
      { kind: 'paragraph', lines: ['plain'] },
      { kind: 'list', ordered: false, start: 1, items: ['d'] },
    ]);
    expect(parseBlocks('-a\n- \n-\tb\n-')).toEqual([
      { kind: 'paragraph', lines: ['-a'] },
      { kind: 'list', ordered: false, start: 1, items: ['', 'b'] },
      { kind: 'paragraph', lines: ['-'] },
    ]);
  });

  it('join the lines of a paragraph until a blank line, a heading or a list', () => {
    expect(parseBlocks('one\n  two  \n\nthree\n# four\nfive\n- six')).toEqual([
      { kind: 'paragraph', lines: ['one', 'two'] },
      { kind: 'paragraph', lines: ['three'] },
      { kind: 'heading', level: 4 - 3, text: 'four' },
      { kind: 'paragraph', lines: ['five'] },
      { kind: 'list', ordered: false, start: 1, items: ['six'] },
    ]);
  });

  it('drop a heading’s closing #s only when a space or nothing comes before them', () => {
    expect(parseBlocks('# Title #\n## #\n### a#\n#### a \\#\n###### six ##  \n#\tTab')).toEqual([
      { kind: 'heading', level: 1, text: 'Title' },
      { kind: 'heading', level: 2, text: '' },
      { kind: 'heading', level: 3, text: 'a#' },
      { kind: 'heading', level: 4, text: 'a \\#' },
      { kind: 'heading', level: 6, text: 'six' },
      { kind: 'heading', level: 1, text: 'Tab' },
    ]);
  });

  it('keep a fence’s lines as code, to the closing fence or the end, an indented fence too', () => {
    expect(parseBlocks('para\n  ```js\n- not a list\n\n  ```\nafter')).toEqual([
      { kind: 'paragraph', lines: ['para'] },
      { kind: 'code', text: '- not a list\n' },
      { kind: 'paragraph', lines: ['after'] },
    ]);
    expect(parseBlocks('```\nunclosed\n# x')).toEqual([{ kind: 'code', text: 'unclosed\n# x' }]);
    expect(parseBlocks('``\n`` x')).toEqual([{ kind: 'paragraph', lines: ['``', '`` x'] }]);
  });

  it('split lines at \\n, \\r\\n and \\r, and at nothing else', () => {
    expect(parseBlocks('a\r\nb\rc\nd\u2028e')).toEqual([{ kind: 'paragraph', lines: ['a', 'b', 'c', 'd\u2028e'] }]);
    expect(parseBlocks('a\n\r\nb')).toEqual([
      { kind: 'paragraph', lines: ['a'] },
      { kind: 'paragraph', lines: ['b'] },
    ]);
  });
});

describe('escapeMarkdown', () => {
  it('escapes what starts markup in stricter renderers too: HTML, entities, strikethrough', () => {
    expect(escapeMarkdown('<b>&amp; ~~x~~ a_b *c* [d](e) `f` \\')).toBe(
      '\\<b\\>\\&amp; \\~\\~x\\~\\~ a\\_b \\*c\\* \\[d\\]\\(e\\) \\`f\\` \\\\',
    );
  });

  it('at the start of a line, escapes what would start a block there, and drops the spaces before it', () => {
    expect(escapeMarkdown('# h', true)).toBe('\\# h');
    expect(escapeMarkdown('  - item', true)).toBe('\\- item');
    expect(escapeMarkdown('+ a', true)).toBe('\\+ a');
    expect(escapeMarkdown('===', true)).toBe('\\===');
    expect(escapeMarkdown('• dot', true)).toBe('\\• dot');
    expect(escapeMarkdown('> quote', true)).toBe('\\> quote');
    expect(escapeMarkdown('12. twelve', true)).toBe('12\\. twelve');
    expect(escapeMarkdown('\t3) three', true)).toBe('3\\) three');
    expect(escapeMarkdown('2026 was', true)).toBe('2026 was');
    expect(escapeMarkdown('7', true)).toBe('7');
  });

  it('escapes nothing more mid-line, where those characters are plain', () => {
    expect(escapeMarkdown('a # - + = • 12. 3.')).toBe('a # - + = • 12. 3.');
    expect(escapeMarkdown('# - + = • 12. 3.')).toBe('# - + = • 12. 3.');
    expect(escapeMarkdown('x # - + = • 12. 3.', true)).toBe('x # - + = • 12. 3.');
  });

  it("escapes a '.' only after the digits that begin a line", () => {
    expect(escapeMarkdown('1. a')).toBe('1. a');
    expect(escapeMarkdown('. a', true)).toBe('. a');
    expect(escapeMarkdown('1.. a', true)).toBe('1\\.. a');
  });

  it('turns line breaks and control characters into spaces and keeps other spaces as they are', () => {
    expect(escapeMarkdown('a\nb\r\nc\u0085d\u2028e\u2029f\u0007g\u007fh')).toBe('a b  c d e f g h');
    expect(escapeMarkdown('a\u00a0b\u3000c\td')).toBe('a\u00a0b\u3000c d');
    expect(escapeMarkdown('\n\u00a0 - x', true)).toBe('\\- x');
  });
});

describe('the work meter', () => {
  // One step at least per character: every character is looked at (an escape and its character count once).

  it.each([
    ['plain text', 'plain text here'],
    ['a code span', 'x `code span` y'],
    ['a link', 'see [the label](https://example.com/a(b)) now'],
    ['an image', '![alt text](https://example.com/i.png)'],
    ['emphasis', '**bold *and* more** __x__ _y_'],
    ['long runs', '****** ______'],
  ])('counts every character parseInline looks at: %s', (_, source) => {
    expect(steps((meter) => parseInline(source, meter))).toBeGreaterThanOrEqual(source.length);
  });

  it.each([
    ['paragraphs', 'one line\n\nanother line'],
    ['headings', '###   Heading   ###\n## two'],
    ['lists', '1. one\n2. two\n   more\n- three'],
    ['fences', '```\ncode line\n```\n   ```\nx'],
    ['line endings', 'a\r\nb\rc\n'],
  ])('counts every character parseBlocks looks at: %s', (_, source) => {
    expect(steps((meter) => parseBlocks(source, meter))).toBeGreaterThanOrEqual(source.length);
  });

  it('counts each node moved when emphasis closes', () => {
    const nested = `*${'a `b` '.repeat(50)}*`;
    const flat = `x${'a `b` '.repeat(50)}x`;
    expect(steps((meter) => parseInline(nested, meter))).toBeGreaterThan(steps((meter) => parseInline(flat, meter)));
  });
});

// Each of these was a mutant the tests above let through (docs/mutation.md, "Survivors, one by one").
describe('edges the rules above do not reach', () => {
  it('keeps a backslash at the very end, and an escaped backslash in a label', () => {
    expect(parseInline('a\\')).toEqual([text('a\\')]);
    expect(parseInline('[a\\\\*](u)')).toEqual([{ kind: 'link', label: 'a\\*', url: 'u' }]);
  });

  it('counts \\r as a space where a line has one (parseInline is also called on text not split into lines)', () => {
    expect(parseInline('*\r*')).toEqual([text('*\r*')]);
  });

  it('reads 0 as a digit: a list can start at 0, and escaping keeps it text', () => {
    expect(parseBlocks('0. zero')).toEqual([{ kind: 'list', ordered: true, start: 0, items: ['zero'] }]);
    expect(escapeMarkdown('0. zero', true)).toBe('0\\. zero');
  });

  it('counts the digits of an indented number from its first digit', () => {
    expect(parseBlocks('   123456789. nine')).toEqual([{ kind: 'list', ordered: true, start: 123456789, items: ['nine'] }]);
    expect(parseBlocks('   1234567. seven')).toEqual([{ kind: 'list', ordered: true, start: 1234567, items: ['seven'] }]);
    expect(parseBlocks('   1234567890. ten')).toEqual([{ kind: 'paragraph', lines: ['1234567890. ten'] }]);
  });

  it('turns U+0080 and U+009F, the ends of the C1 controls, into spaces', () => {
    expect(escapeMarkdown('a\u0080b\u009fc\u00a0d')).toBe('a b c\u00a0d');
  });

  it('turns U+001F, the end of the C0 controls, into a space', () => {
    expect(escapeMarkdown('a\u001fb')).toBe('a b');
  });

  it('makes an image only of "![", a link only of "](" , and leaves a lone marker at the end as text', () => {
    expect(parseInline('!x](u)')).toEqual([text('!x](u)')]);
    expect(parseInline('x![y](u)')).toEqual([text('xy')]);
    expect(parseInline('[a]xy) z')).toEqual([text('[a]xy) z')]);
    expect(parseInline('a*')).toEqual([text('a*')]);
  });

  it('opens one emphasis of a marker at a time: a second opener is text until the first closes', () => {
    expect(parseInline('*a *b*')).toEqual([em(text('a *b'))]);
  });

  it('opens a marker again once its emphasis has closed', () => {
    expect(parseInline('*a* and *b*')).toEqual([em(text('a')), text(' and '), em(text('b'))]);
  });

  it('counts an escaped `_` as part of the word to the `_` after it', () => {
    expect(parseInline('\\__x_')).toEqual([text('__x_')]);
  });
});

describe('the work meter, pass by pass', () => {
  // Steps added by one more unit of the repeated part: each pass over the text that looks at that
  // part counts it. Pinned from the parser as it is: a pass that stops counting, or counts down,
  // changes the slope (a lower bound alone cannot see a pass that under-counts).
  it.each([
    ['spaces before a list marker', (n: number) => `${' '.repeat(n)}- a`, 'blocks', 4],
    ['#s of a would-be heading', (n: number) => `${'#'.repeat(n)} a`, 'blocks', 3],
    ['spaces after a heading', (n: number) => `# a${' '.repeat(n)}`, 'blocks', 3],
    ['closing #s of a heading', (n: number) => `# a ${'#'.repeat(n)}`, 'blocks', 3],
    ['spaces before closing #s', (n: number) => `# a${' '.repeat(n)}#`, 'blocks', 3],
    ['digits of a list number', (n: number) => `${'1'.repeat(n)}. a`, 'blocks', 3],
    ['list items', (n: number) => '- a\n'.repeat(n), 'blocks', 13],
    ['paragraph lines', (n: number) => 'a\n'.repeat(n), 'blocks', 8],
    ['characters of a link label', (n: number) => `[${'a'.repeat(n)}](u)`, 'inline', 2],
    ['nodes inside emphasis', (n: number) => `*${'a `b` '.repeat(n)}a*`, 'inline', 12],
  ] as const)('%s', (_, build, parser, slope) => {
    const count = (n: number) => steps((meter) => (parser === 'blocks' ? parseBlocks(build(n), meter) : parseInline(build(n), meter)));
    for (let n = 1; n <= 8; n += 1) expect(count(n + 1) - count(n), `from ${n} to ${n + 1}`).toBe(slope);
  });
});
