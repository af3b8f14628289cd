// @vitest-environment node
/**
 * Versioned migrations (server/core/migrate.ts, server/migrations), on the suite's engine (PGlite,
 * or PostgreSQL in `npm run test:postgres`):
 * - a database made by the code before migrations (a pg_dump of it, support/legacy-4dd5892.sql)
 *   upgrades in place, every row kept, and the API serves it;
 * - a migrate applies each file once, records it with its checksum, refuses an edited one, and a
 *   failing file leaves the database as it was; two at once apply everything once;
 * - the API refuses a database older than its code;
 * - the schema agrees with the lists the code keeps (audit kinds, sort keys, plan prices): a change
 *   to one of those without its migration fails here, with the SQL to write.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import { serverModules } from '../../server';
import type { Database } from '../../server/core/db';
import {
  assertSchemaCurrent,
  codeSchemaVersion,
  databaseSchemaVersion,
  listMigrations,
  migrate,
  MIGRATIONS_DIR,
  SCHEMA_TABLE,
  SchemaOutdatedError,
} from '../../server/core/migrate';
import { SORT_KEYS } from '../../server/users/sort';
import { AUDIT_KINDS } from '../../src/contract/audit';
import { IMPORT_STATUSES } from '../../src/contract/imports';
import { UserListResponseSchema } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import { createTestApi } from './support/api';
import { openEmptyTestDatabase, openTestDatabase, testEngine } from './support/db';

const LEGACY_DUMP = join(import.meta.dirname, 'support', 'legacy-4dd5892.sql');
/** The seeded administrator's sub in that dump. */
const LEGACY_ADMIN_SUB = 'seed-admin-sub';

const closing: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

/** An empty database on the suite's engine, not migrated. */
async function emptyDatabase(): Promise<{ db: Database; url: string | null }> {
  const empty = await openEmptyTestDatabase();
  closing.push(() => empty.db.close());
  return empty;
}

/** Restores the pg_dump: psql's meta-commands (`\restrict`) dropped, the session settings it changes reset. */
async function restoreLegacyDump(): Promise<Database> {
  const sql = readFileSync(LEGACY_DUMP, 'utf8')
    .split('\n')
    .filter((line) => !line.startsWith('\\'))
    .join('\n');
  const { db, url } = await emptyDatabase();
  if (url) {
    // On its own connection: the dump empties search_path for the session that runs it.
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(sql);
    await client.end();
  } else {
    await db.exec(sql);
    await db.exec('RESET ALL');
  }
  return db;
}

/** Each table's rows, as a count and a checksum over the given columns. */
async function rowsOf(db: Database, columns: ReadonlyMap<string, string[]>): Promise<Record<string, { rows: number; md5: string }>> {
  const out: Record<string, { rows: number; md5: string }> = {};
  for (const [table, names] of columns) {
    const list = names.map((n) => `"${n}"`).join(', ');
    const { rows } = await db.query<{ rows: number; md5: string }>(
      `SELECT count(*)::int AS rows, md5(coalesce(string_agg(row_text, E'\\n' ORDER BY row_text), '')) AS md5
         FROM (SELECT (ROW(${list}))::text AS row_text FROM "${table}") r`,
    );
    out[table] = rows[0] as { rows: number; md5: string };
  }
  return out;
}

async function columnsOf(db: Database): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public' AND is_generated = 'NEVER'
      ORDER BY table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const { table_name, column_name } of rows) columns.set(table_name, [...(columns.get(table_name) ?? []), column_name]);
  return columns;
}

describe(`migrations (${testEngine})`, () => {
  it('upgrade a database made before migrations (commit 4dd5892) in place: every row kept, the API serves it', async () => {
    const db = await restoreLegacyDump();
    expect(await databaseSchemaVersion(db)).toBe(0);
    const columns = await columnsOf(db);
    const before = await rowsOf(db, columns);
    expect(before['members']?.rows).toBe(24);
    expect(before['invoices']?.rows).toBeGreaterThan(0);
    expect(before['calls']?.rows).toBeGreaterThan(0);

    const result = await migrate(db);
    expect(result).toMatchObject({ from: 0, to: codeSchemaVersion() });
    expect(result.applied.map((m) => m.version)).toEqual(listMigrations().map((m) => m.version));
    expect(await rowsOf(db, columns)).toEqual(before);
    expect(await migrate(db)).toEqual({ from: codeSchemaVersion(), to: codeSchemaVersion(), applied: [] });

    const api = await createTestApi(serverModules, { database: db });
    const response = await api.call('GET', '/api/users?limit=100', { sub: LEGACY_ADMIN_SUB });
    expect(response.status).toBe(200);
    const body = v.parse(UserListResponseSchema, await response.json());
    expect(body.total).toBe(24);
    // Writes keep working on the upgraded tables (the version trigger, the tallies).
    const someone = body.users.find((u) => u.role !== 'Admin');
    const edit = await api.call('PUT', `/api/users/${someone?.userId ?? ''}`, {
      sub: LEGACY_ADMIN_SUB,
      body: { name: 'Renamed After Upgrade' },
    });
    expect(edit.status).toBe(200);
    // A limit, not an expectation: restoring the dump and running every migration on PGlite takes
    // about 20 s on a quiet 2-core machine, and several times that with the machine loaded.
  }, 240_000);

  it('apply each file once, in order, recording its name and checksum', async () => {
    const { db } = await emptyDatabase();
    const partial = await migrate(db, { target: 2 });
    expect(partial).toMatchObject({ from: 0, to: 2 });
    expect(partial.applied.map((m) => m.file)).toEqual(['0001.do.core.sql', '0002.do.audit.sql']);
    const seen: string[] = [];
    const rest = await migrate(db, { onMigration: (m) => seen.push(m.file) });
    expect(rest.from).toBe(2);
    expect(seen).toEqual(
      listMigrations()
        .slice(2)
        .map((m) => m.file),
    );
    const { rows } = await db.query<{ version: string | number; name: string; md5: string }>(
      `SELECT version, name, md5 FROM ${SCHEMA_TABLE} WHERE version > 0 ORDER BY version`,
    );
    expect(rows.map((r) => [Number(r.version), r.name])).toEqual(listMigrations().map((m) => [m.version, m.name]));
    expect(rows.every((r) => /^[0-9a-f]{32}$/.test(r.md5))).toBe(true);
  });

  it('refuse a migration that was edited after it ran, and leave the database as it was when one fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hardline-migrations-'));
    closing.push(async () => rmSync(dir, { recursive: true, force: true }));
    cpSync(join(MIGRATIONS_DIR, '0001.do.core.sql'), join(dir, '0001.do.core.sql'));
    const { db } = await emptyDatabase();
    await migrate(db, { dir });

    writeFileSync(join(dir, '0001.do.core.sql'), `${readFileSync(join(dir, '0001.do.core.sql'), 'utf8')}\n-- edited\n`);
    await expect(migrate(db, { dir })).rejects.toThrow('MD5 checksum failed for migration [1]');
    cpSync(join(MIGRATIONS_DIR, '0001.do.core.sql'), join(dir, '0001.do.core.sql'));

    writeFileSync(join(dir, '0002.do.notes.sql'), 'CREATE TABLE member_notes (id TEXT PRIMARY KEY);\n');
    writeFileSync(join(dir, '0003.do.broken.sql'), 'ALTER TABLE no_such_table ADD COLUMN x TEXT;\n');
    await expect(migrate(db, { dir })).rejects.toThrow(/no_such_table/);
    expect(await databaseSchemaVersion(db)).toBe(1);
    const { rows } = await db.query<{ present: boolean }>("SELECT to_regclass('member_notes') IS NOT NULL AS present");
    expect(rows[0]?.present).toBe(false);
  });

  it('refuse a migration numbered below the database version that never ran, instead of skipping it for ever', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hardline-migrations-order-'));
    closing.push(async () => rmSync(dir, { recursive: true, force: true }));
    cpSync(join(MIGRATIONS_DIR, '0001.do.core.sql'), join(dir, '0001.do.core.sql'));
    writeFileSync(join(dir, '0003.do.later.sql'), 'CREATE TABLE later_branch (id TEXT PRIMARY KEY);\n');
    const { db } = await emptyDatabase();
    await migrate(db, { dir });
    expect(await databaseSchemaVersion(db)).toBe(3);

    // Another branch's 0002 arrives after 0003 was deployed.
    writeFileSync(join(dir, '0002.do.earlier.sql'), 'CREATE TABLE earlier_branch (id TEXT PRIMARY KEY);\n');
    await expect(migrate(db, { dir })).rejects.toThrow(
      '0002.do.earlier.sql never ran here, and the database is already at version 3: renumber it after the newest migration (version 3) and migrate again.',
    );
    // Nor does an API built with it start there: its schema would lack the table.
    await expect(assertSchemaCurrent(db, dir)).rejects.toThrow('0002.do.earlier.sql never ran here');
    rmSync(join(dir, '0002.do.earlier.sql'));
    writeFileSync(join(dir, '0004.do.earlier.sql'), 'CREATE TABLE earlier_branch (id TEXT PRIMARY KEY);\n');
    expect((await migrate(db, { dir })).applied.map((m) => m.file)).toEqual(['0004.do.earlier.sql']);
  });

  it('run once when two migrates start together (the second waits, then finds nothing to do)', async () => {
    const { db } = await emptyDatabase();
    const [a, b] = await Promise.all([migrate(db), migrate(db)]);
    expect([a.applied.length, b.applied.length].sort((x, y) => x - y)).toEqual([0, listMigrations().length]);
    expect(await databaseSchemaVersion(db)).toBe(codeSchemaVersion());
  });

  it('let the API refuse a database older than its code, with the command to run', async () => {
    const db = await openTestDatabase({ target: 3 });
    closing.push(() => db.close());
    const refusal = assertSchemaCurrent(db);
    await expect(refusal).rejects.toBeInstanceOf(SchemaOutdatedError);
    await expect(refusal).rejects.toThrow(`The database schema is at version 3, older than this build's ${codeSchemaVersion()}`);
    await expect(refusal).rejects.toThrow('Run `npm run migrate`');
    await migrate(db);
    expect(await assertSchemaCurrent(db)).toEqual({ database: codeSchemaVersion(), code: codeSchemaVersion() });
  });

  it('name files <version>.do.<name>.sql, each version once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'hardline-migration-names-'));
    closing.push(async () => rmSync(dir, { recursive: true, force: true }));
    writeFileSync(join(dir, '0001.do.core.sql'), '');
    writeFileSync(join(dir, '0002.do.add-notes.sql'), '');
    expect(listMigrations(dir).map((m) => [m.version, m.name])).toEqual([
      [1, 'core'],
      [2, 'add-notes'],
    ]);
    writeFileSync(join(dir, '0002.do.other.sql'), '');
    expect(() => listMigrations(dir)).toThrow('Two migrations have version 2');
    rmSync(join(dir, '0002.do.other.sql'));
    writeFileSync(join(dir, '3_add_index.sql'), '');
    expect(() => listMigrations(dir)).toThrow(/3_add_index.sql is not a migration: name it <version>.do.<name>.sql/);
  });
});

describe(`the migrated schema agrees with the code (${testEngine})`, () => {
  let db: Database;
  const schema = async () => {
    db ??= await openTestDatabase();
    if (!closing.includes(closeSchemaDb)) closing.push(closeSchemaDb);
    return db;
  };
  const closeSchemaDb = () => db.close();

  it("allows exactly the contract's audit kinds (AUDIT_KINDS)", async () => {
    const { rows } = await (
      await schema()
    ).query<{ conname: string; definition: string }>(
      `SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = 'audit_entries'::regclass AND contype = 'c' AND conname LIKE 'audit\\_entries\\_kinds\\_%'`,
    );
    expect(rows).toHaveLength(1);
    const allowed = [...(rows[0]?.definition ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
    const list = AUDIT_KINDS.map((kind) => `'${kind}'`).join(', ');
    expect(
      [...allowed].sort(),
      `The audit kinds changed (src/contract/audit.ts). Add a migration, server/migrations/<next>.do.audit-kinds.sql:\n` +
        `ALTER TABLE audit_entries DROP CONSTRAINT ${rows[0]?.conname ?? '<the audit_entries_kinds_ check>'};\n` +
        `ALTER TABLE audit_entries ADD CONSTRAINT audit_entries_kinds_<new suffix> CHECK (kind IN (${list})) NOT VALID;\n`,
    ).toEqual([...AUDIT_KINDS].sort());
  });

  it("allows exactly the contract's members import statuses (IMPORT_STATUSES)", async () => {
    const { rows } = await (
      await schema()
    ).query<{ definition: string }>(
      `SELECT pg_get_constraintdef(oid) AS definition FROM pg_constraint
        WHERE conrelid = 'member_imports'::regclass AND contype = 'c' AND pg_get_constraintdef(oid) LIKE '%status%'`,
    );
    expect(rows).toHaveLength(1);
    const allowed = [...(rows[0]?.definition ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
    expect(
      [...allowed].sort(),
      'The import statuses changed (src/contract/imports.ts): add a migration that replaces the member_imports status check (server/migrations/0009.do.member-imports.sql made it).',
    ).toEqual([...IMPORT_STATUSES].sort());
  });

  it('indexes every sort key of the members list (server/users/sort.ts)', async () => {
    const { rows } = await (
      await schema()
    ).query<{ indexname: string }>(
      "SELECT indexname FROM pg_indexes WHERE tablename = 'member_rows' AND indexname LIKE 'members_org_sort_%'",
    );
    const expected = Object.entries(SORT_KEYS).map(([key]) => `members_org_sort_${key.toLowerCase()}_idx`);
    const missing = expected.filter((name) => !rows.some((r) => r.indexname === name));
    const sql = Object.entries(SORT_KEYS)
      .filter(([key]) => missing.includes(`members_org_sort_${key.toLowerCase()}_idx`))
      .map(([key, { expression }]) => `CREATE INDEX members_org_sort_${key.toLowerCase()}_idx ON members (org_id, (${expression}), id);`)
      .join('\n');
    expect(missing, `A sort key has no index. Add a migration, server/migrations/<next>.do.sort-index.sql:\n${sql}\n`).toEqual([]);
  });

  it("counts subscriptions in the tallies at the plans' prices (src/domain/plans.ts)", async () => {
    const { rows } = await (
      await schema()
    ).query<{ source: string }>("SELECT prosrc AS source FROM pg_proc WHERE proname = 'copilot_tally_subscriptions'");
    expect(
      rows[0]?.source,
      "The plans' prices changed: add a migration that replaces copilot_tally_subscriptions() (server/migrations/0005.do.billing.sql has it) with the new prices.",
    ).toContain(`CASE plan_type WHEN 'pro' THEN ${PLANS.pro.priceCents} ELSE ${PLANS.lite.priceCents} END`);
  });
});
