/**
 * The words the Assistant understands: how a question is cut into tokens, how tokens are
 * normalised (lower case, accents, British spellings, plurals), how small typos are corrected, and
 * the vocabulary of phrases that carry meaning (subjects, measures, filters, groupings...).
 *
 * Everything here is plain data and small pure functions: no regular expression runs over the
 * whole question more than once, and the work is linear in its length (a question is at most
 * 2,000 characters, and only its first MAX_TOKENS tokens are read).
 */
import type { CopilotIntent, Role } from '../../src/contract/api';

export type Subject = CopilotIntent['subject'];
export type Measure = CopilotIntent['measure'];
export type Group = NonNullable<CopilotIntent['groupBy']>;
export type Status = NonNullable<CopilotIntent['filters']['status']>;
export type Access = NonNullable<CopilotIntent['filters']['access']>;
export type WindowField = NonNullable<NonNullable<CopilotIntent['filters']['window']>['field']>;
export type Topic = 'weekly_report' | 'organization_insights' | 'call_analytics' | 'task_overview' | 'user_activity';
export type OutOfScope = 'weather' | 'creative' | 'general' | 'company';

/** What a phrase means. */
export type Tag =
  | { k: 'subject'; v: Subject }
  | { k: 'role'; v: Role }
  | { k: 'status'; v: Status }
  | { k: 'licensed'; v: boolean }
  | { k: 'access'; v: Access }
  | { k: 'plan'; v: 'pro' | 'lite' }
  | { k: 'measure'; v: Measure }
  | { k: 'rank'; v: 'most' | 'least' }
  | { k: 'group'; v: Group }
  /** A word that names a grouping dimension; it groups only after "by", "per", "each"... */
  | { k: 'dimension'; v: Group }
  | { k: 'groupWord' }
  | { k: 'when'; v: WindowField }
  | { k: 'sentiment'; v: 'positive' | 'neutral' | 'negative' }
  | { k: 'outcome'; v: 'resolved' | 'follow_up' | 'escalated' }
  | { k: 'unassigned' }
  | { k: 'someone' }
  | { k: 'payments' }
  | { k: 'money' }
  | { k: 'duration' }
  | { k: 'new' }
  | { k: 'who' }
  | { k: 'anaphora' }
  | { k: 'followup' }
  | { k: 'report'; v: Topic }
  | { k: 'frame' }
  | { k: 'out'; v: OutOfScope }
  | { k: 'greeting' }
  | { k: 'negation' }
  | { k: 'last' }
  | { k: 'ours' };

export interface Token {
  /** As typed (for names: capitalisation tells a name from a word). */
  raw: string;
  /** Lower case, accents removed, British spellings mapped, apostrophes dropped. */
  norm: string;
  /** `norm` without a plural ending. */
  stem: string;
  /** Whether it starts with a capital letter as typed. */
  capital: boolean;
  /** A number as typed ("5", "30"), or a number word ("five"). */
  num: number | null;
}

/** Only this many tokens of a question are read (a question is at most 2,000 characters). */
const MAX_TOKENS = 60;

const BRITISH: Record<string, string> = {
  licence: 'license',
  licences: 'licenses',
  licenced: 'licensed',
  unlicenced: 'unlicensed',
  organisation: 'organization',
  organisations: 'organizations',
  organisation_s: 'organization',
  cancelled: 'canceled',
  cancelling: 'canceling',
  cancellation: 'cancelation',
  cancellations: 'cancelations',
  summarise: 'summarize',
  analyse: 'analyze',
  utilisation: 'utilization',
  behaviour: 'behavior',
  favourite: 'favorite',
  harbour: 'harbor',
  centre: 'center',
  colour: 'color',
  labour: 'labor',
};

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  sixty: 60,
  ninety: 90,
};

/** Removes a plural ending: "members" -> "member", "activities" -> "activity", "boxes" -> "box". */
/** Words whose final "s" is not a plural. */
const NOT_PLURAL = new Set([
  'news',
  'series',
  'species',
  'always',
  'perhaps',
  'analytics',
  'status',
  'its',
  'yes',
  'less',
  'unless',
  'across',
  'thanks',
  'pms',
]);

export function stem(word: string): string {
  if (word.length <= 3 || NOT_PLURAL.has(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses')) return word.slice(0, -2);
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ches') || word.endsWith('shes') || word.endsWith('xes')) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function isLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 48 && code <= 57);
}

/**
 * The question as tokens: words of letters and digits (an apostrophe inside a word is dropped, so
 * "haven't" is "havent" and "Priya's" is "priyas" until the possessive is removed), dates such as
 * 2025-06-01 and 6/1 kept whole. A possessive "'s" is removed.
 */
export function tokenize(question: string): Token[] {
  const text = question.normalize('NFKD');
  const tokens: Token[] = [];
  let raw = '';
  let norm = '';
  const flush = () => {
    if (norm !== '') {
      let word = norm;
      // A possessive ("priya's" typed with an apostrophe becomes "priyas"): kept as written when
      // the apostrophe was there, so the name lookup can try both.
      const mapped = BRITISH[word] ?? word;
      word = mapped;
      const n = /^\d+$/.test(word) ? Number(word) : (NUMBER_WORDS[word] ?? null);
      tokens.push({ raw, norm: word, stem: stem(word), capital: raw.length > 0 && raw[0] !== raw[0]?.toLowerCase(), num: n });
    }
    raw = '';
    norm = '';
  };
  for (let i = 0; i < text.length && tokens.length < MAX_TOKENS; i += 1) {
    const ch = text[i] ?? '';
    const code = ch.toLowerCase().charCodeAt(0);
    // Combining marks (accents after NFKD) are skipped.
    if (code >= 0x300 && code <= 0x36f) continue;
    if (isLetter(code)) {
      raw += ch;
      norm += ch.toLowerCase();
      continue;
    }
    const next = text[i + 1] ?? '';
    const nextIsWord = isLetter(next.toLowerCase().charCodeAt(0));
    // Apostrophes inside a word: "haven't", "priya's" (the possessive is dropped).
    if ((ch === "'" || ch === '\u2019') && norm !== '' && nextIsWord) {
      if ((next === 's' || next === 'S') && !isLetter((text[i + 2] ?? ' ').toLowerCase().charCodeAt(0))) {
        i += 1;
        flush();
        continue;
      }
      continue;
    }
    // Dates: 2025-06-01, 6/1, 6/1/2025 stay one token.
    if ((ch === '-' || ch === '/') && /^\d[\d/-]*\d$|^\d$/.test(norm) && /\d/.test(next)) {
      raw += ch;
      norm += ch;
      continue;
    }
    flush();
  }
  flush();
  return tokens;
}

/** Damerau-Levenshtein distance (adjacent transpositions count as one edit), bounded by `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i += 1) {
    const row: number[] = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      if (i === 0) {
        row.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min((rows[i - 1]?.[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (rows[i - 1]?.[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(d);
      if (d < best) best = d;
    }
    rows.push(row);
    if (i > 0 && best > max) return max + 1;
  }
  return rows[a.length]?.[b.length] ?? max + 1;
}

/** How many edits a word of this length may be away from a vocabulary word and still be it. */
export function typoBudget(length: number): number {
  if (length >= 8) return 2;
  if (length >= 4) return 1;
  return 0;
}

/** Words that carry no meaning for the parser (they still separate names and phrases), as typed and stemmed. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the of in on at to for with from into onto by about as is are was were be been being am do does did done doing have has had ' +
    'having there here what whats when where why how me my mine our ours we us i you your yours it its this these those that ' +
    'can could would should will shall may might must please pls plz tell give show get got find let lets see know need want ' +
    'currently right now so far ever yet still just also too very really like any some up out over under than then or but if ' +
    'again please kindly quick quickly exactly approximately roughly around about whole entire overall altogether ' +
    'make made making work working worked use using used one ones bit little lot lots kind sort type please thank'
  )
    .split(' ')
    .flatMap((w) => [w, stem(w)]),
);

interface PhraseEntry {
  words: string[];
  tags: Tag[];
}

const S = (v: Subject): Tag => ({ k: 'subject', v });
const M = (v: Measure): Tag => ({ k: 'measure', v });
const ST = (v: Status): Tag => ({ k: 'status', v });
const R = (v: Role): Tag => ({ k: 'role', v });
const G = (v: Group): Tag => ({ k: 'group', v });
const D = (v: Group): Tag => ({ k: 'dimension', v });
const W = (v: WindowField): Tag => ({ k: 'when', v });
const REP = (v: Topic): Tag => ({ k: 'report', v });
const OUT = (v: OutOfScope): Tag => ({ k: 'out', v });

/** [phrases separated by "|", tags]. Words are normalised and stemmed like the question's. */
const PHRASES: ReadonlyArray<[string, Tag[]]> = [
  // Subjects
  [
    'member|user|people|ppl|person|crew|crew member|staff|staff member|team|team member|employee|worker|folk|account|headcount|individual|teammate|personnel',
    [S('members')],
  ],
  ['everyone|everybody|anyone|anybody|somebody|someone|no one|nobody', [{ k: 'someone' }]],
  ['seat|license|licensed seat|licensed user|license holder', [S('members'), { k: 'licensed', v: true }]],
  ['call|phone call|conversation|voice call|calls made|called|phoned|rang|dialed', [S('calls')]],
  ['task|todo|to do|to-do|action item|job item|work item|ticket', [S('tasks')]],
  [
    'paying|pay us|paid up|subscription|subscriber|subscribed|subscribed user|subscribed member|paying user|paying member|paying customer|paid user|paid member|paid seat',
    [S('subscriptions')],
  ],
  ['invoice|bill|billing statement', [S('invoices')]],
  ['transaction|billing event|billing activity|billing history', [S('transactions')]],
  ['payment|charge|refund', [S('transactions'), { k: 'payments' }]],
  [
    'revenue|income|earning|collect|collected|collection|money collected|cash|take in|took in|bring in|brought in|came in|come in|money in|money received|received',
    [S('transactions'), { k: 'money' }, { k: 'payments' }, ST('succeeded'), M('total')],
  ],
  ['mrr|monthly recurring revenue|recurring revenue|monthly revenue', [S('subscriptions'), { k: 'money' }, M('total')]],
  [
    'talk time|time on the phone|phone time|airtime|minutes on the phone|time spent on call|call time|call duration|duration|call length|length|how long|talking',
    [S('calls'), { k: 'duration' }],
  ],
  ['minute|hour', [{ k: 'duration' }]],
  ['amount|spend|spent|cost|value|worth|dollar|usd|price|billed|charged', [{ k: 'money' }]],
  // Roles (people)
  [
    'field worker|fieldworker|field crew|field staff|field tech|laborer|labourer|worker in the field|field hand|field personnel',
    [R('Field Worker')],
  ],
  ['supervisor|super|foreman|foremen|forewoman|site supervisor|superintendent', [R('Supervisor')]],
  ['project manager|pm|pms|project lead|project mgr|manager', [R('Project Manager')]],
  ['admin|administrator|console admin', [R('Admin')]],
  // Statuses
  [
    'pending|pending activation|awaiting activation|not activated|not yet activated|never activated|unactivated|inactive|not active|havent activated|hasnt activated|yet to activate|not signed up|not onboarded|not set up|invited but',
    [ST('pending')],
  ],
  ['active|activated|enabled', [ST('active')]],
  ['open|outstanding|incomplete|unfinished|not done|not completed|not finished|to be done|remaining|in progress|unresolved', [ST('open')]],
  ['done|completed|complete|finished|closed|resolved task|checked off', [ST('done')]],
  ['overdue|late|past due date|behind schedule|missed deadline|past their due date', [ST('overdue')]],
  ['past due|past-due|delinquent|in arrears|behind on payment', [ST('past_due')]],
  ['trialing|on trial|in trial|trial|on a trial|free trial|trial user|trialist', [{ k: 'access', v: 'trial' }]],
  ['canceled|cancelation|churned|churn|terminated|ended subscription', [ST('canceled')]],
  [
    'canceling|set to cancel|scheduled to cancel|scheduled for cancelation|cancel at period end|cancels at period end|ending at period end',
    [ST('cancelling')],
  ],
  ['paid|settled', [ST('paid')]],
  ['unpaid|not paid|not been paid|not yet paid|havent been paid|hasnt been paid|havent paid|owing|owed|due invoice', [ST('unpaid')]],
  ['uncollectible|written off', [ST('uncollectible')]],
  ['void|voided', [ST('void')]],
  ['failed|declined|bounced|unsuccessful|rejected|failure', [ST('failed')]],
  ['succeeded|successful|success|went through|cleared', [ST('succeeded')]],
  ['live|current', [ST('live')]],
  // Licences
  [
    'licensed|with a license|has a license|have a license|have license|has license|holding a license|with license|using a seat|on a seat|with a seat',
    [{ k: 'licensed', v: true }],
  ],
  [
    'unlicensed|without a license|no license|without license|not licensed|no seat|without a seat|lacking a license|dont have a license|doesnt have a license|missing a license',
    [{ k: 'licensed', v: false }],
  ],
  // Plans and access levels
  ['pro|pro plan|hardline pro|pro tier|pro user|on pro', [{ k: 'plan', v: 'pro' }]],
  ['lite|lite plan|hardline lite|lite tier|light plan|lite user|on lite', [{ k: 'plan', v: 'lite' }]],
  [
    'free|free plan|free tier|free user|no plan|no subscription|without a subscription|unsubscribed|not subscribed|without subscription',
    [{ k: 'access', v: 'free' }],
  ],
  ['access level|plan|tier|billing plan', [D('plan')]],
  // Measures
  ['how many|number of|count|count of|how much of|total number|total count|tally|quantity|num of|no of|amount of', [M('count')]],
  ['how much', [M('total'), { k: 'money' }]],
  ['total|sum|in total|altogether|combined|add up|added up|sum of|overall total', [M('total')]],
  ['list|show|which|name|names|display|enumerate|give me|what are|see|view|who are|identify|rundown|all the', [M('list')]],
  ['average|avg|mean|typical|on average|per call average', [M('average')]],
  ['longest|largest|biggest|highest|most expensive|longest running|lengthiest|max|maximum', [M('longest')]],
  ['latest|most recent|newest|recent|recently|last one|latest one|freshest|just now', [M('latest')]],
  ['last', [{ k: 'last' }]],
  ['most|top|busiest|highest number|the most|leading|greatest number|more than anyone', [{ k: 'rank', v: 'most' }]],
  ['least|fewest|quietest|lowest|bottom|the fewest', [{ k: 'rank', v: 'least' }]],
  ['who|whom|whose', [{ k: 'who' }]],
  // Grouping
  [
    'by|per|each|every|for each|for every|broken down by|breakdown by|breakdown|break down|split by|grouped by|group by|across|distribution|split',
    [{ k: 'groupWord' }],
  ],
  ['role|job title|position|job', [D('role')]],
  ['site|location|project|jobsite|job site|building|place', [D('site')]],
  ['caller|assignee|owner', [D('person')]],
  ['day|date|weekday', [D('day')]],
  ['daily|day by day|per day|each day|every day|a day', [G('day')]],
  ['status|state', [D('status')]],
  // When a window applies
  ['joined|added|created|signed up|sign up|onboarded|hired|invited|registered|came on|started|opened|issued|raised|logged', [W('joined')]],
  ['new', [{ k: 'new' }]],
  ['seen|logged in|signed in|online|used the app|activity|was active|were active|been active|last active|last seen', [W('active')]],
  [
    'completed on|finished on|closed on|got done|get done|were completed|was completed|were finished|were closed|got completed|got finished',
    [W('completed'), ST('done')],
  ],
  ['due|due date|deadline', [W('due')]],
  ['canceled on|were canceled|was canceled|got canceled', [W('canceled')]],
  // Calls
  ['negative|unhappy|angry|frustrated|upset|complaint|complain|bad', [{ k: 'sentiment', v: 'negative' }]],
  ['positive|happy|good|pleased', [{ k: 'sentiment', v: 'positive' }]],
  ['neutral', [{ k: 'sentiment', v: 'neutral' }]],
  ['escalated|escalation|escalate', [{ k: 'outcome', v: 'escalated' }]],
  ['follow up|followup|follow-up|needs follow up|needing follow up|need follow up', [{ k: 'outcome', v: 'follow_up' }]],
  ['resolved|fixed|sorted out', [{ k: 'outcome', v: 'resolved' }]],
  // Tasks
  [
    'unassigned|not assigned|no assignee|without an assignee|nobody assigned|no one assigned|no owner|assigned to nobody|assigned to no one|nobody is assigned|no one is assigned|nobody is assigned to|no one is assigned to|nobody owns|with nobody on',
    [{ k: 'unassigned' }],
  ],
  // Follow-ups
  [
    'them|those|these|they|of them|of those|among them|among those|the same|same|ones|that list|that group|each of them|out of those',
    [{ k: 'anaphora' }],
  ],
  ['and|what about|how about|and what about|same for|now|only|just the|only the|ok and|also', [{ k: 'followup' }]],
  // Reports (the quick prompts)
  [
    'user activity|member activity|team activity|crew activity|activity report|activity summary|staff activity|people activity|user engagement|activity across',
    [REP('user_activity')],
  ],
  [
    'call analytics|call analysis|call statistics|call stats|call metrics|call trends|call volume and duration|analytics|call report|call insights',
    [REP('call_analytics')],
  ],
  [
    'task overview|task summary|overview of tasks|summary of tasks|overview of open|task report|task status report|overview of open and completed',
    [REP('task_overview')],
  ],
  [
    'weekly report|weekly summary|week in review|weekly recap|weekly update|weekly digest|report of the week|week summary|weekly',
    [REP('weekly_report')],
  ],
  [
    'insight|organization insight|organization overview|organization summary|organization health|org overview|org insight|org health|license utilization|seat utilization|role mix|company overview',
    [REP('organization_insights')],
  ],
  // Words that frame a search rather than add to it
  [
    'named|assigned|assigned to|owned by|belonging to|responsible for|sentiment|mood|tone|issue|problem|trouble|report|reported|reporting|mention|mentioned|mentioning|about|regarding|related|relating|happened|happening|going on|update|info|information|detail|say|said|talk|talked|discuss|discussed|raise|flagged|concern|concerns|anything|something|thing|stuff|matter|record|data|note|notes',
    [{ k: 'frame' }],
  ],
  [
    'organization|company|org|business|firm|whole team|whole company|entire company|we|our team|my team|my crew|our crew|my organization|our organization',
    [{ k: 'ours' }],
  ],
  // Out of scope
  ['weather|forecast|temperature|rain|raining|snow|snowing|wind|windy|sunny|humidity|storm|hurricane|degrees', [OUT('weather')]],
  ['poem|poetry|haiku|limerick|song|lyrics|joke|story|essay|rap|sonnet|riddle|funny', [OUT('creative')]],
  [
    'capital of|president|prime minister|stock|stock price|share price|bitcoin|crypto|news|headline|recipe|translate|movie|football|soccer|basketball|score|election|horoscope|lottery|population of|meaning of life|write code|javascript|python',
    [OUT('general')],
  ],
  [
    'competitor|competition|other company|another company|other companies|other organization|another organization|other org|industry average|industry|market share|rival|inc|llc|ltd|corp|corporation|incorporated|contracting|construction company|constructions|builders inc|gmbh|plc',
    [OUT('company')],
  ],
  [
    'hi|hello|hey|thanks|thank you|good morning|good afternoon|good evening|help|what can you do|who are you|how are you|yo',
    [{ k: 'greeting' }],
  ],
  ['not|no|never|without|except|excluding|dont|doesnt|isnt|arent|havent|hasnt|nobody|none', [{ k: 'negation' }]],
];

function phraseWords(phrase: string): string[] {
  return tokenize(phrase).map((t) => t.stem);
}

/** Every phrase, indexed by its first word; longest phrases first. */
export const PHRASE_INDEX: ReadonlyMap<string, readonly PhraseEntry[]> = (() => {
  const index = new Map<string, PhraseEntry[]>();
  for (const [phrases, tags] of PHRASES) {
    for (const phrase of phrases.split('|')) {
      const words = phraseWords(phrase);
      const first = words[0];
      if (first === undefined) continue;
      const list = index.get(first) ?? [];
      list.push({ words, tags });
      index.set(first, list);
    }
  }
  for (const list of index.values()) list.sort((a, b) => b.words.length - a.words.length);
  return index;
})();

/** Single vocabulary words a typo may be corrected to (at least 4 letters, not stop words). */
const VOCABULARY: readonly string[] = (() => {
  const words = new Set<string>();
  for (const list of PHRASE_INDEX.values())
    for (const entry of list) for (const w of entry.words) if (w.length >= 4 && !STOP_WORDS.has(w)) words.add(w);
  for (const w of [
    'today',
    'yesterday',
    'tomorrow',
    'week',
    'month',
    'year',
    'since',
    'past',
    'previous',
    'january',
    'february',
    'march',
    'april',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
    'monday',
    'tuesday',
    'wednesday',
    'thursday',
    'friday',
    'saturday',
    'sunday',
  ])
    words.add(w);
  return [...words];
})();

/** Words of time expressions: a typo in them is corrected before windows are read ("this weeek"). */
const TIME_WORDS: readonly string[] = [
  'today',
  'yesterday',
  'tomorrow',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'days',
  'last',
  'past',
  'previous',
  'since',
  'this',
];

/** The time word `word` is a small typo of, if any (at least 4 letters, one edit). */
export function correctTimeWord(word: string): string | null {
  if (word.length < 4 || TIME_WORDS.includes(word) || STOP_WORDS.has(word) || PHRASE_INDEX.has(stem(word))) return null;
  const found = TIME_WORDS.filter((t) => t[0] === word[0] && editDistance(word, t, 1) <= 1);
  return found.length === 1 ? (found[0] ?? null) : null;
}

/** The vocabulary word `word` is a small typo of, if exactly one is nearest. */
export function correctTypo(word: string): string | null {
  const budget = typoBudget(word.length);
  if (budget === 0 || /\d/.test(word)) return null;
  let best: string[] = [];
  let bestDistance = budget + 1;
  for (const candidate of VOCABULARY) {
    if (Math.abs(candidate.length - word.length) > budget + 1) continue;
    // A typo keeps the first letter (or swaps the first two): cheap and avoids far-fetched matches.
    if (candidate[0] !== word[0] && !(candidate[0] === word[1] && candidate[1] === word[0])) continue;
    // A doubled last letter of a plural ("taskss") is one slip from the plural.
    const d = Math.min(editDistance(word, candidate, budget), editDistance(word, `${candidate}s`, budget));
    if (d < bestDistance) {
      best = [candidate];
      bestDistance = d;
    } else if (d === bestDistance) {
      best.push(candidate);
    }
  }
  if (best.length === 1) return best[0] ?? null;
  // A tie: the word with the same letters (two swapped, the commonest slip) wins, if only one has them.
  const letters = (w: string) => [...w].sort().join('');
  const same = best.filter((c) => letters(c) === letters(word));
  return same.length === 1 ? (same[0] ?? null) : null;
}
