/**
 * Free-text questions: a Postgres full-text search across the organisation's calls (site and
 * summary), tasks (title) and members (name, role, email). Terms are OR-ed and ranked, so a
 * question in natural language still finds the records that share the most words with it.
 */
import type { Answer, Db } from './answers';
import { formatDuration } from './answers';
import { markdownLines, md } from './markdown';

const FILLER = new Set(
  'a about all an and any are as at be by can could did do does for from give had has have how i in is it me my of on or our please show should tell that the their there this to us was we were what when where which who why with you your find list know anything everything happened latest recent'.split(' '),
);

/** The distinct searchable words of a question (letters and digits only, so they are safe in a tsquery). */
export function searchTerms(query: string): string[] {
  const words = query.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').split(/[^a-z0-9]+/);
  const terms: string[] = [];
  for (const word of words) {
    if (word.length < 2 || FILLER.has(word) || terms.includes(word)) continue;
    terms.push(word);
    if (terms.length === 12) break;
  }
  return terms;
}

function shortDate(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

export async function searchAnswer(db: Db, orgId: string, query: string): Promise<Answer> {
  const terms = searchTerms(query);
  const quoted = query.trim().length > 80 ? `${query.trim().slice(0, 79)}…` : query.trim();
  const nothing: Answer = {
    result: markdownLines([
      md`I couldn't find anything in your organisation's calls, tasks or members matching "${quoted}".`,
      md``,
      md`Try a person's name, a site (for example "Harbor Point") or a topic such as "concrete pour", "inspection", "delivery" or "safety" — or use one of the quick prompts: User Activity, Call Analytics, Task Overview, Weekly Report or Organization Insights.`,
    ]),
    sources: [],
  };
  if (terms.length === 0) return nothing;

  const english = terms.join(' | ');
  const simple = terms.map((t) => (t.length >= 4 ? `${t}:*` : t)).join(' | ');

  const { rows: calls } = await db.query<{ id: string; started_at: Date; duration_seconds: number; site: string; summary: string; name: string; rank: number }>(
    `SELECT c.id, c.started_at, c.duration_seconds, c.site, c.summary, m.name,
            ts_rank_cd(to_tsvector('english', c.site || ' ' || c.summary), q) AS rank
       FROM calls c JOIN members m ON m.id = c.member_id AND m.org_id = c.org_id,
            to_tsquery('english', $2) q
      WHERE c.org_id = $1 AND to_tsvector('english', c.site || ' ' || c.summary) @@ q
      ORDER BY rank DESC, c.started_at DESC, c.id LIMIT 5`,
    [orgId, english],
  );
  const { rows: tasks } = await db.query<{ id: string; title: string; status: string; due_date: string | null; name: string | null; rank: number }>(
    `SELECT t.id, t.title, t.status, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, m.name,
            ts_rank_cd(to_tsvector('english', t.title), q) AS rank
       FROM tasks t LEFT JOIN members m ON m.id = t.assignee_member_id AND m.org_id = t.org_id,
            to_tsquery('english', $2) q
      WHERE t.org_id = $1 AND to_tsvector('english', t.title) @@ q
      ORDER BY rank DESC, t.created_at DESC, t.id LIMIT 5`,
    [orgId, english],
  );
  const { rows: members } = await db.query<{ id: string; name: string; role: string; email: string; is_active: boolean; rank: number }>(
    `SELECT m.id, m.name, m.role, m.email, m.is_active, ts_rank(d.doc, q) AS rank
       FROM members m
       CROSS JOIN LATERAL (SELECT to_tsvector('simple', m.name || ' ' || m.role || ' ' || regexp_replace(m.email, '[^a-zA-Z0-9]+', ' ', 'g')) AS doc) d,
            to_tsquery('simple', $2) q
      WHERE m.org_id = $1 AND d.doc @@ q
      ORDER BY rank DESC, m.name, m.id LIMIT 5`,
    [orgId, simple],
  );

  if (calls.length + tasks.length + members.length === 0) return nothing;

  const lines = [md`Here is what I found in your organisation's records for "${quoted}":`];
  if (calls.length > 0) {
    lines.push(md``, md`**Calls**`);
    calls.forEach((c) => lines.push(md`- ${shortDate(c.started_at)} · ${c.site} · ${c.name} (${formatDuration(c.duration_seconds)}): ${c.summary}`));
  }
  if (tasks.length > 0) {
    lines.push(md``, md`**Tasks**`);
    tasks.forEach((t) => {
      const due = t.due_date ? md`, due ${shortDate(new Date(`${t.due_date}T00:00:00Z`))}` : md``;
      lines.push(md`- [${t.status}] ${t.title} — ${t.name ?? 'unassigned'}${due}`);
    });
  }
  if (members.length > 0) {
    lines.push(md``, md`**Members**`);
    members.forEach((m) => lines.push(md`- ${m.name} (${m.role}) — ${m.email}, ${m.is_active ? 'active' : 'pending'}`));
  }
  return {
    result: markdownLines(lines),
    sources: [
      ...calls.map((c) => ({ id: c.id, type: 'call', title: `${c.site} — ${c.name}, ${shortDate(c.started_at)}` })),
      ...tasks.map((t) => ({ id: t.id, type: 'task', title: t.title })),
      ...members.map((m) => ({ id: m.id, type: 'user', title: m.name })),
    ],
  };
}
