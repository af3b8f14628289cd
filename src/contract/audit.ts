/**
 * The activity trail, an extension of SPEC §7: every administrator change, recorded by
 * the API in the same transaction as the change, and read with `GET /api/audit` (README).
 *
 * An entry says who made the change (`actor`), what it was (`kind`), which member it was about
 * (`member`), the values before and after, and when. The names and emails are as they were at the
 * change: an entry reads the same after the member or the administrator is renamed or removed.
 *
 * `before` and `after` hold only the fields that changed, or that describe what was created or
 * removed, and never a secret (no token, no card number, no password). Field names by kind:
 * - member.created, member.invited: `after` { name, email, phoneNumber, role, hasLicense, isActive };
 * - member.deleted: `before`, the same fields (the member goes to Recently deleted);
 * - member.restored: `after`, the same fields (back from Recently deleted);
 * - member.purged: `before`, the same fields and `deletedAt`; the actor is the clean-up job
 *   (`PURGE_ACTOR`), which removes a member for good 30 days after their deletion;
 * - member.edited, members.bulk: the changed ones among them, in both (one bulk entry per member
 *   the bulk update changed);
 * - member.license: { hasLicense }; member.status: { isActive };
 * - subscription.plan_changed, subscription.canceled, subscription.reactivated: { planType, status,
 *   cancelAtPeriodEnd } (`before` null when the member had no subscription), and `after.reason`
 *   when a cancellation gave one;
 * - payment_method.page_opened: `after` { expiresAt }, when the hosted link stops working (none
 *   for Stripe's Billing Portal, whose sessions Stripe ends);
 * - subscription.change_scheduled: { scheduledPlanType, scheduledChangeAt } (`after` null values when
 *   a scheduled change was withdrawn);
 * - payment_method.added: `after` { brand, last4, expMonth, expYear, isDefault };
 *   payment_method.default_changed: { card } ("VISA •••• 4242"), the default before and after;
 * - member.invitation_resent: { invitedAt, invitationExpiresAt } of the invitation before and after;
 * - member.invitation_revoked: `before` { name, email, phoneNumber, role, hasLicense, isActive }.
 */
import * as v from 'valibot';
import { LIMITS, hasControlCharacters, hasLoneSurrogate, tooLongMessage } from '../domain/limits';
import { ListUsersQuerySchema, TimeZoneSchema } from './api';

/**
 * What can be recorded, in the order the console lists them.
 * - member.created: POST /api/users; member.invited: POST /api/users/invite (once the member's
 *   sign-in account exists); member.edited: PUT /api/users/{id}; member.deleted: DELETE;
 *   member.restored: POST /api/users/{id}/restore; member.purged: removed for good by the clean-up job;
 * - member.license, member.status: the toggle paths; members.bulk: PATCH /api/users/bulk;
 * - subscription.plan_changed: a plan started or changed (update-subscription, or
 *   complete-subscription after a payment setup); subscription.canceled: cancelled now or at the
 *   period's end; subscription.reactivated: a scheduled cancellation withdrawn;
 * - payment_method.page_opened: update-payment-method gave out a link to the hosted card page;
 * - subscription.change_scheduled: a plan change set for the period's end (a downgrade), or withdrawn;
 * - payment_method.added, payment_method.default_changed: a card added, or made the default, on the
 *   hosted payment-method page (the actor is the administrator who opened it);
 * - member.invitation_resent: POST /api/users/{id}/invitation/resend (a new temporary password sent);
 *   member.invitation_revoked: DELETE /api/users/{id}/invitation (the member and their account removed).
 */
export const AUDIT_KINDS = [
  'member.created',
  'member.invited',
  'member.invitation_resent',
  'member.invitation_revoked',
  'member.edited',
  'member.deleted',
  'member.restored',
  'member.purged',
  'member.license',
  'member.status',
  'members.bulk',
  'subscription.plan_changed',
  'subscription.canceled',
  'subscription.reactivated',
  'subscription.change_scheduled',
  'payment_method.page_opened',
  'payment_method.added',
  'payment_method.default_changed',
] as const;
const AuditKindSchema = v.picklist(AUDIT_KINDS, `kind must be one of ${AUDIT_KINDS.join(', ')}`);
export type AuditKind = v.InferOutput<typeof AuditKindSchema>;

const AuditValueSchema = v.union([v.string(), v.number(), v.boolean(), v.null()]);
/** Field name to value, e.g. `{ "role": "Supervisor" }` (see the list above). */
const AuditValuesSchema = v.record(v.string(), AuditValueSchema);
export type AuditValues = v.InferOutput<typeof AuditValuesSchema>;

/** Who "made" a purge: nobody, the clean-up job that removes members 30 days after their deletion. */
export const PURGE_ACTOR = { memberId: 'hardline:clean-up', name: 'Automatic clean-up', email: '' } as const;

const PersonSchema = v.object({ memberId: v.string(), name: v.string(), email: v.string() });

const AuditEntrySchema = v.object({
  id: v.string(),
  kind: AuditKindSchema,
  createdAt: v.pipe(v.string(), v.isoTimestamp('must be an ISO timestamp')),
  /** The administrator who made the change. */
  actor: PersonSchema,
  /** The member the change was about (who may since have been removed). */
  member: PersonSchema,
  before: v.nullable(AuditValuesSchema),
  after: v.nullable(AuditValuesSchema),
});
export type AuditEntry = v.InferOutput<typeof AuditEntrySchema>;

/** An id in the query (`memberId`, `actorId`), bounded and clean like every id of the contract. */
function idQuery(name: string) {
  return v.pipe(
    v.string(`${name} must be text`),
    v.minLength(1, `${name} must not be empty`),
    v.maxLength(LIMITS.id, tooLongMessage(name, LIMITS.id)),
    v.check((id) => !hasControlCharacters(id) && !hasLoneSurrogate(id), `${name} must be plain text`),
  );
}

/** A member id the API accepts in the query (the console checks a `?member=` of the URL with it). */
export const MemberIdQuery = idQuery('memberId');

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
function dayQuery(name: string) {
  return v.pipe(
    v.string(`${name} must be a date`),
    v.isoDate(`${name} must be a date (YYYY-MM-DD)`),
    v.check(isCalendarDay, `${name} must be a date that exists (YYYY-MM-DD)`),
  );
}

/** True for a YYYY-MM-DD that names a real day. */
export function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** The API's 400 message when the range runs backwards. */
export const DATE_RANGE_BACKWARDS = 'to must be the same day as from or later';

/**
 * The filters of the trail, shared by GET /api/audit and POST /api/audit/export (all optional, all
 * combined with AND): `memberId` (the member the change was about), `actorId` (who made it), `kind`,
 * and `from` / `to`, calendar days (both included) in `timeZone`, the administrator's IANA zone (UTC
 * when absent), as the console sends it with the assistant's questions.
 */
const auditFilterEntries = {
  memberId: v.optional(MemberIdQuery),
  actorId: v.optional(idQuery('actorId')),
  kind: v.optional(AuditKindSchema),
  from: v.optional(dayQuery('from')),
  to: v.optional(dayQuery('to')),
  timeZone: v.optional(TimeZoneSchema),
};

/** `to` before `from` is refused (400, naming `to`). */
const inOrder = ({ from, to }: { from?: string; to?: string }) => from === undefined || to === undefined || from <= to;

/**
 * GET /api/audit query: paged like GET /api/users (`page` from 1, `limit` 1–100, default 25),
 * newest first, filtered (above). Query values are strings.
 */
export const AuditQuerySchema = v.pipe(
  v.object({
    page: ListUsersQuerySchema.entries.page,
    limit: ListUsersQuerySchema.entries.limit,
    ...auditFilterEntries,
  }),
  v.forward(v.partialCheck([['from'], ['to']], inOrder, DATE_RANGE_BACKWARDS), ['to']),
);

/** What the filters of the trail select (the console's shape, before they become query strings). */
export interface AuditFilters {
  readonly memberId?: string;
  readonly actorId?: string;
  readonly kind?: AuditKind;
  /** First day, YYYY-MM-DD, in `timeZone`. */
  readonly from?: string;
  /** Last day (included), YYYY-MM-DD, in `timeZone`. */
  readonly to?: string;
  readonly timeZone?: string;
}

/** What the console asks for (numbers, before they become query strings). */
export interface AuditQuery extends AuditFilters {
  readonly page?: number;
  /** Entries a page (default 25, at most LIMITS.pageSize). */
  readonly limit?: number;
}

/** POST /api/audit/export: the trail's filters, and the console's date for the file name. */
export const ExportActivityRequestSchema = v.pipe(
  v.object({
    ...auditFilterEntries,
    today: v.optional(v.pipe(v.string('today must be a date'), v.isoDate('today must be a date (YYYY-MM-DD)'))),
  }),
  v.forward(v.partialCheck([['from'], ['to']], inOrder, DATE_RANGE_BACKWARDS), ['to']),
);
export type ExportActivityRequest = v.InferOutput<typeof ExportActivityRequestSchema>;

export const ExportActivityResponseSchema = v.object({
  /** Path on the API's origin; valid once, for a minute, without a bearer token. */
  url: v.pipe(v.string(), v.startsWith('/exports/activity/')),
  fileName: v.string(),
});

export const AuditListResponseSchema = v.object({
  entries: v.array(AuditEntrySchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type AuditListResponse = v.InferOutput<typeof AuditListResponseSchema>;
