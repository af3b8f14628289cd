import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { AddressBar } from '../../services/address';
import type { AppStorage } from '../../services/storage';
import { addUserImplementations, addUserMachine } from '../addUser';
import { bulkChangeImplementations, bulkChangeMachine } from '../bulkChange';
import { csvExportMachine, type ExportQuery, type ExportedFile } from '../csvExport';
import { localDate, openDownload } from '../csvExport/implementations';
import { editUserImplementations, editUserMachine } from '../editUser';
import { memberImportImplementations, memberImportMachine } from '../memberImport';
import { invitationImplementations, invitationMachine } from '../invitation';
import { rowChangesImplementations, rowChangesMachine } from '../rowChanges';
import { urlViewImplementations } from '../urlView/implementations';
import { openingQuery } from './ahead';
import type { ExportMembersInput, LoadUsersInput, UsersPage } from './page';

/**
 * The view in the URL (../urlView): a link back to the list that names no view opens the last one,
 * and every view written is remembered for it.
 */
export function usersViewImplementations(address: AddressBar, storage: Pick<AppStorage, 'loadUsersView' | 'saveUsersView'>) {
  return urlViewImplementations(address, {
    event: 'users.urlChanged',
    openingQuery: (opened) => openingQuery(opened, storage),
    remember: (query) => storage.saveUsersView(query),
  });
}

/** Export CSV of the members the list selects (every page): a one-time link on the API's base URL. */
export function membersExportImplementations(services: Pick<Services, 'api'>) {
  return {
    actors: {
      // The list invokes its export with what it selects (exportInputOf): an ExportMembersInput.
      prepareExport: fromAbortablePromise<ExportedFile, ExportQuery>(({ input, signal }) =>
        services.api.users.export({ ...(input as ExportMembersInput), today: localDate(new Date()) }, { signal }),
      ),
    },
    actions: { openDownload },
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
      deleteUser: fromAbortablePromise<void, { userId: string }>(({ input, signal }) => users.remove(input.userId, { signal })),
      rowChanges: rowChangesMachine.provide(rowChangesImplementations(services)),
      invitation: invitationMachine.provide(invitationImplementations(services)),
      bulkChange: bulkChangeMachine.provide(bulkChangeImplementations(services)),
      csvExport: csvExportMachine.provide(membersExportImplementations(services)),
      addUser: addUserMachine.provide(addUserImplementations(services)),
      editUser: editUserMachine.provide(editUserImplementations(services)),
      memberImport: memberImportMachine.provide(memberImportImplementations(services)),
    },
    actions: view.actions,
  };
}
