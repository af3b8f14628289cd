/**
 * Versioned migrations (postgrator), the same on PostgreSQL and on the embedded PGlite.
 *
 * The schema is the numbered SQL files of server/migrations, `<version>.do.<name>.sql`, applied in
 * order, each once: the version table (`schemaversion`) records what has run, with each file's md5,
 * and a file that changed after it ran stops the next migrate. To change the schema, add the next
 * number; never edit a file that has shipped (docs/DEPLOYMENT.md, "Changing the schema").
 *
 * `npm run migrate` (server/migrate-main.ts) applies them once per deploy, before the new API
 * processes start. The whole run is one transaction on one connection, holding an advisory lock on
 * PostgreSQL: two migrates started together run one after the other (the second finds nothing to
 * do), and a migration that fails leaves the database as it was. An API process runs no DDL at all;
 * it reads the version table and refuses a database older than its code (`assertSchemaCurrent`).
 *
 * postgrator talks to the database through two callbacks, `execQuery` (one statement) and
 * `execSqlScript` (a file of several statements), given the migration's transaction here.
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Postgrator from 'postgrator';
import type { Database, Queryable } from './db';

/** server/migrations, beside this folder (in the source tree and in the built API alike). */
export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** postgrator's version table. */
export const SCHEMA_TABLE = 'schemaversion';

/** A fixed number for the advisory lock that serialises migrate runs on one PostgreSQL database. */
const MIGRATION_LOCK = 7_262_027;

const MIGRATION_FILE = /^(\d+)\.do\.([a-z0-9][a-z0-9-]*)\.sql$/;

export interface Migration {
  version: number;
  name: string;
  file: string;
}

/**
 * The migrations in `dir`, in order. A file there that does not follow `<version>.do.<name>.sql`
 * (postgrator would skip it silently), or a version used twice, is an error.
 */
export function listMigrations(dir = MIGRATIONS_DIR): Migration[] {
  if (!existsSync(dir)) throw new Error(`No migrations folder at ${dir}`);
  const migrations: Migration[] = [];
  for (const file of readdirSync(dir).sort()) {
    const match = MIGRATION_FILE.exec(file);
    if (!match) {
      throw new Error(`${join(dir, file)} is not a migration: name it <version>.do.<name>.sql, e.g. 0007.do.add-member-notes.sql`);
    }
    const version = Number(match[1]);
    const same = migrations.find((m) => m.version === version);
    if (same) throw new Error(`Two migrations have version ${version}: ${same.file} and ${file}`);
    migrations.push({ version, name: match[2] ?? '', file });
  }
  if (migrations.length === 0) throw new Error(`No migrations in ${dir}`);
  return migrations.sort((a, b) => a.version - b.version);
}

/** The schema version this build needs: its newest migration. */
export function codeSchemaVersion(dir = MIGRATIONS_DIR): number {
  return listMigrations(dir).at(-1)?.version ?? 0;
}

/** The version the database is at: the newest migration recorded, 0 when none ever ran. */
export async function databaseSchemaVersion(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ present: boolean }>(`SELECT to_regclass('${SCHEMA_TABLE}') IS NOT NULL AS present`);
  if (!rows[0]?.present) return 0;
  const { rows: versions } = await db.query<{ version: string | number | null }>(`SELECT max(version) AS version FROM ${SCHEMA_TABLE}`);
  return Number(versions[0]?.version ?? 0);
}

export interface MigrateResult {
  /** The version before and after the run. */
  from: number;
  to: number;
  /** The migrations this run applied, in order (none when the database was current). */
  applied: Migration[];
}

export interface MigrateOptions {
  dir?: string;
  /** Stop at this version instead of the newest (tests build older databases with it). */
  target?: number;
  /** Told about each migration as it starts. */
  onMigration?: (migration: Migration) => void;
}

/** Applies every migration the database lacks, in one transaction (see the header). */
export async function migrate(db: Database, options: MigrateOptions = {}): Promise<MigrateResult> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const known = listMigrations(dir);
  return db.transaction(async (tx) => {
    if (db.engine === 'postgres') await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    const from = await databaseSchemaVersion(tx);
    await refuseSkippedMigrations(tx, known, from);
    const postgrator = new Postgrator({
      migrationPattern: join(dir, '*.sql'),
      driver: 'pg',
      schemaTable: SCHEMA_TABLE,
      validateChecksums: true,
      newline: 'LF',
      execQuery: (sql) => tx.query(sql),
      execSqlScript: (sql) => tx.exec(sql),
    });
    postgrator.on('migration-started', (m: { version: number }) => {
      const migration = known.find((k) => k.version === m.version);
      if (migration) options.onMigration?.(migration);
    });
    const applied = await postgrator.migrate(options.target === undefined ? 'max' : String(options.target));
    const to = await databaseSchemaVersion(tx);
    const versions = new Set(applied.map((m) => m.version));
    return { from, to, applied: known.filter((m) => versions.has(m.version)) };
  });
}

/**
 * postgrator applies only the migrations above the database's version, so a file numbered below it
 * that never ran (two branches took numbers in parallel, and the higher one was deployed first)
 * would be skipped for ever, silently. Such a file stops the migrate, naming it and the way out.
 */
async function refuseSkippedMigrations(tx: Queryable, known: readonly Migration[], from: number): Promise<void> {
  if (from === 0) return;
  const { rows } = await tx.query<{ version: string | number }>(`SELECT version FROM ${SCHEMA_TABLE}`);
  const recorded = new Set(rows.map((r) => Number(r.version)));
  const skipped = known.filter((m) => m.version < from && !recorded.has(m.version));
  if (skipped.length === 0) return;
  throw new Error(
    `${skipped.map((m) => m.file).join(', ')} never ran here, and the database is already at version ${from}: ` +
      `renumber ${skipped.length === 1 ? 'it' : 'them'} after the newest migration (version ${Math.max(...known.map((m) => m.version))}) and migrate again.`,
  );
}

export class SchemaOutdatedError extends Error {
  constructor(
    readonly databaseVersion: number,
    readonly codeVersion: number,
  ) {
    super(
      `The database schema is at version ${databaseVersion}, older than this build's ${codeVersion}. ` +
        'Run `npm run migrate` against the same database (same DATABASE_URL), then start the API again.',
    );
    this.name = 'SchemaOutdatedError';
  }
}

/**
 * Refuses (SchemaOutdatedError) a database older than the code. A newer one (the code was rolled back
 * after a migrate) is allowed: migrations add before they remove, so the previous build still works
 * on it. A migration of this build that never ran, below the database's version, is refused as
 * `migrate` refuses it. Returns both versions.
 */
export async function assertSchemaCurrent(db: Queryable, dir = MIGRATIONS_DIR): Promise<{ database: number; code: number }> {
  const code = codeSchemaVersion(dir);
  const database = await databaseSchemaVersion(db);
  if (database < code) throw new SchemaOutdatedError(database, code);
  await refuseSkippedMigrations(db, listMigrations(dir), database);
  return { database, code };
}
