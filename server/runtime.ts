/**
 * What the production commands (server/main.ts, server/migrate.ts) share: the environment with the
 * command-line flags folded in, and the configured database (PostgreSQL, or the embedded PGlite
 * under a lock of its own, since only one process at a time may open its files).
 */
import { mkdir } from 'node:fs/promises';
import type { DatabaseConfig, Env } from './core/config';
import { openDatabase, type Database } from './core/db';
import { lockDirectory } from './core/dirLock';
import type { Logger } from './core/log';

/** `--embedded` is EMBEDDED_DATABASE=true. */
export function environmentWithFlags(env: Env, argv: readonly string[]): Env {
  const unknown = argv.filter((arg) => arg !== '--embedded');
  if (unknown.length > 0)
    throw new Error(`Unknown option ${unknown[0]}: the only option is --embedded (configure everything else with variables)`);
  return argv.includes('--embedded') ? { ...env, EMBEDDED_DATABASE: 'true' } : env;
}

/** A connection string's host and database, for the log (never its user or password). */
export function describeDatabase(config: DatabaseConfig): string {
  if (config.kind === 'embedded') return `embedded PGlite in ${config.dataDir}`;
  try {
    const url = new URL(config.url);
    return `PostgreSQL ${url.host}${url.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

const EMBEDDED_LOCK = 'api.lock';

export async function openConfiguredDatabase(config: DatabaseConfig, log: Logger): Promise<Database> {
  if (config.kind === 'postgres') {
    return openDatabase({
      url: config.url,
      poolSize: config.poolSize,
      timeouts: config.timeouts,
      onConnectionError: (error) => log.error({ err: error }, 'database connection error'),
    });
  }
  log.warn(
    { dataDir: config.dataDir },
    'embedded database: one process only, and PGlite runs without fsync (a machine crash can lose the last writes); use PostgreSQL for a team',
  );
  await mkdir(config.dataDir, { recursive: true });
  const release = await lockDirectory(
    config.dataDir,
    EMBEDDED_LOCK,
    (pid) =>
      new Error(
        `Process ${pid} is using the embedded database in ${config.dataDir}: it serves one process at a time ` +
          '(run `npm run migrate -- --embedded` while the API is stopped; for several processes use PostgreSQL).',
      ),
  );
  try {
    const db = await openDatabase({ dataDir: config.dataDir });
    return {
      ...db,
      async close() {
        await db.close();
        await release();
      },
    };
  } catch (error) {
    await release();
    throw error;
  }
}
