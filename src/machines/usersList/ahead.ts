/**
 * The list's first load, read ahead of the screen (docs/PERFORMANCE.md): a tab that opens at /users
 * with a session asks for the page and the Quick Stats while its code and the session check are
 * still on their way, instead of after them. The reads go through the API's read-ahead
 * (ReadOptions.ahead): the machine's first load asks for the same page and takes their answers, or
 * asks again itself when they failed or are too old. So the view read here must be the one the
 * machine opens on, and both come from `openingQuery` and `pageQueryOf`.
 *
 * A module of its own, without the machine: the start-up prefetch imports it with the route table.
 */
import { DEFAULT_PAGE_SIZE } from '../../contract/api';
import type { Services } from '../../services';
import type { Address } from '../../services/address';
import type { AppStorage } from '../../services/storage';
import { pageQueryOf } from './page';
import { RETURN_TO_USERS_VIEW, parseUsersView } from './view';

/** The entry was opened by a link back to the list (the billing page's 'Back to Users'). */
function returnsToView(state: unknown): boolean {
  return (
    typeof state === 'object' &&
    state !== null &&
    'returnToUsersView' in state &&
    state.returnToUsersView === RETURN_TO_USERS_VIEW.returnToUsersView
  );
}

/**
 * The view the list opens on: the address's query, or, when a link back to the list names none,
 * the view the administrator last had.
 */
export function openingQuery(opened: Address, storage: Pick<AppStorage, 'loadUsersView'>): string {
  const remembered = opened.query === '' && returnsToView(opened.state) ? storage.loadUsersView() : null;
  return remembered ?? opened.query;
}

/** Starts the first load's reads (its page and the Quick Stats); their answers wait for the machine. */
export function readUsersListAhead({ api, address, storage }: Pick<Services, 'api' | 'address' | 'storage'>): void {
  const view = parseUsersView(openingQuery(address.current(), storage));
  // Nobody waits on these: the machine's own calls take their answers, or report their failures.
  api.users.list(pageQueryOf(view, DEFAULT_PAGE_SIZE), { ahead: true }).catch(() => undefined);
  api.users.stats({ ahead: true }).catch(() => undefined);
}
