/**
 * One process at a time in a directory: PGlite does not lock its data directory, and two processes
 * on the same files corrupt them. The first writes `<dir>/<file>` with its process id; another is
 * refused while that process lives; a lock left by a process that is gone is taken over.
 * Used by the embedded database of the production entry (server/main.ts, server/migrate.ts) and by
 * the local stack's data folder (scripts/stack/data-lock.ts).
 */
import { open, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock `file` in `dir` (which must exist); resolves with the function that releases it.
 * `inUse(pid)` is the error thrown while another live process holds it.
 */
export async function lockDirectory(
  dir: string,
  file: string,
  inUse: (pid: number) => Error,
  pid = process.pid,
): Promise<() => Promise<void>> {
  const path = join(dir, file);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(`${pid}\n`);
      await handle.close();
      return async () => {
        const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
        if (holder === pid) await rm(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) throw inUse(holder);
      await rm(path, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`Could not take the lock ${path}`);
}
