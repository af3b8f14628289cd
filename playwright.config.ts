import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * One worker per two cores, in CI and locally alike (`E2E_WORKERS` overrides): a worker is a
 * Chromium beside its share of the stack, about two cores' worth under load. On two cores, two
 * workers with one core hogged (npm run test:stress -- --e2e) put the load average at 12.5 and three
 * screens took longer than the 15 s wait to load; one worker passes there.
 */
const workers = Number(process.env.E2E_WORKERS ?? Math.max(1, Math.floor(availableParallelism() / 2)));

/**
 * Browser tests against the local stack (tests/support/e2e): one stack per run, started by
 * globalSetup on free ports with fresh data. Real Chromium from the system; never downloads one.
 * Areas are tags in test titles: `npx playwright test --grep @auth`.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  // Only for the two-process run (playwright.processes.config.ts).
  testIgnore: ['processes.spec.ts'],
  outputDir: 'reports/e2e/artifacts',
  globalSetup: './tests/support/e2e/global-setup.ts',
  fullyParallel: false,
  forbidOnly: true,
  workers,
  // No retries, in CI either: a test that passes on its second try is a flaky test (or a real
  // problem that shows only sometimes, such as a layout shift under load), and must fail loudly.
  retries: 0,
  // Limits, not expectations: a web-first assertion ends as soon as what it waits for is on the page,
  // so these only decide how late a real failure is reported. They leave room for a busy machine
  // (npm run test:stress -- --e2e runs the suite with a core hogged).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e/results.json' }]],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium' }],
});
