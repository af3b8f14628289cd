// @vitest-environment node
/**
 * The Assistant's markdown dialect (src/domain/markdown) at its edges, one rule at a time: what
 * makes a heading, a list or a code fence, how escapes, code spans, links and emphasis read, and
 * escaped data that stays on its own line. Replies are shown as sanitised markdown (no raw HTML, no
 * images), so each case says exactly which nodes a person sees.
 */
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, parseBlocks, parseInline, type Inline, type ParseMeter } from '../../../src/domain/markdown';

const text = (t: string): Inline => ({ kind: 'text', text: t });

describe('blocks', () => {
  it('a heading needs white space after its #s: a space or a tab, not a letter', () => {
    expect(parseBlocks('# Title')).toEqual([{ kind: 'heading', level: 1, text: 'Title' }]);
    expect(parseBlocks('##\tTabbed')).toEqual([{ kind: 'heading', level: 2, text: 'Tabbed' }]);
    expect(parseBlocks('#Title')).toEqual([{ kind: 'paragraph', lines: ['#Title'] }]);
  });

  it('a bullet needs a space after its marker', () => {
    expect(parseBlocks('- one\n- two')).toEqual([{ kind: 'list', ordered: false, start: 1, items: ['one', 'two'] }]);
    expect(parseBlocks('-one')).toEqual([{ kind: 'paragraph', lines: ['-one'] }]);
  });

  it('a numbered list starts at its first number', () => {
    expect(parseBlocks('12. twelve\n13) thirteen')).toEqual([{ kind: 'list', ordered: true, start: 12, items: ['twelve', 'thirteen'] }]);
  });

  it('a paragraph ends at a blank line and is followed by the next one', () => {
    expect(parseBlocks('one\ntwo\n\nthree')).toEqual([
      { kind: 'paragraph', lines: ['one', 'two'] },
      { kind: 'paragraph', lines: ['three'] },
    ]);
  });

  it('a fence opens a code block that keeps its lines as written, up to the closing fence', () => {
    expect(parseBlocks('Run:\n```\n# not a heading\n- not a list\n```\nDone')).toEqual([
      { kind: 'paragraph', lines: ['Run:'] },
      { kind: 'code', text: '# not a heading\n- not a list' },
      { kind: 'paragraph', lines: ['Done'] },
    ]);
  });

  it('counts one step for each # of a heading on the work meter', () => {
    const count = (source: string) => {
      const meter: ParseMeter = { steps: 0 };
      parseBlocks(source, meter);
      return meter.steps;
    };
    // Each further # is one more character split, trimmed and counted in the run of #s.
    expect(count('### a') - count('## a')).toBe(3);
  });
});

describe('inline', () => {
  it('keeps underscores inside a word as text', () => {
    expect(parseInline('snake_case_name and _this_')).toEqual([text('snake_case_name and '), { kind: 'em', children: [text('this')] }]);
  });

  it('a backslash makes the punctuation after it plain text, in the text and in a link label', () => {
    expect(parseInline('a\\*b\\* c')).toEqual([text('a*b* c')]);
    expect(parseInline('[x\\*y](https://e.com)')).toEqual([{ kind: 'link', label: 'x*y', url: 'https://e.com' }]);
  });

  it('reads a code span between two backticks', () => {
    expect(parseInline('run `npm ci` now')).toEqual([text('run '), { kind: 'code', text: 'npm ci' }, text(' now')]);
  });

  it('reads a link after text, and the text after it', () => {
    expect(parseInline('see [the docs](https://e.com/d) first')).toEqual([
      text('see '),
      { kind: 'link', label: 'the docs', url: 'https://e.com/d' },
      text(' first'),
    ]);
  });

  it('shows an image as its alt text only', () => {
    expect(parseInline('a ![chart](https://e.com/c.png) b')).toEqual([text('a chart b')]);
  });

  it('two markers are bold, one is italic, and an opener never closed is text', () => {
    expect(parseInline('**bold** *soft*')).toEqual([
      { kind: 'strong', children: [text('bold')] },
      text(' '),
      { kind: 'em', children: [text('soft')] },
    ]);
    expect(parseInline('*open and __never')).toEqual([text('*open and __never')]);
  });

  it('counts the characters of a link destination on the work meter', () => {
    const count = (source: string) => {
      const meter: ParseMeter = { steps: 0 };
      parseInline(source, meter);
      return meter.steps;
    };
    // Three more characters of destination: each scanned once and passed once.
    expect(count('[a](https://e.com/abc)') - count('[a](https://e.com/)')).toBe(6);
  });
});

describe('escaping data', () => {
  it('turns line breaks and control characters into spaces, so data stays on its line', () => {
    expect(escapeMarkdown('a\nb\tc\u0085d\u2028e\u2029f\u007fg')).toBe('a b c d e f g');
    expect(escapeMarkdown('plain words')).toBe('plain words');
  });
});
