/**
 * Free-text questions about the work ("concrete pour delays at Harbor Point", "who reported the
 * crane issue"): PostgreSQL full-text search over call summaries and sites (`calls.search`) and
 * task titles (`tasks.search`), ranked. A record that shares more of the question's words comes
 * first (then ts_rank); only the records sharing the most words are shown. A site, a person or a
 * time window the question names narrows the search. When no call or task matches, members are
 * searched by name, role and email.
 */
import type { CopilotWindow, Source } from '../../../src/contract/api';
import type { Queryable } from '../../core/db';
import type { Answer } from './compose';
import { calendarDay, count as fmt, dateTime, excerpt, formatDuration, shortDate, toDate } from './format';
import { tokenize } from '../understand/normalise';
import type { Person } from '../understand/spelling';
import { STOP_WORDS } from '../understand/vocabulary';
import { resolveWindow, type Clock, type Range } from '../time/windows';
import { dayIn } from '../time/zone';
import { joinMarkdown, markdownLines, md, type Markdown } from './markdown';

export interface SearchRequest {
  question: string;
  terms: readonly string[];
  site?: string | undefined;
  person?: Person | undefined;
  window?: CopilotWindow | undefined;
  who: boolean;
}

const SHOWN = 5;

/** Every word of the question that could be part of a name or an email (a site's words included). */
function memberWords(question: string): string[] {
  return [...new Set(tokenize(question).map((t) => t.norm))].filter((w) => /^[a-z0-9]+$/.test(w) && !STOP_WORDS.has(w)).slice(0, 12);
}

function quote(question: string): string {
  const q = question.trim().replace(/\s+/g, ' ');
  return q.length > 80 ? `${q.slice(0, 79)}…` : q;
}

/** Example questions, for answers that cannot give a figure (no digits: nothing that reads as one). */
export function suggestions(site: string | undefined): Markdown {
  const where = site ? md`“Calls at ${site} this week”` : md`“Calls at a site this week”`;
  return md`I can answer questions about your organisation's own members, calls, tasks and billing — for example “How many members are pending?”, “Which tasks are overdue?”, ${where}, “Failed payments this month” or “Who reported the crane issue?”. The quick prompts (User Activity, Call Analytics, Task Overview, Weekly Report, Organization Insights) give whole reports.`;
}

function nothing(question: string, site: string | undefined): Answer {
  return {
    result: markdownLines([
      md`I couldn't find anything in your organisation's calls, tasks or members matching "${quote(question)}".`,
      md``,
      suggestions(site),
    ]),
    sources: [],
  };
}

interface CallHit {
  id: string;
  started_at: Date;
  duration_seconds: number;
  site: string;
  summary: string;
  name: string;
  coverage: number;
  total: number;
}

interface TaskHit {
  id: string;
  title: string;
  status: string;
  due_date: string | null;
  name: string | null;
  coverage: number;
  total: number;
}

/** Calls whose summary or site shares words with the question, most words first (at most 20). */
async function findCalls(db: Queryable, orgId: string, request: SearchRequest, terms: string[], range: Range | null): Promise<CallHit[]> {
  const params: unknown[] = [orgId, terms.join(' or '), terms];
  const where = ['c.org_id = $1', 'c.search @@ q.q'];
  if (request.site) where.push(`c.site = $${params.push(request.site)}`);
  if (request.person) where.push(`c.member_id = ANY($${params.push(request.person.ids)}::text[])`);
  if (range) where.push(`c.started_at >= $${params.push(range.from)} AND c.started_at < $${params.push(range.to)}`);
  const { rows } = await db.query<CallHit>(
    `SELECT c.id, c.started_at, c.duration_seconds, c.site, c.summary, m.name,
            (SELECT count(*) FROM unnest($3::text[]) w WHERE c.search @@ plainto_tsquery('english', w))::int AS coverage,
            count(*) OVER ()::int AS total
       FROM calls c JOIN members m ON m.id = c.member_id AND m.org_id = c.org_id,
            websearch_to_tsquery('english', $2) AS q(q)
      WHERE ${where.join(' AND ')}
      ORDER BY coverage DESC, ts_rank(c.search, q.q) DESC, c.started_at DESC, c.id
      LIMIT 20`,
    params,
  );
  return rows;
}

/** Tasks whose title shares words with the question, most words first (at most 20). */
async function findTasks(db: Queryable, orgId: string, request: SearchRequest, terms: string[], range: Range | null): Promise<TaskHit[]> {
  const params: unknown[] = [orgId, terms.join(' or '), terms];
  const where = ['t.org_id = $1', 't.search @@ q.q'];
  if (request.site) where.push(`c.site = $${params.push(request.site)}`);
  if (request.person) where.push(`t.assignee_member_id = ANY($${params.push(request.person.ids)}::text[])`);
  if (range) where.push(`t.created_at >= $${params.push(range.from)} AND t.created_at < $${params.push(range.to)}`);
  const { rows } = await db.query<TaskHit>(
    `SELECT t.id, t.title, t.status, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, a.name,
            (SELECT count(*) FROM unnest($3::text[]) w WHERE t.search @@ plainto_tsquery('english', w))::int AS coverage,
            count(*) OVER ()::int AS total
       FROM tasks t LEFT JOIN members a ON a.id = t.assignee_member_id AND a.org_id = t.org_id
            LEFT JOIN calls c ON c.id = t.call_id AND c.org_id = t.org_id,
            websearch_to_tsquery('english', $2) AS q(q)
      WHERE ${where.join(' AND ')}
      ORDER BY coverage DESC, ts_rank(t.search, q.q) DESC, t.created_at DESC, t.id
      LIMIT 20`,
    params,
  );
  return rows;
}

interface MemberHit {
  id: string;
  name: string;
  role: string;
  email: string;
  is_active: boolean;
}

/** Members whose name, role or e-mail has a word of the question. */
async function findMembers(db: Queryable, orgId: string, question: string): Promise<MemberHit[]> {
  const { rows } = await db.query<MemberHit>(
    `SELECT m.id, m.name, m.role, m.email, m.is_active
       FROM members m
       CROSS JOIN LATERAL (SELECT to_tsvector('simple', m.name || ' ' || m.role || ' ' || regexp_replace(m.email, '[^a-zA-Z0-9]+', ' ', 'g')) AS doc) d,
            websearch_to_tsquery('simple', $2) q
      WHERE m.org_id = $1 AND d.doc @@ q
      ORDER BY ts_rank(d.doc, q) DESC, m.name, m.id LIMIT ${SHOWN}`,
    [orgId, memberWords(question).join(' or ')],
  );
  return rows;
}

interface Found {
  calls: CallHit[];
  tasks: TaskHit[];
  topCalls: CallHit[];
  topTasks: TaskHit[];
  members: MemberHit[];
}

/** The lead: how many records share words with the question, where and when, and who reported them. */
function headLines(request: SearchRequest, terms: string[], range: Range | null, found: Found): Markdown[] {
  const lines = [md`Here is what I found in your organisation's records for "${quote(request.question)}":`];
  const where: Markdown[] = [];
  if (request.site) where.push(md` at ${request.site}`);
  if (request.person) where.push(md` involving ${request.person.name}`);
  if (range) where.push(md` ${range.label}`);
  const scope = joinMarkdown(where, md``);
  const counts: Markdown[] = [];
  const callTotal = found.calls[0]?.total ?? 0;
  const taskTotal = found.tasks[0]?.total ?? 0;
  if (callTotal > 0) counts.push(md`${fmt(callTotal)} ${callTotal === 1 ? 'call' : 'calls'}`);
  if (taskTotal > 0) counts.push(md`${fmt(taskTotal)} ${taskTotal === 1 ? 'task' : 'tasks'}`);
  if (counts.length > 0) {
    lines.push(
      md``,
      md`${joinMarkdown(counts, md` and `)}${scope} share words with the question (“${terms.join(' ')}”); the closest matches are below.`,
    );
  }
  if (request.who && found.topCalls.length > 0) {
    const names = [...new Set(found.topCalls.map((c) => c.name))];
    lines.push(
      md``,
      md`Reported by: ${joinMarkdown(
        names.map((n) => md`${n}`),
        md`, `,
      )}.`,
    );
  }
  return lines;
}

/** The records found, one line each: calls, tasks, then members. */
function recordLines(found: Found, clock: Clock): Markdown[] {
  const lines: Markdown[] = [];
  if (found.topCalls.length > 0) {
    lines.push(md``, md`**Calls**`);
    found.topCalls.forEach((c) =>
      lines.push(
        md`- ${dateTime(toDate(c.started_at), clock.zone)} · ${c.site} · ${c.name} (${formatDuration(c.duration_seconds)}): ${excerpt(c.summary, 160)}`,
      ),
    );
  }
  if (found.topTasks.length > 0) {
    lines.push(md``, md`**Tasks**`);
    const today = dayIn(clock.now, clock.zone);
    found.topTasks.forEach((t) => {
      const due = t.due_date ? md`, due ${calendarDay(t.due_date)}` : md``;
      lines.push(
        md`- ${t.status === 'done' ? 'Done' : t.due_date && t.due_date < today ? 'Overdue' : 'Open'}: ${t.title} — ${t.name ?? 'unassigned'}${due}`,
      );
    });
  }
  if (found.members.length > 0) {
    lines.push(md``, md`**Members**`);
    found.members.forEach((m) => lines.push(md`- ${m.name} (${m.role}) — ${m.email}, ${m.is_active ? 'active' : 'pending'}`));
  }
  return lines;
}

export async function searchAnswer(
  db: Queryable,
  orgId: string,
  request: SearchRequest,
  clock: Clock,
  exampleSite: string | undefined,
): Promise<Answer> {
  const terms = request.terms.filter((t) => /^[a-z0-9]+$/.test(t)).slice(0, 12);
  if (terms.length === 0) return nothing(request.question, exampleSite);
  const range = request.window ? resolveWindow(request.window, clock) : null;
  const calls = await findCalls(db, orgId, request, terms, range);
  const tasks = await findTasks(db, orgId, request, terms, range);
  // Only the records that share the most words with the question.
  const best = Math.max(0, ...calls.map((c) => c.coverage), ...tasks.map((t) => t.coverage));
  const topCalls = calls.filter((c) => c.coverage === best).slice(0, SHOWN);
  const topTasks = tasks.filter((t) => t.coverage === best).slice(0, SHOWN);
  // When no call or task matches, members are searched by name, role and e-mail.
  const members = topCalls.length + topTasks.length > 0 || request.person ? [] : await findMembers(db, orgId, request.question);
  if (topCalls.length + topTasks.length + members.length === 0) return nothing(request.question, exampleSite);

  const found: Found = { calls, tasks, topCalls, topTasks, members };
  const sources: Source[] = [
    ...topCalls.map((c) => ({ id: c.id, type: 'call', title: `${c.site} — ${c.name}, ${shortDate(toDate(c.started_at), clock.zone)}` })),
    ...topTasks.map((t) => ({ id: t.id, type: 'task', title: t.title })),
    ...members.map((m): Source => ({ id: m.id, type: 'user', title: m.name, link: { to: 'member', id: m.id } })),
  ];
  return { result: markdownLines([...headLines(request, terms, range, found), ...recordLines(found, clock)]), sources };
}
