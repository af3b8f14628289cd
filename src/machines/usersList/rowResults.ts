/**
 * What the list does with the answer of a row change (../rowChanges): the row and the Quick Stats
 * follow, and a toast says what happened (with Undo for a change that went through, or a warning
 * with the member as the server has them now for a refused one). Pure: the machine's actions call these.
 */
import type { User, UserStats } from '../../contract/api';
import { addToStats, adjustStats, rowChangeNotice, type RowActionResult } from '../rowChanges/rows';
import { ROW_REFRESHED } from './messages';
import type { UsersListEmitted } from './types';

type Shown = Extract<RowActionResult, { type: 'row.succeeded' | 'row.conflicted' }>;

export function replaceUser(users: User[], user: User): User[] {
  return users.map((u) => (u.userId === user.userId ? user : u));
}

type Departures = Readonly<Record<string, number>>;

/**
 * The page without a member who left it by a change the list showed, and `gone` with the version
 * of the copy that left: a page read before the change does not bring them back (./page.ts). A
 * member not on the page leaves neither.
 */
export function withoutMember(list: { users: User[]; gone: Departures }, userId: string): { users: User[]; gone: Departures } | null {
  const shown = list.users.find((u) => u.userId === userId);
  if (shown === undefined) return null;
  return { users: list.users.filter((u) => u !== shown), gone: { ...list.gone, [userId]: shown.version } };
}

/** The page and the counts once the member is shown as the answer has them (the counts stay until they arrive, or when the member is not on the page). */
export function showMember(
  list: { users: User[]; total: number; stats: UserStats | null; gone: Departures },
  result: Shown,
): { users: User[]; total: number; stats: UserStats | null; gone?: Departures } {
  if (result.kind === 'restore') return restored(list, result.user);
  const before = result.type === 'row.succeeded' ? result.before : list.users.find((u) => u.userId === result.user.userId);
  return {
    users: replaceUser(list.users, result.user),
    total: list.total,
    stats: list.stats && before ? adjustStats(list.stats, before, result.user) : list.stats,
  };
}

/**
 * A member back from Recently deleted: they leave that list (a page shown under another filter,
 * which does not hold them, stays as it is) and count in the Quick Stats again.
 */
function restored(list: { users: User[]; total: number; stats: UserStats | null; gone: Departures }, user: User) {
  const stats = list.stats ? addToStats(list.stats, user) : list.stats;
  const left = withoutMember(list, user.userId);
  if (left === null) return { users: list.users, total: list.total, stats };
  return { ...left, total: Math.max(0, list.total - 1), stats };
}

/** The toast: what changed and its Undo, or why the change was refused. */
export function rowResultToast(result: Shown): UsersListEmitted {
  if (result.type === 'row.conflicted') {
    return { type: 'users.notice', message: result.message, tone: 'warning', detail: ROW_REFRESHED };
  }
  const { message, undo } = rowChangeNotice(result.kind, result.before, result.user);
  if (!undo) return { type: 'users.notice', message, tone: 'success' };
  return {
    type: 'users.notice',
    message,
    tone: 'success',
    undo:
      undo.kind === 'license'
        ? { type: 'users.setLicense', user: undo.user, hasLicense: undo.value }
        : { type: 'users.setStatus', user: undo.user, isActive: undo.value },
  };
}
