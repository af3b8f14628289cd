import { defineConfig } from 'vitest/config';

/**
 * The tests Stryker runs against every mutant of src/machines and src/domain (`npm run test:mutation`,
 * stryker.config.json). Only the fast, render-free tests: the named scenarios and the machines'
 * implementations over a fetch double (tests/machines), and the pure unit tests of the domain rules
 * and of machine helpers. The generated walks drive the real views in jsdom and take minutes per run:
 * far too slow to repeat per mutant on two cores; they stay in `npm run test:model`.
 *
 * Everything here runs in the node environment: no DOM is needed, and jsdom's start-up would be paid
 * again by every test file Stryker reruns.
 */
// The process runs in a time zone that changes its clocks, so the daylight-saving cases of
// tests/unit/domain/dates-dst.test.ts run in Stryker's worker threads (where a TZ set later is
// ignored) instead of in a child process Stryker cannot see. Every test here is zone-independent.
process.env.TZ = 'America/New_York';

export default defineConfig({
  define: { global: 'globalThis' },
  test: {
    include: [
      'tests/machines/*.scenarios.test.{ts,tsx}',
      'tests/machines/*.implementations.test.{ts,tsx}',
      'tests/machines/modules.load.test.ts',
      'tests/machines/statecharts.docs.test.ts',
      'tests/unit/domain/**/*.test.{ts,tsx}',
      'tests/unit/activity-*.test.ts',
    ],
    environment: 'node',
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 20_000,
    restoreMocks: true,
    passWithNoTests: false,
  },
});
