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
    restoreMocks: true,
    passWithNoTests: false,
  },
});
