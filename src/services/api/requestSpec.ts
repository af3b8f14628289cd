/**
 * A call as the client (./client.ts) is given it: its name, method, path, query, body and options.
 * Shared by the client, which sends it, and the read-ahead cache (./aheadReads.ts), which keys reads
 * by it; the areas build theirs from the route table (./routeSpec.ts).
 */

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface CallOptions {
  readonly signal?: AbortSignal;
}

/** Options of a read (a GET, or a POST that only reads) that may be made ahead of need. */
export interface ReadOptions extends CallOptions {
  /**
   * Read now for a call that has not been made yet: the answer is kept (AHEAD_MAX_AGE_MS at most)
   * for the first call with the same method, path, query and body, which takes it instead of asking
   * again.
   */
  readonly ahead?: boolean;
}

export type SearchParams = Readonly<Record<string, string | number | undefined>>;

export interface RequestSpec {
  /** Names the call in errors, e.g. 'users.list'. */
  readonly operation: string;
  readonly method: HttpMethod;
  /** Path from the API host, starting with '/'. */
  readonly path: string;
  readonly searchParams?: SearchParams;
  readonly json?: unknown;
  readonly signal?: AbortSignal | undefined;
  readonly timeoutMs?: number;
  /** A read made ahead of need (ReadOptions.ahead). */
  readonly ahead?: boolean | undefined;
  /**
   * A POST that only reads (SPEC §7 sends some reads as POSTs: a member's billing): it may be made
   * ahead of need, as a GET may.
   */
  readonly readOnly?: boolean;
}

/** The defined values of `params` as pairs (none: no query, not a bare '?'). */
export function queryOf(params: SearchParams | undefined): Array<[string, string | number]> {
  return Object.entries(params ?? {}).filter((entry): entry is [string, string | number] => entry[1] !== undefined);
}
