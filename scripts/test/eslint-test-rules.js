// @ts-check
/**
 * The test suites' `no-restricted-syntax` entries (eslint.config.js composes them per file block, since
 * ESLint replaces rather than merges that rule's options). A module of their own so that
 * tests/unit/eslint-test-rules.test.ts can hold each selector to what it must and must not catch.
 */

export const noFocusedOrSkippedTests = [
  {
    selector:
      'CallExpression > MemberExpression.callee[object.name=/^(it|test|describe|suite|bench)$/][property.name=/^(only|skip|skipIf|runIf|todo|fixme)$/]',
    message: 'Focused or skipped tests are not allowed: every test runs.',
  },
  {
    selector:
      "CallExpression > MemberExpression.callee[object.type='MemberExpression'][object.object.name=/^(it|test|describe)$/][property.name=/^(only|skip|skipIf|runIf|todo|fixme)$/]",
    message: 'Focused or skipped tests are not allowed: every test runs.',
  },
  {
    selector: 'CallExpression[callee.name=/^(xit|xtest|xdescribe|fit|fdescribe)$/]',
    message: 'Focused or skipped tests are not allowed: every test runs.',
  },
];

/**
 * A browser test chooses from a menu with chooseMenuItem (tests/support/e2e/menus.ts), which waits
 * for the menu to finish opening: a click on a menu item that is still moving makes Playwright scroll
 * the page, a menu can move under the pointer, and the click is lost.
 */
export const noRacingMenuClicks = [
  {
    selector:
      "CallExpression[callee.property.name='click'][callee.object.callee.property.name='getByRole'][callee.object.arguments.0.value='menuitem']",
    message: 'Choose a menu item with chooseMenuItem(page, name) from tests/support/e2e/menus.ts: it waits for the menu to stop moving.',
  },
];

/**
 * No fixed sleeps in tests: a wait of a set time is too short on a busy machine and wasted on a
 * quiet one. Wait for what a person would see (findBy…, waitFor, web-first assertions), hold a
 * request until the test lets it go, or use fake timers to test a timer. A zero delay (one more turn
 * of the event loop, tests/support/turn.ts) is an ordering, not a sleep, and is allowed.
 */
export const noFixedSleeps = [
  {
    selector: "CallExpression[callee.property.name='waitForTimeout']",
    message: 'No fixed sleeps in tests: wait for what the page shows (web-first assertions) instead of waitForTimeout.',
  },
  {
    selector: "CallExpression[callee.name='setTimeout'][arguments.length>=2]:not([arguments.1.value=0])",
    message: 'No fixed sleeps in tests: wait for the outcome (findBy…, vi.waitFor), hold the request at a gate, or use fake timers.',
  },
  {
    selector:
      "CallExpression[callee.property.name='setTimeout'][arguments.length>=2]:not([arguments.1.value=0]):not([callee.object.name='test'])",
    message: 'No fixed sleeps in tests: wait for the outcome (findBy…, vi.waitFor), hold the request at a gate, or use fake timers.',
  },
];

/**
 * No wait shorter than the suite's limit (WAIT_MS, tests/support/waits.ts, 10 s): a limit is not an
 * expectation, it only decides how late a real failure is reported, and a short one fails a passing
 * test on a busy machine. Options passed straight to a call or given as a default (`{ timeout: 2000 }`)
 * and Testing Library's `asyncUtilTimeout` (set once, in tests/support/setup.ts) are caught here.
 */
export const noShortWaits = [
  {
    selector: "Property[key.name='asyncUtilTimeout']",
    message: "Testing Library's wait limit is set once, to WAIT_MS, in tests/support/setup.ts.",
  },
  {
    selector:
      "CallExpression:not([callee.property.name=/^toHaveBeenCalled/]) > ObjectExpression > Property[key.name='timeout'][value.type='Literal'][value.value<10000]",
    message: 'A wait limit under 10 s fails passing tests on a busy machine: leave the default (WAIT_MS, tests/support/waits.ts).',
  },
  {
    selector: "AssignmentPattern > ObjectExpression > Property[key.name='timeout'][value.type='Literal'][value.value<10000]",
    message: 'A wait limit under 10 s fails passing tests on a busy machine: use WAIT_MS (tests/support/waits.ts).',
  },
];
