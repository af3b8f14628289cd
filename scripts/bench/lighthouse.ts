/**
 * Lighthouse 12 (performance category) for every route of the console: /login, and signed in the
 * dashboard, /users, the billing overview (/billing), a member's billing (/billing/user/:userId, a
 * real member with a subscription: `billedMember`) and the assistant (/ai), with the desktop and
 * mobile presets, each run `runs` times (default 5).
 *
 * A single Lighthouse run varies by about ±0.05 on this kind of machine, so every figure is run
 * several times and reported as median, min and max (scripts/bench/report.ts). The runs are
 * interleaved, one round of every page and preset after another (login desktop, login mobile,
 * dashboard desktop, ..., assistant mobile, then the next round), so that a burst of load on the machine
 * lands on one run of several figures rather than on every run of one figure. The 1-minute load
 * average is recorded before the first round and after the last.
 *
 * Tokens live in the tab's sessionStorage, so the signed-in pages are audited with Lighthouse's
 * user-flow API on a puppeteer-core page that signed in first: the navigation keeps the tab's
 * storage (disableStorageReset) while the HTTP cache is cleared for a cold load.
 * One HTML report per page and preset is kept in reports/bench-lighthouse/: the median run's.
 */
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { desktopConfig, generateReport, startFlow, type Config, type Flags, type Result, type UserFlow } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import type { UserBilling, UserListResponse } from '../../src/contract/api';
import { adminAccessToken } from './admin';
import { blockingTimes, renderingWork, type BlockingTimes, type RenderingWork, type TraceEvent } from './blocking';
import { ADMIN, CHROME_ARGS, CHROME_PATH, round } from './browser';
import { LIGHTHOUSE_PAGES, LIGHTHOUSE_PRESETS, medianRunIndex, type LighthousePage, type LighthousePreset } from './report';

export interface LighthouseRun {
  page: LighthousePage;
  preset: LighthousePreset;
  /** 1-based round the run belongs to. */
  round: number;
  score: number;
  lcpMs: number;
  tbtMs: number;
  /** Blocking time from the audit's trace, after the first contentful paint: by the clock, and by thread CPU time (blocking.ts). */
  traceTbtMs: number;
  cpuTbtMs: number;
  /** The rendering work in the same trace, after the first contentful paint (blocking.ts). */
  elementsStyled: number;
  objectsLaidOut: number;
  cls: number;
  fcpMs: number;
  /** The audits that cost the most (for the readable report). */
  notes: string[];
}

export interface LighthouseResult {
  runs: LighthouseRun[];
  /** 1-minute load average just before the first run and just after the last. */
  loadAvgStart: number;
  loadAvgEnd: number;
}

const CONFIGS: Record<LighthousePreset, Config> = {
  desktop: { extends: 'lighthouse:default', settings: { ...desktopConfig.settings, onlyCategories: ['performance'] } },
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } },
};

/** Where each page is, and the path the audit must end on (a signed-out tab would end at /login). */
const PATHS: Record<Exclude<LighthousePage, 'member_billing'>, string> = {
  login: '/login',
  dashboard: '/',
  users: '/users',
  billing: '/billing',
  assistant: '/ai',
};

function pathOf(page: LighthousePage, memberId: string): string {
  return page === 'member_billing' ? `/billing/user/${encodeURIComponent(memberId)}` : PATHS[page];
}

/**
 * The member whose billing page is audited: the first (newest first) with an active subscription, a
 * card and invoices, the fullest page a member's billing shows; else the first with any subscription.
 */
export async function billedMember(stack: { apiUrl: string; cognitoEndpoint: string; clientId: string }): Promise<UserBilling> {
  const headers = { Authorization: `Bearer ${await adminAccessToken(stack)}`, 'Content-Type': 'application/json' };
  let fallback: UserBilling | null = null;
  for (let pageNo = 1; pageNo <= 5; pageNo++) {
    const list = await fetch(`${stack.apiUrl}/api/users?limit=100&page=${pageNo}`, { headers });
    if (!list.ok) throw new Error(`GET /api/users: HTTP ${list.status}`);
    const { users } = (await list.json()) as UserListResponse;
    for (const user of users) {
      const res = await fetch(`${stack.apiUrl}/api/admin/billing/user`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ userId: user.userId }),
      });
      if (!res.ok) continue;
      const billing = (await res.json()) as UserBilling;
      if (billing.subscription?.status === 'active' && billing.paymentMethods.length > 0 && billing.recentInvoices.length > 0)
        return billing;
      if (billing.subscription && !fallback) fallback = billing;
    }
    if (users.length < 100) break;
  }
  if (!fallback) throw new Error('No member with a subscription among the first 500: the member billing page cannot be audited');
  return fallback;
}

async function signInWithPuppeteer(page: Page, webUrl: string): Promise<void> {
  await page.goto(`${webUrl}/login`, { waitUntil: 'networkidle0' });
  await page.locator('input[name="username"]').fill(ADMIN.email);
  await page.locator('input[name="password"]').fill(ADMIN.password);
  await page.locator('form[aria-label="Sign in"] button[type="submit"]').click();
  await page.waitForFunction(() => [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Welcome Back'), { timeout: 60_000 });
}

function notesOf(lhr: {
  audits: Record<string, { id: string; title: string; score: number | null; displayValue?: string; details?: unknown }>;
}): string[] {
  const ids = [
    'unused-javascript',
    'bootup-time',
    'mainthread-work-breakdown',
    'render-blocking-resources',
    'long-tasks',
    'layout-shifts',
    'largest-contentful-paint-element',
  ];
  const notes: string[] = [];
  for (const id of ids) {
    const audit = lhr.audits[id];
    if (!audit || audit.score === 1 || audit.score === null) continue;
    notes.push(`${audit.title}${audit.displayValue ? `: ${audit.displayValue}` : ''}`);
  }
  return notes;
}

/**
 * The page's blocking time and rendering work read from the audit's own trace (blocking.ts), from its
 * first contentful paint on, with the CPU slowdown Lighthouse simulated (none when it throttled for real).
 */
function traceFigures(artifacts: UserFlow.FlowArtifacts, lhr: Result): BlockingTimes & RenderingWork {
  const trace = artifacts.gatherSteps[0]?.artifacts.Trace;
  const metrics = lhr.audits.metrics?.details as { items?: { observedFirstContentfulPaintTs?: number }[] } | undefined;
  const fcpTs = metrics?.items?.[0]?.observedFirstContentfulPaintTs;
  if (!trace || fcpTs === undefined)
    return { clockMs: Number.NaN, cpuMs: Number.NaN, elementsStyled: Number.NaN, objectsLaidOut: Number.NaN };
  const { throttlingMethod, throttling } = lhr.configSettings;
  const slowdown = throttlingMethod === 'simulate' ? (throttling.cpuSlowdownMultiplier ?? 1) : 1;
  const events = trace.traceEvents as TraceEvent[];
  return { ...blockingTimes(events, fcpTs, slowdown), ...renderingWork(events, fcpTs) };
}

/** One audit; its HTML report is written to `htmlFile`. */
async function auditOne(
  browser: Browser,
  webUrl: string,
  target: LighthousePage,
  preset: LighthousePreset,
  roundNo: number,
  htmlFile: string,
  memberId: string,
): Promise<LighthouseRun> {
  const path = pathOf(target, memberId);
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    const flags: Flags & { name: string } = { name: `${target} (${preset})` };
    if (target !== 'login') {
      await signInWithPuppeteer(page, webUrl);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      flags.disableStorageReset = true;
    }
    const flow = await startFlow(page, { config: CONFIGS[preset], name: `Hardline ${target} ${preset}` });
    await flow.navigate(`${webUrl}${path}`, flags);
    const result = await flow.createFlowResult();
    const lhr = result.steps[0]?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (new URL(lhr.finalDisplayedUrl).pathname !== path)
      throw new Error(`${target} audit ended at ${lhr.finalDisplayedUrl} (signed out?)`);
    await writeFile(htmlFile, generateReport(lhr, 'html'));
    const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
    const traced = traceFigures(flow.createArtifactsJson(), lhr);
    return {
      page: target,
      preset,
      round: roundNo,
      score: lhr.categories.performance?.score ?? 0,
      lcpMs: round(numeric('largest-contentful-paint'), 0),
      tbtMs: round(numeric('total-blocking-time'), 0),
      traceTbtMs: traced.clockMs,
      cpuTbtMs: traced.cpuMs,
      elementsStyled: traced.elementsStyled,
      objectsLaidOut: traced.objectsLaidOut,
      cls: round(numeric('cumulative-layout-shift'), 3),
      fcpMs: round(numeric('first-contentful-paint'), 0),
      notes: notesOf(lhr),
    };
  } finally {
    await context.close();
  }
}

const loadAvg1m = (): number => Number((loadavg()[0] ?? 0).toFixed(1));

export async function runLighthouse(
  webUrl: string,
  reportsDir: string,
  runs: number,
  log: (line: string) => void,
  /** The member whose billing page is audited (`billedMember`). */
  memberId: string,
  /** Only these pages and presets (`--pages`, `--presets`): every one by default. */
  only: { pages?: readonly LighthousePage[]; presets?: readonly LighthousePreset[] } = {},
  /** Chromium's flags (`chromeArgsFor(stack)`: trusting the stack's own certificate when it serves HTTPS). */
  chromeArgs: readonly string[] = CHROME_ARGS,
): Promise<LighthouseResult> {
  const pages = only.pages ?? LIGHTHOUSE_PAGES;
  const presets = only.presets ?? LIGHTHOUSE_PRESETS;
  const outDir = join(reportsDir, 'bench-lighthouse');
  const runsDir = join(outDir, 'runs');
  // The reports of the pages and presets measured now are replaced; the others' stay.
  await rm(runsDir, { recursive: true, force: true });
  for (const target of pages) for (const preset of presets) await rm(join(outDir, `${target}-${preset}.html`), { force: true });
  await mkdir(runsDir, { recursive: true });
  const htmlOf = (run: Pick<LighthouseRun, 'page' | 'preset' | 'round'>) => join(runsDir, `${run.page}-${run.preset}-${run.round}.html`);
  const loadAvgStart = loadAvg1m();
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: [...chromeArgs], headless: true, defaultViewport: null });
  const all: LighthouseRun[] = [];
  try {
    for (let roundNo = 1; roundNo <= runs; roundNo++) {
      log(`  round ${roundNo} of ${runs} (load average ${loadAvg1m()})`);
      for (const target of pages) {
        for (const preset of presets) {
          const run = await auditOne(browser, webUrl, target, preset, roundNo, htmlOf({ page: target, preset, round: roundNo }), memberId);
          log(`    ${target} ${preset}: score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}, FCP ${run.fcpMs} ms`);
          all.push(run);
        }
      }
    }
  } finally {
    await browser.close();
  }
  const loadAvgEnd = loadAvg1m();
  // Keep the median run's report of each page and preset; drop the others.
  for (const target of pages) {
    for (const preset of presets) {
      const mine = all.filter((r) => r.page === target && r.preset === preset);
      const median = mine[medianRunIndex(mine)];
      if (median) await rename(htmlOf(median), join(outDir, `${target}-${preset}.html`));
    }
  }
  await rm(runsDir, { recursive: true, force: true });
  return { runs: all, loadAvgStart, loadAvgEnd };
}
