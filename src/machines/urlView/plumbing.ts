/**
 * The URL-view plumbing a screen machine declares (users list, activity): the `watchUrl` actor that
 * reports the address when the screen opens and on Back or Forward, and the `writeUrl` action that
 * writes the view back after each change. Both screens follow the same rules:
 *
 * - the machine starts in `opening` and waits for the address (`watchUrl` reports it at once), so
 *   the first request already asks for the view the address names;
 * - a change made on the screen (a filter, a sort, a page) is a new history entry (`push`); a
 *   correction (nonsense in the URL, a page past the end), Back, Forward and the rest of a search
 *   being typed are written in place (`replace`);
 * - the view is written in its one spelling (./codec.ts).
 *
 * Their implementations over the address bar are in ./implementations.ts.
 */
import { placeholderAction, placeholderCallback } from '../shared';

/** Writes the view to the URL: a new history entry ('push') or in place ('replace'). */
export interface UrlWrite {
  query: string;
  mode: 'push' | 'replace';
}

/** What `watchUrl` sends: the address changed (the screen opened, or Back / Forward); `query` is its query string. */
export interface UrlChanged<TType extends string> {
  type: TType;
  query: string;
}

/** The `watchUrl` actor a machine declares in `setup({ actors })`. */
export function watchUrlPlaceholder() {
  return placeholderCallback<{ type: 'noop' }>('watchUrl');
}

/**
 * The `writeUrl` action a machine declares in `setup({ actions })`: the view's query on the
 * address bar, or nothing when it is given null (a view that does not live in the URL). Call it
 * from an inline function there (`writeUrl: (args, params: UrlWrite | null) => writeUrlPlaceholder(args, params)`):
 * a function typed outside `setup()` beside `enqueueActions` defeats XState's inference of every
 * action's params.
 */
export const writeUrlPlaceholder = placeholderAction<UrlWrite | null>('writeUrl');

/**
 * The `writeUrl` action object for a transition: the view of the context, written in `mode`.
 * `queryOf` gives null when this machine's view is not in the URL.
 */
export function writeView<TContext>(mode: UrlWrite['mode'], queryOf: (context: TContext) => string | null) {
  return {
    type: 'writeUrl',
    params: ({ context }: { context: TContext }): UrlWrite | null => {
      const query = queryOf(context);
      return query === null ? null : { query, mode };
    },
  } as const;
}
