import type { RowChangesSnapshot } from './rowChangesMachine';

/** Row changes in flight (`${kind}:${userId}`): their switches and menu items wait. */
export const selectRowsBusy = (s: RowChangesSnapshot): string[] => s.context.busy;
