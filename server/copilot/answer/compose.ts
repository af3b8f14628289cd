/**
 * Figures to an answer: one sentence with the figure and its scope ("50 members are pending
 * activation (of 240)."), the records (at most 10, then "…and N more" with where to find the rest),
 * and the sources: the screen that lists the same rows, then the records. Every piece of text is
 * built with `md`, so a name, a site or a title is always shown as the text it is. The words of each
 * subject are its family's (families/*.ts).
 */
import type { CopilotIntent, Source } from '../../../src/contract/api';
import { FAMILIES } from '../families';
import type { Phrase } from '../families/family';
import { memberCountSentence } from '../families/members';
import type { ScreenFigure } from '../families/figures';
import type { Figures } from '../data/query';
import type { Clock } from '../time/windows';
import type { Group } from '../understand/vocabulary';
import { count as fmt, dayName, formatDuration, plural, usd } from './format';
import { capitalize, markdownLines, md, words, type Markdown } from './markdown';

export interface Answer {
  result: Markdown;
  sources: Source[];
}

/** Records an answer lists at most. */
export const LIST_LIMIT = 10;

function np(phrase: Phrase, n: number, options: { when?: boolean } = {}): Markdown {
  return words([phrase.pre, md`${plural(n, phrase.noun[0], phrase.noun[1])}`, phrase.post, options.when === false ? null : phrase.when]);
}

/** "(of 240)" / "(of 1,024 calls this week)"; empty when the scope says nothing more. */
function scopeOf(intent: CopilotIntent, phrase: Phrase, figures: Figures): Markdown {
  if (figures.scope === null || figures.scope === figures.n) return md``;
  const plainNoun = phrase.pre.text === '' && phrase.post.text === '' && phrase.noun[1] === phrase.base[1];
  const noun =
    intent.subject === 'members' && plainNoun && !figures.range ? md`` : md` ${plural(figures.scope, phrase.base[0], phrase.base[1])}`;
  const when = figures.range ? (intent.subject === 'members' ? md` who ${phrase.when}` : md` ${phrase.when}`) : md``;
  return md` (of ${fmt(figures.scope)}${noun}${when})`;
}

/** The sentence with the count: "50 members are pending activation (of 240).", "There were 12 calls today." */
function countSentence(intent: CopilotIntent, figures: Figures): Markdown {
  const phrase = FAMILIES[intent.subject].phrase(intent, figures.range);
  const n = figures.n;
  const scope = scopeOf(intent, phrase, figures);
  if (intent.subject === 'members')
    return memberCountSentence(intent, n, np(phrase, n, { when: false }), scope, figures.range?.label ?? null);
  const past =
    intent.subject === 'calls' ||
    intent.subject === 'transactions' ||
    intent.subject === 'changes' ||
    (intent.subject === 'tasks' && intent.filters.window?.field === 'completed');
  const verb = past ? plural(n, 'was', 'were') : plural(n, 'is', 'are');
  return md`There ${verb} ${fmt(n)} ${np(phrase, n)}${scope}.`;
}

function figureOf(intent: CopilotIntent, value: number, n: number): string {
  if (intent.subject === 'calls') return formatDuration(intent.measure === 'average' ? (n === 0 ? 0 : value / n) : value);
  return usd(intent.measure === 'average' ? (n === 0 ? 0 : Math.round(value / n)) : value);
}

function totalSentence(intent: CopilotIntent, figures: Figures): Markdown {
  const phrase = FAMILIES[intent.subject].phrase(intent, figures.range);
  const { n } = figures;
  const subject = capitalize(np(phrase, 2));
  const counted = md`${fmt(n)} ${plural(n, phrase.noun[0], phrase.noun[1])}`;
  const average = intent.measure === 'average';
  const value = figureOf(intent, figures.sum, n);
  if (n === 0)
    return md`There ${intent.subject === 'calls' || intent.subject === 'transactions' ? 'were' : 'are'} no ${np(phrase, 2)}, so there is nothing to ${average ? 'average' : 'add up'}.`;
  if (intent.subject === 'calls')
    return average ? md`${subject} lasted ${value} on average (${counted}).` : md`${subject} add up to ${value} of talk time (${counted}).`;
  if (intent.subject === 'subscriptions')
    return average
      ? md`${subject} are worth ${value} a month on average (${counted}).`
      : md`${subject} are worth ${value} a month (${counted}).`;
  return average ? md`${subject} averaged ${value} (${counted}).` : md`${subject} total ${value} (${counted}).`;
}

const GROUP_NAME: Record<Group, string> = { role: 'role', site: 'site', person: 'person', day: 'day', plan: 'plan', status: 'status' };
const PLAN_NAME: Record<string, string> = { pro: 'Pro', lite: 'Lite', trial: 'Trial', free: 'Free' };
const STATUS_NAME: Record<string, string> = { active: 'Active', pending: 'Pending', open: 'Open', done: 'Done', overdue: 'Overdue' };

function groupName(intent: CopilotIntent, group: Group): string {
  if (group === 'person') return intent.subject === 'calls' ? 'caller' : intent.subject === 'tasks' ? 'assignee' : 'member';
  if (group === 'plan' && intent.subject === 'members') return 'access level';
  return GROUP_NAME[group];
}

function groupLabel(intent: CopilotIntent, group: Group, g: { key: string; label: string }): string {
  if (group === 'day') return dayName(g.label || g.key);
  if (group === 'plan') return PLAN_NAME[g.label] ?? g.label;
  if (group === 'status') {
    if (intent.subject === 'tasks' && g.label === 'open') return 'Open, not overdue';
    const label = STATUS_NAME[g.label] ?? g.label.replace(/_/g, ' ');
    return label.charAt(0).toUpperCase() + label.slice(1);
  }
  if (group === 'person' && !g.key) return intent.subject === 'tasks' ? 'Unassigned' : g.label;
  if (group === 'site' && !g.key) return 'No site';
  return g.label;
}

function groupAnswer(intent: CopilotIntent, figures: Figures, group: Group): Markdown[] {
  const phrase = FAMILIES[intent.subject].phrase(intent, figures.range);
  const byValue = intent.measure === 'total' || intent.measure === 'average';
  const valueOf = (g: { n: number; value: number }) =>
    byValue ? (intent.measure === 'average' ? (g.n === 0 ? 0 : g.value / g.n) : g.value) : g.n;
  const sorted = [...figures.groups].sort((a, b) => {
    if (group === 'day' && !intent.rank) return a.key.localeCompare(b.key);
    const d = intent.rank === 'least' ? valueOf(a) - valueOf(b) : valueOf(b) - valueOf(a);
    return d !== 0 ? d : groupLabel(intent, group, a).localeCompare(groupLabel(intent, group, b));
  });
  const shown = sorted.slice(0, intent.limit ?? LIST_LIMIT);
  const figure = (g: { n: number; value: number }) =>
    byValue ? md`${figureOf(intent, g.value, g.n)} (${fmt(g.n)} ${plural(g.n, phrase.noun[0], phrase.noun[1])})` : md`${fmt(g.n)}`;
  const lines: Markdown[] = [];
  const top = sorted[0];
  if (intent.rank && top) {
    const verb = intent.subject === 'calls' || intent.subject === 'transactions' ? 'had' : 'has';
    const most = intent.rank === 'least' ? 'the fewest' : 'the most';
    const what = byValue ? (intent.subject === 'calls' ? md`talk time` : md`value`) : np(phrase, 2, { when: false });
    const when = phrase.when.text ? md` ${phrase.when}` : md``;
    const amount = byValue ? figureOf(intent, top.value, top.n) : fmt(top.n);
    const whole = byValue ? figureOf(intent, figures.sum, figures.n) : fmt(figures.n);
    lines.push(md`${groupLabel(intent, group, top)} ${verb} ${most} ${what}${when}: ${amount} (of ${whole}).`, md``);
  } else {
    const total = byValue ? md`, ${figureOf(intent, figures.sum, figures.n)}` : md``;
    lines.push(
      md`${capitalize(np(phrase, 2))} by ${groupName(intent, group)} (${fmt(figures.n)} ${plural(figures.n, phrase.noun[0], phrase.noun[1])}${total}):`,
      md``,
    );
  }
  if (sorted.length === 0) lines.push(md`- none`);
  for (const g of shown) lines.push(md`- ${groupLabel(intent, group, g)}: ${figure(g)}`);
  if (sorted.length > shown.length) lines.push(md``, md`…and ${fmt(sorted.length - shown.length)} more.`);
  return lines;
}

/** The newest / longest record, or the N of them. */
function firstAnswer(intent: CopilotIntent, figures: Figures, clock: Clock): Markdown[] {
  const family = FAMILIES[intent.subject];
  const phrase = family.phrase(intent, figures.range);
  const [first, ...others] = figures.rows;
  if ((intent.limit ?? 1) === 1) {
    if (!first) return [countSentence(intent, figures)];
    const lines = [family.first(intent, first, phrase, clock)];
    if (others.length > 0)
      lines.push(md``, md`${intent.measure === 'longest' ? 'Next:' : 'Before that:'}`, ...others.map((r) => family.line(intent, r, clock)));
    return lines;
  }
  if (!first) return [countSentence(intent, figures)];
  const which =
    intent.measure === 'longest'
      ? intent.subject === 'calls'
        ? 'longest'
        : 'largest'
      : intent.measure === 'earliest'
        ? 'oldest'
        : intent.subject === 'members' && intent.filters.window?.field !== 'active'
          ? 'newest'
          : 'most recent';
  return [
    md`The ${figures.rows.length} ${which} ${np(phrase, figures.rows.length)}:`,
    md``,
    ...figures.rows.map((r) => family.line(intent, r, clock)),
  ];
}

/** The count and the records, then where the rest are. */
function listAnswer(intent: CopilotIntent, figures: Figures, clock: Clock, head: Markdown | null): Markdown[] {
  const family = FAMILIES[intent.subject];
  const lines = [head ?? countSentence(intent, figures)];
  if (figures.rows.length === 0) return lines;
  lines.push(md``, ...figures.rows.map((r) => family.line(intent, r, clock)));
  const rest = intent.measure === 'list' ? figures.n - figures.rows.length : 0;
  if (rest > 0) lines.push(md``, family.rest(intent, rest));
  return lines;
}

/** The sources: the screen with the same rows (a screen's figure, User Management with filters), then the records. */
function sourcesOf(intent: CopilotIntent, figures: Figures, clock: Clock, screen: Source | null): Source[] {
  const family = FAMILIES[intent.subject];
  const list = screen ? null : family.listLink?.(intent);
  const lead: Source[] = screen
    ? [screen]
    : list
      ? [{ id: `list:${intent.subject}`, type: 'list', title: list.title, link: list.link }]
      : [];
  return [...lead, ...figures.rows.map((r) => family.source(r, clock))];
}

export interface ComposeOptions {
  clock: Clock;
  /** Words of the question it could not use. */
  ignored: readonly string[];
  /** The screen's figure the count is, with its sentence and source (families/figures.ts). */
  screen?: { figure: ScreenFigure; sentence: Markdown; source: Source } | undefined;
}

/** The answer to an intent, from its figures. */
export function composeAnswer(intent: CopilotIntent, figures: Figures, options: ComposeOptions): Answer {
  const { clock, screen } = options;
  const lines: Markdown[] = [];
  if (intent.groupBy) lines.push(...groupAnswer(intent, figures, intent.groupBy));
  else if (intent.measure === 'count') lines.push(screen?.sentence ?? countSentence(intent, figures));
  else if (intent.measure === 'total' || intent.measure === 'average') {
    lines.push(totalSentence(intent, figures));
    if (figures.n > 0 && (figures.scope ?? 0) > figures.n) lines.push(md``, countSentence({ ...intent, measure: 'count' }, figures));
  } else if (intent.measure === 'latest' || intent.measure === 'longest' || intent.measure === 'earliest')
    lines.push(...firstAnswer(intent, figures, clock));
  else lines.push(...listAnswer(intent, figures, clock, screen?.sentence ?? null));
  if (options.ignored.length > 0)
    lines.push(
      md``,
      md`I could not use “${options.ignored.join(' ')}” in this answer; it counts every record that matches the rest of the question.`,
    );
  const sources =
    intent.measure === 'count' && !intent.groupBy && screen ? [screen.source] : sourcesOf(intent, figures, clock, screen?.source ?? null);
  return { result: markdownLines(lines), sources };
}
