// @vitest-environment node
/**
 * The work meter of the Assistant's markdown parsers (src/domain/markdown), step by step on small
 * inputs: a scan that runs to the end of the text counts no step past it, a pass that stops early
 * counts only what it looked at, and no character is counted twice by one pass. The bounds and slopes
 * in markdown.test.ts and markdown-rules.test.ts cannot see a constant extra step; these exact counts can.
 */
import { describe, expect, it } from 'vitest';
import { parseBlocks, parseInline, type ParseMeter } from '../../../src/domain/markdown';

/** The steps a parse counts on the work meter. */
function steps(run: (meter: ParseMeter) => unknown): number {
  const meter: ParseMeter = { steps: 0 };
  run(meter);
  return meter.steps;
}

describe('the work meter, step by step', () => {
  it.each([
    ['a `b', 6, 'a, space, `; the scan for a closing `: b; then b itself; 1 node merged'],
    ['[ab', 6, '[; the label scan: a, b; then a, b; 1 node merged'],
    ['[a](b', 9, '[; the label scan: a, ]; the destination scan: b; then a ] ( b; 1 node merged'],
    [
      '[a](u)',
      10,
      '[; the label scan: a, ]; the destination scan: u, ); unescaping the label: a; the 3 characters passed: ( u ); 1 node merged',
    ],
    ['a*', 4, 'a, *; the run of *: *; 1 node merged (an opener at the very end is not placed, so not merged either)'],
  ])('parseInline(%j): %i steps (%s)', (source, count) => {
    expect(steps((meter) => parseInline(source, meter))).toBe(count);
  });

  it.each([
    ['a', 7, 'splitting: a; the line; the fence test: 3; trim: a; the list test: a'],
    [
      '#   ',
      16,
      'splitting: 4; the line; the fence test: 3; trim: 4; #; the spaces after it: 3 (once: the scan back from the end stops at them)',
    ],
    [
      '# #',
      13,
      'splitting: 3; the line; the fence test: 3; trim: 3; #; the space; the closing #: 1 (the space before it is not counted again)',
    ],
  ])('parseBlocks(%j): %i steps (%s)', (source, count) => {
    expect(steps((meter) => parseBlocks(source, meter))).toBe(count);
  });
});
