import type { Queryable } from '../core/db';

/** What the billing code needs from a connection: the database or a transaction. */
export type Db = Queryable;

/** Inserts rows in chunks with one multi-row VALUES statement per chunk. */
export async function insertRows(
  db: Db,
  table: string,
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
  chunkSize = 500,
): Promise<void> {
  for (let start = 0; start < rows.length; start += chunkSize) {
    const chunk = rows.slice(start, start + chunkSize);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      if (row.length !== columns.length)
        throw new Error(`insertRows(${table}): row has ${row.length} values for ${columns.length} columns`);
      const placeholders = row.map((value) => {
        params.push(value);
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}`, params);
  }
}
