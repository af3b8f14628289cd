/**
 * `npm run bench`: the console's performance, measured end to end (docs/PERFORMANCE.md).
 *
 *  1. starts the local stack on free ports in a temp dir with a 100,000-member organisation
 *     (`vite build` + `vite preview` over HTTPS and HTTP/2, the production bundle as a deployment serves
 *     it; `--http1` for plain HTTP/1.1), in a process of its own at a lower CPU
 *     priority than the browser (scripts/bench/stack-process.ts: a phone shares its CPU with no API);
 *  2. bundle sizes from that build's Vite manifest (scripts/build/bundle-size.ts), each route's beside its budget;
 *  3. Lighthouse, desktop and mobile presets, for every route (/login; signed in: the dashboard, /users,
 *     /billing, a member's billing, /ai), each `--runs` times (default 5), interleaved round by round;
 *     median, min and max (scripts/bench/lighthouse.ts);
 *  4. User Management in Chromium: full load of /users to the first rows, search request -> rows on screen;
 *  5. JS heap after 5, 25 and 50 navigations through every route; INP on a phone's CPU (4x slowdown) for
 *     typing a search and flipping a licence on /users (scripts/bench/inp.ts);
 *  6. the Assistant's answers over HTTP (scripts/bench/copilot.ts);
 *  7. Export CSV: the whole file of every member, 3 times, and the API's RSS meanwhile
 *     (scripts/bench/export.ts);
 *  8. the API under load: the users search with autocannon at 10 and 100 connections, on PGlite and
 *     on PostgreSQL with one and with two production API processes (scripts/bench/load.ts; a
 *     throwaway PostgreSQL unless DATABASE_URL is set);
 *  9. Import CSV: a 5,000-row file through the dry run and the job, checked, and the API's RSS meanwhile
 *     (scripts/bench/import.ts; last, since it adds members);
 * 10. writes reports/bench.json (flat figures) and reports/bench.md, prints PASS/FAIL per gate.
 *
 * Options: --users <n> (default 100000), --runs <n> Lighthouse runs per page and preset (default 5),
 * --import-rows <n> rows of the imported file (default 5000, the import's limit; at least 100),
 * --skip-lighthouse, --only export | --only import | --only load | --only copilot (no console, no build,
 * no browser: only step 7, 9, 8 or 6, written to reports/bench-<name>.json and .md, so the full report stays),
 * --only inp (INP on a phone's CPU alone: the console is built, Chromium starts; reports/bench-inp.*),
 * --only users (step 4 alone, User Management's first page and searches: built console, Chromium; reports/bench-users.*),
 * --only lighthouse (step 3 alone, every route on both presets, `--runs` rounds; reports/bench-lighthouse.*),
 * --http1 (the console over plain HTTP/1.1 instead of HTTPS and HTTP/2: `transport` below).
 * Exit code 1 when a gate (scripts/bench/report.ts) fails; aims beyond it are reported, not enforced.
 * Wall-clock figures depend on the machine: this is a benchmark, not part of `npm test`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from '@playwright/test';
import { adminAccessToken } from './bench/admin';
import { chromeArgsFor, launchChromium, signIn } from './bench/browser';
import { measureHeap } from './bench/heap';
import { billedMember, runLighthouse } from './bench/lighthouse';
import { measureExport } from './bench/export';
import { measureImport } from './bench/import';
import { measureInp } from './bench/inp';
import { benchNeeds } from './bench/needs';
import { defaultDatabase, loadPaths, measureLoadOnEveryDatabase } from './bench/load';
import {
  LIGHTHOUSE_MIN_RUNS,
  LIGHTHOUSE_PAGES,
  LIGHTHOUSE_PRESETS,
  checksOf,
  lighthouseFigures,
  loadFigures,
  renderMarkdown,
  summarizeLighthouse,
  verdictOf,
  type Figures,
  type LighthouseSummary,
  type LoadRun,
} from './bench/report';
import { startStackProcess, type StackProcess } from './bench/stack-process';
import { measureUsers } from './bench/users';
import { LOGIN_JS_BUDGET_KB, measureDist } from './build/bundle-size';
import { ensurePrerequisites } from './test/setup-test-env';
import { LIMITS } from '../src/domain/limits';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function option(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/**
 * How the console is served to the browser: 'h2' (the default) over HTTPS and HTTP/2, as a deployment
 * serves it (docs/DEPLOYMENT.md), with the stack's own certificate (scripts/stack/tls.ts); 'h1' with
 * `--http1`, plain HTTP/1.1 as `npm start` serves it. The transport decides much of a signed-in page's
 * simulated phone load: over HTTP/1.1 its ~50 scripts wait for six connections (docs/PERFORMANCE.md).
 */
const transport: 'h1' | 'h2' = process.argv.includes('--http1') ? 'h1' : 'h2';
/** The stack option and the report's figure for the console's transport. */
const SERVED = { https: transport === 'h2', console_http_version: transport === 'h2' ? 2 : 1.1 } as const;

/** The command as it was typed, for the report's first line. */
const COMMAND = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`;

/** A whole number of at least `min`, or the default when the option is absent. */
function countOption(name: string, fallback: number, min: number): number {
  const raw = option(name);
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`${name} needs a whole number of at least ${min}, got "${raw}"`);
  return n;
}

/** A comma-separated list of `allowed` names (`--pages users,billing`), or every one when the option is absent. */
function listOption<T extends string>(name: string, allowed: readonly T[]): readonly T[] | undefined {
  const raw = option(name);
  if (raw === undefined) return undefined;
  const names = raw.split(',').map((n) => n.trim());
  const unknown = names.filter((n) => !allowed.some((a) => a === n));
  if (names.length === 0 || unknown.length > 0) throw new Error(`${name} takes a comma-separated list of: ${allowed.join(', ')}`);
  return allowed.filter((a) => names.includes(a));
}

/** Measurements that can run on their own (`--only <name>`). */
const ONLY = ['export', 'import', 'inp', 'load', 'copilot', 'lighthouse', 'users'] as const;

async function main(): Promise<number> {
  const users = countOption('--users', 100_000, 2);
  const runs = countOption('--runs', LIGHTHOUSE_MIN_RUNS, 1);
  const only = option('--only');
  const importRows = countOption('--import-rows', LIMITS.importRows, 100);
  if (only !== undefined && !ONLY.some((name) => name === only)) throw new Error(`--only takes one of: ${ONLY.join(', ')}`);
  // A fresh machine: Chromium and PostgreSQL from Debian where this run needs them, as `npm test` does.
  if (ensurePrerequisites('npm run bench', benchNeeds(only, process.env['DATABASE_URL'])) !== 0) return 1;
  if (only === 'export') return stackOnly(users, 'export', 'Export CSV', async (stack, log) => ({ ...(await measureExport(stack, log)) }));
  if (only === 'import')
    return stackOnly(users, 'import', 'Import CSV', async (stack, log) => ({ ...(await measureImport(stack, log, importRows)) }));
  if (only === 'copilot')
    return stackOnly(users, 'copilot', "the Assistant's answers", async (stack, log) =>
      (await import('./bench/copilot')).measureCopilot(stack, log),
    );
  if (only === 'inp')
    return stackOnly(
      users,
      'inp',
      'INP on a phone',
      (stack, log) => withChromium(stack, async (browser) => ({ ...(await measureInp(browser, stack.webUrl, stack.apiUrl, log)) })),
      'preview',
    );
  if (only === 'users')
    return stackOnly(
      users,
      'users',
      'User Management',
      (stack, log) => withChromium(stack, (browser) => measureUsersScreen(browser, stack, log)),
      'preview',
    );
  // With --only lighthouse, some pages or presets alone (the figures of the others stay unmeasured).
  const lighthouseOnly = { pages: listOption('--pages', LIGHTHOUSE_PAGES), presets: listOption('--presets', LIGHTHOUSE_PRESETS) };
  if (only === 'lighthouse')
    return stackOnly(
      users,
      'lighthouse',
      'Lighthouse on every route',
      async (stack, log) => {
        const member = await billedMember(stack);
        const result = await runLighthouse(
          stack.webUrl,
          join(ROOT, 'reports'),
          runs,
          log,
          member.userId,
          {
            ...(lighthouseOnly.pages ? { pages: lighthouseOnly.pages } : {}),
            ...(lighthouseOnly.presets ? { presets: lighthouseOnly.presets } : {}),
          },
          chromeArgsFor(stack),
        );
        return {
          ...lighthouseFigures(summarizeLighthouse(result.runs)),
          lighthouse_load_avg_1m_start: result.loadAvgStart,
          lighthouse_load_avg_1m_end: result.loadAvgEnd,
        };
      },
      'preview',
    );
  if (only === 'load') return loadOnly(users);
  const skipLighthouse = process.argv.includes('--skip-lighthouse');
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(0)} s`;
  const log = (line: string) => console.log(line);
  const dataDir = mkdtempSync(join(tmpdir(), 'hardline-bench-'));
  const reportsDir = join(ROOT, 'reports');
  await mkdir(reportsDir, { recursive: true });

  log(`Starting the local stack with ${users.toLocaleString('en-US')} members (build, seed)...`);
  const stack = await startStackProcess({
    webPort: 0,
    apiPort: 0,
    cognitoPort: 0,
    dataDir,
    reset: true,
    mode: 'preview',
    https: SERVED.https,
    quiet: true,
    seedUsers: users,
  });
  const figures: Figures = {
    bench_users: users,
    console_http_version: SERVED.console_http_version,
    bench_load_avg_1m_start: Number((loadavg()[0] ?? 0).toFixed(1)),
  };
  let lighthouse: LighthouseSummary[] = [];
  let load: LoadRun[] = [];
  try {
    log(`[${elapsed()}] stack up: ${stack.webUrl}`);

    const bundle = measureDist(join(dataDir, 'web'));
    figures.login_initial_js_gzip_kb = bundle.loginJsGzipKb;
    for (const [name, r] of Object.entries(bundle.routes)) figures[`route_${name}_js_gzip_kb`] = r.gzipKb;
    for (const [name, r] of Object.entries(bundle.lazy)) figures[`lazy_${name.replace(/\W+/g, '_').toLowerCase()}_js_gzip_kb`] = r.gzipKb;
    figures.total_js_gzip_kb = bundle.totalJsGzipKb;
    figures.forbidden_dev_code_files = bundle.forbidden.length;
    log(
      `[${elapsed()}] bundle: /login ${bundle.loginJsGzipKb} kB gzip (budget ${LOGIN_JS_BUDGET_KB}), everything ${bundle.totalJsGzipKb} kB`,
    );

    if (!skipLighthouse) {
      log(`[${elapsed()}] Lighthouse, ${runs} round${runs === 1 ? '' : 's'}...`);
      const member = await billedMember(stack);
      log(`  member billing: ${member.name} (${member.accessLevel}, ${member.recentInvoices.length} invoices)`);
      const result = await runLighthouse(stack.webUrl, reportsDir, runs, log, member.userId, {}, chromeArgsFor(stack));
      lighthouse = summarizeLighthouse(result.runs);
      Object.assign(figures, lighthouseFigures(lighthouse));
      figures.lighthouse_load_avg_1m_start = result.loadAvgStart;
      figures.lighthouse_load_avg_1m_end = result.loadAvgEnd;
    }

    const browser = await launchChromium(stack);
    try {
      log(`[${elapsed()}] User Management...`);
      Object.assign(figures, await measureUsersScreen(browser, stack, log));

      log(`[${elapsed()}] heap over navigations...`);
      const heapContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const heapPage = await heapContext.newPage();
      await signIn(heapPage, stack.webUrl);
      Object.assign(figures, await measureHeap(heapPage, stack.webUrl, stack.apiUrl, log));
      await heapContext.close();

      log(`[${elapsed()}] INP on a phone's CPU...`);
      try {
        Object.assign(figures, await measureInp(browser, stack.webUrl, stack.apiUrl, log));
      } catch (error) {
        // Its figures stay unmeasured, which fails the INP gate; the other measurements still run.
        log(`  INP could not be measured: ${error instanceof Error ? error.message : String(error)}`);
      }
    } finally {
      await browser.close();
    }
    Object.assign(figures, await (await import('./bench/copilot')).measureCopilot(stack, (line) => log(`[${elapsed()}]${line}`)));
    log(`[${elapsed()}] Export CSV...`);
    Object.assign(figures, await measureExport(stack, log));
    log(`[${elapsed()}] API under load...`);
    load = await measureLoadOnEveryDatabase({ users, log, running: { stack, database: defaultDatabase() } });
    Object.assign(figures, loadFigures(load), { load_distinct_requests: loadPaths().length });
    // Last: the import adds members, which no measurement before it should see.
    log(`[${elapsed()}] Import CSV...`);
    Object.assign(figures, await measureImport(stack, log, importRows));
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  figures.bench_seconds = Math.round((Date.now() - started) / 1000);
  figures.bench_load_avg_1m_end = Number((loadavg()[0] ?? 0).toFixed(1));
  const checks = checksOf(figures, { lighthouse: !skipLighthouse });
  await writeFile(join(reportsDir, 'bench.json'), `${JSON.stringify(figures, null, 2)}\n`);
  await writeFile(
    join(reportsDir, 'bench.md'),
    renderMarkdown(figures, { checks, lighthouse, load, source: { command: COMMAND, json: 'reports/bench.json' } }),
  );
  log(`\n[${elapsed()}] wrote reports/bench.json and reports/bench.md`);
  for (const c of checks) log(`${verdictOf(c)}  ${c.label}: ${c.actual} (${c.expected})`);
  return checks.every((c) => c.pass || c.kind === 'aim') ? 0 : 1;
}

/** `measure` with a Chromium of its own, closed after it whatever happens. */
async function withChromium(stack: StackProcess, measure: (browser: Browser) => Promise<Figures>): Promise<Figures> {
  const browser = await launchChromium(stack);
  try {
    return await measure(browser);
  } finally {
    await browser.close();
  }
}

/** User Management in Chromium at a desk's size, signed in: its first page of rows, then its searches (scripts/bench/users.ts). */
async function measureUsersScreen(browser: Browser, stack: StackProcess, log: (line: string) => void): Promise<Figures> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    await signIn(page, stack.webUrl);
    return { ...(await measureUsers(page, stack.webUrl, stack.apiUrl, await adminAccessToken(stack), log)) };
  } finally {
    await context.close();
  }
}

/**
 * `--only export`, `--only import` and `--only copilot`: the stack without the console (no build), one
 * measurement (Export CSV; Import CSV; the Assistant's answers over HTTP), its own report.
 * `--only inp` and `--only users`: the same with the console built and served (mode 'preview'), for INP
 * and User Management in Chromium.
 */
async function stackOnly(
  users: number,
  name: (typeof ONLY)[number],
  label: string,
  measure: (stack: Awaited<ReturnType<typeof startStackProcess>>, log: (line: string) => void) => Promise<Figures>,
  /** 'preview' builds and serves the console too (for a measurement in the browser). */
  mode: 'none' | 'preview' = 'none',
): Promise<number> {
  const started = Date.now();
  const log = (line: string) => console.log(line);
  const dataDir = mkdtempSync(join(tmpdir(), 'hardline-bench-'));
  const reportsDir = join(ROOT, 'reports');
  await mkdir(reportsDir, { recursive: true });
  log(
    `Starting the API and the user pool${mode === 'preview' ? ' and the console (build)' : ''} with ${users.toLocaleString('en-US')} members (seed)...`,
  );
  const stack = await startStackProcess({
    webPort: 0,
    apiPort: 0,
    cognitoPort: 0,
    dataDir,
    reset: true,
    mode,
    ...(mode === 'preview' ? { https: SERVED.https } : {}),
    quiet: true,
    seedUsers: users,
  });
  const figures: Figures = {
    bench_users: users,
    ...(mode === 'preview' ? { console_http_version: SERVED.console_http_version } : {}),
    bench_load_avg_1m_start: Number((loadavg()[0] ?? 0).toFixed(1)),
  };
  try {
    log(`[${((Date.now() - started) / 1000).toFixed(0)} s] stack up; ${label}...`);
    Object.assign(figures, await measure(stack, log));
  } finally {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  figures.bench_seconds = Math.round((Date.now() - started) / 1000);
  figures.bench_load_avg_1m_end = Number((loadavg()[0] ?? 0).toFixed(1));
  await writeFile(join(reportsDir, `bench-${name}.json`), `${JSON.stringify(figures, null, 2)}\n`);
  await writeFile(
    join(reportsDir, `bench-${name}.md`),
    renderMarkdown(figures, { source: { command: COMMAND, json: `reports/bench-${name}.json` } }),
  );
  log(`wrote reports/bench-${name}.json and reports/bench-${name}.md`);
  return 0;
}

/** `--only load`: the API under load on PGlite and on PostgreSQL (one and two processes), its own report. */
async function loadOnly(users: number): Promise<number> {
  const started = Date.now();
  const log = (line: string) => console.log(`[${((Date.now() - started) / 1000).toFixed(0)} s]${line}`);
  const reportsDir = join(ROOT, 'reports');
  await mkdir(reportsDir, { recursive: true });
  const figures: Figures = { bench_users: users, bench_load_avg_1m_start: Number((loadavg()[0] ?? 0).toFixed(1)) };
  const load = await measureLoadOnEveryDatabase({ users, log });
  Object.assign(figures, loadFigures(load), { load_distinct_requests: loadPaths().length });
  figures.bench_seconds = Math.round((Date.now() - started) / 1000);
  figures.bench_load_avg_1m_end = Number((loadavg()[0] ?? 0).toFixed(1));
  await writeFile(join(reportsDir, 'bench-load.json'), `${JSON.stringify(figures, null, 2)}\n`);
  await writeFile(
    join(reportsDir, 'bench-load.md'),
    renderMarkdown(figures, {
      load,
      source: { command: COMMAND, json: 'reports/bench-load.json' },
    }),
  );
  console.log('wrote reports/bench-load.json and reports/bench-load.md');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
