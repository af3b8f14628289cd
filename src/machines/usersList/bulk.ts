/**
 * Bulk changes of the users list: which ones ask first (those taking something away from many
 * members at once — deactivating them, removing their licence), what the question says, and how a
 * licence or status change is undone. A change names the selected members by id, or, once 'Select
 * all … members matching this view' is chosen, the list's filter (every page; src/contract/bulkByFilter.ts).
 * Pure: the machine's guards and actions and the confirm dialog read these.
 */
import type { BulkUpdateRequest, UserRoleFilter, UserStatusFilter } from '../../contract/api';
import type { BulkByFilterRequest, MembersFilter } from '../../contract/bulkByFilter';
import { formatCount } from '../../domain/intl';
import type { BulkChangeOutput } from '../bulkChange/bulkChangeMachine';
import type { UsersListEmitted } from './types';

/** A change by filter, with how many members the list showed for it when it was asked for. */
type BulkByFilterChange = BulkByFilterRequest & { count: number };
export type BulkRequest = BulkUpdateRequest | BulkByFilterChange;
type Updates = BulkUpdateRequest['updates'];

/** How many members the change names: the ids, or the count the view showed for the filter. */
export function bulkCountOf(request: BulkRequest): number {
  return 'userIds' in request ? request.userIds.length : request.count;
}

/** Deactivating or removing licences asks first; granting, activating and a role change do not. */
export function bulkAsksFirst(updates: Updates): boolean {
  return updates.isActive === false || updates.hasLicense === false;
}

function members(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'user' : 'users'}`;
}

/** The confirm dialog's title, what happens, and its confirm button, naming the count. */
export function bulkQuestion(request: BulkRequest): { title: string; detail: string; confirm: string } {
  const count = bulkCountOf(request);
  if (request.updates.isActive === false) {
    return {
      title: `Deactivate ${members(count)}?`,
      detail: 'They will show as pending until an administrator activates them again.',
      confirm: `Deactivate ${members(count)}`,
    };
  }
  return {
    title: `Remove the license from ${members(count)}?`,
    detail: 'They lose their license at once. You can grant it again later.',
    confirm: `Remove ${count === 1 ? 'license' : 'licenses'}`,
  };
}

/** The toast once a bulk change went through: '1 user updated', '1,234 users updated'. */
function bulkUpdatedNotice(updated: number): string {
  return `${members(updated)} updated`;
}

/**
 * The change that undoes a bulk licence or status change: the members it changed (by id), back to
 * the value they had, which is the other one (a member already as asked was not changed). A role
 * change (members had different roles) and a change that changed nobody have none.
 */
function bulkUndoOf(updates: Updates, changedIds: readonly string[]): { userIds: string[]; updates: Updates } | null {
  if (changedIds.length === 0 || Object.keys(updates).length !== 1) return null;
  if (updates.hasLicense !== undefined) return { userIds: [...changedIds], updates: { hasLicense: !updates.hasLicense } };
  if (updates.isActive !== undefined) return { userIds: [...changedIds], updates: { isActive: !updates.isActive } };
  return null;
}

/** The list's filter as the API takes it ('all' left out, the search as sent). */
function filterOf(view: { search: string; status: Exclude<UserStatusFilter, 'deleted'>; role: UserRoleFilter }): MembersFilter {
  const search = view.search.trim();
  return {
    ...(search !== '' ? { search } : {}),
    ...(view.role !== 'all' ? { role: view.role } : {}),
    ...(view.status !== 'all' ? { status: view.status } : {}),
  };
}

/** The change asked for: the selected ids, or, with every matching member selected, the filter and its count. */
export function bulkRequestOf(
  list: { allMatching: boolean; total: number; search: string; status: UserStatusFilter; role: UserRoleFilter },
  asked: { userIds: string[]; updates: Updates },
): BulkRequest {
  // Recently deleted takes no bulk change (its members can only be restored): never by its filter.
  if (!list.allMatching || list.status === 'deleted') return { userIds: asked.userIds, updates: asked.updates };
  return { filter: filterOf({ search: list.search, role: list.role, status: list.status }), updates: asked.updates, count: list.total };
}

/** The toast of a bulk change that went through, with Undo when it can be undone. */
export function bulkNotice(request: BulkRequest | null, outcome: BulkChangeOutput): UsersListEmitted {
  const undo = request ? bulkUndoOf(request.updates, outcome.changedIds) : null;
  return {
    type: 'users.notice',
    message: bulkUpdatedNotice(outcome.updated),
    tone: 'success',
    ...(undo ? { undo: { type: 'users.undoBulk', ...undo } } : {}),
  };
}
