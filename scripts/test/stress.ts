/**
 * `npm run test:stress`: the suites under load, to prove they do not depend on an idle machine.
 *
 *   npm run test:stress                      the unit, view, PostgreSQL and model suites with a CPU hog on every core
 *   npm run test:stress -- --rounds 3        three rounds in a row (each must pass)
 *   npm run test:stress -- --e2e             the browser suite with one core hogged (its default)
 *   npm run test:stress -- --postgres        the server suites on PostgreSQL only (where concurrent
 *                                            transactions really interleave), e.g. with --rounds 10
 *   npm run test:stress -- --hogs 2          choose how many hogs (default: every core; 1 with --e2e)
 *
 * A hog is one busy Node process (`for (;;) {}`) at the same priority as the suite: the suite's
 * processes get no more of the CPU than the hogs do, as on a CI machine that is running something
 * else. The load average is sampled every 2 s while a round runs. Each round's result, time and load
 * are printed and written to reports/stress.json. The exit code is 0 only when every round passed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface StressOptions {
  rounds: number;
  hogs: number;
  e2e: boolean;
  postgres: boolean;
}

/** Reads `--rounds N`, `--hogs N`, `--e2e` and `--postgres`; anything else is an error naming it. */
export function parseStressArgs(argv: readonly string[], cores = availableParallelism()): StressOptions {
  let rounds = 1;
  let hogs: number | undefined;
  let e2e = false;
  let postgres = false;
  const count = (flag: string, raw: string | undefined, min: number): number => {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min) throw new Error(`${flag} needs a whole number of at least ${min}, got "${raw ?? ''}"`);
    return n;
  };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') continue;
    if (arg === '--e2e') e2e = true;
    else if (arg === '--postgres') postgres = true;
    else if (arg === '--rounds') rounds = count('--rounds', argv[(i += 1)], 1);
    else if (arg === '--hogs') hogs = count('--hogs', argv[(i += 1)], 0);
    else throw new Error(`Unknown option "${arg}". Options: --rounds N, --hogs N, --e2e, --postgres`);
  }
  if (e2e && postgres) throw new Error('--e2e and --postgres each choose the suites of a round: give one of them');
  return { rounds, hogs: hogs ?? (e2e ? 1 : cores), e2e, postgres };
}

const POSTGRES = { name: 'server on PostgreSQL', args: ['run', '--silent', 'test:postgres'] };

/** The commands of one round, in CI's order: the browser suite; the server suites on PostgreSQL; or all but the browser suite. */
export function roundCommands(options: Pick<StressOptions, 'e2e' | 'postgres'>): Array<{ name: string; args: string[] }> {
  if (options.e2e) return [{ name: 'e2e', args: ['run', '--silent', 'test:e2e'] }];
  if (options.postgres) return [POSTGRES];
  return [
    { name: 'unit and views', args: ['run', '--silent', 'test:unit'] },
    POSTGRES,
    { name: 'model', args: ['run', '--silent', 'test:model'] },
  ];
}

function describeRound(options: StressOptions): string {
  if (options.e2e) return 'browser suite';
  if (options.postgres) return 'server suites on PostgreSQL';
  return 'unit, view, PostgreSQL and model suites';
}

export interface LoadSamples {
  mean: number;
  max: number;
  samples: number;
}

export function summariseLoad(samples: readonly number[]): LoadSamples {
  if (samples.length === 0) return { mean: 0, max: 0, samples: 0 };
  const sum = samples.reduce((a, b) => a + b, 0);
  return { mean: Math.round((sum / samples.length) * 100) / 100, max: Math.max(...samples), samples: samples.length };
}

/** Starts `count` busy Node processes; the returned function stops them. */
export function startHogs(count: number): () => void {
  const hogs: ChildProcess[] = [];
  for (let i = 0; i < count; i += 1) hogs.push(spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
  return () => {
    for (const hog of hogs) hog.kill('SIGKILL');
  };
}

function runCommand(args: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.platform === 'win32' ? 'npm.cmd' : 'npm', args, {
      stdio: 'inherit',
      env: { ...process.env, CI: process.env['CI'] ?? 'true' },
    });
    child.on('error', () => done(127));
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

interface RoundResult {
  round: number;
  steps: Array<{ name: string; passed: boolean; seconds: number }>;
  passed: boolean;
  seconds: number;
  load: LoadSamples;
}

async function main(): Promise<number> {
  const options = parseStressArgs(process.argv.slice(2));
  const stopHogs = startHogs(options.hogs);
  const stopAll = () => {
    stopHogs();
    process.exit(130);
  };
  process.once('SIGINT', stopAll);
  process.once('SIGTERM', stopAll);
  const results: RoundResult[] = [];
  try {
    for (let round = 1; round <= options.rounds; round += 1) {
      console.log(
        `\n━━ stress round ${round}/${options.rounds}: ${describeRound(options)}, ${options.hogs} CPU hog(s) on ${availableParallelism()} core(s)`,
      );
      const samples: number[] = [];
      const sampler = setInterval(() => samples.push(loadavg()[0] ?? 0), 2000);
      const started = Date.now();
      const steps: RoundResult['steps'] = [];
      const commands = roundCommands(options);
      for (const command of commands) {
        const stepStarted = Date.now();
        const code = await runCommand(command.args);
        steps.push({ name: command.name, passed: code === 0, seconds: Math.round((Date.now() - stepStarted) / 100) / 10 });
        if (code !== 0) break;
      }
      clearInterval(sampler);
      const passed = steps.length === commands.length && steps.every((s) => s.passed);
      results.push({ round, steps, passed, seconds: Math.round((Date.now() - started) / 100) / 10, load: summariseLoad(samples) });
    }
  } finally {
    stopHogs();
  }
  const dir = resolve('reports');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'stress.json'), `${JSON.stringify({ options, cores: availableParallelism(), results }, null, 2)}\n`);
  console.log('\n━━ Stress summary');
  for (const r of results) {
    const steps = r.steps.map((s) => `${s.name} ${s.passed ? 'pass' : 'FAIL'} ${s.seconds} s`).join(', ');
    console.log(
      `round ${r.round}: ${r.passed ? 'pass' : 'FAIL'} in ${r.seconds} s (${steps}); load average mean ${r.load.mean}, max ${r.load.max.toFixed(2)}`,
    );
  }
  const failed = results.filter((r) => !r.passed).length;
  console.log(`rounds: ${results.length - failed} passed, ${failed} failed`);
  return failed === 0 ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
