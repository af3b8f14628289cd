import type { RowChangesSnapshot } from './rowChangesMachine';

/** Row changes in flight (`${kind}:${userId}`): their switches and menu items wait. */
export const selectRowsBusy = (s: RowChangesSnapshot): string[] => s.context.busy;

/** What each change in flight asks for, by the same key: a licence switch shows it until the answer comes. */
export const selectRowsWanted = (s: RowChangesSnapshot): Readonly<Record<string, boolean>> => s.context.wanted;
