/**
 * A route of the product API: its method and path, what it takes and what it answers. The route
 * table (./index.ts, one file per area) is read by the console's API client (src/services/api),
 * by the reference API in server/, which registers each handler at its route and validates with
 * its schemas, and by GET /openapi.json (server/core/openapi.ts).
 */
import type * as v from 'valibot';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface Route<Path extends string = string> {
  /** Names the call in the console's errors and in the OpenAPI document (`operationId`), e.g. 'users.list'. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** From the API's base URL, with `:name` for a path parameter (Hono's syntax), e.g. '/api/users/:id'. */
  readonly path: Path;
  /** One line for the OpenAPI document. */
  readonly summary: string;
  /** Where the call is specified: 'SPEC §7' for the calls other clients rely on, else the docs page of the extension. */
  readonly specifiedIn: string;
  /** Each path parameter's schema (as a body field is validated: the 400 names it). */
  readonly params?: v.GenericSchema;
  readonly query?: v.GenericSchema;
  readonly body?: v.GenericSchema;
  /** The body of a success. */
  readonly response: v.GenericSchema;
  /** The status of a success: 200, or 201 when the call may create something. */
  readonly created?: boolean;
  /**
   * A POST that only reads (SPEC §7 sends a member's billing as one, the id in the body): the console
   * may make it ahead of need, as it may a GET (src/services/api/aheadReads.ts).
   */
  readonly readOnly?: boolean;
}

/** An area's routes, with their literal paths kept (Hono types a handler's parameters from them). */
export function defineRoutes<const T extends Record<string, Route>>(routes: T): T {
  return routes;
}

/** The route's path with its parameters filled in, each one URL-encoded. */
export function pathOf(route: Route, params: Readonly<Record<string, string>> = {}): string {
  return route.path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new TypeError(`${route.operation}: the path parameter ${name} is missing`);
    return encodeURIComponent(value);
  });
}
