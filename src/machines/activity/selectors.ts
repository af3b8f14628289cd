import type { AuditEntry } from '../../contract/audit';
import type { ActivityKindFilter } from './describe';
import type { ActivitySnapshot } from './activityMachine';

export const selectEntries = (s: ActivitySnapshot): AuditEntry[] => s.context.entries;
export const selectTotal = (s: ActivitySnapshot): number => s.context.total;
export const selectPage = (s: ActivitySnapshot): number => s.context.page;
export const selectLimit = (s: ActivitySnapshot): number => s.context.limit;
export const selectKind = (s: ActivitySnapshot): ActivityKindFilter => s.context.kind;
/** True while no page has arrived yet: the list shows placeholders. */
export const selectIsFirstLoad = (s: ActivitySnapshot): boolean => !s.context.hasLoaded && !s.matches({ browsing: 'failed' });
/** True while a page is on its way (the shown entries are dimmed). */
export const selectIsLoading = (s: ActivitySnapshot): boolean => s.hasTag('pending');
export const selectError = (s: ActivitySnapshot): string | null => (s.matches({ browsing: 'failed' }) ? s.context.error : null);
/** Nothing to show: a page arrived and it is empty. */
export const selectIsEmpty = (s: ActivitySnapshot): boolean => s.matches({ browsing: 'ready' }) && s.context.entries.length === 0;
/** The member filter for the chip ('Member: Ana Diaz ✕'): their name when known, else their id; null for every member. */
export const selectMemberFilter = (s: ActivitySnapshot): { memberId: string; label: string } | null =>
  s.context.memberId === null ? null : { memberId: s.context.memberId, label: s.context.memberName ?? s.context.memberId };
export type ActivityFilteredBy = 'kind' | 'member' | 'both' | null;
/** Which filters are on, so that an empty answer says which one to change: a kind of change, a member, both, or none. */
export const selectFilteredBy = (s: ActivitySnapshot): ActivityFilteredBy => {
  const kind = s.context.kind !== 'all';
  const member = s.context.memberId !== null;
  return kind && member ? 'both' : kind ? 'kind' : member ? 'member' : null;
};
/** Some filter is on: an empty answer says 'No matching activity' instead of 'No activity yet'. */
export const selectIsFiltered = (s: ActivitySnapshot): boolean => selectFilteredBy(s) !== null;
