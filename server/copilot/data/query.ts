/**
 * An intent to figures: parameterised SQL, always scoped to the caller's organisation ($1), built
 * by the subject's family. A screen's figure comes from server/figures (the module the screens
 * read); other counts and sums come from the tallies (billing/tallies.ts) when the filters are ones
 * they keep (the whole UTC days of the window; its edges in another zone from the rows), else from
 * the rows themselves. The records an
 * answer shows (at most 10) always come from the rows, in a fixed order per subject.
 */
import type { CopilotIntent } from '../../../src/contract/api';
import type { Queryable } from '../../core/db';
import { accessFigures } from '../../figures';
import { readTallies, type TallyDb, type TallyRow, type TallySubject } from '../../billing/tallies';
import { FAMILIES } from '../families';
import type { Params as SqlParams, RecordRow, SqlContext, SubjectSql, TallyPlan } from '../families/family';
import { readScreenFigure, screenFigureOf } from '../families/figures';
import { resolveWindow, type Clock, type Range } from '../time/windows';
import { alignedWithUtc, dayIn } from '../time/zone';

export type Db = TallyDb;

interface GroupFigure {
  key: string;
  label: string;
  n: number;
  /** Sum of the measure (seconds, cents), for total/average. */
  value: number;
}

export interface Figures {
  /** Records that match. */
  n: number;
  /** Records of the subject in the window alone (null when there is no other filter). */
  scope: number | null;
  /** Sum (seconds for calls, cents for money) over the matching records. */
  sum: number;
  /** The records shown and cited: the first ones in the subject's order (or by the measure). */
  rows: RecordRow[];
  groups: GroupFigure[];
  range: Range | null;
}

/** Query parameters, numbered as they are used. */
class Params implements SqlParams {
  readonly values: unknown[];
  private readonly pending: unknown[] = [];
  constructor(orgId: string) {
    this.values = [orgId];
  }
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
  lazy(value: unknown): string {
    this.pending.push(value);
    return `\u27e8lazy${this.pending.length - 1}\u27e9`;
  }
  /** The statement with its lazy parameters numbered (call once, after every `add`). */
  render(sql: string): string {
    const numbered = new Map<number, string>();
    return sql.replace(/\u27e8lazy(\d+)\u27e9/g, (_, index: string) => {
      const i = Number(index);
      let placeholder = numbered.get(i);
      if (!placeholder) {
        placeholder = this.add(this.pending[i]);
        numbered.set(i, placeholder);
      }
      return placeholder;
    });
  }
}

function contextOf(intent: CopilotIntent, clock: Clock): SqlContext {
  return { clock, today: dayIn(clock.now, clock.zone), range: intent.filters.window ? resolveWindow(intent.filters.window, clock) : null };
}

/** The intent's SQL: its family's, with the window's condition; `windowOnly` keeps the window alone (the scope). */
function sqlOf(intent: CopilotIntent, p: Params, ctx: SqlContext, windowOnly = false): SubjectSql {
  const family = FAMILIES[intent.subject];
  const scoped = windowOnly ? { ...intent, filters: intent.filters.window ? { window: intent.filters.window } : {} } : intent;
  const sql = family.sql(scoped, p, ctx);
  const window = ctx.range ? family.windowColumn(intent) : null;
  if (ctx.range && window) {
    const { column, date } = window;
    const [from, to] = date
      ? [`${p.add(ctx.range.fromDay)}::date`, `${p.add(ctx.range.toDay)}::date`]
      : [p.add(ctx.range.from), p.add(ctx.range.to)];
    sql.where.push(`${column} >= ${from} AND ${column} < ${to}`);
  }
  return sql;
}

interface Counted {
  n: number;
  sum: number;
  groups: GroupFigure[];
}

/**
 * Counts from the tallies, or null when they cannot answer. Tallies are kept per UTC day, so a window
 * of the administrator's days ("this month" in Los Angeles starts at 07:00 or 08:00 UTC) is read as
 * the whole UTC days inside it from the tallies plus its two edges, each under a day, from the rows.
 */
async function fromTallies(db: Db, orgId: string, intent: CopilotIntent, ctx: SqlContext, windowOnly: boolean): Promise<Counted | null> {
  const filters = windowOnly ? (intent.filters.window ? { window: intent.filters.window } : {}) : intent.filters;
  const plan = FAMILIES[intent.subject].tally?.(intent, filters);
  if (!plan) return null;
  if (intent.subject === 'members') return sumRows(await readTallies(db, orgId, 'members'), plan, windowOnly);
  const { range } = ctx;
  // Days of a zone that is not UTC's cannot be told apart in a UTC day's tally.
  if (intent.groupBy === 'day' && ctx.clock.zone !== 'UTC') return null;
  const subject = intent.subject as TallySubject;
  if (!range) return sumRows(await readTallies(db, orgId, subject), plan, windowOnly);
  const inner = wholeUtcDays(range);
  if (!inner) return null;
  if (!alignedWithUtc(range.from, range.to) && FAMILIES[intent.subject].windowColumn(intent)?.date) return null;
  const tallied = sumRows(await readTallies(db, orgId, subject, { from: utcDay(inner.from), to: utcDay(inner.to) }), plan, windowOnly);
  const edges = [slice(range, range.from, inner.from), slice(range, inner.to, range.to)].filter((r): r is Range => r !== null);
  const counted = [tallied];
  for (const edge of edges) counted.push(await countDirect(db, orgId, intent, { ...ctx, range: edge }, windowOnly));
  return addCounts(counted);
}

const DAY_MS = 86_400_000;

/** The whole UTC days inside a window, or null when it holds none. */
function wholeUtcDays(range: Range): { from: Date; to: Date } | null {
  const from = new Date(Math.ceil(range.from.getTime() / DAY_MS) * DAY_MS);
  const to = new Date(Math.floor(range.to.getTime() / DAY_MS) * DAY_MS);
  return from < to ? { from, to } : null;
}

const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/** The part [from, to) of a window, or null when it is empty. */
function slice(range: Range, from: Date, to: Date): Range | null {
  return from < to ? { ...range, from, to } : null;
}

function addCounts(parts: readonly Counted[]): Counted {
  const groups = new Map<string, GroupFigure>();
  for (const g of parts.flatMap((c) => c.groups)) {
    const into = groups.get(g.key) ?? { key: g.key, label: g.label, n: 0, value: 0 };
    into.n += g.n;
    into.value += g.value;
    groups.set(g.key, into);
  }
  return {
    n: parts.reduce((s, c) => s + c.n, 0),
    sum: parts.reduce((s, c) => s + c.sum, 0),
    groups: [...groups.values()].filter((g) => g.n !== 0),
  };
}

function sumRows(rows: readonly TallyRow[], plan: TallyPlan, windowOnly: boolean): Counted {
  let n = 0;
  let sum = 0;
  const groups = new Map<string, GroupFigure>();
  for (const r of rows) {
    if (!plan.predicate(r)) continue;
    n += r.n;
    sum += r.amount;
    if (plan.group && !windowOnly) {
      const key = plan.group(r);
      const g = groups.get(key) ?? { key, label: key, n: 0, value: 0 };
      g.n += r.n;
      g.value += r.amount;
      groups.set(key, g);
    }
  }
  return { n, sum, groups: [...groups.values()].filter((g) => g.n !== 0) };
}

/** The FROM of a count: the subject's table alone when none of `parts` (SQL text) names the joined table. */
function countFrom(sql: SubjectSql, ...parts: string[]): string {
  return sql.bare && !new RegExp(`\\b${sql.bare.joined}\\.`).test(parts.join(' ')) ? sql.bare.from : sql.from;
}

async function countDirect(db: Db, orgId: string, intent: CopilotIntent, ctx: SqlContext, windowOnly: boolean): Promise<Counted> {
  const p = new Params(orgId);
  const sql = sqlOf(intent, p, ctx, windowOnly);
  const where = sql.where.join(' AND ');
  const group = !windowOnly && intent.groupBy ? sql.group[intent.groupBy] : undefined;
  if (group) {
    const from = countFrom(sql, where, sql.amount, group.key, group.label);
    const text = p.render(
      `SELECT ${group.key} AS key, min(${group.label}) AS label, count(*)::int AS n, COALESCE(sum(${sql.amount}), 0)::float8 AS value
         FROM ${from} WHERE ${where} GROUP BY 1`,
    );
    const { rows } = await db.query<{ key: string; label: string; n: number; value: number }>(text, p.values);
    const groups = rows.map((r) => ({ key: String(r.key ?? ''), label: String(r.label ?? ''), n: Number(r.n), value: Number(r.value) }));
    return { n: groups.reduce((s, g) => s + g.n, 0), sum: groups.reduce((s, g) => s + g.value, 0), groups };
  }
  const text = p.render(
    `SELECT count(*)::int AS n, COALESCE(sum(${sql.amount}), 0)::float8 AS sum FROM ${countFrom(sql, where, sql.amount)} WHERE ${where}`,
  );
  const { rows } = await db.query<{ n: number; sum: number }>(text, p.values);
  return { n: Number(rows[0]?.n ?? 0), sum: Number(rows[0]?.sum ?? 0), groups: [] };
}

/** Members by access level with no other filter: the Billing Overview's Subscription Breakdown. */
async function breakdown(db: Db, orgId: string, clock: Clock): Promise<Counted> {
  const levels = await accessFigures(db, orgId, clock.now);
  const groups = (['pro', 'lite', 'trial', 'free'] as const).map((k) => ({ key: k, label: k, n: levels[k], value: 0 }));
  return { n: levels.totalUsers, sum: 0, groups: groups.filter((g) => g.n > 0) };
}

async function count(db: Db, orgId: string, intent: CopilotIntent, ctx: SqlContext, windowOnly: boolean): Promise<Counted> {
  if (!windowOnly) {
    const figure = intent.measure === 'count' || intent.measure === 'list' ? screenFigureOf(intent) : null;
    if (figure) return { n: await readScreenFigure(db, orgId, figure, ctx.clock.now), sum: 0, groups: [] };
    const keys = Object.values(intent.filters).filter((v) => v !== undefined);
    if (intent.subject === 'members' && intent.groupBy === 'plan' && keys.length === 0) return breakdown(db, orgId, ctx.clock);
  }
  return (await fromTallies(db, orgId, intent, ctx, windowOnly)) ?? countDirect(db, orgId, intent, ctx, windowOnly);
}

function hasFiltersBeyondWindow(intent: CopilotIntent): boolean {
  return Object.entries(intent.filters).some(([k, v]) => k !== 'window' && v !== undefined);
}

/** Everything an answer needs: the count (and scope), the sum, the groups, and up to `limit` records. */
export async function computeFigures(db: Db, orgId: string, intent: CopilotIntent, clock: Clock, limit: number): Promise<Figures> {
  const ctx = contextOf(intent, clock);
  const counted = await count(db, orgId, intent, ctx, false);
  const scope = hasFiltersBeyondWindow(intent)
    ? (await count(db, orgId, { ...intent, groupBy: undefined } as CopilotIntent, ctx, true)).n
    : null;
  let rows: RecordRow[] = [];
  if (counted.n > 0 && limit > 0) {
    const p = new Params(orgId);
    const sql = sqlOf(intent, p, ctx);
    const text = p.render(
      `SELECT ${sql.select} FROM ${sql.from} WHERE ${sql.where.join(' AND ')} ORDER BY ${sql.order} LIMIT ${p.add(limit)}`,
    );
    rows = (await db.query<RecordRow>(text, p.values)).rows;
  }
  return { n: counted.n, scope, sum: counted.sum, rows, groups: counted.groups, range: ctx.range };
}

/** Member ids of `ids` that belong to the organisation, with their names (a person filter sent back by the console is re-read). */
export async function membersOf(db: Queryable, orgId: string, ids: readonly string[]): Promise<Array<{ id: string; name: string }>> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string; name: string }>(
    'SELECT id, name FROM members WHERE org_id = $1 AND id = ANY($2::text[]) ORDER BY name, id',
    [orgId, [...ids]],
  );
  return rows;
}
