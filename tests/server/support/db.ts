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
 * or up to `target` for a test that builds an older database and upgrades it. On PGlite, a process
 * migrates one database per target and starts every later one from a copy of it (openPgliteFromDump).
 */
import { Blob as NodeBlob, File as NodeFile } from 'node:buffer';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase, pgliteDatabase, PGLITE_EXTENSIONS, type Database, type Transaction } from '../../../server/core/db';
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
  const target = options.target;
  const created = await createTestDatabaseUrl();
  if (!created) return openPgliteFromDump(target ?? 'latest');
  const db = await openCreated(created, 12);
  try {
    await migrate(db, target === undefined ? {} : { target });
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** A fresh database with no migration applied, and its connection string on PostgreSQL (null on PGlite). */
export async function openEmptyTestDatabase(): Promise<{ db: Database; url: string | null }> {
  const created = await createTestDatabaseUrl();
  if (!created) return { db: await openPgliteFromDump('empty'), url: null };
  return { db: await openCreated(created, 4), url: created.url };
}

/** The database made by createTestDatabaseUrl, dropped when it closes. */
async function openCreated(created: { url: string; drop(): Promise<void> }, poolSize: number): Promise<Database> {
  const opened = await openDatabase({ url: created.url, poolSize });
  return {
    ...opened,
    async close() {
      await opened.close();
      await created.drop();
    },
  };
}

/**
 * What a test process keeps of PGlite between databases: Postgres's two WebAssembly modules,
 * compiled once, and per migration target the data directory of a freshly migrated database. On
 * `globalThis`, since each test file evaluates this module again (tests/support/setup.ts).
 */
interface PgliteStore {
  modules?: Promise<Pick<PGliteOptions, 'pgliteWasmModule' | 'initdbWasmModule' | 'fsBundle'>>;
  dumps: Map<string, Promise<NodeBlob>>;
}

const STORE = Symbol.for('hardline.tests.pgliteDumps');

function pgliteStore(): PgliteStore {
  const slot = globalThis as { [STORE]?: PgliteStore };
  return (slot[STORE] ??= { dumps: new Map() });
}

async function compileModules(): Promise<NonNullable<Awaited<PgliteStore['modules']>>> {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  const [pgliteWasmModule, initdbWasmModule, fsBundle] = await Promise.all([
    readFile(join(dist, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
    readFile(join(dist, 'initdb.wasm')).then((bytes) => WebAssembly.compile(bytes)),
    readFile(join(dist, 'pglite.data')).then((bytes) => new NodeBlob([bytes])),
  ]);
  // Node's Blob is the one PGlite reads; TypeScript knows it under another type than the DOM's.
  return { pgliteWasmModule, initdbWasmModule, fsBundle: fsBundle as unknown as Blob };
}

/**
 * An in-memory PGlite as initdb (`'empty'`) or `migrate` (`'latest'`, or up to a version) leaves it,
 * started from a copy of the first one made so in this process instead of running initdb and the
 * migrations again: a third of the time of each start, for the server suite's hundreds of
 * databases. Each database is its own copy: nothing a test writes reaches another. The dump is the
 * whole data directory, so the copy is the same database bit for bit, not a replay of the
 * migrations; tests/server/migrations.test.ts applies them itself to an empty one.
 */
async function openPgliteFromDump(state: 'empty' | 'latest' | number): Promise<Database> {
  const store = pgliteStore();
  const modules = await (store.modules ??= compileModules());
  const key = String(state);
  let dump = store.dumps.get(key);
  if (!dump) {
    dump = (async () => {
      const lite = await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS, ...modules });
      try {
        if (state !== 'empty') await migrate(pgliteDatabase(lite), state === 'latest' ? {} : { target: state });
        return await dumpDataDir(lite);
      } finally {
        await lite.close();
      }
    })();
    store.dumps.set(key, dump);
    // A failed migration is reported to this test, and tried again by the next one.
    dump.catch(() => store.dumps.delete(key));
  }
  const loadDataDir = (await dump) as unknown as Blob;
  return pgliteDatabase(await PGlite.create('memory://', { extensions: PGLITE_EXTENSIONS, ...modules, loadDataDir }));
}

/**
 * `lite.dumpDataDir()`, made with Node's File whatever the test's environment: PGlite builds the
 * dump with the global File, and in a view test (jsdom) that is jsdom's, which PGlite cannot read
 * back (it has no `arrayBuffer`). Its bundle (compileModules) is a Node Blob for the same reason.
 */
async function dumpDataDir(lite: PGlite): Promise<NodeBlob> {
  const global = globalThis as { File: unknown; Blob: unknown };
  const own = { File: global.File, Blob: global.Blob };
  Object.assign(global, { File: NodeFile, Blob: NodeBlob });
  try {
    return (await lite.dumpDataDir('none')) as unknown as NodeBlob;
  } finally {
    Object.assign(global, own);
  }
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
