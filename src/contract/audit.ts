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
 *   payment_method.default_changed: { card } ("VISA •••• 4242"), the default before and after.
 */
import * as v from 'valibot';
import { LIMITS, hasControlCharacters, hasLoneSurrogate, tooLongMessage } from '../domain/limits';
import { ListUsersQuerySchema } from './api';

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
 *   hosted payment-method page (the actor is the administrator who opened it).
 */
export const AUDIT_KINDS = [
  'member.created',
  'member.invited',
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

/** A member id in the query, bounded and clean like every id of the contract. */
const MemberIdQuery = v.pipe(
  v.string('memberId must be text'),
  v.minLength(1, 'memberId must not be empty'),
  v.maxLength(LIMITS.id, tooLongMessage('memberId', LIMITS.id)),
  v.check((id) => !hasControlCharacters(id) && !hasLoneSurrogate(id), 'memberId must be plain text'),
);

/**
 * GET /api/audit query: paged like GET /api/users (`page` from 1, `limit` 1–100, default 25),
 * newest first; `memberId` and `kind` filter. Query values are strings.
 */
export const AuditQuerySchema = v.object({
  page: ListUsersQuerySchema.entries.page,
  limit: ListUsersQuerySchema.entries.limit,
  memberId: v.optional(MemberIdQuery),
  kind: v.optional(AuditKindSchema),
});
/** What the console asks for (numbers, before they become query strings). */
export interface AuditQuery {
  readonly page?: number;
  /** Entries a page (default 25, at most LIMITS.pageSize). */
  readonly limit?: number;
  readonly memberId?: string;
  readonly kind?: AuditKind;
}
export const AuditListResponseSchema = v.object({
  entries: v.array(AuditEntrySchema),
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(1)),
  limit: v.pipe(v.number(), v.integer(), v.minValue(1)),
});
export type AuditListResponse = v.InferOutput<typeof AuditListResponseSchema>;
