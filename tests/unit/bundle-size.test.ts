/**
 * The /login JavaScript budget (issues 6 and 17) and each route's: a production build with fixed
 * settings, measured from Vite's manifest (scripts/build/bundle-size.ts). Bundle sizes are deterministic,
 * so this is a test and not a benchmark. Also checks no dev-only code ships, each route stays a
 * lazy chunk, and the Chakra recipes are split between /login and the console as they should be.
 */
// @vitest-environment node
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  LOGIN_JS_BUDGET_KB,
  LOGIN_ON_DEMAND_SOURCES,
  ROUTE_JS_BUDGET_KB,
  ROUTE_SOURCES,
  budgetProblems,
  routeSourcesOf,
  staticClosure,
  type BundleReport,
  type Manifest,
} from '../../scripts/build/bundle-size';
import { chakraImports, recipeNeeds } from '../../scripts/bench/chakra-recipes';
import { coreRecipes, coreSlotRecipes } from '../../src/views/theme/core';
import { recipes, slotRecipes } from '../../src/views/theme/system';
import { productionBuild } from '../support/production-build';

let report: BundleReport;
/** The shared build's folder (its .vite/manifest.json names each chunk's static imports). */
let outDir: string;

const CHAKRA_RECIPES = 'node_modules/@chakra-ui/react/dist/esm/theme/recipes/';
/** The file of Chakra's recipe `key` (nativeSelect -> native-select.js). */
const recipeFile = (key: string): string => `${CHAKRA_RECIPES}${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.js`;

/** The built files `file` imports statically, transitively (from the build's Vite manifest). */
function staticImportsOf(file: string): string[] {
  const manifest = JSON.parse(readFileSync(`${outDir}/.vite/manifest.json`, 'utf8')) as Record<
    string,
    { file: string; imports?: string[] }
  >;
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const out = new Set<string>();
  const visit = (name: string) => {
    for (const key of byFile.get(name)?.imports ?? []) {
      const imported = manifest[key]?.file;
      if (imported && !out.has(imported)) {
        out.add(imported);
        visit(imported);
      }
    }
  };
  visit(file);
  return [...out];
}

/** `files` and the recipe files they import, transitively. */
function recipeFilesWithTheirBases(files: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...files];
  for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    for (const [, base] of readFileSync(file, 'utf8').matchAll(/from '\.\/([\w-]+\.js)'/g)) stack.push(`${CHAKRA_RECIPES}${base}`);
  }
  return seen;
}

beforeAll(async () => {
  ({ report, outDir } = await productionBuild());
}, 300_000);

describe('production bundle', () => {
  it(`downloads at most ${LOGIN_JS_BUDGET_KB} kB of JavaScript (gzip) before /login is interactive`, () => {
    expect(report.loginFiles.length).toBeGreaterThan(0);
    expect(report.loginJsGzipKb).toBeGreaterThan(0);
    expect(report.loginJsGzipKb).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
    expect(budgetProblems(report)).toEqual([]);
  });

  it('fetches the login steps other than Sign In (Create Account, Confirm Email, Set New Password, Reset Password, the authenticator code, Resend code) only when they show', () => {
    for (const src of LOGIN_ON_DEMAND_SOURCES) {
      const lazy = report.lazy[src.replace(/^src\//, '')];
      expect(lazy, `${src} is a lazy chunk`).toBeDefined();
      for (const file of lazy?.files ?? []) expect(report.loginFiles, `${src}: ${file}`).not.toContain(file);
    }
  });

  it('fetches what only a signed-in visitor (or a broken deployment) uses on first use, not before /login is usable', () => {
    // The API client with ky and the response schemas, Stripe's loader, the two-factor code, the
    // Gate's screens after sign-in, the configuration error screen (issue 17's last 10 kB).
    const firstUse = [
      'services/api/index.ts',
      '@stripe/stripe-js/pure/index.mjs',
      'services/identity/totp.ts',
      'views/app/SessionScreens.tsx',
      'views/app/ConfigErrorScreen.tsx',
    ];
    for (const name of firstUse) {
      const lazy = report.lazy[name];
      expect(lazy, `${name} is a lazy chunk`).toBeDefined();
      for (const file of lazy?.files ?? []) expect(report.loginFiles, `${name}: ${file}`).not.toContain(file);
    }
    const loginModules = report.loginFiles.flatMap((file) => report.modules?.[file] ?? []);
    expect(loginModules, 'the report names the modules of each file').toContain('src/views/app/Gate.tsx');
    // The contract's schemas and route table by area (src/contract/api.ts only gathers them).
    const contract = ['users.ts', 'billing.ts', 'assistant.ts', 'routes/users.ts', 'routes/billing.ts'].map(
      (file) => `src/contract/${file}`,
    );
    const everyModule = Object.values(report.modules ?? {}).flat();
    for (const module of contract) expect(everyModule, `${module} is in the build, under its own name`).toContain(module);
    for (const module of ['src/services/api/client.ts', ...contract, 'src/services/identity/twoFactorErrors.ts']) {
      expect(loginModules).not.toContain(module);
    }
    expect(loginModules.filter((m) => /node_modules\/(ky|@stripe)\//.test(m))).toEqual([]);
  });

  /** The modules with code in the JavaScript /login downloads before it is usable, or shows on demand. */
  const loginModules = (): Set<string> => {
    const onDemand = LOGIN_ON_DEMAND_SOURCES.flatMap((src) => report.lazy[src.replace(/^src\//, '')]?.files ?? []);
    return new Set([...report.loginFiles, ...onDemand].flatMap((file) => report.modules?.[file] ?? []));
  };

  it('styles what shows before the console with the core recipes (src/views/theme/core.ts), all of them and no more', () => {
    const modules = loginModules();
    expect(modules, 'the report names the modules of each file').toContain('src/views/login/SignInForm.tsx');
    expect(modules).toContain('src/views/app/Gate.tsx');
    const needs = recipeNeeds();
    const needed = new Set<string>();
    for (const [component, importers] of chakraImports())
      if (importers.some((file) => modules.has(file))) for (const key of needs.byComponent.get(component) ?? []) needed.add(key);
    expect([...needed].sort(), 'the recipes the login steps, the Gate and the loading frame need').toEqual(
      [...Object.keys(coreRecipes), ...Object.keys(coreSlotRecipes)].sort(),
    );
  });

  it("fetches the recipes only the console uses with the console's chunk, not before /login is usable", () => {
    const lazy = report.lazy['views/theme/system.ts'];
    expect(lazy, 'src/views/theme/system.ts is a lazy chunk').toBeDefined();
    for (const file of lazy?.files ?? []) expect(report.loginFiles).not.toContain(file);
    const consoleModules = new Set((lazy?.files ?? []).flatMap((file) => report.modules?.[file] ?? []));
    // The core's recipes and those they build on (Code's on Badge's) are all /login may hold.
    const core = recipeFilesWithTheirBases([...Object.keys(coreRecipes), ...Object.keys(coreSlotRecipes)].map(recipeFile));
    const inLogin = [...loginModules()].filter((id) => id.startsWith(CHAKRA_RECIPES));
    expect(inLogin.length).toBeGreaterThan(5);
    expect(inLogin.filter((id) => !core.has(id))).toEqual([]);
    const consoleOnly = [...Object.keys(recipes), ...Object.keys(slotRecipes)].map(recipeFile).filter((file) => !core.has(file));
    expect(consoleOnly.length).toBeGreaterThan(5);
    for (const file of consoleOnly) expect(consoleModules).toContain(file);
  });

  it("announces the signed-in console and each route's screen in its page (modulepreload), and none of it in login.html", () => {
    // What a signed-in tab runs before its first screen: the console (App.tsx), its recipes, the
    // API client (services/api/deferred.ts), the Assistant's machine and the route table (prefetch.ts)...
    const console = ['views/app/SignedInApp.tsx', 'views/theme/system.ts', 'services/api/index.ts', 'views/app/routes.tsx'].flatMap(
      (name) => {
        const lazy = report.lazy[name];
        expect(lazy, `src/${name} is a lazy chunk`).toBeDefined();
        return lazy?.files ?? [];
      },
    );
    // ...then the screen of its address and the machines it starts (theirs share a chunk with
    // their selectors, named after the machine's folder).
    const pages: Array<[page: string, route: string, machines: string[]]> = [
      ['index.html', 'dashboard', ['dashboard']],
      ['users.html', 'users', ['usersList']],
      ['users/activity.html', 'activity', ['activity']],
      ['billing.html', 'billing_overview', ['billingOverview']],
      ['ai.html', 'assistant', []],
      // Every member's billing address: one page for the route's pattern.
      ['billing/user/[userId].html', 'user_billing', ['userBilling', 'activity']],
    ];
    for (const [page, route, machines] of pages) {
      const preloads = report.preloads[page];
      expect(preloads, `${page} is built`).toBeDefined();
      const machineFiles = ['chat', ...machines].map((name) => preloads?.find((file) => file.startsWith(`assets/${name}-`)));
      expect(
        machineFiles.every((file) => file !== undefined),
        `${page}: the machines' chunks`,
      ).toBe(true);
      // A machine's chunk comes with what it imports statically (the chat machine's date helpers).
      const machineImports = (machineFiles as string[])
        .flatMap((file) => staticImportsOf(file))
        .filter((file) => !report.loginFiles.includes(file));
      const needed = new Set([...console, ...(report.routes[route]?.files ?? []), ...(machineFiles as string[]), ...machineImports]);
      expect(report.routes[route]?.files.length).toBeGreaterThan(0);
      for (const file of needed) expect(preloads, `${page} preloads ${file}`).toContain(file);
      // Nothing else: not another route's screen, not a login step fetched on demand.
      for (const file of preloads ?? []) expect([...needed, ...report.loginFiles], `${page}: ${file}`).toContain(file);
    }
    expect(report.preloads['index.html']).not.toEqual(report.preloads['users.html']);
    // login.html keeps only the entry's own preloads: the form is usable sooner without the console in the way.
    expect(report.preloads['login.html']?.length).toBeGreaterThan(0);
    for (const file of report.preloads['login.html'] ?? []) expect(report.loginFiles).toContain(file);
  });

  it("starts the entry, and only the entry, with V8's compile hint (scripts/build/compile-hints.ts)", () => {
    expect(report.loginFiles).toContain(report.entryFile);
    expect(report.compileHinted).toEqual([report.entryFile]);
  });

  it('ships no dev-only code (the XState inspector)', () => {
    expect(report.forbidden).toEqual([]);
  });

  it('carries no anatomy of a component no screen has (scripts/build/chakra-tree-shaking.ts)', () => {
    const everyModule = Object.values(report.modules ?? {}).flat();
    expect(everyModule, 'the report names the modules of each file').toContain('node_modules/@zag-js/dialog/dist/dialog.anatomy.mjs');
    for (const unused of ['color-picker', 'date-picker', 'file-upload', 'splitter', 'rating-group']) {
      expect(everyModule).not.toContain(`node_modules/@zag-js/${unused}/dist/${unused}.anatomy.mjs`);
    }
  });

  it("keeps the parts of Ark's components /login does not show out of its JavaScript (the field's textarea and select)", () => {
    const loginModules = report.loginFiles.flatMap((file) => report.modules?.[file] ?? []);
    expect(loginModules).toContain('node_modules/@ark-ui/react/dist/components/field/field-input.js');
    for (const part of ['field-textarea.js', 'field-select.js'])
      expect(loginModules).not.toContain(`node_modules/@ark-ui/react/dist/components/field/${part}`);
    expect(loginModules.filter((module) => module.includes('@zag-js/auto-resize'))).toEqual([]);
  });

  it('keeps what each route adds within its budget (ROUTE_JS_BUDGET_KB)', () => {
    for (const [route, r] of Object.entries(report.routes)) {
      expect(r.gzipKb, `route ${route}`).toBeGreaterThan(0);
      expect(r.gzipKb, `route ${route}`).toBeLessThanOrEqual(ROUTE_JS_BUDGET_KB[route] ?? 0);
    }
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
    expect(() => routeSourcesOf([])).toThrow(/No screen in the route table/);
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

  /** A build within every budget, by hand. */
  const withinBudgets: BundleReport = {
    loginJsGzipKb: LOGIN_JS_BUDGET_KB,
    loginFiles: ['assets/index.js'],
    routes: Object.fromEntries(
      Object.keys(ROUTE_SOURCES).map((route) => [route, { gzipKb: ROUTE_JS_BUDGET_KB[route] ?? 0, files: [`assets/${route}.js`] }]),
    ),
    lazy: {},
    preloads: {},
    totalJsGzipKb: 400,
    totalJsFiles: 10,
    cssGzipKb: 0,
    forbidden: [],
    entryFile: 'assets/index.js',
    compileHinted: ['assets/index.js'],
  };

  it('has a budget for every route and nothing else', () => {
    expect(Object.keys(ROUTE_JS_BUDGET_KB).sort()).toEqual(Object.keys(ROUTE_SOURCES).sort());
    expect(budgetProblems(withinBudgets)).toEqual([]);
  });

  it('flags a login set over budget and forbidden code', () => {
    const over: BundleReport = {
      ...withinBudgets,
      loginJsGzipKb: LOGIN_JS_BUDGET_KB + 0.1,
      forbidden: [{ what: 'x', file: 'assets/x.js' }],
    };
    expect(budgetProblems(over)).toHaveLength(2);
  });

  it('flags a route over its budget, and a route without one', () => {
    const users = ROUTE_JS_BUDGET_KB.users ?? 0;
    const over: BundleReport = {
      ...withinBudgets,
      routes: {
        ...withinBudgets.routes,
        users: { gzipKb: users + 0.1, files: ['assets/users.js'] },
        reports: { gzipKb: 1, files: ['assets/reports.js'] },
      },
    };
    expect(budgetProblems(over)).toEqual([
      `route users adds ${users + 0.1} kB of JavaScript (gzip), over its ${users} kB budget`,
      'route reports has no budget (ROUTE_JS_BUDGET_KB in scripts/build/bundle-size.ts)',
    ]);
  });
});
