/**
 * The selectors every load screen shares, typed by what they read, so each screen's snapshot
 * (whatever its data, event and states) fits them.
 */
import type { LoadContext } from './createLoadMachine';

interface LoadSnapshotView<TData> {
  context: LoadContext<TData>;
  hasTag(tag: 'pending'): boolean;
  matches(state: 'failed'): boolean;
}

export const selectIsLoading = (s: LoadSnapshotView<unknown>): boolean => s.hasTag('pending');
export const selectHasFailed = (s: LoadSnapshotView<unknown>): boolean => s.matches('failed');
/** The failure's message while the error box shows; null while loading again and once data arrives. */
export const selectError = (s: LoadSnapshotView<unknown>): string | null => (s.matches('failed') ? s.context.error : null);
/** The last data loaded (kept while loading again and after a failed reload). */
export const selectData = <TData>(s: LoadSnapshotView<TData>): TData | null => s.context.data;
/** For a screen with an `empty` state. */
export const selectIsEmpty = (s: { matches(state: 'empty'): boolean }): boolean => s.matches('empty');
