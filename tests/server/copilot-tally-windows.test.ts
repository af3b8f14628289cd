// @vitest-environment node
/**
 * Counts over the administrator's days from the tallies. The tallies are kept per UTC day; a window
 * of another zone ("this month" in Los Angeles begins at 07:00 UTC) is read as the whole UTC days
 * inside it from the tallies, plus its two edges, each under a day, from the rows. Whatever the
 * zone, the figures are the rows' own (plain SQL over the window's instants), and no statement
 * reads the rows of more than a day of the window.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopilotIntent } from '../../src/contract/api';
import type { Queryable } from '../../server/core/db';
import { computeFigures, type Db } from '../../server/copilot/data/query';
import { answerQuestion } from '../../server/copilot/engine';
import { resolveWindow } from '../../server/copilot/time/windows';
import { createCopilotHarness, NOW, type CopilotHarness } from './copilot-harness';

let h: CopilotHarness;

/** Payments of the seeded organisation a few minutes either side of the midnights below (UTC). */
const EDGES = [
  '2025-05-31T23:55:00Z',
  '2025-06-01T00:05:00Z',
  '2025-06-01T06:55:00Z', // May 31 23:55 in Los Angeles
  '2025-06-01T07:05:00Z', // Jun 1 00:05 in Los Angeles
  '2025-05-31T11:55:00Z', // May 31 23:55 in Auckland
  '2025-05-31T12:05:00Z', // Jun 1 00:05 in Auckland
  '2025-05-31T18:10:00Z', // May 31 23:55 in Kathmandu (UTC+5:45)
  '2025-05-31T18:20:00Z', // Jun 1 00:05 in Kathmandu
  '2025-06-11T06:55:00Z',
  '2025-06-11T07:05:00Z',
];

const ZONES = ['UTC', 'America/Los_Angeles', 'Pacific/Auckland', 'Asia/Kathmandu', 'Pacific/Chatham'];

const QUESTIONS = [
  'how much did we collect in payments this month',
  'failed payments last month',
  'payments this week by status',
  'how many subscriptions started this month',
  'pro subscriptions started last month by status',
  'how many invoices were issued this month',
  'unpaid invoices issued last month by plan',
];

beforeAll(async () => {
  h = await createCopilotHarness({ users: 120 });
  const { rows } = await h.db.query<{ id: string; name: string }>('SELECT id, name FROM members WHERE org_id = $1 ORDER BY id LIMIT 1', [
    h.orgId,
  ]);
  const member = rows[0];
  for (const [i, at] of EDGES.entries())
    await h.db.query(
      `INSERT INTO transactions (id, org_id, member_id, member_name, type, status, amount, description, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 1234, 'Edge payment', $7)`,
      [`edge-${i}`, h.orgId, member?.id, member?.name, i % 3 ? 'payment_succeeded' : 'payment_failed', i % 3 ? 'succeeded' : 'failed', at],
    );
}, 180_000);

afterAll(() => h?.close());

/** The statements a computation sends, with their parameters. */
function recording(db: Db): { db: Db; statements: Array<{ text: string; values: readonly unknown[] }> } {
  const statements: Array<{ text: string; values: readonly unknown[] }> = [];
  const query: Queryable['query'] = (text, values) => {
    statements.push({ text, values: values ?? [] });
    return db.query(text, values);
  };
  return { db: { query } as Db, statements };
}

/** The same figures from the rows alone: the intent's window as plain instants in SQL. */
async function fromRows(intent: CopilotIntent, zone: string): Promise<{ n: number; sum: number }> {
  const window = intent.filters.window;
  if (!window) throw new Error('the question has no window');
  const range = resolveWindow(window, { now: NOW, zone });
  const f = intent.filters;
  const [table, column, amount] =
    intent.subject === 'transactions'
      ? ['transactions', 'created_at', 'amount']
      : intent.subject === 'invoices'
        ? ['invoices', 'created_at', 'amount_due']
        : ['subscriptions', 'created_at', '0'];
  const where = ['org_id = $1', `${column} >= $2`, `${column} < $3`];
  const values: unknown[] = [h.orgId, range.from, range.to];
  if (intent.subject === 'transactions' && f.type === 'payment') where.push("type IN ('payment_succeeded', 'payment_failed')");
  if (intent.subject === 'transactions' && f.status) where.push(`status = '${f.status}'`);
  if (intent.subject === 'invoices' && f.status === 'unpaid') where.push("status IN ('open', 'uncollectible')");
  if (intent.subject === 'subscriptions' && f.status && f.status !== 'live') where.push(`status = '${f.status}'`);
  if (f.plan) where.push(`plan_type = '${f.plan}'`);
  const { rows } = await h.db.query<{ n: number; sum: number }>(
    `SELECT count(*)::int AS n, COALESCE(sum(${amount}), 0)::float8 AS sum FROM ${table} WHERE ${where.join(' AND ')}`,
    values,
  );
  return { n: Number(rows[0]?.n), sum: Number(rows[0]?.sum) };
}

describe('counts over the administrator’s days', () => {
  for (const zone of ZONES)
    it(`in ${zone} are the rows' own, and read no more than a day of rows outside the tallies`, async () => {
      for (const question of QUESTIONS) {
        const clock = { now: NOW, zone };
        const { intent } = await answerQuestion(h.db, h.orgId, question, undefined, clock);
        expect(intent?.filters.window, question).toBeDefined();
        if (!intent) continue;
        const { db, statements } = recording(h.db);
        const figures = await computeFigures(db, h.orgId, intent, clock, 0);
        const rows = await fromRows(intent, zone);
        expect(figures.n, `${zone}: ${question}`).toBe(rows.n);
        if (intent.subject !== 'subscriptions') expect(figures.sum, `${zone}: ${question}`).toBe(rows.sum);
        if (intent.groupBy)
          expect(
            figures.groups.reduce((s, g) => s + g.n, 0),
            `${zone}: ${question}`,
          ).toBe(rows.n);
        // The tallies answer the whole UTC days; a statement over the rows covers an edge under a day.
        expect(
          statements.some((s) => /FROM copilot_tallies/.test(s.text)),
          `${zone}: ${question}`,
        ).toBe(true);
        for (const s of statements.filter((st) => !/copilot_tallies/.test(st.text))) {
          const instants = s.values.filter((value): value is Date => value instanceof Date);
          expect(instants, `${zone}: ${question}: ${s.text}`).toHaveLength(2);
          const [from, to] = instants as [Date, Date];
          expect(to.getTime() - from.getTime(), `${zone}: ${question}`).toBeLessThan(86_400_000);
        }
      }
    });
});
