/**
 * One local stack per data folder: two `npm start` on the same `.data/` would run two embedded
 * databases on the same files (PGlite does not lock its directory) and corrupt them. The first
 * stack writes `<dataDir>/stack.lock` with its process id; a second one is refused with a clear
 * message while that process lives. A lock left by a process that is gone is taken over.
 */
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const LOCK_FILE = 'stack.lock';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `Another local stack (process ${pid}) is already using ${dataDir}. ` +
        'Stop it first (Ctrl-C in its terminal), or start this one on another folder with --data-dir <folder> and other ports (WEB_PORT, API_PORT, COGNITO_PORT).',
    );
    this.name = 'DataDirInUseError';
  }
}

/** Takes the data folder's lock (the folder must exist); resolves with the function that releases it. */
export async function lockDataDir(dataDir: string, pid = process.pid): Promise<() => Promise<void>> {
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(`${pid}\n`);
      await handle.close();
      return async () => {
        const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
        if (holder === pid) await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
      await rm(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${file}`);
}
