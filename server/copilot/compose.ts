/**
 * Figures to an answer: one sentence with the figure and its scope ("50 members are pending
 * activation (of 240)."), the records (at most 10, then "…and N more" with a hint for finding the
 * rest, never a link), and the records as `sources`. Every piece of text is built with `md`, so a
 * name, a site or a title is always shown as the text it is.
 */
import type { CopilotIntent, Source } from '../../src/contract/api';
import { count as fmt, dateTime, dayName, excerpt, formatDuration, shortDate, toDate, usd } from './format';
import type { Group } from './lexicon';
import { capitalize, joinMarkdown, markdownLines, md, words, type Markdown } from './markdown';
import type { Figures, RecordRow } from './query';

export interface Answer {
  result: Markdown;
  sources: Source[];
}

/** Records an answer lists at most. */
export const LIST_LIMIT = 10;

const ROLE_NOUN: Record<string, [string, string]> = {
  'Field Worker': ['field worker', 'field workers'],
  Supervisor: ['supervisor', 'supervisors'],
  'Project Manager': ['project manager', 'project managers'],
  Admin: ['admin', 'admins'],
};

const PLAN_NAME: Record<string, string> = { pro: 'Pro', lite: 'Lite', trial: 'Trial', free: 'Free' };
const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  pending: 'Pending',
  open: 'Open',
  done: 'Done',
  overdue: 'Overdue',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
  paid: 'Paid',
  uncollectible: 'Uncollectible',
  void: 'Void',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const num = (v: unknown) => Number(v ?? 0);
const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

// ---------------------------------------------------------------------------------------------
// Noun phrases
// ---------------------------------------------------------------------------------------------

interface Phrase {
  /** Before the noun ("licensed", "overdue"). */
  pre: Markdown;
  /** The noun, singular and plural. */
  noun: [string, string];
  /** After the noun ("at Harbor Point Tower", "assigned to Priya Nguyen"). */
  post: Markdown;
  /** The time window as a phrase ("this week", "joined this month"); empty when none. */
  when: Markdown;
  /** The subject's plain noun for the scope ("members", "calls"). */
  base: [string, string];
}

function roleOf(intent: CopilotIntent): [string, string] | null {
  return intent.filters.role ? (ROLE_NOUN[intent.filters.role] ?? null) : null;
}

function termsPhrase(intent: CopilotIntent): Markdown | null {
  const terms = intent.filters.terms;
  return terms?.length ? md`mentioning “${terms.join(' ')}”` : null;
}

function phraseOf(intent: CopilotIntent, figures: Pick<Figures, 'range'>): Phrase {
  const f = intent.filters;
  const label = figures.range?.label ?? '';
  const person = f.person ? f.person.name : null;
  const role = roleOf(intent);
  switch (intent.subject) {
    case 'members': {
      const access =
        f.access === 'trial'
          ? md`on a trial`
          : f.access === 'free'
            ? md`on the free plan`
            : f.access
              ? md`on the ${PLAN_NAME[f.access] ?? f.access} plan`
              : null;
      const when = !label ? md`` : f.window?.field === 'active' ? md`active ${label}` : md`joined ${label}`;
      return {
        pre: words([f.licensed === true ? md`licensed` : f.licensed === false ? md`unlicensed` : null]),
        noun: role ?? ['member', 'members'],
        post: words([access, person ? md`named ${person}` : null, f.site ? md`who made calls at ${f.site}` : null]),
        when,
        base: ['member', 'members'],
      };
    }
    case 'calls': {
      const outcome =
        f.outcome === 'escalated'
          ? md`that were escalated`
          : f.outcome === 'follow_up'
            ? md`that need a follow-up`
            : f.outcome === 'resolved'
              ? md`that were resolved`
              : null;
      return {
        pre: words([f.sentiment ? md`${f.sentiment}` : null]),
        noun: ['call', 'calls'],
        post: words([
          outcome,
          termsPhrase(intent),
          f.site ? md`at ${f.site}` : null,
          person ? md`by ${person}` : null,
          role ? md`by ${role[1]}` : null,
        ]),
        when: label ? md`${label}` : md``,
        base: ['call', 'calls'],
      };
    }
    case 'tasks': {
      const state = f.status === 'open' ? md`open` : f.status === 'done' ? md`completed` : f.status === 'overdue' ? md`overdue` : null;
      const field = f.window?.field;
      const when = !label
        ? md``
        : field === 'due'
          ? md`due ${label}`
          : field === 'completed'
            ? md`completed ${label}`
            : md`created ${label}`;
      return {
        pre: words([state, f.unassigned ? md`unassigned` : null]),
        noun: ['task', 'tasks'],
        post: words([
          person ? md`assigned to ${person}` : null,
          role ? md`assigned to ${role[1]}` : null,
          f.site ? md`from calls at ${f.site}` : null,
          termsPhrase(intent),
        ]),
        when,
        base: ['task', 'tasks'],
      };
    }
    case 'subscriptions': {
      const status = f.status;
      const state =
        status === 'live'
          ? md`live`
          : status === 'past_due'
            ? md`past-due`
            : status === 'cancelling'
              ? null
              : status
                ? md`${status}`
                : null;
      const when = !label ? md`` : f.window?.field === 'canceled' ? md`canceled ${label}` : md`started ${label}`;
      return {
        pre: words([state, f.plan ? md`${PLAN_NAME[f.plan] ?? f.plan}` : null]),
        noun: ['subscription', 'subscriptions'],
        post: words([
          status === 'live' ? md`(active, trialing or past due)` : null,
          status === 'cancelling' ? md`set to cancel at the end of their period` : null,
          person ? md`of ${person}` : null,
          role ? md`of ${role[1]}` : null,
        ]),
        when,
        base: ['subscription', 'subscriptions'],
      };
    }
    case 'invoices': {
      return {
        pre: words([f.status ? md`${f.status}` : null, f.plan ? md`${PLAN_NAME[f.plan] ?? f.plan}` : null]),
        noun: ['invoice', 'invoices'],
        post: words([person ? md`for ${person}` : null, role ? md`for ${role[1]}` : null]),
        when: label ? md`issued ${label}` : md``,
        base: ['invoice', 'invoices'],
      };
    }
    case 'transactions': {
      const payment = f.type === 'payment';
      const state = f.status === 'succeeded' ? md`successful` : f.status ? md`${f.status}` : null;
      const noun: [string, string] = payment
        ? ['payment', 'payments']
        : f.type === 'subscription_created'
          ? ['subscription start', 'subscription starts']
          : f.type === 'subscription_canceled'
            ? ['cancellation', 'cancellations']
            : ['transaction', 'transactions'];
      return {
        pre: words([state]),
        noun,
        post: words([person ? md`for ${person}` : null, role ? md`for ${role[1]}` : null]),
        when: label ? md`${label}` : md``,
        base: ['transaction', 'transactions'],
      };
    }
  }
}

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

/** The sentence with the count: "50 members are pending activation (of 240)." */
function countSentence(intent: CopilotIntent, figures: Figures): Markdown {
  const phrase = phraseOf(intent, figures);
  const n = figures.n;
  const scope = scopeOf(intent, phrase, figures);
  if (intent.subject === 'members') {
    const f = intent.filters;
    const be = plural(n, 'is', 'are');
    const was = plural(n, 'was', 'were');
    const predicates: Markdown[] = [];
    if (f.status === 'pending') predicates.push(md`${be} pending activation`);
    if (f.status === 'active') predicates.push(md`${be} active`);
    if (figures.range)
      predicates.push(f.window?.field === 'active' ? md`${was} active ${figures.range.label}` : md`joined ${figures.range.label}`);
    const subject = np(phrase, n, { when: false });
    if (predicates.length > 0) return md`${fmt(n)} ${subject} ${joinMarkdown(predicates, md` and `)}${scope}.`;
    return md`Your organisation has ${fmt(n)} ${subject}${scope}.`;
  }
  const past =
    intent.subject === 'calls' ||
    intent.subject === 'transactions' ||
    (intent.subject === 'tasks' && intent.filters.window?.field === 'completed');
  const verb = past ? plural(n, 'was', 'were') : plural(n, 'is', 'are');
  return md`There ${verb} ${fmt(n)} ${np(phrase, n)}${scope}.`;
}

// ---------------------------------------------------------------------------------------------
// Records: a line each, and the source it cites
// ---------------------------------------------------------------------------------------------

function line(intent: CopilotIntent, r: RecordRow): Markdown {
  switch (intent.subject) {
    case 'members': {
      const active =
        intent.filters.window?.field === 'active' && r['last_active_at']
          ? md`, last active ${dateTime(toDate(r['last_active_at']))}`
          : md``;
      const access = intent.filters.access ? md`, ${PLAN_NAME[str(r['access'])] ?? str(r['access'])}` : md``;
      return md`- ${str(r['name'])} — ${str(r['role'])}, ${r['is_active'] ? 'active' : 'pending'}, ${r['has_license'] ? 'licensed' : 'no licence'}${access}, joined ${shortDate(toDate(r['created_at']))}${active}`;
    }
    case 'calls':
      return md`- ${dateTime(toDate(r['started_at']))} · ${str(r['site'])} · ${str(r['name'])} (${formatDuration(num(r['duration_seconds']))}): ${excerpt(str(r['summary']))}`;
    case 'tasks': {
      const due = r['due_date'] ? md`due ${shortDate(new Date(`${str(r['due_date'])}T00:00:00Z`))}` : md`no due date`;
      return md`- ${STATUS_LABEL[str(r['state'])] ?? str(r['state'])}: ${str(r['title'])} — ${str(r['assignee']) || 'unassigned'}, ${due}`;
    }
    case 'subscriptions': {
      const cancelling =
        r['cancel_at_period_end'] && r['status'] !== 'canceled' ? md`, cancels ${shortDate(toDate(r['current_period_end']))}` : md``;
      return md`- ${str(r['name'])} — ${PLAN_NAME[str(r['plan_type'])] ?? str(r['plan_type'])}, ${(STATUS_LABEL[str(r['status'])] ?? str(r['status'])).toLowerCase()}${cancelling}, started ${shortDate(toDate(r['created_at']))}`;
    }
    case 'invoices':
      return md`- Invoice ${str(r['number'])} — ${str(r['name'])}, ${usd(num(r['amount_due']))}, ${str(r['status'])}, ${shortDate(toDate(r['created_at']))}`;
    case 'transactions':
      return md`- ${shortDate(toDate(r['created_at']))} — ${str(r['name'])}: ${str(r['description'])}, ${usd(num(r['amount']))} (${str(r['status'])})`;
  }
}

function sourceOf(intent: CopilotIntent, r: RecordRow): Source {
  switch (intent.subject) {
    case 'members':
      return { id: r.id, type: 'user', title: str(r['name']) };
    case 'calls':
      return { id: r.id, type: 'call', title: `${str(r['site'])} — ${str(r['name'])}, ${shortDate(toDate(r['started_at']))}` };
    case 'tasks':
      return { id: r.id, type: 'task', title: str(r['title']) };
    case 'subscriptions':
      return { id: r.id, type: 'subscription', title: `${str(r['name'])} — ${PLAN_NAME[str(r['plan_type'])] ?? ''} (${str(r['status'])})` };
    case 'invoices':
      return { id: r.id, type: 'invoice', title: `Invoice ${str(r['number'])} — ${str(r['name'])}` };
    case 'transactions':
      return { id: r.id, type: 'transaction', title: `${str(r['name'])} — ${str(r['description'])}` };
  }
}

/** Where to find the rest of a list: plain words, never a link. */
function restHint(intent: CopilotIntent, rest: number): Markdown {
  const f = intent.filters;
  if (intent.subject === 'members') {
    const filters: Markdown[] = [];
    if (f.status) filters.push(md`Status: ${STATUS_LABEL[f.status] ?? f.status}`);
    if (f.role) filters.push(md`Role: ${f.role}`);
    const how = filters.length > 0 ? md` and filter by ${joinMarkdown(filters, md` and `)}` : md``;
    return md`…and ${fmt(rest)} more. To see them all, open User Management${how}.`;
  }
  if (intent.subject === 'calls' || intent.subject === 'tasks')
    return md`…and ${fmt(rest)} more. Ask about one site, one person or a shorter time window to narrow the list.`;
  return md`…and ${fmt(rest)} more. Billing Overview lists the latest transactions, and each member's billing page (View Billing in User Management) shows their subscription and invoices.`;
}

// ---------------------------------------------------------------------------------------------
// Answers by measure
// ---------------------------------------------------------------------------------------------

function figureOf(intent: CopilotIntent, value: number, n: number): string {
  if (intent.subject === 'calls') return formatDuration(intent.measure === 'average' ? (n === 0 ? 0 : value / n) : value);
  return usd(intent.measure === 'average' ? (n === 0 ? 0 : Math.round(value / n)) : value);
}

function totalSentence(intent: CopilotIntent, figures: Figures): Markdown {
  const phrase = phraseOf(intent, figures);
  const { n } = figures;
  const subject = capitalize(np(phrase, 2));
  const counted = md`${fmt(n)} ${plural(n, phrase.noun[0], phrase.noun[1])}`;
  if (n === 0)
    return md`There ${intent.subject === 'calls' || intent.subject === 'transactions' ? 'were' : 'are'} no ${np(phrase, 2)}, so there is nothing to ${intent.measure === 'average' ? 'average' : 'add up'}.`;
  if (intent.subject === 'calls') {
    return intent.measure === 'average'
      ? md`${subject} lasted ${figureOf(intent, figures.sum, n)} on average (${counted}).`
      : md`${subject} add up to ${figureOf(intent, figures.sum, n)} of talk time (${counted}).`;
  }
  if (intent.subject === 'subscriptions') {
    return intent.measure === 'average'
      ? md`${subject} are worth ${figureOf(intent, figures.sum, n)} a month on average (${counted}).`
      : md`${subject} are worth ${figureOf(intent, figures.sum, n)} a month (${counted}).`;
  }
  return intent.measure === 'average'
    ? md`${subject} averaged ${figureOf(intent, figures.sum, n)} (${counted}).`
    : md`${subject} total ${figureOf(intent, figures.sum, n)} (${counted}).`;
}

function firstSentence(intent: CopilotIntent, figures: Figures): Markdown {
  const phrase = phraseOf(intent, figures);
  const r = figures.rows[0];
  if (!r) return countSentence(intent, figures);
  const post = words([phrase.post, phrase.when]);
  const tail = post.text ? md` ${post}` : md``;
  if (intent.measure === 'longest') {
    switch (intent.subject) {
      case 'calls':
        return md`The longest call${tail} lasted ${formatDuration(num(r['duration_seconds']))}: ${str(r['name'])} at ${str(r['site'])} on ${dateTime(toDate(r['started_at']))} — ${excerpt(str(r['summary']))}`;
      case 'invoices':
        return md`The largest ${np(phrase, 1, { when: false })}${phrase.when.text ? md` ${phrase.when}` : md``} is Invoice ${str(r['number'])} for ${str(r['name'])}: ${usd(num(r['amount_due']))} (${str(r['status'])}, ${shortDate(toDate(r['created_at']))}).`;
      default:
        return md`The largest ${np(phrase, 1, { when: false })}${phrase.when.text ? md` ${phrase.when}` : md``} was ${usd(num(r['amount']))}: ${str(r['name'])}, ${str(r['description'])} (${str(r['status'])}, ${shortDate(toDate(r['created_at']))}).`;
    }
  }
  switch (intent.subject) {
    case 'members':
      return intent.filters.window?.field === 'active'
        ? md`The most recently active ${np(phrase, 1, { when: false })} is ${str(r['name'])} (${str(r['role'])}), last active ${r['last_active_at'] ? dateTime(toDate(r['last_active_at'])) : 'never'}.`
        : md`The newest ${np(phrase, 1, { when: false })} is ${str(r['name'])} (${str(r['role'])}), who joined ${shortDate(toDate(r['created_at']))}.`;
    case 'calls':
      return md`The most recent call${tail} was on ${dateTime(toDate(r['started_at']))}: ${str(r['name'])} at ${str(r['site'])} (${formatDuration(num(r['duration_seconds']))}) — ${excerpt(str(r['summary']))}`;
    case 'tasks':
      return md`The newest ${np(phrase, 1, { when: false })} is “${str(r['title'])}” (${(STATUS_LABEL[str(r['state'])] ?? str(r['state'])).toLowerCase()}, ${str(r['assignee']) || 'unassigned'}), created ${shortDate(toDate(r['created_at']))}.`;
    case 'subscriptions':
      return md`The newest ${np(phrase, 1, { when: false })} is ${str(r['name'])}'s ${PLAN_NAME[str(r['plan_type'])] ?? ''} plan (${(STATUS_LABEL[str(r['status'])] ?? '').toLowerCase()}), started ${shortDate(toDate(r['created_at']))}.`;
    case 'invoices':
      return md`The latest ${np(phrase, 1, { when: false })} is Invoice ${str(r['number'])} for ${str(r['name'])}: ${usd(num(r['amount_due']))}, ${str(r['status'])}, ${shortDate(toDate(r['created_at']))}.`;
    case 'transactions':
      return md`The latest ${np(phrase, 1, { when: false })} is ${str(r['name'])}: ${str(r['description'])}, ${usd(num(r['amount']))} (${str(r['status'])}), ${shortDate(toDate(r['created_at']))}.`;
  }
}

const GROUP_NAME: Record<Group, string> = { role: 'role', site: 'site', person: 'person', day: 'day', plan: 'plan', status: 'status' };

function groupName(intent: CopilotIntent, group: Group): string {
  if (group === 'person') return intent.subject === 'calls' ? 'caller' : intent.subject === 'tasks' ? 'assignee' : 'member';
  if (group === 'plan' && intent.subject === 'members') return 'access level';
  return GROUP_NAME[group];
}

function groupLabel(intent: CopilotIntent, group: Group, g: { key: string; label: string }): string {
  if (group === 'day') return dayName(g.label || g.key);
  if (group === 'plan') return PLAN_NAME[g.label] ?? g.label;
  if (group === 'status')
    return intent.subject === 'tasks' && g.label === 'open' ? 'Open, not overdue' : (STATUS_LABEL[g.label] ?? g.label);
  if (group === 'person' && !g.key) return intent.subject === 'tasks' ? 'Unassigned' : g.label;
  if (group === 'site' && !g.key) return 'No site';
  return g.label;
}

function groupAnswer(intent: CopilotIntent, figures: Figures, group: Group): Markdown[] {
  const phrase = phraseOf(intent, figures);
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
    byValue
      ? md`${figureOf(intent, intent.measure === 'average' ? g.value : g.value, g.n)} (${fmt(g.n)} ${plural(g.n, phrase.noun[0], phrase.noun[1])})`
      : md`${fmt(g.n)}`;
  const lines: Markdown[] = [];
  const top = sorted[0];
  if (intent.rank && top) {
    const past = intent.subject === 'calls' || intent.subject === 'transactions';
    const verb = past ? 'had' : 'has';
    const most = intent.rank === 'least' ? 'the fewest' : 'the most';
    const what = byValue ? (intent.subject === 'calls' ? md`talk time` : md`value`) : np(phrase, 2, { when: false });
    const when = phrase.when.text ? md` ${phrase.when}` : md``;
    lines.push(
      md`${groupLabel(intent, group, top)} ${verb} ${most} ${what}${when}: ${byValue ? figureOf(intent, top.value, top.n) : fmt(top.n)} (of ${byValue ? figureOf(intent, figures.sum, figures.n) : fmt(figures.n)}).`,
    );
    lines.push(md``);
  } else {
    lines.push(
      md`${capitalize(np(phrase, 2))} by ${groupName(intent, group)} (${fmt(figures.n)} ${plural(figures.n, phrase.noun[0], phrase.noun[1])}${byValue ? md`, ${figureOf(intent, figures.sum, figures.n)}` : md``}):`,
    );
    lines.push(md``);
  }
  if (sorted.length === 0) lines.push(md`- none`);
  for (const g of shown) lines.push(md`- ${groupLabel(intent, group, g)}: ${figure(g)}`);
  if (sorted.length > shown.length) lines.push(md``, md`…and ${fmt(sorted.length - shown.length)} more.`);
  return lines;
}

/** The answer to an intent, from its figures. `ignored`: words of the question it could not use. */
export function composeAnswer(intent: CopilotIntent, figures: Figures, ignored: readonly string[]): Answer {
  const lines: Markdown[] = [];
  const sources = figures.rows.map((r) => sourceOf(intent, r));
  if (intent.groupBy) {
    lines.push(...groupAnswer(intent, figures, intent.groupBy));
  } else if (intent.measure === 'count') {
    lines.push(countSentence(intent, figures));
  } else if (intent.measure === 'total' || intent.measure === 'average') {
    lines.push(totalSentence(intent, figures));
    if (figures.n > 0 && (figures.scope ?? 0) > figures.n) lines.push(md``, countSentence({ ...intent, measure: 'count' }, figures));
  } else if ((intent.measure === 'latest' || intent.measure === 'longest') && (intent.limit ?? 1) === 1) {
    lines.push(firstSentence(intent, figures));
    if (figures.rows.length > 1) {
      lines.push(md``, md`${intent.measure === 'longest' ? 'Next:' : 'Before that:'}`);
      figures.rows.slice(1).forEach((r) => lines.push(line(intent, r)));
    }
  } else {
    // A list, or the N latest / longest.
    if (intent.measure === 'latest' || intent.measure === 'longest') {
      const phrase = phraseOf(intent, figures);
      const which =
        intent.measure === 'longest'
          ? intent.subject === 'calls'
            ? 'longest'
            : 'largest'
          : intent.subject === 'members' && intent.filters.window?.field !== 'active'
            ? 'newest'
            : 'most recent';
      lines.push(
        figures.rows.length > 0
          ? md`The ${figures.rows.length} ${which} ${np(phrase, figures.rows.length)}:`
          : countSentence(intent, figures),
      );
    } else {
      lines.push(countSentence(intent, figures));
    }
    if (figures.rows.length > 0) {
      lines.push(md``);
      figures.rows.forEach((r) => lines.push(line(intent, r)));
      const rest = intent.measure === 'list' ? figures.n - figures.rows.length : 0;
      if (rest > 0) lines.push(md``, restHint(intent, rest));
    }
  }
  if (ignored.length > 0)
    lines.push(
      md``,
      md`I could not use “${ignored.join(' ')}” in this answer; it counts every record that matches the rest of the question.`,
    );
  return { result: markdownLines(lines), sources };
}

/** A member's page of facts (a question that names a person and nothing else). */
export function profileAnswer(
  member: RecordRow,
  facts: { access: string; calls30: number; lastCall: RecordRow | null; openTasks: number; overdueTasks: number },
): Answer {
  const r = member;
  const lines = [
    md`**${str(r['name'])}** — ${str(r['role'])}, ${r['is_active'] ? 'active' : 'pending activation'}, ${r['has_license'] ? 'licensed' : 'no licence'}.`,
    md``,
    md`- Joined ${shortDate(toDate(r['created_at']))}; last active ${r['last_active_at'] ? dateTime(toDate(r['last_active_at'])) : 'never'}.`,
    md`- Access level: ${PLAN_NAME[facts.access] ?? facts.access}.`,
    md`- Calls in the last 30 days: ${fmt(facts.calls30)}${facts.lastCall ? md` (latest ${shortDate(toDate(facts.lastCall['started_at']))} at ${str(facts.lastCall['site'])})` : md``}.`,
    md`- Open tasks assigned: ${fmt(facts.openTasks)} (${fmt(facts.overdueTasks)} overdue).`,
  ];
  return { result: markdownLines(lines), sources: [{ id: r.id, type: 'user', title: str(r['name']) }] };
}
