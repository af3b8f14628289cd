/**
 * `npm test`: every check in order, stopping at the first failure, then a summary.
 *
 *   setup -> lint -> format -> unused code -> typecheck -> statecharts --check -> audit -> unit -> server on PostgreSQL
 *   -> model (+ coverage) -> e2e
 *
 * `setup` (scripts/setup-test-env.ts) installs Chromium and PostgreSQL with apt where they are missing
 * and this runs as root, or stops at once naming the command to run. The unit step runs the server
 * suite on PGlite; the PostgreSQL step runs it again on a throwaway PostgreSQL cluster.
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

interface Step {
  name: string;
  command: string;
  args: string[];
  /** Tests passed/failed from the runner's output, when it runs tests. */
  parse?: (output: string) => Counts | undefined;
}

interface Result {
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

const steps: Step[] = [
  { name: 'setup', command: tsx, args: ['scripts/setup-test-env.ts'] },
  { name: 'lint', command: npm, args: ['run', '--silent', 'test:lint'] },
  { name: 'format', command: npm, args: ['run', '--silent', 'test:format'] },
  { name: 'unused code', command: npm, args: ['run', '--silent', 'test:unused'] },
  { name: 'typecheck', command: npm, args: ['run', '--silent', 'test:types'] },
  { name: 'statecharts', command: npm, args: ['run', '--silent', 'statecharts', '--', '--check'] },
  { name: 'audit', command: npm, args: ['run', '--silent', 'test:audit'] },
  { name: 'unit', command: npm, args: ['run', '--silent', 'test:unit'], parse: parseVitest },
  { name: 'server on PostgreSQL', command: npm, args: ['run', '--silent', 'test:postgres'], parse: parseVitest },
  { name: 'model', command: npm, args: ['run', '--silent', 'test:model'], parse: parseVitest },
  { name: 'e2e', command: npm, args: ['run', '--silent', 'test:e2e'], parse: parsePlaywright },
];

function run(step: Step): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(step.command, step.args, {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stderr.write(chunk);
    });
    child.on('error', (error) => resolve({ code: 127, output: `${output}\n${error.message}` }));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), output }));
  });
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

  const results: Result[] = steps.map((step) => ({ step, status: 'not run', ms: 0 }));
  let failedStep: string | undefined;
  for (const result of results) {
    console.log(`\n━━ ${result.step.name}: ${[result.step.command, ...result.step.args].join(' ')}`);
    const started = Date.now();
    const { code, output } = await run(result.step);
    result.ms = Date.now() - started;
    result.status = code === 0 ? 'pass' : 'fail';
    const counts = result.step.parse?.(output);
    if (counts) result.counts = counts;
    if (code !== 0) {
      result.note = `exit code ${code}`;
      failedStep = result.step.name;
      break;
    }
  }

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
  if (failedStep) console.log(`\nFailed at step: ${failedStep}`);
  console.log(`${total.passed} passed, ${total.failed} failed`);
  return failedStep ? 1 : 0;
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
