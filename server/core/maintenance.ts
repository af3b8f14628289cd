/**
 * Housekeeping that PostgreSQL's autovacuum does on a server and PGlite does not do at all: PGlite
 * runs no background workers, so without this an embedded database never gathers planner
 * statistics (the planner then guesses, and the Assistant's tally and subscription queries took
 * 200-600 ms instead of 5-30 ms at 100,000 members) and never reclaims the rows that updates and
 * tally compaction leave dead.
 *
 * On PGlite the API runs `ANALYZE` once when it starts (statistics of a database last opened by
 * an older build, or filled by another process, may be missing) and `VACUUM ANALYZE` every
 * `everyMs` (an hour by default) after that. On PGlite a statement holds the one connection while
 * it runs, so the interval is long; at 100,000 members a pass takes well under a second. On
 * PostgreSQL autovacuum does this, and nothing is scheduled.
 */
import type { Database } from './db';
import { startRecurring, type RecurringWork } from './recurring';

const MAINTENANCE_EVERY_MS = 60 * 60 * 1000;

export type Maintenance = RecurringWork;

export function startMaintenance(
  db: Pick<Database, 'engine' | 'exec'>,
  options: {
    everyMs?: number;
    /** Skip the start-up ANALYZE (a seed that has just run one). */
    analyzed?: boolean;
    onError?: (error: unknown) => void;
  } = {},
): Maintenance {
  if (db.engine !== 'pglite') return { running: null, stop: () => Promise.resolve() };
  const onError = options.onError ?? ((error: unknown) => console.error('[api] database maintenance failed', error));
  return startRecurring(() => db.exec('VACUUM ANALYZE'), options.everyMs ?? MAINTENANCE_EVERY_MS, onError, {
    first: options.analyzed ? null : () => db.exec('ANALYZE'),
  });
}
