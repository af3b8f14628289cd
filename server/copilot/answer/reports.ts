/**
 * The five reports of the quick prompts (User Activity, Call Analytics, Task Overview, Weekly
 * Report, Organization Insights; src/domain/assistant.ts), computed from the caller's organisation
 * data with SQL. Each answer is markdown text plus the records (sources) it was built from. The
 * text is built with the `md` tag (./markdown.ts), which escapes every piece of organisation data it
 * interpolates: names, titles and summaries are shown as written, never read as markup.
 */
import type { Queryable } from '../../core/db';
import type { Source } from '../../../src/contract/api';
import type { Topic } from '../understand/vocabulary';
import { dayName, formatDuration } from './format';
import { memberFigures } from '../../figures';
import { readTallies } from '../../billing/tallies';
import { joinMarkdown, markdownLines, md, type Markdown } from './markdown';
import type { Clock } from '../time/windows';
import { addDays, dayIn, startOfDay } from '../time/zone';

export type Db = Queryable;

export interface Answer {
  /** Markdown; only `md` builds one, so organisation data in it is always escaped. */
  result: Markdown;
  sources: Source[];
}

const DAY_MS = 86_400_000;

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * DAY_MS);
}

/** "Jun 4" in the zone. */
function shortDate(date: Date, zone: string): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: zone });
}

/** "Jun 4, 2:13 PM PDT". */
function shortDateTime(date: Date, zone: string): string {
  return `${shortDate(date, zone)}, ${date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit', timeZone: zone, timeZoneName: 'short' })}`;
}

function dueLabel(due: string | null): string {
  return due ? `due ${shortDate(new Date(`${due}T00:00:00Z`), 'UTC')}` : 'no due date';
}

function percent(part: number, whole: number): string {
  return whole === 0 ? '0%' : `${Math.round((part / whole) * 100)}%`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

function excerpt(text: string, max = 110): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

function report(id: string, title: string): Source {
  return { id: `report:${id}`, type: 'report', title };
}

// ---------------------------------------------------------------------------------------------
// User activity
// ---------------------------------------------------------------------------------------------

async function userActivity(db: Db, orgId: string, { now, zone }: Clock): Promise<Answer> {
  const since = daysBefore(now, 7);
  const counts = await memberFigures(db, orgId);
  const { rows: week } = await db.query<{ seen: number; calls: number; callers: number }>(
    // Seen: signed in, or made a call, since $2. Read as the union of the two (each through its
    // index), not as GREATEST over every member, which scanned the whole organisation.
    `SELECT (SELECT count(*)::int FROM (
               SELECT id FROM members WHERE org_id = $1 AND last_active_at >= $2
               UNION
               SELECT c.member_id FROM calls c JOIN members m ON m.id = c.member_id AND m.org_id = c.org_id
                WHERE c.org_id = $1 AND c.started_at >= $2) seen) AS seen,
            (SELECT count(*)::int FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at <= $3) AS calls,
            (SELECT count(DISTINCT member_id)::int FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at <= $3) AS callers`,
    [orgId, since, now],
  );
  const { rows: recent } = await db.query<{ id: string; name: string; role: string; last_seen: Date; calls_week: number }>(
    // The five seen last are among the members who called and the five (with ties) who signed in
    // last: a member who never called is ranked by their sign-in alone, so fewer than five rank above
    // them by it. Reading those candidates only keeps the report off a scan of every member.
    `WITH last_calls AS (
       SELECT member_id, max(started_at) AS last_call,
              count(*) FILTER (WHERE started_at >= $2 AND started_at <= $3) AS calls_week
         FROM calls WHERE org_id = $1 AND started_at <= $3 GROUP BY member_id
     ), candidates AS (
       (SELECT id FROM members WHERE org_id = $1 AND last_active_at IS NOT NULL
         ORDER BY last_active_at DESC FETCH FIRST 5 ROWS WITH TIES)
       UNION
       SELECT member_id FROM last_calls
     )
     SELECT m.id, m.name, m.role, GREATEST(m.last_active_at, c.last_call) AS last_seen, COALESCE(c.calls_week, 0)::int AS calls_week
       FROM candidates k
       JOIN members m ON m.id = k.id AND m.org_id = $1
       LEFT JOIN last_calls c ON c.member_id = m.id
      WHERE GREATEST(m.last_active_at, c.last_call) IS NOT NULL
      ORDER BY last_seen DESC, m.id
      LIMIT 5`,
    [orgId, since, now],
  );
  const w = week[0] ?? { seen: 0, calls: 0, callers: 0 };
  const lines = [
    md`**User activity — last 7 days**`,
    md``,
    md`- Members: ${counts.total.toLocaleString('en-US')} total — ${counts.active.toLocaleString('en-US')} active, ${counts.pending.toLocaleString('en-US')} pending; ${counts.licensed.toLocaleString('en-US')} licensed.`,
    md`- Active in the last 7 days: ${plural(w.seen, 'member')} signed in or made calls.`,
    md`- Calls this week: ${plural(w.calls, 'call')} by ${plural(w.callers, 'member')}.`,
    md``,
  ];
  if (recent.length === 0) {
    lines.push(md`No member has been active yet.`);
  } else {
    lines.push(md`Most recently active:`);
    recent.forEach((r, i) =>
      lines.push(md`${i + 1}. ${r.name} (${r.role}) — ${shortDateTime(r.last_seen, zone)}, ${plural(r.calls_week, 'call')} this week`),
    );
  }
  return {
    result: markdownLines(lines),
    sources: [
      report('user-activity', 'User activity — last 7 days'),
      ...recent.map((r) => ({ id: r.id, type: 'user', title: r.name, link: { to: 'member' as const, id: r.id } })),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Call analytics
// ---------------------------------------------------------------------------------------------

async function callAnalytics(db: Db, orgId: string, { now, zone }: Clock): Promise<Answer> {
  const since = daysBefore(now, 30);
  const today = dayIn(now, zone);
  const { rows: totals } = await db.query<{
    n: number;
    total: number;
    avg: number;
    prev: number;
    positive: number;
    neutral: number;
    negative: number;
    escalated: number;
  }>(
    `SELECT count(*) FILTER (WHERE started_at >= $2)::int AS n,
            COALESCE(sum(duration_seconds) FILTER (WHERE started_at >= $2), 0)::int AS total,
            COALESCE(round(avg(duration_seconds) FILTER (WHERE started_at >= $2)), 0)::int AS avg,
            count(*) FILTER (WHERE started_at < $2 AND started_at >= $3)::int AS prev,
            count(*) FILTER (WHERE started_at >= $2 AND sentiment = 'positive')::int AS positive,
            count(*) FILTER (WHERE started_at >= $2 AND sentiment = 'neutral')::int AS neutral,
            count(*) FILTER (WHERE started_at >= $2 AND sentiment = 'negative')::int AS negative,
            count(*) FILTER (WHERE started_at >= $2 AND outcome = 'escalated')::int AS escalated
       FROM calls WHERE org_id = $1 AND started_at >= $3 AND started_at <= $4`,
    [orgId, since, daysBefore(now, 60), now],
  );
  const { rows: byDay } = await db.query<{ day: string; n: number; total: number }>(
    `SELECT to_char((started_at AT TIME ZONE $4)::date, 'YYYY-MM-DD') AS day, count(*)::int AS n, sum(duration_seconds)::int AS total
       FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at <= $3
      GROUP BY 1 ORDER BY 1`,
    [orgId, startOfDay(addDays(today, -6), zone), now, zone],
  );
  const { rows: longest } = await db.query<{
    id: string;
    started_at: Date;
    duration_seconds: number;
    site: string;
    summary: string;
    name: string;
  }>(
    `SELECT c.id, c.started_at, c.duration_seconds, c.site, c.summary, m.name
       FROM calls c JOIN members m ON m.id = c.member_id AND m.org_id = c.org_id
      WHERE c.org_id = $1 AND c.started_at >= $2 AND c.started_at <= $3
      ORDER BY c.duration_seconds DESC, c.started_at DESC, c.id LIMIT 3`,
    [orgId, since, now],
  );
  const t = totals[0] ?? { n: 0, total: 0, avg: 0, prev: 0, positive: 0, neutral: 0, negative: 0, escalated: 0 };
  if (t.n === 0) {
    return {
      result: md`**Call analytics — last 30 days**\n\nNo calls were recorded in the last 30 days, so there is nothing to analyse yet.`,
      sources: [report('call-analytics', 'Call analytics — last 30 days')],
    };
  }
  const change =
    t.prev === 0
      ? md`no calls in the 30 days before`
      : md`${t.n >= t.prev ? 'up' : 'down'} ${percent(Math.abs(t.n - t.prev), t.prev)} on the previous 30 days (${t.prev.toLocaleString('en-US')})`;
  const dayCounts = new Map(byDay.map((d) => [d.day, d]));
  const lines = [
    md`**Call analytics — last 30 days**`,
    md``,
    md`- Volume: ${plural(t.n, 'call')}, ${change}.`,
    md`- Talk time: ${formatDuration(t.total)} in total, ${formatDuration(t.avg)} on average.`,
    md`- Sentiment: ${t.positive} positive, ${t.neutral} neutral, ${t.negative} negative; ${plural(t.escalated, 'call')} escalated.`,
    md``,
    md`Calls by day (last 7 days):`,
  ];
  for (let i = 6; i >= 0; i -= 1) {
    const day = addDays(today, -i);
    const d = dayCounts.get(day);
    lines.push(md`- ${dayName(day)}: ${d ? md`${plural(d.n, 'call')}, ${formatDuration(d.total)}` : '0 calls'}`);
  }
  lines.push(md``, md`Longest calls:`);
  longest.forEach((c, i) =>
    lines.push(
      md`${i + 1}. ${formatDuration(c.duration_seconds)} — ${c.name} at ${c.site}, ${shortDate(c.started_at, zone)}: ${excerpt(c.summary)}`,
    ),
  );
  return {
    result: markdownLines(lines),
    sources: [
      report('call-analytics', 'Call analytics — last 30 days'),
      ...longest.map((c) => ({ id: c.id, type: 'call', title: `${c.site} — ${c.name}, ${shortDate(c.started_at, zone)}` })),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Task overview
// ---------------------------------------------------------------------------------------------

async function taskOverview(db: Db, orgId: string, { now, zone }: Clock): Promise<Answer> {
  const today = dayIn(now, zone);
  const { rows: totals } = await db.query<{ open: number; done: number; overdue: number; unassigned: number; due_week: number }>(
    `SELECT count(*) FILTER (WHERE status = 'open')::int AS open,
            count(*) FILTER (WHERE status = 'done')::int AS done,
            count(*) FILTER (WHERE status = 'open' AND due_date < $2::date)::int AS overdue,
            count(*) FILTER (WHERE status = 'open' AND assignee_member_id IS NULL)::int AS unassigned,
            count(*) FILTER (WHERE status = 'open' AND due_date >= $2::date AND due_date < $2::date + 7)::int AS due_week
       FROM tasks WHERE org_id = $1`,
    [orgId, today],
  );
  const { rows: byAssignee } = await db.query<{ id: string; name: string; open: number; overdue: number; done: number }>(
    `SELECT m.id, m.name,
            count(*) FILTER (WHERE t.status = 'open')::int AS open,
            count(*) FILTER (WHERE t.status = 'open' AND t.due_date < $2::date)::int AS overdue,
            count(*) FILTER (WHERE t.status = 'done')::int AS done
       FROM tasks t JOIN members m ON m.id = t.assignee_member_id AND m.org_id = t.org_id
      WHERE t.org_id = $1
      GROUP BY m.id, m.name
      ORDER BY open DESC, overdue DESC, m.name
      LIMIT 5`,
    [orgId, today],
  );
  const { rows: overdue } = await db.query<{ id: string; title: string; due_date: string; name: string | null }>(
    `SELECT t.id, t.title, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, m.name
       FROM tasks t LEFT JOIN members m ON m.id = t.assignee_member_id AND m.org_id = t.org_id
      WHERE t.org_id = $1 AND t.status = 'open' AND t.due_date < $2::date
      ORDER BY t.due_date, t.id LIMIT 5`,
    [orgId, today],
  );
  const t = totals[0] ?? { open: 0, done: 0, overdue: 0, unassigned: 0, due_week: 0 };
  const lines = [
    md`**Task overview — tasks extracted from calls**`,
    md``,
    md`- Open: ${t.open.toLocaleString('en-US')} (${t.overdue.toLocaleString('en-US')} overdue, ${t.due_week.toLocaleString('en-US')} due in the next 7 days, ${t.unassigned.toLocaleString('en-US')} unassigned).`,
    md`- Completed: ${t.done.toLocaleString('en-US')} (${percent(t.done, t.open + t.done)} of all tasks).`,
  ];
  if (t.open + t.done === 0) lines.push(md``, md`No tasks have been extracted from calls yet.`);
  if (byAssignee.length > 0) {
    lines.push(md``, md`By assignee:`);
    byAssignee.forEach((a) => lines.push(md`- ${a.name}: ${a.open} open (${a.overdue} overdue), ${a.done} done`));
  }
  if (overdue.length > 0) {
    lines.push(md``, md`Most overdue:`);
    overdue.forEach((o, i) => lines.push(md`${i + 1}. ${o.title} — ${o.name ?? 'unassigned'}, ${dueLabel(o.due_date)}`));
  }
  return {
    result: markdownLines(lines),
    sources: [report('task-overview', 'Task overview'), ...overdue.map((o) => ({ id: o.id, type: 'task', title: o.title }))],
  };
}

// ---------------------------------------------------------------------------------------------
// Weekly report
// ---------------------------------------------------------------------------------------------

async function weeklyReport(db: Db, orgId: string, { now, zone }: Clock): Promise<Answer> {
  const since = daysBefore(now, 7);
  const { rows: calls } = await db.query<{ n: number; total: number; callers: number }>(
    `SELECT count(*)::int AS n, COALESCE(sum(duration_seconds), 0)::int AS total, count(DISTINCT member_id)::int AS callers
       FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at <= $3`,
    [orgId, since, now],
  );
  const { rows: tasks } = await db.query<{ created: number; completed: number; open: number }>(
    `SELECT count(*) FILTER (WHERE created_at >= $2 AND created_at <= $3)::int AS created,
            count(*) FILTER (WHERE completed_at >= $2 AND completed_at <= $3)::int AS completed,
            count(*) FILTER (WHERE status = 'open')::int AS open
       FROM tasks WHERE org_id = $1`,
    [orgId, since, now],
  );
  const { rows: newMembers } = await db.query<{ id: string; name: string; role: string }>(
    `SELECT id, name, role FROM members WHERE org_id = $1 AND created_at >= $2 AND created_at <= $3 ORDER BY created_at DESC, id LIMIT 5`,
    [orgId, since, now],
  );
  const { rows: newCount } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM members WHERE org_id = $1 AND created_at >= $2 AND created_at <= $3',
    [orgId, since, now],
  );
  const { rows: sites } = await db.query<{ site: string; n: number }>(
    `SELECT site, count(*)::int AS n FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at <= $3
      GROUP BY site ORDER BY n DESC, site LIMIT 3`,
    [orgId, since, now],
  );
  const { rows: attention } = await db.query<{ id: string; site: string; summary: string; started_at: Date; name: string }>(
    `SELECT c.id, c.site, c.summary, c.started_at, m.name
       FROM calls c JOIN members m ON m.id = c.member_id AND m.org_id = c.org_id
      WHERE c.org_id = $1 AND c.started_at >= $2 AND c.started_at <= $3 AND (c.outcome = 'escalated' OR c.sentiment = 'negative')
      ORDER BY c.started_at DESC, c.id LIMIT 3`,
    [orgId, since, now],
  );
  const c = calls[0] ?? { n: 0, total: 0, callers: 0 };
  const t = tasks[0] ?? { created: 0, completed: 0, open: 0 };
  const joined = newCount[0]?.n ?? 0;
  const newMemberList = joinMarkdown(
    newMembers.map((m) => md`${m.name} (${m.role})`),
    md`, `,
  );
  const lines = [
    md`**Weekly report — ${shortDate(since, zone)} to ${shortDate(now, zone)}**`,
    md``,
    md`- Calls: ${plural(c.n, 'call')} by ${plural(c.callers, 'member')}, ${formatDuration(c.total)} of talk time.`,
    md`- Tasks: ${t.created} created from calls, ${t.completed} completed; ${t.open} open now.`,
    md`- Team: ${plural(joined, 'new member')}${newMembers.length > 0 ? md` — ${newMemberList}${joined > newMembers.length ? ', …' : ''}` : ''}.`,
  ];
  if (sites.length > 0) {
    lines.push(
      md`- Busiest sites: ${joinMarkdown(
        sites.map((s) => md`${s.site} (${plural(s.n, 'call')})`),
        md`, `,
      )}.`,
    );
  }
  if (attention.length > 0) {
    lines.push(md``, md`Needs attention:`);
    attention.forEach((a) => lines.push(md`- ${a.site}, ${shortDate(a.started_at, zone)} (${a.name}): ${excerpt(a.summary)}`));
  }
  return {
    result: markdownLines(lines),
    sources: [
      report('weekly-report', `Weekly report — ${shortDate(since, zone)} to ${shortDate(now, zone)}`),
      ...attention.map((a) => ({ id: a.id, type: 'call', title: `${a.site} — ${a.name}, ${shortDate(a.started_at, zone)}` })),
      ...newMembers.map((m) => ({ id: m.id, type: 'user', title: m.name, link: { to: 'member' as const, id: m.id } })),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// Organisation insights
// ---------------------------------------------------------------------------------------------

async function organizationInsights(db: Db, orgId: string, { now }: Clock): Promise<Answer> {
  const since = daysBefore(now, 30);
  const { rows: org } = await db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId]);
  const tallies = await readTallies(db, orgId, 'members');
  const counts = await memberFigures(db, orgId);
  const { rows: usage } = await db.query<{ licensed_active: number; unlicensed_callers: number }>(
    `WITH callers AS (SELECT DISTINCT member_id FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at <= $3)
     SELECT count(*) FILTER (WHERE m.has_license AND (c.member_id IS NOT NULL OR m.last_active_at >= $2))::int AS licensed_active,
            count(*) FILTER (WHERE NOT m.has_license AND c.member_id IS NOT NULL)::int AS unlicensed_callers
       FROM members m LEFT JOIN callers c ON c.member_id = m.id
      WHERE m.org_id = $1`,
    [orgId, since, now],
  );
  const perRole = new Map<string, number>();
  for (const r of tallies) perRole.set(r.a ?? '', (perRole.get(r.a ?? '') ?? 0) + r.n);
  const roles = [...perRole]
    .filter(([, n]) => n > 0)
    .map(([role, n]) => ({ role, n }))
    .sort((x, y) => y.n - x.n || (x.role < y.role ? -1 : x.role > y.role ? 1 : 0));
  const { rows: sites } = await db.query<{ site: string; n: number; total: number; people: number }>(
    `SELECT site, count(*)::int AS n, sum(duration_seconds)::int AS total, count(DISTINCT member_id)::int AS people
       FROM calls WHERE org_id = $1 AND started_at >= $2 AND started_at <= $3
      GROUP BY site ORDER BY n DESC, site LIMIT 5`,
    [orgId, since, now],
  );
  const u = usage[0] ?? { licensed_active: 0, unlicensed_callers: 0 };
  const lines = [
    md`**Organisation insights — ${org[0]?.name ?? 'your organisation'}**`,
    md``,
    md`- Licence utilisation: ${counts.licensed} of ${counts.total} members licensed (${percent(counts.licensed, counts.total)}); ${u.licensed_active} licensed members were active in the last 30 days (${percent(u.licensed_active, counts.licensed)} of licences in use).`,
  ];
  if (u.unlicensed_callers > 0)
    lines.push(md`- ${plural(u.unlicensed_callers, 'member')} without a licence made calls in the last 30 days — consider licensing them.`);
  if (counts.pending > 0) lines.push(md`- ${plural(counts.pending, 'member')} still pending activation.`);
  lines.push(md``, md`Role mix:`);
  roles.forEach((r) => lines.push(md`- ${r.role}: ${r.n} (${percent(r.n, counts.total)})`));
  lines.push(md``, md`Busiest sites (last 30 days):`);
  if (sites.length === 0) lines.push(md`- No calls in the last 30 days.`);
  sites.forEach((s, i) =>
    lines.push(md`${i + 1}. ${s.site} — ${plural(s.n, 'call')}, ${formatDuration(s.total)}, ${plural(s.people, 'person', 'people')}`),
  );
  return {
    result: markdownLines(lines),
    sources: [report('organization-insights', `Organisation insights — ${org[0]?.name ?? 'your organisation'}`)],
  };
}

export const TOPIC_ANSWERS: Record<Topic, (db: Db, orgId: string, clock: Clock) => Promise<Answer>> = {
  user_activity: userActivity,
  call_analytics: callAnalytics,
  task_overview: taskOverview,
  weekly_report: weeklyReport,
  organization_insights: organizationInsights,
};
