import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Model-based walks of the machines (tests/machines), each writing reports/model/<id>.json;
// `npm run test:model` then runs scripts/model-coverage.ts over those reports.
export default defineConfig({
  plugins: [react()],
  define: { global: 'globalThis' },
  test: {
    include: ['tests/machines/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['tests/support/setup.ts'],
    globalSetup: ['tests/support/model/global-setup.ts'],
    testTimeout: 60_000,
    // Vitest's default keeps a core for itself (cores - 1): one worker on the 2-core CI machine, so
    // the files ran one after another while the other core idled. Every file runs in its own process
    // (pool forks, isolate), so two at once share nothing but the disk: temporary directories, free
    // ports, and model reports merged under a lock (tests/support/model/walk.ts).
    maxWorkers: '100%',
    restoreMocks: true,
    passWithNoTests: false,
  },
});
