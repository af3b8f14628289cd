import { fromCallback } from 'xstate';
import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { AddressBar } from '../../services/address';
import type { AppStorage } from '../../services/storage';
import { ApiRequestError } from '../../services/api/errors';
import type { BulkUpdateRequest } from '../../contract/api';
import { addUserImplementations, addUserMachine } from '../addUser';
import { editUserImplementations, editUserMachine } from '../editUser';
import type { ExportedFile, ExportMembersInput } from './exporting';
import type { LoadUsersInput, UsersPage } from './page';
import type { RowActionInput, RowActionResult } from './rows';
import { openingQuery } from './ahead';

/** The browser's local date, YYYY-MM-DD: the day the administrator sees, for the export's file name. */
function localDate(now: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

// Stryker disable all: an abort happens only when the list stops the row actor, and XState drops what a stopped callback actor sends back, so whether an aborted change is reported is not observable (the abort itself is tested)
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && (error as { name: unknown }).name === 'AbortError';
}
// Stryker restore all

/** The view in the URL (./view.ts): the address as it is and as it moves, and the view written back. */
export function usersViewImplementations(address: AddressBar, storage: Pick<AppStorage, 'loadUsersView' | 'saveUsersView'>) {
  return {
    actors: {
      /**
       * The address now (a link back to the list that names no view opens the last one), then every
       * Back or Forward that stays on the list's path.
       */
      watchUrl: fromCallback<{ type: 'noop' }>(({ sendBack }) => {
        const opened = address.current();
        sendBack({ type: 'users.urlChanged', query: openingQuery(opened, storage) });
        return address.onHistoryMove((moved) => {
          if (moved.path === opened.path) sendBack({ type: 'users.urlChanged', query: moved.query });
        });
      }),
    },
    actions: {
      writeUrl: (_: unknown, params: { query: string; mode: 'push' | 'replace' }) => {
        address.setQuery(params.query, params.mode);
        storage.saveUsersView(params.query);
      },
    },
  };
}

export function usersListImplementations(services: Services) {
  const { users } = services.api;
  const view = usersViewImplementations(services.address, services.storage);
  return {
    actors: {
      ...view.actors,
      /** The page, and the Quick Stats with it when asked (first load, after a change to the members). */
      loadUsers: fromAbortablePromise<UsersPage, LoadUsersInput>(async ({ input, signal }) => {
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
              // Stryker disable next-line ConditionalExpression: an abort happens only when the list stops the row actor, and XState drops what a stopped callback actor sends back (see isAbort)
              if (isAbort(readError)) throw readError;
              throw error;
            }
          }
        };
        report().then(sendBack, (error: unknown) => {
          // Stryker disable next-line ConditionalExpression: same: what is sent back after an abort reaches no one
          if (isAbort(error)) return;
          const result: RowActionResult = { type: 'row.failed', kind, userId: user.userId, error };
          sendBack(result);
        });
        return () => controller.abort();
      }),
      deleteUser: fromAbortablePromise<void, { userId: string }>(({ input, signal }) => users.remove(input.userId, { signal })),
      bulkUpdate: fromAbortablePromise<number, BulkUpdateRequest>(
        async ({ input, signal }) => (await users.bulkUpdate(input, { signal })).updated,
      ),
      /** A one-time link to the CSV of what the list selects (every page), on the API's base URL. */
      exportMembers: fromAbortablePromise<ExportedFile, ExportMembersInput>(({ input, signal }) =>
        users.export({ ...input, today: localDate(new Date()) }, { signal }),
      ),
      addUser: addUserMachine.provide(addUserImplementations(services)),
      editUser: editUserMachine.provide(editUserImplementations(services)),
    },
    actions: {
      /**
       * The browser fetches the file itself (no bearer token: the link is one-time) and its download
       * manager writes it as it streams. The answer is an attachment, so the console stays loaded.
       */
      openDownload: (_: unknown, params: { url: string }) => {
        window.location.assign(params.url);
      },
      ...view.actions,
    },
  };
}
