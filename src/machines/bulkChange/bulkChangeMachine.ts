/**
 * One bulk change of the users list (PATCH /api/users/bulk: licences, status or role of the
 * selected members, by id or by the list's filter: ../usersList/bulk.ts), a child the list invokes once the change is asked for and, when it takes
 * something away, confirmed (../usersList/bulk.ts). It sends the change and ends with what the
 * server says: how many members it updated, or why it failed (the API's message, or
 * 'Failed to update user'). Leaving it (the list closes) aborts the request.
 */
import { assign, setup } from 'xstate';
import type { BulkUpdateResponse } from '../../contract/api';
import type { BulkRequest } from '../usersList/bulk';
import { messageOf, placeholderActor } from '../shared';
import { UPDATE_USER_FALLBACK } from '../usersList/messages';

/** How the change ended: the members updated and the ids of those it changed, or the message of its failure. */
export interface BulkChangeOutput {
  updated: number;
  changedIds: string[];
  failure: string | null;
}

export interface BulkChangeContext {
  request: BulkRequest;
  outcome: BulkChangeOutput;
}

export const bulkChangeMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as BulkChangeContext,
    input: {} as BulkRequest,
    output: {} as BulkChangeOutput,
  },
  actors: {
    bulkUpdate: placeholderActor<BulkUpdateResponse, BulkRequest>('bulkUpdate'),
  },
  actions: {
    assignUpdated: assign((_, answer: BulkUpdateResponse) => ({
      outcome: { updated: answer.updated, changedIds: answer.changedIds ?? [], failure: null },
    })),
    assignFailure: assign((_, error: unknown) => ({
      outcome: { updated: 0, changedIds: [], failure: messageOf(error, UPDATE_USER_FALLBACK) },
    })),
  },
}).createMachine({
  id: 'bulkChange',
  meta: { spec: ['§7 The calls it makes'] },
  context: ({ input }) => ({ request: input, outcome: { updated: 0, changedIds: [], failure: null } }),
  initial: 'updating',
  states: {
    updating: {
      tags: ['pending'],
      invoke: {
        id: 'bulkUpdate',
        src: 'bulkUpdate',
        input: ({ context }) => context.request,
        onDone: { target: 'updated', actions: { type: 'assignUpdated', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
        },
      },
    },
    updated: { type: 'final' },
    failed: { type: 'final' },
  },
  output: ({ context }) => context.outcome,
});
