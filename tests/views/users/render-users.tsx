/**
 * Renders the Users screen as the app does (Chakra, the machines context, a memory router and the
 * toaster), with every side effect of the users machines replaced by test doubles at the network
 * boundary: promise doubles from tests/support/model and a controllable double for row actions.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { fromCallback, type AnyActorLogic, type AnyEventObject, type InspectionEvent } from 'xstate';
import { addUserMachine } from '../../../src/machines/addUser';
import { editUserMachine } from '../../../src/machines/editUser';
import { bulkChangeMachine } from '../../../src/machines/bulkChange';
import { csvExportMachine } from '../../../src/machines/csvExport';
import { memberImportMachine } from '../../../src/machines/memberImport';
import { invitationMachine } from '../../../src/machines/invitation';
import { rowChangesMachine } from '../../../src/machines/rowChanges';
import { usersListMachine, type RowActionInput, type RowActionResult } from '../../../src/machines/usersList';
import { usersViewImplementations } from '../../../src/machines/usersList/implementations';
import { createAddressBar } from '../../../src/services/address';
import { createMemoryAddressHost } from '../../support/address';
import { createControllableActors } from '../../support/model';
import { IMPORT_ACTORS } from './render-import';
import type { User } from '../../../src/contract/api';
import { MachinesProvider, type AppActors } from '../../../src/views/app/machinesContext';
import { AppToaster, toaster } from '../../../src/views/shared/toaster';
import { getSystem } from '../../../src/views/theme/system';
import { UsersScreen } from '../../../src/views/users/UsersScreen';

/**
 * `window.matchMedia` for a phone-sized window: the members show as cards (UsersTable's query).
 * Undone by `vi.unstubAllGlobals()`.
 */
export function onAPhone(): void {
  vi.stubGlobal('matchMedia', (query: string) => ({
    media: query,
    matches: query === '(max-width: 48em)',
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }));
}

/**
 * jsdom has no ResizeObserver; Chakra's menus position themselves with one. Layout does not exist
 * in jsdom, so an observer that never reports is faithful to it.
 */
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

export const noAppActors = new Proxy({} as AppActors, {
  get(_target, key) {
    throw new Error(`The screen should not read app actor "${String(key)}"`);
  },
});

interface RowCall {
  input: RowActionInput;
  stopped: boolean;
  sendBack: (event: AnyEventObject) => void;
}

/** A controllable stand-in for the row-action callback actor (one PATCH per call in the app). */
function createRowActions() {
  const calls: RowCall[] = [];
  const logic = fromCallback<{ type: 'noop' }, RowActionInput>(({ input, sendBack }) => {
    const call: RowCall = { input, stopped: false, sendBack };
    calls.push(call);
    return () => {
      call.stopped = true;
    };
  });
  const open = () => calls.filter((c) => !c.stopped);
  return {
    logic,
    calls,
    open,
    /** Answer the oldest open call as the server would: the flag set to the wanted value, one version on. */
    succeed(overrides: Partial<User> = {}) {
      const call = open()[0];
      if (!call) throw new Error('No row action in flight');
      const { kind, user, value } = call.input;
      // A restore answers the member back from Recently deleted, without its dates.
      const { deletedAt: _deleted, purgeAt: _purge, ...restored } = user;
      const updated = kind === 'license' ? { ...user, hasLicense: value } : kind === 'status' ? { ...user, isActive: value } : restored;
      const result: RowActionResult = {
        type: 'row.succeeded',
        kind,
        before: user,
        user: { ...updated, version: user.version + 1, ...overrides },
      };
      call.sendBack(result);
    },
    /** Answer the oldest open call with a refused change (409) and the member as the server has them now. */
    conflict(current: User, message: string) {
      const call = open()[0];
      if (!call) throw new Error('No row action in flight');
      const result: RowActionResult = { type: 'row.conflicted', kind: call.input.kind, user: current, message };
      call.sendBack(result);
    },
    fail(error: unknown) {
      const call = open()[0];
      if (!call) throw new Error('No row action in flight');
      const result: RowActionResult = { type: 'row.failed', kind: call.input.kind, userId: call.input.user.userId, error };
      call.sendBack(result);
    },
  };
}

/** Every side effect of the users machines, as controllable doubles. */
export function createUsersDoubles(options: { url?: string; state?: unknown } = {}) {
  let savedView: string | null = null;
  return {
    /** The browser's address bar and history (the real address service runs on it). */
    address: createMemoryAddressHost(options.url ?? '/users', options.state ?? null),
    /** The tab's remembered users view (sessionStorage in the app). */
    viewStore: {
      loadUsersView: () => savedView,
      saveUsersView: (query: string) => {
        savedView = query;
      },
    },
    list: createControllableActors(usersListMachine, ['loadUsers', 'deleteUser']),
    /** The bulk change's PATCH (../bulkChange) and the export's link (../csvExport). */
    bulk: createControllableActors(bulkChangeMachine, ['bulkUpdate']),
    exports: createControllableActors(csvExportMachine, ['prepareExport']),
    add: createControllableActors(addUserMachine, ['inviteUser']),
    edit: createControllableActors(editUserMachine, ['updateUser', 'loadUser']),
    rows: createRowActions(),
    /** Import CSV's calls (../memberImport). */
    imports: createControllableActors(memberImportMachine, [...IMPORT_ACTORS]),
    /** Resend and Revoke invitation (../invitation): POST …/invitation/resend and DELETE …/invitation. */
    invitations: createControllableActors(invitationMachine, ['resendInvitation', 'revokeInvitation']),
    /** The links `openDownload` was given (the app has the browser open them). */
    downloads: [] as string[],
  };
}
export type UsersDoubles = ReturnType<typeof createUsersDoubles>;

function usersMachineWith(doubles: UsersDoubles, delays?: { searchDebounce: number; importPoll?: number }, watchUrl?: AnyActorLogic) {
  const importPoll = delays?.importPoll;
  const searchDebounce = delays?.searchDebounce;
  const view = usersViewImplementations(createAddressBar(doubles.address.host), doubles.viewStore);
  return usersListMachine.provide({
    actors: {
      ...view.actors,
      ...(watchUrl ? { watchUrl } : {}),
      ...doubles.list.actors,
      rowChanges: rowChangesMachine.provide({ actors: { runRowAction: doubles.rows.logic } }),
      invitation: invitationMachine.provide({ actors: doubles.invitations.actors }),
      bulkChange: bulkChangeMachine.provide({ actors: doubles.bulk.actors }),
      csvExport: csvExportMachine.provide({
        actors: doubles.exports.actors,
        actions: {
          openDownload: (_: unknown, params: { url: string }) => {
            doubles.downloads.push(params.url);
          },
        },
      }),
      addUser: addUserMachine.provide({ actors: doubles.add.actors }),
      editUser: editUserMachine.provide({ actors: doubles.edit.actors }),
      memberImport: memberImportMachine.provide({
        actors: doubles.imports.actors,
        actions: {
          openDownload: (_: unknown, params: { url: string }) => {
            doubles.downloads.push(params.url);
          },
        },
        ...(importPoll !== undefined ? { delays: { importPoll } } : {}),
      }),
    },
    actions: view.actions,
    ...(searchDebounce !== undefined ? { delays: { searchDebounce } } : {}),
  });
}

export function renderUsers(options: {
  doubles: UsersDoubles;
  delays?: { searchDebounce: number; importPoll?: number };
  inspect?: (event: InspectionEvent) => void;
  /** Stands in for the address watcher (the model walk reports the address itself). */
  watchUrl?: AnyActorLogic;
}) {
  // The toaster is one store for the whole file, as in the app, and shows at most 4 toasts, queueing
  // the rest until one goes (5 s): a screen starts without the toasts an earlier test left in it.
  toaster.remove();
  const location = memoryLocation({ path: '/users', record: true });
  const machine = usersMachineWith(options.doubles, options.delays, options.watchUrl);
  const result = render(
    <ChakraProvider value={getSystem()}>
      <MachinesProvider machines={{ usersList: machine }} actors={noAppActors} {...(options.inspect ? { inspect: options.inspect } : {})}>
        <Router hook={location.hook}>
          <UsersScreen />
        </Router>
      </MachinesProvider>
      <AppToaster />
    </ChakraProvider>,
  );
  return { ...result, location };
}
