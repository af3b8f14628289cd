/**
 * What the list does when an invitation change ends (../invitation): a resent invitation's row shows
 * its new dates, a revoked one's member leaves the page and the counts, and a toast says so (or why
 * a resend failed). Pure: the machine's action calls these.
 */
import type { User, UserStats } from '../../contract/api';
import type { InvitationSettled } from '../invitation/invitationMachine';
import { replaceUser, withoutMember } from './rowResults';
import type { UsersListContext, UsersListEmitted } from './types';

type ListPart = Pick<UsersListContext, 'users' | 'total' | 'stats' | 'selected' | 'gone'>;

/** The counts without a member who was removed. */
function countsWithout(stats: UserStats, user: User): UserStats {
  return {
    total: Math.max(0, stats.total - 1),
    active: Math.max(0, stats.active - (user.isActive ? 1 : 0)),
    pending: Math.max(0, stats.pending - (user.isActive ? 0 : 1)),
    licensed: Math.max(0, stats.licensed - (user.hasLicense ? 1 : 0)),
  };
}

export function listAfterInvitation(list: ListPart, settled: InvitationSettled): Partial<ListPart> {
  if (settled.outcome === 'failed') return {};
  if (settled.outcome === 'resent') return { users: replaceUser(list.users, settled.user) };
  const { userId } = settled.user;
  const stats = list.stats ? countsWithout(list.stats, settled.user) : list.stats;
  const left = withoutMember(list, userId);
  if (left === null) return { stats };
  return { ...left, total: Math.max(0, list.total - 1), stats, selected: list.selected.filter((id) => id !== userId) };
}

export function invitationToast(settled: InvitationSettled): UsersListEmitted {
  if (settled.outcome === 'failed') return { type: 'users.notice', message: settled.message, tone: 'error' };
  if (settled.outcome === 'resent') {
    return { type: 'users.notice', message: `A new invitation was sent to ${settled.user.email}`, tone: 'success' };
  }
  return { type: 'users.notice', message: `The invitation of ${settled.user.name} was revoked`, tone: 'success' };
}
