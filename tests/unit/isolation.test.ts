// @vitest-environment node
/**
 * The suites run the files of a worker one after another in one process (`isolate: false`,
 * vitest.config.ts). tests/support/setup.ts must then give every file what a process of its own
 * gave it. This runs two files in one worker with that setup (tests/support/isolation), each leaving
 * behind what a careless test could, and reads what the second one found.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const withoutWorkerCount = ({ VITEST_MAX_WORKERS: _ignored, ...env }: NodeJS.ProcessEnv): NodeJS.ProcessEnv => env;
const dir = mkdtempSync(join(tmpdir(), 'hardline-isolation-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('files sharing a worker', () => {
  it('each start with fresh project modules, page, timers, globals and environment', async () => {
    const out = join(dir, 'seen.jsonl');
    await run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', '--config', 'tests/support/isolation/vitest.config.ts'], {
      // Its config pins one worker; a count from the environment (`VITEST_MAX_WORKERS=2 npm run
      // test:unit`, say) would override it, and a clean-clone run whose harness set one failed here.
      env: { ...withoutWorkerCount(process.env), HARDLINE_ISOLATION_OUT: out, VITEST_JSON_REPORT: '' },
    });
    const seen = readFileSync(out, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(seen).toHaveLength(2);
    // One worker process: otherwise this proves nothing.
    expect(seen[1]?.['pid']).toBe(seen[0]?.['pid']);
    for (const file of seen) {
      expect(file).toEqual({
        file: expect.any(String),
        pid: expect.any(Number),
        moduleState: 0,
        address: '/',
        localStorage: 0,
        sessionStorage: 0,
        cookie: '',
        body: 0,
        fakeTimers: false,
        stubbedGlobal: false,
        stubbedEnv: null,
        computedStyleInstalledOnce: true,
        waitForInstalledOnce: true,
      });
    }
  });
});
