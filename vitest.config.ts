import { defineConfig } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';
import HeaviestFirstSequencer from './tests/support/sequencer';

/**
 * Every Vitest suite, as projects of one config (plugins, `define`, setup and options written once):
 *
 *   unit      tests/unit      domain rules, services, scripts (node, or jsdom where a file says so)
 *   views     tests/views     React screens in jsdom, with their machines or a fake actor
 *   server    tests/server    the reference API over HTTP, on PGlite (TEST_DATABASE_URL: PostgreSQL)
 *   deploy    tests/deploy    the built API installed and run as a deployment runs it, on PostgreSQL
 *                             (`npm run test:postgres` only)
 *   model     tests/machines  named scenarios and the model-based walks of every machine through the
 *                             real views; each walk writes reports/model/<id>.json
 *   mutation  only under Stryker (`npm run test:mutation`): the fast, render-free machine and domain
 *                             tests it reruns against every mutant, in the node environment
 *   walks     only under Stryker's second pass: the model walks, run against what the fast tests
 *                             left alive (scripts/test/mutation.ts)
 *
 * `npm run test:unit` runs unit, views and server; `npm run test:model` runs model, then the coverage
 * report. With VITEST_JSON_REPORT set (npm test sets it per step) a JSON report is written there too:
 * `npm test` counts tests from it.
 */
const jsonReport = process.env['VITEST_JSON_REPORT'];

const unit: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'unit',
    include: ['tests/unit/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    // Removes the run's shared production build, if a test made one (tests/support/production-build.ts).
    globalSetup: ['tests/support/production-build-cleanup.ts'],
  },
};

const views: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'views', include: ['tests/views/**/*.test.{ts,tsx}'], environment: 'jsdom' },
};

const server: TestProjectInlineConfiguration = {
  extends: true,
  // Real HTTP, a real (embedded) database and whole seeded organisations: a generous limit, so a busy
  // machine makes them slower, never failed (the slowest take 30-50 s with the machine loaded to 8
  // processes a core, so 60 s was too close).
  test: { name: 'server', include: ['tests/server/**/*.test.ts'], environment: 'node', testTimeout: 120_000, hookTimeout: 240_000 },
};

/** Needs PostgreSQL and builds the API: only `npm run test:postgres` runs it (scripts/test/postgres.ts). */
const deploy: TestProjectInlineConfiguration = {
  extends: true,
  test: { name: 'deploy', include: ['tests/deploy/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
};

const model: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'model',
    include: ['tests/machines/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    globalSetup: ['tests/support/model/global-setup.ts'],
    testTimeout: 60_000,
  },
};

/**
 * Stryker reruns these against every mutant of src/machines, src/domain and the server's billing and
 * member rules (stryker.config.json; the server's rules run on an in-memory PGlite).
 * The generated walks drive the real views in jsdom and take minutes per run: far too slow to repeat
 * per mutant on two cores. The process runs in a zone that changes its clocks, so the daylight-saving
 * cases of tests/unit/domain/dates-dst.test.ts run in Stryker's worker threads (where a TZ set later
 * is ignored) instead of in a child process Stryker cannot see. Every test here is zone-independent.
 */
const mutation: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'mutation',
    include: [
      'tests/machines/*.scenarios.test.{ts,tsx}',
      'tests/machines/*.implementations.test.{ts,tsx}',
      'tests/machines/modules.load.test.ts',
      'tests/machines/statecharts.docs.test.ts',
      'tests/unit/domain/**/*.test.{ts,tsx}',
      'tests/unit/activity-*.test.ts',
      'tests/server/*-rules.test.ts',
    ],
    environment: 'node',
    env: { TZ: 'America/New_York' },
  },
};

/**
 * The model walks, for the mutation run's second pass: only the mutants the fast tests left alive
 * (a few dozen) are run against them, with the fast tests beside them (scripts/test/mutation.ts).
 */
const walks: TestProjectInlineConfiguration = {
  extends: true,
  test: {
    name: 'walks',
    include: ['tests/machines/*.test.tsx'],
    exclude: ['tests/machines/*.scenarios.test.tsx', 'tests/machines/*.implementations.test.tsx'],
    environment: 'jsdom',
    testTimeout: 60_000,
    env: { TZ: 'America/New_York' },
  },
};

const underStryker = process.env['STRYKER_MUTATOR_WORKER'] !== undefined;
const withWalks = process.env['HARDLINE_MUTATION_WALKS'] === '1';
if (underStryker) process.env['TZ'] = 'America/New_York';

export default defineConfig({
  plugins: [react()],
  // amazon-cognito-identity-js bundles `buffer`, which reads `global`.
  define: { global: 'globalThis' },
  test: {
    projects: underStryker ? (withWalks ? [mutation, walks] : [mutation]) : [unit, views, server, deploy, model],
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 30_000,
    // Vitest's default keeps a core for itself (cores - 1): one worker on the 2-core CI machine, so
    // the files ran one after another while the other core idled. The two workers are processes
    // (pool forks), so two files at once share nothing but the disk: temporary directories, free
    // ports, and model reports merged under a lock (tests/support/model/walk.ts).
    maxWorkers: '100%',
    // A worker runs its files one after another in one process and one environment, keeping what
    // Node loaded from node_modules; tests/support/setup.ts gives each file fresh modules of the
    // project and a fresh page (tests/unit/isolation.test.ts). A file's start-up was most of the
    // views' time: 224 s for the 50 view files isolated, 68 s not. Under Stryker, as Stryker's runner
    // expects: a process per file.
    isolate: underStryker,
    // Without durations from an earlier run, the heaviest files first, counting the modules a test
    // file imports from its own folder (the users list's walk is walked by two three-line files).
    sequence: { sequencer: HeaviestFirstSequencer },
    restoreMocks: true,
    passWithNoTests: false,
    reporters: jsonReport ? ['default', 'json'] : ['default'],
    ...(jsonReport ? { outputFile: { json: jsonReport } } : {}),
  },
});
