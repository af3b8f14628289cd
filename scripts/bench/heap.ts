/**
 * JS heap over in-app navigations through every route, sampled after 5, 25 and 50 navigations.
 * Screens stop their machines (and abort their requests) when they close, so nothing should grow
 * with the number of navigations. Two measures of the heap, both after forced garbage collection:
 *
 *  - used heap (Runtime.getHeapUsage): what the browser reports, including V8's compiled code,
 *    which keeps growing for a long while as functions are compiled and optimised (about 1 MB
 *    from 5 to 50 navigations here, and still growing at 300: not the app's objects);
 *  - JS objects (a heap snapshot's nodes, less compiled code and Blink natives): what the app
 *    holds. Between 5 and about 20 navigations bounded caches fill up (Chakra's LRU caches of
 *    resolved styles, Emotion's inserted rules, about 0.3 MB), then it stays flat.
 *
 * The gate is on JS objects from 25 to 50 navigations, when those caches are full: a screen that
 * kept its machine, props or DOM after closing adds about 12 kB per navigation (0.3 MB over 25),
 * which this catches; measured on the current build it is a few kB.
 */
import type { CDPSession, Page } from '@playwright/test';
import { round, trackApiRequests } from './browser';

export interface HeapFigures {
  heap_after_5_nav_mb: number;
  heap_after_50_nav_mb: number;
  heap_growth_mb: number;
  heap_js_objects_after_5_nav_mb: number;
  heap_js_objects_after_25_nav_mb: number;
  heap_js_objects_after_50_nav_mb: number;
  heap_js_objects_growth_mb: number;
  heap_js_objects_warm_growth_mb: number;
}

/** Self sizes of every live JS object in a heap snapshot (which collects garbage first), less compiled code and natives. */
async function jsObjectsMb(cdp: CDPSession): Promise<number> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  const snapshot = JSON.parse(chunks.join('')) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
    nodes: number[];
  };
  const {
    node_fields: fields,
    node_types: [types],
  } = snapshot.snapshot.meta;
  const typeAt = fields.indexOf('type');
  const sizeAt = fields.indexOf('self_size');
  let bytes = 0;
  for (let i = 0; i < snapshot.nodes.length; i += fields.length) {
    const type = types[snapshot.nodes[i + typeAt] as number];
    if (type !== 'code' && type !== 'native') bytes += snapshot.nodes[i + sizeAt] as number;
  }
  return bytes / 1e6;
}

const HEADINGS: Record<string, string> = {
  '/': 'Welcome Back',
  '/users': 'User Management',
  '/billing': 'Billing Overview',
  '/ai': 'Assistant',
};

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
  await cdp.send('HeapProfiler.enable');
  const sample = async (): Promise<{ used: number; objects: number }> => {
    await api.idle(300);
    for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    return { used: usedSize / 1e6, objects: await jsObjectsMb(cdp) };
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

  const samples = new Map<number, { used: number; objects: number }>();
  for (let count = 1; count <= 50; count++) {
    await navigate(routes[count % routes.length] as string);
    if (count === 5 || count === 25 || count === 50) samples.set(count, await sample());
  }
  await cdp.send('HeapProfiler.disable');
  await cdp.detach();
  const at = (n: number) => samples.get(n) as { used: number; objects: number };
  log(
    `  heap: used ${at(5).used.toFixed(2)} -> ${at(50).used.toFixed(2)} MB (5 -> 50 navigations); ` +
      `JS objects ${at(5).objects.toFixed(2)} / ${at(25).objects.toFixed(2)} / ${at(50).objects.toFixed(2)} MB after 5 / 25 / 50`,
  );
  return {
    heap_after_5_nav_mb: round(at(5).used, 2),
    heap_after_50_nav_mb: round(at(50).used, 2),
    heap_growth_mb: round(at(50).used - at(5).used, 2),
    heap_js_objects_after_5_nav_mb: round(at(5).objects, 3),
    heap_js_objects_after_25_nav_mb: round(at(25).objects, 3),
    heap_js_objects_after_50_nav_mb: round(at(50).objects, 3),
    heap_js_objects_growth_mb: round(at(50).objects - at(5).objects, 3),
    heap_js_objects_warm_growth_mb: round(at(50).objects - at(25).objects, 3),
  };
}
