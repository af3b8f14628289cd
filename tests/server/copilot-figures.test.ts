// @vitest-environment node
/**
 * The Assistant tells the same figures as the screens (issue 40, item 1): every figure the
 * Dashboard, User Management's Quick Stats and the Billing Overview show is asked in several
 * phrasings, over HTTP, of the seeded organisation, and each answer's figure is compared with the
 * number the screen's own endpoint gives (GET /api/users/stats, GET /api/admin/billing/overview).
 * What the Assistant adds beside a figure (members trying Pro, the unpaid invoices that are open)
 * is checked with plain SQL.
 */
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BillingOverviewSchema, CopilotAskResponseSchema, UserStatsSchema, type CopilotAskResponse } from '../../src/contract/api';
import { inlineText, parseInline } from '../../src/domain/markdown';
import { startHeldoutOrg, type HeldoutOrg } from './copilot-heldout.org';

let org: HeldoutOrg;

beforeAll(async () => {
  org = await startHeldoutOrg();
}, 300_000);
afterAll(() => org?.close());

async function ask(query: string): Promise<{ line: string; sources: CopilotAskResponse['sources'] }> {
  const answer = v.parse(CopilotAskResponseSchema, await org.request('POST', '/api/copilot/ask', { query, isAdmin: true }));
  const text = typeof answer.result === 'string' ? answer.result : answer.result.result;
  return { line: inlineText(parseInline(text.split('\n')[0] ?? '')), sources: answer.sources };
}

const firstNumber = (line: string) => Number(/\d[\d,]*/.exec(line)?.[0].replace(/,/g, '') ?? NaN);

async function screens() {
  const stats = v.parse(UserStatsSchema, await org.request('GET', '/api/users/stats'));
  const overview = v.parse(BillingOverviewSchema, await org.request('GET', '/api/admin/billing/overview'));
  return {
    'Total Users': stats.total,
    Active: stats.active,
    Pending: stats.pending,
    Licensed: stats.licensed,
    'Pro Users': overview.subscriptionBreakdown.pro,
    'Lite Users': overview.subscriptionBreakdown.lite,
    'Trial Users': overview.subscriptionBreakdown.trial,
    'Free Users': overview.subscriptionBreakdown.free,
    'Subscribed Users': overview.subscribedUsers,
    'unpaid invoices': overview.unpaidInvoices,
  };
}

type Figure = keyof Awaited<ReturnType<typeof screens>>;

/** At least three phrasings of each figure, and where the answer's source leads. */
const PHRASINGS: Record<Figure, { questions: string[]; link: string }> = {
  'Total Users': {
    questions: ['how many users do we have', 'total headcount', 'how many people are on hardline', 'whats our total user count'],
    link: 'dashboard',
  },
  Active: { questions: ['how many active users', 'how many members are active', 'number of activated crew'], link: 'users' },
  Pending: {
    questions: ['how many users are pending', 'how many people havent activated yet', 'count of inactive members'],
    link: 'users',
  },
  Licensed: { questions: ['how many licensed users', 'how many seats are we using', 'how many members have a licence'], link: 'users' },
  'Pro Users': {
    questions: ['how many pro users', 'how many pro subscribers do we have', 'how many people are on hardline pro'],
    link: 'billing',
  },
  'Lite Users': { questions: ['how many lite users', 'how many members are on the lite plan', 'lite subscribers count'], link: 'billing' },
  'Trial Users': {
    questions: ['how many users are on a trial', 'how many users are still in their free trial', 'how many trials do we have going'],
    link: 'billing',
  },
  'Free Users': {
    questions: ['how many users are on the free plan', 'how many members have no plan at all', 'free users count'],
    link: 'billing',
  },
  'Subscribed Users': {
    questions: ['how many subscribers do we have', 'how many paying users', 'number of subscribed users'],
    link: 'billing',
  },
  'unpaid invoices': {
    questions: ['any outstanding invoices? how many', 'how many unpaid invoices', 'how many invoices have not been paid'],
    link: 'dashboard',
  },
};

describe("the Assistant's figures are the screens'", () => {
  it('gives every screen figure, in at least three phrasings, as the screen shows it, and leads to that screen', async () => {
    const shown = await screens();
    for (const [figure, { questions, link }] of Object.entries(PHRASINGS) as Array<[Figure, (typeof PHRASINGS)[Figure]]>) {
      expect(questions.length, figure).toBeGreaterThanOrEqual(3);
      for (const question of questions) {
        const answer = await ask(question);
        expect(firstNumber(answer.line), `${figure}: "${question}" answered "${answer.line}"`).toBe(shown[figure]);
        expect(answer.sources[0]?.link?.to, `${figure}: "${question}"`).toBe(link);
      }
    }
  });

  it('says what it adds beside the figure: how many more are trying Pro and Lite, which unpaid invoices are open', async () => {
    const shown = await screens();
    const trying = async (plan: string) =>
      Number(
        (
          await org.api.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM subscriptions WHERE org_id = $1 AND status = 'trialing' AND plan_type = $2",
            [org.orgId, plan],
          )
        ).rows[0]?.n,
      );
    expect((await ask('how many pro subscribers do we have')).line).toBe(
      `${shown['Pro Users']} members are on Pro (and ${await trying('pro')} more are trying it).`,
    );
    expect((await ask('how many lite users')).line).toBe(
      `${shown['Lite Users']} members are on Lite (and ${await trying('lite')} more are trying it).`,
    );
    const { rows } = await org.api.db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM invoices WHERE org_id = $1 AND status IN ('open', 'uncollectible') GROUP BY status",
      [org.orgId],
    );
    const n = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
    expect((await ask('any outstanding invoices? how many')).line).toBe(
      `${shown['unpaid invoices']} invoices are unpaid (${n('open')} open, ${n('uncollectible')} uncollectible).`,
    );
  });

  it('leads a list to User Management with its filters, and each member to their billing page', async () => {
    const { sources } = await ask('list the pending supervisors');
    expect(sources.find((s) => s.link?.to === 'users')).toEqual({
      id: expect.any(String),
      type: 'list',
      title: 'User Management — Pending, Supervisor',
      link: { to: 'users', status: 'pending', role: 'Supervisor' },
    });
    const { rows } = await org.api.db.query<{ id: string }>(
      "SELECT id FROM members WHERE org_id = $1 AND NOT is_active AND role = 'Supervisor'",
      [org.orgId],
    );
    const members = sources.filter((s) => s.type === 'user');
    expect(members.length).toBe(Math.min(rows.length, 10));
    for (const member of members) {
      expect(rows.map((r) => r.id)).toContain(member.id);
      expect(member.link).toEqual({ to: 'member', id: member.id });
    }
  });

  it('follows a change the way the screens do: one definition, read by all', async () => {
    const { rows } = await org.api.db.query<{ id: string }>(
      "SELECT id FROM members WHERE org_id = $1 AND is_active AND NOT is_admin AND role = 'Field Worker' ORDER BY id LIMIT 1",
      [org.orgId],
    );
    const before = await screens();
    await org.request('PATCH', `/api/users/${rows[0]?.id}/toggle-status`, { isActive: false });
    const after = await screens();
    expect(after.Pending).toBe(before.Pending + 1);
    expect(firstNumber((await ask('how many users are pending')).line)).toBe(after.Pending);
    expect(firstNumber((await ask('how many active users')).line)).toBe(after.Active);
    await org.request('PATCH', `/api/users/${rows[0]?.id}/toggle-status`, { isActive: true });
  });
});
