import { fromCallback, fromPromise } from 'xstate';
import type { Services } from '../../services';
import type { BulkUpdateRequest } from '../../services/api/schemas';
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
      /** One licence or status toggle; reports back to the list, aborted if the list stops first. */
      runRowAction: fromCallback<{ type: 'noop' }, RowActionInput>(({ input, sendBack }) => {
        const controller = new AbortController();
        const { kind, user } = input;
        const call = kind === 'license' ? users.toggleLicense : users.toggleStatus;
        call(user.userId, { signal: controller.signal }).then(
          (updated) => {
            const result: RowActionResult = { type: 'row.succeeded', kind, before: user, user: updated };
            sendBack(result);
          },
          (error: unknown) => {
            if (isAbort(error)) return;
            const result: RowActionResult = { type: 'row.failed', kind, userId: user.userId, error };
            sendBack(result);
          },
        );
        return () => controller.abort();
      }),
      deleteUser: fromPromise<void, { userId: string }>(({ input, signal }) => users.remove(input.userId, { signal })),
      bulkUpdate: fromPromise<number, BulkUpdateRequest>(async ({ input, signal }) => (await users.bulkUpdate(input, { signal })).updated),
      addUser: addUserMachine.provide(addUserImplementations(services)),
      editUser: editUserMachine.provide(editUserImplementations(services)),
    },
  };
}
