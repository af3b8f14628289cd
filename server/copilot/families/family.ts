/**
 * The shape of a family of questions about one subject (members, calls, tasks, subscriptions,
 * invoices, transactions): how the question's words fill its filters, the SQL that answers it, and
 * how its records read. One file per subject implements it; the parser, the query runner and the
 * answer composer are the same for all of them.
 */
import type { ConsoleLink, CopilotIntent, CopilotWindow, Role, Source } from '../../../src/contract/api';
import type { Markdown } from '../answer/markdown';
import type { Clock, Range } from '../time/windows';
import type { Day } from '../time/zone';
import type { Person } from '../understand/spelling';
import type { Access, Group, Status, Subject, WindowField } from '../understand/vocabulary';
import type { TallyRow } from '../../billing/tallies';

export type Filters = CopilotIntent['filters'];
export type FilterKey = keyof Filters;

/** What the question says, read from its words (understand/classify.ts): what a family fills its filters from. */
export interface Signals {
  statuses: Status[];
  roles: Role[];
  licensed?: boolean | undefined;
  access?: Access | undefined;
  plan?: 'pro' | 'lite' | undefined;
  sentiment?: Filters['sentiment'];
  outcome?: Filters['outcome'];
  unassigned: boolean;
  payments: boolean;
  /** "not" before a status or a licence ("have not been paid"). */
  negated: boolean;
  /** Which date a time window applies to, as the question says ("joined", "completed", "due"). */
  whens: WindowField[];
  /** "new" (joined, created recently). */
  isNew: boolean;
  terms: string[];
  site?: string | undefined;
  person?: Person | undefined;
  window?: CopilotWindow | undefined;
  /** Members who used the app (ever, or in the window), or not. */
  login?: boolean | undefined;
  /** Members with a card on file, or not. */
  card?: boolean | undefined;
  /** Which fact of a member a change is to ("who changed Karen's role"). */
  changed?: Filters['changed'];
  /** A first or last name several members share, asked of them all ("how many Jonathans"). */
  name?: string | undefined;
}

/** Query parameters: `add` numbers one now; `lazy` numbers it only if the final text uses it (PostgreSQL refuses an unused one). */
export interface Params {
  add(value: unknown): string;
  lazy(value: unknown): string;
}

/** Where and when the question is answered: the clock, the zone's today, the window's range. */
export interface SqlContext {
  clock: Clock;
  today: Day;
  range: Range | null;
}

export interface SubjectSql {
  from: string;
  /**
   * The subject's table alone, and the alias of what `from` joins to it: a count whose filters and
   * grouping never name that alias reads the table alone (each join is to one row at most, so the
   * count is the same), instead of joining every member of the organisation to it.
   */
  bare?: { from: string; joined: string };
  where: string[];
  /** The column a sum / average / longest reads. */
  amount: string;
  order: string;
  select: string;
  group: Partial<Record<Group, { key: string; label: string }>>;
}

/** How the tallies the database keeps (billing/tallies.ts) answer a count: which rows, grouped how. */
export interface TallyPlan {
  predicate: (r: TallyRow) => boolean;
  group?: (r: TallyRow) => string;
}

/** A record of an answer: shown in its text and cited as a source. */
export interface RecordRow {
  id: string;
  [column: string]: unknown;
}

/** The noun phrase of an intent: "licensed field workers who joined this month". */
export interface Phrase {
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

export interface Family {
  subject: Subject;
  /** Filters this subject can apply (a follow-up to another subject keeps only these). */
  applies: ReadonlySet<FilterKey>;
  groups: ReadonlySet<Group>;
  /** Dates a window can apply to besides the default one (`joined`: created, started, issued). */
  windowFields: ReadonlySet<WindowField>;
  /** The status a status word means for this subject, if any ("late" tasks are overdue, "late" invoices unpaid). */
  status(word: Status): Status | undefined;
  /** Fills the subject's own filters from the question (status, role, site, person... are filled by the parser). */
  fill(signals: Signals, filters: Filters): void;
  /** Defaults the subject applies once the intent is complete (subscriptions are the live ones unless a status says otherwise). */
  settle?(intent: CopilotIntent): void;
  /** Which date a window applies to, as the question says. */
  windowField(signals: Signals, filters: Filters): WindowField | undefined;
  /** The date column a window filters ('date' for a calendar-day column); null when the family's SQL filters the window itself. */
  windowColumn(intent: CopilotIntent): { column: string; date?: boolean } | null;
  sql(intent: CopilotIntent, p: Params, ctx: SqlContext): SubjectSql;
  /** Counts from the tallies, when the filters are ones they keep. */
  tally?(intent: CopilotIntent, filters: Filters): TallyPlan | null;
  phrase(intent: CopilotIntent, range: Range | null): Phrase;
  line(intent: CopilotIntent, r: RecordRow, clock: Clock): Markdown;
  source(r: RecordRow, clock: Clock): Source;
  /** The sentence for the newest (or largest) record, with the phrase's post and window. */
  first(intent: CopilotIntent, r: RecordRow, phrase: Phrase, clock: Clock): Markdown;
  /** Where the console lists the same rows (User Management with filters, a billing page). */
  listLink?(intent: CopilotIntent): { link: ConsoleLink; title: string } | null;
  /** Where to find the rest of a long list, in words. */
  rest(intent: CopilotIntent, rest: number): Markdown;
}

/** The value of a column as text ('' when absent). */
export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
export const num = (v: unknown): number => Number(v ?? 0);

/** SQL for a column's calendar day in the administrator's zone, "YYYY-MM-DD". */
export const dayOf = (column: string, p: Params, zone: string): string =>
  `to_char((${column} AT TIME ZONE ${p.lazy(zone)})::date, 'YYYY-MM-DD')`;

const ROLE_NOUN: Record<string, [string, string]> = {
  'Field Worker': ['field worker', 'field workers'],
  Supervisor: ['supervisor', 'supervisors'],
  'Project Manager': ['project manager', 'project managers'],
  Admin: ['admin', 'admins'],
};

export const PLAN_NAME: Record<string, string> = { pro: 'Pro', lite: 'Lite', trial: 'Trial', free: 'Free' };

export const STATUS_LABEL: Record<string, string> = {
  active: 'Active',
  pending: 'Pending',
  open: 'Open',
  done: 'Done',
  overdue: 'Overdue',
  trialing: 'Trialing',
  past_due: 'Past due',
  canceled: 'Canceled',
  paid: 'Paid',
  unpaid: 'Unpaid',
  uncollectible: 'Uncollectible',
  void: 'Void',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

export function roleOf(intent: CopilotIntent): [string, string] | null {
  return intent.filters.role ? (ROLE_NOUN[intent.filters.role] ?? null) : null;
}
