/**
 * What the users list machine (./usersListMachine.ts) names: its types, the actors it invokes (the
 * side effects its implementations provide, and its child machines), its guards and its actions.
 * The statechart itself, when each of these runs, is in ./usersListMachine.ts.
 */
import { assertEvent, assign, emit, enqueueActions, setup } from 'xstate';
import type { User } from '../../contract/api';
import { addUserMachine } from '../addUser/addUserMachine';
import { bulkChangeMachine, type BulkChangeOutput } from '../bulkChange/bulkChangeMachine';
import { csvExportMachine, type CsvExportOutput } from '../csvExport/csvExportMachine';
import { editUserMachine } from '../editUser/editUserMachine';
import { memberImportMachine } from '../memberImport/memberImportMachine';
import { invitationMachine } from '../invitation/invitationMachine';
import { rowChangesMachine } from '../rowChanges/rowChangesMachine';
import { ROW_FALLBACK } from '../rowChanges/rows';
import { messageOf, placeholderActor, present } from '../shared';
import { watchUrlPlaceholder, writeUrlPlaceholder, type UrlWrite } from '../urlView';
import { bulkAsksFirst, bulkNotice, bulkRequestOf } from './bulk';
import { DELETE_USER_FALLBACK, FETCH_USERS_FALLBACK } from './messages';
import { invitationToast, listAfterInvitation } from './invitationResults';
import { pageShown, selectionAfter, type LoadUsersInput, type UsersPage } from './page';
import { replaceUser, rowResultToast, showMember } from './rowResults';
import type { UsersListContext, UsersListEmitted, UsersListEvent, UsersListInput } from './types';
import { parseUsersView } from './view';

export const usersListSetup = setup({
  types: {
    tags: {} as 'pending',
    context: {} as UsersListContext,
    events: {} as UsersListEvent,
    input: {} as UsersListInput | undefined,
    emitted: {} as UsersListEmitted,
  },
  actors: {
    loadUsers: placeholderActor<UsersPage, LoadUsersInput>('loadUsers'),
    deleteUser: placeholderActor<void, { userId: string }>('deleteUser'),
    watchUrl: watchUrlPlaceholder(),
    rowChanges: rowChangesMachine,
    invitation: invitationMachine,
    bulkChange: bulkChangeMachine,
    csvExport: csvExportMachine,
    addUser: addUserMachine,
    editUser: editUserMachine,
    memberImport: memberImportMachine,
  },
  delays: { searchDebounce: 300 },
  guards: {
    /** Guards read events only (the answer echoes its page), so model paths stay deterministic. */
    isPageOutOfRange: (_, page: UsersPage) => page.list.users.length === 0 && page.list.page > 1 && page.list.total > 0,
    namesUsers: ({ event }) => {
      assertEvent(event, 'users.bulkUpdate');
      return event.userIds.length > 0;
    },
    /** Taking something away from many members (deactivating, removing licences) asks first. */
    asksFirst: ({ event }) => {
      assertEvent(event, 'users.bulkUpdate');
      return bulkAsksFirst(event.updates);
    },
    bulkFailed: (_, outcome: BulkChangeOutput) => outcome.failure !== null,
    exportFailed: (_, outcome: CsvExportOutput) => outcome.failure !== null,
  },
  actions: {
    /** A search, a filter or a sort: the query changes, from page 1. */
    assignQuery: assign(({ event }) => {
      assertEvent(event, ['users.search', 'users.filterStatus', 'users.filterRole', 'users.sort']);
      const { type: _, ...change } = event;
      // Another filter selects other members: 'all matching' no longer holds.
      return { ...change, page: 1, allMatching: false };
    }),
    assignView: assign(({ event }) => {
      assertEvent(event, 'users.urlChanged');
      return { ...parseUsersView(event.query), allMatching: false };
    }),
    assignPage: assign(({ event }) => {
      assertEvent(event, 'users.goToPage');
      return { page: Math.max(1, Math.floor(event.page)) };
    }),
    assignLastPage: assign(({ context }, page: UsersPage) => ({ page: Math.max(1, Math.ceil(page.list.total / context.pageSize)) })),
    assignUsersPage: assign(({ context }, page: UsersPage) => pageShown(context, page)),
    assignLoadError: assign((_, error: unknown) => ({ loadError: messageOf(error, FETCH_USERS_FALLBACK) })),
    /** A row change went through, or was refused (409): the member as the answer has them, and the counts. */
    showRowResult: assign(({ context, event }) => {
      assertEvent(event, ['row.succeeded', 'row.conflicted']);
      return showMember(context, event);
    }),
    toastRowResult: emit(({ event }) => {
      assertEvent(event, ['row.succeeded', 'row.conflicted']);
      return rowResultToast(event);
    }),
    assignRowError: assign(({ event }) => {
      assertEvent(event, 'row.failed');
      return { actionError: messageOf(event.error, ROW_FALLBACK[event.kind]) };
    }),
    dismissError: assign({ actionError: null }),
    /** An invitation was resent or revoked (../invitation), or a resend failed: the page, the counts and a toast. */
    showInvitationResult: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'invitation.settled');
      enqueue.assign(listAfterInvitation(context, event));
      enqueue.emit(invitationToast(event));
    }),
    assignSelection: assign(({ context, event }) => {
      assertEvent(event, ['users.select', 'users.selectAll']);
      return { selected: selectionAfter(context, event), allMatching: false };
    }),
    /** Every member the filter selects, on every page (the page's rows shown ticked). */
    selectMatching: assign(({ context }) => ({
      selected: selectionAfter(context, { type: 'users.selectAll', selected: true }),
      allMatching: true,
    })),
    clearSelection: assign({ selected: [], allMatching: false }),
    assignBulkRequest: assign(({ context, event }) => {
      assertEvent(event, 'users.bulkUpdate');
      return { bulkRequest: bulkRequestOf(context, event) };
    }),
    /** Undo of a bulk change: the members it changed, by id, back to their value (no question asked). */
    assignUndoRequest: assign(({ event }) => {
      assertEvent(event, 'users.undoBulk');
      return { bulkRequest: { userIds: event.userIds, updates: event.updates }, actionError: null };
    }),
    clearBulkRequest: assign({ bulkRequest: null }),
    assignActionError: assign((_, message: string | null) => ({ actionError: message })),
    /** Edit or Delete opens on the member (and the message above the table goes). */
    assignDialogTarget: assign(({ event }) => {
      assertEvent(event, ['users.edit', 'users.confirmDelete']);
      return event.type === 'users.edit'
        ? { editTarget: event.user, actionError: null }
        : { deleteTarget: event.user, deleteError: null, actionError: null };
    }),
    clearDialog: assign({ editTarget: null, deleteTarget: null, deleteError: null }),
    replaceUser: assign(({ context }, user: User) => ({ users: replaceUser(context.users, user), editTarget: null })),
    assignDeleteError: assign((_, error: unknown) => ({ deleteError: messageOf(error, DELETE_USER_FALLBACK) })),
    /** The delete went through: the member (set on the way into `deleting`) leaves the selection, and the dialog closes. */
    forgetDeleted: assign(({ context }) => {
      const { userId } = present(context.deleteTarget);
      return { selected: context.selected.filter((id) => id !== userId), deleteTarget: null, deleteError: null };
    }),
    markStatsStale: assign({ statsStale: true }),
    notify: emit((_, message: string) => ({ type: 'users.notice' as const, message, tone: 'success' as const })),
    /** A bulk change went through: how many members, with Undo for a licence or status change. */
    notifyBulk: emit(({ context }, outcome: BulkChangeOutput) => bulkNotice(context.bulkRequest, outcome)),
    notifyError: emit((_, message: string) => ({ type: 'users.notice' as const, message, tone: 'error' as const })),
    /** Replaced with the real one (../urlView): the view's query on the address bar, remembered for 'Back to Users'. */
    writeUrl: (args, params: UrlWrite | null) => writeUrlPlaceholder(args, params),
  },
});
