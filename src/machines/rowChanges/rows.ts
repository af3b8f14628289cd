/**
 * Row changes of the users list (licence, status): what a row action actor is given and sends
 * back, and the bookkeeping the list does with it. Pure: the machine's actions call these.
 */
import type { User, UserStats } from '../../contract/api';
import { RESTORE_USER_FALLBACK, UPDATE_LICENSE_FALLBACK, UPDATE_STATUS_FALLBACK } from '../usersList/messages';

/** A licence or status switched, or a member brought back from Recently deleted (`restore`). */
export type RowActionKind = 'license' | 'status' | 'restore';

export interface RowActionInput {
  kind: RowActionKind;
  user: User;
  /** The wanted value: the licence (`license`), the active status (`status`); true for `restore`. */
  value: boolean;
}

/** What a row action actor sends back to the list. */
export type RowActionResult =
  | { type: 'row.succeeded'; kind: RowActionKind; before: User; user: User }
  | { type: 'row.failed'; kind: RowActionKind; userId: string; error: unknown }
  /** The server answered 409 (the change conflicts with the member's current state); `user` is that state. */
  | { type: 'row.conflicted'; kind: RowActionKind; user: User; message: string };

/** The key of a row action in flight, in the list's `busy`. */
export function rowKey(kind: RowActionKind, userId: string): string {
  return `${kind}:${userId}`;
}

/** The id of the row action actor the list spawns. */
export function rowActorId(kind: RowActionKind, userId: string): string {
  return `row-${kind}-${userId}`;
}

function countOf(flag: boolean): number {
  return flag ? 1 : 0;
}

/** Quick Stats after one user changed from `before` to `after` (SPEC §4: the counts follow). */
export function adjustStats(stats: UserStats, before: User, after: User): UserStats {
  const active = countOf(after.isActive) - countOf(before.isActive);
  return {
    total: stats.total,
    active: stats.active + active,
    pending: stats.pending - active,
    licensed: stats.licensed + countOf(after.hasLicense) - countOf(before.hasLicense),
  };
}

/** Quick Stats once a member is back from Recently deleted (they were counted nowhere). */
export function addToStats(stats: UserStats, user: User): UserStats {
  return {
    total: stats.total + 1,
    active: stats.active + countOf(user.isActive),
    pending: stats.pending + countOf(!user.isActive),
    licensed: stats.licensed + countOf(user.hasLicense),
  };
}

export const ROW_FALLBACK: Record<RowActionKind, string> = {
  license: UPDATE_LICENSE_FALLBACK,
  status: UPDATE_STATUS_FALLBACK,
  restore: RESTORE_USER_FALLBACK,
};

/** The toast of a row change that went through, and the change that undoes it (its Undo; none for a restore). */
export function rowChangeNotice(kind: RowActionKind, before: User, after: User): { message: string; undo?: RowActionInput } {
  if (kind === 'restore') return { message: `${after.name} was restored` };
  if (kind === 'license') {
    return {
      message: after.hasLicense ? `License granted to ${after.name}` : `License removed from ${after.name}`,
      undo: { kind, user: after, value: before.hasLicense },
    };
  }
  return {
    message: after.isActive ? `${after.name} was activated` : `${after.name} was deactivated`,
    undo: { kind, user: after, value: before.isActive },
  };
}
