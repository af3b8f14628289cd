/**
 * Step 5 of reading a question: fill the intent's slots. The measure (count, list, total, average,
 * longest, latest), the grouping and its rank, how many to show, the filters (each subject's family
 * fills its own), the facts asked of a member; a follow-up puts them over the previous intent.
 */
import type { CopilotIntent, CopilotWindow, MemberField } from '../../../src/contract/api';
import { FAMILIES } from '../families';
import type { Filters, Signals } from '../families/family';
import { groupedDimension, type Reading } from './reading';
import { PHRASE_INDEX, type Group, type Measure, type Status, type Subject } from './vocabulary';

/** "not paid" is unpaid, "not done" open... */
const NEGATED: Partial<Record<Status, Status>> = {
  active: 'pending',
  pending: 'active',
  done: 'open',
  open: 'done',
  paid: 'unpaid',
  succeeded: 'failed',
};

function measureOf(r: Reading): Measure | undefined {
  const m = r.measures;
  const money = r.has('money');
  const duration = r.has('duration');
  if (m.includes('average')) return 'average';
  if (m.includes('longest')) return 'longest';
  if (m.includes('total') && !m.includes('count')) return 'total';
  if (m.includes('count')) return duration || (money && !m.includes('list')) ? 'total' : 'count';
  if (m.includes('earliest')) return 'earliest';
  if (m.includes('latest') || r.has('last')) return 'latest';
  if (m.includes('list') || r.has('who') || r.has('someone')) return 'list';
  return duration || money ? 'total' : undefined;
}

/** A dimension after "by", "per", "each"..., or before "breakdown"; or what has the most ("who made the most calls"). */
function groupOf(r: Reading, subject: Subject | undefined): Group | undefined {
  const tag = r.found.find((f) => f.tag.k === 'group')?.tag;
  const group = tag?.k === 'group' ? tag.v : groupedDimension(r.found, r.rank !== undefined);
  if (group) return group;
  const byPerson = r.found.some(
    (g) => g.tag.k === 'groupWord' && r.found.some((f) => f.tag.k === 'subject' && f.tag.v === 'members' && f.at === g.at + g.length),
  );
  if (subject === 'members') return undefined;
  if (byPerson || (r.rank && (r.has('who') || r.subjects.includes('members') || r.roles.length > 0))) return 'person';
  return undefined;
}

const LIMIT_BEFORE = new Set(['last', 'latest', 'top', 'first', 'recent', 'newest', 'longest', 'largest', 'biggest']);
const LIMIT_AFTER = new Set(['longest', 'largest', 'biggest', 'latest', 'newest', 'most']);

/** A number next to "last", "top", "latest"... or before a subject ("5 calls"): how many to show. */
function limitOf(r: Reading): number | undefined {
  for (let i = 0; i < r.tokens.length; i += 1) {
    const n = r.numbers[i];
    if (n === null || n === undefined || n < 1) continue;
    const prev = r.stems[i - 1] ?? '';
    const next = r.stems[i + 1] ?? '';
    const beforeSubject = PHRASE_INDEX.get(next)?.some((e) => e.tags.some((t) => t.k === 'subject')) ?? false;
    if (LIMIT_BEFORE.has(prev) || LIMIT_AFTER.has(next) || beforeSubject) return Math.min(10, Math.round(n));
  }
  return undefined;
}

function signalsOf(r: Reading): Signals {
  return {
    statuses: r.statuses,
    roles: r.roles,
    licensed: r.licensed,
    access: r.access,
    plan: r.plan,
    sentiment: r.sentiment,
    outcome: r.outcome,
    unassigned: r.has('unassigned'),
    payments: r.has('payments'),
    negated: r.negated,
    whens: r.whens,
    isNew: r.has('new'),
    terms: r.terms,
    site: r.site,
    person: r.person,
    window: r.window,
    login: r.login,
    card: r.card,
    name: r.name,
    changed: changedFact(r),
  };
}

/** The fact of a member a question about changes names: "role changes", "who changed her licence". */
function changedFact(r: Reading): Signals['changed'] {
  const dimensions = r.found.flatMap((f) => (f.tag.k === 'dimension' ? [f.tag.v] : []));
  if (dimensions.includes('role')) return 'role';
  if (r.licensed !== undefined) return 'license';
  if (dimensions.includes('status') || r.statuses.some((s) => s === 'active' || s === 'pending')) return 'status';
  if (dimensions.includes('plan') || r.plan || r.access) return 'plan';
  if (r.fields.includes('phone') || r.has('number')) return 'phone';
  if (r.fields.includes('email')) return 'email';
  return undefined;
}

/** The filters of one subject, from the question. */
function filtersFor(r: Reading, subject: Subject): Filters {
  const family = FAMILIES[subject];
  const signals = signalsOf(r);
  const filters: Filters = {};
  for (const word of r.statuses) {
    const status = family.status(r.negated ? (NEGATED[word] ?? word) : word);
    if (status) {
      filters.status = status;
      break;
    }
  }
  if (r.roles[0]) filters.role = r.roles[0];
  if (r.licensed !== undefined) filters.licensed = r.negated && r.statuses.length === 0 ? !r.licensed : r.licensed;
  if (r.site) filters.site = r.site;
  if (r.person) filters.person = r.person;
  family.fill(signals, filters);
  let window: CopilotWindow | undefined = r.window;
  if (!window && r.has('new') && subject !== 'calls' && subject !== 'transactions') window = { kind: 'last_days', days: 30 };
  if (window) {
    const field = family.windowField(signals, filters);
    filters.window = field && (field !== 'joined' || subject === 'members') ? { ...window, field } : { ...window };
  }
  return filters;
}

/** The facts a question asks of a named member ("what's Sofia's number", "is Mark licensed?", "when did Jacob last log in"). */
function fieldsOf(r: Reading, filters: Filters): MemberField[] {
  const fields = new Set<MemberField>(r.fields);
  if (!filters.person) return [...fields];
  if (r.has('number') && !r.measures.includes('count')) fields.add('phone');
  if (r.has('card')) fields.add('card');
  // "what's his role", "her status", "which plan is she on": a dimension asked of a person is that fact.
  for (const f of r.found) {
    if (f.tag.k !== 'dimension') continue;
    if (f.tag.v === 'role') fields.add('role');
    if (f.tag.v === 'status') fields.add('status');
    if (f.tag.v === 'plan') fields.add('plan');
  }
  if (fields.size > 0) return [...fields];
  if (filters.licensed !== undefined) fields.add('license');
  if (filters.status) fields.add('status');
  if (filters.role) fields.add('role');
  if (filters.access) fields.add('plan');
  if (!r.window && r.whens.includes('active')) fields.add('lastActive');
  if (!r.window && r.whens.includes('joined')) fields.add('joined');
  return [...fields];
}

/** A member's facts asked as a check ("is he licensed?" is licensed + the licence fact): the check is not carried on. */
function withoutChecks(previous: CopilotIntent): Filters {
  const checked: Partial<Record<keyof Filters, MemberField>> = { licensed: 'license', status: 'status', role: 'role', access: 'plan' };
  const filters = { ...previous.filters };
  for (const [key, field] of Object.entries(checked) as Array<[keyof Filters, MemberField]>)
    if (previous.fields?.includes(field)) delete filters[key];
  return filters;
}

/** The previous intent, with this question's parts over it; another subject ("and tasks?") keeps only where, who and when. */
function followUp(r: Reading, subject: Subject | undefined, previous: CopilotIntent): CopilotIntent {
  const subj = r.subjects.length > 0 && subject ? subject : previous.subject;
  const mine = filtersFor(r, subj);
  if (mine.window && !r.window && previous.filters.window) delete mine.window;
  // "and last week?": the new period, on the same date as before (completed, due, joined...) unless the question names another.
  const field = previous.filters.window?.field;
  if (mine.window && field && r.whens.length === 0 && subj === previous.subject) mine.window = { ...mine.window, field };
  const same = subj === previous.subject;
  const p = same ? withoutChecks(previous) : previous.filters;
  const carried: Filters = same
    ? { ...p }
    : { ...(p.window ? { window: p.window } : {}), ...(p.site ? { site: p.site } : {}), ...(p.person ? { person: p.person } : {}) };
  const measure = measureOf(r);
  const groupBy = groupOf(r, subject);
  const intent: CopilotIntent = {
    subject: subj,
    measure: measure ?? (same ? previous.measure : 'count'),
    filters: { ...carried, ...mine },
  };
  const group = groupBy ?? (measure && measure !== 'count' && measure !== 'total' && measure !== 'average' ? undefined : previous.groupBy);
  if (group) intent.groupBy = group;
  const rank = groupBy ? r.rank : group ? previous.rank : undefined;
  if (rank) intent.rank = rank;
  const limit = limitOf(r) ?? previous.limit;
  if (limit) intent.limit = limit;
  // "the supervisor" after two members of one name narrows to one, the same facts asked; "is he licensed?" checks a fact.
  const asksFact = r.fields.length > 0 || r.has('number') || r.has('card') || r.found.some((f) => f.tag.k === 'dimension') || r.yesNo;
  const fields = subj === 'members' && (asksFact || !(same && previous.fields)) ? fieldsOf(r, intent.filters) : [];
  if (fields.length > 0) intent.fields = fields;
  else if (same && previous.fields) intent.fields = previous.fields;
  return intent;
}

/** The intent of a question about records: a new one, or the previous one refined. */
export function fillSlots(r: Reading, subject: Subject | undefined, previous: CopilotIntent | undefined): CopilotIntent {
  return previous ? followUp(r, subject, previous) : newIntent(r, subject ?? 'members');
}

function newIntent(r: Reading, subject: Subject): CopilotIntent {
  const groupBy = groupOf(r, subject);
  const limit = limitOf(r);
  let measure = measureOf(r);
  if (limit !== undefined && !measure) measure = 'latest';
  const filters = filtersFor(r, subject);
  const intent: CopilotIntent = { subject, measure: measure ?? (groupBy ? 'count' : 'list'), filters };
  if (groupBy) intent.groupBy = groupBy;
  if (groupBy && r.rank) intent.rank = r.rank;
  if (limit !== undefined) intent.limit = limit;
  const fields = subject === 'members' ? fieldsOf(r, filters) : [];
  if (fields.length > 0) intent.fields = fields;
  return r.universal ? exceptions(intent) : intent;
}

/** "Are all the project managers licensed?": the ones who are not (none means yes). */
function exceptions(intent: CopilotIntent): CopilotIntent {
  const f = { ...intent.filters };
  if (f.licensed !== undefined) f.licensed = !f.licensed;
  else if (f.loggedIn !== undefined) f.loggedIn = !f.loggedIn;
  else if (f.hasCard !== undefined) f.hasCard = !f.hasCard;
  else if (f.status && NEGATED[f.status]) f.status = NEGATED[f.status];
  else return intent;
  return { ...intent, measure: 'list', filters: f };
}
