/**
 * User Management (SPEC §2 Users screen, §4 Users): the filtered, paged list with its Quick Stats,
 * its dialogs, and the children that do the rest.
 *
 * - `list`: a search is debounced, a filter, sort or page loads at once; leaving `loading` aborts
 *   its request, so an older answer never lands. Delete asks first, and so does a bulk change that
 *   takes something away (./bulk.ts).
 * - Children: the row changes (../rowChanges: toggles forwarded to it, answers back as `row.*`,
 *   shown by ./rowResults.ts), the invitations (../invitation: Resend and Revoke, asked through its
 *   own intents, answers back as `invitation.settled`, shown by ./invitationResults.ts), the Add and
 *   Edit dialogs, a bulk change (../bulkChange), Export CSV (../csvExport, in the `export` region:
 *   the list neither waits for it nor stops it), and Import CSV (../memberImport, for as long as the
 *   list is open: a finished import sends `users.imported`, and the page and its counts load again).
 * - Bulk by filter: once the page is selected, 'Select all … members matching this view'
 *   (`users.selectMatching`) makes a bulk change name the filter instead of the ids (./bulk.ts);
 *   a licence or status change's toast offers Undo (`users.undoBulk`: the ids it changed, back).
 *   Toasts are emitted as `users.notice`; failures stay in context and show inline.
 * - The view lives in the URL (./view.ts, ../urlView). Back while a dialog is open closes it; Back
 *   while a delete or bulk change runs lets it finish, then loads the view.
 */
import { and, forwardTo } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { DEFAULT_PAGE_SIZE } from '../../contract/api';
import { present } from '../shared';
import { writeView, type UrlWrite } from '../urlView';
import { exportInputOf, pageQueryOf } from './page';
import { usersListSetup } from './setup';
import { initialUsersListContext } from './types';
import { usersViewQuery } from './view';

export type { UsersListContext, UsersListEmitted, UsersListEvent, UsersListInput } from './types';

/** The view on the address bar: a new history entry ('push') or in place ('replace'). */
const writeUrl = (mode: UrlWrite['mode']) => writeView(mode, usersViewQuery);

export const usersListMachine = usersListSetup.createMachine({
  id: 'usersList',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Users screen', '§4 Users'] },
  // Two regions: the list (and its dialogs) and Export CSV, so an export never holds up the list.
  type: 'parallel',
  invoke: [
    { id: 'watchUrl', src: 'watchUrl' },
    { id: 'rowChanges', src: 'rowChanges' },
    { id: 'memberImport', src: 'memberImport' },
    { id: 'invitation', src: 'invitation' },
  ],
  context: ({ input }) => initialUsersListContext(input?.pageSize ?? DEFAULT_PAGE_SIZE),
  on: {
    'users.setLicense': { actions: ['dismissError', forwardTo('rowChanges')] },
    'users.setStatus': { actions: ['dismissError', forwardTo('rowChanges')] },
    'row.succeeded': { actions: ['showRowResult', 'toastRowResult'] },
    'row.failed': { actions: 'assignRowError' },
    'row.conflicted': { actions: ['showRowResult', 'toastRowResult'] },
    'users.dismissError': { actions: 'dismissError' },
    'invitation.settled': { actions: 'showInvitationResult' },
  },
  states: {
    list: {
      initial: 'opening',
      on: {
        // The address moved (Back, Forward): its view loads, and an open dialog or question closes.
        'users.urlChanged': {
          target: '.browsing.loading',
          actions: ['clearDialog', 'clearBulkRequest', 'assignView', writeUrl('replace')],
        },
        // An import has invited members (../memberImport): the counts are read with the next page.
        'users.imported': { actions: 'markStatsStale' },
      },
      states: {
        opening: {
          description: 'Waits for the address (watchUrl reports it at once): the first request asks for the view it names.',
          on: { 'users.urlChanged': { target: 'browsing', actions: ['assignView', writeUrl('replace')] } },
        },
        browsing: {
          initial: 'loading',
          on: {
            'users.search': { target: '.debouncing', actions: ['assignQuery', writeUrl('push')] },
            'users.filterStatus': { target: '.loading', actions: ['assignQuery', writeUrl('push')] },
            'users.filterRole': { target: '.loading', actions: ['assignQuery', writeUrl('push')] },
            'users.sort': { target: '.loading', actions: ['assignQuery', writeUrl('push')] },
            'users.goToPage': { target: '.loading', actions: ['assignPage', writeUrl('push')] },
            // ...and the page with them, when the list is shown.
            'users.imported': { target: '.loading', actions: 'markStatsStale' },
            'users.openAdd': { target: 'adding' },
            'users.edit': { target: 'editing', actions: 'assignDialogTarget' },
            'users.confirmDelete': { target: 'confirmingDelete', actions: 'assignDialogTarget' },
            'users.undoBulk': { target: '#usersList.list.bulkUpdating', actions: 'assignUndoRequest' },
          },
          states: {
            hist: { type: 'history' },
            loading: {
              tags: ['pending'],
              invoke: {
                id: 'loadUsers',
                src: 'loadUsers',
                input: ({ context }) => ({
                  ...pageQueryOf(context, context.pageSize),
                  withStats: context.statsStale,
                }),
                onDone: [
                  {
                    guard: { type: 'isPageOutOfRange', params: ({ event }) => event.output },
                    target: 'loading',
                    reenter: true,
                    actions: [{ type: 'assignLastPage', params: ({ event }) => event.output }, writeUrl('replace')],
                  },
                  { target: 'ready', actions: { type: 'assignUsersPage', params: ({ event }) => event.output } },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignLoadError', params: ({ event }: { event: { error: unknown } }) => event.error },
                },
              },
            },
            debouncing: {
              description: 'The search text changed; load once it has been still for searchDebounce.',
              after: { searchDebounce: 'loading' },
              on: {
                'users.search': { target: 'debouncing', reenter: true, actions: ['assignQuery', writeUrl('replace')] },
              },
            },
            ready: {
              on: {
                'users.select': { actions: 'assignSelection' },
                'users.selectAll': { actions: 'assignSelection' },
                'users.selectMatching': { actions: 'selectMatching' },
                'users.clearSelection': { actions: 'clearSelection' },
                'users.bulkUpdate': [
                  { guard: and(['namesUsers', 'asksFirst']), target: '#usersList.list.confirmingBulk', actions: 'assignBulkRequest' },
                  { guard: 'namesUsers', target: '#usersList.list.bulkUpdating', actions: 'assignBulkRequest' },
                ],
              },
            },
            failed: { on: { 'users.retry': 'loading' } },
          },
        },
        adding: {
          invoke: {
            id: 'addUser',
            src: 'addUser',
            onDone: {
              target: 'browsing.loading',
              actions: [
                'markStatsStale',
                // addUser ends only once the member is created: its output is them.
                { type: 'notify', params: ({ event }) => `${present(event.output).name} was added` },
              ],
            },
          },
          on: { 'users.closeDialog': 'browsing.hist' },
        },
        editing: {
          invoke: {
            id: 'editUser',
            src: 'editUser',
            input: ({ context }) => ({ user: present(context.editTarget) }),
            onDone: {
              target: 'browsing.hist',
              actions: [
                { type: 'replaceUser', params: ({ event }) => event.output },
                { type: 'notify', params: ({ event }) => `${event.output.name} was updated` },
              ],
            },
          },
          on: { 'users.closeDialog': { target: 'browsing.hist', actions: 'clearDialog' } },
        },
        confirmingDelete: {
          on: {
            'users.delete': 'deleting',
            'users.closeDialog': { target: 'browsing.hist', actions: 'clearDialog' },
          },
        },
        deleting: {
          tags: ['pending'],
          on: { 'users.urlChanged': { actions: ['assignView', writeUrl('replace')] } },
          invoke: {
            id: 'deleteUser',
            src: 'deleteUser',
            input: ({ context }) => ({ userId: present(context.deleteTarget).userId }),
            onDone: {
              target: 'browsing.loading',
              actions: [
                'markStatsStale',
                { type: 'notify', params: ({ context }) => `${present(context.deleteTarget).name} was deleted` },
                'forgetDeleted',
              ],
            },
            onError: {
              target: 'confirmingDelete',
              actions: { type: 'assignDeleteError', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
        confirmingBulk: {
          description: 'A bulk deactivation or licence removal asks first, naming how many members it changes.',
          on: {
            'users.confirmBulk': 'bulkUpdating',
            'users.closeDialog': { target: 'browsing.hist', actions: 'clearBulkRequest' },
          },
        },
        bulkUpdating: {
          description:
            'The bulk change runs (../bulkChange); then the list loads again, the error of a failed one above it, in the view chosen meanwhile.',
          tags: ['pending'],
          on: {
            'users.urlChanged': { actions: ['assignView', writeUrl('replace')] },
            // The search box, the filters, the sort and the pager stay usable (only the bulk buttons
            // wait): what is chosen meanwhile is the view the list loads once the change is done, and
            // the address shows it now. The change itself goes on with the request it was sent with.
            'users.search': { actions: ['assignQuery', writeUrl('replace')] },
            'users.filterStatus': { actions: ['assignQuery', writeUrl('push')] },
            'users.filterRole': { actions: ['assignQuery', writeUrl('push')] },
            'users.sort': { actions: ['assignQuery', writeUrl('push')] },
            'users.goToPage': { actions: ['assignPage', writeUrl('push')] },
          },
          invoke: {
            id: 'bulkChange',
            src: 'bulkChange',
            input: ({ context }) => present(context.bulkRequest),
            onDone: [
              {
                guard: { type: 'bulkFailed', params: ({ event }) => event.output },
                target: 'browsing.loading',
                actions: [{ type: 'assignActionError', params: ({ event }) => event.output.failure }, 'clearBulkRequest'],
              },
              {
                target: 'browsing.loading',
                actions: [
                  'markStatsStale',
                  { type: 'notifyBulk', params: ({ event }) => event.output },
                  'clearSelection',
                  'clearBulkRequest',
                ],
              },
            ],
          },
        },
      },
    },
    export: {
      description:
        'Export CSV (../csvExport), beside the list: a search, page change or dialog meanwhile neither waits for it nor stops it.',
      initial: 'idle',
      states: {
        idle: { on: { 'users.export': 'preparing' } },
        preparing: {
          tags: ['pending'],
          invoke: {
            id: 'csvExport',
            src: 'csvExport',
            input: ({ context }) => exportInputOf(context),
            onDone: [
              {
                guard: { type: 'exportFailed', params: ({ event }) => event.output },
                target: 'idle',
                // exportFailed: the failure is there.
                actions: { type: 'notifyError', params: ({ event }) => present(event.output.failure) },
              },
              { target: 'idle' },
            ],
          },
        },
      },
    },
  },
});

export type UsersListActorRef = ActorRefFrom<typeof usersListMachine>;
export type UsersListSnapshot = SnapshotFrom<typeof usersListMachine>;
