/**
 * Questions about the tasks extracted from calls: open, done, overdue (due before the
 * administrator's today), unassigned, due or completed in a window, by assignee or site.
 */
import { calendarDay, count as fmt, shortDate, toDate } from '../answer/format';
import { md, words } from '../answer/markdown';
import { dayOf, roleOf, STATUS_LABEL, str, type Family } from './family';
import { tsAnd } from './terms';

export const tasks: Family = {
  subject: 'tasks',
  applies: new Set(['status', 'role', 'site', 'person', 'window', 'unassigned', 'terms']),
  groups: new Set(['site', 'person', 'role', 'status', 'day']),
  windowFields: new Set(['joined', 'completed', 'due']),
  status(s) {
    if (s === 'open' || s === 'done' || s === 'overdue') return s;
    // "pending", "outstanding" (unpaid, for an invoice) tasks are the open ones.
    if (s === 'pending' || s === 'active' || s === 'live' || s === 'unpaid') return 'open';
    return undefined;
  },
  fill(signals, filters) {
    if (signals.outcome === 'resolved') filters.status = 'done';
    if (signals.unassigned) filters.unassigned = true;
    if (signals.terms.length > 0) filters.terms = signals.terms;
    // "what is due?", "tasks due this week": the ones still to do (a done task is due no more).
    if (signals.whens.includes('due') && filters.status === undefined) filters.status = 'open';
  },
  windowField(signals, filters) {
    if (signals.whens.includes('due')) return 'due';
    if (signals.whens.includes('completed') || (filters.status === 'done' && !signals.whens.includes('joined'))) return 'completed';
    return 'joined';
  },
  windowColumn(intent) {
    const field = intent.filters.window?.field;
    if (field === 'due') return { column: 't.due_date', date: true };
    return { column: field === 'completed' ? 't.completed_at' : 't.created_at' };
  },
  sql(intent, p, { clock, today }) {
    const f = intent.filters;
    const where = ['t.org_id = $1'];
    if (f.status === 'open') where.push("t.status = 'open'");
    if (f.status === 'done') where.push("t.status = 'done'");
    if (f.status === 'overdue') where.push(`t.status = 'open' AND t.due_date < ${p.add(today)}::date`);
    if (f.role) where.push(`a.role = ${p.add(f.role)}`);
    if (f.site) where.push(`c.site = ${p.add(f.site)}`);
    if (f.person) where.push(`t.assignee_member_id = ANY(${p.add(f.person.ids)}::text[])`);
    if (f.unassigned) where.push('t.assignee_member_id IS NULL');
    if (f.terms?.length) where.push(`t.search @@ to_tsquery('english', ${p.add(tsAnd(f.terms))})`);
    const byDue = f.status === 'open' || f.status === 'overdue' || f.window?.field === 'due';
    const state = `CASE WHEN t.status = 'done' THEN 'done' WHEN t.due_date < ${p.lazy(today)}::date THEN 'overdue' ELSE 'open' END`;
    const day = dayOf('t.created_at', p, clock.zone);
    return {
      from: 'tasks t LEFT JOIN members a ON a.id = t.assignee_member_id AND a.org_id = t.org_id LEFT JOIN calls c ON c.id = t.call_id AND c.org_id = t.org_id',
      where,
      amount: '0',
      order:
        byDue && intent.measure !== 'latest'
          ? 't.due_date ASC NULLS LAST, t.id'
          : intent.measure === 'earliest'
            ? 't.created_at ASC, t.id'
            : 't.created_at DESC, t.id',
      select: `t.id, t.title, t.status, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, t.created_at, t.completed_at, t.assignee_member_id, a.name AS assignee, c.site, ${state} AS state`,
      group: {
        person: { key: "COALESCE(t.assignee_member_id, '')", label: "COALESCE(a.name, 'Unassigned')" },
        site: { key: "COALESCE(c.site, '')", label: "COALESCE(c.site, 'No site')" },
        role: { key: "COALESCE(a.role, '')", label: "COALESCE(a.role, 'Unassigned')" },
        status: { key: state, label: state },
        day: { key: day, label: day },
      },
    };
  },
  phrase(intent, range) {
    const f = intent.filters;
    const role = roleOf(intent);
    const state = f.status === 'open' ? md`open` : f.status === 'done' ? md`completed` : f.status === 'overdue' ? md`overdue` : null;
    const field = f.window?.field;
    const label = range?.label ?? '';
    return {
      pre: words([state, f.unassigned ? md`unassigned` : null]),
      noun: ['task', 'tasks'],
      post: words([
        f.person ? md`assigned to ${f.person.name}` : null,
        role ? md`assigned to ${role[1]}` : null,
        f.site ? md`from calls at ${f.site}` : null,
        f.terms?.length ? md`mentioning “${f.terms.join(' ')}”` : null,
      ]),
      when: !label ? md`` : field === 'due' ? md`due ${label}` : field === 'completed' ? md`completed ${label}` : md`created ${label}`,
      base: ['task', 'tasks'],
    };
  },
  line(_intent, r) {
    const due = r['due_date'] ? md`due ${calendarDay(str(r['due_date']))}` : md`no due date`;
    return md`- ${STATUS_LABEL[str(r['state'])] ?? str(r['state'])}: ${str(r['title'])} — ${str(r['assignee']) || 'unassigned'}, ${due}`;
  },
  // No screen of the console lists tasks: the source names the task, with no link.
  source: (r) => ({ id: r.id, type: 'task', title: str(r['title']) }),
  first(intent, r, phrase, clock) {
    const noun = words([phrase.pre, md`${phrase.noun[0]}`, phrase.post]);
    const state = (STATUS_LABEL[str(r['state'])] ?? str(r['state'])).toLowerCase();
    if (intent.measure === 'earliest') {
      const due = r['due_date'] ? md`due ${calendarDay(str(r['due_date']))}` : md`no due date`;
      return md`The oldest ${noun} is “${str(r['title'])}” (${state}, ${str(r['assignee']) || 'unassigned'}), ${due}, created ${shortDate(toDate(r['created_at']), clock.zone)}.`;
    }
    return md`The newest ${noun} is “${str(r['title'])}” (${(STATUS_LABEL[str(r['state'])] ?? str(r['state'])).toLowerCase()}, ${str(r['assignee']) || 'unassigned'}), created ${shortDate(toDate(r['created_at']), clock.zone)}.`;
  },
  rest: (_intent, rest) => md`…and ${fmt(rest)} more. Ask about one site, one person or a shorter time window to narrow the list.`,
};
