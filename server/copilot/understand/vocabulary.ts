/**
 * The words the Assistant understands: the vocabulary of phrases that carry meaning (subjects,
 * measures, filters, groupings, a member's facts...), each with its tags, and the small words that
 * carry none. Plain data; phrases are normalised and stemmed like the question (normalise.ts).
 */
import type { CopilotIntent, MemberField, Role } from '../../../src/contract/api';
import { stem, tokenize } from './normalise';

export type Subject = CopilotIntent['subject'];
export type Measure = CopilotIntent['measure'];
export type Group = NonNullable<CopilotIntent['groupBy']>;
export type Status = NonNullable<CopilotIntent['filters']['status']>;
export type Access = NonNullable<CopilotIntent['filters']['access']>;
export type WindowField = NonNullable<NonNullable<CopilotIntent['filters']['window']>['field']>;
export type Topic = 'weekly_report' | 'organization_insights' | 'call_analytics' | 'task_overview' | 'user_activity';
export type OutOfScope = 'weather' | 'creative' | 'general' | 'company' | 'unrecorded';

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
  /** Joining the organisation ("signed up", "hired"): members, unless another subject is named. */
  | { k: 'joining' }
  | { k: 'who' }
  | { k: 'anaphora' }
  | { k: 'followup' }
  | { k: 'report'; v: Topic }
  | { k: 'frame' }
  | { k: 'out'; v: OutOfScope }
  | { k: 'greeting' }
  | { k: 'negation' }
  /** Using the app ("logged in", "on the app"): members seen, ever or in a window. */
  | { k: 'login' }
  /** A card on file (a payment method). */
  | { k: 'card' }
  /** Someone outside the organisation: a subcontractor, a supplier (paid outside Hardline's billing). */
  | { k: 'thirdParty' }
  | { k: 'last' }
  | { k: 'ours' }
  /** A fact of a member ("phone number", "e-mail", "trial end"): asked of a person, or shown for each member listed. */
  | { k: 'field'; v: MemberField }
  /** "number" alone: a phone number when a person is named. */
  | { k: 'number' };

/** Words that carry no meaning for the parser (they still separate names and phrases), as typed and stemmed. */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a an the of in on at to for with from into onto by about as is are was were be been being am do does did done doing have has had ' +
    'having there here what whats when where why how me my mine our ours we us i you your yours it its this these those that ' +
    'can could would should will shall may might must please pls plz tell give show get got find let lets see know need want ' +
    'currently right now so far ever yet still just also too very really like any some up out over under than then or but if ' +
    'again please kindly quick quickly exactly approximately roughly around about whole entire overall altogether ' +
    'make made making work working worked use using used one ones bit little lot lots kind sort type please thank ' +
    'their theirs s guy gal buddy dude all going ongoing rn anymore'
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
  [
    'change|changed|edit|edited|modified|modification|altered|activity log|audit|audit log|audit trail|activity trail|history of changes|who changed|what changed',
    [S('changes')],
  ],
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
  ['amount|spend|spent|cost|value|worth|dollar|usd|price|billed|charged|pay|payed', [{ k: 'money' }]],
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
  ['open|left|incomplete|unfinished|not done|not completed|not finished|to be done|remaining|in progress|unresolved', [ST('open')]],
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
  [
    'unpaid|outstanding|owe|owes|not paid|not been paid|not yet paid|havent been paid|hasnt been paid|havent paid|owing|owed|due invoice',
    [ST('unpaid')],
  ],
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
  [
    'oldest|earliest|first|longest serving|longest tenure|most senior|been with us the longest|been here the longest|been with us longest|been here longest',
    [M('earliest')],
  ],
  ['most recently active|recently active|last to log in|latest login', [M('latest'), W('active'), { k: 'login' }]],
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
  [
    'joined|join|joining|signed up|sign up|sign ups|signups|signup|onboarded|hired|hire|came on|registered',
    [W('joined'), { k: 'joining' }],
  ],
  ['added|created|invited|started|start|opened|issued|raised|logged', [W('joined')]],
  ['new', [{ k: 'new' }]],
  ['seen|activity|was active|were active|been active|last active|last seen', [W('active')]],
  [
    'logged in|log in|login|logged on|log on|signed in|sign in|online|on the app|in the app|use the app|used the app|using the app|use hardline|used hardline|using hardline|opened the app',
    [W('active'), { k: 'login' }],
  ],
  ['card|credit card|debit card|card on file|payment method|payment card|card details|cards on file', [{ k: 'card' }]],
  ['subcontractor|sub contractor|supplier|vendor|contractor', [{ k: 'thirdParty' }]],
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
  // Facts of a member (asked of a person, or shown for each member listed)
  [
    'phone|phone number|phone no|phone num|cell|cell number|cell phone|cellphone|mobile|mobile number|telephone|contact number|number to reach|digits',
    [{ k: 'field', v: 'phone' }],
  ],
  ['number|num', [{ k: 'number' }]],
  ['email|e mail|email address|mail address|mail', [{ k: 'field', v: 'email' }]],
  [
    'contact|contact info|contact details|reach|get hold of',
    [
      { k: 'field', v: 'phone' },
      { k: 'field', v: 'email' },
    ],
  ],
  [
    'trial end|trial ends|trial ending|trial expire|trial expires|trial expiry|trial expiration|end of trial|trial over|trial run out|trial runs out|trial finish|trial left|days left',
    [{ k: 'field', v: 'trialEnd' }, W('trialEnd')],
  ],
  ['join date|date joined|joined on|start date|started on|member since|since when|added on|created on', [{ k: 'field', v: 'joined' }]],
  [
    'last log in|last login|last logged in|last logged on|last signed in|last sign in|last used|last online|last on|last active|last seen|last activity|last time',
    [{ k: 'field', v: 'lastActive' }, W('active'), M('latest'), { k: 'login' }],
  ],
  ['licence status|license status|seat status', [{ k: 'field', v: 'license' }]],
  // Follow-ups
  [
    'them|those|these|they|of them|of those|among them|among those|the same|same|ones|that list|that group|each of them|out of those|he|she|him|her|his|hers',
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
    'organization|company|org|business|firm|whole team|whole company|entire company|we|our team|my team|my crew|our crew|my organization|our organization|hardline|on hardline|in hardline|the app|the platform|the system',
    [{ k: 'ours' }],
  ],
  // Out of scope
  ['weather|forecast|temperature|rain|raining|snow|snowing|wind|windy|sunny|humidity|storm|hurricane|degrees', [OUT('weather')]],
  [
    'gate code|door code|lock code|access code|alarm code|entry code|password|wifi|license plate|licence plate|plate number|opening hours|business hours|hours of operation|what time does|what time do|overtime|payroll|wage|wages|salary|salaries|paycheck|pay rate|hourly rate|timesheet|timesheets|hours worked|work hours|working hours|best|worst|favorite|most productive|hardest working|hardest worker|laziest|most reliable|smartest|top performer' +
      '|address|home address|mailing address|street address|birthday|birth date|date of birth|dob|age|budget|estimate|bid|profit|margin|vacation|holiday|time off|pto|sick|sick day|day off|days off|leave|emergency contact|next of kin|ssn|social security',
    [OUT('unrecorded')],
  ],
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

/** A phrase of the vocabulary found in the question: its tags, where it starts, how many tokens. */
export interface Found {
  tag: Tag;
  at: number;
  length: number;
}

/** The vocabulary's phrases over the tokens not yet used, longest first; `unknown` are the other content words. */
export function matchPhrases(stems: readonly string[], taken: readonly boolean[]): { found: Found[]; unknown: number[] } {
  const used = [...taken];
  const found: Found[] = [];
  const unknown: number[] = [];
  for (let i = 0; i < stems.length; i += 1) {
    if (used[i]) continue;
    const entry = (PHRASE_INDEX.get(stems[i] ?? '') ?? []).find((e) => e.words.every((w, k) => !used[i + k] && stems[i + k] === w));
    if (!entry) {
      if (!STOP_WORDS.has(stems[i] ?? '')) unknown.push(i);
      continue;
    }
    for (const tag of entry.tags) found.push({ tag, at: i, length: entry.words.length });
    for (let k = 0; k < entry.words.length; k += 1) used[i + k] = true;
    i += entry.words.length - 1;
  }
  return { found, unknown };
}
