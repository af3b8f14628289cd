/**
 * The product API (SPEC §7): one function per call, each validated with its route's response schema
 * (src/contract/routes). Every function takes an optional `{ signal }` last; pass the actor's signal
 * so that leaving a state cancels the request.
 *
 * The calls are written by area, each over the one client (./client.ts), like the route table:
 * ./account.ts, ./users.ts, ./imports.ts, ./billing.ts, ./assistant.ts and ./audit.ts. This module
 * puts them together as `ProductApi`, the shape ./deferred.ts mirrors.
 *
 * The areas take the contract's types with `import { type … } from '../../contract/api'`, which
 * keeps the import in the built code, as when every call was in this file. Written as `import type`
 * it is erased, and the build then splits src/contract/api.ts off into an empty chunk of its own.
 */
import { createAccountCalls } from './account';
import { createAssistantCalls } from './assistant';
import { createAuditCalls } from './audit';
import { createBillingCalls } from './billing';
import { createApiClient, type ApiClientOptions } from './client';
import { createImportsCalls } from './imports';
import { createUsersCalls } from './users';

export type { ApiClientOptions, CallOptions, ReadOptions } from './client';
export * from './errors';
export type { AssistantAnswer, AskOptions } from './assistant';
export type { ExportActivityParams } from './audit';
export type { CancelSubscriptionParams, CompleteSubscriptionParams, UpdateSubscriptionOptions } from './billing';
export type { ExportMembersParams, ListUsersParams } from './users';

export function createApi(options: ApiClientOptions) {
  const client = createApiClient(options);
  /** The one-time links the API hands out are paths: the calls that get one make it absolute with this. */
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  return {
    ...createAccountCalls(client),
    users: createUsersCalls(client, baseUrl),
    imports: createImportsCalls(client, baseUrl),
    billing: createBillingCalls(client),
    copilot: createAssistantCalls(client),
    audit: createAuditCalls(client, baseUrl),
  };
}

export type ProductApi = ReturnType<typeof createApi>;
