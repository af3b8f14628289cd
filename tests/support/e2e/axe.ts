/**
 * axe-core in Playwright, without a wrapper package.
 *
 * The console's CSP allows scripts only from 'self' and js.stripe.com, so an inline
 * `<script>` (page.addScriptTag({ content })) would be refused. `page.evaluate(source)` runs
 * through the DevTools protocol, which CSP does not govern, so axe is injected that way.
 *
 * - `scanPage(page, options)` injects axe (once per document), waits for running animations to
 *   settle (a dialog fading in would give false colour-contrast results), runs the WCAG 2.0/2.1/2.2
 *   A and AA rules and returns the violations.
 * - `waitForSettled(page)`: no animation running (nothing fading in, nothing loading).
 * - `formatViolations(violations)` renders them for a failure message: rule id, impact, help, the
 *   target selectors and axe's own summary of what to fix.
 * - `recordScan(...)` / `writeA11yFigures()` keep the suite's figures (see tests/e2e/a11y.spec.ts).
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import type { AxeResults, ElementContext, Result } from 'axe-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets of the acceptance criteria (issue 7). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'] as const;

export interface Violation {
  id: string;
  impact: string;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string[]; html: string; summary: string }>;
}

export interface ScanOptions {
  /** CSS selectors to limit the scan to (default: the whole document). */
  include?: string[];
  /** CSS selectors to leave out (only for content we don't own, and say why at the call site). */
  exclude?: string[];
}

interface AxeWindow {
  axe?: { run(context: ElementContext, options: object): Promise<AxeResults> };
}

async function injectAxe(page: Page): Promise<void> {
  const present = await page.evaluate(() => typeof (window as unknown as AxeWindow).axe?.run === 'function');
  if (!present) await page.evaluate(AXE_SOURCE);
}

/**
 * Waits until no CSS animation or transition is running: dialogs and drawers fade in, and the
 * app's only endless animations are loading indicators (skeleton pulse, spinners, the typing
 * dots), so this is also "nothing is loading".
 */
export async function waitForSettled(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout });
}

function simplify(result: Result): Violation {
  return {
    id: result.id,
    impact: result.impact ?? 'unknown',
    help: result.help,
    helpUrl: result.helpUrl,
    nodes: result.nodes.map((node) => ({
      target: node.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : String(t))),
      html: node.html,
      summary: node.failureSummary ?? '',
    })),
  };
}

/** Runs axe-core with the WCAG A/AA tags on the current page and returns the violations. */
export async function scanPage(page: Page, options: ScanOptions = {}): Promise<Violation[]> {
  await waitForSettled(page);
  await injectAxe(page);
  const results = await page.evaluate(
    async ({ tags, include, exclude }) => {
      const axe = (window as unknown as AxeWindow).axe;
      if (!axe) throw new Error('axe-core was not injected');
      const context: ElementContext =
        include.length > 0 || exclude.length > 0
          ? { include: include.length > 0 ? include.map((s) => [s]) : [['html']], exclude: exclude.map((s) => [s]) }
          : document;
      return axe.run(context, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    },
    { tags: [...WCAG_TAGS], include: options.include ?? [], exclude: options.exclude ?? [] },
  );
  return results.violations.map(simplify);
}

/** A readable report: one block per rule, one line per offending element. */
export function formatViolations(violations: Violation[]): string {
  if (violations.length === 0) return 'no violations';
  return violations
    .map((v) => {
      const nodes = v.nodes
        .map((n) => {
          const fix = n.summary
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean)
            .join(' / ');
          return `    - ${n.target.join(' ')}\n      ${n.html.slice(0, 200)}\n      ${fix}`;
        })
        .join('\n');
      return `[${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}`;
    })
    .join('\n');
}

// ---------------------------------------------------------------------------------------------
// Suite figures. Playwright may run the spec's tests in more than one worker process (and a
// failure restarts the worker), so each scan is kept as a file under a folder per run (named by
// the runner's pid, the parent of every worker) and the figures are rebuilt from all of them.

export type ScanKind = 'route' | 'dialog' | 'form';

export interface ScanRecord {
  kind: ScanKind;
  label: string;
  violations: number;
}

const SCANS_ROOT = join(process.cwd(), 'reports', 'e2e', 'a11y-scans');
const runDir = (): string => join(SCANS_ROOT, `run-${process.ppid}`);

function slug(label: string): string {
  return label
    .replace(/[^a-z0-9]+/gi, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/** Keeps one scan's outcome (a re-run of the same label replaces it). */
export function recordScan(record: ScanRecord): void {
  const dir = runDir();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, `${record.kind}-${slug(record.label)}.json`), JSON.stringify(record));
}

export interface A11yFigures {
  'routes scanned': number;
  'dialogs scanned': number;
  'forms scanned': number;
  violations: number;
}

/** Rebuilds reports/suites/a11y.json from this run's scans; removes older runs' scans. */
export function writeA11yFigures(): A11yFigures {
  const dir = runDir();
  mkdirSync(dir, { recursive: true });
  for (const entry of readdirSync(SCANS_ROOT)) {
    if (join(SCANS_ROOT, entry) !== dir) rmSync(join(SCANS_ROOT, entry), { recursive: true, force: true });
  }
  const records = readdirSync(dir).map((file) => JSON.parse(readFileSync(join(dir, file), 'utf8')) as ScanRecord);
  const count = (kind: ScanKind) => records.filter((r) => r.kind === kind).length;
  const figures: A11yFigures = {
    'routes scanned': count('route'),
    'dialogs scanned': count('dialog'),
    'forms scanned': count('form'),
    violations: records.reduce((sum, r) => sum + r.violations, 0),
  };
  const suites = join(process.cwd(), 'reports', 'suites');
  mkdirSync(suites, { recursive: true });
  writeFileSync(join(suites, 'a11y.json'), `${JSON.stringify({ suite: 'a11y', figures }, null, 2)}\n`);
  return figures;
}
