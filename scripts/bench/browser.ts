/** Shared browser helpers of the bench (Playwright): launching Chromium, signing in, waiting for the API. */
import { chromium, type Browser, type Page } from '@playwright/test';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const CHROME_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const ADMIN = { email: 'admin@hardline.test', password: 'Hardline#2026' };

/**
 * Chromium's flags for a stack: with the stack's HTTPS (its own certificate, scripts/stack/tls.ts),
 * that certificate is trusted, and no other one that would fail the check.
 */
export function chromeArgsFor(stack: { tlsSpki?: string }): string[] {
  return stack.tlsSpki === undefined ? CHROME_ARGS : [...CHROME_ARGS, `--ignore-certificate-errors-spki-list=${stack.tlsSpki}`];
}

export function launchChromium(stack: { tlsSpki?: string } = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROME_PATH, args: chromeArgsFor(stack) });
}

/** Signs in on /login as the seeded administrator and waits for the dashboard. */
export async function signIn(page: Page, webUrl: string): Promise<void> {
  await page.goto(`${webUrl}/login`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${webUrl}/`, { timeout: 60_000 });
  await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor({ timeout: 60_000 });
}

/** Counts the page's requests to the API, to wait until none is in flight. */
export function trackApiRequests(page: Page, apiUrl: string): { idle(quietMs?: number, timeoutMs?: number): Promise<void> } {
  let inflight = 0;
  let lastChange = Date.now();
  const mine = (url: string) => url.startsWith(apiUrl);
  page.on('request', (r) => {
    if (mine(r.url())) {
      inflight++;
      lastChange = Date.now();
    }
  });
  const done = (url: string) => {
    if (mine(url)) {
      inflight = Math.max(0, inflight - 1);
      lastChange = Date.now();
    }
  };
  page.on('requestfinished', (r) => done(r.url()));
  page.on('requestfailed', (r) => done(r.url()));
  return {
    async idle(quietMs = 200, timeoutMs = 30_000) {
      const started = Date.now();
      while (Date.now() - started < timeoutMs) {
        if (inflight === 0 && Date.now() - lastChange >= quietMs) return;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`API requests still in flight after ${timeoutMs} ms`);
    },
  };
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] as number;
}

export const round = (n: number, digits = 1): number => Number(n.toFixed(digits));
