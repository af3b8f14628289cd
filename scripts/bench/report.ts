/** The bench's thresholds (issue 6) and its readable report (reports/bench.md). */
import { LOGIN_JS_BUDGET_KB, LOGIN_JS_TARGET_KB } from '../bundle-size';
import type { LighthouseRun } from './lighthouse';

export type Figures = Record<string, number>;

export interface Check {
  label: string;
  actual: string;
  expected: string;
  pass: boolean;
  /** gate: issue 6's acceptance (a failure makes the bench exit 1); aim: a target beyond it, reported only. */
  kind: 'gate' | 'aim';
}

/** Growth of the page's JS objects over 25 navigations, caches full, that still counts as noise (MB). */
const HEAP_NOISE_MB = 0.1;
const SEARCH_P95_LIMIT_MS = 150;

export function checksOf(f: Figures, options: { lighthouse: boolean }): Check[] {
  const checks: Check[] = [];
  const num = (key: string): number => f[key] ?? Number.NaN;
  const check = (label: string, key: string, ok: (v: number) => boolean, expected: string, kind: Check['kind'] = 'gate') => {
    const v = num(key);
    checks.push({ label, actual: Number.isNaN(v) ? 'not measured' : String(v), expected, pass: !Number.isNaN(v) && ok(v), kind });
  };
  check('/login JavaScript, kB gzip', 'login_initial_js_gzip_kb', (v) => v <= LOGIN_JS_BUDGET_KB, `<= ${LOGIN_JS_BUDGET_KB}`);
  check('/login JavaScript, kB gzip (aim)', 'login_initial_js_gzip_kb', (v) => v <= LOGIN_JS_TARGET_KB, `<= ${LOGIN_JS_TARGET_KB}`, 'aim');
  check('dev-only code in the build (files)', 'forbidden_dev_code_files', (v) => v === 0, '0');
  if (options.lighthouse) {
    check('Lighthouse /login mobile', 'lighthouse_login_mobile', (v) => v >= 0.9, '>= 0.90');
    check('Lighthouse /login desktop', 'lighthouse_login_desktop', (v) => v >= 1, '1.00');
    // Issue 6 asks 1.00 on desktop for /login; the signed-in dashboard at 1.00 is our own aim.
    check('Lighthouse dashboard desktop (aim)', 'lighthouse_dashboard_desktop', (v) => v >= 1, '1.00', 'aim');
    for (const key of ['login_desktop', 'login_mobile', 'dashboard_desktop', 'dashboard_mobile']) {
      check(`CLS ${key.replace('_', ' ')}`, `lighthouse_${key}_cls`, (v) => v === 0, '0');
    }
  }
  check('users search p95, ms', 'users_search_p95_ms', (v) => v <= SEARCH_P95_LIMIT_MS, `<= ${SEARCH_P95_LIMIT_MS}`);
  check('users searches measured', 'users_search_count', (v) => v >= 30, '>= 30');
  check(
    'JS objects growth 25 -> 50 navigations (caches full), MB',
    'heap_js_objects_warm_growth_mb',
    (v) => v <= HEAP_NOISE_MB,
    `<= ${HEAP_NOISE_MB} (noise)`,
  );
  return checks;
}

const MEANINGS: Record<string, string> = {
  login_initial_js_gzip_kb: 'JavaScript (gzip) a visitor downloads before /login is interactive: entry chunk + its static imports',
  total_js_gzip_kb: 'every JavaScript file of the build, gzip',
  forbidden_dev_code_files: 'built files containing dev-only code (@statelyai/inspect)',
  users_first_page_ms: 'signed-in full load of /users: navigation start to the first page of rows on screen (median of 3)',
  users_first_page_spa_ms: 'click on User Management (from the dashboard) to the first page of rows on screen (median of 3)',
  users_search_p50_ms: "search request start to its rows on screen (the frame after the table's DOM changes), median",
  users_search_p95_ms: 'same, 95th percentile (>= 30 different searches)',
  users_search_max_ms: 'same, slowest search',
  users_search_server_p50_ms: 'search request start to response end (network + API), median',
  users_search_count: 'searches measured',
  heap_after_5_nav_mb: 'used JS heap after a forced GC, after 5 in-app navigations (one round of every route); includes compiled code',
  heap_after_50_nav_mb: 'same after 50 navigations',
  heap_growth_mb:
    'used heap after 50 minus after 5: mostly V8 compiling and optimising code as it runs more (information, not a leak measure)',
  heap_js_objects_after_5_nav_mb: 'JS objects the page holds (heap snapshot less compiled code and natives) after 5 navigations',
  heap_js_objects_after_25_nav_mb: 'same after 25 navigations',
  heap_js_objects_after_50_nav_mb: 'same after 50 navigations',
  heap_js_objects_growth_mb:
    'JS objects after 50 minus after 5: includes bounded caches filling (Chakra style LRU caches, Emotion rules) in the first ~20',
  heap_js_objects_warm_growth_mb:
    'JS objects after 50 minus after 25, caches full: what a leak would add (about 12 kB per navigation for a screen kept alive)',
  export_members: "members of the organisation (GET /api/users/stats): the export's expected records, plus the header",
  export_csv_rows:
    'records in the downloaded CSV, header included, counted outside quoted cells (checked: members + 1, else the bench fails)',
  export_csv_mb: 'size of the CSV file of every member (UTF-8, with BOM)',
  export_runs: 'whole exports measured, one after the other',
  export_csv_ms_median:
    'Export CSV of every member (no filter, default sort): POST /api/users/export for the link, then GET of the file to its last byte, over HTTP; median of the runs',
  export_csv_ms_min: 'same, fastest run',
  export_csv_ms_max: 'same, slowest run',
  export_api_rss_before_mb:
    "RSS of the API's process just before the exports. The bench's stack runs the API inside the bench's own Node process (PGlite too, unless DATABASE_URL), so this RSS is API, database engine and bench driver together",
  export_api_rss_peak_mb: "highest RSS of the API's process during the exports, sampled every 50 ms (process.memoryUsage.rss())",
  export_api_rss_hwm_mb:
    "the kernel's RSS high-water mark of that process over the exports (VmHWM, reset through /proc/self/clear_refs first): catches a peak the 50 ms samples miss",
  export_api_rss_growth_mb:
    'the higher of the two peaks minus the RSS before: what exporting every member cost in memory (a streamed file costs its batch buffers, not the file)',
  bench_users: 'members in the seeded organisation',
  bench_seconds: 'wall-clock time of the whole bench',
  bench_load_avg_1m_start: 'machine load average (1 min) when the bench started: wall-clock figures are only comparable at similar load',
  bench_load_avg_1m_end: 'same, when it ended',
};

function meaningOf(key: string): string {
  if (MEANINGS[key]) return MEANINGS[key];
  const route = /^route_(\w+)_js_gzip_kb$/.exec(key);
  if (route) return `JavaScript (gzip) opening the ${route[1]} route adds: its lazy chunks not already loaded for /login`;
  const lazy = /^lazy_(\w+)_js_gzip_kb$/.exec(key);
  if (lazy) return `JavaScript (gzip) of a further dynamic import (${lazy[1]}), loaded only when used`;
  const lh = /^lighthouse_(login|dashboard)_(desktop|mobile)(?:_(lcp_ms|tbt_ms|cls|fcp_ms))?$/.exec(key);
  if (lh) {
    const what = {
      lcp_ms: 'Largest Contentful Paint (ms)',
      tbt_ms: 'Total Blocking Time (ms)',
      cls: 'Cumulative Layout Shift',
      fcp_ms: 'First Contentful Paint (ms)',
    }[lh[3] ?? ''];
    return `Lighthouse ${lh[2]} preset, ${lh[1] === 'login' ? '/login' : 'signed-in dashboard'}: ${what ?? 'performance score (0-1)'}`;
  }
  return '';
}

/** PASS / FAIL for a gate; 'aim met' / 'aim not met' for an aim. */
export function verdictOf(c: Check, fail = 'FAIL'): string {
  if (c.kind === 'aim') return c.pass ? 'aim met' : 'aim not met';
  return c.pass ? 'PASS' : fail;
}

/** Which run wrote the report: the command, and the JSON file beside it. */
export interface ReportSource {
  command: string;
  json: string;
}

export function renderMarkdown(
  f: Figures,
  checks: readonly Check[],
  lighthouse: readonly LighthouseRun[],
  source: ReportSource = { command: 'npm run bench', json: 'reports/bench.json' },
): string {
  const lines: string[] = [];
  lines.push('# Hardline Admin Console: benchmark', '');
  lines.push(
    `Generated by \`${source.command}\` on ${new Date().toISOString()} against an organisation of ${(f.bench_users ?? 0).toLocaleString('en-US')} members.`,
    '',
  );
  if (checks.length > 0) {
    lines.push('## Thresholds', '', '| Check | Result | Expected | |', '|---|---|---|---|');
    for (const c of checks) lines.push(`| ${c.label} | ${c.actual} | ${c.expected} | ${verdictOf(c, '**FAIL**')} |`);
    lines.push('');
  }
  if (lighthouse.length > 0) {
    lines.push('## Lighthouse', '', '| Page | Preset | Score | LCP ms | TBT ms | CLS | FCP ms |', '|---|---|---|---|---|---|---|');
    for (const r of lighthouse) lines.push(`| ${r.page} | ${r.preset} | ${r.score} | ${r.lcpMs} | ${r.tbtMs} | ${r.cls} | ${r.fcpMs} |`);
    const notes = lighthouse.filter((r) => r.notes.length > 0);
    if (notes.length > 0) {
      lines.push('', 'What Lighthouse flagged (full reports in `reports/bench-lighthouse/*.html`):', '');
      for (const r of notes) lines.push(`- ${r.page} ${r.preset}: ${r.notes.join('; ')}`);
    }
    lines.push('');
  }
  lines.push(`## All figures (\`${source.json}\`)`, '', '| Figure | Value | Meaning |', '|---|---|---|');
  for (const [key, value] of Object.entries(f)) lines.push(`| \`${key}\` | ${value} | ${meaningOf(key)} |`);
  lines.push('');
  return lines.join('\n');
}
