/**
 * One local stack per data folder: two `npm start` on the same `.data/` would run two embedded
 * databases on the same files (PGlite does not lock its directory) and corrupt them. The first
 * stack writes `<dataDir>/stack.lock` with its process id; a second one is refused with a clear
 * message while that process lives. A lock left by a process that is gone is taken over.
 */
import { lockDirectory } from '../../server/core/dirLock';

export const LOCK_FILE = 'stack.lock';

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
  return lockDirectory(dataDir, LOCK_FILE, (holder) => new DataDirInUseError(dataDir, holder), pid);
}
