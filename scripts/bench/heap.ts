/**
 * JS heap after 5 and after 50 in-app navigations through every route (CDP: a forced garbage
 * collection, then Runtime.getHeapUsage). Screens stop their machines (and abort requests) when they
 * close, so the heap after 50 should match the heap after 5 within noise.
 */
import type { Page } from '@playwright/test';
import { round, trackApiRequests } from './browser';

export interface HeapFigures {
  heap_after_5_nav_mb: number;
  heap_after_50_nav_mb: number;
  heap_growth_mb: number;
}

const HEADINGS: Record<string, string> = { '/': 'Welcome Back', '/users': 'User Management', '/billing': 'Billing Overview', '/ai': 'Assistant' };

/** Expects a signed-in page. Returns the figures; `routes` must include a /billing/user/<id> path. */
export async function measureHeap(page: Page, webUrl: string, apiUrl: string, log: (line: string) => void): Promise<HeapFigures> {
  const api = trackApiRequests(page, apiUrl);
  await page.goto(`${webUrl}/users`);
  const billingLink = page.locator('a[href^="/billing/user/"]').first();
  await billingLink.waitFor({ timeout: 60_000 });
  const userBilling = (await billingLink.getAttribute('href')) as string;
  const routes = ['/', '/users', '/billing', userBilling, '/ai'];
  await page.goto(`${webUrl}/`);
  await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
  await api.idle();

  const cdp = await page.context().newCDPSession(page);
  const heapMb = async (): Promise<number> => {
    await api.idle(300);
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return usedSize / 1e6;
  };

  const navigate = async (path: string): Promise<void> => {
    // wouter follows pushState + popstate, as a link click does (without depending on a link being visible).
    await page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    const heading = HEADINGS[path] ?? 'User Billing';
    await page.getByRole('heading', { level: 1, name: heading }).waitFor({ timeout: 30_000 });
    await api.idle(150);
  };

  let count = 0;
  let after5 = 0;
  while (count < 50) {
    await navigate(routes[(count + 1) % routes.length] as string);
    count++;
    if (count === 5) after5 = await heapMb();
  }
  const after50 = await heapMb();
  await cdp.detach();
  log(`  heap: ${after5.toFixed(2)} MB after 5 navigations, ${after50.toFixed(2)} MB after 50`);
  return { heap_after_5_nav_mb: round(after5, 2), heap_after_50_nav_mb: round(after50, 2), heap_growth_mb: round(after50 - after5, 2) };
}
