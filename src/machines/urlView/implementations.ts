import { fromCallback } from 'xstate';
import type { Address, AddressBar } from '../../services/address';
import type { UrlWrite } from './plumbing';

export interface UrlViewOptions<TType extends string> {
  /** The event `watchUrl` sends (`users.urlChanged`, `activity.urlChanged`). */
  event: TType;
  /** The query the screen opens on (default: the address's own). */
  openingQuery?: (opened: Address) => string;
  /** Called with each view written (the users list remembers it for 'Back to Users'). */
  remember?: (query: string) => void;
}

/** The view in the URL (./plumbing.ts): the address as it is and as it moves, and the view written back. */
export function urlViewImplementations<TType extends string>(address: AddressBar, options: UrlViewOptions<TType>) {
  const { event, openingQuery = (opened: Address) => opened.query, remember } = options;
  return {
    actors: {
      /** The address now, then every Back or Forward that stays on the screen's path. */
      watchUrl: fromCallback<{ type: 'noop' }>(({ sendBack }) => {
        const opened = address.current();
        sendBack({ type: event, query: openingQuery(opened) });
        return address.onHistoryMove((moved) => {
          if (moved.path === opened.path) sendBack({ type: event, query: moved.query });
        });
      }),
    },
    actions: {
      writeUrl: (_: unknown, params: UrlWrite | null) => {
        if (!params) return;
        address.setQuery(params.query, params.mode);
        remember?.(params.query);
      },
    },
  };
}
