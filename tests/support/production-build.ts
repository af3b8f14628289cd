/**
 * One production build for the whole unit run, shared by the tests that need one (the bundle budgets
 * in tests/unit/bundle-size.test.ts and the secrets scan in tests/unit/security/scan-build.test.ts).
 *
 * The first test file that asks builds it (scripts/build/bundle-size.ts, in a child process: a clean Vite
 * outside the test runner) into a folder named after the Vitest run (its main process, the parent
 * of every worker), and writes the report beside it; a file asking meanwhile waits for that report.
 * A run that needs no build makes none. The run's global teardown removes the folder
 * (./production-build-cleanup.ts).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { vi } from 'vitest';
import { measureInChildProcess, type BundleReport } from '../../scripts/build/bundle-size';

export interface ProductionBuild {
  /** The built files (index.html, assets/, .vite/manifest.json). */
  outDir: string;
  report: BundleReport;
}

/** The folder of this run's shared build; `run` is the Vitest main process's pid. */
export const buildFolderOf = (run: number): string => join(tmpdir(), `hardline-unit-build-${run}`);

export async function productionBuild(): Promise<ProductionBuild> {
  const folder = buildFolderOf(process.ppid);
  const outDir = join(folder, 'dist');
  const reportFile = join(folder, 'report.json');
  const failureFile = join(folder, 'failure.txt');
  let mine = true;
  try {
    mkdirSync(folder);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    mine = false;
  }
  if (mine) {
    try {
      const report = await measureInChildProcess(outDir);
      writeFileSync(reportFile, JSON.stringify(report));
      return { outDir, report };
    } catch (error) {
      writeFileSync(failureFile, String(error));
      throw error;
    }
  }
  // Another test file is building it: wait for its report (or its failure).
  await vi.waitFor(
    () => {
      if (!existsSync(reportFile) && !existsSync(failureFile)) throw new Error('the shared production build is not ready yet');
    },
    { timeout: 300_000, interval: 250 },
  );
  if (existsSync(failureFile)) throw new Error(`The shared production build failed: ${readFileSync(failureFile, 'utf8')}`);
  return { outDir, report: JSON.parse(readFileSync(reportFile, 'utf8')) as BundleReport };
}
