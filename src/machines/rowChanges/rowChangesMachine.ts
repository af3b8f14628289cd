/**
 * The users list's row changes (SPEC §4: toggle licence, toggle status), a child the list invokes
 * for as long as it is open and forwards `users.setLicense` / `users.setStatus` to; and Restore of
 * a member in Recently deleted (`users.restore`, sent to it by the row menu: ./intents.ts).
 *
 * - Each change states the wanted value (a retry cannot undo it) and runs as one `runRowAction`
 *   actor per row and kind, beside whatever the list is doing; a second toggle of a row and kind
 *   already in flight is ignored.
 * - The row actor answers `row.succeeded`, `row.failed`, or `row.conflicted` when the server refused
 *   the change as in conflict (409) with the member as it is now. This machine stops that actor,
 *   frees the row (`busy`, `wanted`) and passes the answer on to the list, which shows it (the row, the
 *   counts, the toast with Undo, or the message above the table).
 */
import { enqueueActions, sendParent, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { User } from '../../contract/api';
import { placeholderCallback } from '../shared';
import { rowActorId, rowKey, type RowActionInput, type RowActionResult } from './rows';

export interface RowChangesContext {
  /** Row changes in flight: `${kind}:${userId}`. */
  busy: string[];
  /**
   * The value each change in flight asks for, by the same key: what its switch shows until the
   * answer comes, whatever copy of the member a page brings meanwhile.
   */
  wanted: Record<string, boolean>;
}

/** A row change asked for (the list forwards these), or the answer of a row actor. */
export type RowChangesEvent =
  | { type: 'users.setLicense'; user: User; hasLicense: boolean }
  | { type: 'users.setStatus'; user: User; isActive: boolean }
  /** Restore from Recently deleted (sent by the view through ./intents.ts). */
  | { type: 'users.restore'; user: User }
  | RowActionResult;

function userIdOf(result: RowActionResult): string {
  return result.type === 'row.failed' ? result.userId : result.user.userId;
}

export const rowChangesMachine = setup({
  types: {
    context: {} as RowChangesContext,
    events: {} as RowChangesEvent,
  },
  actors: {
    runRowAction: placeholderCallback<{ type: 'noop' }, RowActionInput>('runRowAction'),
  },
  guards: {
    /** One change per row and kind at a time. */
    isRowFree: ({ context }, { kind, user }: Pick<RowActionInput, 'kind' | 'user'>) => !context.busy.includes(rowKey(kind, user.userId)),
  },
  actions: {
    startRowAction: enqueueActions(({ context, enqueue }, input: RowActionInput) => {
      const key = rowKey(input.kind, input.user.userId);
      enqueue.assign({ busy: [...context.busy, key], wanted: { ...context.wanted, [key]: input.value } });
      enqueue.spawnChild('runRowAction', { id: rowActorId(input.kind, input.user.userId), input });
    }),
    /** The row's actor is done: it stops, and the row is free. */
    finishRowAction: enqueueActions(({ context, enqueue }, result: RowActionResult) => {
      const userId = userIdOf(result);
      const done = rowKey(result.kind, userId);
      enqueue.stopChild(rowActorId(result.kind, userId));
      const { [done]: _answered, ...wanted } = context.wanted;
      enqueue.assign({ busy: context.busy.filter((key) => key !== done), wanted });
    }),
    /** The list hears the answer. */
    reportToList: sendParent((_, result: RowActionResult) => result),
  },
}).createMachine({
  id: 'rowChanges',
  meta: { spec: ['§4 Users'] },
  context: { busy: [], wanted: {} },
  on: {
    'users.setLicense': {
      guard: { type: 'isRowFree', params: ({ event }) => ({ kind: 'license', user: event.user }) },
      actions: { type: 'startRowAction', params: ({ event }) => ({ kind: 'license', user: event.user, value: event.hasLicense }) },
    },
    'users.setStatus': {
      guard: { type: 'isRowFree', params: ({ event }) => ({ kind: 'status', user: event.user }) },
      actions: { type: 'startRowAction', params: ({ event }) => ({ kind: 'status', user: event.user, value: event.isActive }) },
    },
    'users.restore': {
      guard: { type: 'isRowFree', params: ({ event }) => ({ kind: 'restore', user: event.user }) },
      actions: { type: 'startRowAction', params: ({ event }) => ({ kind: 'restore', user: event.user, value: true }) },
    },
    'row.succeeded': {
      actions: [
        { type: 'finishRowAction', params: ({ event }) => event },
        { type: 'reportToList', params: ({ event }) => event },
      ],
    },
    'row.failed': {
      actions: [
        { type: 'finishRowAction', params: ({ event }) => event },
        { type: 'reportToList', params: ({ event }) => event },
      ],
    },
    'row.conflicted': {
      actions: [
        { type: 'finishRowAction', params: ({ event }) => event },
        { type: 'reportToList', params: ({ event }) => event },
      ],
    },
  },
});

export type RowChangesActorRef = ActorRefFrom<typeof rowChangesMachine>;
export type RowChangesSnapshot = SnapshotFrom<typeof rowChangesMachine>;
