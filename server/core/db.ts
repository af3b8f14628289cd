/**
 * The reference API's database, behind one small interface with two engines:
 *
 * - PGlite (Postgres compiled to WASM, no native build): the default. Kept in a directory
 *   (`.data/api`) or in memory (tests). One connection: statements run one at a time, and a
 *   transaction holds the whole database while it runs. It runs without fsync, so a machine
 *   crash can lose the last writes (fine for a local stack, not for a team's data).
 * - PostgreSQL 15+ through a `pg` connection pool, when a connection string is given
 *   (`DATABASE_URL`): real concurrency, so several API processes can share one database.
 *
 * Both answer `{ rows }` with the same JavaScript types (timestamps and dates as Date, integers as
 * number: counts are cast `::int` in SQL). The schema is idempotent DDL: the core tables and the
 * activity trail (server/audit/schema.ts), then each module's own; on PostgreSQL it runs under an
 * advisory lock so that API processes starting together do not race on it.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { coreSchemaSql } from './schema';
import { auditSchemaSql } from '../audit/schema';

/** What a query needs: the database itself or a transaction. */
export interface Queryable {
  query<T>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** Runs several statements without parameters (DDL, ANALYZE). */
  exec(sql: string): Promise<void>;
  /**
   * Runs `work` in one transaction (READ COMMITTED): committed when it resolves, rolled back when
   * it throws. Rows that a rule depends on are locked with `SELECT ... FOR UPDATE` inside it.
   * Never wait on anything outside the database inside `work`: on PGlite every other request waits
   * with it, on PostgreSQL it holds a pooled connection and its locks.
   */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The schema of a module (core/module.ts ServerModule.schemaSql). */
export interface SchemaSource {
  schemaSql: string;
}

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string (postgres://...); when set, PGlite is not used. */
  url?: string;
  /** A directory for a persistent PGlite database; omitted for an in-memory one. */
  dataDir?: string;
  modules: readonly SchemaSource[];
  /** Connections in the PostgreSQL pool (default 10). */
  poolSize?: number;
  /** PostgreSQL only: drop every table of the public schema before creating the schema (local stack --reset). */
  reset?: boolean;
}

/** A fixed number for the advisory lock that serialises schema set-up across API processes. */
const SCHEMA_LOCK = 7_262_026;

function schemaOf(modules: readonly SchemaSource[]): string[] {
  // Trigram indexes make substring search (name, email, phone fragments) indexed at any size. The
  // activity trail comes with the core tables: every module that changes members writes to it.
  return [
    'CREATE EXTENSION IF NOT EXISTS pg_trgm;',
    coreSchemaSql,
    auditSchemaSql,
    ...modules.map((m) => m.schemaSql).filter((sql) => sql.trim() !== ''),
  ];
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const db = options.url ? openPostgres(options.url, options.poolSize ?? 10) : await openPglite(options.dataDir);
  try {
    if (db.engine === 'postgres') {
      await db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
        if (options.reset) await tx.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
        for (const sql of schemaOf(options.modules)) await tx.query(sql);
      });
    } else {
      for (const sql of schemaOf(options.modules)) await db.exec(sql);
    }
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

async function openPglite(dataDir: string | undefined): Promise<Database> {
  const lite = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  return {
    engine: 'pglite',
    query: <T>(sql: string, params?: readonly unknown[]) => lite.query<T>(sql, params ? [...params] : undefined),
    exec: async (sql) => {
      await lite.exec(sql);
    },
    transaction: (work) =>
      lite.transaction((tx) =>
        work({ query: <T>(sql: string, params?: readonly unknown[]) => tx.query<T>(sql, params ? [...params] : undefined) }),
      ),
    close: () => lite.close(),
  };
}

/** pg's parsers, with DATE read as UTC midnight like PGlite (pg's default is local midnight). */
const PG_TYPES = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.DATE) return (value: string) => new Date(`${value}T00:00:00Z`);
    return pg.types.getTypeParser(oid, format);
  },
};

function openPostgres(url: string, max: number): Database {
  const pool = new pg.Pool({ connectionString: url, max, types: PG_TYPES });
  // An idle client's error (the server restarted, a connection was cut) must not crash the process;
  // the pool drops that client and the next query gets a fresh one.
  pool.on('error', (error) => console.error('[api] database connection error', error.message));
  const query = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: readonly unknown[]) => {
    const result = await client.query(sql, params ? [...params] : undefined);
    return { rows: result.rows as T[] };
  };
  return {
    engine: 'postgres',
    query: (sql, params) => query(pool, sql, params),
    exec: async (sql) => {
      await pool.query(sql);
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({ query: (sql, params) => query(client, sql, params) });
        await client.query('COMMIT');
        client.release();
        return result;
      } catch (error) {
        // A connection whose ROLLBACK fails is broken: it leaves the pool instead of going back.
        const broken = await client.query('ROLLBACK').then(
          () => false,
          () => true,
        );
        client.release(broken);
        throw error;
      }
    },
    close: () => pool.end(),
  };
}
