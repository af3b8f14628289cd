/**
 * Questions about calls made through the product: how many, where, by whom, how long, how they
 * went (sentiment, outcome), and the words of their summaries.
 */
import { count as fmt, dateTime, excerpt, formatDuration, shortDate, toDate } from '../answer/format';
import { md, words } from '../answer/markdown';
import { dayOf, num, roleOf, str, type Family } from './family';
import { tsAnd } from './terms';

const OUTCOME = { escalated: 'that were escalated', follow_up: 'that need a follow-up', resolved: 'that were resolved' } as const;

export const calls: Family = {
  subject: 'calls',
  applies: new Set(['role', 'site', 'person', 'window', 'sentiment', 'outcome', 'terms']),
  groups: new Set(['site', 'person', 'role', 'day']),
  windowFields: new Set(['joined']),
  status: () => undefined,
  fill(signals, filters) {
    if (signals.sentiment) filters.sentiment = signals.sentiment;
    if (signals.outcome) filters.outcome = signals.outcome;
    if (signals.terms.length > 0) filters.terms = signals.terms;
  },
  windowField: () => undefined,
  windowColumn: () => ({ column: 'c.started_at' }),
  sql(intent, p, { clock }) {
    const f = intent.filters;
    const where = ['c.org_id = $1'];
    if (f.role) where.push(`m.role = ${p.add(f.role)}`);
    if (f.site) where.push(`c.site = ${p.add(f.site)}`);
    if (f.person) where.push(`c.member_id = ANY(${p.add(f.person.ids)}::text[])`);
    if (f.sentiment) where.push(`c.sentiment = ${p.add(f.sentiment)}`);
    if (f.outcome) where.push(`c.outcome = ${p.add(f.outcome)}`);
    if (f.terms?.length) where.push(`c.search @@ to_tsquery('english', ${p.add(tsAnd(f.terms))})`);
    const day = dayOf('c.started_at', p, clock.zone);
    return {
      from: 'calls c JOIN members m ON m.id = c.member_id AND m.org_id = c.org_id',
      bare: { from: 'calls c', joined: 'm' },
      where,
      amount: 'c.duration_seconds',
      order:
        intent.measure === 'longest'
          ? 'c.duration_seconds DESC, c.started_at DESC, c.id'
          : intent.measure === 'earliest'
            ? 'c.started_at ASC, c.id'
            : 'c.started_at DESC, c.id',
      select: 'c.id, c.started_at, c.duration_seconds, c.site, c.summary, c.sentiment, c.outcome, c.member_id, m.name',
      group: {
        site: { key: 'c.site', label: 'c.site' },
        person: { key: 'c.member_id', label: 'm.name' },
        role: { key: 'm.role', label: 'm.role' },
        day: { key: day, label: day },
      },
    };
  },
  phrase(intent, range) {
    const f = intent.filters;
    const role = roleOf(intent);
    return {
      pre: words([f.sentiment ? md`${f.sentiment}` : null]),
      noun: ['call', 'calls'],
      post: words([
        f.outcome ? md`${OUTCOME[f.outcome]}` : null,
        f.terms?.length ? md`mentioning “${f.terms.join(' ')}”` : null,
        f.site ? md`at ${f.site}` : null,
        f.person ? md`by ${f.person.name}` : null,
        role ? md`by ${role[1]}` : null,
      ]),
      when: range ? md`${range.label}` : md``,
      base: ['call', 'calls'],
    };
  },
  line: (_intent, r, clock) =>
    md`- ${dateTime(toDate(r['started_at']), clock.zone)} · ${str(r['site'])} · ${str(r['name'])} (${formatDuration(num(r['duration_seconds']))}): ${excerpt(str(r['summary']))}`,
  // No screen of the console lists calls: the source names the call, with no link.
  source: (r, clock) => ({
    id: r.id,
    type: 'call',
    title: `${str(r['site'])} — ${str(r['name'])}, ${shortDate(toDate(r['started_at']), clock.zone)}`,
  }),
  first(intent, r, phrase, clock) {
    const post = words([phrase.post, phrase.when]);
    const tail = post.text ? md` ${post}` : md``;
    const at = md`${str(r['name'])} at ${str(r['site'])}`;
    if (intent.measure === 'earliest')
      return md`The first call${tail} was on ${dateTime(toDate(r['started_at']), clock.zone)}: ${at} (${formatDuration(num(r['duration_seconds']))}) — ${excerpt(str(r['summary']))}`;
    return intent.measure === 'longest'
      ? md`The longest call${tail} lasted ${formatDuration(num(r['duration_seconds']))}: ${at} on ${dateTime(toDate(r['started_at']), clock.zone)} — ${excerpt(str(r['summary']))}`
      : md`The most recent call${tail} was on ${dateTime(toDate(r['started_at']), clock.zone)}: ${at} (${formatDuration(num(r['duration_seconds']))}) — ${excerpt(str(r['summary']))}`;
  },
  rest: (_intent, rest) => md`…and ${fmt(rest)} more. Ask about one site, one person or a shorter time window to narrow the list.`,
};
