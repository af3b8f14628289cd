/**
 * The reference API under load (issue 17, information, no gate): the users search, GET
 * /api/users?search=<term>&page=<n>, at 10 and at 100 concurrent connections for a fixed time each,
 * with autocannon on loopback and the seeded administrator's bearer token (signed in through the
 * stack's user pool, like scripts/bench/export.ts).
 *
 * Each connection cycles through the same list of requests: several search terms from the seed's
 * name pools (a last name, a full name, a fragment, a miss) on pages 1 and 2. Every request is sent
 * once beforehand and must answer 200, so a broken token or query shows as an error here, not as a
 * table of fast 401s.
 *
 * The bench's stacks run the API (and PGlite) in a process of their own (scripts/bench/stack-process.ts,
 * at niceness 10), and autocannon runs in a worker thread of the bench (`workers: 1`, niceness 0). The
 * API's one thread and the load generator each have a core of the two, so the priority rarely decides
 * anything here; they still share the machine.
 *
 * Databases: always the API on PGlite; when DATABASE_URL is set, also the API on that PostgreSQL
 * database (which the stack wipes and seeds, as every stack of the bench does). A stack already
 * running with the right database is reused; otherwise one is started without the console (no
 * build, no browser), seeded with `users` members.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
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

/** The databases the load runs on: PGlite always, PostgreSQL when DATABASE_URL is set. */
function loadDatabases(): LoadRun['database'][] {
  return process.env['DATABASE_URL'] ? ['pglite', 'postgresql'] : ['pglite'];
}

/** The paths every connection cycles through. */
export function loadPaths(): string[] {
  const paths: string[] = [];
  for (const search of searchTerms(TERMS))
    for (const page of PAGES) paths.push(`/api/users?${new URLSearchParams({ search, page: String(page), limit: '25' })}`);
  return paths;
}

/** autocannon against one running stack, at each of `connections`, `durationS` seconds each. */
async function measureLoad(
  stack: LoadStackRef,
  database: LoadRun['database'],
  log: (line: string) => void,
  options: { connections?: readonly number[]; durationS?: number } = {},
): Promise<LoadRun[]> {
  const { connections = LOAD_CONNECTIONS, durationS = LOAD_DURATION_S } = options;
  if (!/^http:\/\/(127\.0\.0\.1|localhost|\[::1\]):\d+$/.test(stack.apiUrl))
    throw new Error(`The load runs on loopback only, not ${stack.apiUrl}`);
  const token = await adminAccessToken(stack);
  const headers = { authorization: `Bearer ${token}` };
  const paths = loadPaths();
  for (const path of paths) {
    const response = await fetch(`${stack.apiUrl}${path}`, { headers });
    if (response.status !== 200) throw new Error(`GET ${path}: HTTP ${response.status} before the load started`);
    await response.arrayBuffer();
  }
  const runs: LoadRun[] = [];
  for (const n of connections) {
    const result = await autocannon({
      url: stack.apiUrl,
      connections: n,
      duration: durationS,
      workers: 1,
      timeout: REQUEST_TIMEOUT_S,
      headers,
      requests: paths.map((path) => ({ method: 'GET', path })),
    });
    const run: LoadRun = {
      database,
      connections: n,
      durationS,
      requests: result.requests.total,
      requestsPerSec: round(result.requests.average, 0),
      p50Ms: round(result.latency.p50, 1),
      p99Ms: round(result.latency.p99, 1),
      errors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
    };
    log(
      `  ${database}, ${n} connections: ${run.requestsPerSec} requests/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms, ${run.requests} responses, ${run.errors} errors, ${run.non2xx} non-2xx`,
    );
    runs.push(run);
    // autocannon stops sending at the deadline, but the API still works through what it had queued:
    // one more request, answered after those, so the next run (or stopping the stack) starts on an idle API.
    await fetch(`${stack.apiUrl}${paths[0] ?? '/api/users'}`, { headers }).then((r) => r.arrayBuffer());
  }
  return runs;
}

/**
 * The load on every database of `loadDatabases()`: on `running` when it has that database, else on a
 * stack of its own (API and user pool only) seeded with `users` members, stopped afterwards.
 */
export async function measureLoadOnEveryDatabase(options: {
  users: number;
  log: (line: string) => void;
  running?: { stack: LoadStackRef; database: LoadRun['database'] };
}): Promise<LoadRun[]> {
  const { users, log, running } = options;
  const runs: LoadRun[] = [];
  for (const database of loadDatabases()) {
    if (running?.database === database) {
      log(`  API under load on the running stack (${database})...`);
      runs.push(...(await measureLoad(running.stack, database, log)));
      continue;
    }
    log(`  starting an API on ${database} with ${users.toLocaleString('en-US')} members (seed)...`);
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
      databaseUrl: database === 'postgresql' ? (process.env['DATABASE_URL'] ?? '') : '',
    });
    try {
      runs.push(...(await measureLoad(stack, database, log)));
    } finally {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return runs;
}
