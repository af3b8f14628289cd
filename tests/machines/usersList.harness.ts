/**
 * What the users list's actor-level tests share (usersList.scenarios, usersList.selectors
 * implementations, rowChanges.scenarios): the three members on screen with the Quick Stats, a page of
 * GET /api/users as the list receives it, and a row actor the test answers by hand.
 */
import { fromCallback } from 'xstate';
import type { User, UserStats } from '../../src/contract/api';
import type { RowActionInput, RowActionResult } from '../../src/machines/rowChanges';
import type { UsersPage } from '../../src/machines/usersList';
import { makeUser } from '../views/users/fixtures';

export const STATS: UserStats = { total: 60, active: 45, pending: 15, licensed: 20 };
/** Three members: Ana (licensed, active), Ben (no licence, active), Carla (no licence, active). */
export const USERS: User[] = [makeUser(0), makeUser(1), makeUser(2)];

export function page(users: User[], options: { page?: number; total?: number; stats?: UserStats | null } = {}): UsersPage {
  return {
    list: { users, total: options.total ?? 60, page: options.page ?? 1, limit: 25 },
    stats: options.stats === undefined ? STATS : options.stats,
  };
}

/** One start of the row actor: what it was asked, how to answer, and whether it was stopped since. */
export interface RowCall {
  input: RowActionInput;
  answer: (result: RowActionResult) => void;
  stopped: boolean;
}

/** The row actor, each start kept in `rows` until the test answers it. */
export function heldRowAction(rows: RowCall[]) {
  return fromCallback<{ type: 'noop' }, RowActionInput>(({ input, sendBack }) => {
    const call: RowCall = { input, answer: sendBack, stopped: false };
    rows.push(call);
    return () => {
      call.stopped = true;
    };
  });
}
