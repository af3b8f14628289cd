/**
 * The reference API under load (docs/PERFORMANCE.md, information, no gate): the users search, GET
 * /api/users?search=<term>&page=<n>, at 10 and at 100 concurrent connections for a fixed time each,
 * with autocannon on loopback and the seeded administrator's bearer token (signed in through the
 * stack's user pool, like scripts/bench/export.ts).
 *
 * Each connection cycles through the same list of requests: several search terms from the seed's
 * name pools (a last name, a full name, a fragment, a miss) on pages 1 and 2. Every request is sent
 * once beforehand and must answer 200, so a broken token or query shows as an error here, not as a
 * table of fast 401s.
 *
 * The bench's stacks run the API in processes of their own (scripts/bench/stack-process.ts, at
 * niceness 10), and autocannon runs in worker threads of the bench (niceness 0). Everything shares
 * the machine's cores: the load generator, the API processes, and PostgreSQL's backends.
 *
 * Runs:
 * - PGlite: the API inside the stack's process (the laptop stack), one connection to its database;
 * - PostgreSQL, one production process (server/main.ts) and then two, on one database: the stack in
 *   its several-process mode (`apiProcesses: 2`). "One process" loads the first process only (the
 *   second sits idle); "two" splits the connections between both, each with an autocannon of its
 *   own, as a load balancer in front would: requests/s add up, p99 is the higher of the two.
 *   PostgreSQL is the server of DATABASE_URL when set (its database is wiped and seeded; not while
 *   the bench's own stack runs on it), otherwise a throwaway one started for the bench
 *   (scripts/test/postgres.ts, fsync off like the test servers).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startThrowawayPostgres } from '../test/postgres';
import { round } from './browser';
import { adminAccessToken } from './admin';
import type { LoadRun } from './report';
import { startStackProcess } from './stack-process';
import { searchTerms } from './users';

export interface LoadStackRef {
  apiUrl: string;
  cognitoEndpoint: string;
  clientId: string;
}

const LOAD_CONNECTIONS = [10, 100] as const;
const LOAD_DURATION_S = 10;
/** Pages of 25 rows each search is asked for. */
const PAGES = [1, 2];
const TERMS = 6;
/** A request without an answer after this long counts as an error (a timeout), not in the latencies. */
const REQUEST_TIMEOUT_S = 10;

/** The database a stack started now would use: PostgreSQL when DATABASE_URL is set (scripts/stack.ts). */
export function defaultDatabase(): LoadRun['database'] {
  return process.env['DATABASE_URL'] ? 'postgresql' : 'pglite';
}

/** The paths every connection cycles through. */
export function loadPaths(): string[] {
  const paths: string[] = [];
  for (const search of searchTerms(TERMS))
    for (const page of PAGES) paths.push(`/api/users?${new URLSearchParams({ search, page: String(page), limit: '25' })}`);
  return paths;
}

/** One autocannon run: `connections` against `url` for `durationS`. */
async function cannon(url: string, connections: number, durationS: number, headers: Record<string, string>, paths: string[]) {
  return autocannon({
    url,
    connections,
    duration: durationS,
    workers: 1,
    timeout: REQUEST_TIMEOUT_S,
    headers,
    requests: paths.map((path) => ({ method: 'GET', path })),
  });
}

/**
 * autocannon against the API at `urls` (one process, or several sharing the connections), at each
 * of `connections`, `durationS` seconds each.
 */
async function measureLoad(
  stack: LoadStackRef,
  urls: readonly string[],
  database: LoadRun['database'],
  log: (line: string) => void,
  options: { connections?: readonly number[]; durationS?: number } = {},
): Promise<LoadRun[]> {
  const { connections = LOAD_CONNECTIONS, durationS = LOAD_DURATION_S } = options;
  for (const url of urls)
    if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(url)) throw new Error(`The load runs on loopback only, not ${url}`);
  const token = await adminAccessToken(stack);
  const headers = { authorization: `Bearer ${token}` };
  const paths = loadPaths();
  for (const url of urls) {
    for (const path of paths) {
      const response = await fetch(`${url}${path}`, { headers });
      if (response.status !== 200) throw new Error(`GET ${path}: HTTP ${response.status} before the load started`);
      await response.arrayBuffer();
    }
  }
  const runs: LoadRun[] = [];
  for (const n of connections) {
    const shares = urls.map((_, i) => Math.floor(n / urls.length) + (i < n % urls.length ? 1 : 0));
    const results = await Promise.all(urls.map((url, i) => cannon(url, shares[i] ?? 0, durationS, headers, paths)));
    const sum = (pick: (r: (typeof results)[number]) => number) => results.reduce((total, r) => total + pick(r), 0);
    const run: LoadRun = {
      database,
      ...(urls.length > 1 ? { processes: urls.length } : {}),
      connections: n,
      durationS,
      requests: sum((r) => r.requests.total),
      requestsPerSec: round(
        sum((r) => r.requests.average),
        0,
      ),
      p50Ms: round(Math.max(...results.map((r) => r.latency.p50)), 1),
      p99Ms: round(Math.max(...results.map((r) => r.latency.p99)), 1),
      errors: sum((r) => r.errors),
      timeouts: sum((r) => r.timeouts),
      non2xx: sum((r) => r.non2xx),
    };
    log(
      `  ${database}, ${urls.length} process${urls.length > 1 ? 'es' : ''}, ${n} connections: ${run.requestsPerSec} requests/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.requests} responses, ${run.errors} errors, ${run.non2xx} non-2xx`,
    );
    runs.push(run);
    // autocannon stops sending at the deadline, but the API still works through what it had queued:
    // one more request to each, answered after those, so the next run (or stopping the stack) starts on an idle API.
    await Promise.all(urls.map((url) => fetch(`${url}${paths[0] ?? '/api/users'}`, { headers }).then((r) => r.arrayBuffer())));
  }
  return runs;
}

/**
 * The load on PGlite (on `running` when it is a PGlite stack, else on a stack of its own) and on
 * PostgreSQL with one and two API processes (a stack of its own, API and user pool only), each
 * seeded with `users` members and stopped afterwards.
 */
export async function measureLoadOnEveryDatabase(options: {
  users: number;
  log: (line: string) => void;
  running?: { stack: LoadStackRef; database: LoadRun['database'] };
}): Promise<LoadRun[]> {
  const { users, log, running } = options;
  const runs: LoadRun[] = [];
  if (running?.database === 'pglite') {
    log('  API under load on the running stack (pglite)...');
    runs.push(...(await measureLoad(running.stack, [running.stack.apiUrl], 'pglite', log)));
  } else {
    log(`  starting an API on pglite with ${users.toLocaleString('en-US')} members (seed)...`);
    runs.push(...(await onStack(users, { databaseUrl: '' }, async (stack) => measureLoad(stack, [stack.apiUrl], 'pglite', log))));
  }

  // DATABASE_URL's database is wiped and seeded, unless the running stack (the bench's) is on it.
  const ownServer = process.env['DATABASE_URL'] && running?.database !== 'postgresql' ? process.env['DATABASE_URL'] : null;
  const throwaway = ownServer ? null : await startThrowawayPostgres();
  const databaseUrl = ownServer ?? throwaway?.url ?? '';
  try {
    log(`  starting two API processes on PostgreSQL with ${users.toLocaleString('en-US')} members (seed)...`);
    runs.push(
      ...(await onStack(users, { databaseUrl, apiProcesses: 2 }, async (stack) => {
        const [first = '', second = ''] = stack.apiProcessUrls;
        return [
          ...(await measureLoad(stack, [first], 'postgresql', log)),
          ...(await measureLoad(stack, [first, second], 'postgresql', log)),
        ];
      })),
    );
  } finally {
    await throwaway?.stop();
  }
  return runs;
}

/** `measure` on a stack of its own (no console), seeded with `users` members, stopped afterwards. */
async function onStack<T>(
  users: number,
  api: { databaseUrl: string; apiProcesses?: number },
  measure: (stack: LoadStackRef & { apiProcessUrls: string[] }) => Promise<T>,
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hardline-bench-load-'));
  const stack = await startStackProcess({
    webPort: 0,
    apiPort: 0,
    cognitoPort: 0,
    dataDir,
    reset: true,
    mode: 'none',
    quiet: true,
    seedUsers: users,
    // '' is "no PostgreSQL" to startStack (PGlite under dataDir) even when DATABASE_URL is set.
    databaseUrl: api.databaseUrl,
    ...(api.apiProcesses ? { apiProcesses: api.apiProcesses } : {}),
  });
  try {
    return await measure(stack);
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
