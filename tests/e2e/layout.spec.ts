/**
 * No layout shift (issue 6: "CLS 0 on every measured page"). Each route is loaded cold, at a
 * desktop and a phone viewport, with every API answer held back a little so that the loading
 * state paints first; the page's layout-shift entries (the ones Lighthouse's CLS sums) must be none.
 * Layout is deterministic, so this gates what the benchmark's Lighthouse runs measure.
 *
 * The delay is the only fake: page.route holds each API request for API_DELAY_MS, then lets it
 * through to the real reference API.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { signIn, someMember } from '../support/e2e/faults';

const API_DELAY_MS = 600;

const VIEWPORTS = {
  desktop: { width: 1366, height: 900 },
  phone: { width: 412, height: 823 },
} as const;

interface Shift {
  value: number;
  nodes: string[];
}

/** Records layout shifts (not those right after input) from the start of every document. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: Array<{ value: number; nodes: string[] }> = [];
    (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
        if (entry.hadRecentInput) continue;
        const nodes = (entry.sources ?? []).map((s) => (s.node instanceof Element ? s.node.outerHTML.slice(0, 160) : String(s.node?.nodeName)));
        shifts.push({ value: entry.value, nodes });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function shiftsOf(page: Page): Promise<Shift[]> {
  return page.evaluate(() => (window as unknown as { __layoutShifts: Shift[] }).__layoutShifts);
}

async function delayApi(page: Page, apiUrl: string): Promise<void> {
  await page.route(`${apiUrl}/**`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, API_DELAY_MS));
    await route.continue();
  });
}

/** Loads `path` cold and waits until its data has landed and the page has settled. */
async function loadSettled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  await expect(page.getByText(/^Loading/)).toHaveCount(0);
  await page.waitForTimeout(300);
}

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`no layout shift (${name}) @perf`, () => {
    test.use({ viewport });

    test(`/login, signed out, does not shift (${name}) @perf`, async ({ page }) => {
      await recordShifts(page);
      await page.goto('/login');
      await page.getByRole('form', { name: 'Sign in' }).waitFor();
      await page.waitForTimeout(300);
      expect(await shiftsOf(page)).toEqual([]);
    });

    test(`every signed-in route loads without shifting (${name}) @perf`, async ({ page, stack }) => {
      await signIn(page);
      const member = await someMember(page, stack.apiUrl);
      await recordShifts(page);
      await delayApi(page, stack.apiUrl);
      for (const path of ['/', '/users', '/billing', `/billing/user/${encodeURIComponent(member.userId)}`, '/ai']) {
        await loadSettled(page, path);
        expect(await shiftsOf(page), path).toEqual([]);
      }
    });
  });
}
