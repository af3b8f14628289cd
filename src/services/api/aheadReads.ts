/**
 * Reads made ahead of need (ReadOptions.ahead, described in ./client.ts): the answers kept for the
 * calls they were made for, by method, path, query and body, and how such a call takes one. A
 * module of its own because it is a cache in front of the client's sending, with its own keys and
 * age limit; the client (./client.ts) hands it the checked send it falls back on.
 */
import type * as v from 'valibot';
import { untilAborted } from './cancellation';
import { ApiRequestError } from './errors';
import { queryOf, type RequestSpec } from './requestSpec';

/**
 * How long a read made ahead of need waits for its call. A screen asks within a second or two of
 * start-up, even on a slow phone; an answer older than this is left unread rather than shown.
 */
export const AHEAD_MAX_AGE_MS = 10_000;

interface AheadRead {
  readonly answer: Promise<unknown>;
  /** When it was made (Date.now()). */
  readonly at: number;
  /** The access token it was made with: only a call with the same session takes it. */
  readonly token: Promise<string | null>;
}

/** The client's call: sent, then its body checked against `schema`. */
type Checked = <S extends v.GenericSchema>(spec: RequestSpec, schema: S) => Promise<v.InferOutput<S>>;

/**
 * The client's `request`: a change is sent as it is; a read made ahead is sent now and kept; any
 * other read takes the one made ahead for it, if one is waiting.
 */
export function createAheadReads(options: { readonly getAccessToken: () => Promise<string | null> }, checked: Checked) {
  /** Reads made ahead of need, by method, path, query and body, each waiting for the call it was made for. */
  const aheadReads = new Map<string, AheadRead>();

  /** The read made ahead for this key, if one is waiting and young enough (forgotten otherwise). */
  function waitingAhead(key: string): AheadRead | null {
    const read = aheadReads.get(key);
    if (!read) return null;
    if (Date.now() - read.at <= AHEAD_MAX_AGE_MS) return read;
    aheadReads.delete(key);
    return null;
  }

  /**
   * The outcome of a read made ahead, as the call's own: its answer or its failure (the call was
   * made early, not twice). A 401 is the exception (the read left it alone: the call asks again, and
   * refreshes or signs out as usual), and so is a read made with another session's token.
   */
  async function takeAhead<S extends v.GenericSchema>(read: AheadRead, spec: RequestSpec, schema: S): Promise<v.InferOutput<S>> {
    const [mine, its] = await untilAborted(Promise.all([options.getAccessToken(), read.token]), spec.signal);
    if (mine !== its) return checked(spec, schema);
    try {
      return (await untilAborted(read.answer, spec.signal)) as v.InferOutput<S>;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401 && !spec.signal?.aborted) return checked(spec, schema);
      throw error;
    }
  }

  return function request<S extends v.GenericSchema>(spec: RequestSpec, schema: S): Promise<v.InferOutput<S>> {
    if (spec.method !== 'GET' && !spec.readOnly) return checked(spec, schema);
    const query = new URLSearchParams(queryOf(spec.searchParams).map(([k, value]) => [k, String(value)])).toString();
    const key = `${spec.method} ${spec.path}?${query}${spec.json === undefined ? '' : ` ${JSON.stringify(spec.json)}`}`;
    const waiting = waitingAhead(key);
    if (spec.ahead) {
      if (waiting) return waiting.answer as Promise<v.InferOutput<S>>;
      const answer = checked({ ...spec, signal: undefined }, schema);
      aheadReads.set(key, { answer, at: Date.now(), token: options.getAccessToken().catch(() => null) });
      return answer;
    }
    if (!waiting) return checked(spec, schema);
    aheadReads.delete(key);
    return takeAhead(waiting, spec, schema);
  };
}
