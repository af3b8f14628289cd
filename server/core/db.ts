/**
 * The embedded database of the reference API: PGlite (Postgres compiled to WASM, no native build),
 * kept in a directory (`.data/api`) or in memory (tests). The schema is idempotent DDL: the core
 * tables, then each module's own.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { coreSchemaSql } from './schema';
import type { ServerModule } from './module';

export interface OpenDatabaseOptions {
  /** A directory for a persistent database; omitted for an in-memory one. */
  dataDir?: string;
  modules: readonly ServerModule[];
}

export async function openDatabase({ dataDir, modules }: OpenDatabaseOptions): Promise<PGlite> {
  const db = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm } });
  // Trigram indexes make substring search (name, email, phone fragments) indexed at any size.
  await db.exec('CREATE EXTENSION IF NOT EXISTS pg_trgm;');
  await db.exec(coreSchemaSql);
  for (const module of modules) {
    if (module.schemaSql.trim() !== '') await db.exec(module.schemaSql);
  }
  return db;
}
