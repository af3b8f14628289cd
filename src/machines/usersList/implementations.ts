import { fromCallback, fromPromise } from 'xstate';
import type { Services } from '../../services';
import { ApiRequestError } from '../../services/api/errors';
import type { BulkUpdateRequest } from '../../contract/api';
import { addUserImplementations, addUserMachine } from '../addUser';
import { editUserImplementations, editUserMachine } from '../editUser';
import type { LoadUsersInput, RowActionInput, RowActionResult, UsersPage } from './usersListMachine';

function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === 'AbortError';
}

export function usersListImplementations(services: Services) {
  const { users } = services.api;
  return {
    actors: {
      /** The page, and the Quick Stats with it when asked (first load, after a change to the members). */
      loadUsers: fromPromise<UsersPage, LoadUsersInput>(async ({ input, signal }) => {
        const { withStats, ...query } = input;
        const [list, stats] = await Promise.all([users.list(query, { signal }), withStats ? users.stats({ signal }) : null]);
        return { list, stats };
      }),
      /**
       * One licence or status change to the wanted value; reports back to the list, aborted if the
       * list stops first. A 409 (the change conflicts with the member as they are now) reads the
       * member again, so the row can show them as they are.
       */
      runRowAction: fromCallback<{ type: 'noop' }, RowActionInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        const { signal } = controller;
        const { kind, user, value } = input;
        const change =
          kind === 'license' ? users.setLicense(user.userId, value, { signal }) : users.setStatus(user.userId, value, { signal });
        const report = async (): Promise<RowActionResult> => {
          try {
            return { type: 'row.succeeded', kind, before: user, user: await change };
          } catch (error) {
            if (!(error instanceof ApiRequestError && error.status === 409)) throw error;
            try {
              return { type: 'row.conflicted', kind, user: await users.get(user.userId, { signal }), message: error.message };
            } catch (readError) {
              if (isAbort(readError)) throw readError;
              throw error;
            }
          }
        };
        report().then(sendBack, (error: unknown) => {
          if (isAbort(error)) return;
          const result: RowActionResult = { type: 'row.failed', kind, userId: user.userId, error };
          sendBack(result);
        });
        return () => controller.abort();
      }),
      deleteUser: fromPromise<void, { userId: string }>(({ input, signal }) => users.remove(input.userId, { signal })),
      bulkUpdate: fromPromise<number, BulkUpdateRequest>(async ({ input, signal }) => (await users.bulkUpdate(input, { signal })).updated),
      addUser: addUserMachine.provide(addUserImplementations(services)),
      editUser: editUserMachine.provide(editUserImplementations(services)),
    },
  };
}
