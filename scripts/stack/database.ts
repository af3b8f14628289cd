/**
 * The local stack's database: what `npm start` does by itself so that a newcomer runs nothing else.
 * It opens PGlite under the data directory (or the PostgreSQL of DATABASE_URL), drops everything on
 * `--reset` (PostgreSQL; a reset PGlite folder is deleted before), applies the migrations like
 * `npm run migrate` does, and seeds Summit Builders into an empty database. The production entry
 * (server/main.ts) does none of this: there `npm run migrate` is a deploy step and nothing is seeded.
 */
import { openDatabase, type Database } from '../../server/core/db';
import { migrate } from '../../server/core/migrate';
import type { ServerConfig, ServerModule } from '../../server/core/module';
import { isEmpty, seedDatabase, type SeedOptions, type SeedResult } from '../../server/seed';

export interface StackDatabaseOptions {
  /** PostgreSQL; PGlite in `dataDir` when unset. */
  url?: string;
  dataDir: string;
  /** PostgreSQL only: drop every table first (`npm start -- --reset`). */
  reset?: boolean;
  /** PostgreSQL only: refuse a database that already holds an organisation (seeded for another user pool). */
  requireEmpty?: boolean;
  modules: readonly ServerModule[];
  config: ServerConfig;
  seed: Omit<SeedOptions, 'modules' | 'config'>;
  poolSize?: number;
}

export interface StackDatabase {
  db: Database;
  /** Set when this start seeded the database. */
  seeded: SeedResult | null;
}

export async function openStackDatabase(options: StackDatabaseOptions): Promise<StackDatabase> {
  const db = await openDatabase(
    options.url ? { url: options.url, ...(options.poolSize ? { poolSize: options.poolSize } : {}) } : { dataDir: options.dataDir },
  );
  try {
    if (options.url && options.reset) await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
    await migrate(db);
    if (options.url && options.requireEmpty && !(await isEmpty(db))) {
      throw new Error(
        'DATABASE_URL holds an organisation seeded for another user pool, so the seeded accounts could not sign in. ' +
          '`npm start -- --reset` wipes that database and seeds it again (only ever point the local stack at a database of its own).',
      );
    }
    const seeded = (await isEmpty(db))
      ? await seedDatabase(db, { ...options.seed, modules: options.modules, config: options.config })
      : null;
    return { db, seeded };
  } catch (error) {
    await db.close();
    throw error;
  }
}
