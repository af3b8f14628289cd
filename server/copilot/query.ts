/**
 * An intent to figures: parameterised SQL, always scoped to the caller's organisation ($1), over
 * the subject's table and the members it refers to. Counts and sums come from the tallies
 * (tallies.ts) when the filters are ones they keep, else from the rows themselves; the records an
 * answer shows (at most 10) always come from the rows, in a fixed order per subject.
 */
import type { CopilotIntent } from '../../src/contract/api';
import type { Queryable } from '../core/db';
import { accessLevelSql } from '../billing/access';
import { accessCounts, paidCounts } from '../billing/counts';
import { PLANS } from '../../src/domain/plans';
import type { Group } from './lexicon';
import { readTallies, type TallyDb, type TallyRow } from '../billing/tallies';
import { isoDay, resolveWindow, type Range } from './time';

export type Db = TallyDb;

/** A record of the answer: shown in its text and cited as a source. */
export interface RecordRow {
  id: string;
  [column: string]: unknown;
}

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

/**
 * Query parameters. `lazy` ones get their number when the final text uses them (`render`), since
 * PostgreSQL refuses a parameter that the statement never reads.
 */
class Params {
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

const PRICE_SQL = `CASE s.plan_type WHEN 'pro' THEN ${PLANS.pro.priceCents} ELSE ${PLANS.lite.priceCents} END`;
const dayOf = (column: string) => `to_char((${column} AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD')`;

interface SubjectSql {
  from: string;
  /**
   * The subject's table alone, and the alias of what `from` joins to it: a count whose filters and
   * grouping never name that alias reads the table alone (each join is to one row at most, so the
   * count is the same), instead of joining every member of the organisation to it.
   */
  bare?: { from: string; joined: string };
  where: string[];
  /** The column a sum / average / longest reads. */
  amount: string;
  order: string;
  select: string;
  group: Partial<Record<Group, { key: string; label: string }>>;
}

function windowColumn(intent: CopilotIntent): string | null {
  const field = intent.filters.window?.field;
  switch (intent.subject) {
    case 'members':
      return field === 'active' ? 'm.last_active_at' : 'm.created_at';
    case 'calls':
      return 'c.started_at';
    case 'tasks':
      return field === 'completed' ? 't.completed_at' : field === 'due' ? 't.due_date' : 't.created_at';
    case 'subscriptions':
      return field === 'canceled' ? 's.canceled_at' : 's.created_at';
    case 'invoices':
      return 'i.created_at';
    case 'transactions':
      return 'x.created_at';
  }
}

/** The SQL of an intent's subject and filters; `windowOnly` keeps the window filter alone (the scope). */
function sqlOf(intent: CopilotIntent, p: Params, now: Date, options: { windowOnly?: boolean } = {}): SubjectSql {
  const f = options.windowOnly ? { ...(intent.filters.window ? { window: intent.filters.window } : {}) } : intent.filters;
  const where: string[] = [];
  const today = isoDay(now);
  const range = f.window ? resolveWindow(f.window, now) : null;
  const col = windowColumn(intent);
  if (range && col) {
    if (col === 't.due_date') where.push(`${col} >= ${p.add(isoDay(range.from))}::date AND ${col} < ${p.add(isoDay(range.to))}::date`);
    else where.push(`${col} >= ${p.add(range.from)} AND ${col} < ${p.add(range.to)}`);
  }
  const person = f.person ? p.add(f.person.ids) : null;
  switch (intent.subject) {
    case 'members': {
      const needsAccess = f.access !== undefined || intent.groupBy === 'plan';
      const access = needsAccess ? `(${accessLevelSql(p.lazy(now))})` : "'free'";
      where.unshift('m.org_id = $1');
      if (f.status === 'active') where.push('m.is_active');
      if (f.status === 'pending') where.push('NOT m.is_active');
      if (f.role) where.push(`m.role = ${p.add(f.role)}`);
      if (f.licensed !== undefined) where.push(`m.has_license = ${p.add(f.licensed)}`);
      if (f.access) where.push(`${access} = ${p.add(f.access)}`);
      if (person) where.push(`m.id = ANY(${person}::text[])`);
      if (f.site)
        where.push(`EXISTS (SELECT 1 FROM calls c WHERE c.org_id = m.org_id AND c.member_id = m.id AND c.site = ${p.add(f.site)})`);
      const active = f.window?.field === 'active';
      return {
        from: needsAccess
          ? 'members m LEFT JOIN subscriptions s ON s.member_id = m.id AND s.org_id = m.org_id LEFT JOIN trials t ON t.member_id = m.id AND t.org_id = m.org_id'
          : 'members m',
        where,
        amount: '0',
        order: intent.measure === 'latest' && active ? 'm.last_active_at DESC NULLS LAST, m.id' : 'm.created_at DESC, m.id',
        select: `m.id, m.name, m.role, m.is_active, m.has_license, m.created_at, m.last_active_at, ${access} AS access`,
        group: {
          role: { key: 'm.role', label: 'm.role' },
          status: {
            key: "CASE WHEN m.is_active THEN 'active' ELSE 'pending' END",
            label: "CASE WHEN m.is_active THEN 'active' ELSE 'pending' END",
          },
          plan: { key: access, label: access },
          day: { key: dayOf(active ? 'm.last_active_at' : 'm.created_at'), label: dayOf(active ? 'm.last_active_at' : 'm.created_at') },
        },
      };
    }
    case 'calls': {
      where.unshift('c.org_id = $1');
      if (f.role) where.push(`m.role = ${p.add(f.role)}`);
      if (f.site) where.push(`c.site = ${p.add(f.site)}`);
      if (person) where.push(`c.member_id = ANY(${person}::text[])`);
      if (f.sentiment) where.push(`c.sentiment = ${p.add(f.sentiment)}`);
      if (f.outcome) where.push(`c.outcome = ${p.add(f.outcome)}`);
      if (f.terms?.length) where.push(`c.search @@ to_tsquery('english', ${p.add(tsAnd(f.terms))})`);
      return {
        from: 'calls c JOIN members m ON m.id = c.member_id AND m.org_id = c.org_id',
        bare: { from: 'calls c', joined: 'm' },
        where,
        amount: 'c.duration_seconds',
        order: intent.measure === 'longest' ? 'c.duration_seconds DESC, c.started_at DESC, c.id' : 'c.started_at DESC, c.id',
        select: 'c.id, c.started_at, c.duration_seconds, c.site, c.summary, c.sentiment, c.outcome, c.member_id, m.name',
        group: {
          site: { key: 'c.site', label: 'c.site' },
          person: { key: 'c.member_id', label: 'm.name' },
          role: { key: 'm.role', label: 'm.role' },
          day: { key: dayOf('c.started_at'), label: dayOf('c.started_at') },
        },
      };
    }
    case 'tasks': {
      where.unshift('t.org_id = $1');
      if (f.status === 'open') where.push("t.status = 'open'");
      if (f.status === 'done') where.push("t.status = 'done'");
      if (f.status === 'overdue') where.push(`t.status = 'open' AND t.due_date < ${p.add(today)}::date`);
      if (f.role) where.push(`a.role = ${p.add(f.role)}`);
      if (f.site) where.push(`c.site = ${p.add(f.site)}`);
      if (person) where.push(`t.assignee_member_id = ANY(${person}::text[])`);
      if (f.unassigned) where.push('t.assignee_member_id IS NULL');
      if (f.terms?.length) where.push(`t.search @@ to_tsquery('english', ${p.add(tsAnd(f.terms))})`);
      const byDue = f.status === 'open' || f.status === 'overdue' || f.window?.field === 'due';
      const statusExpr = `CASE WHEN t.status = 'done' THEN 'done' WHEN t.due_date < ${p.lazy(today)}::date THEN 'overdue' ELSE 'open' END`;
      return {
        from: 'tasks t LEFT JOIN members a ON a.id = t.assignee_member_id AND a.org_id = t.org_id LEFT JOIN calls c ON c.id = t.call_id AND c.org_id = t.org_id',
        where,
        amount: '0',
        order: byDue && intent.measure !== 'latest' ? 't.due_date ASC NULLS LAST, t.id' : 't.created_at DESC, t.id',
        select: `t.id, t.title, t.status, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.created_at, t.completed_at, a.name AS assignee, c.site, ${statusExpr} AS state`,
        group: {
          person: { key: "COALESCE(t.assignee_member_id, '')", label: "COALESCE(a.name, 'Unassigned')" },
          site: { key: "COALESCE(c.site, '')", label: "COALESCE(c.site, 'No site')" },
          role: { key: "COALESCE(a.role, '')", label: "COALESCE(a.role, 'Unassigned')" },
          status: { key: statusExpr, label: statusExpr },
          day: { key: dayOf('t.created_at'), label: dayOf('t.created_at') },
        },
      };
    }
    case 'subscriptions': {
      where.unshift('s.org_id = $1');
      if (f.status === 'live') where.push("s.status IN ('active', 'trialing', 'past_due')");
      else if (f.status === 'cancelling') where.push("s.cancel_at_period_end AND s.status <> 'canceled'");
      else if (f.status) where.push(`s.status = ${p.add(f.status)}`);
      if (f.plan) where.push(`s.plan_type = ${p.add(f.plan)}`);
      if (f.role) where.push(`m.role = ${p.add(f.role)}`);
      if (person) where.push(`s.member_id = ANY(${person}::text[])`);
      return {
        from: 'subscriptions s JOIN members m ON m.id = s.member_id AND m.org_id = s.org_id',
        bare: { from: 'subscriptions s', joined: 'm' },
        where,
        amount: PRICE_SQL,
        // Cancelled in a window: the latest cancellations first (and the window's own index serves the order).
        order: f.window?.field === 'canceled' ? 's.canceled_at DESC, s.id' : 's.created_at DESC, s.id',
        select:
          's.id, s.member_id, m.name, s.plan_type, s.status, s.cancel_at_period_end, s.current_period_end, s.canceled_at, s.created_at',
        group: {
          plan: { key: 's.plan_type', label: 's.plan_type' },
          status: { key: 's.status', label: 's.status' },
          role: { key: 'm.role', label: 'm.role' },
          day: { key: dayOf('s.created_at'), label: dayOf('s.created_at') },
        },
      };
    }
    case 'invoices': {
      where.unshift('i.org_id = $1');
      if (f.status === 'unpaid') where.push("i.status IN ('open', 'uncollectible')");
      else if (f.status) where.push(`i.status = ${p.add(f.status)}`);
      if (f.plan) where.push(`i.plan_type = ${p.add(f.plan)}`);
      if (f.role) where.push(`m.role = ${p.add(f.role)}`);
      if (person) where.push(`i.member_id = ANY(${person}::text[])`);
      return {
        from: 'invoices i LEFT JOIN members m ON m.id = i.member_id AND m.org_id = i.org_id',
        bare: { from: 'invoices i', joined: 'm' },
        where,
        amount: 'i.amount_due',
        order: intent.measure === 'longest' ? 'i.amount_due DESC, i.id' : 'i.created_at DESC, i.id',
        select:
          "i.id, i.member_id, COALESCE(m.name, 'a former member') AS name, i.number, i.status, i.plan_type, i.amount_due, i.amount_paid, i.created_at",
        group: {
          plan: { key: 'i.plan_type', label: 'i.plan_type' },
          status: { key: 'i.status', label: 'i.status' },
          person: { key: "COALESCE(i.member_id, '')", label: "COALESCE(m.name, 'Former members')" },
          day: { key: dayOf('i.created_at'), label: dayOf('i.created_at') },
        },
      };
    }
    case 'transactions': {
      where.unshift('x.org_id = $1');
      if (f.status) where.push(`x.status = ${p.add(f.status)}`);
      if (f.type === 'payment') where.push("x.type IN ('payment_succeeded', 'payment_failed')");
      else if (f.type) where.push(`x.type = ${p.add(f.type)}`);
      if (f.role) where.push(`m.role = ${p.add(f.role)}`);
      if (person) where.push(`x.member_id = ANY(${person}::text[])`);
      return {
        from: 'transactions x LEFT JOIN members m ON m.id = x.member_id AND m.org_id = x.org_id',
        bare: { from: 'transactions x', joined: 'm' },
        where,
        amount: 'x.amount',
        order: intent.measure === 'longest' ? 'x.amount DESC, x.id' : 'x.created_at DESC, x.id DESC',
        select: "x.id, x.member_id, COALESCE(m.name, 'a former member') AS name, x.type, x.status, x.amount, x.description, x.created_at",
        group: {
          status: { key: 'x.status', label: 'x.status' },
          person: { key: "COALESCE(x.member_id, '')", label: "COALESCE(m.name, 'Former members')" },
          day: { key: dayOf('x.created_at'), label: dayOf('x.created_at') },
        },
      };
    }
  }
}

/** Words to a tsquery that needs them all; the words are letters and digits only (lexicon tokens). */
function tsAnd(terms: readonly string[]): string {
  return terms
    .map((t) => t.replace(/[^a-z0-9]/g, ''))
    .filter((t) => t !== '')
    .join(' & ');
}

// ---------------------------------------------------------------------------------------------
// Tallies: which intents they answer, and the figures from them
// ---------------------------------------------------------------------------------------------

type TallyPredicate = (r: TallyRow) => boolean;

function tallyPlan(intent: CopilotIntent, windowOnly: boolean): { predicate: TallyPredicate; group?: (r: TallyRow) => string } | null {
  const f = windowOnly ? { ...(intent.filters.window ? { window: intent.filters.window } : {}) } : intent.filters;
  const keys = Object.keys(f).filter((k) => (f as Record<string, unknown>)[k] !== undefined);
  const g = intent.groupBy;
  switch (intent.subject) {
    case 'members': {
      if (keys.some((k) => !['status', 'role', 'licensed'].includes(k))) return null;
      if (g && g !== 'role' && g !== 'status') return null;
      return {
        predicate: (r) =>
          (f.status === undefined || r.b === String(f.status === 'active')) &&
          (f.role === undefined || r.a === f.role) &&
          (f.licensed === undefined || r.c === String(f.licensed)),
        ...(g ? { group: (r: TallyRow) => (g === 'role' ? (r.a ?? '') : r.b === 'true' ? 'active' : 'pending') } : {}),
      };
    }
    case 'subscriptions': {
      if (keys.some((k) => !['status', 'plan', 'window'].includes(k))) return null;
      if (f.window?.field === 'canceled') return null;
      if (g && g !== 'plan' && g !== 'status' && g !== 'day') return null;
      const status = f.status;
      return {
        predicate: (r) =>
          (status === undefined ||
            (status === 'live'
              ? ['active', 'trialing', 'past_due'].includes(r.a ?? '')
              : status === 'cancelling'
                ? r.c === 'true' && r.a !== 'canceled'
                : r.a === status)) &&
          (f.plan === undefined || r.b === f.plan),
        ...(g ? { group: (r: TallyRow) => (g === 'plan' ? (r.b ?? '') : g === 'status' ? (r.a ?? '') : (r.day ?? '')) } : {}),
      };
    }
    case 'invoices': {
      if (keys.some((k) => !['status', 'plan', 'window'].includes(k))) return null;
      if (g && g !== 'plan' && g !== 'status' && g !== 'day') return null;
      return {
        predicate: (r) =>
          (f.status === undefined || (f.status === 'unpaid' ? r.a === 'open' || r.a === 'uncollectible' : r.a === f.status)) &&
          (f.plan === undefined || r.b === f.plan),
        ...(g ? { group: (r: TallyRow) => (g === 'plan' ? (r.b ?? '') : g === 'status' ? (r.a ?? '') : (r.day ?? '')) } : {}),
      };
    }
    case 'transactions': {
      if (keys.some((k) => !['status', 'type', 'window'].includes(k))) return null;
      if (g && g !== 'status' && g !== 'day') return null;
      return {
        predicate: (r) =>
          (f.status === undefined || r.b === f.status) &&
          (f.type === undefined || (f.type === 'payment' ? r.a === 'payment_succeeded' || r.a === 'payment_failed' : r.a === f.type)),
        ...(g ? { group: (r: TallyRow) => (g === 'status' ? (r.b ?? '') : (r.day ?? '')) } : {}),
      };
    }
    default:
      return null;
  }
}

interface Counted {
  n: number;
  sum: number;
  groups: GroupFigure[];
}

async function fromTallies(db: Db, orgId: string, intent: CopilotIntent, now: Date, windowOnly: boolean): Promise<Counted | null> {
  if (intent.subject === 'calls' || intent.subject === 'tasks') return null;
  const plan = tallyPlan(intent, windowOnly);
  if (!plan) return null;
  const range = intent.filters.window ? resolveWindow(intent.filters.window, now) : null;
  const rows = await readTallies(db, orgId, intent.subject, {
    ...(range && intent.subject !== 'members' ? { from: isoDay(range.from), to: isoDay(range.to) } : {}),
    byDay: intent.groupBy === 'day',
  });
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

function onlyAccess(intent: CopilotIntent): boolean {
  const keys = Object.keys(intent.filters).filter((k) => (intent.filters as Record<string, unknown>)[k] !== undefined);
  return (
    intent.subject === 'members' &&
    keys.every((k) => k === 'access') &&
    (intent.groupBy === undefined || intent.groupBy === 'plan') &&
    (keys.length === 1 || intent.groupBy === 'plan')
  );
}

/** The FROM of a count: the subject's table alone when none of `parts` (SQL text) names the joined table. */
function countFrom(sql: SubjectSql, ...parts: string[]): string {
  return sql.bare && !new RegExp(`\\b${sql.bare.joined}\\.`).test(parts.join(' ')) ? sql.bare.from : sql.from;
}

async function countDirect(db: Db, orgId: string, intent: CopilotIntent, now: Date, windowOnly: boolean): Promise<Counted> {
  const p = new Params(orgId);
  const sql = sqlOf(intent, p, now, { windowOnly });
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
  const from = countFrom(sql, where, sql.amount);
  const text = p.render(`SELECT count(*)::int AS n, COALESCE(sum(${sql.amount}), 0)::float8 AS sum FROM ${from} WHERE ${where}`);
  const { rows } = await db.query<{ n: number; sum: number }>(text, p.values);
  return { n: Number(rows[0]?.n ?? 0), sum: Number(rows[0]?.sum ?? 0), groups: [] };
}

async function count(db: Db, orgId: string, intent: CopilotIntent, now: Date, windowOnly: boolean): Promise<Counted> {
  if (!windowOnly && onlyAccess(intent)) {
    const level = intent.filters.access ?? 'free';
    if (intent.groupBy !== 'plan' && (level === 'pro' || level === 'lite'))
      return { n: (await paidCounts(db, orgId))[level], sum: 0, groups: [] };
    const levels = await accessCounts(db, orgId, now);
    const groups = (['pro', 'lite', 'trial', 'free'] as const).map((k) => ({ key: k, label: k, n: levels[k], value: 0 }));
    if (intent.groupBy === 'plan') return { n: groups.reduce((s, g) => s + g.n, 0), sum: 0, groups: groups.filter((g) => g.n > 0) };
    return { n: levels[level], sum: 0, groups: [] };
  }
  return (await fromTallies(db, orgId, intent, now, windowOnly)) ?? countDirect(db, orgId, intent, now, windowOnly);
}

function hasFiltersBeyondWindow(intent: CopilotIntent): boolean {
  return Object.entries(intent.filters).some(([k, v]) => k !== 'window' && v !== undefined);
}

/** Everything an answer needs: the count (and scope), the sum, the groups, and up to `limit` records. */
export async function computeFigures(db: Db, orgId: string, intent: CopilotIntent, now: Date, limit: number): Promise<Figures> {
  const counted = await count(db, orgId, intent, now, false);
  const scope = hasFiltersBeyondWindow(intent)
    ? (await count(db, orgId, { ...intent, groupBy: undefined } as CopilotIntent, now, true)).n
    : null;
  const p = new Params(orgId);
  const sql = sqlOf(intent, p, now);
  const { rows } =
    counted.n === 0 || limit === 0
      ? { rows: [] as RecordRow[] }
      : await db.query<RecordRow>(
          p.render(`SELECT ${sql.select} FROM ${sql.from} WHERE ${sql.where.join(' AND ')} ORDER BY ${sql.order} LIMIT ${p.add(limit)}`),
          p.values,
        );
  return {
    n: counted.n,
    scope,
    sum: counted.sum,
    rows,
    groups: counted.groups,
    range: intent.filters.window ? resolveWindow(intent.filters.window, now) : null,
  };
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
