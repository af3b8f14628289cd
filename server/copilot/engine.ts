/**
 * One question to one answer: the organisation's words (its name, sites), the parse, then the
 * figures, the search, a report, or an honest "I can't answer that from your data".
 */
import type { CopilotIntent } from '../../src/contract/api';
import { accessLevelSql } from '../billing/access';
import { TOPIC_ANSWERS } from './reports';
import { composeAnswer, LIST_LIMIT, profileAnswer, type Answer } from './compose';
import type { OutOfScope } from './lexicon';
import { joinMarkdown, markdownLines, md } from './markdown';
import { parseQuestion, type OrgWords, type Parsed } from './parse';
import { computeFigures, membersOf, type Db } from './query';
import { searchAnswer, suggestions } from './search';

export interface EngineAnswer extends Answer {
  /** What the question was understood as, when it asked for records (sent back with a follow-up). */
  intent?: CopilotIntent;
}

interface OrgContext {
  name: string;
  sites: string[];
}

async function orgContext(db: Db, orgId: string): Promise<OrgContext> {
  const { rows: org } = await db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId]);
  const { rows: sites } = await db.query<{ site: string }>('SELECT DISTINCT site FROM calls WHERE org_id = $1 ORDER BY site LIMIT 500', [
    orgId,
  ]);
  return { name: org[0]?.name ?? '', sites: sites.map((s) => s.site) };
}

function orgWords(db: Db, orgId: string, context: OrgContext): OrgWords {
  return {
    orgName: context.name,
    sites: context.sites,
    async lookupPeople(names, firstNames) {
      const full = names.slice(0, 40);
      const first = firstNames.slice(0, 5);
      const found: Array<{ id: string; name: string }> = [];
      if (full.length > 0) {
        const { rows } = await db.query<{ id: string; name: string }>(
          'SELECT id, name FROM members WHERE org_id = $1 AND lower(name) = ANY($2::text[]) ORDER BY name, id LIMIT 50',
          [orgId, full],
        );
        found.push(...rows);
      }
      for (const word of first) {
        // A first name: the index on lower(name) (text_pattern_ops) serves the prefix.
        const { rows } = await db.query<{ id: string; name: string }>(
          "SELECT id, name FROM members WHERE org_id = $1 AND lower(name) LIKE $2 ESCAPE '\\' ORDER BY name, id LIMIT 11",
          [orgId, `${word.replace(/[\\%_]/g, (c) => `\\${c}`)} %`],
        );
        found.push(...rows);
      }
      return found;
    },
  };
}

const OUT_OF_SCOPE: Record<OutOfScope, string> = {
  weather: "I can't tell you the weather: I only see your organisation's own records, and I have no weather data or web access.",
  creative: "I can't write poems, stories or jokes: I answer questions from your organisation's own records.",
  general: "I can't answer general-knowledge questions: I only see your organisation's own records, with no web access.",
  company: "I can only see your own organisation's records, not another company's, so I can't answer that.",
};

/** A previous intent from the console, with its person re-read within the caller's organisation. */
async function checkedPrevious(db: Db, orgId: string, previous: CopilotIntent | undefined): Promise<CopilotIntent | undefined> {
  if (!previous?.filters.person) return previous;
  const members = await membersOf(db, orgId, previous.filters.person.ids);
  const filters = { ...previous.filters };
  if (members.length === 0) delete filters.person;
  else filters.person = { ids: members.map((m) => m.id), name: members[0]?.name ?? previous.filters.person.name };
  return { ...previous, filters };
}

async function personProfile(db: Db, orgId: string, intent: CopilotIntent, now: Date): Promise<Answer | null> {
  const person = intent.filters.person;
  const others = Object.entries(intent.filters).filter(([k, v]) => k !== 'person' && v !== undefined);
  if (!person || person.ids.length !== 1 || others.length > 0 || intent.groupBy || intent.measure !== 'list') return null;
  const figures = await computeFigures(db, orgId, { subject: 'members', measure: 'list', filters: { person } }, now, 1);
  const member = figures.rows[0];
  if (!member) return null;
  const id = member.id;
  const since = new Date(now.getTime() - 30 * 86_400_000);
  const { rows: calls } = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM calls WHERE org_id = $1 AND member_id = $2 AND started_at >= $3',
    [orgId, id, since],
  );
  const { rows: last } = await db.query<{ id: string; started_at: Date; site: string }>(
    'SELECT id, started_at, site FROM calls WHERE org_id = $1 AND member_id = $2 ORDER BY started_at DESC, id LIMIT 1',
    [orgId, id],
  );
  const { rows: tasks } = await db.query<{ open: number; overdue: number }>(
    "SELECT count(*) FILTER (WHERE status = 'open')::int AS open, count(*) FILTER (WHERE status = 'open' AND due_date < $3::date)::int AS overdue FROM tasks WHERE org_id = $1 AND assignee_member_id = $2",
    [orgId, id, now.toISOString().slice(0, 10)],
  );
  const { rows: level } = await db.query<{ level: string }>(
    `SELECT ${accessLevelSql('$3')} AS level FROM members m
       LEFT JOIN subscriptions s ON s.member_id = m.id AND s.org_id = m.org_id
       LEFT JOIN trials t ON t.member_id = m.id AND t.org_id = m.org_id
      WHERE m.org_id = $1 AND m.id = $2`,
    [orgId, id, now],
  );
  return profileAnswer(member, {
    access: level[0]?.level ?? 'free',
    calls30: calls[0]?.n ?? 0,
    lastCall: last[0] ? { id: last[0].id, started_at: last[0].started_at, site: last[0].site } : null,
    openTasks: tasks[0]?.open ?? 0,
    overdueTasks: tasks[0]?.overdue ?? 0,
  });
}

export async function answerQuestion(
  db: Db,
  orgId: string,
  question: string,
  previousIntent: CopilotIntent | undefined,
  now: Date,
): Promise<EngineAnswer> {
  const context = await orgContext(db, orgId);
  const exampleSite = context.sites[0];
  const previous = await checkedPrevious(db, orgId, previousIntent);
  const parsed: Parsed = await parseQuestion(question, { now, previous, org: orgWords(db, orgId, context) });
  switch (parsed.kind) {
    case 'report':
      return TOPIC_ANSWERS[parsed.topic](db, orgId, now);
    case 'search':
      return searchAnswer(
        db,
        orgId,
        { question, terms: parsed.terms, site: parsed.site, person: parsed.person, window: parsed.window, who: parsed.who },
        now,
        exampleSite,
      );
    case 'out':
      return { result: markdownLines([md`${OUT_OF_SCOPE[parsed.reason]}`, md``, suggestions(exampleSite)]), sources: [] };
    case 'greeting':
      return {
        result: markdownLines([md`Hello! I answer from your organisation's records, without the web.`, md``, suggestions(exampleSite)]),
        sources: [],
      };
    case 'unclear':
      return {
        result: markdownLines([
          md`I'm not sure which records you mean. Ask about members, calls, tasks, subscriptions, invoices or payments.`,
          md``,
          suggestions(exampleSite),
        ]),
        sources: [],
      };
    case 'unknownPerson':
      return {
        result: markdownLines([md`I couldn't find a member called “${parsed.name}” in your organisation.`, md``, suggestions(exampleSite)]),
        sources: [],
      };
    case 'ambiguousPerson': {
      const names = joinMarkdown(
        parsed.candidates.map((c) => md`${c.name}`),
        md`, `,
      );
      const more = parsed.candidates.length > 10 ? md` and others` : md``;
      return {
        result: md`Several members are called ${parsed.name}: ${names}${more}. Ask again with the full name of the one you mean.`,
        sources: parsed.candidates.slice(0, 10).map((c) => ({ id: c.id, type: 'user', title: c.name })),
      };
    }
    case 'intent': {
      const { intent } = parsed;
      if (intent.subject === 'members') {
        const profile = await personProfile(db, orgId, intent, now);
        if (profile) return { ...profile, intent };
      }
      const shown =
        intent.measure === 'list'
          ? LIST_LIMIT
          : intent.measure === 'latest' || intent.measure === 'longest'
            ? (intent.limit ?? 5)
            : LIST_LIMIT;
      const figures = await computeFigures(db, orgId, intent, now, shown);
      return { ...composeAnswer(intent, figures, parsed.ignored), intent };
    }
  }
}
