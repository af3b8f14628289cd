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
 * number: counts are cast `::int` in SQL). Opening a database runs no DDL: the schema comes from the
 * versioned migrations in server/migrations, applied once per deploy by `npm run migrate`
 * (./migrate.ts), and the API refuses a database older than its code.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/** What a query needs: the database itself or a transaction. */
export interface Queryable {
  query<T>(sql: string, params?: readonly unknown[]): Promise<{ rows: T[] }>;
}

/** A transaction: queries, and scripts of several statements without parameters (migrations). */
export interface Transaction extends Queryable {
  exec(sql: string): Promise<void>;
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
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Every PostgreSQL connection's limits (0 leaves the server's own setting): a statement that runs
 * longer is cancelled, a lock waited on longer is given up (the request fails instead of queueing
 * behind a stuck transaction, holding its connection), and a transaction left idle longer (a process
 * that stopped mid-transaction, a bug that awaits something else inside one) is ended by the server,
 * so its locks do not stall every request of the organisation.
 */
export interface SessionTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
}

/** The defaults: far above any request of the API (the export of 100,000 members included), far below "forever". */
export const DEFAULT_SESSION_TIMEOUTS: SessionTimeouts = { statementMs: 30_000, lockMs: 10_000, idleInTransactionMs: 60_000 };

export interface OpenDatabaseOptions {
  /** A PostgreSQL connection string (postgres://...); when set, PGlite is not used. */
  url?: string;
  /** A directory for a persistent PGlite database; omitted for an in-memory one. */
  dataDir?: string;
  /** Connections in the PostgreSQL pool (default 10). */
  poolSize?: number;
  /** Told about a database connection error of an idle pooled client (default: console.error). */
  onConnectionError?: (error: Error) => void;
  /** PostgreSQL only: the connections' limits (default DEFAULT_SESSION_TIMEOUTS). */
  timeouts?: SessionTimeouts;
}

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<Database> {
  if (options.url)
    return openPostgres(options.url, options.poolSize ?? 10, options.timeouts ?? DEFAULT_SESSION_TIMEOUTS, options.onConnectionError);
  return openPglite(options.dataDir);
}

/** The extensions every PGlite database of the API is opened with (the members search uses pg_trgm). */
export const PGLITE_EXTENSIONS = { pg_trgm };

async function openPglite(dataDir: string | undefined): Promise<Database> {
  return pgliteDatabase(await PGlite.create(dataDir ?? 'memory://', { extensions: PGLITE_EXTENSIONS }));
}

/** An open PGlite, behind the Database interface (the tests open theirs from a migrated dump). */
export function pgliteDatabase(lite: PGlite): Database {
  return {
    engine: 'pglite',
    query: <T>(sql: string, params?: readonly unknown[]) => lite.query<T>(sql, params ? [...params] : undefined),
    exec: async (sql) => {
      await lite.exec(sql);
    },
    transaction: (work) =>
      lite.transaction((tx) =>
        work({
          query: <T>(sql: string, params?: readonly unknown[]) => tx.query<T>(sql, params ? [...params] : undefined),
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
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

function openPostgres(url: string, max: number, timeouts: SessionTimeouts, onConnectionError?: (error: Error) => void): Database {
  // Sent with each connection's start-up (pg leaves out a 0: the server's setting stays).
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: PG_TYPES,
    statement_timeout: timeouts.statementMs,
    lock_timeout: timeouts.lockMs,
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
  });
  // An idle client's error (the server restarted, a connection was cut) must not crash the process;
  // the pool drops that client and the next query gets a fresh one.
  pool.on('error', onConnectionError ?? ((error) => console.error('[api] database connection error', error.message)));
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
        const result = await work({
          query: (sql, params) => query(client, sql, params),
          exec: async (sql) => {
            await client.query(sql);
          },
        });
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
