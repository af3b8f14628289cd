// @vitest-environment node
/**
 * The Assistant's data layer: counts from the tallies stay exact through every kind of write (and
 * their compaction), a database from before issue 15 is upgraded in place, the follow-up contract
 * (previousIntent) is validated and scoped like any input, and no answer reaches another
 * organisation's records or invents a figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApiErrorBodySchema, type CopilotIntent } from '../../src/contract/api';
import { readTallies, type TallySubject } from '../../server/billing/tallies';
import { createCopilotHarness, NOW, type CopilotHarness } from './copilot-harness';
import { migrationSql } from './support/db';

let h: CopilotHarness;

beforeAll(async () => {
  h = await createCopilotHarness({ users: 120 });
}, 180_000);

afterAll(async () => {
  await h?.close();
});

const KEYS: Record<TallySubject, string> = {
  members: 'NULL::text AS day, role AS a, is_active::text AS b, has_license::text AS c, 0::float8 AS amount',
  subscriptions: `to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, status AS a, plan_type AS b, cancel_at_period_end::text AS c, (CASE plan_type WHEN 'pro' THEN 12999 ELSE 4999 END)::float8 AS amount`,
  invoices: `to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, status AS a, plan_type AS b, NULL::text AS c, amount_due::float8 AS amount`,
  transactions: `to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, type AS a, status AS b, NULL::text AS c, amount::float8 AS amount`,
};

/** Counts and sums per group, straight from the rows. */
async function fromRows(subject: TallySubject, orgId: string): Promise<Record<string, [number, number]>> {
  const { rows } = await h.db.query<{ day: string | null; a: string; b: string; c: string | null; n: number; amount: number }>(
    `SELECT day, a, b, c, count(*)::int AS n, sum(amount)::float8 AS amount FROM (SELECT ${KEYS[subject]} FROM ${subject} WHERE org_id = $1) x GROUP BY day, a, b, c`,
    [orgId],
  );
  return Object.fromEntries(rows.map((r) => [`${r.day}|${r.a}|${r.b}|${r.c}`, [Number(r.n), Number(r.amount)]]));
}

async function fromTallies(subject: TallySubject, orgId: string): Promise<Record<string, [number, number]>> {
  const rows = await readTallies(h.db, orgId, subject, { byDay: subject !== 'members' });
  return Object.fromEntries(rows.filter((r) => r.n !== 0).map((r) => [`${r.day}|${r.a}|${r.b}|${r.c}`, [r.n, r.amount]]));
}

async function expectTalliesExact() {
  for (const subject of ['members', 'subscriptions', 'invoices', 'transactions'] as const) {
    for (const orgId of [h.orgId, h.otherOrgId])
      expect(await fromTallies(subject, orgId), `${subject} of ${orgId}`).toEqual(await fromRows(subject, orgId));
  }
}

const firstNumber = (text: string) => Number((/\d[\d,]*/.exec(text.split('\n')[0] ?? '')?.[0] ?? 'NaN').replace(/,/g, ''));

describe('counts kept by the tallies', () => {
  it('match the rows after the seed, and after inserts, updates of one row and of many, and deletes', async () => {
    await expectTalliesExact();
    const { rows: some } = await h.db.query<{ id: string }>(
      "SELECT id FROM members WHERE org_id = $1 AND role <> 'Admin' ORDER BY id LIMIT 6",
      [h.orgId],
    );
    const ids = some.map((r) => r.id);
    await h.db.query("UPDATE members SET is_active = NOT is_active WHERE org_id = $1 AND role = 'Supervisor'", [h.orgId]);
    await h.db.query("UPDATE members SET role = 'Project Manager', has_license = NOT has_license WHERE id = $1", [ids[0]]);
    await h.db.query('UPDATE members SET last_active_at = $2 WHERE org_id = $1', [h.orgId, NOW]);
    await h.db.query(
      `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active)
       VALUES ('tally-1', $1, 'Tally One', 'tally1@example.com', '+15550001001', 'Field Worker', false, false),
              ('tally-2', $1, 'Tally Two', 'tally2@example.com', '+15550001002', 'Supervisor', true, false)`,
      [h.orgId],
    );
    // Deleting members cascades to their subscriptions and calls, and detaches their invoices.
    await h.db.query('DELETE FROM members WHERE id = ANY($1::text[])', [ids.slice(1, 3)]);
    await h.db.query("UPDATE subscriptions SET status = 'canceled', canceled_at = $2 WHERE org_id = $1 AND status = 'past_due'", [
      h.orgId,
      NOW,
    ]);
    await h.db.query("UPDATE invoices SET status = 'void' WHERE org_id = $1 AND status = 'uncollectible'", [h.orgId]);
    await h.db
      .query(
        `INSERT INTO transactions (id, org_id, member_id, member_name, type, status, amount, description, created_at)
       SELECT 'tally-txn-' || g, $1, $2, 'Tally One', 'payment_failed', 'failed', 4999, 'Declined', $3 FROM generate_series(1, 3) g`,
        [h.orgId, 'tally-1', NOW],
      )
      .catch(async () =>
        // A database without the member-name snapshot column (before issue 11's history change).
        h.db.query(
          `INSERT INTO transactions (id, org_id, member_id, type, status, amount, description, created_at)
         SELECT 'tally-txn-' || g, $1, $2, 'payment_failed', 'failed', 4999, 'Declined', $3 FROM generate_series(1, 3) g`,
          [h.orgId, 'tally-1', NOW],
        ),
      );
    await expectTalliesExact();

    // The answers read them: the same figures as plain SQL.
    const { rows: pending } = await h.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND NOT is_active',
      [h.orgId],
    );
    expect(firstNumber((await h.ask('How many users are pending?')).text)).toBe(pending[0]?.n);
    const { rows: failed } = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM transactions WHERE org_id = $1 AND status = 'failed' AND created_at >= '2025-06-11'",
      [h.orgId],
    );
    expect(firstNumber((await h.ask('failed payments today')).text)).toBe(failed[0]?.n);
  });

  it('compact many small changes into one row per group, figures unchanged', async () => {
    const { rows } = await h.db.query<{ id: string }>(
      "SELECT id FROM members WHERE org_id = $1 AND role = 'Field Worker' ORDER BY id LIMIT 1",
      [h.orgId],
    );
    for (let i = 0; i < 500; i += 1) await h.db.query('UPDATE members SET has_license = NOT has_license WHERE id = $1', [rows[0]?.id]);
    const raw = async () =>
      (
        await h.db.query<{ n: number }>("SELECT count(*)::int AS n FROM copilot_tallies WHERE org_id = $1 AND subject = 'members'", [
          h.orgId,
        ])
      ).rows[0]?.n ?? 0;
    expect(await raw()).toBeGreaterThan(500);
    await expectTalliesExact(); // the read compacts
    expect(await raw()).toBeLessThanOrEqual(16);
    await expectTalliesExact();
  });

  it('leave compact rows alone: rows over many days are one per day and group, not pieces to merge', async () => {
    // 600 payments on 600 different days: 600 tally rows, each already a group of its own.
    await h.db.query(
      `INSERT INTO transactions (id, org_id, member_id, member_name, type, status, amount, description, created_at)
       SELECT 'days-txn-' || g, $1, NULL, 'Former Member', 'payment_succeeded', 'succeeded', 4999, 'Paid', $2::timestamptz - g * interval '1 day'
         FROM generate_series(1, 600) g`,
      [h.orgId, NOW],
    );
    const rowsOnDisk = async () =>
      (
        await h.db.query<{ at: string }>(
          "SELECT string_agg(ctid::text, ',' ORDER BY ctid) AS at FROM copilot_tallies WHERE org_id = $1 AND subject = 'transactions'",
          [h.orgId],
        )
      ).rows[0]?.at;
    await readTallies(h.db, h.orgId, 'transactions');
    const before = await rowsOnDisk();
    await readTallies(h.db, h.orgId, 'transactions');
    await readTallies(h.db, h.orgId, 'transactions');
    expect(await rowsOnDisk()).toBe(before); // not deleted and written again by every read
    await expectTalliesExact();
  });
});

describe('a database from before issue 15', () => {
  it('gains the search columns (filled), their indexes and backfilled tallies; applied again, nothing changes', async () => {
    // Put this database back the way issue 15 found it (server/copilot/schema.ts at commit 8adf71e):
    // expression indexes instead of stored tsvectors, no tallies and no triggers keeping them; and
    // `members` the table it was then (0013, Recently deleted, renamed it `member_rows` behind a view).
    await h.db.exec(`
      DROP VIEW members; ALTER TABLE member_rows RENAME TO members;
      DROP INDEX calls_search_vector_idx; DROP INDEX tasks_search_vector_idx;
      ALTER TABLE calls DROP COLUMN search; ALTER TABLE tasks DROP COLUMN search;
      CREATE INDEX calls_search_idx ON calls USING GIN (to_tsvector('english', site || ' ' || summary));
      CREATE INDEX tasks_search_idx ON tasks USING GIN (to_tsvector('english', title));
      DROP TABLE copilot_tallies CASCADE;
      ${['members', 'subscriptions', 'invoices', 'transactions']
        .map(
          (t) =>
            `DROP TRIGGER copilot_tally_${t}_insert ON ${t}; DROP TRIGGER copilot_tally_${t}_update ON ${t}; DROP TRIGGER copilot_tally_${t}_delete ON ${t}; DROP FUNCTION copilot_tally_${t}();`,
        )
        .join('\n')}
    `);
    // The upgrade applies, in order, billing's migration (with the tallies), the Assistant's, and
    // Recently deleted's (the members tally as it counts now, on `member_rows`).
    await h.db.exec(migrationSql('billing'));
    await h.db.exec(migrationSql('copilot'));
    const shape = async () => ({
      indexes: (
        await h.db.query<{ indexname: string }>("SELECT indexname FROM pg_indexes WHERE tablename IN ('calls', 'tasks') ORDER BY indexname")
      ).rows.map((r) => r.indexname),
      tallies: (await h.db.query<{ n: number }>('SELECT count(*)::int AS n FROM copilot_tallies')).rows[0]?.n,
    });
    const first = await shape();
    // Applied again (idempotent, like every migration here), the Assistant's changes nothing.
    await h.db.exec(migrationSql('copilot'));
    expect(await shape()).toEqual(first);
    await h.db.exec(migrationSql('recently-deleted'));
    expect(first.indexes).toEqual(expect.arrayContaining(['calls_search_vector_idx', 'tasks_search_vector_idx']));
    expect(first.indexes).not.toContain('calls_search_idx');
    expect(first.indexes).not.toContain('tasks_search_idx');
    const { rows } = await h.db.query<{ calls: number; filled: number; crane: number }>(
      `SELECT count(*)::int AS calls, count(search)::int AS filled,
              count(*) FILTER (WHERE search @@ to_tsquery('english', 'crane'))::int AS crane,
              count(*) FILTER (WHERE summary ILIKE '%crane%')::int AS crane_text
         FROM calls WHERE org_id = $1`,
      [h.orgId],
    );
    expect(rows[0]?.filled).toBe(rows[0]?.calls);
    expect(rows[0]?.crane).toBe((rows[0] as unknown as { crane_text: number }).crane_text);
    await expectTalliesExact();
    // ...and the triggers are back: a change shows in the next count.
    await h.db.query("UPDATE members SET is_active = false WHERE org_id = $1 AND role = 'Admin' AND id <> $2", [h.orgId, h.adminId]);
    await expectTalliesExact();
    expect((await h.ask('who reported the crane issue')).sources.length).toBeGreaterThan(0);
  }, 60_000);
});

describe('follow-ups: the previousIntent the console sends back', () => {
  it('refines the previous answer', async () => {
    const first = await h.ask('How many users are pending?');
    expect(first.intent).toEqual({ subject: 'members', measure: 'count', filters: { status: 'pending' } });
    const next = await h.ask('which of them are supervisors?', first.intent);
    const { rows } = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND NOT is_active AND role = 'Supervisor'",
      [h.orgId],
    );
    expect(firstNumber(next.text)).toBe(rows[0]?.n);
    expect(next.intent?.filters).toEqual({ status: 'pending', role: 'Supervisor' });
  });

  it('is validated like any input: 400 naming the field', async () => {
    for (const [previousIntent, field] of [
      [{ subject: 'weather', measure: 'count', filters: {} }, 'previousIntent.subject'],
      [{ subject: 'calls', measure: 'count', filters: { site: 'x'.repeat(201) } }, 'previousIntent.filters.site'],
      [{ subject: 'calls', measure: 'count', filters: { person: { ids: [], name: 'Nobody' } } }, 'previousIntent.filters.person.ids'],
      [
        { subject: 'calls', measure: 'count', filters: { window: { kind: 'since', date: "2025-06-01'; DROP TABLE calls; --" } } },
        'previousIntent.filters.window.date',
      ],
      ['members', 'previousIntent'],
    ] as const) {
      const res = await h.json('POST', '/api/copilot/ask', { query: 'and last week?', isAdmin: true, previousIntent });
      expect(res.status, JSON.stringify(previousIntent)).toBe(400);
      expect(v.parse(ApiErrorBodySchema, res.body).field).toBe(field);
    }
  });

  it('drops a person of another organisation instead of reading their records', async () => {
    const { rows } = await h.db.query<{ id: string; name: string }>('SELECT id, name FROM members WHERE org_id = $1 ORDER BY id LIMIT 1', [
      h.otherOrgId,
    ]);
    const stranger = rows[0];
    if (!stranger) throw new Error('no member in the other organisation');
    const forged: CopilotIntent = {
      subject: 'calls',
      measure: 'count',
      filters: { person: { ids: [stranger.id], name: 'Forged Name' }, window: { kind: 'this_week' } },
    };
    const answer = await h.ask('and last week?', forged);
    const { rows: calls } = await h.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM calls WHERE org_id = $1 AND started_at >= '2025-06-02' AND started_at < '2025-06-09'",
      [h.orgId],
    );
    expect(firstNumber(answer.text)).toBe(calls[0]?.n);
    expect(answer.text).not.toContain('Forged Name');
    expect(answer.text).not.toContain(stranger.name);
    expect(answer.intent?.filters.person).toBeUndefined();
  });
});

describe("the caller's organisation only", () => {
  const TABLE: Record<string, string> = {
    user: 'members',
    call: 'calls',
    task: 'tasks',
    subscription: 'subscriptions',
    invoice: 'invoices',
    transaction: 'transactions',
  };

  it('cites only its records, whatever is asked', async () => {
    const questions = [
      'list pending users',
      'calls this week',
      'who made the most calls this month',
      'open tasks by assignee',
      'failed payments this month',
      'latest invoice',
      'active subscriptions',
      'who reported the crane issue',
      'concrete pour at harbor point',
      'last 5 calls',
    ];
    for (const question of questions) {
      const answer = await h.ask(question);
      expect(answer.sources.length, question).toBeGreaterThan(0);
      for (const source of answer.sources) {
        if (source.link?.to === 'member') {
          const { rows } = await h.db.query<{ org_id: string }>('SELECT org_id FROM members WHERE id = $1', [source.link.id]);
          expect(rows[0]?.org_id, `${question}: ${source.title} links to a member of the organisation`).toBe(h.orgId);
        }
        // A screen's figure or list: no row of its own, a link to the screen.
        if (source.type === 'figure' || source.type === 'list') {
          expect(source.link, `${question}: ${source.title}`).toBeDefined();
          continue;
        }
        const table = TABLE[source.type];
        expect(table, `${question}: ${source.type}`).toBeDefined();
        const { rows } = await h.db.query<{ org_id: string }>(`SELECT org_id FROM ${table} WHERE id = $1`, [source.id]);
        expect(rows[0]?.org_id, `${question}: ${source.title}`).toBe(h.orgId);
      }
    }
  });

  it('never gives a figure for what is not in its data', async () => {
    for (const question of [
      'asdf qwerty zzzz',
      "what's the weather like at the site tomorrow",
      'write a limerick about rebar',
      'how many members does Acme Corp have',
      'and last week?',
    ]) {
      const answer = await h.ask(question);
      expect(answer.text, question).not.toMatch(/\d/);
      expect(answer.sources, question).toEqual([]);
      expect(answer.webSearchUsed).toBe(false);
      expect(answer.intent, question).toBeUndefined();
    }
  });
});
