/**
 * Asks the held-out bank (copilot-heldout.bank.ts) over HTTP as the seeded administrator and scores
 * it: a question passes when its reply's text holds every expected fact. Used by
 * `npx tsx scripts/bench/copilot-heldout.ts` (prints, writes reports/copilot-heldout.json) and
 * tests/server/copilot-heldout.test.ts (asserts the score).
 *
 * Before asking, the runner checks that the bank's own definitions agree with the screens (the
 * users table's counts with Quick Stats, each member's billing level with the overview's breakdown,
 * the unpaid invoices with the dashboard's): a disagreement is a defect of the bank or of a screen,
 * reported under `checks`.
 */
import * as v from 'valibot';
import {
  BillingOverviewSchema,
  CopilotAskResponseSchema,
  UserBillingSchema,
  UserStatsSchema,
  type BillingOverview,
  type CopilotIntent,
  type UserBilling,
  type UserStats,
} from '../../src/contract/api';
import {
  FAMILIES,
  HELDOUT_BANK,
  HELDOUT_PASS_THRESHOLD,
  HELDOUT_TIME_ZONE,
  UNPAID_INVOICE_STATUSES,
  type Family,
  type HeldoutQuestion,
} from './copilot-heldout.bank';
import { inlineText, parseBlocks, parseInline } from '../../src/domain/markdown';
import { localDay, windows, withoutEcho, type Truth, type WindowKind } from './copilot-heldout.facts';
import type { HeldoutOrg } from './copilot-heldout.org';

export interface HeldoutResult {
  id: string;
  family: Family;
  query: string;
  /** For a follow-up: the question asked just before it. */
  previous?: string;
  passed: boolean;
  /** Every expected fact, and whether the reply holds it. */
  expected: Array<{ fact: string; holds: boolean }>;
  reply: string;
}

export interface Score {
  passed: number;
  asked: number;
  score: number;
}

export interface HeldoutReport {
  now: string;
  timeZone: string;
  engine: string;
  threshold: number;
  total: Score;
  families: Record<Family, Score>;
  /** Disagreements between the bank's definitions and the screens (should be none). */
  checks: string[];
  failures: HeldoutResult[];
  results: HeldoutResult[];
}

function createTruth(org: HeldoutOrg, zone: string): Truth {
  const once = <T>(load: () => Promise<T>) => {
    let value: Promise<T> | null = null;
    return () => (value ??= load());
  };
  const truth: Truth = {
    now: org.now,
    zone,
    async sql<T>(text: string, params: readonly unknown[] = []) {
      return (await org.api.db.query<T>(text, [org.orgId, ...params])).rows;
    },
    stats: once(async () => v.parse(UserStatsSchema, await org.request('GET', '/api/users/stats'))),
    overview: once(async () => v.parse(BillingOverviewSchema, await org.request('GET', '/api/admin/billing/overview'))),
    billing: once(async () => {
      const ids = await truth.sql<{ id: string }>('SELECT id FROM members WHERE org_id = $1 ORDER BY id');
      const byId = new Map<string, UserBilling>();
      for (const { id } of ids)
        byId.set(id, v.parse(UserBillingSchema, await org.request('POST', '/api/admin/billing/user', { userId: id })));
      return byId;
    }),
    windows: (kind: WindowKind) => windows(kind, org.now, zone),
    day: (at: Date) => localDay(at, zone),
  };
  return truth;
}

/** The bank's definitions against the screens' figures. */
async function checkDefinitions(t: Truth): Promise<string[]> {
  const problems: string[] = [];
  const stats: UserStats = await t.stats();
  const [counted] = await t.sql<UserStats>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active)::int AS active, count(*) FILTER (WHERE NOT is_active)::int AS pending,
            count(*) FILTER (WHERE has_license)::int AS licensed FROM members WHERE org_id = $1`,
  );
  for (const key of ['total', 'active', 'pending', 'licensed'] as const) {
    if (counted?.[key] !== stats[key]) problems.push(`members ${key}: the table counts ${counted?.[key]}, Quick Stats shows ${stats[key]}`);
  }
  const overview: BillingOverview = await t.overview();
  const levels = new Map<string, number>();
  for (const b of (await t.billing()).values()) levels.set(b.accessLevel, (levels.get(b.accessLevel) ?? 0) + 1);
  for (const level of ['pro', 'lite', 'trial', 'free'] as const) {
    const shown = overview.subscriptionBreakdown[level];
    if ((levels.get(level) ?? 0) !== shown)
      problems.push(`${level}: members' billing pages say ${levels.get(level) ?? 0}, the overview shows ${shown}`);
  }
  const [unpaid] = await t.sql<{ n: number }>(`SELECT count(*)::int AS n FROM invoices WHERE org_id = $1 AND ${UNPAID_INVOICE_STATUSES}`);
  if (unpaid?.n !== overview.unpaidInvoices)
    problems.push(`unpaid invoices: the table counts ${unpaid?.n}, the dashboard shows ${overview.unpaidInvoices}`);
  return problems;
}

/**
 * The reply as the console shows it: the answer is markdown whose data is escaped ("+1 \\(213\\)"),
 * and the Assistant screen renders it with src/domain/markdown; the facts are read from that text.
 */
function shown(reply: string): string {
  return parseBlocks(reply)
    .map((block) => {
      if (block.kind === 'code') return block.text;
      const lines = block.kind === 'heading' ? [block.text] : block.kind === 'paragraph' ? block.lines : block.items;
      return lines.map((line) => inlineText(parseInline(line))).join('\n');
    })
    .join('\n\n');
}

interface Asked {
  reply: string;
  intent: CopilotIntent | undefined;
}

/** Asks every question in order; a follow-up first has its previous question answered (once) and sends that answer's intent. */
export async function runHeldout(
  org: HeldoutOrg,
  options: { bank?: readonly HeldoutQuestion[]; zone?: string; onResult?: (r: HeldoutResult) => void } = {},
): Promise<HeldoutReport> {
  const bank = options.bank ?? HELDOUT_BANK;
  const zone = options.zone ?? HELDOUT_TIME_ZONE;
  const truth = createTruth(org, zone);
  const byId = new Map(bank.map((q) => [q.id, q]));
  const answers = new Map<string, Promise<Asked>>();

  const ask = (q: HeldoutQuestion): Promise<Asked> => {
    const known = answers.get(q.id);
    if (known) return known;
    const asked = (async (): Promise<Asked> => {
      const previous = q.follows ? byId.get(q.follows) : undefined;
      if (q.follows && !previous) throw new Error(`${q.id} follows ${q.follows}, which is not in the bank`);
      const previousIntent = previous ? (await ask(previous)).intent : undefined;
      const body = { query: q.query, isAdmin: true, timeZone: zone, ...(previousIntent ? { previousIntent } : {}) };
      try {
        const answer = v.parse(CopilotAskResponseSchema, await org.request('POST', '/api/copilot/ask', body));
        return { reply: typeof answer.result === 'string' ? answer.result : answer.result.result, intent: answer.intent };
      } catch (error) {
        return { reply: `(request failed: ${error instanceof Error ? error.message : String(error)})`, intent: undefined };
      }
    })();
    answers.set(q.id, asked);
    return asked;
  };

  const checks = await checkDefinitions(truth);
  const results: HeldoutResult[] = [];
  for (const q of bank) {
    const { reply } = await ask(q);
    const facts = await q.expect(truth);
    const read = withoutEcho(shown(reply), q.query);
    const expected = facts.map((f) => ({ fact: f.describe, holds: f.holds(read) }));
    const previous = q.follows ? byId.get(q.follows)?.query : undefined;
    const result: HeldoutResult = {
      id: q.id,
      family: q.family,
      query: q.query,
      ...(previous ? { previous } : {}),
      passed: expected.length > 0 && expected.every((e) => e.holds),
      expected,
      reply,
    };
    results.push(result);
    options.onResult?.(result);
  }

  const score = (rows: readonly HeldoutResult[]): Score => {
    const passed = rows.filter((r) => r.passed).length;
    return { passed, asked: rows.length, score: rows.length === 0 ? 0 : passed / rows.length };
  };
  const families = Object.fromEntries(FAMILIES.map((f) => [f, score(results.filter((r) => r.family === f))])) as Record<Family, Score>;
  return {
    now: org.now.toISOString(),
    timeZone: zone,
    engine: org.api.db.engine,
    threshold: HELDOUT_PASS_THRESHOLD,
    total: score(results),
    families,
    checks,
    failures: results.filter((r) => !r.passed),
    results,
  };
}

const percent = (s: Score) => `${s.passed}/${s.asked} (${(s.score * 100).toFixed(1)}%)`;

/** The report as text: per-family and total scores, then every failure with its expected facts and the reply. */
export function formatHeldoutReport(report: HeldoutReport, { replyChars = 600 }: { replyChars?: number } = {}): string {
  const lines: string[] = [];
  lines.push(`Assistant held-out bank — now ${report.now}, zone ${report.timeZone}, ${report.engine}`);
  for (const family of FAMILIES) lines.push(`  ${family.padEnd(20)} ${percent(report.families[family])}`);
  lines.push(`  ${'TOTAL'.padEnd(20)} ${percent(report.total)}   (threshold ${(report.threshold * 100).toFixed(0)}%)`);
  if (report.checks.length > 0) {
    lines.push('', 'Definitions that disagree with the screens:');
    for (const c of report.checks) lines.push(`  - ${c}`);
  }
  if (report.failures.length > 0) lines.push('', `Failures (${report.failures.length}):`);
  for (const f of report.failures) {
    lines.push('', `[${f.family}] ${f.id}: "${f.query}"${f.previous ? `  (after "${f.previous}")` : ''}`);
    for (const e of f.expected) lines.push(`    ${e.holds ? 'ok ' : 'MISSING'} ${e.fact}`);
    const reply = f.reply.length > replyChars ? `${f.reply.slice(0, replyChars)}…` : f.reply;
    lines.push(`    reply: ${reply.replace(/\n+/g, ' ⏎ ')}`);
  }
  return lines.join('\n');
}
