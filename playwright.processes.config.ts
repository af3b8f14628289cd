import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * `npm run test:e2e:processes`: User Management's browser tests once more, against the API as a
 * deployment runs it: two production processes on one PostgreSQL database behind a round-robin
 * balancer (tests/support/e2e/global-setup-processes.ts), so one page's requests alternate between
 * them. tests/e2e/processes.spec.ts checks that they did.
 */
export default defineConfig({
  ...base,
  testMatch: ['users.spec.ts', 'processes.spec.ts'],
  testIgnore: [],
  globalSetup: './tests/support/e2e/global-setup-processes.ts',
  outputDir: 'reports/e2e-processes/artifacts',
  reporter: [['list'], ['json', { outputFile: 'reports/e2e-processes/results.json' }]],
});
