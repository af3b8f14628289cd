/**
 * The API's production entry: `npm run start:api` (node dist/api/server/main.js, built by
 * `npm run build:api`).
 *
 * 1. Reads its configuration from the environment (server/config.ts; docs/DEPLOYMENT.md lists every
 *    variable): a bad or missing variable stops it at once, every one of them named.
 * 2. Opens PostgreSQL (DATABASE_URL), or the embedded PGlite only with `--embedded` /
 *    EMBEDDED_DATABASE=true, and refuses a schema older than its code, naming `npm run migrate`. It runs
 *    no DDL and seeds nothing.
 * 3. Serves the API on HOST:PORT, a JSON log line per request on stdout.
 * 4. On SIGTERM (or SIGINT): /readyz turns 503, it stops accepting, finishes the requests in flight
 *    and the row a members import is inviting (up to SHUTDOWN_TIMEOUT_SECONDS), hands that import
 *    over to the other processes, closes the database pool and exits 0.
 */
import { pathToFileURL } from 'node:url';
import { readConfig } from './config';
import { userPoolEndpoint } from './core/auth';
import { ConfigError, type Env } from './core/config';
import { createLogger, type Logger } from './core/log';
import { assertSchemaCurrent } from './core/migrate';
import { createCognitoUserPoolAdmin } from './core/userPool';
import { startApiServer } from './index';
import { describeDatabase, environmentWithFlags, openConfiguredDatabase } from './runtime';

/** Resolves with the signal that asked the process to stop. */
function stopSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'));
    process.once('SIGINT', () => resolve('SIGINT'));
  });
}

export async function runApi(env: Env, argv: readonly string[]): Promise<number> {
  let config;
  try {
    config = readConfig(environmentWithFlags(env, argv));
  } catch (error) {
    process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  const log: Logger = createLogger({ level: config.log.level });
  const crash = (kind: string) => (error: unknown) => {
    log.fatal({ err: error }, kind);
    log.flush();
    process.exit(1);
  };
  process.on('uncaughtException', crash('uncaught exception'));
  process.on('unhandledRejection', crash('unhandled rejection'));

  const db = await openConfiguredDatabase(config.database, log).catch((error: unknown) => {
    log.fatal({ err: error }, 'the database could not be opened');
    return null;
  });
  if (!db) return 1;
  let schema;
  try {
    schema = await assertSchemaCurrent(db);
  } catch (error) {
    log.fatal({ err: error }, error instanceof Error ? error.message : 'the schema could not be read');
    await db.close();
    return 1;
  }
  if (schema.database > schema.code) {
    log.warn(schema, 'the database schema is newer than this build (a rollback after a migrate?): starting anyway');
  }

  const { userPool } = config;
  const endpoint = userPoolEndpoint(userPool.region, userPool.endpoint);
  const api = await startApiServer({
    port: config.http.port,
    host: config.http.host,
    db,
    config: config.console,
    cognito: { endpoint, userPoolId: userPool.userPoolId, clientId: userPool.clientId },
    userPool: createCognitoUserPoolAdmin({
      userPoolId: userPool.userPoolId,
      region: userPool.region,
      ...(userPool.endpoint ? { endpoint: userPool.endpoint } : {}),
      temporaryPasswordValidityDays: userPool.temporaryPasswordValidityDays,
    }),
    billing: config.billing,
    rateLimits: config.rateLimits,
    log,
    shutdownTimeoutMs: config.http.shutdownTimeoutMs,
  });
  log.info(
    { url: api.url, database: describeDatabase(config.database), schemaVersion: schema.database, billingProvider: config.billing.provider },
    'listening',
  );

  const signal = await stopSignal();
  log.info({ signal, inFlight: api.inFlight }, 'stopping: no new connections, finishing the requests in flight');
  await api.close();
  log.info('stopped');
  log.flush();
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Exit now: an idle keep-alive socket (the SDK's, the key fetch's) must not keep the process up.
  process.exit(await runApi(process.env, process.argv.slice(2)));
}
