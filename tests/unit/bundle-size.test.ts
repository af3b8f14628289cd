/**
 * The /login JavaScript budget (issue 6): a production build with fixed settings, measured from
 * Vite's manifest (scripts/bundle-size.ts). Bundle sizes are deterministic, so this is a test and
 * not a benchmark. Also checks no dev-only code ships and each route stays a lazy chunk.
 */
// @vitest-environment node
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_JS_BUDGET_KB,
  LOGIN_ON_DEMAND_SOURCES,
  ROUTE_SOURCES,
  budgetProblems,
  routeSourcesOf,
  measureInChildProcess,
  staticClosure,
  type BundleReport,
  type Manifest,
} from '../../scripts/bundle-size';

let report: BundleReport;

beforeAll(async () => {
  report = await measureInChildProcess();
}, 180_000);

describe('production bundle', () => {
  it(`downloads at most ${LOGIN_JS_BUDGET_KB} kB of JavaScript (gzip) before /login is interactive`, () => {
    expect(report.loginFiles.length).toBeGreaterThan(0);
    expect(report.loginJsGzipKb).toBeGreaterThan(0);
    expect(report.loginJsGzipKb).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
    expect(budgetProblems(report)).toEqual([]);
  });

  it('fetches the rarely used login steps (Reset Password, the authenticator code, Resend code) only when they show', () => {
    for (const src of LOGIN_ON_DEMAND_SOURCES) {
      const lazy = report.lazy[src.replace(/^src\//, '')];
      expect(lazy, `${src} is a lazy chunk`).toBeDefined();
      for (const file of lazy?.files ?? []) expect(report.loginFiles, `${src}: ${file}`).not.toContain(file);
    }
  });

  it('ships no dev-only code (the XState inspector)', () => {
    expect(report.forbidden).toEqual([]);
  });

  it('keeps every route in its own lazy chunks, out of the login set', () => {
    expect(Object.keys(report.routes).sort()).toEqual(Object.keys(ROUTE_SOURCES).sort());
    for (const [route, r] of Object.entries(report.routes)) {
      expect(r.files.length, `route ${route} adds no chunk of its own`).toBeGreaterThan(0);
      for (const file of r.files) expect(report.loginFiles, `${route}: ${file}`).not.toContain(file);
    }
    expect(report.totalJsGzipKb).toBeGreaterThanOrEqual(report.loginJsGzipKb);
  });
});

describe('measurement rules', () => {
  it('measures the screens of the route table, named after them', () => {
    expect(ROUTE_SOURCES).toEqual({
      dashboard: 'src/views/dashboard/DashboardScreen.tsx',
      users: 'src/views/users/UsersScreen.tsx',
      activity: 'src/views/users/ActivityScreen.tsx',
      billing_overview: 'src/views/billing/BillingOverviewScreen.tsx',
      user_billing: 'src/views/billing/UserBillingScreen.tsx',
      assistant: 'src/views/assistant/AssistantScreen.tsx',
    });
    expect(() => routeSourcesOf('export const ROUTES = [];')).toThrow(/No screen found/);
  });

  const manifest: Manifest = {
    'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_shared.js'], dynamicImports: ['src/a.tsx'] },
    '_shared.js': { file: 'assets/shared.js', imports: ['_runtime.js'] },
    '_runtime.js': { file: 'assets/runtime.js' },
    'src/a.tsx': { file: 'assets/a.js', src: 'src/a.tsx', isDynamicEntry: true, imports: ['_shared.js', '_a-only.js'] },
    '_a-only.js': { file: 'assets/a-only.js' },
  };

  it('follows static imports transitively but not dynamic ones', () => {
    expect([...staticClosure(manifest, ['index.html'])].sort()).toEqual(['_runtime.js', '_shared.js', 'index.html']);
    expect([...staticClosure(manifest, ['src/a.tsx'])].sort()).toEqual(['_a-only.js', '_runtime.js', '_shared.js', 'src/a.tsx']);
  });

  it('flags a login set over budget and forbidden code', () => {
    const over: BundleReport = { ...report, loginJsGzipKb: LOGIN_JS_BUDGET_KB + 0.1, forbidden: [{ what: 'x', file: 'assets/x.js' }] };
    expect(budgetProblems(over)).toHaveLength(2);
  });
});
