// @vitest-environment node
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { ApiErrorBodySchema, CopilotAskResponseSchema, type CopilotAskResponse } from '../../src/contract/api';
import { QUICK_PROMPTS } from '../../src/domain/assistant';
import { inlineText, parseBlocks, parseInline, type Inline } from '../../src/domain/markdown';
import { HOSTILE, insertHostileOrg, shownAs } from './hostile-org';
import { NOW, createHarness, type Harness } from './support-billing/harness';

let h: Harness;
const DAY_MS = 86_400_000;

beforeAll(async () => {
  h = await createHarness();
}, 120_000);

beforeEach(() => {
  h.asAdminOf(h.orgA);
});

async function ask(query: string, isAdmin = true): Promise<CopilotAskResponse & { text: string }> {
  const res = await h.json('POST', '/api/copilot/ask', { query, isAdmin });
  expect(res.status).toBe(200);
  const body = v.parse(CopilotAskResponseSchema, res.body);
  if (typeof body.result !== 'string') throw new Error('expected a plain text result');
  expect(body.webSearchUsed).toBe(false);
  return { ...body, text: body.result };
}

/** Every record source must be a row of the caller's organisation. */
async function expectSourcesOf(orgId: string, sources: CopilotAskResponse['sources']) {
  for (const source of sources) {
    if (source.type === 'report') {
      expect(source.id).toMatch(/^report:/);
      continue;
    }
    const table = {
      user: 'members',
      call: 'calls',
      task: 'tasks',
      subscription: 'subscriptions',
      invoice: 'invoices',
      transaction: 'transactions',
    }[source.type];
    expect(table, `unexpected source type ${source.type}`).toBeDefined();
    const { rows } = await h.db.query<{ org_id: string }>(`SELECT org_id FROM ${table} WHERE id = $1`, [source.id]);
    expect(rows[0]?.org_id).toBe(orgId);
  }
}

async function count(sql: string, params: unknown[]): Promise<number> {
  const { rows } = await h.db.query<{ n: number }>(sql, params);
  return Number(rows[0]?.n);
}

describe('POST /api/copilot/ask — quick prompts', () => {
  it('User Activity: member counts and the most recently active members', async () => {
    const answer = await ask(QUICK_PROMPTS[0].query);
    const total = await count("SELECT count(*) AS n FROM members WHERE org_id = 'org-a'", []);
    const active = await count("SELECT count(*) AS n FROM members WHERE org_id = 'org-a' AND is_active", []);
    const licensed = await count("SELECT count(*) AS n FROM members WHERE org_id = 'org-a' AND has_license", []);
    const calls = await count("SELECT count(*) AS n FROM calls WHERE org_id = 'org-a' AND started_at >= $1 AND started_at <= $2", [
      new Date(NOW.getTime() - 7 * DAY_MS),
      NOW,
    ]);
    expect(answer.text).toContain('**User activity — last 7 days**');
    expect(answer.text).toContain(`Members: ${total} total — ${active} active, ${total - active} pending; ${licensed} licensed.`);
    expect(answer.text).toContain(`Calls this week: ${calls} calls`);
    expect(answer.sources[0]).toEqual({ id: 'report:user-activity', type: 'report', title: 'User activity — last 7 days' });
    const users = answer.sources.filter((s) => s.type === 'user');
    expect(users).toHaveLength(5);
    users.forEach((u) => expect(answer.text).toContain(u.title));
    await expectSourcesOf('org-a', answer.sources);
  });

  it('Call Analytics: volume, durations, calls by day and the longest calls', async () => {
    const answer = await ask(QUICK_PROMPTS[1].query);
    const since = new Date(NOW.getTime() - 30 * DAY_MS);
    const n = await count("SELECT count(*) AS n FROM calls WHERE org_id = 'org-a' AND started_at >= $1", [since]);
    expect(n).toBeGreaterThan(50);
    expect(answer.text).toContain(`Volume: ${n} calls`);
    expect(answer.text).toContain('Calls by day (last 7 days):');
    expect(answer.text).toContain('Wed, Jun 11');
    const { rows } = await h.db.query<{ id: string }>(
      "SELECT id FROM calls WHERE org_id = 'org-a' AND started_at >= $1 ORDER BY duration_seconds DESC, started_at DESC, id LIMIT 3",
      [since],
    );
    expect(answer.sources.filter((s) => s.type === 'call').map((s) => s.id)).toEqual(rows.map((r) => r.id));
    await expectSourcesOf('org-a', answer.sources);
  });

  it('Task Overview: open, done and overdue tasks, by assignee', async () => {
    const answer = await ask(QUICK_PROMPTS[2].query);
    const open = await count("SELECT count(*) AS n FROM tasks WHERE org_id = 'org-a' AND status = 'open'", []);
    const done = await count("SELECT count(*) AS n FROM tasks WHERE org_id = 'org-a' AND status = 'done'", []);
    const overdue = await count(
      "SELECT count(*) AS n FROM tasks WHERE org_id = 'org-a' AND status = 'open' AND due_date < '2025-06-11'",
      [],
    );
    expect(overdue).toBeGreaterThan(0);
    expect(answer.text).toContain(`Open: ${open} (${overdue} overdue`);
    expect(answer.text).toContain(`Completed: ${done} (`);
    expect(answer.text).toContain('By assignee:');
    expect(answer.sources.filter((s) => s.type === 'task').length).toBe(Math.min(5, overdue));
    await expectSourcesOf('org-a', answer.sources);
  });

  it('Weekly Report: the last seven days of calls, tasks and new members', async () => {
    const answer = await ask(QUICK_PROMPTS[3].query);
    const since = new Date(NOW.getTime() - 7 * DAY_MS);
    const calls = await count("SELECT count(*) AS n FROM calls WHERE org_id = 'org-a' AND started_at >= $1 AND started_at <= $2", [
      since,
      NOW,
    ]);
    const created = await count("SELECT count(*) AS n FROM tasks WHERE org_id = 'org-a' AND created_at >= $1 AND created_at <= $2", [
      since,
      NOW,
    ]);
    const completed = await count("SELECT count(*) AS n FROM tasks WHERE org_id = 'org-a' AND completed_at >= $1 AND completed_at <= $2", [
      since,
      NOW,
    ]);
    expect(answer.text).toContain('**Weekly report — Jun 4 to Jun 11**');
    expect(answer.text).toContain(`Calls: ${calls} calls`);
    expect(answer.text).toContain(`Tasks: ${created} created from calls, ${completed} completed`);
    // The harness's last three members joined this week.
    expect(answer.text).toContain('Team: 3 new members');
    expect(answer.sources.filter((s) => s.type === 'user')).toHaveLength(3);
    await expectSourcesOf('org-a', answer.sources);
  });

  it('Organization Insights: licence utilisation, role mix and busiest sites', async () => {
    const answer = await ask(QUICK_PROMPTS[4].query);
    const total = await count("SELECT count(*) AS n FROM members WHERE org_id = 'org-a'", []);
    const licensed = await count("SELECT count(*) AS n FROM members WHERE org_id = 'org-a' AND has_license", []);
    const fieldWorkers = await count("SELECT count(*) AS n FROM members WHERE org_id = 'org-a' AND role = 'Field Worker'", []);
    const { rows } = await h.db.query<{ site: string }>(
      "SELECT site FROM calls WHERE org_id = 'org-a' AND started_at >= $1 GROUP BY site ORDER BY count(*) DESC, site LIMIT 1",
      [new Date(NOW.getTime() - 30 * DAY_MS)],
    );
    expect(answer.text).toContain('**Organisation insights — Summit Builders**');
    expect(answer.text).toContain(`Licence utilisation: ${licensed} of ${total} members licensed`);
    expect(answer.text).toContain(`- Field Worker: ${fieldWorkers} (`);
    expect(answer.text).toContain(`1. ${rows[0]?.site} — `);
    expect(answer.sources).toEqual([
      { id: 'report:organization-insights', type: 'report', title: 'Organisation insights — Summit Builders' },
    ]);
  });
});

describe('POST /api/copilot/ask — free text', () => {
  it('finds the calls and tasks that match a question, best first', async () => {
    const answer = await ask('Any problems with the concrete pour?');
    expect(answer.text).toContain('Here is what I found in your organisation\'s records for "Any problems with the concrete pour?"');
    expect(answer.text).toContain('**Calls**');
    const calls = answer.sources.filter((s) => s.type === 'call');
    expect(calls.length).toBeGreaterThan(0);
    const { rows } = await h.db.query<{ summary: string }>(`SELECT summary FROM calls WHERE id = ANY($1::text[])`, [
      calls.map((c) => c.id),
    ]);
    rows.forEach((r) => expect(r.summary.toLowerCase()).toMatch(/concrete|pour/));
    await expectSourcesOf('org-a', answer.sources);
  });

  it("answers a member's name with their facts", async () => {
    const answer = await ask('Priya Nguyen');
    const users = answer.sources.filter((s) => s.type === 'user');
    expect(users.map((u) => u.title)).toEqual(['Priya Nguyen']);
    expect(answer.text.split('\n')[0]).toMatch(/^\*\*Priya Nguyen\*\* — /);
    expect(answer.text).toContain('- Priya Nguyen made ');
    expect(answer.text).toContain(' calls in the last 30 days');
    await expectSourcesOf('org-a', answer.sources);
  });

  it('says so helpfully when nothing matches', async () => {
    const answer = await ask('xylophone quasar');
    expect(answer.text).toContain('I couldn\'t find anything in your organisation\'s calls, tasks or members matching "xylophone quasar".');
    expect(answer.text).toContain('quick prompts');
    expect(answer.sources).toEqual([]);
  });

  it("only searches the caller's organisation", async () => {
    h.asAdminOf(h.orgB);
    const answer = await ask('Priya Nguyen');
    expect(answer.sources.some((s) => s.title === 'Priya Nguyen')).toBe(false);
    const pour = await ask('concrete pour');
    expect(pour.sources.length).toBeGreaterThan(0);
    await expectSourcesOf('org-b', pour.sources);
    const report = await ask(QUICK_PROMPTS[4].query);
    expect(report.text).toContain('Bayside Contracting');
  });
});

describe('POST /api/copilot/ask — access and validation', () => {
  it('answers 400 naming the field for an empty query or a missing flag', async () => {
    for (const [body, field] of [
      [{ query: '   ', isAdmin: true }, 'query'],
      [{ isAdmin: true }, 'query'],
      [{ query: 'x'.repeat(2001), isAdmin: true }, 'query'],
      [{ query: 'hello' }, 'isAdmin'],
    ] as const) {
      const res = await h.json('POST', '/api/copilot/ask', body);
      expect(res.status).toBe(400);
      expect(v.parse(ApiErrorBodySchema, res.body).field).toBe(field);
    }
  });

  it('validates the follow-up context: a previousIntent with a date that does not exist answers 400 naming it, not 500', async () => {
    const previous = (date: string) => ({
      subject: 'calls',
      measure: 'count',
      filters: { site: 'Harbor Point Tower', window: { kind: 'since', date } },
    });
    for (const date of ['2025-13-01', '2025-02-30', '2025-00-10', '20250601']) {
      const res = await h.json('POST', '/api/copilot/ask', { query: 'and last week?', isAdmin: true, previousIntent: previous(date) });
      expect(res.status, date).toBe(400);
      const body = v.parse(ApiErrorBodySchema, res.body);
      expect(body.field, date).toBe('previousIntent.filters.window.date');
      expect(body.message, date).toMatch(/window\.date must be (YYYY-MM-DD|a real calendar date)$/);
    }
    for (const [bad, field] of [
      [{ subject: 'calls', measure: 'count', filters: { window: { kind: 'fortnight' } } }, 'previousIntent.filters.window.kind'],
      [{ subject: 'calls', measure: 'count', filters: { person: { ids: [], name: 'Ana' } } }, 'previousIntent.filters.person.ids'],
      [{ subject: 'members', measure: 'count', filters: { role: 'Owner' } }, 'previousIntent.filters.role'],
      [{ subject: 'calls', measure: 'count' }, 'previousIntent.filters'],
    ] as const) {
      const res = await h.json('POST', '/api/copilot/ask', { query: 'and last week?', isAdmin: true, previousIntent: bad });
      expect(res.status, field).toBe(400);
      expect(v.parse(ApiErrorBodySchema, res.body).field).toBe(field);
    }
    // A real date is a follow-up as before.
    const ok = await h.json('POST', '/api/copilot/ask', { query: 'and last week?', isAdmin: true, previousIntent: previous('2025-06-01') });
    expect(ok.status).toBe(200);
  });

  it('answers 403 to a non-administrator even when the body claims isAdmin', async () => {
    const member = h.orgA.members[2];
    h.actAs({ orgId: 'org-a', memberId: member?.id ?? null, isAdmin: false });
    const res = await h.json('POST', '/api/copilot/ask', { query: QUICK_PROMPTS[0].query, isAdmin: true });
    expect(res.status).toBe(403);
  });

  it('lets an administrator ask even when the body says isAdmin false', async () => {
    const answer = await ask(QUICK_PROMPTS[2].query, false);
    expect(answer.text).toContain('**Task overview');
  });
});

describe('POST /api/copilot/ask — organisation data is text, never markup', () => {
  beforeAll(async () => {
    await insertHostileOrg(h.db, NOW);
  });

  beforeEach(() => {
    h.actAs({ orgId: HOSTILE.orgId, memberId: HOSTILE.adminId, isAdmin: true });
  });

  /** The answer as the console's renderer reads it: every inline node of every block. */
  function parsed(text: string): Inline[] {
    return parseBlocks(text).flatMap((b) =>
      (b.kind === 'heading' ? [b.text] : b.kind === 'paragraph' ? b.lines : b.kind === 'list' ? b.items : []).flatMap((t) =>
        parseInline(t),
      ),
    );
  }

  const hostileValues = [...HOSTILE.members, HOSTILE.orgName, HOSTILE.site, HOSTILE.summary, HOSTILE.taskTitle];

  it('escapes every name, site, summary and title it puts into an answer, and the question it echoes', async () => {
    const activity = await ask(QUICK_PROMPTS[0].query);
    expect(activity.text).toContain('1. \\[Sign in again\\]\\(https://evil.example\\) (Field Worker) — ');
    expect(activity.text).toContain('2. \\*\\*bold\\*\\* (Field Worker) — ');
    expect(activity.text).toContain('3. \\<img src=x onerror=alert\\(1\\)\\> (Field Worker) — ');
    // Sources are plain text (the console never reads them as markdown): names as they are.
    expect(activity.sources.filter((s) => s.type === 'user').map((s) => s.title)).toEqual(HOSTILE.members);

    for (const query of [...QUICK_PROMPTS.map((p) => p.query), '[Sign in again](https://evil.example)']) {
      const answer = await ask(query);
      for (const value of hostileValues) expect(answer.text, query).not.toContain(value);
      // Only text, and the answer's own bold headings (text inside): no link, code or italics.
      const nodes = parsed(answer.text);
      expect(
        nodes.map((n) => n.kind).filter((kind) => kind !== 'strong' && kind !== 'text'),
        query,
      ).toEqual([]);
      expect(
        nodes.some((n) => n.kind === 'text'),
        query,
      ).toBe(true);
      for (const node of nodes)
        if (node.kind === 'strong')
          expect(
            node.children.map((c) => c.kind),
            query,
          ).toEqual(['text']);
      const shown = inlineText(nodes);
      const expected = query === QUICK_PROMPTS[4].query ? [HOSTILE.orgName, HOSTILE.site] : HOSTILE.members.slice(0, 3);
      for (const value of expected) expect(shown, query).toContain(shownAs(value));
    }
  });
  it('escapes them in every kind of answer: lists, groupings, rankings, totals, latest, profiles, follow-ups', async () => {
    const cases: Array<{ query: string; shows: readonly string[]; previous?: string }> = [
      { query: 'members who joined in the last 7 days', shows: HOSTILE.members },
      { query: 'calls by caller this week', shows: HOSTILE.members.slice(0, 2) },
      { query: 'who made the most calls in the last 7 days', shows: [HOSTILE.members[0] ?? ''] },
      { query: 'calls by site this month', shows: [HOSTILE.site] },
      { query: 'open tasks at dock 7', shows: [HOSTILE.taskTitle] },
      { query: 'open tasks by assignee', shows: HOSTILE.members },
      { query: 'latest call', shows: [HOSTILE.members[0] ?? '', HOSTILE.site, HOSTILE.summary] },
      { query: 'longest call this month', shows: [HOSTILE.members[0] ?? '', HOSTILE.site] },
      { query: 'total talk time by site this month', shows: [HOSTILE.site] },
      { query: 'which of them are licensed?', previous: 'list field workers', shows: HOSTILE.members },
      { query: 'calls about urgent code', shows: [HOSTILE.site] },
    ];
    for (const { query, shows, previous } of cases) {
      const before = previous ? (await ask(previous)).intent : undefined;
      const res = await h.json('POST', '/api/copilot/ask', { query, isAdmin: true, ...(before ? { previousIntent: before } : {}) });
      expect(res.status, query).toBe(200);
      const text = String((res.body as { result: string }).result);
      for (const value of hostileValues) expect(text, query).not.toContain(value);
      const nodes = parsed(text);
      expect(
        nodes.every((n) => n.kind === 'text' || (n.kind === 'strong' && n.children.every((c) => c.kind === 'text'))),
        query,
      ).toBe(true);
      const shown = inlineText(nodes);
      for (const value of shows) expect(shown, query).toContain(shownAs(value));
    }
  });
});
