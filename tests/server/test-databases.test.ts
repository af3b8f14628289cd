/**
 * The server tests' databases (tests/server/support/db.ts): each one migrated as asked and its own.
 * On PGlite they start from a copy of one migrated database, on PostgreSQL each is new and migrated;
 * either way a test must find the schema it asked for and none of another test's rows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../server/core/db';
import { codeSchemaVersion, databaseSchemaVersion } from '../../server/core/migrate';
import { openEmptyTestDatabase, openTestDatabase } from './support/db';

const opened: Database[] = [];
async function open(options?: { target?: number }): Promise<Database> {
  const db = await openTestDatabase(options);
  opened.push(db);
  return db;
}

afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.close()));
});

describe('a test database', () => {
  it('has every migration applied, and the extensions they need (the members search uses pg_trgm)', async () => {
    const db = await open();
    expect(await databaseSchemaVersion(db)).toBe(codeSchemaVersion());
    expect((await db.query<{ s: number }>(`SELECT similarity('Hardline', 'Hardline') AS s`)).rows).toEqual([{ s: 1 }]);
  });

  it('is its own: what one test writes, another never sees, however many are open', async () => {
    const first = await open();
    await first.query(`INSERT INTO organizations (id, name) VALUES ($1, $2)`, ['00000000-0000-4000-8000-000000000001', 'Written once']);
    const [second, third] = await Promise.all([open(), open()]);
    for (const db of [second, third]) {
      expect((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM organizations`)).rows).toEqual([{ n: 0 }]);
    }
    expect((await first.query<{ name: string }>(`SELECT name FROM organizations`)).rows).toEqual([{ name: 'Written once' }]);
  });

  it('stops at the migration it is asked for, and the next one asked for all of them has all of them', async () => {
    const older = await open({ target: 3 });
    expect(await databaseSchemaVersion(older)).toBe(3);
    const latest = await open();
    expect(await databaseSchemaVersion(latest)).toBe(codeSchemaVersion());
    const olderAgain = await open({ target: 3 });
    expect(await databaseSchemaVersion(olderAgain)).toBe(3);
  });

  it('comes empty when asked, with no table of its own, before and after migrated ones were opened', async () => {
    const tables = async (db: Database) =>
      (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).rows[0]?.n;
    const empty = await openEmptyTestDatabase();
    opened.push(empty.db);
    expect(await tables(empty.db)).toBe(0);
    expect(await tables(await open())).toBeGreaterThan(10);
    const again = await openEmptyTestDatabase();
    opened.push(again.db);
    expect(await tables(again.db)).toBe(0);
  });
});
