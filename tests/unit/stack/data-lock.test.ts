// @vitest-environment node
/** One local stack per data folder (scripts/stack/data-lock.ts): a second `npm start` is refused. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from '../../../scripts/stack/data-lock';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hardline-lock-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** The id of a process that has exited. */
function deadPid(): number {
  const result = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], { encoding: 'utf8' });
  return Number(result.stdout.trim());
}

describe('the data folder lock', () => {
  it('refuses a second stack on the same folder while the first one runs, naming what to do', async () => {
    const release = await lockDataDir(dir);
    const second = lockDataDir(dir, process.pid + 100_000);
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(`Another local stack (process ${process.pid}) is already using ${dir}`);
    await expect(second).rejects.toThrow('--data-dir');
    await release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it('takes over a lock left behind by a stack that is gone', async () => {
    writeFileSync(join(dir, LOCK_FILE), `${deadPid()}\n`);
    const release = await lockDataDir(dir);
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
    await release();
  });

  it('a release does not remove a lock another process has taken since', async () => {
    const release = await lockDataDir(dir);
    writeFileSync(join(dir, LOCK_FILE), '424242\n');
    await release();
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8').trim()).toBe('424242');
  });
});
