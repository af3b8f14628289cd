/**
 * Questions about subscriptions: live ones (active, trialing or past due) unless a status says
 * otherwise, by plan, cancelled in a window, set to cancel, and what they are worth a month. How
 * many members are on Pro or Lite is the Billing Overview's figure (families/figures.ts).
 */
import { PLANS } from '../../../src/domain/plans';
import { count as fmt, shortDate, toDate } from '../answer/format';
import { md, words } from '../answer/markdown';
import { dayOf, PLAN_NAME, roleOf, STATUS_LABEL, str, type Family } from './family';

const PRICE_SQL = `CASE s.plan_type WHEN 'pro' THEN ${PLANS.pro.priceCents} ELSE ${PLANS.lite.priceCents} END`;
const LIVE = ['active', 'trialing', 'past_due'];

export const subscriptions: Family = {
  subject: 'subscriptions',
  applies: new Set(['status', 'role', 'plan', 'person', 'window']),
  groups: new Set(['plan', 'status', 'role', 'day']),
  windowFields: new Set(['joined', 'canceled']),
  status(s) {
    if (s === 'active' || s === 'trialing' || s === 'past_due' || s === 'canceled' || s === 'cancelling' || s === 'live') return s;
    if (s === 'overdue' || s === 'unpaid' || s === 'failed') return 'past_due';
    return undefined;
  },
  fill(signals, filters) {
    if (signals.plan) filters.plan = signals.plan;
    if (!filters.status && signals.access === 'trial') filters.status = 'trialing';
  },
  settle(intent) {
    // Live (active, trialing, past due) unless a status says otherwise; what they are worth a month, the active ones.
    if (!intent.filters.status && intent.filters.window?.field !== 'canceled')
      intent.filters.status = intent.measure === 'total' ? 'active' : 'live';
  },
  windowField: (signals, filters) =>
    signals.whens.includes('canceled') || (filters.status === 'canceled' && !signals.whens.includes('joined')) ? 'canceled' : 'joined',
  windowColumn: (intent) => ({ column: intent.filters.window?.field === 'canceled' ? 's.canceled_at' : 's.created_at' }),
  sql(intent, p, { clock }) {
    const f = intent.filters;
    const where = ['s.org_id = $1'];
    if (f.status === 'live') where.push("s.status IN ('active', 'trialing', 'past_due')");
    else if (f.status === 'cancelling') where.push("s.cancel_at_period_end AND s.status <> 'canceled'");
    else if (f.status) where.push(`s.status = ${p.add(f.status)}`);
    if (f.plan) where.push(`s.plan_type = ${p.add(f.plan)}`);
    if (f.role) where.push(`m.role = ${p.add(f.role)}`);
    if (f.person) where.push(`s.member_id = ANY(${p.add(f.person.ids)}::text[])`);
    const day = dayOf('s.created_at', p, clock.zone);
    return {
      from: 'subscriptions s JOIN members m ON m.id = s.member_id AND m.org_id = s.org_id',
      bare: { from: 'subscriptions s', joined: 'm' },
      where,
      amount: PRICE_SQL,
      // Cancelled in a window: the latest cancellations first (and the window's own index serves the order).
      order:
        f.window?.field === 'canceled'
          ? 's.canceled_at DESC, s.id'
          : intent.measure === 'earliest'
            ? 's.created_at ASC, s.id'
            : 's.created_at DESC, s.id',
      select: 's.id, s.member_id, m.name, s.plan_type, s.status, s.cancel_at_period_end, s.current_period_end, s.canceled_at, s.created_at',
      group: {
        plan: { key: 's.plan_type', label: 's.plan_type' },
        status: { key: 's.status', label: 's.status' },
        role: { key: 'm.role', label: 'm.role' },
        day: { key: day, label: day },
      },
    };
  },
  tally(intent, f) {
    const keys = Object.keys(f).filter((k) => (f as Record<string, unknown>)[k] !== undefined);
    const g = intent.groupBy;
    if (keys.some((k) => !['status', 'plan', 'window'].includes(k)) || f.window?.field === 'canceled') return null;
    if (g && g !== 'plan' && g !== 'status' && g !== 'day') return null;
    const status = f.status;
    const statusOk = (a: string | null, c: string | null) =>
      status === undefined ||
      (status === 'live' ? LIVE.includes(a ?? '') : status === 'cancelling' ? c === 'true' && a !== 'canceled' : a === status);
    return {
      predicate: (r) => statusOk(r.a, r.c) && (f.plan === undefined || r.b === f.plan),
      ...(g ? { group: (r) => (g === 'plan' ? (r.b ?? '') : g === 'status' ? (r.a ?? '') : (r.day ?? '')) } : {}),
    };
  },
  phrase(intent, range) {
    const f = intent.filters;
    const role = roleOf(intent);
    const status = f.status;
    const state =
      status === 'live' ? md`live` : status === 'past_due' ? md`past-due` : status && status !== 'cancelling' ? md`${status}` : null;
    const label = range?.label ?? '';
    return {
      pre: words([state, f.plan ? md`${PLAN_NAME[f.plan] ?? f.plan}` : null]),
      noun: ['subscription', 'subscriptions'],
      post: words([
        status === 'live' ? md`(active, trialing or past due)` : null,
        status === 'cancelling' ? md`set to cancel at the end of their period` : null,
        f.person ? md`of ${f.person.name}` : null,
        role ? md`of ${role[1]}` : null,
      ]),
      when: !label ? md`` : f.window?.field === 'canceled' ? md`canceled ${label}` : md`started ${label}`,
      base: ['subscription', 'subscriptions'],
    };
  },
  line(_intent, r, clock) {
    const cancelling =
      r['cancel_at_period_end'] && r['status'] !== 'canceled'
        ? md`, cancels ${shortDate(toDate(r['current_period_end']), clock.zone)}`
        : md``;
    return md`- ${str(r['name'])} — ${PLAN_NAME[str(r['plan_type'])] ?? str(r['plan_type'])}, ${(STATUS_LABEL[str(r['status'])] ?? str(r['status'])).toLowerCase()}${cancelling}, started ${shortDate(toDate(r['created_at']), clock.zone)}`;
  },
  // The member's billing page shows their subscription.
  source: (r) => ({
    id: r.id,
    type: 'subscription',
    title: `${str(r['name'])} — ${PLAN_NAME[str(r['plan_type'])] ?? ''} (${str(r['status'])})`,
    link: { to: 'member', id: str(r['member_id']) },
  }),
  first(intent, r, phrase, clock) {
    const noun = words([phrase.pre, md`${phrase.noun[0]}`, phrase.post]);
    return md`The ${intent.measure === 'earliest' ? 'oldest' : 'newest'} ${noun} is ${str(r['name'])}'s ${PLAN_NAME[str(r['plan_type'])] ?? ''} plan (${(STATUS_LABEL[str(r['status'])] ?? '').toLowerCase()}), started ${shortDate(toDate(r['created_at']), clock.zone)}.`;
  },
  rest: billingRest,
};

export function billingRest(_intent: unknown, rest: number) {
  return md`…and ${fmt(rest)} more. Billing Overview lists the latest transactions, and each member's billing page (View Billing in User Management) shows their subscription and invoices.`;
}
