/**
 * Questions about billing transactions: payments that succeeded or failed, subscription starts and
 * cancellations, money collected in a window, the latest and the largest.
 */
import { shortDate, toDate, usd } from '../answer/format';
import { md, words } from '../answer/markdown';
import { billingRest } from './subscriptions';
import { dayOf, num, roleOf, str, type Family } from './family';

const NOUN: Record<string, [string, string]> = {
  payment: ['payment', 'payments'],
  subscription_created: ['subscription start', 'subscription starts'],
  subscription_canceled: ['cancellation', 'cancellations'],
};

export const transactions: Family = {
  subject: 'transactions',
  applies: new Set(['status', 'role', 'person', 'window', 'type']),
  groups: new Set(['status', 'person', 'day']),
  windowFields: new Set(['joined']),
  status(s) {
    if (s === 'succeeded' || s === 'failed' || s === 'pending') return s;
    return s === 'paid' ? 'succeeded' : undefined;
  },
  fill(signals, filters) {
    if (signals.payments) filters.type = 'payment';
  },
  windowField: () => undefined,
  windowColumn: () => ({ column: 'x.created_at' }),
  sql(intent, p, { clock }) {
    const f = intent.filters;
    const where = ['x.org_id = $1'];
    if (f.status) where.push(`x.status = ${p.add(f.status)}`);
    if (f.type === 'payment') where.push("x.type IN ('payment_succeeded', 'payment_failed')");
    else if (f.type) where.push(`x.type = ${p.add(f.type)}`);
    if (f.role) where.push(`m.role = ${p.add(f.role)}`);
    if (f.person) where.push(`x.member_id = ANY(${p.add(f.person.ids)}::text[])`);
    const day = dayOf('x.created_at', p, clock.zone);
    return {
      from: 'transactions x LEFT JOIN members m ON m.id = x.member_id AND m.org_id = x.org_id',
      bare: { from: 'transactions x', joined: 'm' },
      where,
      amount: 'x.amount',
      order:
        intent.measure === 'longest'
          ? 'x.amount DESC, x.id'
          : intent.measure === 'earliest'
            ? 'x.created_at ASC, x.id'
            : 'x.created_at DESC, x.id DESC',
      select: "x.id, x.member_id, COALESCE(m.name, 'a former member') AS name, x.type, x.status, x.amount, x.description, x.created_at",
      group: {
        status: { key: 'x.status', label: 'x.status' },
        person: { key: "COALESCE(x.member_id, '')", label: "COALESCE(m.name, 'Former members')" },
        day: { key: day, label: day },
      },
    };
  },
  tally(intent, f) {
    const keys = Object.keys(f).filter((k) => (f as Record<string, unknown>)[k] !== undefined);
    const g = intent.groupBy;
    if (keys.some((k) => !['status', 'type', 'window'].includes(k)) || (g && g !== 'status' && g !== 'day')) return null;
    return {
      predicate: (r) =>
        (f.status === undefined || r.b === f.status) &&
        (f.type === undefined || (f.type === 'payment' ? r.a === 'payment_succeeded' || r.a === 'payment_failed' : r.a === f.type)),
      ...(g ? { group: (r) => (g === 'status' ? (r.b ?? '') : (r.day ?? '')) } : {}),
    };
  },
  phrase(intent, range) {
    const f = intent.filters;
    const role = roleOf(intent);
    return {
      pre: words([f.status === 'succeeded' ? md`successful` : f.status ? md`${f.status}` : null]),
      noun: NOUN[f.type ?? ''] ?? ['transaction', 'transactions'],
      post: words([f.person ? md`for ${f.person.name}` : null, role ? md`for ${role[1]}` : null]),
      when: range ? md`${range.label}` : md``,
      base: ['transaction', 'transactions'],
    };
  },
  line: (_intent, r, clock) =>
    md`- ${shortDate(toDate(r['created_at']), clock.zone)} — ${str(r['name'])}: ${str(r['description'])}, ${usd(num(r['amount']))} (${str(r['status'])})`,
  // Billing Overview lists the latest transactions; the member's billing page, the invoices they paid.
  source: (r) => ({
    id: r.id,
    type: 'transaction',
    title: `${str(r['name'])} — ${str(r['description'])}`,
    link: r['member_id'] ? { to: 'member' as const, id: str(r['member_id']) } : { to: 'billing' as const },
  }),
  first(intent, r, phrase, clock) {
    const noun = words([phrase.pre, md`${phrase.noun[0]}`, phrase.post]);
    const when = phrase.when.text ? md` ${phrase.when}` : md``;
    const what = md`${str(r['name'])}: ${str(r['description'])}`;
    const day = shortDate(toDate(r['created_at']), clock.zone);
    return intent.measure === 'longest'
      ? md`The largest ${noun}${when} was ${usd(num(r['amount']))}: ${what} (${str(r['status'])}, ${day}).`
      : md`The ${intent.measure === 'earliest' ? 'first' : 'latest'} ${noun} is ${what}, ${usd(num(r['amount']))} (${str(r['status'])}), ${day}.`;
  },
  rest: billingRest,
};
