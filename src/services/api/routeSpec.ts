/**
 * What the calls of every area (./users.ts, ./billing.ts...) share: the request spec of a route from
 * the route table (src/contract/routes), the caller's signal, and the schema of an answer the
 * console does not read. Apart from ./client.ts, which knows HTTP but not the route table.
 */
import * as v from 'valibot';
import { pathOf, type Route } from '../../contract/routes/route';
import type { CallOptions } from './requestSpec';

/** Accepts any answer: for calls whose response the console does not read. */
export const Ignored = v.unknown();

/** The call's name, method and path (its parameters filled in) from the route table (src/contract/routes). */
export function at(route: Route, params?: Readonly<Record<string, string>>) {
  return { operation: route.operation, method: route.method, path: pathOf(route, params), ...(route.readOnly ? { readOnly: true } : {}) };
}

export const signalOf = (opts: CallOptions | undefined) => opts?.signal;
