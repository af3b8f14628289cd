/**
 * `npm run migrate`: applies the migrations the database lacks (server/core/migrate.ts), once per
 * deploy, before the new API processes start. Reads DATABASE_URL (or `--embedded` with
 * EMBEDDED_DATA_DIR) and LOG_LEVEL; writes a JSON line per migration applied and one with the result.
 * Safe to run twice or from two places at once: the second run waits for the first, then finds
 * nothing to do. Exit code 0 when the database is current, 1 otherwise (with the reason).
 */
import { pathToFileURL } from 'node:url';
import { ConfigError, databaseArea, logArea, parseConfig, type Env } from './core/config';
import { createLogger } from './core/log';
import { migrate } from './core/migrate';
import { describeDatabase, environmentWithFlags, openConfiguredDatabase } from './runtime';

export async function runMigrate(env: Env, argv: readonly string[]): Promise<number> {
  let config;
  try {
    config = parseConfig({ database: databaseArea, log: logArea }, environmentWithFlags(env, argv));
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const log = createLogger({ level: config.log.level });
  try {
    // A migration may rewrite a large table or build an index for minutes: no statement limit here
    // (the lock limit stays, so a migration waiting behind a long transaction fails instead of
    // queueing every request behind itself).
    const database =
      config.database.kind === 'postgres'
        ? { ...config.database, timeouts: { ...config.database.timeouts, statementMs: 0 } }
        : config.database;
    const db = await openConfiguredDatabase(database, log);
    try {
      const result = await migrate(db, {
        onMigration: (m) => log.info({ version: m.version, name: m.name, file: m.file }, 'applying migration'),
      });
      log.info(
        { database: describeDatabase(config.database), from: result.from, to: result.to, applied: result.applied.length },
        result.applied.length > 0 ? 'database migrated' : 'database already current',
      );
    } finally {
      await db.close();
    }
    return 0;
  } catch (error) {
    log.fatal({ err: error }, 'migrate failed: the database is as it was before this run');
    return 1;
  } finally {
    log.flush();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Exit now: an idle keep-alive socket (the SDK's, the key fetch's) must not keep the process up.
  process.exit(await runMigrate(process.env, process.argv.slice(2)));
}
