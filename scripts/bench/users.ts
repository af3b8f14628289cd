/**
 * User Management at scale, in Chromium (Playwright):
 *  - time to the first page of /users (a full signed-in load, and an in-app navigation);
 *  - for each of >= 30 different searches, the time from the search request's start (Resource
 *    Timing) to the frame in which its rows are in the table (a MutationObserver on the table body,
 *    then the next animation frame). The debounce before the request is the user's typing, not cost.
 */
import type { Page } from '@playwright/test';
import { FIRST_NAMES, LAST_NAMES } from '../../server/seed/names';
import { percentile, round, trackApiRequests } from './browser';

interface TableFrame {
  /** When the mutation was observed, and the next animation frame (performance.now()). */
  t: number;
  frame: number;
  text: string;
}

declare global {
  interface Window {
    __benchTable?: TableFrame[];
  }
}

/** Records every change of the users table body, with its text, from page start. */
function recordTableFrames(): void {
  window.__benchTable = [];
  performance.setResourceTimingBufferSize(100_000);
  new MutationObserver((records) => {
    const body = document.querySelector('table[aria-label="Users"] tbody');
    if (!body || !records.some((r) => body.contains(r.target) || r.target.contains(body))) return;
    const t = performance.now();
    const text = body.textContent ?? '';
    requestAnimationFrame(() => window.__benchTable?.push({ t, frame: performance.now(), text }));
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

/** >= 30 distinct searches over the seed's name pools: last names, full names, fragments, a miss. */
export function searchTerms(count = 36): string[] {
  const terms = new Set<string>();
  const lasts = LAST_NAMES.filter((n) => /^[A-Za-z]+$/.test(n));
  for (let i = 0; terms.size < count; i++) {
    const first = FIRST_NAMES[(i * 7) % FIRST_NAMES.length] as string;
    const last = lasts[(i * 11) % lasts.length] as string;
    switch (i % 4) {
      case 0:
        terms.add(last.toLowerCase());
        break;
      case 1:
        terms.add(`${first} ${last}`.toLowerCase());
        break;
      case 2:
        terms.add(last.slice(0, 4).toLowerCase());
        break;
      default:
        terms.add(i % 8 === 3 ? `zzq${i}` : `${first.toLowerCase()}.`);
    }
  }
  return [...terms];
}

/**
 * Sends `terms` to a just-started API as the console's search does (GET /api/users, first page,
 * newest first), one after another, and returns each one's time in ms. The API's first searches of
 * each kind run cold: V8 has not yet optimised the server's code nor PGlite's WebAssembly for them,
 * and the pages the query reads are not yet in memory. A deployed API has served other searches
 * before an administrator's; so the browser's searches are timed on an API that has served these
 * (other terms of the same kinds), and the cold times are reported beside them.
 */
export async function warmSearchApi(apiUrl: string, token: string, terms: readonly string[]): Promise<number[]> {
  const times: number[] = [];
  for (const term of terms) {
    const url = new URL('/api/users', apiUrl);
    url.search = new URLSearchParams({ page: '1', limit: '25', search: term, sort: '-created' }).toString();
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${url.pathname}?search=${term} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

export interface UsersFigures {
  users_first_page_runs: number;
  users_first_page_ms: number;
  users_first_page_spa_ms: number;
  users_search_p50_ms: number;
  users_search_p95_ms: number;
  users_search_max_ms: number;
  users_search_count: number;
  users_search_server_p50_ms: number;
  users_search_cold_api_first_ms: number;
  users_search_cold_api_max_ms: number;
}

async function firstRowsFrame(page: Page, after = 0): Promise<number> {
  const handle = await page.waitForFunction(
    (since) => window.__benchTable?.find((e) => e.t >= since && e.text.includes('@'))?.frame,
    after,
    { timeout: 60_000, polling: 50 },
  );
  return (await handle.jsonValue()) as number;
}

/** Full loads and in-app openings of /users measured (each figure is their median). */
const FIRST_PAGE_RUNS = 5;

/**
 * Expects a signed-in page (the tab's sessionStorage holds the session), and the administrator's
 * access token for the API's warm-up (`warmSearchApi`).
 */
export async function measureUsers(
  page: Page,
  webUrl: string,
  apiUrl: string,
  token: string,
  log: (line: string) => void,
): Promise<UsersFigures> {
  await page.addInitScript(recordTableFrames);
  const api = trackApiRequests(page, apiUrl);

  // First page, full load of /users (JS, session restore, access check, list + stats).
  const loads: number[] = [];
  for (let i = 0; i < FIRST_PAGE_RUNS; i++) {
    await page.goto(`${webUrl}/users`);
    loads.push(await firstRowsFrame(page));
    await api.idle();
  }
  // First page, from the dashboard through the navigation link.
  const spa: number[] = [];
  for (let i = 0; i < FIRST_PAGE_RUNS; i++) {
    await page.getByRole('link', { name: 'Dashboard' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
    await api.idle();
    const t0 = await page.evaluate(() => {
      window.__benchTable = [];
      const link = [...document.querySelectorAll('a')].find((a) => a.textContent?.trim() === 'User Management');
      if (!link) throw new Error('no User Management link');
      const t = performance.now();
      link.click();
      return t;
    });
    spa.push((await firstRowsFrame(page, t0)) - t0);
    await api.idle();
  }
  log(`  first page of /users: load ${loads.map((v) => v.toFixed(0)).join(', ')} ms; in-app ${spa.map((v) => v.toFixed(0)).join(', ')} ms`);

  // Other terms of the same kinds as the timed ones (the first 36 of a longer list are those).
  const cold = await warmSearchApi(apiUrl, token, searchTerms(72).slice(36));
  log(`  the API's first ${cold.length} searches (untimed warm-up, other terms): ${cold.map((v) => v.toFixed(0)).join(' ')} ms`);

  const search = page.getByRole('searchbox', { name: 'Search users' });
  await search.waitFor();
  const latencies: number[] = [];
  const server: number[] = [];
  for (const term of searchTerms()) {
    await page.evaluate(() => {
      window.__benchTable = [];
      performance.clearResourceTimings();
    });
    const responded = page.waitForResponse((r) => {
      const url = new URL(r.url());
      return r.url().startsWith(apiUrl) && url.pathname.endsWith('/users') && url.searchParams.get('search') === term;
    });
    await search.fill(term);
    const response = await responded;
    const body = (await response.json()) as { users: Array<{ email: string }> };
    const emails = body.users.map((u) => u.email);
    const frame = await page.waitForFunction(
      ({ term: wanted, emails: expected }) => {
        const entry = performance.getEntriesByType('resource').find((e) => {
          try {
            return new URL(e.name).searchParams.get('search') === wanted;
          } catch {
            return false;
          }
        }) as PerformanceResourceTiming | undefined;
        if (!entry || entry.responseEnd === 0) return undefined;
        const shown = window.__benchTable?.find(
          (e) =>
            e.t >= entry.responseEnd &&
            (expected.length === 0 ? e.text.includes('No users found') : expected.every((m) => e.text.includes(m))),
        );
        return shown ? { start: entry.startTime, end: entry.responseEnd, frame: shown.frame } : undefined;
      },
      { term, emails },
      { timeout: 30_000, polling: 50 },
    );
    const { start, end, frame: shownAt } = (await frame.jsonValue()) as { start: number; end: number; frame: number };
    latencies.push(shownAt - start);
    server.push(end - start);
    await api.idle(100);
  }
  log(
    `  ${latencies.length} searches, request to rows (of which the response): ${latencies.map((v, i) => `${v.toFixed(0)} (${(server[i] ?? 0).toFixed(0)})`).join(' ')} ms`,
  );
  return {
    users_first_page_runs: loads.length,
    users_first_page_ms: round(percentile(loads, 50)),
    users_first_page_spa_ms: round(percentile(spa, 50)),
    users_search_p50_ms: round(percentile(latencies, 50)),
    users_search_p95_ms: round(percentile(latencies, 95)),
    users_search_max_ms: round(Math.max(...latencies)),
    users_search_count: latencies.length,
    users_search_server_p50_ms: round(percentile(server, 50)),
    users_search_cold_api_first_ms: round(cold[0] ?? Number.NaN),
    users_search_cold_api_max_ms: round(Math.max(...cold)),
  };
}
