/**
 * The order Vitest starts test files in, when it has no durations from an earlier run (a clean
 * clone, CI): the heaviest first, so the longest file does not start last and leave a worker idle.
 *
 * Vitest's own order without durations is by the size of the test file alone. That misjudges a file
 * whose test lives in a module beside it: the users list's walk is `usersList.walk.tsx`, walked in two
 * parts by two three-line files (usersList.part1.test.tsx, part2), which Vitest ran last, after
 * every other model file, so the model step waited two minutes on them alone. Here a file weighs its
 * own bytes plus those of the modules it imports from its own folder (its walk, its harness): shared
 * support modules (tests/support, src) are loaded by many files and say nothing about one file's
 * length. The weight is read from the files, never from one machine's timings.
 *
 * With durations for every file (Vitest's results cache, after a run on this machine), Vitest's own
 * order holds: longest first, failed first.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const RELATIVE_IMPORT = /(?:\bfrom\s+|\bimport\s+)['"](\.\/[^'"]+)['"]/g;

const sizeOf = (file: string): number => (existsSync(file) ? statSync(file).size : 0);

/** `./name` from `folder` as a file: as written, or with a .ts or .tsx ending. */
function resolveSibling(folder: string, specifier: string): string | undefined {
  return ['', '.ts', '.tsx'].map((ending) => join(folder, specifier + ending)).find((file) => existsSync(file) && statSync(file).isFile());
}

/** The bytes of `file` and of the modules it imports from its own folder (`./…`), each counted once. */
export function weightOf(file: string): number {
  const folder = dirname(file);
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const siblings = new Set<string>();
  for (const match of text.matchAll(RELATIVE_IMPORT)) {
    const sibling = resolveSibling(folder, match[1] ?? '');
    if (sibling && sibling !== file) siblings.add(sibling);
  }
  return sizeOf(file) + [...siblings].reduce((sum, sibling) => sum + sizeOf(sibling), 0);
}

export default class HeaviestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitestOrder = await super.sort(files);
    const root = this.ctx.config.root;
    const known = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${spec.project.name}:${relative(root, spec.moduleId)}`) !== undefined;
    if (files.every(known)) return vitestOrder;
    // Projects keep the order Vitest gives them (they run one after another); within one, by weight.
    const projectRank = new Map<string, number>();
    for (const spec of vitestOrder) if (!projectRank.has(spec.project.name)) projectRank.set(spec.project.name, projectRank.size);
    const weights = new Map(files.map((spec) => [spec.moduleId, weightOf(spec.moduleId)]));
    return [...files].sort(
      (a, b) =>
        (projectRank.get(a.project.name) ?? 0) - (projectRank.get(b.project.name) ?? 0) ||
        (weights.get(b.moduleId) ?? 0) - (weights.get(a.moduleId) ?? 0) ||
        a.moduleId.localeCompare(b.moduleId),
    );
  }
}
