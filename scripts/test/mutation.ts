/**
 * `npm run test:mutation`: the mutation run, and docs/mutation.json and docs/mutation.md written from it.
 *
 *   npm run test:mutation                  both passes over every area, then the page (1½–3 hours on 2 cores)
 *   npm run test:mutation -- --changed     only the areas whose sources differ from docs/mutation.json's
 *                                          stamps (minutes for one machine); the others keep their results
 *   npm run test:mutation -- --areas userBilling,usersList   only the areas named
 *   npm run test:mutation -- --no-walks    the first pass only (the page says the walks did not run)
 *   npm run test:mutation -- --incremental the first pass reuses the last run's results where they
 *                                          still hold (Stryker's incremental mode; see below)
 *   npm run test:mutation -- --walks-minutes 40   a time limit for the second pass
 *   npm run test:mutation -- --report      only rewrite the page from the last run's reports
 *   npm run test:mutation -- --help        this; a flag it does not know is refused before anything runs
 *
 * 1. Stryker (stryker.config.json) mutates src/machines and src/domain and runs the fast tests (the
 *    `mutation` project of vitest.config.ts) against every mutant: reports/mutation/mutation.json.
 * 2. Every mutant they left alive that tests/mutation/equivalents.ts does not list, and that is not
 *    static, is run again with the model walks as well (the `walks` project: each machine driven
 *    through its real screens in jsdom). The walks take minutes per run, far too slow for every
 *    mutant, but the survivors can afford them: reports/mutation/walks.json. It runs one area at a
 *    time (a machine's folder, src/domain, a server folder), the smallest first, so that with a time
 *    limit (`--walks-minutes`) the areas it finished count and the page names those it did not reach.
 * 3. scripts/test/mutation-page.ts judges every mutant, records the results area by area in
 *    docs/mutation.json (scripts/test/mutation-record.ts) and writes docs/mutation.md from it.
 *
 * An area is a machine's folder, src/domain or a server folder. A mutant lives in one area's files,
 * so a run of some areas measures them exactly as a whole run would, against every fast test and
 * walk; the page names the run that measured each area.
 *
 * Stryker's own break threshold (85%) still fails the first pass; the page is written either way.
 *
 * `--incremental` starts from the last run's reports/mutation/mutation.json (copied to
 * reports/mutation/base.json) and lets Stryker reuse each mutant's result while it still holds: a
 * killed mutant whose code and killing test are unchanged stays killed; a survivor whose code and
 * covering tests are unchanged stays a survivor; every other mutant (new code, a changed test, a new
 * test that covers it) is run. Test files carry no test positions here, so an edited test file counts
 * as all its tests changed. Static survivors are always run again (withoutStaticSurvivors). The page
 * names the whole run it started from and how many results it reused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EQUIVALENTS } from '../../tests/mutation/equivalents';
import { areaDigests, changedAreas, filesByArea, readRecord, RECORD } from './mutation-record';
import { areaOf, judge, mutatedFiles, REPORTS, type MutationReport, type RunRecord } from './mutation-report';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONCURRENCY = Math.max(1, Math.min(4, availableParallelism()));

/** Runs Stryker, its output shown as it comes and kept: its status and what it printed. */
function stryker(
  configFile: string,
  options: { env?: NodeJS.ProcessEnv; extra?: string[]; deadline?: number | null } = {},
): Promise<{ status: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npx', ['stryker', 'run', configFile, '--concurrency', String(CONCURRENCY), ...(options.extra ?? [])], {
      cwd: ROOT,
      stdio: ['inherit', 'pipe', 'pipe'],
      env: { ...process.env, ...options.env },
      // Its own process group, so that a deadline stops Stryker and every worker it started.
      detached: true,
    });
    const timer =
      options.deadline == null
        ? null
        : setTimeout(
            () => {
              if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
            },
            Math.max(0, options.deadline - Date.now()),
          );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      output += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      output += chunk.toString();
    });
    child.on('close', (code) => {
      if (timer) clearTimeout(timer);
      resolve({ status: code ?? 1, output });
    });
  });
}

/** "1234 of 7500 mutant result(s) are reused", from Stryker's incremental report in its output. */
export function reusedOf(output: string): { reused: number; mutants: number } | null {
  // eslint-disable-next-line no-control-regex -- Stryker colours the figures.
  const plain = output.replace(/\u001b\[[0-9;]*m/g, '');
  const found = /(\d+) of (\d+) mutant result\(s\) are reused/.exec(plain);
  return found ? { reused: Number(found[1]), mutants: Number(found[2]) } : null;
}

/** The survivors the walks should see (not a listed equivalent, not static), judged once. */
function walkable(report: MutationReport) {
  return judge(report, null, EQUIVALENTS).filter((judged) => judged.outcome === 'survived' && judged.mutant.static !== true);
}

/** `file:first-last` for each run of lines that holds a survivor the walks should see. */
export function survivorRanges(report: MutationReport): string[] {
  const lines = new Map<string, Set<number>>();
  for (const judged of walkable(report)) {
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

/**
 * The last run's report as the incremental base, less its static survivors. Stryker reruns a
 * survivor when a new test covers it, but a static mutant (code that runs when its module loads:
 * a machine's configuration, a selector's definition, a constant message) has no per-test coverage
 * to compare, so a test written since would never be given the chance to kill it. Left out of the
 * base, they are run again every time; a killed static mutant is still reused while the test that
 * killed it is unchanged.
 */
export function withoutStaticSurvivors<R extends MutationReport>(report: R): R {
  const undetected = new Set(['Survived', 'NoCoverage']);
  return {
    ...report,
    files: Object.fromEntries(
      Object.entries(report.files).map(([file, entry]) => [
        file,
        { ...entry, mutants: entry.mutants.filter((m) => !(m.static === true && undetected.has(m.status))) },
      ]),
    ),
  };
}

/** `--walks-minutes N`: how long the walks pass may take in all (no limit without it). */
function minutesOf(args: readonly string[]): number | null {
  const at = args.indexOf('--walks-minutes');
  if (at === -1) return null;
  const minutes = Number(args[at + 1]);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error('--walks-minutes needs a number of minutes');
  return minutes;
}

/**
 * The survivors' line ranges grouped by area (a machine's folder, src/domain, a server folder), the
 * areas with the fewest survivors first: each area is one Stryker run of its own, so a time limit
 * stops between areas (or in one, whose results are then lost) and the areas done still count.
 */
export function walkChunks(
  ranges: readonly string[],
  survivorsByFile: ReadonlyMap<string, number>,
): { area: string; ranges: string[]; mutants: number }[] {
  const chunks = new Map<string, { area: string; ranges: string[]; files: Set<string> }>();
  for (const range of ranges) {
    const file = range.slice(0, range.lastIndexOf(':'));
    const area = areaOf(file);
    const chunk = chunks.get(area) ?? { area, ranges: [], files: new Set<string>() };
    chunk.ranges.push(range);
    chunk.files.add(file);
    chunks.set(area, chunk);
  }
  return [...chunks.values()]
    .map(({ area, ranges: r, files }) => ({ area, ranges: r, mutants: [...files].reduce((n, f) => n + (survivorsByFile.get(f) ?? 0), 0) }))
    .sort((a, b) => a.mutants - b.mutants || a.area.localeCompare(b.area));
}

/** The second pass: the survivors again, with the model walks beside the fast tests, one area at a time. */
async function walkSurvivors(ranges: readonly string[], fast: MutationReport, minutes: number | null): Promise<RunRecord['walks']> {
  const survivorsByFile = new Map<string, number>();
  for (const judged of walkable(fast)) survivorsByFile.set(judged.file, (survivorsByFile.get(judged.file) ?? 0) + 1);
  const chunks = walkChunks(ranges, survivorsByFile);
  const fastConfig = JSON.parse(readFileSync(join(ROOT, 'stryker.config.json'), 'utf8')) as Record<string, unknown>;
  const dir = join(REPORTS, 'walks');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const started = Date.now();
  const deadline = minutes === null ? null : started + minutes * 60_000;
  const merged: Record<string, MutationReport['files'][string]> = {};
  const notRun: { area: string; mutants: number }[] = [];
  console.log(`\nThe model walks, against what the fast tests left alive: ${ranges.length} line ranges in ${chunks.length} areas\n`);
  for (const chunk of chunks) {
    if (deadline !== null && Date.now() >= deadline) {
      notRun.push({ area: chunk.area, mutants: chunk.mutants });
      continue;
    }
    const name = chunk.area.replaceAll('/', '-');
    const config = join(dir, `${name}.stryker.json`);
    writeFileSync(
      config,
      JSON.stringify({
        ...fastConfig,
        $schema: undefined,
        mutate: chunk.ranges,
        // A static mutant reruns every test; the first pass already ran it against the fast ones.
        ignoreStatic: true,
        incremental: false,
        thresholds: { high: 90, low: 85, break: null },
        reporters: ['json', 'progress'],
        jsonReporter: { fileName: `reports/mutation/walks/${name}.json` },
      }),
    );
    console.log(`\nThe walks, ${chunk.area}: ${chunk.mutants} survivors\n`);
    const { status } = await stryker(config, { env: { HARDLINE_MUTATION_WALKS: '1' }, deadline });
    const result = join(dir, `${name}.json`);
    if (status !== 0 || !existsSync(result)) {
      console.error(`\nThe walks of ${chunk.area} failed or were stopped: its survivors count as not walked.\n`);
      notRun.push({ area: chunk.area, mutants: chunk.mutants });
      continue;
    }
    Object.assign(merged, (JSON.parse(readFileSync(result, 'utf8')) as MutationReport).files);
  }
  if (Object.keys(merged).length === 0) return null;
  writeFileSync(join(REPORTS, 'walks.json'), JSON.stringify({ files: merged }));
  const mutants = Object.values(merged).flatMap((file) => file.mutants.filter((m) => m.status !== 'Ignored'));
  return { seconds: Math.round((Date.now() - started) / 1000), mutants: mutants.length, notRun };
}

/**
 * The areas to run: those `--areas a,b` names, or with `--changed` those whose sources differ from
 * docs/mutation.json's stamps (and areas it has no result for); null for every area.
 */
function areasOf(args: readonly string[]): string[] | null {
  const files = mutatedFiles();
  const known = filesByArea(files);
  const at = args.indexOf('--areas');
  if (at !== -1) {
    const named = (args[at + 1] ?? '').split(',').filter(Boolean);
    const unknown = named.filter((area) => !known.has(area));
    if (named.length === 0 || unknown.length > 0)
      throw new Error(
        `--areas takes areas by name, comma-separated (${[...known.keys()].join(', ')}); not ${unknown.join(', ') || 'none'}`,
      );
    return named;
  }
  if (!args.includes('--changed')) return null;
  const record = readRecord(RECORD(ROOT));
  if (!record) throw new Error('--changed needs docs/mutation.json, the record of a run before it');
  return changedAreas(record, areaDigests(new Map(files.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]))));
}

/** A Stryker configuration like stryker.config.json's that mutates the areas' files alone. */
function areasConfig(areas: readonly string[]): string {
  const byArea = filesByArea(mutatedFiles());
  const config = JSON.parse(readFileSync(join(ROOT, 'stryker.config.json'), 'utf8')) as Record<string, unknown>;
  const path = join(REPORTS, 'areas.stryker.json');
  writeFileSync(path, JSON.stringify({ ...config, $schema: undefined, mutate: areas.flatMap((area) => byArea.get(area) ?? []) }));
  console.log(`\nThe areas ${areas.join(', ')}: ${areas.reduce((n, a) => n + (byArea.get(a)?.length ?? 0), 0)} files\n`);
  return path;
}

const FLAGS = ['--changed', '--areas', '--no-walks', '--incremental', '--walks-minutes', '--report', '--help'];
/** The flags that take a value: the value that follows them is not a flag. */
const VALUED = ['--areas', '--walks-minutes'];

/** The usage (this file's header), for `--help` and for a flag it does not know. */
function usage(): string {
  const header = readFileSync(fileURLToPath(import.meta.url), 'utf8').split('\n *\n')[1] ?? '';
  return header.replace(/^ \* ?/gm, '');
}

/** A flag this script does not know is refused before anything runs: a whole run takes hours. */
export function unknownFlags(args: readonly string[]): string[] {
  return args.filter((arg, i) => !FLAGS.includes(arg) && !VALUED.includes(args[i - 1] ?? ''));
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.includes('--help')) {
    console.log(usage());
    process.exit(0);
  }
  const unknown = unknownFlags(args);
  if (unknown.length > 0) {
    console.error(`npm run test:mutation does not know ${unknown.join(' ')}. It takes:\n\n${usage()}`);
    process.exit(2);
  }
  const report = () => spawnSync('npx', ['tsx', 'scripts/test/mutation-page.ts'], { cwd: ROOT, stdio: 'inherit' }).status ?? 1;
  if (args.includes('--report')) process.exit(report());

  mkdirSync(REPORTS, { recursive: true });
  /** The whole run the reused results go back to (through any incremental runs between). */
  let base: Pick<NonNullable<RunRecord['incremental']>, 'base' | 'baseSeconds'> | null = null;
  const extra: string[] = [];
  if (args.includes('--incremental')) {
    const last = join(REPORTS, 'mutation.json');
    const lastRun = join(REPORTS, 'run.json');
    if (!existsSync(last) || !existsSync(lastRun))
      throw new Error('--incremental needs the reports of a run before it in reports/mutation/');
    const previous = JSON.parse(readFileSync(lastRun, 'utf8')) as RunRecord;
    base = previous.incremental
      ? {
          base: previous.incremental.base,
          ...(previous.incremental.baseSeconds === undefined ? {} : { baseSeconds: previous.incremental.baseSeconds }),
        }
      : { base: previous.startedAt, baseSeconds: previous.seconds };
    writeFileSync(
      join(REPORTS, 'base.json'),
      JSON.stringify(withoutStaticSurvivors(JSON.parse(readFileSync(last, 'utf8')) as MutationReport)),
    );
    extra.push('--incremental', '--incrementalFile', 'reports/mutation/base.json');
  }
  const areas = areasOf(args);
  if (areas !== null && base !== null) throw new Error('--incremental is for a run of every area, not with --changed or --areas');
  if (areas !== null && areas.length === 0) {
    console.log('No area changed since docs/mutation.json: nothing to run, and the page stands.');
    process.exit(0);
  }
  const config = areas === null ? 'stryker.config.json' : areasConfig(areas);
  rmSync(join(REPORTS, 'walks.json'), { force: true });
  const started = Date.now();
  const { status: first, output } = await stryker(config, { extra });
  const reused = base === null ? null : reusedOf(output);
  if (base !== null && reused === null) throw new Error('Stryker did not report what it reused: see its output above');
  const fast = JSON.parse(readFileSync(join(REPORTS, 'mutation.json'), 'utf8')) as MutationReport;

  let walks: RunRecord['walks'] = null;
  const ranges = args.includes('--no-walks') ? [] : survivorRanges(fast);
  if (ranges.length > 0) walks = await walkSurvivors(ranges, fast, minutesOf(args));

  const run: RunRecord = {
    startedAt: new Date(started).toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    seconds: Math.round((Date.now() - started) / 1000),
    concurrency: CONCURRENCY,
    cores: availableParallelism(),
    cpu: cpus()[0]?.model.trim() ?? 'unknown CPU',
    walks,
    areas,
    incremental: base !== null && reused !== null ? { ...base, ...reused } : null,
  };
  writeFileSync(join(REPORTS, 'run.json'), `${JSON.stringify(run, null, 2)}\n`);
  const written = report();
  process.exit(first !== 0 ? first : written);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) void main();
