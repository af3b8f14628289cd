/**
 * One question to one answer. The question is understood as an intent, by a language model when
 * one is configured (model/) and else, or when the model fails, by the rule parser (understand/);
 * the intent is answered from the organisation's data (figures from server/figures and SQL, words
 * from each family of questions). A model never writes the answer: every number and name in it
 * comes from the data.
 */
import type { CopilotIntent, PlanType } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import type { Queryable } from '../core/db';
import type { TallyDb } from '../billing/tallies';
import { composeAnswer, LIST_LIMIT, type Answer } from './answer/compose';
import { joinMarkdown, markdownLines, md, words, type Markdown } from './answer/markdown';
import { TOPIC_ANSWERS } from './answer/reports';
import { searchAnswer, suggestions } from './answer/search';
import { computeFigures, membersOf } from './data/query';
import { screenFigureOf, screenFigureSentence, screenSource } from './families/figures';
import { closestNames, peopleAnswer } from './families/people';
import type { IntentModel } from './model/client';
import { dayName, usd as formatUsd } from './answer/format';
import { parseQuestion, type OrgWords, type Parsed, type PeopleQuery, type PersonRow } from './understand';
import type { OutOfScope } from './understand/vocabulary';
import type { Clock } from './time/windows';
import { dayIn } from './time/zone';

export interface EngineAnswer extends Answer {
  /** What the question was understood as, when it asked for records (sent back with a follow-up). */
  intent?: CopilotIntent;
}

interface OrgContext {
  name: string;
  sites: string[];
}

async function orgContext(db: Queryable, orgId: string): Promise<OrgContext> {
  const { rows: org } = await db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId]);
  const { rows: sites } = await db.query<{ site: string }>('SELECT DISTINCT site FROM calls WHERE org_id = $1 ORDER BY site LIMIT 500', [
    orgId,
  ]);
  return { name: org[0]?.name ?? '', sites: sites.map((s) => s.site) };
}

const escapeLike = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Members named in a question: by e-mail, full name, first name or last name; one statement. */
async function lookupPeople(db: Queryable, orgId: string, query: PeopleQuery): Promise<PersonRow[]> {
  const params: unknown[] = [orgId];
  const parts: string[] = [];
  const select = (where: string, limit: number) =>
    `(SELECT id, name, email FROM members WHERE org_id = $1 AND ${where} ORDER BY name, id LIMIT ${limit})`;
  if (query.names.length > 0) parts.push(select(`lower(name) = ANY($${params.push(query.names)}::text[])`, 50));
  if (query.emails.length > 0) parts.push(select(`lower(email) = ANY($${params.push(query.emails)}::text[])`, 10));
  // The index on lower(name) (text_pattern_ops) serves a first name; the trigram index a last one.
  for (const word of query.firstNames) parts.push(select(`lower(name) LIKE $${params.push(`${escapeLike(word)} %`)}`, 11));
  for (const word of query.lastNames) parts.push(select(`lower(name) LIKE $${params.push(`% ${escapeLike(word)}`)}`, 11));
  if (parts.length === 0) return [];
  const { rows } = await db.query<PersonRow>(parts.join(' UNION '), params);
  return rows;
}

/** Which words occur in the organisation's call summaries or task titles (their stored tsvectors, GIN-indexed). */
async function recordWords(db: Queryable, orgId: string, words: readonly string[]): Promise<string[]> {
  const { rows } = await db.query<{ w: string }>(
    `SELECT w FROM unnest($2::text[]) AS w
      WHERE EXISTS (SELECT 1 FROM calls c WHERE c.org_id = $1 AND c.search @@ plainto_tsquery('english', w))
         OR EXISTS (SELECT 1 FROM tasks t WHERE t.org_id = $1 AND t.search @@ plainto_tsquery('english', w))`,
    [orgId, [...words]],
  );
  return rows.map((r) => r.w);
}

function orgWords(db: Queryable, orgId: string, context: OrgContext): OrgWords {
  return {
    orgName: context.name,
    sites: context.sites,
    lookupPeople: (query) => lookupPeople(db, orgId, query),
    recordWords: (words) => recordWords(db, orgId, words),
  };
}

/** A previous intent from the console, with its person re-read within the caller's organisation. */
async function checkedPrevious(db: Queryable, orgId: string, previous: CopilotIntent | undefined): Promise<CopilotIntent | undefined> {
  if (!previous?.filters.person) return previous;
  const members = await membersOf(db, orgId, previous.filters.person.ids);
  const filters = { ...previous.filters };
  if (members.length === 0) delete filters.person;
  else filters.person = { ids: members.map((m) => m.id), name: members[0]?.name ?? previous.filters.person.name };
  return { ...previous, filters };
}

const OUT_OF_SCOPE: Record<OutOfScope, string> = {
  weather: "I can't tell you the weather: I only see your organisation's own records, and I have no weather data or web access.",
  creative: "I can't write poems, stories or jokes: I answer questions from your organisation's own records.",
  general: "I can't answer general-knowledge questions: I only see your organisation's own records, with no web access.",
  company: "I can only see your own organisation's records, not another company's, so I can't answer that.",
  unrecorded:
    "Your records don't hold that. I see your members, their calls (sites, summaries, sentiment, outcome), the tasks from those calls and your Hardline billing — not hours worked, pay, codes, suppliers or opinions.",
};

/** What a plan costs: the plan catalogue (src/domain/plans.ts), as the Manage Subscription dialog shows it. */
function priceAnswer(plans: readonly PlanType[]): EngineAnswer {
  const asked = plans.length > 0 ? plans : (['lite', 'pro'] as const);
  const lines = asked.map((plan) => md`${PLANS[plan].name} costs ${formatUsd(PLANS[plan].priceCents)} a month.`);
  const others = (['lite', 'pro'] as const).filter((plan) => !asked.includes(plan));
  const rest = others.map((plan) => md`${PLANS[plan].name}: ${formatUsd(PLANS[plan].priceCents)} a month.`);
  return { result: markdownLines([words(lines), ...(rest.length > 0 ? [md``, md`(${words(rest)})`] : [])]), sources: [] };
}

function plain(lines: Markdown[]): EngineAnswer {
  return { result: markdownLines(lines), sources: [] };
}

/** "Today" is the administrator's: said when their day is not UTC's (from 4 pm in California, say). */
function dayNote(intent: CopilotIntent, clock: Clock): Markdown | null {
  if (!intent.filters.window || clock.zone === 'UTC') return null;
  const today = dayIn(clock.now, clock.zone);
  return today === dayIn(clock.now, 'UTC') ? null : md`Days are in your time zone (${clock.zone}), where today is ${dayName(today)}.`;
}

async function intentAnswer(
  db: TallyDb,
  orgId: string,
  question: string,
  intent: CopilotIntent,
  ignored: string[],
  clock: Clock,
): Promise<EngineAnswer> {
  const people = await peopleAnswer(db, orgId, intent, question, clock);
  if (people) return { ...people, intent };
  const shown =
    intent.measure === 'latest' || intent.measure === 'longest' || intent.measure === 'earliest' ? (intent.limit ?? 5) : LIST_LIMIT;
  const figures = await computeFigures(db, orgId, intent, clock, shown);
  const figure = intent.measure === 'count' || intent.measure === 'list' ? screenFigureOf(intent) : null;
  const screen = figure
    ? { figure, source: screenSource(figure), sentence: await screenFigureSentence(db, orgId, figure, figures.n) }
    : undefined;
  const answer = composeAnswer(intent, figures, { clock, ignored, screen });
  const note = dayNote(intent, clock);
  return { result: note ? markdownLines([answer.result, md``, note]) : answer.result, sources: answer.sources, intent };
}

async function personQuestion(
  db: Queryable,
  orgId: string,
  parsed: Extract<Parsed, { kind: 'unknownPerson' | 'ambiguousPerson' }>,
): Promise<EngineAnswer> {
  if (parsed.kind === 'ambiguousPerson') {
    const names = joinMarkdown(
      parsed.candidates.slice(0, 10).map((c) => md`${c.name}`),
      md`, `,
    );
    const more = parsed.candidates.length > 10 ? md` and others` : md``;
    return {
      result: md`Several members are called ${parsed.name}: ${names}${more}. Which one do you mean? Ask again with the full name.`,
      sources: parsed.candidates.slice(0, 10).map((c) => ({ id: c.id, type: 'user', title: c.name, link: { to: 'member', id: c.id } })),
    };
  }
  const closest = await closestNames(db, orgId, parsed.name);
  const names = joinMarkdown(
    closest.map((n) => md`${n}`),
    md`, `,
  );
  const near = closest.length > 1 ? md` The closest names are ${names}.` : closest.length === 1 ? md` The closest name is ${names}.` : md``;
  return plain([md`I couldn't find a member called “${parsed.name}” in your organisation.${near}`]);
}

async function answerParsed(
  db: TallyDb,
  orgId: string,
  question: string,
  parsed: Parsed,
  clock: Clock,
  context: OrgContext,
): Promise<EngineAnswer> {
  const exampleSite = context.sites[0];
  switch (parsed.kind) {
    case 'report':
      return TOPIC_ANSWERS[parsed.topic](db, orgId, clock);
    case 'price':
      return priceAnswer(parsed.plans);
    case 'search':
      return searchAnswer(
        db,
        orgId,
        { question, terms: parsed.terms, site: parsed.site, person: parsed.person, window: parsed.window, who: parsed.who },
        clock,
        exampleSite,
      );
    case 'out':
      return plain([md`${OUT_OF_SCOPE[parsed.reason]}`, md``, suggestions(exampleSite)]);
    case 'greeting':
      return plain([md`Hello! I answer from your organisation's records, without the web.`, md``, suggestions(exampleSite)]);
    case 'unclear':
      return plain([
        md`I'm not sure which records you mean. Ask about members, calls, tasks, subscriptions, invoices or payments.`,
        md``,
        suggestions(exampleSite),
      ]);
    case 'unknownPerson':
    case 'ambiguousPerson':
      return personQuestion(db, orgId, parsed);
    case 'intent':
      return intentAnswer(db, orgId, question, parsed.intent, parsed.ignored, clock);
  }
}

export interface AnswerOptions {
  /** A language model that reads the question into an intent (model/client.ts); none: the rule parser alone. */
  model?: IntentModel | null | undefined;
}

export async function answerQuestion(
  db: TallyDb,
  orgId: string,
  question: string,
  previousIntent: CopilotIntent | undefined,
  clock: Clock,
  options: AnswerOptions = {},
): Promise<EngineAnswer> {
  const context = await orgContext(db, orgId);
  const previous = await checkedPrevious(db, orgId, previousIntent);
  const org = orgWords(db, orgId, context);
  const fromModel = options.model ? await options.model.read(question, { clock, previous, org }) : null;
  const parsed = fromModel ?? (await parseQuestion(question, { clock, previous, org }));
  return answerParsed(db, orgId, question, parsed, clock, context);
}
