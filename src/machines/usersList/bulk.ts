/**
 * Bulk changes of the users list: which ones ask first (those taking something away from many
 * members at once — deactivating them, removing their licence), and what the question says.
 * Pure: the machine's guard and the confirm dialog read these.
 */
import type { BulkUpdateRequest } from '../../contract/api';

export type BulkRequest = BulkUpdateRequest;

/** Deactivating or removing licences asks first; granting, activating and a role change do not. */
export function bulkAsksFirst(updates: BulkRequest['updates']): boolean {
  return updates.isActive === false || updates.hasLicense === false;
}

function members(count: number): string {
  return `${count} ${count === 1 ? 'user' : 'users'}`;
}

/** The confirm dialog's title, what happens, and its confirm button, naming the count. */
export function bulkQuestion(request: BulkRequest): { title: string; detail: string; confirm: string } {
  const count = request.userIds.length;
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

/** The toast once a bulk change went through: '1 user updated', '12 users updated'. */
export function bulkUpdatedNotice(updated: number): string {
  return `${members(updated)} updated`;
}
