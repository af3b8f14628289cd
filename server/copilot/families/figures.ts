/**
 * The screens' own figures, said in the screens' words: Total, Active, Pending and Licensed users
 * (Dashboard, Quick Stats), Pro, Lite, Trial, Free and Subscribed Users (Billing Overview) and the
 * unpaid invoices (Dashboard) come from server/figures, the module those screens read, and name
 * the screen that shows them. What the Assistant adds that no screen shows (how many are trying
 * Pro, which unpaid invoices are open) is said beside the screen's figure, never instead of it.
 */
import type { ConsoleLink, CopilotIntent, Source } from '../../../src/contract/api';
import { accessFigures, memberFigures, paidCounts, unpaidInvoices } from '../../figures';
import type { TallyDb } from '../../billing/tallies';
import { count as fmt, plural } from '../answer/format';
import { md, type Markdown } from '../answer/markdown';

export type ScreenFigure = 'total' | 'active' | 'pending' | 'licensed' | 'pro' | 'lite' | 'trial' | 'free' | 'subscribed' | 'unpaid';

const SCREENS: Record<ScreenFigure, { title: string; link: ConsoleLink }> = {
  total: { title: 'Dashboard — Total Users', link: { to: 'dashboard' } },
  active: { title: 'User Management — Active', link: { to: 'users', status: 'active' } },
  pending: { title: 'User Management — Pending', link: { to: 'users', status: 'pending' } },
  licensed: { title: 'User Management — Quick Stats, Licensed', link: { to: 'users' } },
  pro: { title: 'Billing Overview — Pro Users', link: { to: 'billing' } },
  lite: { title: 'Billing Overview — Lite Users', link: { to: 'billing' } },
  trial: { title: 'Billing Overview — Trial Users', link: { to: 'billing' } },
  free: { title: 'Billing Overview — Free Users', link: { to: 'billing' } },
  subscribed: { title: 'Billing Overview — Subscribed Users', link: { to: 'billing' } },
  unpaid: { title: 'Dashboard — unpaid invoices', link: { to: 'dashboard' } },
};

/** The source that leads to the screen showing the figure. */
export function screenSource(figure: ScreenFigure): Source {
  return { id: `figure:${figure}`, type: 'figure', title: SCREENS[figure].title, link: SCREENS[figure].link };
}

function setKeys(intent: CopilotIntent): string[] {
  return Object.entries(intent.filters)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
}

/** The screen figure an intent's records are, whatever its measure (a count, or a list of them). */
export function screenFigureOf(intent: CopilotIntent): ScreenFigure | null {
  if (intent.groupBy) return null;
  const keys = setKeys(intent);
  const f = intent.filters;
  if (intent.subject === 'members') {
    if (keys.length === 0) return 'total';
    if (keys.length > 1) return null;
    if (f.status === 'active' || f.status === 'pending') return f.status;
    if (f.licensed === true) return 'licensed';
    return f.access ?? null;
  }
  if (intent.subject === 'subscriptions' && keys.length === 1 && f.status === 'live') return 'subscribed';
  if (intent.subject === 'invoices' && keys.length === 1 && f.status === 'unpaid') return 'unpaid';
  return null;
}

/**
 * Questions whose words name a screen's figure by another name: "pro subscribers" and "subscriptions
 * by plan" are the Billing Overview's Pro Users and Subscription Breakdown (members by access level),
 * not every live subscription on that plan.
 */
export function towardsScreens(intent: CopilotIntent): CopilotIntent {
  const f = intent.filters;
  const byPlan = intent.groupBy === 'plan' || (f.plan !== undefined && !intent.groupBy);
  if (intent.subject !== 'subscriptions' || f.status || f.window || !byPlan || (intent.measure !== 'count' && intent.measure !== 'list'))
    return intent;
  const filters: CopilotIntent['filters'] = {
    ...(f.plan && !intent.groupBy ? { access: f.plan } : {}),
    ...(f.role ? { role: f.role } : {}),
    ...(f.person ? { person: f.person } : {}),
  };
  return { subject: 'members', measure: intent.measure, filters, ...(intent.groupBy ? { groupBy: 'plan' } : {}) };
}

/** The figure, from the module the screens read. */
export async function readScreenFigure(db: TallyDb, orgId: string, figure: ScreenFigure, now: Date): Promise<number> {
  switch (figure) {
    case 'total':
    case 'active':
    case 'pending':
    case 'licensed':
      return (await memberFigures(db, orgId))[figure];
    case 'pro':
    case 'lite':
      return (await paidCounts(db, orgId))[figure];
    case 'trial':
    case 'free':
      return (await accessFigures(db, orgId, now))[figure];
    case 'subscribed':
      return (await paidCounts(db, orgId)).subscribed;
    case 'unpaid':
      return (await unpaidInvoices(db, orgId)).unpaid;
  }
}

/** The sentence with a screen's figure, in the screen's words, and what the Assistant adds beside it. */
export async function screenFigureSentence(db: TallyDb, orgId: string, figure: ScreenFigure, n: number): Promise<Markdown> {
  const members = `${fmt(n)} ${plural(n, 'member', 'members')}`;
  const be = plural(n, 'is', 'are');
  switch (figure) {
    case 'total':
      return md`Your organisation has ${members} (Total Users).`;
    case 'active':
    case 'pending':
    case 'licensed': {
      const { total } = await memberFigures(db, orgId);
      const what = figure === 'pending' ? 'pending activation' : figure;
      return md`${members} ${be} ${what} (of ${fmt(total)}).`;
    }
    case 'pro':
    case 'lite': {
      const trying = (await paidCounts(db, orgId)).trialing[figure];
      const plan = figure === 'pro' ? 'Pro' : 'Lite';
      const more = trying > 0 ? md` (and ${fmt(trying)} more ${plural(trying, 'is', 'are')} trying it)` : md``;
      return md`${members} ${be} on ${plan}${more}.`;
    }
    case 'trial':
      return md`${members} ${be} on a trial (Trial Users).`;
    case 'free':
      return md`${members} ${be} on the free plan (Free Users: no plan and no trial).`;
    case 'subscribed':
      return md`${members} ${be} subscribed (Subscribed Users: active, trialing or past due).`;
    case 'unpaid': {
      const { open, uncollectible } = await unpaidInvoices(db, orgId);
      return md`${fmt(n)} ${plural(n, 'invoice is', 'invoices are')} unpaid (${fmt(open)} open, ${fmt(uncollectible)} uncollectible).`;
    }
  }
}
