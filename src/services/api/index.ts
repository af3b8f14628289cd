/**
 * The product API (SPEC §7): one function per call, each validated with its schema from
 * ./schemas. Every function takes an optional `{ signal }` last; pass the actor's signal so that
 * leaving a state cancels the request.
 */
import * as v from 'valibot';
import { createApiClient, type ApiClientOptions, type CallOptions, type ReadOptions } from './client';
import {
  BillingOverviewSchema,
  BulkUpdateResponseSchema,
  CompleteSignupResponseSchema,
  CopilotAskResponseSchema,
  ExportMembersResponseSchema,
  HostedUrlResponseSchema,
  InvoiceLinkResponseSchema,
  MeResponseSchema,
  MessageResponseSchema,
  SubscriptionPreviewSchema,
  UpdateSubscriptionResponseSchema,
  UserBillingSchema,
  UserListResponseSchema,
  UserResponseSchema,
  UserStatsSchema,
  type BulkUpdateRequest,
  type CompleteSignupRequest,
  type CopilotIntent,
  type CreateUserRequest,
  type ExportMembersRequest,
  type InvoiceLinkRequest,
  type PlanType,
  type Source,
  type SetLicenseRequest,
  type SetStatusRequest,
  type UpdateUserRequest,
  type UserRoleFilter,
  type UserSort,
  type UserStatusFilter,
} from '../../contract/api';
import type { AuditFilters, AuditQuery } from '../../contract/audit';
import type { BulkByFilterRequest } from '../../contract/bulkByFilter';
import type { ImportRequest } from '../../contract/imports';

export type { ApiClientOptions, CallOptions, ReadOptions } from './client';
export * from './errors';

/** Sign-out waits this long for the API before it goes on (the person is signing out either way). */
const SIGN_OUT_TIMEOUT_MS = 5_000;

/** SPEC §9: the signup-completion call waits up to 30 seconds. */
const COMPLETE_SIGNUP_TIMEOUT_MS = 30_000;
/** Import CSV's dry run sends up to 2 MB and reads up to 5,000 rows. */
const IMPORT_UPLOAD_TIMEOUT_MS = 60_000;
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

/** POST /api/audit/export: the trail's filters, and the console's date for the file name. */
export interface ExportActivityParams extends AuditFilters {
  /** The browser's local date, YYYY-MM-DD. */
  readonly today?: string;
}

export interface CancelSubscriptionParams {
  readonly userId: string;
  readonly cancelAtPeriodEnd: boolean;
  readonly reason?: string;
}

export interface UpdateSubscriptionOptions extends CallOptions {
  /** The price preview's `prorationDate`: an upgrade is charged what the preview showed. */
  readonly prorationDate?: number;
}

export interface CompleteSubscriptionParams {
  readonly setupIntentId: string;
  readonly planType: PlanType;
}

export interface AssistantAnswer {
  readonly text: string;
  readonly sources: Source[];
  readonly webSearchUsed: boolean;
  /** What the API understood the question as (an extension of SPEC §7), to send back with a follow-up. */
  readonly intent?: CopilotIntent;
}

export interface AskOptions extends CallOptions {
  /** The previous answer's `intent`: the question is a follow-up to it. */
  readonly previousIntent?: CopilotIntent;
  /** The administrator's IANA time zone: "today" and the times in the answer are theirs. */
  readonly timeZone?: string;
}

/** Accepts any answer: for calls whose response the console does not read. */
const Ignored = v.unknown();

const id = (value: string) => encodeURIComponent(value);

export function createApi(options: ApiClientOptions) {
  const client = createApiClient(options);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const signalOf = (opts: CallOptions | undefined) => opts?.signal;

  const users = {
    list: (params: ListUsersParams = {}, opts?: ReadOptions) => {
      const search = params.search?.trim();
      return client.request(
        {
          operation: 'users.list',
          method: 'GET',
          path: '/api/users',
          searchParams: {
            page: params.page,
            limit: params.limit,
            search: search === '' ? undefined : search,
            role: params.role === 'all' ? undefined : params.role,
            status: params.status === 'all' ? undefined : params.status,
            sort: params.sort,
          },
          signal: signalOf(opts),
          ahead: opts?.ahead,
        },
        UserListResponseSchema,
      );
    },
    stats: (opts?: ReadOptions) =>
      client.request(
        { operation: 'users.stats', method: 'GET', path: '/api/users/stats', signal: signalOf(opts), ahead: opts?.ahead },
        UserStatsSchema,
      ),
    get: async (userId: string, opts?: CallOptions) =>
      (
        await client.request(
          { operation: 'users.get', method: 'GET', path: `/api/users/${id(userId)}`, signal: signalOf(opts) },
          UserResponseSchema,
        )
      ).user,
    create: async (body: CreateUserRequest, opts?: CallOptions) =>
      (
        await client.request(
          { operation: 'users.create', method: 'POST', path: '/api/users', json: body, signal: signalOf(opts) },
          UserResponseSchema,
        )
      ).user,
    update: async (userId: string, body: UpdateUserRequest, opts?: CallOptions) =>
      (
        await client.request(
          { operation: 'users.update', method: 'PUT', path: `/api/users/${id(userId)}`, json: body, signal: signalOf(opts) },
          UserResponseSchema,
        )
      ).user,
    remove: async (userId: string, opts?: CallOptions): Promise<void> => {
      await client.request(
        { operation: 'users.remove', method: 'DELETE', path: `/api/users/${id(userId)}`, signal: signalOf(opts) },
        Ignored,
      );
    },
    /** Sends an invited member's invitation again, a new temporary password (docs/API.md): the member with its new dates. */
    resendInvitation: async (userId: string, opts?: CallOptions) =>
      (
        await client.request(
          {
            operation: 'users.resendInvitation',
            method: 'POST',
            path: `/api/users/${id(userId)}/invitation/resend`,
            signal: signalOf(opts),
          },
          UserResponseSchema,
        )
      ).user,
    /** Revokes an invitation never accepted: the member and their sign-in account are removed (docs/API.md). */
    revokeInvitation: async (userId: string, opts?: CallOptions): Promise<void> => {
      await client.request(
        { operation: 'users.revokeInvitation', method: 'DELETE', path: `/api/users/${id(userId)}/invitation`, signal: signalOf(opts) },
        Ignored,
      );
    },
    /** Back from Recently deleted (docs/API.md, an extension of SPEC §7): the member as restored. */
    restore: async (userId: string, opts?: CallOptions) =>
      (
        await client.request(
          { operation: 'users.restore', method: 'POST', path: `/api/users/${id(userId)}/restore`, signal: signalOf(opts) },
          UserResponseSchema,
        )
      ).user,
    /** SPEC §7's toggle-license, sending the wanted value (README: an extension), so a retry cannot undo it. */
    setLicense: async (userId: string, hasLicense: boolean, opts?: CallOptions) =>
      (
        await client.request(
          {
            operation: 'users.setLicense',
            method: 'PATCH',
            path: `/api/users/${id(userId)}/toggle-license`,
            json: { hasLicense } satisfies SetLicenseRequest,
            signal: signalOf(opts),
          },
          UserResponseSchema,
        )
      ).user,
    /** SPEC §7's toggle-status, sending the wanted status. */
    setStatus: async (userId: string, isActive: boolean, opts?: CallOptions) =>
      (
        await client.request(
          {
            operation: 'users.setStatus',
            method: 'PATCH',
            path: `/api/users/${id(userId)}/toggle-status`,
            json: { isActive } satisfies SetStatusRequest,
            signal: signalOf(opts),
          },
          UserResponseSchema,
        )
      ).user,
    /** SPEC §7's bulk update by ids, or by the list's filter (an extension: src/contract/bulkByFilter.ts). */
    bulkUpdate: (body: BulkUpdateRequest | BulkByFilterRequest, opts?: CallOptions) =>
      client.request(
        {
          operation: 'users.bulkUpdate',
          method: 'PATCH',
          path: '/api/users/bulk',
          json: body,
          signal: signalOf(opts),
          timeoutMs: BULK_UPDATE_TIMEOUT_MS,
        },
        BulkUpdateResponseSchema,
      ),
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
      const answer = await client.request(
        { operation: 'users.export', method: 'POST', path: '/api/users/export', json: body, signal: signalOf(opts) },
        ExportMembersResponseSchema,
      );
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
    invite: async (body: CreateUserRequest, opts?: CallOptions) =>
      (
        await client.request(
          { operation: 'users.invite', method: 'POST', path: '/api/users/invite', json: body, signal: signalOf(opts) },
          UserResponseSchema,
        )
      ).user,
  };

  const billing = {
    overview: (opts?: ReadOptions) =>
      client.request(
        { operation: 'billing.overview', method: 'GET', path: '/api/admin/billing/overview', signal: signalOf(opts), ahead: opts?.ahead },
        BillingOverviewSchema,
      ),
    user: (userId: string, opts?: CallOptions) =>
      client.request(
        { operation: 'billing.user', method: 'POST', path: '/api/admin/billing/user', json: { userId }, signal: signalOf(opts) },
        UserBillingSchema,
      ),
    updatePaymentMethod: (userId: string, opts?: CallOptions) =>
      client.request(
        {
          operation: 'billing.updatePaymentMethod',
          method: 'POST',
          path: '/api/admin/billing/update-payment-method',
          json: { userId },
          signal: signalOf(opts),
        },
        HostedUrlResponseSchema,
      ),
    /** What choosing a plan would do, before anything is charged (an extension of SPEC §7). */
    previewSubscription: (userId: string, planType: PlanType, opts?: CallOptions) =>
      client.request(
        {
          operation: 'billing.previewSubscription',
          method: 'POST',
          path: '/api/admin/billing/preview-subscription',
          searchParams: { userId },
          json: { planType },
          signal: signalOf(opts),
        },
        SubscriptionPreviewSchema,
      ),
    updateSubscription: (userId: string, planType: PlanType, opts?: UpdateSubscriptionOptions) =>
      client.request(
        {
          operation: 'billing.updateSubscription',
          method: 'POST',
          path: '/api/admin/billing/update-subscription',
          searchParams: { userId },
          json: { planType, ...(opts?.prorationDate === undefined ? {} : { prorationDate: opts.prorationDate }) },
          signal: signalOf(opts),
        },
        UpdateSubscriptionResponseSchema,
      ),
    /** A fresh link to an invoice's hosted page or PDF, asked for as it is opened (an extension of SPEC §7). */
    invoiceLink: async (body: InvoiceLinkRequest, opts?: CallOptions): Promise<string> =>
      (
        await client.request(
          { operation: 'billing.invoiceLink', method: 'POST', path: '/api/admin/billing/invoice-link', json: body, signal: signalOf(opts) },
          InvoiceLinkResponseSchema,
        )
      ).url,
    completeSubscription: async (userId: string, body: CompleteSubscriptionParams, opts?: CallOptions): Promise<void> => {
      await client.request(
        {
          operation: 'billing.completeSubscription',
          method: 'POST',
          path: '/api/admin/billing/complete-subscription',
          searchParams: { userId },
          json: { setupIntentId: body.setupIntentId, planType: body.planType },
          signal: signalOf(opts),
        },
        Ignored,
      );
    },
    cancelSubscription: (params: CancelSubscriptionParams, opts?: CallOptions) => {
      const reason = params.reason?.trim();
      return client.request(
        {
          operation: 'billing.cancelSubscription',
          method: 'POST',
          path: '/api/admin/billing/cancel-subscription',
          json: {
            userId: params.userId,
            cancelAtPeriodEnd: params.cancelAtPeriodEnd,
            ...(reason ? { reason } : {}),
          },
          signal: signalOf(opts),
        },
        MessageResponseSchema,
      );
    },
  };

  const copilot = {
    ask: async (query: string, opts?: AskOptions): Promise<AssistantAnswer> => {
      const json = {
        query,
        isAdmin: true,
        ...(opts?.previousIntent ? { previousIntent: opts.previousIntent } : {}),
        ...(opts?.timeZone ? { timeZone: opts.timeZone } : {}),
      };
      const answer = await client.request(
        { operation: 'copilot.ask', method: 'POST', path: '/api/copilot/ask', json, signal: signalOf(opts) },
        CopilotAskResponseSchema,
      );
      return {
        text: typeof answer.result === 'string' ? answer.result : answer.result.result,
        sources: answer.sources,
        webSearchUsed: answer.webSearchUsed,
        ...(answer.intent ? { intent: answer.intent } : {}),
      };
    },
  };

  /** The schemas of Import CSV arrive with User Management's code, not with the sign-in page's. */
  const importContract = () => import('../../contract/imports');
  /** Import CSV (README, src/contract/imports.ts: an extension of SPEC §7). */
  const imports = {
    /** The dry run: the file read and checked; a job in draft. A 2 MB file may take a while to send on a site's link. */
    preview: async (body: ImportRequest, opts?: CallOptions) =>
      client.request(
        {
          operation: 'imports.preview',
          method: 'POST',
          path: '/api/users/imports',
          json: body,
          timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS,
          signal: signalOf(opts),
        },
        (await importContract()).ImportPreviewResponseSchema,
      ),
    current: async (opts?: CallOptions) =>
      (
        await client.request(
          { operation: 'imports.current', method: 'GET', path: '/api/users/imports/current', signal: signalOf(opts) },
          (await importContract()).CurrentImportResponseSchema,
        )
      ).import,
    get: async (importId: string, opts?: CallOptions) =>
      (
        await client.request(
          { operation: 'imports.get', method: 'GET', path: `/api/users/imports/${id(importId)}`, signal: signalOf(opts) },
          (await importContract()).ImportResponseSchema,
        )
      ).import,
    /** start, cancel or dismiss: the job as it is then. */
    act: async (importId: string, action: 'start' | 'cancel' | 'dismiss', opts?: CallOptions) =>
      (
        await client.request(
          { operation: `imports.${action}`, method: 'POST', path: `/api/users/imports/${id(importId)}/${action}`, signal: signalOf(opts) },
          (await importContract()).ImportResponseSchema,
        )
      ).import,
    /** A one-time link (on the API's base URL) to the rows that were not imported, as CSV. */
    failedRows: async (importId: string, today: string, opts?: CallOptions): Promise<{ url: string; fileName: string }> => {
      const answer = await client.request(
        {
          operation: 'imports.failedRows',
          method: 'POST',
          path: `/api/users/imports/${id(importId)}/failed-export`,
          json: { today },
          signal: signalOf(opts),
        },
        (await importContract()).ImportFailedExportResponseSchema,
      );
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
  };

  const audit = {
    /** The activity trail (README: GET /api/audit, an extension of SPEC §7), newest first, paged and filtered. */
    list: async (query: AuditQuery = {}, opts?: CallOptions) =>
      client.request(
        {
          operation: 'audit.list',
          method: 'GET',
          path: '/api/audit',
          searchParams: {
            page: query.page,
            limit: query.limit,
            memberId: query.memberId,
            actorId: query.actorId,
            kind: query.kind,
            from: query.from,
            to: query.to,
            // The zone the dates are days of; without dates it changes nothing, so it is left out.
            timeZone: query.from !== undefined || query.to !== undefined ? query.timeZone : undefined,
          },
          signal: signalOf(opts),
        },
        // The schema arrives with the Activity screen's code, not with the sign-in page's.
        (await import('../../contract/audit')).AuditListResponseSchema,
      ),
    /**
     * The filtered activity as CSV (POST /api/audit/export): a one-time link, valid for a minute,
     * to every entry the filters select. `url` comes back absolute, for the browser to open.
     */
    export: async (filters: ExportActivityParams, opts?: CallOptions): Promise<{ url: string; fileName: string }> => {
      const answer = await client.request(
        { operation: 'audit.export', method: 'POST', path: '/api/audit/export', json: filters, signal: signalOf(opts) },
        (await import('../../contract/audit')).ExportActivityResponseSchema,
      );
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
  };

  return {
    completeSignup: (body: CompleteSignupRequest, opts?: CallOptions) =>
      client.request(
        {
          operation: 'completeSignup',
          method: 'POST',
          path: '/api/complete-signup',
          json: body,
          timeoutMs: COMPLETE_SIGNUP_TIMEOUT_MS,
          signal: signalOf(opts),
        },
        CompleteSignupResponseSchema,
      ),
    activateUser: async (opts?: CallOptions): Promise<void> => {
      await client.request({ operation: 'activateUser', method: 'POST', path: '/users/activate', signal: signalOf(opts) }, Ignored);
    },
    me: (opts?: CallOptions) =>
      client.request({ operation: 'me', method: 'GET', path: '/api/me', signal: signalOf(opts) }, MeResponseSchema),
    /** Beyond SPEC §7 (docs/API.md "Sessions"): the API refuses the session's tokens from then on. */
    session: {
      /** POST /api/session/sign-out: this session's access tokens. */
      signOut: async (opts?: CallOptions): Promise<void> => {
        const spec = {
          operation: 'session.signOut',
          method: 'POST',
          path: '/api/session/sign-out',
          timeoutMs: SIGN_OUT_TIMEOUT_MS,
        } as const;
        await client.request({ ...spec, signal: signalOf(opts) }, Ignored);
      },
      /** POST /api/session/sign-out-all: every access token issued to the account until now. */
      signOutAllDevices: async (opts?: CallOptions): Promise<void> => {
        const spec = {
          operation: 'session.signOutAll',
          method: 'POST',
          path: '/api/session/sign-out-all',
          timeoutMs: SIGN_OUT_TIMEOUT_MS,
        } as const;
        await client.request({ ...spec, signal: signalOf(opts) }, Ignored);
      },
    },
    users,
    imports,
    billing,
    copilot,
    audit,
  };
}

export type ProductApi = ReturnType<typeof createApi>;
