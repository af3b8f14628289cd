import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
  define: { global: 'globalThis' },
  test: {
    include: ['tests/{unit,views,server}/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 20_000,
    // Vitest's default keeps a core for itself (cores - 1): one worker on the 2-core CI machine, so
    // the files ran one after another while the other core idled. Every file runs in its own process
    // (pool forks, isolate), so two at once share nothing but the disk: temporary directories, free
    // ports, and model reports merged under a lock (tests/support/model/walk.ts).
    maxWorkers: '100%',
    restoreMocks: true,
  },
});
