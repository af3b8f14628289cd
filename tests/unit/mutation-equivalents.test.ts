// @vitest-environment node
/**
 * The list of equivalent mutants in docs/mutation.md is read from the source's Stryker disable
 * comments (scripts/test/mutation-equivalents.ts): what it takes from a comment, and that the page lists
 * exactly what the source marks today.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { allEquivalents, equivalentsIn, renderTable, withTable } from '../../scripts/test/mutation-equivalents';

describe('equivalent mutants, from the source to docs/mutation.md', () => {
  it('reads the mutators, the reason and the line each comment is about', () => {
    const text = [
      'const a = 1;',
      '  // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable | never',
      "  if (!x) throw new Error('no');",
      '// Stryker disable all: an abort is not observable',
      '// a comment that names Stryker but is not a directive',
    ].join('\n');
    expect(equivalentsIn('src/x.ts', text)).toEqual([
      { file: 'src/x.ts', line: 3, scope: 'next line', mutators: 'ConditionalExpression,StringLiteral', reason: 'unreachable | never' },
      { file: 'src/x.ts', line: 4, scope: 'block', mutators: 'all', reason: 'an abort is not observable' },
    ]);
    expect(renderTable(equivalentsIn('src/x.ts', text))).toContain(
      '| `src/x.ts` | 3 | ConditionalExpression, StringLiteral | unreachable \\| never |',
    );
  });

  it('every marked mutant in src/machines and src/domain gives its reason, and the page lists them as they are', () => {
    const marked = allEquivalents();
    expect(marked.length).toBeGreaterThan(50);
    for (const e of marked) expect(e.reason.length, `${e.file}:${e.line}`).toBeGreaterThan(10);
    const doc = readFileSync(new URL('../../docs/mutation.md', import.meta.url), 'utf8');
    const fresh = withTable(doc, renderTable(marked)) === doc;
    expect(fresh, 'docs/mutation.md is stale: run `npx tsx scripts/test/mutation-equivalents.ts`').toBe(true);
  });
});
