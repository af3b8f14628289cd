/**
 * Questions about invoices: unpaid (open or uncollectible, the Dashboard's "unpaid invoices"), paid,
 * open, by plan or member, the largest, the latest, and what they add up to.
 */
import { shortDate, toDate, usd } from '../answer/format';
import { md, words } from '../answer/markdown';
import { billingRest } from './subscriptions';
import { dayOf, num, PLAN_NAME, roleOf, str, type Family } from './family';

export const invoices: Family = {
  subject: 'invoices',
  applies: new Set(['status', 'role', 'plan', 'person', 'window']),
  groups: new Set(['plan', 'status', 'person', 'day']),
  windowFields: new Set(['joined']),
  status(s) {
    if (s === 'paid' || s === 'open' || s === 'unpaid' || s === 'uncollectible' || s === 'void') return s;
    if (s === 'overdue' || s === 'pending' || s === 'past_due') return 'unpaid';
    if (s === 'failed') return 'uncollectible';
    return undefined;
  },
  fill(signals, filters) {
    if (signals.plan) filters.plan = signals.plan;
  },
  windowField: () => undefined,
  windowColumn: () => ({ column: 'i.created_at' }),
  sql(intent, p, { clock }) {
    const f = intent.filters;
    const where = ['i.org_id = $1'];
    if (f.status === 'unpaid') where.push("i.status IN ('open', 'uncollectible')");
    else if (f.status) where.push(`i.status = ${p.add(f.status)}`);
    if (f.plan) where.push(`i.plan_type = ${p.add(f.plan)}`);
    if (f.role) where.push(`m.role = ${p.add(f.role)}`);
    if (f.person) where.push(`i.member_id = ANY(${p.add(f.person.ids)}::text[])`);
    const day = dayOf('i.created_at', p, clock.zone);
    return {
      from: 'invoices i LEFT JOIN members m ON m.id = i.member_id AND m.org_id = i.org_id',
      bare: { from: 'invoices i', joined: 'm' },
      where,
      amount: 'i.amount_due',
      order:
        intent.measure === 'longest'
          ? 'i.amount_due DESC, i.id'
          : intent.measure === 'earliest'
            ? 'i.created_at ASC, i.id'
            : 'i.created_at DESC, i.id',
      select:
        "i.id, i.member_id, COALESCE(m.name, 'a former member') AS name, i.number, i.status, i.plan_type, i.amount_due, i.amount_paid, i.created_at",
      group: {
        plan: { key: 'i.plan_type', label: 'i.plan_type' },
        status: { key: 'i.status', label: 'i.status' },
        person: { key: "COALESCE(i.member_id, '')", label: "COALESCE(m.name, 'Former members')" },
        day: { key: day, label: day },
      },
    };
  },
  tally(intent, f) {
    const keys = Object.keys(f).filter((k) => (f as Record<string, unknown>)[k] !== undefined);
    const g = intent.groupBy;
    if (keys.some((k) => !['status', 'plan', 'window'].includes(k)) || (g && g !== 'plan' && g !== 'status' && g !== 'day')) return null;
    return {
      predicate: (r) =>
        (f.status === undefined || (f.status === 'unpaid' ? r.a === 'open' || r.a === 'uncollectible' : r.a === f.status)) &&
        (f.plan === undefined || r.b === f.plan),
      ...(g ? { group: (r) => (g === 'plan' ? (r.b ?? '') : g === 'status' ? (r.a ?? '') : (r.day ?? '')) } : {}),
    };
  },
  phrase(intent, range) {
    const f = intent.filters;
    const role = roleOf(intent);
    return {
      pre: words([f.status ? md`${f.status}` : null, f.plan ? md`${PLAN_NAME[f.plan] ?? f.plan}` : null]),
      noun: ['invoice', 'invoices'],
      post: words([f.person ? md`for ${f.person.name}` : null, role ? md`for ${role[1]}` : null]),
      when: range ? md`issued ${range.label}` : md``,
      base: ['invoice', 'invoices'],
    };
  },
  line: (_intent, r, clock) =>
    md`- Invoice ${str(r['number'])} — ${str(r['name'])}, ${usd(num(r['amount_due']))}, ${str(r['status'])}, ${shortDate(toDate(r['created_at']), clock.zone)}`,
  // The member's billing page lists their recent invoices.
  source: (r) => ({
    id: r.id,
    type: 'invoice',
    title: `Invoice ${str(r['number'])} — ${str(r['name'])}`,
    ...(r['member_id'] ? { link: { to: 'member' as const, id: str(r['member_id']) } } : {}),
  }),
  first(intent, r, phrase, clock) {
    const noun = words([phrase.pre, md`${phrase.noun[0]}`, phrase.post]);
    const when = phrase.when.text ? md` ${phrase.when}` : md``;
    const facts = md`${str(r['name'])}: ${usd(num(r['amount_due']))}`;
    return intent.measure === 'longest'
      ? md`The largest ${noun}${when} is Invoice ${str(r['number'])} for ${facts} (${str(r['status'])}, ${shortDate(toDate(r['created_at']), clock.zone)}).`
      : md`The ${intent.measure === 'earliest' ? 'oldest' : 'latest'} ${noun} is Invoice ${str(r['number'])} for ${facts}, ${str(r['status'])}, ${shortDate(toDate(r['created_at']), clock.zone)}.`;
  },
  rest: billingRest,
};
