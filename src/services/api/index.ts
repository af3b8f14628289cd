/**
 * The product API (SPEC §7): one function per call, each validated with its schema from
 * ./schemas. Every function takes an optional `{ signal }` last; pass the actor's signal so that
 * leaving a state cancels the request.
 */
import * as v from 'valibot';
import { createApiClient, type ApiClientOptions, type CallOptions, type ReadOptions } from './client';
import {
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
import { accountRoutes } from '../../contract/routes/account';
import { assistantRoutes } from '../../contract/routes/assistant';
import { billingRoutes } from '../../contract/routes/billing';
import { pathOf, type Route } from '../../contract/routes/route';
import { usersRoutes } from '../../contract/routes/users';

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

/** The call's name, method and path (its parameters filled in) from the route table (src/contract/routes). */
function at(route: Route, params?: Readonly<Record<string, string>>) {
  return { operation: route.operation, method: route.method, path: pathOf(route, params), ...(route.readOnly ? { readOnly: true } : {}) };
}

export function createApi(options: ApiClientOptions) {
  const client = createApiClient(options);
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const signalOf = (opts: CallOptions | undefined) => opts?.signal;

  const users = {
    list: (params: ListUsersParams = {}, opts?: ReadOptions) => {
      const search = params.search?.trim();
      return client.request(
        {
          ...at(usersRoutes.list),
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
        usersRoutes.list.response,
      );
    },
    stats: (opts?: ReadOptions) =>
      client.request({ ...at(usersRoutes.stats), signal: signalOf(opts), ahead: opts?.ahead }, usersRoutes.stats.response),
    get: async (userId: string, opts?: CallOptions) =>
      (await client.request({ ...at(usersRoutes.get, { id: userId }), signal: signalOf(opts) }, usersRoutes.get.response)).user,
    create: async (body: CreateUserRequest, opts?: CallOptions) =>
      (await client.request({ ...at(usersRoutes.create), json: body, signal: signalOf(opts) }, usersRoutes.create.response)).user,
    update: async (userId: string, body: UpdateUserRequest, opts?: CallOptions) =>
      (await client.request({ ...at(usersRoutes.update, { id: userId }), json: body, signal: signalOf(opts) }, usersRoutes.update.response))
        .user,
    remove: async (userId: string, opts?: CallOptions): Promise<void> => {
      await client.request({ ...at(usersRoutes.remove, { id: userId }), signal: signalOf(opts) }, Ignored);
    },
    /** Sends an invited member's invitation again, a new temporary password (docs/API.md): the member with its new dates. */
    resendInvitation: async (userId: string, opts?: CallOptions) =>
      (
        await client.request(
          {
            ...at(usersRoutes.resendInvitation, { id: userId }),
            signal: signalOf(opts),
          },
          usersRoutes.resendInvitation.response,
        )
      ).user,
    /** Revokes an invitation never accepted: the member and their sign-in account are removed (docs/API.md). */
    revokeInvitation: async (userId: string, opts?: CallOptions): Promise<void> => {
      await client.request({ ...at(usersRoutes.revokeInvitation, { id: userId }), signal: signalOf(opts) }, Ignored);
    },
    /** Back from Recently deleted (docs/API.md, an extension of SPEC §7): the member as restored. */
    restore: async (userId: string, opts?: CallOptions) =>
      (await client.request({ ...at(usersRoutes.restore, { id: userId }), signal: signalOf(opts) }, usersRoutes.restore.response)).user,
    /** SPEC §7's toggle-license, sending the wanted value (README: an extension), so a retry cannot undo it. */
    setLicense: async (userId: string, hasLicense: boolean, opts?: CallOptions) =>
      (
        await client.request(
          {
            ...at(usersRoutes.setLicense, { id: userId }),
            json: { hasLicense } satisfies SetLicenseRequest,
            signal: signalOf(opts),
          },
          usersRoutes.setLicense.response,
        )
      ).user,
    /** SPEC §7's toggle-status, sending the wanted status. */
    setStatus: async (userId: string, isActive: boolean, opts?: CallOptions) =>
      (
        await client.request(
          {
            ...at(usersRoutes.setStatus, { id: userId }),
            json: { isActive } satisfies SetStatusRequest,
            signal: signalOf(opts),
          },
          usersRoutes.setStatus.response,
        )
      ).user,
    /** SPEC §7's bulk update by ids, or by the list's filter (an extension: src/contract/bulkByFilter.ts). */
    bulkUpdate: (body: BulkUpdateRequest | BulkByFilterRequest, opts?: CallOptions) =>
      client.request(
        {
          ...at(usersRoutes.bulkUpdate),
          json: body,
          signal: signalOf(opts),
          timeoutMs: BULK_UPDATE_TIMEOUT_MS,
        },
        usersRoutes.bulkUpdate.response,
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
      const answer = await client.request({ ...at(usersRoutes.export), json: body, signal: signalOf(opts) }, usersRoutes.export.response);
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
    invite: async (body: CreateUserRequest, opts?: CallOptions) =>
      (await client.request({ ...at(usersRoutes.invite), json: body, signal: signalOf(opts) }, usersRoutes.invite.response)).user,
  };

  const billing = {
    overview: (opts?: ReadOptions) =>
      client.request({ ...at(billingRoutes.overview), signal: signalOf(opts), ahead: opts?.ahead }, billingRoutes.overview.response),
    /** A member's billing: a POST (SPEC §7) that only reads, so it may be made ahead of need. */
    user: (userId: string, opts?: ReadOptions) =>
      client.request(
        { ...at(billingRoutes.user), json: { userId }, signal: signalOf(opts), ahead: opts?.ahead },
        billingRoutes.user.response,
      ),
    updatePaymentMethod: (userId: string, opts?: CallOptions) =>
      client.request(
        {
          ...at(billingRoutes.updatePaymentMethod),
          json: { userId },
          signal: signalOf(opts),
        },
        billingRoutes.updatePaymentMethod.response,
      ),
    /** What choosing a plan would do, before anything is charged (an extension of SPEC §7). */
    previewSubscription: (userId: string, planType: PlanType, opts?: CallOptions) =>
      client.request(
        {
          ...at(billingRoutes.previewSubscription),
          searchParams: { userId },
          json: { planType },
          signal: signalOf(opts),
        },
        billingRoutes.previewSubscription.response,
      ),
    updateSubscription: (userId: string, planType: PlanType, opts?: UpdateSubscriptionOptions) =>
      client.request(
        {
          ...at(billingRoutes.updateSubscription),
          searchParams: { userId },
          json: { planType, ...(opts?.prorationDate === undefined ? {} : { prorationDate: opts.prorationDate }) },
          signal: signalOf(opts),
        },
        billingRoutes.updateSubscription.response,
      ),
    /** A fresh link to an invoice's hosted page or PDF, asked for as it is opened (an extension of SPEC §7). */
    invoiceLink: async (body: InvoiceLinkRequest, opts?: CallOptions): Promise<string> =>
      (await client.request({ ...at(billingRoutes.invoiceLink), json: body, signal: signalOf(opts) }, billingRoutes.invoiceLink.response))
        .url,
    completeSubscription: async (userId: string, body: CompleteSubscriptionParams, opts?: CallOptions): Promise<void> => {
      await client.request(
        {
          ...at(billingRoutes.completeSubscription),
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
          ...at(billingRoutes.cancelSubscription),
          json: {
            userId: params.userId,
            cancelAtPeriodEnd: params.cancelAtPeriodEnd,
            ...(reason ? { reason } : {}),
          },
          signal: signalOf(opts),
        },
        billingRoutes.cancelSubscription.response,
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
      const answer = await client.request({ ...at(assistantRoutes.ask), json, signal: signalOf(opts) }, assistantRoutes.ask.response);
      return {
        text: typeof answer.result === 'string' ? answer.result : answer.result.result,
        sources: answer.sources,
        webSearchUsed: answer.webSearchUsed,
        ...(answer.intent ? { intent: answer.intent } : {}),
      };
    },
  };

  /** Import CSV's routes and schemas arrive with User Management's code, not with the sign-in page's. */
  const importRoutes = async () => (await import('../../contract/routes/imports')).importsRoutes;
  /** Import CSV (docs/USERS.md, src/contract/imports.ts: an extension of SPEC §7). */
  const imports = {
    /** The dry run: the file read and checked; a job in draft. A 2 MB file may take a while to send on a site's link. */
    preview: async (body: ImportRequest, opts?: CallOptions) => {
      const routes = await importRoutes();
      return client.request(
        { ...at(routes.preview), json: body, timeoutMs: IMPORT_UPLOAD_TIMEOUT_MS, signal: signalOf(opts) },
        routes.preview.response,
      );
    },
    current: async (opts?: CallOptions) => {
      const routes = await importRoutes();
      return (await client.request({ ...at(routes.current), signal: signalOf(opts) }, routes.current.response)).import;
    },
    get: async (importId: string, opts?: CallOptions) => {
      const routes = await importRoutes();
      return (await client.request({ ...at(routes.get, { id: importId }), signal: signalOf(opts) }, routes.get.response)).import;
    },
    /** start, cancel or dismiss: the job as it is then. */
    act: async (importId: string, action: 'start' | 'cancel' | 'dismiss', opts?: CallOptions) => {
      const route = (await importRoutes())[action];
      return (await client.request({ ...at(route, { id: importId }), signal: signalOf(opts) }, route.response)).import;
    },
    /** A one-time link (on the API's base URL) to the rows that were not imported, as CSV. */
    failedRows: async (importId: string, today: string, opts?: CallOptions): Promise<{ url: string; fileName: string }> => {
      const route = (await importRoutes()).failedRows;
      const answer = await client.request({ ...at(route, { id: importId }), json: { today }, signal: signalOf(opts) }, route.response);
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
  };

  /** The activity trail's routes and schemas arrive with the Activity screen's code, not with the sign-in page's. */
  const auditRoutes = async () => (await import('../../contract/routes/audit')).auditRoutes;
  const audit = {
    /** The activity trail (docs/API.md: GET /api/audit, an extension of SPEC §7), newest first, paged and filtered. */
    list: async (query: AuditQuery = {}, opts?: CallOptions) => {
      const route = (await auditRoutes()).list;
      return client.request(
        {
          ...at(route),
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
        route.response,
      );
    },
    /**
     * The filtered activity as CSV (POST /api/audit/export): a one-time link, valid for a minute,
     * to every entry the filters select. `url` comes back absolute, for the browser to open.
     */
    export: async (filters: ExportActivityParams, opts?: CallOptions): Promise<{ url: string; fileName: string }> => {
      const route = (await auditRoutes()).export;
      const answer = await client.request({ ...at(route), json: filters, signal: signalOf(opts) }, route.response);
      return { url: `${baseUrl}${answer.url}`, fileName: answer.fileName };
    },
  };

  return {
    completeSignup: (body: CompleteSignupRequest, opts?: CallOptions) =>
      client.request(
        {
          ...at(accountRoutes.completeSignup),
          json: body,
          timeoutMs: COMPLETE_SIGNUP_TIMEOUT_MS,
          signal: signalOf(opts),
        },
        accountRoutes.completeSignup.response,
      ),
    activateUser: async (opts?: CallOptions): Promise<void> => {
      await client.request({ ...at(accountRoutes.activateUser), signal: signalOf(opts) }, Ignored);
    },
    me: (opts?: CallOptions) => client.request({ ...at(accountRoutes.me), signal: signalOf(opts) }, accountRoutes.me.response),
    /** Beyond SPEC §7 (docs/API.md "Sessions"): the API refuses the session's tokens from then on. */
    session: {
      /** POST /api/session/sign-out: this session's access tokens. */
      signOut: async (opts?: CallOptions): Promise<void> => {
        await client.request({ ...at(accountRoutes.signOut), timeoutMs: SIGN_OUT_TIMEOUT_MS, signal: signalOf(opts) }, Ignored);
      },
      /** POST /api/session/sign-out-all: every access token issued to the account until now. */
      signOutAllDevices: async (opts?: CallOptions): Promise<void> => {
        await client.request({ ...at(accountRoutes.signOutAll), timeoutMs: SIGN_OUT_TIMEOUT_MS, signal: signalOf(opts) }, Ignored);
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
