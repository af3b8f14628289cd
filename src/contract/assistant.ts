/** The contract of the Assistant's call (SPEC §7 POST /api/copilot/ask, and the extensions in docs/ASSISTANT.md). */
import * as v from 'valibot';
import { LIMITS } from '../domain/limits';
import { AccessLevelSchema, Id, PlanTypeSchema, RoleSchema, atMost, cleanText } from './shared';
import { TRANSACTION_TYPES } from './billing';

/**
 * What a question was understood as (an extension of SPEC §7): the reference API answers with the
 * intent it computed, and the console sends the previous turn's intent back with the next question
 * (`previousIntent`), so a follow-up ("which of them are supervisors?", "and last week?") refines it.
 * The console keeps it as it came and never builds one; the API validates it like any other input.
 * The descriptions are read by a language model too (server/copilot/model: the tool's JSON schema
 * is generated from these schemas).
 */
const COPILOT_SUBJECTS = ['members', 'calls', 'tasks', 'subscriptions', 'invoices', 'transactions', 'changes'] as const;
const COPILOT_MEASURES = ['count', 'list', 'total', 'average', 'longest', 'latest', 'earliest'] as const;
const COPILOT_GROUPS = ['role', 'site', 'person', 'day', 'plan', 'status'] as const;
/** Statuses across the subjects: members active/pending; tasks open/done/overdue; subscriptions active/trialing/past_due/canceled/cancelling/live; invoices paid/open/unpaid/uncollectible/void; transactions succeeded/failed/pending. */
const COPILOT_STATUSES = [
  'active',
  'pending',
  'open',
  'done',
  'overdue',
  'trialing',
  'past_due',
  'canceled',
  'cancelling',
  'live',
  'paid',
  'unpaid',
  'uncollectible',
  'void',
  'succeeded',
  'failed',
] as const;
const COPILOT_WINDOWS = [
  'today',
  'yesterday',
  'tomorrow',
  'this_week',
  'last_week',
  'next_week',
  'this_month',
  'last_month',
  'this_year',
  'last_days',
  'next_days',
  'since',
  'month',
] as const;
/** Which date a time window applies to (each subject has a default: joined, started, created). */
const COPILOT_WINDOW_FIELDS = ['joined', 'active', 'completed', 'due', 'canceled', 'trialEnd'] as const;
/** Facts of a member an answer can state (a question such as "what's Sofia's number"). */
export const MEMBER_FIELDS = [
  'phone',
  'email',
  'role',
  'status',
  'license',
  'plan',
  'trialEnd',
  'joined',
  'lastActive',
  'calls',
  'tasks',
  'card',
] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

const intentText = (field: string, max: number) =>
  v.pipe(v.string(`${field} must be text`), v.minLength(1, `${field} is required`), atMost(field, max), cleanText(field));

/** A calendar date, YYYY-MM-DD, that exists (2025-13-01 and 2025-02-30 do not). */
const CalendarDate = v.pipe(
  v.string('window.date must be text'),
  v.regex(/^\d{4}-\d{2}-\d{2}$/, 'window.date must be YYYY-MM-DD'),
  v.check((day) => {
    const date = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
  }, 'window.date must be a real calendar date'),
);

export const CopilotWindowSchema = v.object({
  kind: v.pipe(
    v.picklist(COPILOT_WINDOWS, 'not a known time window'),
    v.description("A period, relative to today in the administrator's time zone; weeks start on Monday."),
  ),
  /** last_days / next_days: how many days. */
  days: v.optional(
    v.pipe(
      v.number(),
      v.integer(),
      v.minValue(1),
      v.maxValue(3660),
      v.description('last_days / next_days: how many days, today included.'),
    ),
  ),
  /** since / month: a calendar date (YYYY-MM-DD; the first of the month for `month`). */
  date: v.optional(v.pipe(CalendarDate, v.description('since: the first day; month: the first day of that month (YYYY-MM-DD).'))),
  field: v.optional(
    v.pipe(
      v.picklist(COPILOT_WINDOW_FIELDS),
      v.description(
        'Which date the period applies to (members: joined, active or trialEnd; tasks: joined = created, completed or due; subscriptions: canceled).',
      ),
    ),
  ),
});
export type CopilotWindow = v.InferOutput<typeof CopilotWindowSchema>;

/** The filters of an intent, each optional; `person` is named by the API from its ids. */
export const CopilotFiltersSchema = v.object({
  status: v.optional(v.pipe(v.picklist(COPILOT_STATUSES), v.description('A status of the subject (unpaid = open or uncollectible).'))),
  role: v.optional(RoleSchema),
  licensed: v.optional(v.pipe(v.boolean(), v.description('Members holding a licence (a seat), or not.'))),
  access: v.optional(
    v.pipe(AccessLevelSchema, v.description('Members by access level, as Billing Overview counts them: pro, lite, trial or free.')),
  ),
  plan: v.optional(v.pipe(PlanTypeSchema, v.description('Subscriptions and invoices of one plan.'))),
  site: v.optional(v.pipe(intentText('site', LIMITS.site), v.description('A job site, as the calls name it.'))),
  /** Members whose first or last name is this ("how many Jonathans", "everyone named Sullivan"). */
  name: v.optional(v.pipe(intentText('name', LIMITS.name), v.description('Members whose first or last name is this word.'))),
  /** Members who have (true) or have not (false) used the app: ever, or within the window (whose field is then `active`). */
  loggedIn: v.optional(
    v.pipe(v.boolean(), v.description('Members who have (true) or have never (false) used the app, or not within the window.')),
  ),
  /** Changes (the activity trail) to this fact of a member. */
  changed: v.optional(
    v.pipe(
      v.picklist(['role', 'license', 'status', 'plan', 'name', 'email', 'phone']),
      v.description('Changes only: which fact of the member changed.'),
    ),
  ),
  /** Members with a payment method on file. */
  hasCard: v.optional(v.pipe(v.boolean(), v.description('Members with (or without) a card on file.'))),
  /** Members with this name (several when the name is shared), re-read by the API within the caller's organisation. */
  person: v.optional(
    v.object({ ids: v.pipe(v.array(Id('person id')), v.minLength(1), v.maxLength(10)), name: intentText('person name', LIMITS.name) }),
  ),
  window: v.optional(CopilotWindowSchema),
  sentiment: v.optional(v.picklist(['positive', 'neutral', 'negative'])),
  outcome: v.optional(v.picklist(['resolved', 'follow_up', 'escalated'])),
  unassigned: v.optional(v.pipe(v.boolean(), v.description('Tasks nobody is assigned to.'))),
  /** A transaction type, or `payment` (a payment that succeeded or failed). */
  type: v.optional(v.picklist([...TRANSACTION_TYPES, 'payment'])),
  /** Words searched in call summaries and task titles. */
  terms: v.optional(
    v.pipe(
      v.array(intentText('term', LIMITS.searchTerm)),
      v.maxLength(12),
      v.description('Words searched in call summaries and task titles.'),
    ),
  ),
});

const copilotIntentEntries = {
  subject: v.pipe(
    v.picklist(COPILOT_SUBJECTS, 'not a known subject'),
    v.description("What the question is about (changes: the activity trail of administrators' changes to members and billing)."),
  ),
  measure: v.pipe(
    v.picklist(COPILOT_MEASURES, 'not a known measure'),
    v.description('count, list (the records), total or average (talk time, money), longest (or largest), latest, earliest (the oldest).'),
  ),
  groupBy: v.optional(v.pipe(v.picklist(COPILOT_GROUPS), v.description('Counts per role, site, person, day, plan or status.'))),
  /** With groupBy: the group with the most (or fewest) first, named in the answer. */
  rank: v.optional(v.pipe(v.picklist(['most', 'least']), v.description('With groupBy: the group with the most (or fewest) first.'))),
  /** "the last 5 calls", "top 3 sites": how many to show (at most 10). */
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10), v.description('How many records or groups to show.'))),
  /** Members: the facts the question asks for (phone, e-mail, licence...). */
  fields: v.optional(
    v.pipe(
      v.array(v.picklist(MEMBER_FIELDS)),
      v.minLength(1),
      v.maxLength(MEMBER_FIELDS.length),
      v.description(
        'Members only: the facts asked for (phone, email, role, status, license, plan, trialEnd, joined, lastActive, calls, tasks, card).',
      ),
    ),
  ),
};

export const CopilotIntentSchema = v.object({ ...copilotIntentEntries, filters: CopilotFiltersSchema });
export type CopilotIntent = v.InferOutput<typeof CopilotIntentSchema>;

/**
 * The intent as a language model writes it (server/copilot/model): the same schema, but a person is
 * named, never identified (the API finds the members of that name in the caller's organisation).
 */
export const CopilotModelIntentSchema = v.object({
  ...copilotIntentEntries,
  filters: v.object({
    ...v.omit(CopilotFiltersSchema, ['person']).entries,
    person: v.optional(v.pipe(intentText('person name', LIMITS.name), v.description('A member, by the name the question gives.'))),
  }),
});

/** An IANA time zone ("America/Los_Angeles"), as the browser reports it; the API checks that it knows it. */
export const TimeZoneSchema = v.pipe(
  v.string('timeZone must be text'),
  v.minLength(1, 'timeZone is required'),
  atMost('timeZone', LIMITS.timeZone),
  cleanText('timeZone'),
  v.check(isKnownTimeZone, 'timeZone must be an IANA time zone such as America/Los_Angeles'),
);

/** Whether Intl knows the zone (every runtime the console and the API run on has the IANA database). */
function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const CopilotAskRequestSchema = v.object({
  query: v.pipe(
    v.string('query must be text'),
    v.trim(),
    v.minLength(1, 'query is required'),
    atMost('query', LIMITS.question),
    cleanText('query', { multiline: true }),
  ),
  isAdmin: v.boolean('isAdmin must be true or false'),
  /** The intent of the previous answer (its `intent`), for follow-up questions. */
  previousIntent: v.optional(CopilotIntentSchema),
  /** The administrator's time zone: "today", "this week" and the times in the answer are theirs (UTC when absent). */
  timeZone: v.optional(TimeZoneSchema),
});

/**
 * The console screen that shows a source's rows (an extension of SPEC §7): a member's billing page,
 * User Management with its filters, the Billing Overview, the Dashboard. The console builds the
 * address from these fields, never from text.
 */
const ConsoleLinkSchema = v.variant('to', [
  v.object({ to: v.literal('member'), id: v.pipe(v.string(), v.minLength(1)) }),
  v.object({
    to: v.literal('users'),
    search: v.optional(v.string()),
    status: v.optional(v.picklist(['active', 'pending'])),
    role: v.optional(RoleSchema),
  }),
  v.object({ to: v.literal('billing') }),
  v.object({ to: v.literal('activity'), member: v.optional(v.pipe(v.string(), v.minLength(1))) }),
  v.object({ to: v.literal('dashboard') }),
]);
export type ConsoleLink = v.InferOutput<typeof ConsoleLinkSchema>;

/** A source the answer was built from: an organisation record (user, call, task), a screen's figure or list, or a web page. */
const SourceSchema = v.object({
  id: v.string(),
  type: v.string(),
  title: v.string(),
  url: v.optional(v.string()),
  /** Where the console shows the same rows; one the console cannot read is dropped. */
  link: v.fallback(v.optional(ConsoleLinkSchema), undefined),
});
export type Source = v.InferOutput<typeof SourceSchema>;

/** `result` is text, possibly nested under a further `result` (SPEC §3). */
export const CopilotAskResponseSchema = v.object({
  result: v.union([v.string(), v.object({ result: v.string() })]),
  sources: v.optional(v.array(SourceSchema), []),
  webSearchUsed: v.optional(v.boolean(), false),
  /** What the question was understood as, when it was a question about records (see CopilotIntentSchema); one the console cannot read is dropped. */
  intent: v.fallback(v.optional(CopilotIntentSchema), undefined),
});
export type CopilotAskResponse = v.InferOutput<typeof CopilotAskResponseSchema>;
