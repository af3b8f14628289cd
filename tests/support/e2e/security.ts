/**
 * Content-Security-Policy violations seen by a page, from two independent sources:
 *
 * - the `securitypolicyviolation` DOM event, listened to by an init script (so it is in place before
 *   any of the console's own scripts run, on every navigation) and reported to the test through an
 *   exposed binding;
 * - Chromium's console messages ("Refused to load ... because it violates the following Content
 *   Security Policy directive ..."), which also cover violations the event does not reach, such as
 *   a blocked frame-ancestors or a report-only policy.
 *
 * `watchCsp(page)` must be called before the first `page.goto`. Its `violations` array fills as the
 * page runs; `assertNoViolations()` throws with every violation listed.
 *
 * Wiring it into every test (fixtures.ts is owned by the fixture's author): add to TestFixtures
 *   cspViolations: [async ({ page }, use) => { const csp = await watchCsp(page); await use(csp.violations);
 *     csp.assertNoViolations(); }, { auto: true }]
 * Chromium logs CSP violations as console errors, so the `pageErrors` fixture already fails on the
 * console half unless a test allows it; the event half catches the rest.
 */
import type { Page } from '@playwright/test';

export interface CspViolation {
  source: 'event' | 'console';
  /** The violated directive (event) or the console text. */
  directive: string;
  blockedURI: string;
  /** The page's URL when it happened. */
  documentURI: string;
  sample: string;
}

export interface CspWatch {
  readonly violations: CspViolation[];
  assertNoViolations(): void;
}

const BINDING = '__hardlineReportCspViolation';

/** Chromium's wording for a CSP refusal in the console. */
const CSP_CONSOLE_PATTERN = /Content Security Policy|Content-Security-Policy/i;

const watches = new WeakMap<Page, Promise<CspWatch>>();

/** Watches a page for CSP violations; the same watch is returned for a page already watched. */
export function watchCsp(page: Page): Promise<CspWatch> {
  let watch = watches.get(page);
  if (!watch) {
    watch = startWatching(page);
    watches.set(page, watch);
  }
  return watch;
}

async function startWatching(page: Page): Promise<CspWatch> {
  const violations: CspViolation[] = [];
  await page.exposeBinding(BINDING, (_source, violation: Omit<CspViolation, 'source'>) => {
    violations.push({ source: 'event', ...violation });
  });
  await page.addInitScript((binding: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
      report?.({
        directive: event.effectiveDirective || event.violatedDirective,
        blockedURI: event.blockedURI,
        documentURI: event.documentURI,
        sample: event.sample,
      });
    });
  }, BINDING);
  page.on('console', (message) => {
    const text = message.text();
    if (CSP_CONSOLE_PATTERN.test(text)) {
      violations.push({ source: 'console', directive: text, blockedURI: '', documentURI: page.url(), sample: '' });
    }
  });
  return {
    violations,
    assertNoViolations() {
      if (violations.length === 0) return;
      const lines = violations.map((v) => `  [${v.source}] ${v.directive} ${v.blockedURI} on ${v.documentURI}`);
      throw new Error(`${violations.length} Content-Security-Policy violation(s):\n${lines.join('\n')}`);
    },
  };
}

/** Every key in localStorage and sessionStorage of the page's origin, with its value. */
export async function storageSnapshot(page: Page): Promise<{ local: Record<string, string>; session: Record<string, string> }> {
  return page.evaluate(() => {
    const dump = (storage: Storage): Record<string, string> => {
      const out: Record<string, string> = {};
      for (let i = 0; i < storage.length; i += 1) {
        const key = storage.key(i);
        if (key !== null) out[key] = storage.getItem(key) ?? '';
      }
      return out;
    };
    return { local: dump(window.localStorage), session: dump(window.sessionStorage) };
  });
}

/** A JWT (three base64url segments, the first decoding to a JSON header): what a token looks like. */
export const JWT_PATTERN = /eyJ[\w-]+\.[\w-]+\.[\w-]*/;
