// @vitest-environment node
/**
 * The test suites' restricted syntax (scripts/test/eslint-test-rules.js): what each entry catches,
 * and what it leaves alone, on the code a test file would hold.
 */
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noFixedSleeps, noFocusedOrSkippedTests, noShortWaits } from '../../scripts/test/eslint-test-rules.js';

type Entries = readonly { selector: string; message: string }[];

/** The messages `entries` report on `code`, in order. */
function reported(entries: Entries, code: string): string[] {
  const linter = new Linter();
  const messages = linter.verify(code, {
    languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
    rules: { 'no-restricted-syntax': ['error', ...entries] },
  });
  const broken = messages.find((m) => m.fatal);
  if (broken) throw new Error(`the snippet does not parse: ${broken.message}`);
  return messages.map((m) => m.message);
}

describe('noShortWaits', () => {
  it.each([
    ["await screen.findByRole('table', { name: 'Users' }, { timeout: 5000 });", 'a findBy with its own short limit'],
    ['await waitFor(() => expect(x).toBe(1), { timeout: 2_000 });', "a Testing Library waitFor's"],
    ['await waitFor(actor, (s) => s.matches("idle"), { timeout: 2000 });', "xstate's waitFor"],
    ['const wait = (actor, predicate, options = { timeout: 2000 }) => waitFor(actor, predicate, options);', 'a default'],
    ['walkPaths({ machineId: "auth", paths, timeout: 5000, setup });', "a walk's per-step limit"],
    ['configure({ defaultHidden: true, asyncUtilTimeout: 5000 });', "Testing Library's own, set in a test file"],
    ['configure({ asyncUtilTimeout: 20_000 });', 'even a longer one: the limit is set in one place'],
  ])('catches %s (%s)', (code) => {
    expect(reported(noShortWaits, code)).toHaveLength(1);
  });

  it.each([
    ["await screen.findByRole('table', { name: 'Users' });", 'the default limit'],
    ['await waitFor(() => expect(x).toBe(1), { timeout: 15_000 });', 'a longer limit'],
    ["describe('the list', { timeout: 60_000 }, () => {});", "a test's own timeout"],
    ['await waitFor(actor, (s) => s.matches("idle"), { timeout: WAIT_MS });', 'the shared limit by name'],
    ['expect(requestIdleCallback).toHaveBeenCalledWith(task, { timeout: 4000 });', "the product's own option, asserted"],
    ['const options = { interval: 20 };', 'other options'],
  ])('leaves %s alone (%s)', (code) => {
    expect(reported(noShortWaits, code)).toEqual([]);
  });
});

describe('noFixedSleeps', () => {
  it.each([
    'await page.waitForTimeout(500);',
    'await new Promise((resolve) => setTimeout(resolve, 100));',
    'await new Promise((resolve) => window.setTimeout(resolve, 50));',
  ])('catches %s', (code) => {
    expect(reported(noFixedSleeps, code)).toHaveLength(1);
  });

  it.each(['await new Promise((resolve) => setTimeout(resolve, 0));', 'test.setTimeout(120_000);', 'vi.advanceTimersByTime(1000);'])(
    'leaves %s alone',
    (code) => {
      expect(reported(noFixedSleeps, code)).toEqual([]);
    },
  );
});

describe('noFocusedOrSkippedTests', () => {
  it.each([
    "it.only('x', () => {});",
    "describe.skip('x', () => {});",
    "it.skipIf(ci)('x', () => {});",
    "test.describe.fixme('x', () => {});",
    "xit('x', () => {});",
  ])('catches %s', (code) => {
    expect(reported(noFocusedOrSkippedTests, code)).toHaveLength(1);
  });

  it.each(["it('x', () => {});", "it.each([1])('x %s', () => {});", "describe('x', () => {});"])('leaves %s alone', (code) => {
    expect(reported(noFocusedOrSkippedTests, code)).toEqual([]);
  });
});
