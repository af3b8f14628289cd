/**
 * `npm test`: every check, then a summary. It stops starting steps after the first failure.
 *
 * The steps form a small graph, not a fixed sequence of stages:
 *
 *   setup (Chromium, PostgreSQL: apt where missing) ─────────────────────────┐
 *   lint, typecheck, format, unused code, statecharts, audit ─> unit ─┬─> server on PostgreSQL
 *                                                                     └─> model ─> e2e
 *   (the PostgreSQL and browser steps also wait for setup)
 *
 * A step takes CPU slots: `1` for a one-process check, `all` for a test suite that spreads over
 * every core itself, `0` for setup, which mostly waits on the network and the disk. A step starts as
 * soon as the steps it needs have passed and enough slots are free (cores = slots), in the order
 * of the plan; so the static checks share the cores as a work queue, however long each one takes on
 * this machine, and setup runs beside them instead of before them. A step running beside another
 * prints its output whole when it ends; a step running alone streams it.
 *
 * The browser suite runs alone: run on half the cores beside the PostgreSQL and model suites, it
 * and they only took turns (one Playwright worker, Chromium and the local stack keep two cores busy),
 * and a clean clone took 1,394.5 s instead of 1,277.8 s (docs/TESTING.md).
 *
 * Test counts come from the runners' JSON reports (Vitest `--reporter=json`, Playwright's JSON
 * reporter), never from their console text. Suite figures: any suite may write
 * `reports/suites/<name>.json` as `{ "suite": "a11y", "figures": { "violations": 0 } }`; the summary
 * prints them (the folder is emptied first). The last line is `N passed, M failed`.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface Counts {
  passed: number;
  failed: number;
}

export interface Step {
  name: string;
  command: string;
  args: string[];
  /** CPU slots it holds while it runs: 0, 1, or 'all' (every slot). Default 1. */
  cpus?: 0 | 1 | 'all';
  /** Names of the steps that must have passed before it starts. */
  needs?: string[];
  /** Where its runner writes a JSON report, and how to count tests from it. */
  report?: { file: string; read: (json: unknown) => Counts | undefined };
  /** Extra environment variables for the step. */
  env?: Record<string, string>;
}

export interface Result {
  step: Step;
  status: 'pass' | 'fail' | 'not run';
  ms: number;
  counts?: Counts;
  note?: string;
}

/** Vitest's JSON reporter (Jest's shape): `numPassedTests`, `numFailedTests`. */
export function countVitest(json: unknown): Counts | undefined {
  const r = json as { numPassedTests?: unknown; numFailedTests?: unknown } | null;
  if (!r || typeof r.numPassedTests !== 'number' || typeof r.numFailedTests !== 'number') return undefined;
  return { passed: r.numPassedTests, failed: r.numFailedTests };
}

/**
 * Playwright's JSON reporter: `stats.expected` passed, `stats.unexpected` failed. A `flaky` test
 * (passed on a retry) counts as failed: the suite runs without retries, and a test that needed one
 * is a defect.
 */
export function countPlaywright(json: unknown): Counts | undefined {
  const stats = (json as { stats?: { expected?: unknown; unexpected?: unknown; flaky?: unknown } } | null)?.stats;
  if (!stats || typeof stats.expected !== 'number' || typeof stats.unexpected !== 'number') return undefined;
  return { passed: stats.expected, failed: stats.unexpected + (typeof stats.flaky === 'number' ? stats.flaky : 0) };
}

/** Reads a step's JSON report: counts, or undefined when it is missing or not that runner's shape. */
export function readCounts(step: Step): Counts | undefined {
  if (!step.report || !existsSync(step.report.file)) return undefined;
  try {
    return step.report.read(JSON.parse(readFileSync(step.report.file, 'utf8')));
  } catch {
    return undefined;
  }
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsx = join('node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');

const npmRun = (name: string, script: string, extra: Partial<Step> = {}, args: string[] = []): Step => ({
  name,
  command: npm,
  args: ['run', '--silent', script, ...(args.length > 0 ? ['--', ...args] : [])],
  ...extra,
});

/** A Vitest step: the config adds its JSON reporter when VITEST_JSON_REPORT names a file (vitest.config.ts). */
const vitest = (name: string, script: string, needs: string[]): Step => {
  const file = join('reports', 'vitest', `${name.replace(/\W+/g, '-')}.json`);
  return npmRun(name, script, { cpus: 'all', needs, report: { file, read: countVitest }, env: { VITEST_JSON_REPORT: file } });
};
const STATIC = ['lint', 'typecheck', 'format', 'unused code', 'statecharts', 'audit'];

/** Every step of `npm test`. */
export const PLAN: readonly Step[] = [
  { name: 'setup', command: tsx, args: ['scripts/test/setup-test-env.ts'], cpus: 0 },
  npmRun('lint', 'test:lint'),
  npmRun('typecheck', 'test:types'),
  npmRun('format', 'test:format'),
  npmRun('unused code', 'test:unused'),
  npmRun('statecharts', 'statecharts', {}, ['--check']),
  npmRun('audit', 'test:audit'),
  vitest('unit', 'test:unit', STATIC),
  vitest('server on PostgreSQL', 'test:postgres', ['setup', 'unit']),
  vitest('model', 'test:model', ['unit']),
  npmRun('e2e', 'test:e2e', {
    cpus: 'all',
    needs: ['setup', 'model', 'server on PostgreSQL'],
    report: { file: join('reports', 'e2e', 'results.json'), read: countPlaywright },
  }),
  npmRun('e2e on two API processes', 'test:e2e:processes', {
    cpus: 'all',
    needs: ['e2e'],
    report: { file: join('reports', 'e2e-processes', 'results.json'), read: countPlaywright },
  }),
];

/** Where the steps' output goes: the terminal, or a test's collector. */
export type Write = (text: string) => void;

const header = (step: Step): string => `\n━━ ${step.name}: ${[step.command, ...step.args].join(' ')}\n`;

function run(step: Step, live: () => boolean, write: Write): Promise<{ code: number }> {
  const streaming = live();
  if (streaming) write(header(step));
  return new Promise((done) => {
    const child = spawn(step.command, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env['FORCE_COLOR'] ?? '1', ...step.env },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      if (streaming) write(chunk.toString());
      else output += chunk.toString();
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const finish = (code: number, extra = '') => {
      if (!streaming) write(`${header(step)}${output}${extra}`);
      else if (extra) write(extra);
      done({ code });
    };
    child.on('error', (error) => finish(127, `\n${error.message}\n`));
    child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
  });
}

const slotsOf = (step: Step, cores: number): number => (step.cpus === 'all' ? cores : (step.cpus ?? 1));

/**
 * Runs the plan: each step once its `needs` have passed and its CPU slots are free, in plan order.
 * After a failure no step starts (those running finish); every step not started is `not run`.
 * A step that needs one that failed or never ran is `not run` too.
 */
export async function runPlan(plan: readonly Step[], write: Write, cores = availableParallelism()): Promise<Result[]> {
  const results = new Map<Step, Result>(plan.map((step) => [step, { step, status: 'not run', ms: 0 }]));
  const byName = new Map(plan.map((step) => [step.name, step]));
  for (const step of plan)
    for (const need of step.needs ?? [])
      if (!byName.has(need)) throw new Error(`Step "${step.name}" needs "${need}", which is not in the plan`);
  const waiting = [...plan];
  const running = new Set<Step>();
  let failed = false;
  let free = cores;
  let wake: () => void = () => undefined;

  const ready = (step: Step) => (step.needs ?? []).every((n) => results.get(byName.get(n) as Step)?.status === 'pass');
  const blocked = (step: Step) =>
    (step.needs ?? []).some((n) => {
      const need = byName.get(n) as Step;
      return (
        results.get(need)?.status === 'fail' || (!running.has(need) && !waiting.includes(need) && results.get(need)?.status !== 'pass')
      );
    });

  while (waiting.length > 0 || running.size > 0) {
    if (!failed) {
      for (const step of [...waiting]) {
        if (blocked(step)) {
          waiting.splice(waiting.indexOf(step), 1);
          continue;
        }
        const slots = Math.min(slotsOf(step, cores), cores);
        if (!ready(step) || slots > free) continue;
        waiting.splice(waiting.indexOf(step), 1);
        running.add(step);
        free -= slots;
        const result = results.get(step) as Result;
        const started = Date.now();
        // A step streams when nothing else runs beside it when it starts and nothing else can start.
        const alone = () => running.size === 1 && (free === 0 || waiting.every((w) => !ready(w)));
        void run(step, alone, write).then(({ code }) => {
          result.ms = Date.now() - started;
          result.status = code === 0 ? 'pass' : 'fail';
          const counts = readCounts(step);
          if (counts) result.counts = counts;
          if (code !== 0) {
            result.note = `exit code ${code}`;
            failed = true;
          }
          running.delete(step);
          free += slots;
          wake();
        });
      }
    } else {
      waiting.length = 0;
    }
    if (running.size === 0) break;
    await new Promise<void>((resolveWake) => (wake = resolveWake));
  }
  return plan.map((step) => results.get(step) as Result);
}

interface SuiteFigures {
  suite: string;
  figures: Record<string, number | string>;
}

export function readSuiteFigures(dir: string): SuiteFigures[] {
  if (!existsSync(dir)) return [];
  const out: SuiteFigures[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    try {
      const data = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Partial<SuiteFigures>;
      if (typeof data.suite === 'string' && data.figures && typeof data.figures === 'object') {
        out.push({ suite: data.suite, figures: data.figures });
      } else {
        out.push({ suite: file, figures: { 'unreadable figures file': file } });
      }
    } catch {
      out.push({ suite: file, figures: { 'unreadable figures file': file } });
    }
  }
  return out;
}

export function formatTable(headers: string[], rows: string[][]): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

/** The summary: a table of steps, the suite figures, and the closing `N passed, M failed` line. */
export function summary(results: readonly Result[], figures: readonly SuiteFigures[], wallMs: number): string {
  const lines: string[] = ['', '━━ Summary'];
  lines.push(
    formatTable(
      ['step', 'result', 'time', 'passed', 'failed'],
      results.map((r) => [
        r.step.name,
        r.status === 'fail' ? `FAIL (${r.note ?? ''})` : r.status,
        r.status === 'not run' ? '' : `${(r.ms / 1000).toFixed(1)} s`,
        r.counts ? String(r.counts.passed) : '',
        r.counts ? String(r.counts.failed) : '',
      ]),
    ),
  );
  lines.push(`wall time ${(wallMs / 1000).toFixed(1)} s`);
  if (figures.length > 0) {
    lines.push('', '━━ Suite figures');
    lines.push(
      formatTable(
        ['suite', 'figure', 'value'],
        figures.flatMap((s) => Object.entries(s.figures).map(([k, v], i) => [i === 0 ? s.suite : '', k, String(v)])),
      ),
    );
  }
  const failedSteps = results.filter((r) => r.status === 'fail').map((r) => r.step.name);
  const total = results.reduce<Counts>(
    (acc, r) => ({ passed: acc.passed + (r.counts?.passed ?? 0), failed: acc.failed + (r.counts?.failed ?? 0) }),
    { passed: 0, failed: 0 },
  );
  // A step that failed with no test failing (lint, a crash before the report) still fails the run.
  const failed = Math.max(total.failed, failedSteps.length > 0 && total.failed === 0 ? 1 : 0);
  lines.push('');
  if (failedSteps.length > 0) lines.push(`Failed at step${failedSteps.length > 1 ? 's' : ''}: ${failedSteps.join(', ')}`);
  lines.push(`${total.passed} passed, ${failed} failed`);
  return lines.join('\n');
}

async function main(): Promise<number> {
  const started = Date.now();
  const suitesDir = join(process.cwd(), 'reports', 'suites');
  for (const dir of [suitesDir, join(process.cwd(), 'reports', 'vitest')]) {
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true });
  }
  rmSync(join(process.cwd(), 'reports', 'e2e', 'results.json'), { force: true });
  const results = await runPlan(PLAN, (text) => process.stdout.write(text));
  console.log(summary(results, readSuiteFigures(suitesDir), Date.now() - started));
  return results.some((r) => r.status === 'fail') ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
