import type { AuditEntry } from '../../contract/audit';
import type { ActivityKindFilter } from './describe';
import type { ActivitySnapshot } from './activityMachine';

export const selectEntries = (s: ActivitySnapshot): AuditEntry[] => s.context.entries;
export const selectTotal = (s: ActivitySnapshot): number => s.context.total;
export const selectPage = (s: ActivitySnapshot): number => s.context.page;
export const selectLimit = (s: ActivitySnapshot): number => s.context.limit;
export const selectKind = (s: ActivitySnapshot): ActivityKindFilter => s.context.kind;
const isFailed = (s: ActivitySnapshot): boolean => s.matches({ trail: { browsing: 'failed' } });
/** True while no page has arrived yet: the list shows placeholders. */
export const selectIsFirstLoad = (s: ActivitySnapshot): boolean => !s.context.hasLoaded && !isFailed(s);
/** True while a page is on its way (the shown entries are dimmed). */
export const selectIsLoading = (s: ActivitySnapshot): boolean => !s.matches({ trail: { browsing: 'ready' } }) && !isFailed(s);
export const selectError = (s: ActivitySnapshot): string | null => (isFailed(s) ? s.context.error : null);
/** Nothing to show: a page arrived and it is empty. */
export const selectIsEmpty = (s: ActivitySnapshot): boolean =>
  s.matches({ trail: { browsing: 'ready' } }) && s.context.entries.length === 0;
/** The member filter for the chip ('Member: Ana Diaz ✕'): their name when known, else their id; null for every member. */
export const selectMemberFilter = (s: ActivitySnapshot): { memberId: string; label: string } | null =>
  s.context.memberId === null ? null : { memberId: s.context.memberId, label: s.context.memberName ?? s.context.memberId };
/** Who made the changes shown, for the chip ('Changed by: Dana Whitfield ✕'); null for anyone. */
export const selectActorFilter = (s: ActivitySnapshot): { memberId: string; label: string } | null =>
  s.context.actorId === null ? null : { memberId: s.context.actorId, label: s.context.actorName ?? s.context.actorId };
/** The date range applied ('' for an open end), for the two date fields. */
export const selectDates = (s: ActivitySnapshot): { from: string; to: string } => ({ from: s.context.from ?? '', to: s.context.to ?? '' });
/** Why the dates chosen were not applied, or null. */
export const selectDateError = (s: ActivitySnapshot): string | null => s.context.dateError;
/** True while an export is being prepared: the Export CSV button shows it and waits. */
export const selectIsExporting = (s: ActivitySnapshot): boolean => s.matches({ export: 'preparing' });
/** Why the last export failed, or null. */
export const selectExportError = (s: ActivitySnapshot): string | null => s.context.exportError;
export type ActivityFilteredBy = 'kind' | 'member' | 'both' | 'several' | null;
/**
 * Which filters are on, so that an empty answer says which one to change: a kind of change, a
 * member, both, any other combination (who made it, dates), or none.
 */
export const selectFilteredBy = (s: ActivitySnapshot): ActivityFilteredBy => {
  const { context } = s;
  if (context.actorId !== null || context.from !== null || context.to !== null) return 'several';
  const kind = context.kind !== 'all';
  const member = context.memberId !== null;
  return kind && member ? 'both' : kind ? 'kind' : member ? 'member' : null;
};
/** Some filter is on: an empty answer says 'No matching activity' instead of 'No activity yet', and 'Clear filters' shows. */
export const selectIsFiltered = (s: ActivitySnapshot): boolean => selectFilteredBy(s) !== null;
