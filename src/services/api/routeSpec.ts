/**
 * What the calls of every area (./users.ts, ./billing.ts...) share: a call of a route from the route
 * table (src/contract/routes), made through the HTTP client. Apart from ./client.ts, which knows
 * HTTP but not the route table.
 */
import * as v from 'valibot';
import { pathOf, type Route } from '../../contract/routes/route';
import type { ApiClient } from './client';
import type { CallOptions, ReadOptions, RequestSpec, SearchParams } from './requestSpec';

/** Accepts any answer: for calls whose response the console does not read. */
const Ignored = v.unknown();

/** The call's name, method and path (its parameters filled in) from the route table (src/contract/routes). */
export function at(route: Route, params?: Readonly<Record<string, string>>) {
  return { operation: route.operation, method: route.method, path: pathOf(route, params), ...(route.readOnly ? { readOnly: true } : {}) };
}

/** What one call adds to its route: the path's parameters, a query, a body, a time limit of its own. */
export interface CallParts {
  readonly params?: Readonly<Record<string, string>>;
  readonly searchParams?: SearchParams;
  readonly json?: unknown;
  readonly timeoutMs?: number;
}

/**
 * The calls of routes through `client`. Each request is the route's name, method and path (`at`),
 * what the call adds (`parts`), the caller's signal and, for a read, whether it is made ahead of
 * need (ReadOptions.ahead). `send` answers with the body parsed by the route's response schema;
 * `sendOnly` reads no answer (a removal, a sign-out), only whether the call succeeded.
 */
export function routeCalls(client: ApiClient) {
  const spec = (route: Route, { params, ...parts }: CallParts, opts: ReadOptions | undefined): RequestSpec => ({
    ...at(route, params),
    ...parts,
    signal: opts?.signal,
    ...(opts?.ahead === undefined ? {} : { ahead: opts.ahead }),
  });
  return {
    send: <R extends Route>(route: R, parts: CallParts = {}, opts?: ReadOptions): Promise<v.InferOutput<R['response']>> =>
      client.request(spec(route, parts, opts), route.response),
    sendOnly: async (route: Route, parts: CallParts = {}, opts?: CallOptions): Promise<void> => {
      await client.request(spec(route, parts, opts), Ignored);
    },
  };
}
