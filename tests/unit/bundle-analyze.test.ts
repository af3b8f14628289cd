/**
 * `scripts/build/bundle-size.ts --analyze`: the minified bytes of a built chunk, shared out among its
 * sources by the chunk's source map. And the compile hint the build puts on the entry's first line
 * (scripts/build/compile-hints.ts) moves the map down with the code, so that each line still names
 * its own sources: before it did, the analysis gave react-dom and valibot about twice their size.
 */
// @vitest-environment node
import { encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';
import { describe, expect, it } from 'vitest';
import { attributeChunk } from '../../scripts/build/bundle-size';
import { COMPILE_HINT, addCompileHint } from '../../scripts/build/compile-hints';

/** Two modules in one minified chunk: `a.js` owns `var a=1;` and the start of line 2, `b.js` the rest. */
const CODE = 'var a=1;var b=2;\nfunction f(){}b();';
const SEGMENTS: SourceMapSegment[][] = [
  [
    [0, 0, 0, 0],
    [8, 1, 0, 0],
  ],
  [
    [0, 0, 3, 0],
    [14, 1, 4, 0],
  ],
];
const MAP = { sources: ['../src/a.js', '../src/b.js'], mappings: encode(SEGMENTS) };

const bytesOf = (code: string, map: { sources: string[]; mappings: string }) =>
  Object.fromEntries(
    attributeChunk(code, map, 'assets/index.js', '/repo/dist/assets').map((m) => [m.id.replace(/^.*\/src\//, ''), m.bytes]),
  );

describe('bundle analysis', () => {
  it("gives each source the bytes from each of its segments to the next, and the line's end to the last", () => {
    expect(bytesOf(CODE, MAP)).toEqual({ 'a.js': 8 + 14, 'b.js': 8 + 4 });
  });

  it('gives no source the bytes of a segment that maps to none', () => {
    const map = { ...MAP, mappings: encode([[[0, 0, 0, 0], [5], [8, 1, 0, 0]], []]) };
    expect(bytesOf('var a=1;var b=2;', map)).toEqual({ 'a.js': 5, 'b.js': 8 });
  });

  it('reads the same after the compile hint, which moves the map down a line with the code', () => {
    const chunk = { code: CODE, map: { ...MAP } };
    addCompileHint(chunk);
    expect(chunk.code).toBe(`${COMPILE_HINT}\n${CODE}`);
    expect(bytesOf(chunk.code, chunk.map)).toEqual(bytesOf(CODE, MAP));
    // Once only: a second pass changes neither.
    addCompileHint(chunk);
    expect(chunk.code).toBe(`${COMPILE_HINT}\n${CODE}`);
    expect(chunk.map.mappings).toBe(`;${MAP.mappings}`);
  });

  it('adds the hint to a chunk built without a source map', () => {
    const chunk = { code: CODE, map: null };
    addCompileHint(chunk);
    expect(chunk.code.split('\n')[0]).toBe(COMPILE_HINT);
  });
});
