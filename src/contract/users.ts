/** The contract of User Management's calls (SPEC §7 /api/users…, and the extensions in docs/API.md). */
import * as v from 'valibot';
import { LIMITS } from '../domain/limits';
import { formatCount } from '../domain/intl';
import { Count, Id, IsoDate, QueryInteger, ROLES, type Role, RoleSchema, atMost, cleanText, visibleName } from './shared';

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
