// @vitest-environment node
/**
 * Planner statistics and dead rows on the embedded database (server/core/maintenance.ts): PGlite
 * has no autovacuum, so the seed analyses what it filled and the API schedules ANALYZE / VACUUM
 * itself. Without statistics the Assistant's subscription and tally queries planned badly (p95
 * 200 ms instead of 30 ms at 100,000 members over HTTP).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBillingModule } from '../../server/billing';
import { createCopilotModule } from '../../server/copilot';
import { openDatabase, type Database } from '../../server/core/db';
import { startMaintenance } from '../../server/core/maintenance';
import { migrate } from '../../server/core/migrate';
import { seedDatabase } from '../../server/seed';
import { openTestDatabase } from './support/db';

const NOW = new Date('2025-06-11T15:00:00.000Z');
const TABLES = ['members', 'subscriptions', 'transactions', 'invoices', 'copilot_tallies'];

async function neverAnalysed(db: Database): Promise<string[]> {
  // reltuples is -1 until a table is first analysed (or vacuumed).
  const { rows } = await db.query<{ relname: string }>(
    `SELECT relname FROM pg_class WHERE relname = ANY($1::text[]) AND relkind = 'r' AND pg_table_is_visible(oid) AND reltuples < 0 ORDER BY relname`,
    [TABLES],
  );
  return rows.map((r) => r.relname);
}

describe('database statistics', () => {
  let db: Database | null = null;
  afterEach(async () => {
    await db?.close();
    db = null;
  });

  it('the seed leaves every table it filled analysed', async () => {
    const clock = () => NOW;
    const modules = [createBillingModule({ clock }), createCopilotModule({ clock })];
    db = await openTestDatabase();
    await seedDatabase(db, {
      modules,
      config: { apiOrigin: 'http://127.0.0.1:8787', webOrigin: 'http://127.0.0.1:5173' },
      adminSub: 'stats-admin',
      users: 40,
      now: NOW,
    });
    expect(await neverAnalysed(db)).toEqual([]);
  });

  it('on PGlite the API analyses a database it did not seed when it starts', async () => {
    db = await openDatabase(); // PGlite whatever the suite's engine: this is its housekeeping
    await migrate(db);
    await db.exec(`INSERT INTO organizations (id, name, created_at) VALUES ('${crypto.randomUUID()}', 'Stats Ltd', now())`);
    const before = await neverAnalysed(db);
    expect(before.length).toBeGreaterThan(0);
    const maintenance = startMaintenance(db);
    await maintenance.running;
    await maintenance.stop();
    expect(await neverAnalysed(db)).toEqual([]);
  });
});

describe('the maintenance schedule', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  function fakeDb(engine: Database['engine']) {
    const statements: string[] = [];
    let finish: (() => void) | null = null;
    return {
      statements,
      finish: () => finish?.(),
      db: {
        engine,
        exec: (sql: string) => {
          statements.push(sql);
          return new Promise<void>((resolve) => {
            finish = resolve;
          });
        },
      },
    };
  }

  it('on PGlite: ANALYZE at start, VACUUM ANALYZE every interval, never two at once, nothing after stop', async () => {
    vi.useFakeTimers();
    const fake = fakeDb('pglite');
    const maintenance = startMaintenance(fake.db, { everyMs: 1000 });
    expect(fake.statements).toEqual(['ANALYZE']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.statements).toEqual(['ANALYZE']); // the first pass is still running: skipped
    fake.finish();
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.statements).toEqual(['ANALYZE', 'VACUUM ANALYZE']);
    fake.finish();
    await maintenance.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.statements).toEqual(['ANALYZE', 'VACUUM ANALYZE']);
  });

  it('after a seed that analysed, the start-up ANALYZE is skipped', async () => {
    vi.useFakeTimers();
    const fake = fakeDb('pglite');
    const maintenance = startMaintenance(fake.db, { everyMs: 1000, analyzed: true });
    expect(fake.statements).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fake.statements).toEqual(['VACUUM ANALYZE']);
    fake.finish();
    await maintenance.stop();
  });

  it('a failed pass is reported and the next one still runs', async () => {
    vi.useFakeTimers();
    const errors: unknown[] = [];
    const statements: string[] = [];
    const db = { engine: 'pglite' as const, exec: (sql: string) => (statements.push(sql), Promise.reject(new Error('disk full'))) };
    const maintenance = startMaintenance(db, { everyMs: 1000, onError: (e) => errors.push(e) });
    await vi.advanceTimersByTimeAsync(1000);
    expect(statements).toEqual(['ANALYZE', 'VACUUM ANALYZE']);
    expect(errors).toHaveLength(2);
    await maintenance.stop();
  });

  it('on PostgreSQL nothing is scheduled: autovacuum does it', async () => {
    vi.useFakeTimers();
    const fake = fakeDb('postgres');
    const maintenance = startMaintenance(fake.db, { everyMs: 1000 });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fake.statements).toEqual([]);
    await maintenance.stop();
  });
});
