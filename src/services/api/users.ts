/**
 * User Management's calls (SPEC §7 /api/users, and the extensions in docs/API.md and docs/USERS.md):
 * the list and its counts, a member, their changes, invitations, bulk changes and the CSV export.
 * One file per area, like the route table (src/contract/routes/users.ts); ./index.ts gathers them.
 */
import {
  type BulkUpdateRequest,
  type CreateUserRequest,
  type ExportMembersRequest,
  type SetLicenseRequest,
  type SetStatusRequest,
  type UpdateUserRequest,
  type UserRoleFilter,
  type UserSort,
  type UserStatusFilter,
} from '../../contract/api';
import type { BulkByFilterRequest } from '../../contract/bulkByFilter';
import { usersRoutes } from '../../contract/routes/users';
import type { ApiClient, CallOptions, ReadOptions } from './client';
import { routeCalls } from './routeSpec';

/**
 * A bulk status change moves a user pool account per member, one after another, before it writes
 * (docs/USERS.md "Bulk changes by filter"): up to 1,500 calls, about a minute at Cognito's pace.
 */
const BULK_UPDATE_TIMEOUT_MS = 120_000;

export interface ListUsersParams {
  readonly page?: number;
  readonly limit?: number;
  readonly search?: string;
  readonly role?: UserRoleFilter;
  readonly status?: UserStatusFilter;
  /** GET /api/users `sort` (README: an extension of SPEC §7); the API's default is '-created'. */
  readonly sort?: UserSort;
}

/** POST /api/users/export: the list's filters and sort, and the console's date for the file name. */
export interface ExportMembersParams extends Omit<ListUsersParams, 'page' | 'limit'> {
  /** The browser's local date, YYYY-MM-DD. */
  readonly today?: string;
}

/** The users calls; `baseUrl` makes the export's one-time link absolute. */
export function createUsersCalls(client: ApiClient, baseUrl: string) {
  const { send, sendOnly } = routeCalls(client);
  return {
    list: (params: ListUsersParams = {}, opts?: ReadOptions) => {
      const search = params.search?.trim();
      const searchParams = {
        page: params.page,
        limit: params.limit,
        search: search === '' ? undefined : search,
        role: params.role === 'all' ? undefined : params.role,
        status: params.status === 'all' ? undefined : params.status,
        sort: params.sort,
      };
      return send(usersRoutes.list, { searchParams }, opts);
    },
    stats: (opts?: ReadOptions) => send(usersRoutes.stats, {}, opts),
    get: async (userId: string, opts?: CallOptions) => (await send(usersRoutes.get, { params: { id: userId } }, opts)).user,
    create: async (body: CreateUserRequest, opts?: CallOptions) => (await send(usersRoutes.create, { json: body }, opts)).user,
    update: async (userId: string, body: UpdateUserRequest, opts?: CallOptions) =>
      (await send(usersRoutes.update, { params: { id: userId }, json: body }, opts)).user,
    remove: (userId: string, opts?: CallOptions): Promise<void> => sendOnly(usersRoutes.remove, { params: { id: userId } }, opts),
    /** Sends an invited member's invitation again, a new temporary password (docs/API.md): the member with its new dates. */
    resendInvitation: async (userId: string, opts?: CallOptions) =>
      (await send(usersRoutes.resendInvitation, { params: { id: userId } }, opts)).user,
    /** Revokes an invitation never accepted: the member and their sign-in account are removed (docs/API.md). */
    revokeInvitation: (userId: string, opts?: CallOptions): Promise<void> =>
      sendOnly(usersRoutes.revokeInvitation, { params: { id: userId } }, opts),
    /** Back from Recently deleted (docs/API.md, an extension of SPEC §7): the member as restored. */
    restore: async (userId: string, opts?: CallOptions) => (await send(usersRoutes.restore, { params: { id: userId } }, opts)).user,
    /** SPEC §7's toggle-license, sending the wanted value (README: an extension), so a retry cannot undo it. */
    setLicense: async (userId: string, hasLicense: boolean, opts?: CallOptions) =>
      (await send(usersRoutes.setLicense, { params: { id: userId }, json: { hasLicense } satisfies SetLicenseRequest }, opts)).user,
    /** SPEC §7's toggle-status, sending the wanted status. */
    setStatus: async (userId: string, isActive: boolean, opts?: CallOptions) =>
      (await send(usersRoutes.setStatus, { params: { id: userId }, json: { isActive } satisfies SetStatusRequest }, opts)).user,
    /** SPEC §7's bulk update by ids, or by the list's filter (an extension: src/contract/bulkByFilter.ts). */
    bulkUpdate: (body: BulkUpdateRequest | BulkByFilterRequest, opts?: CallOptions) =>
      send(usersRoutes.bulkUpdate, { json: body, timeoutMs: BULK_UPDATE_TIMEOUT_MS }, opts),
    /**
     * Members as CSV (README: an extension of SPEC §7): a one-time link, valid for a minute, to the
     * members the filters and sort select, every page. `url` comes back absolute (on the API's base
     * URL), for the browser to open without a bearer token.
     */
    export: async (params: ExportMembersParams, opts?: CallOptions): Promise<{ url: string; fileName: string }> => {
      const search = params.search?.trim();
      const body: ExportMembersRequest = {
        ...(search ? { search } : {}),
        ...(params.role && params.role !== 'all' ? { role: params.role } : {}),
        ...(params.status && params.status !== 'all' ? { status: params.status } : {}),
        ...(params.sort ? { sort: params.sort } : {}),
        ...(params.today ? { today: params.today } : {}),
      };
      const answer = await send(usersRoutes.export, { json: body }, opts);
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
    invite: async (body: CreateUserRequest, opts?: CallOptions) => (await send(usersRoutes.invite, { json: body }, opts)).user,
  };
}
