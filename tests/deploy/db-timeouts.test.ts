// @vitest-environment node
/**
 * Every PostgreSQL connection of the API carries `statement_timeout`, `lock_timeout` and
 * `idle_in_transaction_session_timeout` (issue 37 item 7): the defaults, or the DATABASE_*_MS
 * variables, read by the production configuration and seen by the server (SHOW).
 */
import { afterAll, describe, expect, it } from 'vitest';
import { databaseArea, logArea, parseConfig, type Env } from '../../server/core/config';
import type { Database } from '../../server/core/db';
import { createLogger } from '../../server/core/log';
import { openConfiguredDatabase } from '../../server/runtime';
import { createTestDatabaseUrl } from '../server/support/db';
import { postgresServerUrl } from './support';

postgresServerUrl();
const closing: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
});

/** The API's database as production opens it, from these variables. */
async function openAsConfigured(variables: Env): Promise<Database> {
  const created = await createTestDatabaseUrl();
  if (!created) throw new Error('no PostgreSQL');
  const config = parseConfig({ database: databaseArea, log: logArea }, { DATABASE_URL: created.url, LOG_LEVEL: 'silent', ...variables });
  const db = await openConfiguredDatabase(config.database, createLogger({ level: 'silent' }));
  closing.push(async () => {
    await db.close();
    await created.drop();
  });
  return db;
}

async function settings(db: Queryable): Promise<Record<string, string>> {
  const read = async (name: string) => (await db.query<Record<string, string>>(`SHOW ${name}`)).rows[0]?.[name] ?? '';
  return {
    statement_timeout: await read('statement_timeout'),
    lock_timeout: await read('lock_timeout'),
    idle_in_transaction_session_timeout: await read('idle_in_transaction_session_timeout'),
  };
}
type Queryable = Pick<Database, 'query'>;

describe('PostgreSQL connection limits', () => {
  it('are set on every connection, pooled or in a transaction: 30 s per statement, 10 s per lock, 1 min idle in a transaction', async () => {
    const db = await openAsConfigured({});
    const expected = { statement_timeout: '30s', lock_timeout: '10s', idle_in_transaction_session_timeout: '1min' };
    expect(await settings(db)).toEqual(expected);
    expect(await db.transaction((tx) => settings(tx))).toEqual(expected);
  });

  it('follow DATABASE_STATEMENT_TIMEOUT_MS, DATABASE_LOCK_TIMEOUT_MS and DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS', async () => {
    const db = await openAsConfigured({
      DATABASE_STATEMENT_TIMEOUT_MS: '5000',
      DATABASE_LOCK_TIMEOUT_MS: '250',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '120000',
    });
    expect(await settings(db)).toEqual({ statement_timeout: '5s', lock_timeout: '250ms', idle_in_transaction_session_timeout: '2min' });
  });

  it('give up a lock held too long, and cancel a statement that runs too long, instead of waiting for ever', async () => {
    const db = await openAsConfigured({ DATABASE_STATEMENT_TIMEOUT_MS: '300', DATABASE_LOCK_TIMEOUT_MS: '200' });
    await db.exec('CREATE TABLE held (id int PRIMARY KEY); INSERT INTO held VALUES (1);');
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked = () => {};
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = db.transaction(async (tx) => {
      await tx.query('SELECT id FROM held WHERE id = 1 FOR UPDATE');
      locked();
      await released;
    });
    await isLocked;
    try {
      await expect(db.transaction((tx) => tx.query('SELECT id FROM held WHERE id = 1 FOR UPDATE'))).rejects.toMatchObject({
        code: '55P03', // lock_not_available
      });
    } finally {
      release();
      await holder;
    }
    await expect(db.query('SELECT pg_sleep(5)')).rejects.toMatchObject({ code: '57014' }); // query_canceled
  });
});
