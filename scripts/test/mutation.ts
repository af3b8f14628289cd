/**
 * `npm run test:mutation`: the whole mutation run, and docs/mutation.md written from it.
 *
 *   npm run test:mutation                  both passes, then the page (about an hour on 2 cores)
 *   npm run test:mutation -- --no-walks    the first pass only (the page says the walks did not run)
 *   npm run test:mutation -- --report      only rewrite the page from the last run's reports
 *
 * 1. Stryker (stryker.config.json) mutates src/machines and src/domain and runs the fast tests (the
 *    `mutation` project of vitest.config.ts) against every mutant: reports/mutation/mutation.json.
 * 2. Every mutant they left alive that tests/mutation/equivalents.ts does not list, and that is not
 *    static, is run again with the model walks as well (the `walks` project: each machine driven
 *    through its real screens in jsdom). The walks take minutes per run, far too slow for every
 *    mutant, but a few dozen survivors can afford them: reports/mutation/walks.json.
 * 3. scripts/test/mutation-report.ts judges every mutant and writes docs/mutation.md.
 *
 * Stryker's own break threshold (85%) still fails the first pass; the page is written either way.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EQUIVALENTS } from '../../tests/mutation/equivalents';
import { judge, REPORTS, type MutationReport, type RunRecord } from './mutation-report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));

function stryker(configFile: string, env: NodeJS.ProcessEnv = {}): number {
  const result = spawnSync('npx', ['stryker', 'run', configFile, '--concurrency', String(CONCURRENCY)], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  return result.status ?? 1;
}

/** `file:first-last` for each run of lines that holds a survivor the walks should see. */
export function survivorRanges(report: MutationReport): string[] {
  const lines = new Map<string, Set<number>>();
  for (const judged of judge(report, null, EQUIVALENTS)) {
    if (judged.outcome !== 'survived' || judged.mutant.static === true) continue;
    const set = lines.get(judged.file) ?? new Set<number>();
    for (let line = judged.mutant.location.start.line; line <= judged.mutant.location.end.line; line += 1) set.add(line);
    lines.set(judged.file, set);
  }
  return [...lines].flatMap(([file, set]) => {
    const sorted = [...set].sort((a, b) => a - b);
    const ranges: string[] = [];
    let first = sorted[0] ?? 0;
    sorted.forEach((line, i) => {
      const next = sorted[i + 1];
      if (next === line + 1) return;
      ranges.push(`${file}:${first}-${line}`);
      if (next !== undefined) first = next;
    });
    return ranges;
  });
}

function main(): void {
  const args = process.argv.slice(2);
  const report = () => spawnSync('npx', ['tsx', 'scripts/test/mutation-report.ts'], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
  if (args.includes('--report')) process.exit(report());

  mkdirSync(REPORTS, { recursive: true });
  rmSync(join(REPORTS, 'walks.json'), { force: true });
  const started = Date.now();
  const first = stryker('stryker.config.json');
  const fast = JSON.parse(readFileSync(join(REPORTS, 'mutation.json'), 'utf8')) as MutationReport;

  let walks: RunRecord['walks'] = null;
  const ranges = args.includes('--no-walks') ? [] : survivorRanges(fast);
  if (ranges.length > 0) {
    const base = JSON.parse(readFileSync(join(ROOT, 'stryker.config.json'), 'utf8')) as Record<string, unknown>;
    const config = join(REPORTS, 'walks.stryker.json');
    writeFileSync(
      config,
      JSON.stringify({
        ...base,
        $schema: undefined,
        mutate: ranges,
        // A static mutant reruns every test; the first pass already ran it against the fast ones.
        ignoreStatic: true,
        thresholds: { high: 90, low: 85, break: null },
        reporters: ['json', 'progress'],
        jsonReporter: { fileName: 'reports/mutation/walks.json' },
      }),
    );
    const walksStarted = Date.now();
    console.log(`\nThe model walks, against what the fast tests left alive: ${ranges.length} line ranges\n`);
    if (stryker(config, { HARDLINE_MUTATION_WALKS: '1' }) === 0) {
      const again = JSON.parse(readFileSync(join(REPORTS, 'walks.json'), 'utf8')) as MutationReport;
      const mutants = Object.values(again.files).flatMap((file) => file.mutants.filter((m) => m.status !== 'Ignored'));
      walks = { seconds: Math.round((Date.now() - walksStarted) / 1000), mutants: mutants.length };
    } else {
      // The first pass stands on its own: the page is written from it and says the walks did not run.
      console.error('\nThe walks pass failed or was stopped: docs/mutation.md is written from the first pass alone.\n');
      rmSync(join(REPORTS, 'walks.json'), { force: true });
    }
  }

  const run: RunRecord = {
    startedAt: new Date(started).toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    seconds: Math.round((Date.now() - started) / 1000),
    concurrency: CONCURRENCY,
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    walks,
  };
  writeFileSync(join(REPORTS, 'run.json'), `${JSON.stringify(run, null, 2)}\n`);
  const written = report();
  process.exit(first !== 0 ? first : written);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
