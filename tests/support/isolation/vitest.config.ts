import { defineConfig } from 'vitest/config';

/**
 * Two files in one worker, one after the other, as the suites run them (`isolate: false`, with the
 * suites' own setup file): tests/unit/isolation.test.ts runs this config and reads what each file saw.
 */
export default defineConfig({
  test: {
    root: new URL('../../..', import.meta.url).pathname,
    include: ['tests/support/isolation/*.fixture.ts'],
    setupFiles: ['tests/support/setup.ts'],
    environment: 'jsdom',
    isolate: false,
    maxWorkers: 1,
    fileParallelism: false,
  },
});
