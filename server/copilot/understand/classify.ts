/**
 * Step 4 of reading a question: classify it. Out of scope (the weather, a poem, another company), a
 * greeting, one of the quick prompts' reports, a name nobody (or several people) has, free text to
 * search, or a question about records of one subject, new or following up the previous answer.
 */
import type { CopilotIntent, CopilotWindow, PlanType } from '../../../src/contract/api';
import { FAMILIES } from '../families';
import type { Person, PersonRow } from './spelling';
import { groupedDimension, type Reading } from './reading';
import type { OutOfScope, Status, Subject, Topic } from './vocabulary';

export type Classified =
  | { kind: 'records'; subject: Subject | undefined; followUp: boolean }
  | { kind: 'report'; topic: Topic }
  /** What a plan costs (the plan catalogue, as the Manage Subscription dialog shows it). */
  | { kind: 'price'; plans: PlanType[] }
  | { kind: 'search'; terms: string[]; site?: string; person?: Person; window?: CopilotWindow; who: boolean }
  | { kind: 'out'; reason: OutOfScope }
  | { kind: 'greeting' }
  | { kind: 'unclear' }
  | { kind: 'ambiguousPerson'; name: string; candidates: PersonRow[] }
  | { kind: 'unknownPerson'; name: string };

/** The subject a status word implies when none is named ("pending" is about members, "overdue" about tasks). */
const SUBJECT_OF_STATUS: Partial<Record<Status, Subject>> = {
  pending: 'members',
  active: 'members',
  open: 'tasks',
  done: 'tasks',
  overdue: 'tasks',
  paid: 'invoices',
  unpaid: 'invoices',
  uncollectible: 'invoices',
  void: 'invoices',
  failed: 'transactions',
  succeeded: 'transactions',
  canceled: 'subscriptions',
  cancelling: 'subscriptions',
  past_due: 'subscriptions',
  live: 'subscriptions',
};

/** No figure for the weather, a poem, general knowledge, another company, or what the records do not hold. */
function outOfScope(r: Reading): OutOfScope | null {
  const workSubject = r.subjects.some((s) => s === 'calls' || s === 'tasks');
  if (r.out === 'creative') return 'creative';
  if (r.out === 'unrecorded') return 'unrecorded';
  // Money paid to a subcontractor or a supplier is not Hardline's billing; hours worked are not talk time.
  if (r.has('thirdParty') && (r.has('money') || r.has('payments') || r.statuses.includes('paid') || r.measures.includes('total')))
    return 'unrecorded';
  if (r.has('duration') && !r.subjects.includes('calls') && (r.subjects.includes('members') || r.roles.length > 0) && !r.person)
    return 'unrecorded';
  if (r.out === 'company' && !r.site) return 'company';
  if (r.out === 'weather' && !workSubject && !r.site && !r.person) return 'weather';
  if (r.out === 'general' && r.subjects.length === 0 && !r.site && !r.person && r.statuses.length === 0 && r.roles.length === 0)
    return 'general';
  return null;
}

/** A name the question gives that several members share, or nobody has (or another company's). */
function nameProblem(r: Reading): Classified | null {
  const issue = r.nameIssue;
  if (!issue || r.person) return null;
  if (issue.kind === 'ambiguous') return { kind: 'ambiguousPerson', name: issue.name, candidates: issue.candidates };
  // Words the spelling step read as the vocabulary's are no name after all.
  for (let i = issue.start; i <= issue.end; i += 1) if (r.found.some((f) => f.at <= i && i < f.at + f.length)) return null;
  const before = r.tokens[issue.start - 1]?.norm ?? '';
  const after = r.tokens[issue.end + 1]?.norm ?? '';
  if (['does', 'do', 'at', 'for'].includes(before) && ['have', 'has', 'pay', 'spend'].includes(after))
    return { kind: 'out', reason: 'company' };
  const asksOfPerson = r.fields.length > 0 || r.has('number') || r.has('card');
  const describes =
    ['is', 'was', 'does', 'did'].includes(before) && (r.licensed !== undefined || r.statuses.length > 0 || r.roles.length > 0);
  const possessive = r.tokens[issue.end]?.possessive === true;
  // Two words, a capital or an "'s", or a word right after "is", "for", "of": a name, not a word of the question.
  const nameShaped = issue.strong || issue.end > issue.start || ['is', 'for', 'of', 'did', 'does'].includes(before);
  if (
    ['by', 'did', 'to'].includes(before) ||
    (before === 'from' && issue.end > issue.start) ||
    (nameShaped && (asksOfPerson || describes || possessive))
  )
    return { kind: 'unknownPerson', name: issue.name };
  return null;
}

/** The subject a question names, or implies by its filters. */
function impliedSubject(r: Reading): Subject | undefined {
  const named = r.subjects.find((s) => s !== 'members') ?? r.subjects[0];
  if (named) return named;
  if (r.roles.length > 0 || r.licensed !== undefined || r.access === 'free' || (r.access && r.statuses.length === 0)) return 'members';
  if (r.statuses.length > 0) return SUBJECT_OF_STATUS[r.statuses[0] as Status];
  if (r.has('unassigned') || r.whens.includes('due') || r.whens.includes('completed')) return 'tasks';
  if (r.whens.includes('canceled')) return 'subscriptions';
  if (r.has('login') || r.has('card') || r.whens.includes('trialEnd') || r.name) return 'members';
  if (r.sentiment || r.outcome || r.has('duration')) return 'calls';
  if (r.has('money') || r.has('payments')) return 'transactions';
  if (r.plan) return 'members';
  return undefined;
}

/** How many things the question asks for besides free text (a greeting with none is a greeting). */
function filterCount(r: Reading): number {
  return (
    r.statuses.length +
    r.roles.length +
    [r.licensed !== undefined, r.access, r.plan, r.sentiment, r.outcome, r.has('unassigned')].filter(Boolean).length
  );
}

export function classify(r: Reading, previous: CopilotIntent | undefined): Classified {
  const out = outOfScope(r);
  if (out) return { kind: 'out', reason: out };
  if (r.out === 'weather') r.terms.unshift('weather');
  const problem = nameProblem(r);
  if (problem) return problem;

  const hasPrevious = previous !== undefined;
  const anaphora = r.has('anaphora');
  const followWord = r.found.some((f) => f.tag.k === 'followup' && f.at <= 1);
  const specificMeasure = r.measures.some((m) => m !== 'list');
  if (r.report && !specificMeasure && r.roles.length === 0 && r.statuses.length === 0 && !r.person && !(anaphora && hasPrevious))
    return { kind: 'report', topic: r.report };

  const plans = [...new Set(r.found.flatMap((f) => (f.tag.k === 'plan' ? [f.tag.v] : [])))];
  const onlyPeopleNamed = r.subjects.every((s) => s === 'members');
  const asksRecords = r.measures.includes('list') || r.measures.includes('count') || r.has('who');
  if (plans.length > 0 && r.has('money') && onlyPeopleNamed && !asksRecords && !r.person && !r.window && r.statuses.length === 0)
    return { kind: 'price', plans };

  const filters = filterCount(r);
  const asked = r.subjects.length + filters + r.measures.length + r.terms.length + r.unused.length + r.fields.length;
  const grouping = r.found.filter((f) => f.tag.k === 'group' || f.tag.k === 'dimension').length;
  const extras = [r.window, r.site, r.person, r.has('duration'), r.has('money')].filter(Boolean).length;
  if (r.has('greeting') && asked + grouping + extras === 0) return { kind: 'greeting' };

  let subject = impliedSubject(r);
  const who = r.has('who') || r.has('someone');
  const onlyMembers = r.subjects.every((s) => s === 'members');
  // Free text: words the vocabulary does not know, with no subject named: a search of the work.
  if (
    r.terms.length > 0 &&
    onlyMembers &&
    !(hasPrevious && (anaphora || followWord)) &&
    r.statuses.length === 0 &&
    r.roles.length === 0 &&
    r.licensed === undefined &&
    (!subject || subject === 'members' || subject === 'calls' || subject === 'tasks')
  )
    return {
      kind: 'search',
      terms: r.terms,
      ...(r.site ? { site: r.site } : {}),
      ...(r.person ? { person: r.person } : {}),
      ...(r.window ? { window: r.window } : {}),
      who,
    };
  // A person's facts ("what's Sofia's number"), or the person alone.
  const asksFacts = r.fields.length > 0 || r.has('number') || r.has('card');
  if (!subject && r.person && (!hasPrevious || asksFacts)) subject = 'members';
  // "busiest site", "top caller", "calls per day": a grouping by site, person or day is about calls; "role breakdown", "by plan": members.
  const grouped = r.found.find((f) => f.tag.k === 'group')?.tag;
  const group = grouped?.k === 'group' ? grouped.v : groupedDimension(r.found, r.rank !== undefined);
  if (!subject && !hasPrevious && group) subject = group === 'role' || group === 'plan' || group === 'status' ? 'members' : 'calls';
  if (!subject && (who || r.has('joining') || (r.has('new') && !hasPrevious))) subject = 'members';
  if (!subject && r.site && !hasPrevious) subject = 'calls';

  const noNewSubject = r.subjects.length === 0;
  const onlyWindow = noNewSubject && r.terms.length === 0 && filters === 0 && !r.person && !r.site && r.window !== undefined;
  // "how many are unlicensed?", "which were escalated?": no subject named, and what it asks fits the previous answer's.
  const elliptical = previous !== undefined && noNewSubject && !asksFacts && fitsPrevious(r, previous);
  const followUp = hasPrevious && (anaphora || followWord || (noNewSubject && !subject) || onlyWindow || elliptical);
  const words = [...r.terms, ...r.unused];
  if (!subject && !followUp) return words.length > 0 ? { kind: 'search', terms: words, who } : { kind: 'unclear' };
  return { kind: 'records', subject, followUp };
}

/** Whether every filter the question names is one the previous answer's subject has (and it names one). */
function fitsPrevious(r: Reading, previous: CopilotIntent): boolean {
  const family = FAMILIES[previous.subject];
  const wanted: Array<keyof CopilotIntent['filters']> = [];
  if (r.roles.length > 0) wanted.push('role');
  if (r.licensed !== undefined) wanted.push('licensed');
  if (r.access) wanted.push('access');
  if (r.plan) wanted.push(family.applies.has('plan') ? 'plan' : 'access');
  if (r.sentiment) wanted.push('sentiment');
  if (r.outcome) wanted.push(previous.subject === 'tasks' && r.outcome === 'resolved' ? 'status' : 'outcome');
  if (r.has('unassigned')) wanted.push('unassigned');
  if (r.has('login')) wanted.push('loggedIn');
  if (r.has('card')) wanted.push('hasCard');
  if (r.site) wanted.push('site');
  const statusesFit = r.statuses.every((s) => family.status(s) !== undefined);
  return (wanted.length > 0 || r.statuses.length > 0) && statusesFit && wanted.every((key) => family.applies.has(key));
}
