/**
 * The semantic parser: a question (and the previous turn's intent) to what it asks for.
 *
 *   1. Tokens (lexicon.ts), then the time windows in them (time.ts).
 *   2. The organisation's own words: its name, its sites (fuzzy: "harbour point" is Harbor Point
 *      Tower) and its members' names (looked up in the database by the caller, `lookupPeople`).
 *   3. Phrases of the vocabulary, longest first; unknown words are corrected when they are one or
 *      two edits from exactly one vocabulary word ("suprevisors", "pneding"), then matched again.
 *   4. The tags are read into an intent: a subject, a measure, filters, a grouping. What is left
 *      over (content words) is searched in call summaries and task titles, or reported as unused.
 *
 * A follow-up ("which of them are supervisors?", "and last week?") is the previous intent with the
 * new question's parts put over it.
 */
import type { CopilotIntent, CopilotWindow, Role } from '../../src/contract/api';
import { LIMITS } from '../../src/domain/limits';
import {
  PHRASE_INDEX,
  STOP_WORDS,
  correctTimeWord,
  correctTypo,
  stem,
  editDistance,
  tokenize,
  typoBudget,
  type Access,
  type Group,
  type Measure,
  type OutOfScope,
  type Status,
  type Subject,
  type Tag,
  type Token,
  type Topic,
  type WindowField,
} from './lexicon';
import { findWindows } from './time';

export interface Person {
  ids: string[];
  name: string;
}

export interface OrgWords {
  orgName: string;
  sites: readonly string[];
  /** Members whose full name is one of `names`, or whose first name is one of `firstNames` (lower case). */
  lookupPeople(names: readonly string[], firstNames: readonly string[]): Promise<Array<{ id: string; name: string }>>;
}

export type Parsed =
  | { kind: 'intent'; intent: CopilotIntent; ignored: string[]; followUp: boolean }
  | { kind: 'report'; topic: Topic }
  | { kind: 'search'; terms: string[]; site?: string; person?: Person; window?: CopilotWindow; who: boolean }
  | { kind: 'out'; reason: OutOfScope }
  | { kind: 'greeting' }
  | { kind: 'unclear' }
  | { kind: 'ambiguousPerson'; name: string; candidates: Array<{ id: string; name: string }> }
  | { kind: 'unknownPerson'; name: string };

const GENERIC_SITE_WORDS = new Set([
  'the',
  'site',
  'center',
  'centre',
  'tower',
  'street',
  'st',
  'hub',
  'structure',
  'building',
  'project',
  'lofts',
  'parking',
  'elementary',
  'school',
  'medical',
  'job',
  'jobsite',
  'road',
  'avenue',
  'ave',
  'park',
  'north',
  'south',
  'east',
  'west',
  'new',
  'old',
  'phase',
  'block',
  'plaza',
]);
const PERSON_PREPOSITIONS = new Set(['by', 'from', 'for', 'to', 'assigned', 'of', 'with', 'did', 'does', 'has', 'have', 'is']);

function wordsOf(text: string): string[] {
  return tokenize(text).map((t) => t.stem);
}

function fuzzyEqual(a: string, b: string): boolean {
  if (a === b) return true;
  const budget = Math.min(typoBudget(a.length), typoBudget(b.length));
  return budget > 0 && a[0] === b[0] && editDistance(a, b, budget) <= budget;
}

interface Span {
  start: number;
  length: number;
}

/** The site the question names, by the longest run of its words (typos allowed); a single word must be distinctive. */
function findSite(tokens: readonly Token[], used: readonly boolean[], sites: readonly string[]): { site: string; span: Span } | null {
  const siteWords = sites.map((site) => ({ site, words: wordsOf(site) }));
  const wordSites = new Map<string, number>();
  for (const { words } of siteWords) for (const w of new Set(words)) wordSites.set(w, (wordSites.get(w) ?? 0) + 1);
  let best: { site: string; span: Span; score: number } | null = null;
  let tie = false;
  for (let i = 0; i < tokens.length; i += 1) {
    if (used[i]) continue;
    for (const { site, words } of siteWords) {
      for (let k = 0; k < words.length; k += 1) {
        let j = 0;
        while (i + j < tokens.length && k + j < words.length && !used[i + j] && fuzzyEqual(tokens[i + j]?.stem ?? '', words[k + j] ?? ''))
          j += 1;
        if (j === 0) continue;
        const matched = words.slice(k, k + j);
        // One word alone must be typed exactly, unless it is long ("riversid"): "lift" is not "lofts".
        if (j === 1 && tokens[i]?.stem !== words[k] && (words[k] ?? '').length < 6) continue;
        const distinctive = matched.filter(
          (w) => w.length >= 4 && !GENERIC_SITE_WORDS.has(w) && !STOP_WORDS.has(w) && (wordSites.get(w) ?? 0) === 1 && !PHRASE_INDEX.has(w),
        );
        if (distinctive.length === 0) continue;
        const score = j * 10 + distinctive.length;
        if (!best || score > best.score) {
          best = { site, span: { start: i, length: j }, score };
          tie = false;
        } else if (score === best.score && site !== best.site) {
          tie = true;
        }
      }
    }
  }
  return best && !tie ? { site: best.site, span: best.span } : null;
}

interface Found {
  tag: Tag;
  at: number;
  length: number;
}

/** Phrases of the vocabulary over the tokens not yet used, longest first. */
function matchPhrases(stems: readonly string[], used: boolean[]): { found: Found[]; unknown: number[] } {
  const found: Found[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < stems.length; i += 1) {
    if (used[i]) continue;
    const candidates = PHRASE_INDEX.get(stems[i] ?? '') ?? [];
    let matched = false;
    for (const entry of candidates) {
      const n = entry.words.length;
      let ok = true;
      for (let k = 0; k < n; k += 1) if (used[i + k] || stems[i + k] !== entry.words[k]) ok = false;
      if (!ok) continue;
      for (const tag of entry.tags) found.push({ tag, at: i, length: n });
      for (let k = 0; k < n; k += 1) used[i + k] = true;
      i += n - 1;
      matched = true;
      break;
    }
    if (!matched && !STOP_WORDS.has(stems[i] ?? '')) unknown.push(i);
  }
  return { found, unknown };
}

/** Statuses a subject knows, from the status words of the question. */
function statusFor(subject: Subject, statuses: readonly Status[], hasTrial: boolean, negated: boolean): Status | undefined {
  for (const raw of statuses) {
    let s = raw;
    if (negated)
      s =
        (
          { active: 'pending', pending: 'active', done: 'open', open: 'done', paid: 'unpaid', succeeded: 'failed' } as Partial<
            Record<Status, Status>
          >
        )[s] ?? s;
    switch (subject) {
      case 'members':
        if (s === 'active' || s === 'pending') return s;
        break;
      case 'tasks':
        if (s === 'open' || s === 'done' || s === 'overdue') return s;
        if (s === 'pending' || s === 'active' || s === 'live') return 'open';
        break;
      case 'subscriptions':
        if (s === 'active' || s === 'trialing' || s === 'past_due' || s === 'canceled' || s === 'cancelling' || s === 'live') return s;
        if (s === 'overdue' || s === 'unpaid' || s === 'failed') return 'past_due';
        break;
      case 'invoices':
        if (s === 'paid' || s === 'open' || s === 'unpaid' || s === 'uncollectible' || s === 'void') return s;
        if (s === 'overdue' || s === 'pending' || s === 'past_due') return 'unpaid';
        if (s === 'failed') return 'uncollectible';
        break;
      case 'transactions':
        if (s === 'succeeded' || s === 'failed' || s === 'pending') return s;
        if (s === 'paid') return 'succeeded';
        break;
      case 'calls':
        break;
    }
  }
  if (subject === 'subscriptions' && hasTrial) return 'trialing';
  return undefined;
}

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

/** Which filters a subject can apply (a follow-up to another subject keeps only these). */
const APPLIES: Record<Subject, ReadonlySet<keyof CopilotIntent['filters']>> = {
  members: new Set(['status', 'role', 'licensed', 'access', 'site', 'person', 'window']),
  calls: new Set(['role', 'site', 'person', 'window', 'sentiment', 'outcome', 'terms']),
  tasks: new Set(['status', 'role', 'site', 'person', 'window', 'unassigned', 'terms']),
  subscriptions: new Set(['status', 'role', 'plan', 'person', 'window']),
  invoices: new Set(['status', 'role', 'plan', 'person', 'window']),
  transactions: new Set(['status', 'role', 'person', 'window', 'type']),
};

const GROUPS_OF: Record<Subject, ReadonlySet<Group>> = {
  members: new Set(['role', 'status', 'plan', 'day']),
  calls: new Set(['site', 'person', 'role', 'day']),
  tasks: new Set(['site', 'person', 'role', 'status', 'day']),
  subscriptions: new Set(['plan', 'status', 'role', 'day']),
  invoices: new Set(['plan', 'status', 'person', 'day']),
  transactions: new Set(['status', 'person', 'day']),
};

/** Keeps the filters a subject can use, and the window field it knows. */
function fitToSubject(intent: CopilotIntent): CopilotIntent {
  const filters: CopilotIntent['filters'] = {};
  for (const [key, value] of Object.entries(intent.filters) as Array<[keyof CopilotIntent['filters'], unknown]>) {
    if (value !== undefined && APPLIES[intent.subject].has(key)) (filters as Record<string, unknown>)[key] = value;
  }
  if (filters.status && statusFor(intent.subject, [filters.status], false, false) !== filters.status) delete filters.status;
  if (filters.window?.field) {
    const field = filters.window.field;
    const ok =
      (intent.subject === 'members' && (field === 'joined' || field === 'active')) ||
      (intent.subject === 'tasks' && (field === 'joined' || field === 'completed' || field === 'due')) ||
      (intent.subject === 'subscriptions' && (field === 'joined' || field === 'canceled')) ||
      field === 'joined';
    if (!ok) {
      const { field: _drop, ...rest } = filters.window;
      filters.window = rest;
    }
  }
  const fitted: CopilotIntent = { subject: intent.subject, measure: intent.measure, filters };
  if (intent.groupBy && GROUPS_OF[intent.subject].has(intent.groupBy)) {
    fitted.groupBy = intent.groupBy;
    if (intent.rank) fitted.rank = intent.rank;
  }
  if (intent.limit !== undefined) fitted.limit = intent.limit;
  // Subscriptions are the live ones (active, trialing, past due) unless a status says otherwise;
  // what they are worth a month, the active ones.
  if (fitted.subject === 'subscriptions' && !filters.status && filters.window?.field !== 'canceled')
    filters.status = fitted.measure === 'total' ? 'active' : 'live';
  if (fitted.measure === 'average' && (fitted.subject === 'members' || fitted.subject === 'tasks' || fitted.subject === 'subscriptions'))
    fitted.measure = 'count';
  if (fitted.measure === 'total' && (fitted.subject === 'members' || fitted.subject === 'tasks')) fitted.measure = 'count';
  if (fitted.measure === 'longest' && (fitted.subject === 'members' || fitted.subject === 'tasks' || fitted.subject === 'subscriptions'))
    fitted.measure = 'list';
  return fitted;
}

/** The dimension right after "by", "per", "each"... or before "breakdown" (any, with "most"/"top"). */
function groupedDimension(found: readonly Found[], ranked: boolean): Group | undefined {
  for (const f of found) {
    if (f.tag.k !== 'dimension') continue;
    const near = found.some(
      (g) => g.tag.k === 'groupWord' && (g.at + g.length === f.at || g.at === f.at + f.length || g.at + g.length + 1 === f.at),
    );
    if (near || ranked) return f.tag.v;
  }
  return undefined;
}

export interface ParseOptions {
  now: Date;
  previous?: CopilotIntent | undefined;
  org: OrgWords;
}

export async function parseQuestion(question: string, options: ParseOptions): Promise<Parsed> {
  const { now, previous, org } = options;
  const tokens = tokenize(question).map((t) => {
    const fix = t.num === null ? correctTimeWord(t.norm) : null;
    return fix ? { ...t, norm: fix, stem: stem(fix) } : t;
  });
  const used = tokens.map(() => false);
  const stems = tokens.map((t) => t.stem);

  // 1. Time windows (the last one wins: "in May ... last week?" asks about last week).
  const windows = findWindows(tokens, now);
  for (const w of windows) for (const i of w.used) used[i] = true;
  const window = windows.at(-1)?.window;

  // 2. The organisation's own name (not "another company").
  const orgWords = wordsOf(org.orgName);
  if (orgWords.length > 0) {
    for (let i = 0; i + orgWords.length <= tokens.length; i += 1) {
      if (orgWords.every((w, k) => !used[i + k] && fuzzyEqual(stems[i + k] ?? '', w)))
        for (let k = 0; k < orgWords.length; k += 1) used[i + k] = true;
    }
  }

  // 3. A site.
  const siteMatch = findSite(tokens, used, org.sites);
  if (siteMatch) for (let k = 0; k < siteMatch.span.length; k += 1) used[siteMatch.span.start + k] = true;

  // 4. Vocabulary phrases, exactly as typed; what is left may be a name.
  const firstPass = matchPhrases(stems, [...used]);
  const vocabAt = new Set<number>();
  for (const f of firstPass.found) for (let k = 0; k < f.length; k += 1) vocabAt.add(f.at + k);
  const eligible = tokens.map(
    (t, i) => !used[i] && t.num === null && !/\d/.test(t.norm) && (!vocabAt.has(i) || t.capital) && !STOP_WORDS.has(t.norm),
  );
  const fullNames = new Map<string, Span>();
  const firstNames = new Map<string, Span>();
  for (let i = 0; i < tokens.length; i += 1) {
    if (!eligible[i]) continue;
    for (const n of [3, 2]) {
      if (!Array.from({ length: n }, (_, k) => eligible[i + k]).every(Boolean)) continue;
      const words = tokens.slice(i, i + n).map((t) => t.norm);
      fullNames.set(words.join(' '), { start: i, length: n });
      const last = words.at(-1) ?? '';
      if (last.endsWith('s') && last.length > 3)
        fullNames.set([...words.slice(0, -1), last.slice(0, -1)].join(' '), { start: i, length: n });
    }
    const t = tokens[i];
    const before = tokens[i - 1]?.norm ?? '';
    if (t && !vocabAt.has(i) && t.norm.length >= 3 && (t.capital || PERSON_PREPOSITIONS.has(before)) && !eligible[i + 1])
      firstNames.set(t.norm, { start: i, length: 1 });
  }
  let person: Person | undefined;
  if (fullNames.size + firstNames.size > 0) {
    const people = await org.lookupPeople([...fullNames.keys()], [...firstNames.keys()]);
    // The longest name that matched wins; several members may share it.
    let bestSpan: Span | null = null;
    let bestKey = '';
    for (const [key, span] of fullNames) {
      if (people.some((p) => p.name.toLowerCase() === key) && (!bestSpan || span.length > bestSpan.length)) {
        bestSpan = span;
        bestKey = key;
      }
    }
    if (bestSpan) {
      const matches = people.filter((p) => p.name.toLowerCase() === bestKey);
      person = { ids: matches.slice(0, 10).map((p) => p.id), name: matches[0]?.name ?? bestKey };
      for (let k = 0; k < bestSpan.length; k += 1) used[bestSpan.start + k] = true;
    } else {
      for (const [first, span] of firstNames) {
        const matches = people.filter((p) => p.name.toLowerCase().startsWith(`${first} `));
        if (matches.length === 0) continue;
        if (matches.length > 1)
          return { kind: 'ambiguousPerson', name: tokens[span.start]?.raw ?? first, candidates: matches.slice(0, 10) };
        const only = matches[0];
        if (only) person = { ids: [only.id], name: only.name };
        used[span.start] = true;
        break;
      }
    }
  }

  // 5. Typos: an unknown word one or two edits from a single vocabulary word is read as that word.
  const corrected = [...stems];
  for (const i of firstPass.unknown) {
    if (used[i]) continue;
    const fix = correctTypo(stems[i] ?? '') ?? correctTypo(tokens[i]?.norm ?? '');
    if (fix) corrected[i] = stem(fix);
  }
  const { found, unknown } = matchPhrases(corrected, used);

  // 6. Read the tags.
  const tags = found.map((f) => f.tag);
  const has = (k: Tag['k']) => tags.some((t) => t.k === k);
  const all = <K extends Tag['k']>(k: K) => tags.filter((t): t is Extract<Tag, { k: K }> => t.k === k);
  const first = <K extends Tag['k']>(k: K) => all(k)[0];
  const numbers = tokens.map((t, i) => (used[i] ? null : t.num));
  const leftovers = unknown
    .filter((i) => !used[i] && numbers[i] === null)
    .map((i) => tokens[i]?.norm ?? '')
    .filter((w) => w.length >= 2 && w.length <= LIMITS.searchTerm);
  const terms = [...new Set(leftovers)].slice(0, 12);

  const explicitSubjects = all('subject').map((t) => t.v);
  const statuses = all('status').map((t) => t.v);
  const roles = all('role').map((t) => t.v);
  const licensedTag = first('licensed');
  const accessTag = first('access');
  const planTag = first('plan');
  const sentiment = first('sentiment')?.v;
  const outcome = first('outcome')?.v;
  // "not" before a status, with only small words between ("have not been paid").
  const onlyStopWordsBetween = (from: number, to: number) => {
    for (let i = from; i < to; i += 1) if (!STOP_WORDS.has(corrected[i] ?? '')) return false;
    return true;
  };
  const negated = found.some(
    (f) =>
      f.tag.k === 'negation' &&
      found.some(
        (g) => (g.tag.k === 'status' || g.tag.k === 'licensed') && g.at >= f.at + f.length && onlyStopWordsBetween(f.at + f.length, g.at),
      ),
  );
  const anaphora = has('anaphora');
  const followWord = found.some((f) => f.tag.k === 'followup' && f.at <= 1);
  const hasPrevious = previous !== undefined;

  // Out of scope first: no figure for the weather, a poem or another company.
  const out = first('out')?.v;
  const workSubject = explicitSubjects.some((s) => s === 'calls' || s === 'tasks');
  if (out === 'creative') return { kind: 'out', reason: 'creative' };
  if (out === 'company' && !siteMatch) return { kind: 'out', reason: 'company' };
  if (out === 'weather' && !workSubject && !siteMatch && !person) return { kind: 'out', reason: 'weather' };
  if (out === 'general' && explicitSubjects.length === 0 && !siteMatch && !person && statuses.length === 0 && roles.length === 0)
    return { kind: 'out', reason: 'general' };
  if (out === 'weather') terms.unshift('weather');

  // Capitalised words nobody in the organisation is called: another company ("does Acme have"),
  // or a person who is not a member ("calls by Zed Brown").
  const capitalRun: number[] = [];
  for (const i of unknown) if (i > 0 && !used[i] && tokens[i]?.capital && numbers[i] === null) capitalRun.push(i);
  if (capitalRun.length > 0 && !person) {
    const start = capitalRun[0] ?? 0;
    let end = start;
    while (capitalRun.includes(end + 1)) end += 1;
    const name = tokens
      .slice(start, end + 1)
      .map((t) => t.raw)
      .join(' ');
    const before = tokens[start - 1]?.norm ?? '';
    const after = tokens[end + 1]?.norm ?? '';
    if (
      (before === 'does' || before === 'do' || before === 'at' || before === 'for') &&
      (after === 'have' || after === 'has' || after === 'pay' || after === 'spend')
    )
      return { kind: 'out', reason: 'company' };
    if (before === 'by' || before === 'did' || before === 'to' || (before === 'from' && end > start))
      return { kind: 'unknownPerson', name };
  }

  // The quick prompts' reports.
  const report = first('report')?.v;
  const specificMeasure = all('measure').some((m) => m.v !== 'list');
  if (report && !specificMeasure && roles.length === 0 && statuses.length === 0 && !person && !(anaphora && hasPrevious))
    return { kind: 'report', topic: report };

  const filterCount =
    statuses.length +
    roles.length +
    (licensedTag ? 1 : 0) +
    (accessTag ? 1 : 0) +
    (planTag ? 1 : 0) +
    (sentiment ? 1 : 0) +
    (outcome ? 1 : 0) +
    (has('unassigned') ? 1 : 0);
  const anything =
    explicitSubjects.length +
    filterCount +
    all('measure').length +
    (window ? 1 : 0) +
    (siteMatch ? 1 : 0) +
    (person ? 1 : 0) +
    terms.length +
    all('group').length +
    all('dimension').length +
    (has('duration') ? 1 : 0) +
    (has('money') ? 1 : 0);
  if (has('greeting') && anything === 0) return { kind: 'greeting' };

  // The subject: named, or implied by the filters ("pending" is about members, "overdue" about tasks).
  let subject: Subject | undefined = explicitSubjects.find((s) => s !== 'members') ?? explicitSubjects[0];
  const rank = first('rank')?.v;
  const rankTag = rank !== undefined;
  const who = has('who') || has('someone');
  const weakSubject = explicitSubjects.length === 0;
  if (!subject) {
    if (roles.length > 0 || licensedTag || accessTag?.v === 'free' || (accessTag && !statuses.length)) subject = 'members';
    else if (statuses.length > 0) subject = SUBJECT_OF_STATUS[statuses[0] as Status];
    else if (has('unassigned')) subject = 'tasks';
    else if (sentiment || outcome || has('duration')) subject = 'calls';
    else if (has('money') || has('payments')) subject = 'transactions';
    else if (planTag) subject = 'members';
  }

  // Free text: words the vocabulary does not know, with no subject named: a search of the work.
  if (
    terms.length > 0 &&
    (weakSubject || explicitSubjects.every((s) => s === 'members')) &&
    !(hasPrevious && (anaphora || followWord)) &&
    statuses.length === 0 &&
    roles.length === 0 &&
    !licensedTag
  ) {
    if (!subject || subject === 'members' || subject === 'calls' || subject === 'tasks') {
      return {
        kind: 'search',
        terms,
        ...(siteMatch ? { site: siteMatch.site } : {}),
        ...(person ? { person } : {}),
        ...(window ? { window } : {}),
        who,
      };
    }
  }
  if (!subject && person && !hasPrevious) subject = 'members';
  // "busiest site", "top caller", "calls per day": a grouping by site, person or day is about
  // calls; "role breakdown", "by plan": about members.
  const grouped = first('group')?.v ?? groupedDimension(found, rankTag);
  if (!subject && !hasPrevious && grouped) subject = grouped === 'role' || grouped === 'plan' || grouped === 'status' ? 'members' : 'calls';
  if (!subject && (who || (has('new') && !hasPrevious))) subject = 'members';
  if (!subject && siteMatch && !hasPrevious) subject = 'calls';

  const isFollowUp =
    hasPrevious &&
    (anaphora ||
      followWord ||
      (explicitSubjects.length === 0 && !subject) ||
      (explicitSubjects.length === 0 && terms.length === 0 && filterCount === 0 && !person && !siteMatch && window !== undefined));
  if (!subject && !isFollowUp) return terms.length > 0 ? { kind: 'search', terms, who } : { kind: 'unclear' };

  // The measure.
  const measures = all('measure').map((m) => m.v);
  let measure: Measure | undefined;
  const money = has('money');
  const duration = has('duration');
  if (measures.includes('average')) measure = 'average';
  else if (measures.includes('longest')) measure = 'longest';
  else if (measures.includes('total') && !measures.includes('count')) measure = 'total';
  else if (measures.includes('count')) measure = duration || (money && !measures.includes('list')) ? 'total' : 'count';
  else if (measures.includes('latest') || has('last')) measure = 'latest';
  else if (measures.includes('list') || who) measure = 'list';
  else if (duration || money) measure = 'total';

  // The grouping: a dimension right after "by", "per", "each"..., or before "breakdown"; or what
  // has the most ("busiest site", "who made the most calls").
  let groupBy: Group | undefined = first('group')?.v ?? groupedDimension(found, rankTag);
  if (!groupBy) {
    // "by member", "per person", "for each user": a grouping by person.
    const byPerson = found.some(
      (g) => g.tag.k === 'groupWord' && found.some((f) => f.tag.k === 'subject' && f.tag.v === 'members' && f.at === g.at + g.length),
    );
    if (byPerson && subject !== 'members') groupBy = 'person';
    else if (rank && (who || explicitSubjects.includes('members') || roles.length > 0) && subject !== 'members') groupBy = 'person';
  }

  // A number next to "last", "top", "latest"...: how many to show.
  let limit: number | undefined;
  for (let i = 0; i < tokens.length; i += 1) {
    const n = numbers[i];
    if (n === null || n === undefined || n < 1) continue;
    const prev = corrected[i - 1] ?? '';
    const next = corrected[i + 1] ?? '';
    if (
      ['last', 'latest', 'top', 'first', 'recent', 'newest', 'longest', 'largest', 'biggest'].includes(prev) ||
      ['longest', 'largest', 'biggest', 'latest', 'newest', 'most'].includes(next) ||
      (PHRASE_INDEX.get(next)?.some((e) => e.tags.some((t) => t.k === 'subject')) ?? false)
    ) {
      limit = Math.min(10, Math.round(n));
      break;
    }
  }
  if (limit !== undefined && !measure) measure = 'latest';

  // Windows: which date they apply to.
  const whens = all('when').map((t) => t.v);
  const hasNew = has('new');

  const build = (subj: Subject): CopilotIntent['filters'] => {
    const filters: CopilotIntent['filters'] = {};
    const status = statusFor(subj, statuses, accessTag?.v === 'trial', negated);
    if (status) filters.status = status;
    if (roles[0]) filters.role = roles[0] as Role;
    if (licensedTag) filters.licensed = negated && !statuses.length ? !licensedTag.v : licensedTag.v;
    if (subj === 'members') {
      const access: Access | undefined = accessTag?.v ?? planTag?.v;
      if (access) filters.access = access;
    } else if (planTag) {
      filters.plan = planTag.v;
    }
    if (siteMatch) filters.site = siteMatch.site;
    if (person) filters.person = person;
    if (sentiment) filters.sentiment = sentiment;
    if (outcome) {
      if (subj === 'tasks' && outcome === 'resolved') filters.status = 'done';
      else filters.outcome = outcome;
    }
    if (has('unassigned')) filters.unassigned = true;
    if (has('payments') && subj === 'transactions') filters.type = 'payment';
    if (terms.length > 0 && (subj === 'calls' || subj === 'tasks')) filters.terms = terms;
    let w: CopilotWindow | undefined = window;
    if (!w && hasNew && (subj === 'members' || subj === 'subscriptions' || subj === 'tasks' || subj === 'invoices'))
      w = { kind: 'last_days', days: 30 };
    if (w) {
      let field: WindowField | undefined;
      if (subj === 'members') {
        const activity = whens.includes('active') || (statuses.includes('active') && !whens.includes('joined') && !hasNew);
        field = activity ? 'active' : 'joined';
        if (activity && filters.status === 'active') delete filters.status;
      } else if (subj === 'tasks') {
        field = whens.includes('due')
          ? 'due'
          : whens.includes('completed') || (filters.status === 'done' && !whens.includes('joined'))
            ? 'completed'
            : 'joined';
      } else if (subj === 'subscriptions') {
        field = whens.includes('canceled') || (filters.status === 'canceled' && !whens.includes('joined')) ? 'canceled' : 'joined';
      }
      filters.window = field && field !== 'joined' ? { ...w, field } : { ...w };
      if (subj === 'members' && field === 'joined') filters.window = { ...w, field: 'joined' };
    } else if (whens.includes('due') && subj === 'tasks' && filters.status === undefined) {
      // "what is due?" : open tasks with a due date from today on.
      filters.status = 'open';
    }
    return filters;
  };

  let intent: CopilotIntent;
  if (isFollowUp && previous) {
    // The previous intent, with this question's parts over it. Another subject ("and tasks?")
    // keeps only where, who and when.
    const subj = explicitSubjects.length > 0 && subject ? subject : previous.subject;
    const mine = build(subj);
    if (mine.window && !window && previous.filters.window) delete mine.window;
    const p = previous.filters;
    const carried: CopilotIntent['filters'] =
      subj === previous.subject
        ? { ...p }
        : { ...(p.window ? { window: p.window } : {}), ...(p.site ? { site: p.site } : {}), ...(p.person ? { person: p.person } : {}) };
    const filters = { ...carried, ...mine };
    const m: Measure = measure ?? (subj === previous.subject ? previous.measure : 'count');
    intent = { subject: subj, measure: m, filters };
    const g = groupBy ?? (measure && measure !== 'count' && measure !== 'total' && measure !== 'average' ? undefined : previous.groupBy);
    if (g) intent.groupBy = g;
    if (groupBy ? rank : g && previous.rank) intent.rank = (rank ?? previous.rank) as 'most' | 'least';
    if (limit ?? previous.limit) intent.limit = limit ?? previous.limit;
  } else {
    const subj = subject as Subject;
    intent = { subject: subj, measure: measure ?? (groupBy ? 'count' : 'list'), filters: build(subj) };
    if (groupBy) intent.groupBy = groupBy;
    if (groupBy && rank) intent.rank = rank;
    if (limit !== undefined) intent.limit = limit;
  }
  const fitted = fitToSubject(intent);
  const ignored = terms.filter((t) => !(fitted.filters.terms ?? []).includes(t));
  return { kind: 'intent', intent: fitted, ignored, followUp: isFollowUp };
}
