/**
 * The Assistant's answer latency (aim: at most 50 ms at the 95th percentile for an
 * organisation of 100,000 members), over the question bank of tests/server/copilot-questions.
 * Reported, not gated: wall-clock figures depend on the machine and its load.
 *
 * Two ways to run it:
 *  - from `npm run bench` (scripts/bench.ts): `measureCopilot(stack, log)` signs in to the local
 *    stack's user pool and times POST /api/copilot/ask over HTTP (token check, API, database) for
 *    every question of the bank, after one warm-up round; follow-ups carry their previous intent;
 *  - standalone, without a browser or a stack:
 *      npx tsx scripts/bench/copilot.ts [--users 100000] [--rounds 3]
 *    seeds an in-memory PGlite database with the reference seed (about 3 minutes for 100,000
 *    members on 2 cores) and times the engine itself (`answerQuestion`), then prints the figures and
 *    writes reports/bench-copilot.json.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBillingModule } from '../../server/billing';
import { answerQuestion, createCopilotModule } from '../../server/copilot';
import { openDatabase, type Database } from '../../server/core/db';
import { migrate } from '../../server/core/migrate';
import { seedDatabase } from '../../server/seed';
import type { CopilotIntent } from '../../src/contract/api';
import { PLACEHOLDERS, bankQuestions } from '../../tests/server/copilot-questions.bank';
import { percentile } from './browser';
import { adminAccessToken } from './admin';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export type CopilotFigures = Record<string, number>;

interface Asked {
  question: string;
  after?: string | undefined;
}

/** Asks every question `rounds` times after a warm-up; a follow-up gets the intent of the question it follows. */
async function timeBank(
  questions: readonly Asked[],
  ask: (q: string, previous?: CopilotIntent) => Promise<CopilotIntent | undefined>,
  rounds: number,
  slowest?: Map<string, number>,
  best?: Map<string, number>,
): Promise<number[]> {
  const previous = new Map<string, CopilotIntent | undefined>();
  for (const q of questions) {
    if (q.after && !previous.has(q.after)) previous.set(q.after, await ask(q.after));
    if (process.env['BENCH_TRACE']) console.log(`  asking "${q.question}"`);
    const started = performance.now();
    await ask(q.question, q.after ? previous.get(q.after) : undefined);
    const took = performance.now() - started;
    if (took > Number(process.env['BENCH_SLOW_MS'] ?? 1000)) console.log(`  warm-up: ${Math.round(took)} ms for "${q.question}"`);
  }
  const times: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const q of questions) {
      const started = performance.now();
      await ask(q.question, q.after ? previous.get(q.after) : undefined);
      const took = performance.now() - started;
      times.push(took);
      slowest?.set(q.question, Math.max(took, slowest.get(q.question) ?? 0));
      best?.set(q.question, Math.min(took, best.get(q.question) ?? Infinity));
    }
  }
  return times;
}

function figuresOf(times: readonly number[], prefix: string): CopilotFigures {
  const r = (n: number) => Math.round(n * 10) / 10;
  return {
    [`${prefix}_p50_ms`]: r(percentile(times, 50)),
    [`${prefix}_p95_ms`]: r(percentile(times, 95)),
    [`${prefix}_max_ms`]: r(Math.max(...times)),
    [`${prefix}_count`]: times.length,
  };
}

/** The bank's questions; placeholders filled by `fill` (or the question left out when it cannot). */
function questionsOf(fill: (q: string) => string | null): Asked[] {
  const asked: Asked[] = [];
  for (const { question, entry } of bankQuestions()) {
    const filled = fill(question);
    if (filled !== null) asked.push({ question: filled, ...(entry.after ? { after: entry.after } : {}) });
  }
  return asked;
}

/** Over HTTP against the local stack of `npm run bench` (its seeded administrator). */
export async function measureCopilot(
  stack: { apiUrl: string; cognitoEndpoint: string; clientId: string },
  log: (line: string) => void,
  rounds = 2,
): Promise<CopilotFigures> {
  const token = await adminAccessToken(stack);
  const questions = questionsOf((q) => (/\{\w+\}/.test(q) ? null : q));
  const ask = async (query: string, previousIntent?: CopilotIntent) => {
    const res = await fetch(`${stack.apiUrl}/api/copilot/ask`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      // As the console asks: with its time zone (the windows of a zone that is not UTC's).
      body: JSON.stringify({ query, isAdmin: true, timeZone: 'America/Los_Angeles', ...(previousIntent ? { previousIntent } : {}) }),
    });
    if (!res.ok) throw new Error(`ask "${query}": HTTP ${res.status}`);
    return ((await res.json()) as { intent?: CopilotIntent }).intent;
  };
  const best = new Map<string, number>();
  const times = await timeBank(questions, ask, rounds, undefined, best);
  const figures = figuresOf(times, 'copilot_answer');
  log(
    `  copilot answers over HTTP: p50 ${figures.copilot_answer_p50_ms} ms, p95 ${figures.copilot_answer_p95_ms} ms (${times.length} answers, ${questions.length} questions)`,
  );
  // Slow in every round is the engine's; slow in one round is the machine's load.
  const slow = [...best].sort((a, b) => b[1] - a[1]).slice(0, 8);
  log(`  slowest in every round: ${slow.map(([q, ms]) => `${Math.round(ms)} ms "${q}"`).join('; ')}`);
  figures['copilot_answer_best_round_p95_ms'] = Math.round(percentile([...best.values()], 95) * 10) / 10;
  return figures;
}

/** In process, on a database of its own (the standalone run). */
export async function measureCopilotEngine(options: {
  users: number;
  rounds: number;
  log: (line: string) => void;
}): Promise<CopilotFigures> {
  const now = new Date('2025-06-11T15:00:00.000Z');
  const clock = () => now;
  const modules = [createBillingModule({ clock }), createCopilotModule({ clock })];
  const started = Date.now();
  const url = process.env['DATABASE_URL'];
  const db: Database = await openDatabase(url ? { url } : {});
  if (url) await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  await migrate(db);
  try {
    options.log(`Seeding ${options.users.toLocaleString('en-US')} members (${db.engine})...`);
    const seeded = await seedDatabase(db, {
      modules,
      config: { apiOrigin: 'http://127.0.0.1:8787', webOrigin: 'http://127.0.0.1:5173' },
      adminSub: 'bench-admin',
      users: options.users,
      now,
    });
    await db.exec('ANALYZE');
    const seedSeconds = Math.round((Date.now() - started) / 1000);
    options.log(`Seeded in ${seedSeconds} s; timing the engine...`);
    const values: Record<string, string> = {};
    for (const [key, sql] of Object.entries(PLACEHOLDERS))
      values[key] = (await db.query<{ name: string }>(sql, [seeded.orgId])).rows[0]?.name ?? '';
    const questions = questionsOf((q) => q.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? ''));
    const ask = async (query: string, previousIntent?: CopilotIntent) =>
      (await answerQuestion(db, seeded.orgId, query, previousIntent, { now, zone: 'UTC' })).intent;
    const load = loadavg()[0] ?? 0;
    const slowest = new Map<string, number>();
    const times = await timeBank(questions, ask, options.rounds, slowest);
    const worst = [...slowest].sort((a, b) => b[1] - a[1]).slice(0, 10);
    options.log(`Slowest questions (worst of ${options.rounds} rounds):`);
    for (const [question, ms] of worst) options.log(`  ${ms.toFixed(1).padStart(8)} ms  ${question}`);
    return {
      copilot_bench_users: options.users,
      ...figuresOf(times, 'copilot_engine'),
      copilot_bench_questions: questions.length,
      copilot_bench_seed_s: seedSeconds,
      copilot_bench_load_avg_1m_start: Number(load.toFixed(1)),
      copilot_bench_load_avg_1m_end: Number((loadavg()[0] ?? 0).toFixed(1)),
    };
  } finally {
    await db.close();
  }
}

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const users = Number(option('--users') ?? 100_000);
  const rounds = Number(option('--rounds') ?? 3);
  measureCopilotEngine({ users, rounds, log: (line) => console.log(line) }).then(
    (figures) => {
      mkdirSync(join(ROOT, 'reports'), { recursive: true });
      writeFileSync(join(ROOT, 'reports', 'bench-copilot.json'), `${JSON.stringify(figures, null, 2)}\n`);
      console.log(JSON.stringify(figures, null, 2));
      console.log('wrote reports/bench-copilot.json');
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
