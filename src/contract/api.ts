/**
 * The contract of the product API (SPEC §3 and §7), as valibot schemas.
 *
 * The console parses every JSON response with these; the reference API in server/ validates its
 * request bodies with the request schemas below and answers in the response shapes, so the two
 * sides cannot drift apart silently. Response objects are not strict: fields the console does not
 * show (SPEC "other fields are not shown") are accepted and dropped.
 */
import * as v from 'valibot';
import {
  LIMITS,
  hasControlCharacters,
  hasInvisibleFormatting,
  hasLoneSurrogate,
  invisibleFormattingMessage,
  tooLongMessage,
} from '../domain/limits';
import { formatCount } from '../domain/intl';

// ---------------------------------------------------------------------------------------------
// Shared values
// ---------------------------------------------------------------------------------------------

export const ROLES = ['Field Worker', 'Supervisor', 'Project Manager', 'Admin'] as const;
export const RoleSchema = v.picklist(ROLES);
export type Role = v.InferOutput<typeof RoleSchema>;

/** The plan ids (SPEC §3 Plan types); each plan's name, price and features are in src/domain/plans.ts. */
export const PLAN_TYPES = ['lite', 'pro'] as const;
export const PlanTypeSchema = v.picklist(PLAN_TYPES);
export type PlanType = v.InferOutput<typeof PlanTypeSchema>;

/** Access levels of a member (SPEC §3, §6: pro, lite, trial, free). */
const ACCESS_LEVELS = ['pro', 'lite', 'trial', 'free'] as const;
const AccessLevelSchema = v.picklist(ACCESS_LEVELS);
export type AccessLevel = v.InferOutput<typeof AccessLevelSchema>;

export const IsoDate = v.pipe(v.string(), v.isoTimestamp('must be an ISO timestamp'));
export const Count = v.pipe(v.number(), v.integer(), v.minValue(0));
const Cents = v.pipe(v.number(), v.integer());

// Request text: every string a request carries is bounded (LIMITS), free of control characters
// (PostgreSQL cannot store NUL; none belongs in a name, an id or a search) and well-formed Unicode.
// Messages start with the field's name, so the API's 400 names the field.

/** No control characters (tab and line breaks allowed in `multiline` text), no lone surrogates. */
export function cleanText(field: string, { multiline = false }: { multiline?: boolean } = {}) {
  return v.rawCheck<string>(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    if (hasControlCharacters(dataset.value, { allowLineBreaks: multiline }))
      addIssue({ message: `${field} must not contain control characters` });
    else if (hasLoneSurrogate(dataset.value)) addIssue({ message: `${field} must be valid Unicode text` });
  });
}

/** A person's or an organisation's name: nothing invisible that changes how it reads (src/domain/limits.ts). */
function visibleName(field: string) {
  return v.check<string, string>((text) => !hasInvisibleFormatting(text), invisibleFormattingMessage(field));
}

export function atMost(field: string, max: number) {
  return v.maxLength<string, number, string>(max, tooLongMessage(field, max));
}

/** A required id (a member id, the user pool's sub, a provider-style id). */
function Id(field: string) {
  return v.pipe(v.string(`${field} must be text`), v.minLength(1, `${field} is required`), atMost(field, LIMITS.id), cleanText(field));
}

/** A path id (`/api/users/{id}`), validated like a body field. */
export const IdParamSchema = v.object({ id: Id('id') });

/** A positive whole number from a query string ('1'..'max'); '1e300', '2.5' or '0x10' are refused. */
function QueryInteger(field: string, max: number) {
  const message = `${field} must be a whole number from 1 to ${max}`;
  return v.pipe(v.string(message), v.regex(/^\d{1,9}$/, message), v.transform(Number), v.minValue(1, message), v.maxValue(max, message));
}

/** The body of every error answer of the API. */
export const ApiErrorBodySchema = v.object({
  message: v.string(),
  field: v.optional(v.string()),
});

export const MessageResponseSchema = v.object({ message: v.string() });

// ---------------------------------------------------------------------------------------------
// Identity-adjacent: signup completion, activation, who am I
// ---------------------------------------------------------------------------------------------

/** POST /api/complete-signup body (SPEC §3 signup-completion payload). */
export const CompleteSignupRequestSchema = v.object({
  fullName: v.pipe(
    v.string('fullName must be text'),
    v.trim(),
    v.minLength(1, 'fullName is required'),
    atMost('fullName', LIMITS.name),
    cleanText('fullName'),
    visibleName('fullName'),
  ),
  email: v.pipe(v.string('email must be text'), v.trim(), atMost('email', LIMITS.email), v.email('email must be a valid email address')),
  phoneNumber: v.pipe(
    v.string('phoneNumber must be text'),
    atMost('phoneNumber', LIMITS.phone),
    v.regex(/^\+[1-9]\d{1,14}$/, 'phoneNumber must be in E.164 form'),
  ),
  organization: v.pipe(
    v.string('organization must be text'),
    v.trim(),
    v.minLength(1, 'organization is required'),
    atMost('organization', LIMITS.organization),
    cleanText('organization'),
    visibleName('organization'),
  ),
  cognitoUserId: Id('cognitoUserId'),
});
export type CompleteSignupRequest = v.InferOutput<typeof CompleteSignupRequestSchema>;

export const CompleteSignupResponseSchema = v.object({
  organizationId: v.string(),
  devicePhoneNumber: v.string(),
  message: v.string(),
});
export type CompleteSignupResponse = v.InferOutput<typeof CompleteSignupResponseSchema>;

/**
 * GET /api/me — an extension of SPEC §7: the caller's membership, so the console can tell an
 * administrator from a member before it loads any admin data. 404 when the caller has no
 * membership yet (signup completion not done).
 */
export const MeResponseSchema = v.object({
  memberId: v.string(),
  name: v.string(),
  email: v.string(),
  role: RoleSchema,
  isAdmin: v.boolean(),
  /** False for a member who is pending or was deactivated: `isAdmin` is then false whatever the role. */
  isActive: v.boolean(),
  organization: v.object({ id: v.string(), name: v.string() }),
});
export type MeResponse = v.InferOutput<typeof MeResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Users
// ---------------------------------------------------------------------------------------------

/**
 * An extension of SPEC §3 (docs/USERS.md "Invitations"): the invitation of a member who was invited
 * (POST /api/users/invite) and has never signed in. `sentAt` is when it was sent (or last resent),
 * `expiresAt` when its temporary password stops working (the user pool's temporary-password
 * validity after `sentAt`), and `state` whether that moment has passed ('expired', by the API's
 * clock when it answered) or not ('open'). Null, or absent, for every other member.
 */
const InvitationSchema = v.object({
  sentAt: IsoDate,
  expiresAt: IsoDate,
  state: v.picklist(['open', 'expired']),
});
export type Invitation = v.InferOutput<typeof InvitationSchema>;

const UserSchema = v.object({
  userId: v.string(),
  name: v.string(),
  email: v.string(),
  phoneNumber: v.string(),
  role: RoleSchema,
  hasLicense: v.boolean(),
  isActive: v.boolean(),
  createdAt: IsoDate,
  devicePhoneNumber: v.nullable(v.string()),
  lastActiveAt: v.nullable(IsoDate),
  /** An extension of SPEC §3: 1 when created, incremented by every change (see PUT's `version`). */
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  invitation: v.optional(v.nullable(InvitationSchema)),
  /**
   * Recently deleted members only (GET /api/users?status=deleted, docs/USERS.md): when they were
   * deleted, and when they will be removed for good unless restored (30 days later).
   */
  deletedAt: v.optional(IsoDate),
  purgeAt: v.optional(IsoDate),
});
export type User = v.InferOutput<typeof UserSchema>;

/** 'deleted' is Recently deleted: the members deleted in the last 30 days, who can be restored. */
export const USER_STATUS_FILTERS = ['all', 'active', 'pending', 'deleted'] as const;
export type UserStatusFilter = (typeof USER_STATUS_FILTERS)[number];
export type UserRoleFilter = 'all' | Role;

/** GET /api/users query. `role` and `status` are omitted when 'all'. */
/** The members list's sort keys (GET /api/users?sort=name, sort=-name for the other way). */
export const USER_SORT_KEYS = ['name', 'email', 'role', 'created', 'lastActive'] as const;
export type UserSortKey = (typeof USER_SORT_KEYS)[number];
export type UserSort = UserSortKey | `-${UserSortKey}`;
/** Newest first: the list's order when no sort is asked for (the API's default and the console's). */
export const DEFAULT_USER_SORT: UserSort = '-created';
export const USER_SORTS: readonly UserSort[] = USER_SORT_KEYS.flatMap((key): UserSort[] => [key, `-${key}`]);

export const ListUsersQuerySchema = v.object({
  page: v.optional(QueryInteger('page', LIMITS.page), '1'),
  limit: v.optional(QueryInteger('limit', LIMITS.pageSize), '25'),
  search: v.optional(v.pipe(v.string('search must be text'), atMost('search', LIMITS.search), cleanText('search'))),
  role: v.optional(v.picklist(ROLES, 'role must be one of Field Worker, Supervisor, Project Manager, Admin')),
  status: v.optional(v.picklist(['active', 'pending', 'deleted'], 'status must be active, pending or deleted')),
  sort: v.optional(v.picklist(USER_SORTS, `sort must be one of ${USER_SORTS.join(', ')}`)),
});

/**
 * POST /api/users/export (an extension of SPEC §7, README): a one-time download link for the
 * members the list's filters and sort select, every page. `today` is the console's local date
 * (YYYY-MM-DD), used in the file's name.
 */
export const ExportMembersRequestSchema = v.object({
  search: ListUsersQuerySchema.entries.search,
  role: ListUsersQuerySchema.entries.role,
  status: ListUsersQuerySchema.entries.status,
  sort: ListUsersQuerySchema.entries.sort,
  today: v.optional(v.pipe(v.string('today must be a date'), v.isoDate('today must be a date (YYYY-MM-DD)'))),
});
export type ExportMembersRequest = v.InferOutput<typeof ExportMembersRequestSchema>;

export const ExportMembersResponseSchema = v.object({
  /** Path on the API's origin; valid once, for a minute, without a bearer token. */
  url: v.pipe(v.string(), v.startsWith('/exports/members/')),
  fileName: v.string(),
});
export type ExportMembersResponse = v.InferOutput<typeof ExportMembersResponseSchema>;

/** Paging defaults, documented in the README: page 1, 25 rows, at most 100 rows a page. */
export const DEFAULT_PAGE_SIZE = 25;

export const UserListResponseSchema = v.object({
  users: v.array(UserSchema),
  total: Count,
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type UserListResponse = v.InferOutput<typeof UserListResponseSchema>;

export const UserStatsSchema = v.object({
  total: Count,
  active: Count,
  pending: Count,
  licensed: Count,
});
export type UserStats = v.InferOutput<typeof UserStatsSchema>;

/** GET/PUT /api/users/{id}, POST /api/users, PATCH toggles, POST /api/users/invite. */
export const UserResponseSchema = v.object({ user: UserSchema });

const NameField = v.pipe(
  v.string('name must be text'),
  v.trim(),
  v.minLength(1, 'name is required'),
  atMost('name', LIMITS.name),
  cleanText('name'),
  visibleName('name'),
);
const EmailField = v.pipe(
  v.string('email must be text'),
  v.trim(),
  v.toLowerCase(),
  atMost('email', LIMITS.email),
  v.email('email must be a valid email address'),
);
const PhoneField = v.pipe(
  v.string('phoneNumber must be text'),
  atMost('phoneNumber', LIMITS.phone),
  v.regex(/^\+[1-9]\d{1,14}$/, 'phoneNumber must be a valid phone number in E.164 form'),
);

/** POST /api/users and POST /api/users/invite body. */
export const CreateUserRequestSchema = v.object({
  name: NameField,
  email: EmailField,
  phoneNumber: PhoneField,
  role: v.optional(v.picklist(ROLES, 'role must be one of Field Worker, Supervisor, Project Manager, Admin'), 'Field Worker'),
  hasLicense: v.optional(v.boolean('hasLicense must be true or false'), false),
  isActive: v.optional(v.boolean('isActive must be true or false'), true),
});
export type CreateUserRequest = v.InferInput<typeof CreateUserRequestSchema>;

/**
 * PUT /api/users/{id} body: a subset of the editable fields, at least one. `version` (an extension
 * of SPEC §7) is the member's `version` the edit was made from: when the member has changed since,
 * the API answers 409 'This member was changed by someone else' and changes nothing.
 */
export const UpdateUserRequestSchema = v.pipe(
  v.strictObject(
    {
      name: v.optional(NameField),
      email: v.optional(EmailField),
      phoneNumber: v.optional(PhoneField),
      role: v.optional(v.picklist(ROLES, 'role must be one of Field Worker, Supervisor, Project Manager, Admin')),
      hasLicense: v.optional(v.boolean('hasLicense must be true or false')),
      isActive: v.optional(v.boolean('isActive must be true or false')),
      version: v.optional(
        v.pipe(
          v.number('version must be a whole number'),
          v.integer('version must be a whole number'),
          v.minValue(1, 'version must be at least 1'),
        ),
      ),
    },
    'updates may only contain name, email, phoneNumber, role, hasLicense, isActive, version',
  ),
  v.check((u) => Object.keys(u).some((key) => key !== 'version'), 'updates must change at least one field'),
);
export type UpdateUserRequest = v.InferInput<typeof UpdateUserRequestSchema>;

/**
 * PATCH /api/users/{id}/toggle-license body. SPEC §7 sends none, and then the licence flips. The
 * console sends the wanted value (an extension), so a retry or two administrators doing the same
 * thing cannot undo each other; setting what is already there succeeds.
 */
export const SetLicenseRequestSchema = v.strictObject(
  { hasLicense: v.optional(v.boolean('hasLicense must be true or false')) },
  'the body must be empty or { "hasLicense": true or false }',
);
export type SetLicenseRequest = v.InferInput<typeof SetLicenseRequestSchema>;

/** PATCH /api/users/{id}/toggle-status body: none (the status flips) or the wanted status, as for the licence. */
export const SetStatusRequestSchema = v.strictObject(
  { isActive: v.optional(v.boolean('isActive must be true or false')) },
  'the body must be empty or { "isActive": true or false }',
);
export type SetStatusRequest = v.InferInput<typeof SetStatusRequestSchema>;

/** PATCH /api/users/bulk body. */
export const BulkUpdateRequestSchema = v.object({
  userIds: v.pipe(
    v.array(Id('userIds'), 'userIds must be a list of ids'),
    v.minLength(1, 'userIds must name at least one user'),
    v.maxLength(LIMITS.bulkUserIds, `userIds may name at most ${formatCount(LIMITS.bulkUserIds)} users`),
  ),
  updates: v.pipe(
    v.strictObject(
      {
        role: v.optional(v.picklist(ROLES, 'role must be one of Field Worker, Supervisor, Project Manager, Admin')),
        hasLicense: v.optional(v.boolean('hasLicense must be true or false')),
        isActive: v.optional(v.boolean('isActive must be true or false')),
      },
      'updates may only contain role, hasLicense, isActive',
    ),
    v.check((u) => Object.keys(u).length > 0, 'updates must change at least one field'),
  ),
});
export type BulkUpdateRequest = v.InferInput<typeof BulkUpdateRequestSchema>;

/**
 * PATCH /api/users/bulk answer: the members the change named; `changedIds` (an extension, also
 * for a change by filter: src/contract/bulkByFilter.ts) the ids of those it changed, for Undo.
 */
export const BulkUpdateResponseSchema = v.object({ updated: Count, changedIds: v.optional(v.array(v.string())) });
export type BulkUpdateResponse = v.InferOutput<typeof BulkUpdateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Billing
// ---------------------------------------------------------------------------------------------

const TRANSACTION_TYPES = ['payment_succeeded', 'payment_failed', 'subscription_created', 'subscription_canceled'] as const;

const TransactionSchema = v.object({
  id: v.string(),
  type: v.picklist(TRANSACTION_TYPES),
  userName: v.string(),
  description: v.string(),
  amount: Cents,
  status: v.string(),
  createdAt: IsoDate,
});
export type Transaction = v.InferOutput<typeof TransactionSchema>;

export const BillingOverviewSchema = v.object({
  totalUsers: Count,
  subscribedUsers: Count,
  subscriptionBreakdown: v.object({ pro: Count, lite: Count, trial: Count, free: Count }),
  unpaidInvoices: Count,
  recentTransactions: v.array(TransactionSchema),
});
export type BillingOverview = v.InferOutput<typeof BillingOverviewSchema>;

export const UserIdRequestSchema = v.object({ userId: Id('userId') });

const SubscriptionSchema = v.object({
  planType: PlanTypeSchema,
  status: v.string(),
  currentPeriodStart: IsoDate,
  currentPeriodEnd: IsoDate,
  cancelAtPeriodEnd: v.boolean(),
  /** A plan change set for the end of the period (a downgrade), and when it happens: an extension of SPEC §3. */
  scheduledPlanType: v.optional(v.nullable(PlanTypeSchema)),
  scheduledChangeAt: v.optional(v.nullable(IsoDate)),
});
export type Subscription = v.InferOutput<typeof SubscriptionSchema>;

const PaymentMethodSchema = v.object({
  id: v.string(),
  last4: v.string(),
  brand: v.string(),
  expMonth: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  expYear: v.pipe(v.number(), v.integer()),
  isDefault: v.boolean(),
  createdAt: IsoDate,
});
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>;

const InvoiceSchema = v.object({
  id: v.string(),
  number: v.string(),
  status: v.string(),
  created: IsoDate,
  amountPaid: Cents,
  hostedInvoiceUrl: v.nullable(v.string()),
  invoicePdf: v.nullable(v.string()),
});
export type Invoice = v.InferOutput<typeof InvoiceSchema>;

export const UserBillingSchema = v.object({
  userId: v.string(),
  name: v.string(),
  email: v.string(),
  /** pro, lite or trial; anything else means free (SPEC §3): a level the console does not know reads as free. */
  accessLevel: v.pipe(
    v.string(),
    v.transform((level): AccessLevel => (v.is(AccessLevelSchema, level) ? level : 'free')),
  ),
  trialDaysRemaining: Count,
  subscription: v.nullable(SubscriptionSchema),
  paymentMethods: v.array(PaymentMethodSchema),
  recentInvoices: v.array(InvoiceSchema),
});
export type UserBilling = v.InferOutput<typeof UserBillingSchema>;

export const HostedUrlResponseSchema = v.object({ hostedUrl: v.string() });

/** Unix seconds (Stripe's `proration_date`), as the price preview gave them. */
const ProrationDate = v.pipe(
  v.number('prorationDate must be a number of seconds'),
  v.integer('prorationDate must be a whole number of seconds'),
  v.minValue(0, 'prorationDate must be a time in seconds since 1970'),
  v.maxValue(99_999_999_999, 'prorationDate must be a time in seconds since 1970'),
);

/**
 * `prorationDate` (an extension of SPEC §7): the preview's, so that an upgrade charges what the
 * preview showed. Without it the change is priced as of the moment it arrives.
 */
export const UpdateSubscriptionRequestSchema = v.object({
  planType: v.picklist(PLAN_TYPES, 'planType must be lite or pro'),
  prorationDate: v.optional(ProrationDate),
});
export type UpdateSubscriptionRequest = v.InferInput<typeof UpdateSubscriptionRequestSchema>;

/** POST /api/admin/billing/preview-subscription?userId= (an extension of SPEC §7): what choosing a plan would do. */
export const PreviewSubscriptionRequestSchema = v.object({ planType: v.picklist(PLAN_TYPES, 'planType must be lite or pro') });

/**
 * The kinds of plan change: `start` a paid subscription (charged in full now), `upgrade` (the
 * prorated difference now), `downgrade` (at the period's end, nothing now), `keep` the current plan
 * (a scheduled change withdrawn, nothing now).
 */
export const PLAN_CHANGE_KINDS = ['start', 'upgrade', 'downgrade', 'keep'] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

export const SubscriptionPreviewSchema = v.object({
  planType: PlanTypeSchema,
  kind: v.picklist(PLAN_CHANGE_KINDS),
  /** Charged when the change is confirmed, in cents. */
  amountDueToday: Cents,
  prorated: v.boolean(),
  /** The plan's monthly price afterwards, and the date it is first charged. */
  recurringAmount: Cents,
  recurringFrom: IsoDate,
  /** When the member is on the new plan. */
  effectiveAt: IsoDate,
  /** What to send back with update-subscription so that the charge is the previewed one (upgrades). */
  prorationDate: v.nullable(v.pipe(v.number(), v.integer())),
  /** The member has no card yet: confirming opens the payment step first. */
  requiresPayment: v.boolean(),
});
export type SubscriptionPreview = v.InferOutput<typeof SubscriptionPreviewSchema>;

/**
 * POST /api/admin/billing/invoice-link (an extension of SPEC §7): a fresh link to an invoice's
 * hosted page or PDF, asked for as it is opened (links expire).
 */
export const InvoiceLinkRequestSchema = v.object({
  userId: Id('userId'),
  invoiceId: Id('invoiceId'),
  format: v.picklist(['page', 'pdf'], 'format must be page or pdf'),
});
export type InvoiceLinkRequest = v.InferOutput<typeof InvoiceLinkRequestSchema>;
export const InvoiceLinkResponseSchema = v.object({ url: v.string() });
export const UpdateSubscriptionResponseSchema = v.object({
  requiresPayment: v.optional(v.boolean(), false),
  clientSecret: v.optional(v.string()),
  message: v.optional(v.string()),
});
export type UpdateSubscriptionResponse = v.InferOutput<typeof UpdateSubscriptionResponseSchema>;

export const CompleteSubscriptionRequestSchema = v.object({
  setupIntentId: Id('setupIntentId'),
  planType: v.picklist(PLAN_TYPES, 'planType must be lite or pro'),
});

export const CancelSubscriptionRequestSchema = v.object({
  userId: Id('userId'),
  cancelAtPeriodEnd: v.boolean('cancelAtPeriodEnd must be true or false'),
  reason: v.optional(
    v.pipe(v.string('reason must be text'), atMost('reason', LIMITS.cancellationReason), cleanText('reason', { multiline: true })),
  ),
});

// ---------------------------------------------------------------------------------------------
// Assistant
// ---------------------------------------------------------------------------------------------

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
