/**
 * A fresh database for one server test file, on the engine the run asks for:
 *
 * - no `TEST_DATABASE_URL`: an in-memory PGlite (the default engine of the reference API);
 * - `TEST_DATABASE_URL=postgres://.../postgres` (set by `npm test`'s PostgreSQL step, which starts a
 *   throwaway cluster, scripts/test/postgres.ts): a new database on that server, made for this file and
 *   dropped when it closes, reached through the same connection pool as production.
 *
 * The server suite runs once on each, so every behaviour is checked on both engines, and the
 * concurrency tests meet real parallel connections on PostgreSQL.
 *
 * The schema is the migrations (server/migrations), as `npm run migrate` applies them: all of them,
 * or up to `target` for a test that builds an older database and upgrades it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database, type Transaction } from '../../../server/core/db';
import { listMigrations, migrate, MIGRATIONS_DIR } from '../../../server/core/migrate';

const serverUrl = process.env['TEST_DATABASE_URL'] || undefined;

export const testEngine: Database['engine'] = serverUrl ? 'postgres' : 'pglite';

async function asAdmin(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new, empty PostgreSQL database on the test server, or null when the run uses PGlite. */
export async function createTestDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (!serverUrl) return null;
  const name = `hl_test_${crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
  await asAdmin(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => asAdmin(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A fresh, migrated database (see the header); `target` stops at that migration version. */
export async function openTestDatabase(options: { target?: number } = {}): Promise<Database> {
  const created = await createTestDatabaseUrl();
  const opened = await openDatabase(created ? { url: created.url, poolSize: 12 } : {});
  const db = created
    ? {
        ...opened,
        async close() {
          await opened.close();
          await created.drop();
        },
      }
    : opened;
  try {
    await migrate(db, options.target === undefined ? {} : { target: options.target });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** The SQL of the migration named `name` (`0005.do.billing.sql` is 'billing'), for tests that re-apply one. */
export function migrationSql(name: string): string {
  const migration = listMigrations().find((m) => m.name === name);
  if (!migration) throw new Error(`No migration named ${name} in ${MIGRATIONS_DIR}`);
  return readFileSync(join(MIGRATIONS_DIR, migration.file), 'utf8');
}

/** How a broken statement fails instead of running: a rejection, or another statement on the transaction that fails. */
type StatementFailure = (tx: Transaction) => Promise<unknown>;

/**
 * One statement of the API's transactions, broken on cue: a change that fails midway (the database
 * lost, a constraint violated) after its earlier steps ran. `wrap` goes to createTestApi's
 * `wrapDatabase`; while `during` runs its work, every query inside a transaction whose SQL contains
 * `marker` answers `failure(tx)` instead of running.
 */
export function breakableStatement(marker: string): {
  wrap: (db: Database) => Database;
  during: <T>(failure: StatementFailure, work: () => Promise<T>) => Promise<T>;
} {
  let failure: StatementFailure | null = null;
  return {
    wrap: (db) => ({
      ...db,
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            ...tx,
            query: (sql, params) =>
              failure && sql.includes(marker)
                ? failure(tx).then(() => Promise.reject(new Error(`the broken statement (${marker}) did not fail`)))
                : tx.query(sql, params),
          }),
        ),
    }),
    async during(fail, work) {
      failure = fail;
      try {
        return await work();
      } finally {
        failure = null;
      }
    },
  };
}
