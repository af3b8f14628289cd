/**
 * `npm test`: every check, stopping after the first stage with a failure, then a summary.
 *
 *   setup -> [lint, statecharts, audit | typecheck, format, unused code] -> unit -> server on PostgreSQL
 *   -> model (+ coverage) -> e2e -> e2e on two API processes
 *
 * A stage is one or more lanes run at the same time, each lane its steps in order (stopping at its
 * first failure). The static checks are two lanes: each is one Node process on one core, so on the
 * 2-core CI machine they take the time of the longer lane instead of the sum (about 40 s less). A
 * step that runs beside another prints its output whole when it ends, so the log never interleaves.
 * The test suites have a stage each: they use every core themselves.
 *
 * `setup` (scripts/setup-test-env.ts) installs Chromium and PostgreSQL with apt where they are missing
 * and this runs as root, or stops at once naming the command to run. The unit step runs the server
 * suite on PGlite; the PostgreSQL step runs it again on a throwaway PostgreSQL cluster, with the
 * deployment tests (tests/deploy: a production install from a clean copy, several API processes).
 * The last step runs User Management's browser tests once more against two production API processes
 * on PostgreSQL behind a round-robin balancer (playwright.processes.config.ts).
 *
 * The audit step (scripts/audit.ts) fails on a high or critical advisory; where the registry's
 * audit endpoint cannot be reached it reports "NOT RUN" in the suite figures instead.
 *
 * Suite figures: any suite may write `reports/suites/<name>.json` as
 * `{ "suite": "a11y", "figures": { "routes scanned": 7, "violations": 0 } }` during its run;
 * the summary prints every such file (the folder is emptied at the start of `npm test`).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Counts {
  passed: number;
  failed: number;
}

export interface Step {
  name: string;
  command: string;
  args: string[];
  /** Tests passed/failed from the runner's output, when it runs tests. */
  parse?: (output: string) => Counts | undefined;
}

export interface Result {
  step: Step;
  status: 'pass' | 'fail' | 'not run';
  ms: number;
  counts?: Counts;
  note?: string;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');
const stripAnsi = (s: string): string => s.replace(ANSI, '');

/** Vitest: `Tests  12 passed | 1 failed (13)`; several runs in one output are summed. */
export function parseVitest(output: string): Counts | undefined {
  const lines = stripAnsi(output)
    .split('\n')
    .filter((l) => /^\s*Tests\s+.*\(\d+\)\s*$/.test(l));
  if (lines.length === 0) return undefined;
  const counts: Counts = { passed: 0, failed: 0 };
  for (const line of lines) {
    counts.passed += Number(/(\d+) passed/.exec(line)?.[1] ?? 0);
    counts.failed += Number(/(\d+) failed/.exec(line)?.[1] ?? 0);
  }
  return counts;
}

/** Playwright list reporter: `  5 passed (12.3s)`, `  1 failed`, `  1 flaky`. */
export function parsePlaywright(output: string): Counts | undefined {
  const text = stripAnsi(output);
  const passed = /^\s*(\d+) passed/m.exec(text);
  const failed = /^\s*(\d+) failed/m.exec(text);
  const flaky = /^\s*(\d+) flaky/m.exec(text);
  if (!passed && !failed && !flaky) return undefined;
  return { passed: Number(passed?.[1] ?? 0) + Number(flaky?.[1] ?? 0), failed: Number(failed?.[1] ?? 0) };
}

const tsx = join('node_modules', '.bin', process.platform === 'win32' ? 'tsx.cmd' : 'tsx');

const npmRun = (name: string, script: string, extra: string[] = [], parse?: Step['parse']): Step => ({
  name,
  command: npm,
  args: ['run', '--silent', script, ...extra],
  ...(parse ? { parse } : {}),
});

/** Stages, in order; each stage's lanes run at once, each lane's steps one after another. */
export type Stage = Step[][];

/** The lanes are balanced by their times on the CI machine (lint 42 s; typecheck 34, format 16, unused 9). */
const stages: Stage[] = [
  [[{ name: 'setup', command: tsx, args: ['scripts/setup-test-env.ts'] }]],
  [
    [npmRun('lint', 'test:lint'), npmRun('statecharts', 'statecharts', ['--', '--check']), npmRun('audit', 'test:audit')],
    [npmRun('typecheck', 'test:types'), npmRun('format', 'test:format'), npmRun('unused code', 'test:unused')],
  ],
  [[npmRun('unit', 'test:unit', [], parseVitest)]],
  [[npmRun('server on PostgreSQL', 'test:postgres', [], parseVitest)]],
  [[npmRun('model', 'test:model', [], parseVitest)]],
  [[npmRun('e2e', 'test:e2e', [], parsePlaywright)]],
  [[npmRun('e2e on two API processes', 'test:e2e:processes', [], parsePlaywright)]],
];

/** Where the steps' output goes: the terminal, or a test's collector. */
export type Write = (text: string) => void;

const header = (step: Step): string => `\n━━ ${step.name}: ${[step.command, ...step.args].join(' ')}\n`;

/**
 * Runs one step. `live`: its output is written as it comes (a step alone in its stage); otherwise it
 * is written whole, after its header, when the step ends.
 */
function run(step: Step, live: boolean, write: Write): Promise<{ code: number; output: string }> {
  if (live) write(header(step));
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (live) write(chunk.toString());
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const done = (code: number, text: string) => {
      if (!live) write(`${header(step)}${text}`);
      resolve({ code, output: text });
    };
    child.on('error', (error) => done(127, `${output}\n${error.message}\n`));
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1), output));
  });
}

/**
 * Runs the stages in order and returns a result for every step (`not run` for those after a failure).
 * A stage's lanes run at once; a lane stops at its first failure, the other lanes finish, and no
 * later stage starts.
 */
export async function runStages(plan: readonly Stage[], write: Write): Promise<Result[]> {
  const results = new Map<Step, Result>(plan.flat(2).map((step) => [step, { step, status: 'not run', ms: 0 }]));
  for (const stage of plan) {
    const live = stage.length === 1;
    const lanes = await Promise.all(
      stage.map(async (lane) => {
        for (const step of lane) {
          const result = results.get(step) as Result;
          const started = Date.now();
          const { code, output } = await run(step, live, write);
          result.ms = Date.now() - started;
          result.status = code === 0 ? 'pass' : 'fail';
          const counts = step.parse?.(output);
          if (counts) result.counts = counts;
          if (code !== 0) {
            result.note = `exit code ${code}`;
            return false;
          }
        }
        return true;
      }),
    );
    if (lanes.includes(false)) break;
  }
  return [...results.values()];
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

function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]): string =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  console.log(line(headers));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
}

async function main(): Promise<number> {
  const suitesDir = join(process.cwd(), 'reports', 'suites');
  rmSync(suitesDir, { recursive: true, force: true });
  mkdirSync(suitesDir, { recursive: true });

  const results = await runStages(stages, (text) => process.stdout.write(text));
  const failed = results.filter((r) => r.status === 'fail').map((r) => r.step.name);

  console.log('\n━━ Summary');
  printTable(
    ['step', 'result', 'time', 'passed', 'failed'],
    results.map((r) => [
      r.step.name,
      r.status === 'fail' ? `FAIL (${r.note ?? ''})` : r.status,
      r.status === 'not run' ? '' : `${(r.ms / 1000).toFixed(1)} s`,
      r.counts ? String(r.counts.passed) : '',
      r.counts ? String(r.counts.failed) : '',
    ]),
  );

  const figures = readSuiteFigures(suitesDir);
  if (figures.length > 0) {
    console.log('\n━━ Suite figures');
    printTable(
      ['suite', 'figure', 'value'],
      figures.flatMap((s) => Object.entries(s.figures).map(([k, v], i) => [i === 0 ? s.suite : '', k, String(v)])),
    );
  }

  const total = results.reduce<Counts>(
    (acc, r) => ({ passed: acc.passed + (r.counts?.passed ?? 0), failed: acc.failed + (r.counts?.failed ?? 0) }),
    { passed: 0, failed: 0 },
  );
  if (failed.length > 0) console.log(`\nFailed at step${failed.length > 1 ? 's' : ''}: ${failed.join(', ')}`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  return failed.length > 0 ? 1 : 0;
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
