// @vitest-environment node
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import HeaviestFirstSequencer, { weightOf } from '../support/sequencer';

/** The part of Vitest the sequencer reads: the root, and the results cache (durations, file sizes). */
function fakeVitest(root: string, durations: Record<string, number> = {}): Vitest {
  const key = (k: string) => k.replace(/^[^:]+:/, '');
  return {
    config: { root },
    cache: {
      getFileTestResults: (k: string) => (key(k) in durations ? { duration: durations[key(k)], failed: false } : undefined),
      getFileStats: () => ({ size: 1 }),
    },
  } as unknown as Vitest;
}

const spec = (root: string, file: string, project = 'model'): TestSpecification =>
  ({
    moduleId: join(root, file),
    project: { name: project, config: { sequence: { groupOrder: 0 }, isolate: false } },
  }) as unknown as TestSpecification;

describe('the test sequencer (tests/support/sequencer.ts)', () => {
  let root = '';
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'sequencer-'));
    // A walk of 6,000 bytes walked by a three-line file; a 3,000-byte test; a 500-byte one that
    // imports only shared support (another folder) and a type from a small sibling.
    writeFileSync(join(root, 'big.walk.tsx'), 'x'.repeat(6_000));
    writeFileSync(join(root, 'small.ts'), 'y'.repeat(100));
    writeFileSync(join(root, 'part1.test.tsx'), "import { walk } from './big.walk';\nwalk(0);\n");
    writeFileSync(join(root, 'middle.test.ts'), 'z'.repeat(3_000));
    writeFileSync(join(root, 'light.test.ts'), `import x from '../support/huge';\nimport type { T } from './small';\n${'w'.repeat(400)}`);
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('weighs a file with the modules it imports from its own folder, not shared ones', () => {
    const part = join(root, 'part1.test.tsx');
    expect(weightOf(part)).toBe(6_000 + Buffer.byteLength("import { walk } from './big.walk';\nwalk(0);\n"));
    expect(weightOf(join(root, 'light.test.ts'))).toBeGreaterThan(500);
    expect(weightOf(join(root, 'light.test.ts'))).toBeLessThan(700);
  });

  it('without durations, starts the heaviest first (the three-line walk file before a bigger test), project by project', async () => {
    const files = [
      spec(root, 'light.test.ts'),
      spec(root, 'middle.test.ts'),
      spec(root, 'part1.test.tsx'),
      spec(root, 'middle.test.ts', 'a-unit'),
    ];
    const sorted = await new HeaviestFirstSequencer(fakeVitest(root)).sort(files);
    expect(sorted.map((s) => `${s.project.name}:${relative(root, s.moduleId)}`)).toEqual([
      'a-unit:middle.test.ts',
      'model:part1.test.tsx',
      'model:middle.test.ts',
      'model:light.test.ts',
    ]);
  });

  it("with a duration for every file (a run on this machine before), keeps Vitest's order: longest first", async () => {
    const files = [spec(root, 'part1.test.tsx'), spec(root, 'light.test.ts'), spec(root, 'middle.test.ts')];
    const durations = { 'part1.test.tsx': 10, 'light.test.ts': 900, 'middle.test.ts': 50 };
    const sorted = await new HeaviestFirstSequencer(fakeVitest(root, durations)).sort(files);
    expect(sorted.map((s) => relative(root, s.moduleId))).toEqual(['light.test.ts', 'middle.test.ts', 'part1.test.tsx']);
  });
});
