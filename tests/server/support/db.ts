/**
 * A fresh database for one server test file, on the engine the run asks for:
 *
 * - no `TEST_DATABASE_URL`: an in-memory PGlite (the default engine of the reference API);
 * - `TEST_DATABASE_URL=postgres://.../postgres` (set by `npm test`'s PostgreSQL step, which starts a
 *   throwaway cluster, scripts/postgres.ts): a new database on that server, made for this file and
 *   dropped when it closes, reached through the same connection pool as production.
 *
 * The server suite runs once on each, so every behaviour is checked on both engines, and the
 * concurrency tests meet real parallel connections on PostgreSQL.
 */
import pg from 'pg';
import { openDatabase, type Database, type SchemaSource } from '../../../server/core/db';

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

export async function openTestDatabase(modules: readonly SchemaSource[]): Promise<Database> {
  const created = await createTestDatabaseUrl();
  if (!created) return openDatabase({ modules });
  const db = await openDatabase({ url: created.url, modules, poolSize: 12 });
  return {
    ...db,
    async close() {
      await db.close();
      await created.drop();
    },
  };
}
