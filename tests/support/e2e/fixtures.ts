/**
 * Playwright fixtures for browser tests: `import { test, expect } from '../support/e2e/fixtures'`.
 *
 * - `stack` (worker-scoped): the local stack of this run (see stack-handle.ts), with
 *   webUrl, apiUrl, cognitoEndpoint, userPoolId, clientId, webEnv, getConfirmationCode(email),
 *   getTemporaryPassword(email). `baseURL` is `stack.webUrl`, so `page.goto('/login')` works.
 * - `pageErrors` (automatic): fails the test on any console error, uncaught page error or unhandled
 *   rejection. Allow expected ones per file/describe with
 *   `test.use({ allowedConsoleErrors: [/Failed to load resource/] })`.
 * - `cspViolations` (automatic): fails the test on any Content-Security-Policy violation the page
 *   reports (`securitypolicyviolation`), in every browser test.
 * - Tag tests by area in the title: `test('signs in @auth', ...)`; run one area with `--grep @auth`.
 */
import { test as base, expect } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStack } from '../../../scripts/stack';
import { findFreePorts } from './ports';
import { connectToStack, readStackDescriptor } from './stack-handle';
import { watchCsp, type CspViolation } from './security';
import type { StackHandle } from './stack-handle';

interface PageProblem {
  /** `pageerror` covers uncaught exceptions and unhandled rejections; `cause` is the cause such an error carried (reported with it, never alone). */
  kind: 'console' | 'pageerror' | 'cause';
  text: string;
}

interface TestFixtures {
  allowedConsoleErrors: Array<string | RegExp>;
  pageErrors: PageProblem[];
  cspViolations: CspViolation[];
  /** Only for the test that proves the watcher sees a deliberate violation. */
  allowCspViolations: boolean;
}
interface WorkerFixtures {
  stack: StackHandle;
}

function allowed(text: string, allow: Array<string | RegExp>): boolean {
  return allow.some((a) => (typeof a === 'string' ? text.includes(a) : a.test(text)));
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  stack: [
    async ({}, use) => {
      const descriptor = readStackDescriptor();
      if (descriptor) {
        await use(connectToStack(descriptor));
        return;
      }
      // No globalSetup (e.g. a custom config): this worker runs its own stack.
      const dataDir = mkdtempSync(join(tmpdir(), 'hardline-e2e-worker-'));
      const [webPort, apiPort, cognitoPort] = (await findFreePorts(3)) as [number, number, number];
      const stack = await startStack({ webPort, apiPort, cognitoPort, dataDir, reset: true, mode: 'preview', quiet: true });
      try {
        await use(stack);
      } finally {
        await stack.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ stack }, use) => {
    await use(stack.webUrl);
  },
  allowedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const problems: PageProblem[] = [];
      // An error React recovered from (e.g. minified #520) carries what really went wrong as its
      // `cause`, which `pageerror` does not show: the page logs it so that a failure names it.
      await page.addInitScript(() => {
        window.addEventListener('error', (event) => {
          const cause = (event.error as { cause?: unknown } | null)?.cause;
          if (cause instanceof Error) console.info(`[error cause] ${cause.name}: ${cause.message}\n${cause.stack ?? ''}`.slice(0, 2000));
        });
      });
      page.on('console', (message) => {
        if (message.type() === 'info' && message.text().startsWith('[error cause]')) {
          problems.push({ kind: 'cause', text: message.text() });
          return;
        }
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowed(text, allowedConsoleErrors)) problems.push({ kind: 'console', text });
      });
      // Chromium reports uncaught exceptions and unhandled promise rejections as `pageerror`
      // (verified: `void Promise.reject(new Error('x'))` in the page arrives here).
      page.on('pageerror', (error) => {
        const text = `${error.name}: ${error.message}`;
        if (!allowed(text, allowedConsoleErrors)) problems.push({ kind: 'pageerror', text });
      });
      await use(problems);
      if (problems.some((p) => p.kind !== 'cause')) {
        throw new Error(`The page reported ${problems.length} error(s):\n${problems.map((p) => `  [${p.kind}] ${p.text}`).join('\n')}`);
      }
    },
    { auto: true },
  ],
  allowCspViolations: [false, { option: true }],
  cspViolations: [
    async ({ page, allowCspViolations }, use) => {
      const csp = await watchCsp(page);
      await use(csp.violations);
      if (!allowCspViolations) csp.assertNoViolations();
    },
    { auto: true },
  ],
});

export { expect };
