/**
 * Lighthouse 12 (performance category) for /login and the signed-in dashboard, with the desktop and
 * mobile presets. Tokens live in the tab's sessionStorage, so the dashboard is audited with
 * Lighthouse's user-flow API on a puppeteer-core page that signed in first: the navigation keeps
 * the tab's storage (disableStorageReset) while the HTTP cache is cleared for a cold load.
 * HTML reports go to reports/bench-lighthouse/.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { desktopConfig, generateReport, startFlow, type Config, type Flags } from 'lighthouse';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { ADMIN, CHROME_ARGS, CHROME_PATH, round } from './browser';

type Preset = 'desktop' | 'mobile';

export interface LighthouseRun {
  page: 'login' | 'dashboard';
  preset: Preset;
  score: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The audits that cost the most (for the readable report). */
  notes: string[];
}

const CONFIGS: Record<Preset, Config> = {
  desktop: { extends: 'lighthouse:default', settings: { ...desktopConfig.settings, onlyCategories: ['performance'] } },
  mobile: { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } },
};

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

async function auditOne(
  browser: Browser,
  webUrl: string,
  target: 'login' | 'dashboard',
  preset: Preset,
  outDir: string,
): Promise<LighthouseRun> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    const flags: Flags & { name: string } = { name: `${target} (${preset})` };
    if (target === 'dashboard') {
      await signInWithPuppeteer(page, webUrl);
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      flags.disableStorageReset = true;
    }
    const flow = await startFlow(page, { config: CONFIGS[preset], name: `Hardline ${target} ${preset}` });
    await flow.navigate(target === 'login' ? `${webUrl}/login` : `${webUrl}/`, flags);
    const result = await flow.createFlowResult();
    const lhr = result.steps[0]?.lhr;
    if (!lhr) throw new Error('Lighthouse returned no result');
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    await writeFile(join(outDir, `${target}-${preset}.html`), generateReport(lhr, 'html'));
    const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
    if (target === 'dashboard' && !lhr.finalDisplayedUrl.endsWith('/'))
      throw new Error(`dashboard audit ended at ${lhr.finalDisplayedUrl} (signed out?)`);
    return {
      page: target,
      preset,
      score: lhr.categories.performance?.score ?? 0,
      lcpMs: round(numeric('largest-contentful-paint'), 0),
      tbtMs: round(numeric('total-blocking-time'), 0),
      cls: round(numeric('cumulative-layout-shift'), 3),
      fcpMs: round(numeric('first-contentful-paint'), 0),
      notes: notesOf(lhr),
    };
  } finally {
    await context.close();
  }
}

export async function runLighthouse(webUrl: string, reportsDir: string, log: (line: string) => void): Promise<LighthouseRun[]> {
  const outDir = join(reportsDir, 'bench-lighthouse');
  await mkdir(outDir, { recursive: true });
  const browser = await puppeteer.launch({ executablePath: CHROME_PATH, args: CHROME_ARGS, headless: true, defaultViewport: null });
  const runs: LighthouseRun[] = [];
  try {
    for (const target of ['login', 'dashboard'] as const) {
      for (const preset of ['desktop', 'mobile'] as const) {
        const run = await auditOne(browser, webUrl, target, preset, outDir);
        log(`  ${target} ${preset}: score ${run.score}, LCP ${run.lcpMs} ms, TBT ${run.tbtMs} ms, CLS ${run.cls}`);
        runs.push(run);
      }
    }
  } finally {
    await browser.close();
  }
  return runs;
}
