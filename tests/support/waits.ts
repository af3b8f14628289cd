/**
 * How long a wait for something may take before the test fails: every `findBy…`, Testing Library
 * `waitFor` and `vi.waitFor` (tests/support/setup.ts), each step of a model walk
 * (tests/support/model/walk.ts) and every wait for a machine's snapshot (tests/support/snapshots.ts).
 *
 * 10 s, because the suites run beside other work: `npm run test:stress` runs them with a busy process
 * on every core. A wait ends as soon as its condition holds, so a generous limit costs nothing when a
 * test passes; it only decides how late a real failure is reported. Under Stryker it is 2 s: there a
 * failing wait is a killed mutant, thousands of them, and the run is not a load test.
 * No file sets a shorter limit of its own (eslint.config.js, noShortWaits).
 */
export const WAIT_MS = process.env['STRYKER_MUTATOR_WORKER'] === undefined ? 10_000 : 2_000;
