// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PLAN, countPlaywright, countVitest, readCounts, runPlan, summary, type Step } from '../../scripts/test/all';

/** A step that runs `code` in a fresh Node process. */
const node = (name: string, code: string, extra: Partial<Step> = {}): Step => ({
  name,
  command: process.execPath,
  args: ['-e', code],
  ...extra,
});

/**
 * A step that appends `start <name>` to `log`, waits until the file `gate` exists (it creates its own
 * `opens` first, if given), then appends `end <name>`: the log shows which steps overlapped.
 */
const logged = (name: string, log: string, opts: { opens?: string; gate?: string; extra?: Partial<Step> } = {}): Step =>
  node(
    name,
    `const fs = require('node:fs');
     fs.appendFileSync(${JSON.stringify(log)}, 'start ${name}\\n');
     ${opts.opens ? `fs.writeFileSync(${JSON.stringify(opts.opens)}, '');` : ''}
     const gate = ${JSON.stringify(opts.gate ?? '')};
     const until = Date.now() + 120000;
     const poll = () => !gate || fs.existsSync(gate) ? (fs.appendFileSync(${JSON.stringify(log)}, 'end ${name}\\n'), process.exit(0))
       : Date.now() > until ? process.exit(3) : setTimeout(poll, 10);
     poll();`,
    opts.extra,
  );

const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n');

describe('npm test (scripts/test/all.ts)', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'test-all-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('runs one-slot steps side by side on two cores, each writing its output whole when it ends', async () => {
    const log = join(dir, 'log');
    const a = join(dir, 'a');
    const b = join(dir, 'b');
    const chunks: string[] = [];
    // Each waits for the other's file: they pass only if both run at once.
    const plan = [logged('left', log, { opens: a, gate: b }), logged('right', log, { opens: b, gate: a })];
    const results = await runPlan(plan, (text) => chunks.push(text), 2);
    expect(results.map((r) => [r.step.name, r.status])).toEqual([
      ['left', 'pass'],
      ['right', 'pass'],
    ]);
    expect(lines(log).slice(0, 2).sort()).toEqual(['start left', 'start right']);
    expect(chunks.filter((c) => c.includes('━━ '))).toHaveLength(2);
  }, 150_000);

  it('on one core, runs them one after another, as a queue in plan order', async () => {
    const log = join(dir, 'log');
    const plan = [logged('first', log), logged('second', log), logged('third', log)];
    const results = await runPlan(plan, () => {}, 1);
    expect(results.every((r) => r.status === 'pass')).toBe(true);
    expect(lines(log)).toEqual(['start first', 'end first', 'start second', 'end second', 'start third', 'end third']);
  }, 150_000);

  it('a step that takes every core waits for the others to end; a zero-slot step runs beside anything', async () => {
    const log = join(dir, 'log');
    const setupDone = join(dir, 'setup-done');
    const checkDone = join(dir, 'check-done');
    const plan = [
      // setup holds no slot: it runs beside the check, and only ends once the suite has started.
      logged('setup', log, { gate: join(dir, 'suite-started'), extra: { cpus: 0 } }),
      logged('check', log, { opens: checkDone }),
      logged('suite', log, { opens: join(dir, 'suite-started'), extra: { cpus: 'all', needs: ['check'] } }),
      logged('browser', log, { opens: setupDone, extra: { cpus: 'all', needs: ['setup', 'suite'] } }),
    ];
    const results = await runPlan(plan, () => {}, 2);
    expect(results.map((r) => r.status)).toEqual(['pass', 'pass', 'pass', 'pass']);
    const order = lines(log);
    expect(order.indexOf('start suite')).toBeGreaterThan(order.indexOf('end check'));
    expect(order.indexOf('start suite')).toBeLessThan(order.indexOf('end setup'));
    expect(order.indexOf('start browser')).toBeGreaterThan(Math.max(order.indexOf('end setup'), order.indexOf('end suite')));
  }, 150_000);

  it('after a failure it starts nothing more; what runs finishes; what needed the failed step is not run', async () => {
    const log = join(dir, 'log');
    const later = join(dir, 'later-ran');
    const report = join(dir, 'fails.json');
    const recorded = join(dir, 'failure-recorded');
    const plan = [
      // The sibling ends only once the scheduler has taken the failure in: reading the failed step's
      // report is the last thing it does before it marks the run failed, in the same turn. (Gating on
      // the failing process alone raced on a busy machine: its exit could be seen after the sibling's.)
      logged('slow sibling', log, { gate: recorded }),
      node('fails', `require('node:fs').writeFileSync(${JSON.stringify(report)}, '{}'); process.exit(2)`, {
        report: {
          file: report,
          read: () => {
            writeFileSync(recorded, '');
            return undefined;
          },
        },
      }),
      node('queued', `require('node:fs').writeFileSync(${JSON.stringify(later)}, '')`),
      node('dependent', `require('node:fs').writeFileSync(${JSON.stringify(later)}, '')`, { needs: ['fails'], cpus: 'all' }),
    ];
    const results = await runPlan(plan, () => {}, 2);
    expect(results.map((r) => [r.step.name, r.status, r.note])).toEqual([
      ['slow sibling', 'pass', undefined],
      ['fails', 'fail', 'exit code 2'],
      ['queued', 'not run', undefined],
      ['dependent', 'not run', undefined],
    ]);
    expect(existsSync(later)).toBe(false);
  }, 150_000);

  it('refuses a plan whose step needs a step that is not in it', async () => {
    await expect(runPlan([node('a', '', { needs: ['missing'] })], () => {}, 2)).rejects.toThrow('"a" needs "missing"');
  });

  it('counts tests from the JSON reports, never from console text', async () => {
    const report = join(dir, 'vitest.json');
    writeFileSync(report, JSON.stringify({ numPassedTests: 12, numFailedTests: 1, numTotalTests: 13 }));
    const step = node('suite', "console.log(' Tests  999 passed (999)'); process.exit(1)", { report: { file: report, read: countVitest } });
    const [result] = await runPlan([step], () => {}, 2);
    expect(result).toMatchObject({ status: 'fail', counts: { passed: 12, failed: 1 }, note: 'exit code 1' });
  }, 150_000);

  it("reads Vitest's and Playwright's report shapes; a flaky test counts as failed; anything else is no count", () => {
    expect(countVitest({ numPassedTests: 3, numFailedTests: 0 })).toEqual({ passed: 3, failed: 0 });
    expect(countVitest({ stats: { expected: 3 } })).toBeUndefined();
    expect(countPlaywright({ stats: { expected: 80, unexpected: 1, flaky: 2, skipped: 0 } })).toEqual({ passed: 80, failed: 3 });
    expect(countPlaywright({ numPassedTests: 3 })).toBeUndefined();
    const missing: Step = node('x', '', { report: { file: join(dir, 'none.json'), read: countVitest } });
    expect(readCounts(missing)).toBeUndefined();
    writeFileSync(join(dir, 'bad.json'), '{ not json');
    expect(readCounts({ ...missing, report: { file: join(dir, 'bad.json'), read: countVitest } })).toBeUndefined();
  });

  it('closes with `N passed, M failed`, and a failed step with no failed test still counts as a failure', () => {
    const step = node('lint', '');
    const text = summary([{ step, status: 'fail', ms: 1500, note: 'exit code 1' }], [], 2000);
    expect(text.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
    expect(text).toContain('Failed at step: lint');
    const ok = summary(
      [{ step, status: 'pass', ms: 10, counts: { passed: 5, failed: 0 } }],
      [{ suite: 'a11y', figures: { violations: 0 } }],
      20,
    );
    expect(ok.trim().split('\n').at(-1)).toBe('5 passed, 0 failed');
    expect(ok).toContain('violations');
  });

  it('the plan: every suite writes a report it is counted from; the browser and PostgreSQL steps wait for setup', () => {
    const byName = new Map(PLAN.map((s) => [s.name, s]));
    for (const name of ['unit', 'server on PostgreSQL', 'model', 'e2e']) expect(byName.get(name)?.report).toBeDefined();
    expect(byName.get('e2e')?.needs).toContain('setup');
    expect(byName.get('server on PostgreSQL')?.needs).toContain('setup');
    expect(byName.get('setup')?.cpus).toBe(0);
  });
});
