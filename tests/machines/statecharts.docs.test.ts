/**
 * docs/statecharts is what the machines are: every page `npm run statecharts` would write equals the
 * committed one. `npm test` checks the same with `statecharts --check`; this copy runs in
 * `npm run test:mutation` too (issue 16), where it is what notices a mutant that changes a machine's
 * shape without changing what the scenarios see: a state's description, an invoke's id, a target
 * the walks reach another way. The pages are rendered in `beforeAll`, outside any test, so Stryker
 * counts the machines' definitions as static and reruns every test for their mutants (see
 * modules.load.test.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { discoverMachines } from '../../scripts/statecharts/discover';
import { renderIndex, renderMachinePage } from '../../scripts/statecharts/render';
import { renderVizFile, vizFileName } from '../../scripts/statecharts/viz';

const DOCS = join(process.cwd(), 'docs', 'statecharts');

// Imported here as well as by discoverMachines (which loads them by file URL, where Vitest cannot
// see the import): Stryker reruns a static mutant only in the test files whose imports reach the
// mutated module (Vitest's `related`), and without these this file was never among them.
import.meta.glob('../../src/machines/*/index.ts', { eager: true });

describe('docs/statecharts', () => {
  const pages = new Map<string, string>();

  beforeAll(async () => {
    const machines = await discoverMachines('src/machines');
    for (const d of machines) {
      pages.set(`${d.machine.id}.md`, renderMachinePage(d));
      pages.set(vizFileName(d.machine.id), renderVizFile(d));
    }
    pages.set('README.md', renderIndex(machines));
  });

  it('has one page and one visualiser file per machine and an index, and nothing else', () => {
    expect(pages.size).toBeGreaterThanOrEqual(33);
    expect(
      readdirSync(DOCS)
        .filter((f) => f.endsWith('.md') || f.endsWith('.machine.ts'))
        .sort(),
    ).toEqual([...pages.keys()].sort());
  });

  it('shows each machine as it is (run `npm run statecharts` after changing one)', () => {
    const stale = [...pages].filter(([file, page]) => readFileSync(join(DOCS, file), 'utf8') !== page).map(([file]) => file);
    expect(stale).toEqual([]);
  });
});
