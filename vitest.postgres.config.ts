import { defineConfig, mergeConfig } from 'vitest/config';
import base from './vitest.config.ts';

/**
 * `npm run test:postgres`: the server suite again on a throwaway PostgreSQL (scripts/postgres.ts sets
 * TEST_DATABASE_URL), and the deployment tests that need PostgreSQL and real processes
 * (tests/deploy: the production install, several API processes on one database, shutdown, logs).
 */
export default mergeConfig(
  base,
  defineConfig({
    test: {
      include: ['tests/{server,deploy}/**/*.test.ts'],
    },
  }),
);
