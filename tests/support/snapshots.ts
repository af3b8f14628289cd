import { waitFor as waitForSnapshot } from 'xstate';
import { WAIT_MS } from './waits';

/**
 * xstate's `waitFor` with the suite's limit (tests/support/waits.ts): a scenario that cannot reach
 * the state it waits for fails after WAIT_MS, saying so, instead of waiting for ever (xstate's
 * default) until the test's own timeout ends it without a word about what it waited for.
 */
export const waitFor: typeof waitForSnapshot = (actor, predicate, options = { timeout: WAIT_MS }) =>
  waitForSnapshot(actor, predicate, options);
