/**
 * User Management (SPEC §2 Users screen, §4 Users): the filtered, paged list with its Quick Stats,
 * and every action on it.
 *
 * - `browsing` owns the list: a search is debounced (`searchDebounce`), a filter or page change
 *   loads at once; leaving `loading` aborts its request, so an older answer never lands.
 * - Row changes (licence, status) state the wanted value (a retry cannot undo it) and run as one
 *   callback actor per row and kind, beside whatever the list is doing; their results come back as
 *   `row.succeeded` / `row.failed`, or `row.conflicted` when the server refused the change as in
 *   conflict (409) with the member as it is now: the row shows that and a warning says why.
 * - Add and edit are child machines invoked while their dialog is open; delete is a confirm step,
 *   and so is a bulk change that takes something away (deactivate, remove licences: ./bulk.ts).
 * - A row change that went through is a success toast offering 'Undo' (the change back, as an
 *   event the toast sends).
 * - Successes (and refreshed conflicts, as warnings) are emitted as `users.notice` (the view toasts
 *   them); failures stay in context and show inline while the table stays.
 * - The sort (`users.sort`) is part of the query, like a filter: back to page 1, the Quick Stats stay.
 * - Export CSV is a region of its own (`export`), parallel to the list (`list`): preparing an export
 *   neither waits for the list nor stops it, so a search or a page change meanwhile still loads,
 *   and opening a dialog does not abort the export. It asks for the members the list's filters and
 *   sort select at the moment of the click (./exporting.ts), then opens the download link; a failure
 *   is an error toast and the list stays as it was.
 * - The view (search, status, role, page, sort) lives in the URL (./view.ts). The `watchUrl` actor
 *   reports the address when the list opens (`opening` waits for it, so the first request is already
 *   the right one) and on Back or Forward (`users.urlChanged`); `writeUrl` writes the view back
 *   after each change: a filter, sort or page is a new history entry, a search a new entry for its
 *   first keystroke and in place for the rest, a correction (nonsense in the URL, a page past the
 *   end) in place. Back while a dialog is open closes it. Back while a delete or bulk change runs
 *   lets it finish, then loads the view; only a delete that fails meanwhile keeps its dialog open
 *   over the rows of the earlier view, until the next load.
 */
import { and, assign, emit, enqueueActions, setup, stopChild } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_USER_SORT,
  type BulkUpdateRequest,
  type User,
  type UserRoleFilter,
  type UserSort,
  type UserStats,
  type UserStatusFilter,
} from '../../contract/api';
import { addUserMachine } from '../addUser/addUserMachine';
import { editUserMachine } from '../editUser/editUserMachine';
import { DELETE_USER_FALLBACK, FETCH_USERS_FALLBACK, ROW_REFRESHED, UPDATE_USER_FALLBACK } from './messages';
import { exportFailedMessage, exportInputOf, type ExportedFile, type ExportMembersInput } from './exporting';
import { ROW_FALLBACK, adjustStats, rowActorId, rowChangeNotice, rowKey, type RowActionInput, type RowActionResult } from './rows';
import { bulkAsksFirst, type BulkRequest } from './bulk';
import { pageQueryOf, type LoadUsersInput, type UsersPage } from './page';
import { messageOf, placeholderAction, placeholderActor, placeholderCallback } from '../shared';
import { parseUsersView, usersViewQuery } from './view';

type BulkUpdates = BulkUpdateRequest['updates'];

export interface UsersListInput {
  pageSize?: number;
}

export interface UsersListContext {
  search: string;
  status: UserStatusFilter;
  role: UserRoleFilter;
  /** The list's order (GET /api/users `sort`): newest first until a header is clicked. */
  sort: UserSort;
  page: number;
  pageSize: number;
  users: User[];
  total: number;
  stats: UserStats | null;
  /** The members changed since the Quick Stats were fetched: the next load fetches them again. */
  statsStale: boolean;
  hasLoaded: boolean;
  loadError: string | null;
  /** Selected user ids on the current page. */
  selected: string[];
  /** Row actions in flight: `${kind}:${userId}`. */
  busy: string[];
  /** The last failed action, shown inline until dismissed or replaced. */
  actionError: string | null;
  editTarget: User | null;
  deleteTarget: User | null;
  deleteError: string | null;
  /** The bulk change asked for: waiting for its confirmation, or running. */
  bulkRequest: BulkRequest | null;
}

export type UsersListEvent =
  | { type: 'users.search'; search: string }
  | { type: 'users.filterStatus'; status: UserStatusFilter }
  | { type: 'users.filterRole'; role: UserRoleFilter }
  | { type: 'users.sort'; sort: UserSort }
  | { type: 'users.goToPage'; page: number }
  | { type: 'users.retry' }
  | { type: 'users.setLicense'; user: User; hasLicense: boolean }
  | { type: 'users.setStatus'; user: User; isActive: boolean }
  | { type: 'users.select'; userId: string; selected: boolean }
  | { type: 'users.selectAll'; selected: boolean }
  | { type: 'users.bulkUpdate'; userIds: string[]; updates: BulkUpdates }
  /** Yes to the question a bulk deactivation or licence removal asks first. */
  | { type: 'users.confirmBulk' }
  | { type: 'users.openAdd' }
  | { type: 'users.edit'; user: User }
  | { type: 'users.confirmDelete'; user: User }
  | { type: 'users.delete' }
  | { type: 'users.closeDialog' }
  | { type: 'users.dismissError' }
  | { type: 'users.export' }
  /** The address changed (the list opened, or Back / Forward): `query` is its query string. */
  | { type: 'users.urlChanged'; query: string }
  | RowActionResult;

/**
 * A toast: a success, a warning that a change was not made (`detail` says what the view now shows),
 * or an error that is not the list's own (a failed export).
 */
export type UsersListEmitted = {
  type: 'users.notice';
  message: string;
  tone: 'success' | 'warning' | 'error';
  detail?: string;
  /** A reversible row change (licence, status): the toast offers 'Undo', which sends this event. */
  undo?: Extract<UsersListEvent, { type: 'users.setLicense' | 'users.setStatus' }>;
};

/** Debounce of the search box (ms). */
const SEARCH_DEBOUNCE_MS = 300;

/** Writes the view to the URL: a new history entry ('push') or in place ('replace'). */
type UrlWrite = { query: string; mode: 'push' | 'replace' };
const writeUrl = (mode: UrlWrite['mode']) =>
  ({
    type: 'writeUrl',
    params: ({ context }: { context: UsersListContext }): UrlWrite => ({ query: usersViewQuery(context), mode }),
  }) as const;

/** The toast once the Add User dialog is done (it always ends with the member it invited). */
function addedNotice(user: User | null): string {
  // Stryker disable next-line ConditionalExpression,StringLiteral: the Add User dialog always ends with the member it invited; the fallback is for the type
  if (!user) return 'User added';
  return `${user.name} was added`;
}

/** The toast once a delete is done (the target is still set then; forgetDeleted clears it after). */
function deletedNotice(target: User | null): string {
  // Stryker disable next-line OptionalChaining,StringLiteral: the target is still set when the toast is made; the fallback is for the type
  const name = target?.name ?? 'The user';
  return `${name} was deleted`;
}

export const usersListMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is read by TypeScript only; XState ignores it at run time
  types: {
    context: {} as UsersListContext,
    events: {} as UsersListEvent,
    input: {} as UsersListInput | undefined,
    emitted: {} as UsersListEmitted,
  },
  actors: {
    loadUsers: placeholderActor<UsersPage, LoadUsersInput>('loadUsers'),
    runRowAction: placeholderCallback<{ type: 'noop' }, RowActionInput>('runRowAction'),
    deleteUser: placeholderActor<void, { userId: string }>('deleteUser'),
    bulkUpdate: placeholderActor<number, BulkUpdateRequest>('bulkUpdate'),
    exportMembers: placeholderActor<ExportedFile, ExportMembersInput>('exportMembers'),
    watchUrl: placeholderCallback<{ type: 'noop' }>('watchUrl'),
    addUser: addUserMachine,
    editUser: editUserMachine,
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
  guards: {
    /** Guards read events only (the answer echoes its page), so model paths stay deterministic. */
    // Stryker disable next-line ConditionalExpression,EqualityOperator: `page > 1` against `>= 1` or true differs only for a first page with no rows and a total above 0, an answer the API does not give (the first page has rows whenever the total counts some)
    isPageOutOfRange: (_, page: UsersPage) => page.list.users.length === 0 && page.list.page > 1 && page.list.total > 0,
    // Stryker disable next-line ConditionalExpression: the guard is only on users.bulkUpdate; the type test narrows the event
    namesUsers: ({ event }) => event.type === 'users.bulkUpdate' && event.userIds.length > 0,
    /** Taking something away from many members (deactivating, removing licences) asks first. */
    // Stryker disable next-line ConditionalExpression: the guard is only on users.bulkUpdate; the type test narrows the event
    asksFirst: ({ event }) => event.type === 'users.bulkUpdate' && bulkAsksFirst(event.updates),
  },
  actions: {
    // Stryker disable next-line ConditionalExpression: each assign* action of this block runs only on its own event; the type test narrows it
    assignSearch: assign(({ event }) => (event.type === 'users.search' ? { search: event.search, page: 1 } : {})),
    // Stryker disable next-line ConditionalExpression: runs only on users.filterStatus
    assignStatus: assign(({ event }) => (event.type === 'users.filterStatus' ? { status: event.status, page: 1 } : {})),
    // Stryker disable next-line ConditionalExpression: runs only on users.filterRole
    assignRole: assign(({ event }) => (event.type === 'users.filterRole' ? { role: event.role, page: 1 } : {})),
    // Stryker disable next-line ConditionalExpression: runs only on users.sort
    assignSort: assign(({ event }) => (event.type === 'users.sort' ? { sort: event.sort, page: 1 } : {})),
    // Stryker disable next-line ConditionalExpression: runs only on users.urlChanged
    assignView: assign(({ event }) => (event.type === 'users.urlChanged' ? parseUsersView(event.query) : {})),
    // Stryker disable next-line ConditionalExpression: runs only on users.goToPage
    assignPage: assign(({ event }) => (event.type === 'users.goToPage' ? { page: Math.max(1, Math.floor(event.page)) } : {})),
    assignLastPage: assign(({ context }, page: UsersPage) => ({
      page: Math.max(1, Math.ceil(page.list.total / context.pageSize)),
    })),
    assignUsersPage: assign(({ context }, page: UsersPage) => {
      const ids = new Set(page.list.users.map((u) => u.userId));
      return {
        users: page.list.users,
        total: page.list.total,
        stats: page.stats ?? context.stats,
        // Stryker disable next-line ConditionalExpression: a page comes without the Quick Stats only when its request did not ask for them, which it does whenever they are stale or missing (withStats), so statsStale is false here already
        statsStale: page.stats === null && context.statsStale,
        hasLoaded: true,
        loadError: null,
        selected: context.selected.filter((id) => ids.has(id)),
      };
    }),
    assignLoadError: assign((_, error: unknown) => ({ loadError: messageOf(error, FETCH_USERS_FALLBACK) })),
    /** One PATCH per row and kind at a time: a toggle of a row already in flight is ignored. */
    startRowAction: enqueueActions(({ context, enqueue }, { kind, user, value }: RowActionInput) => {
      const key = rowKey(kind, user.userId);
      if (context.busy.includes(key)) return;
      enqueue.assign({ busy: [...context.busy, key], actionError: null });
      enqueue.spawnChild('runRowAction', { id: rowActorId(kind, user.userId), input: { kind, user, value } });
    }),
    stopRowAction: stopChild(({ event }) =>
      event.type === 'row.succeeded' || event.type === 'row.conflicted'
        ? rowActorId(event.kind, event.user.userId)
        : // Stryker disable next-line ConditionalExpression: stopRowAction runs only on row.* events, and the two others were tested above
          event.type === 'row.failed'
          ? rowActorId(event.kind, event.userId)
          : // Stryker disable next-line StringLiteral: unreachable: the action runs only on row.* events
            '',
    ),
    /** The row and the counts follow; the toast says what changed and offers to undo it. */
    applyRowResult: enqueueActions(({ context, event, enqueue }) => {
      // Stryker disable next-line ConditionalExpression: applyRowResult runs only on row.succeeded; the test narrows the event
      if (event.type !== 'row.succeeded') return;
      const key = rowKey(event.kind, event.user.userId);
      enqueue.assign({
        busy: context.busy.filter((k) => k !== key),
        users: context.users.map((u) => (u.userId === event.user.userId ? event.user : u)),
        stats: context.stats ? adjustStats(context.stats, event.before, event.user) : null,
      });
      const { message, undo } = rowChangeNotice(event.kind, event.before, event.user);
      enqueue.emit({
        type: 'users.notice',
        message,
        tone: 'success',
        undo:
          undo.kind === 'license'
            ? { type: 'users.setLicense', user: undo.user, hasLicense: undo.value }
            : { type: 'users.setStatus', user: undo.user, isActive: undo.value },
      });
    }),
    /** The member as the server has them now: the row and the counts follow, and a warning says why. */
    applyRowConflict: enqueueActions(({ context, event, enqueue }) => {
      // Stryker disable next-line ConditionalExpression: applyRowConflict runs only on row.conflicted
      if (event.type !== 'row.conflicted') return;
      const key = rowKey(event.kind, event.user.userId);
      const shown = context.users.find((u) => u.userId === event.user.userId);
      enqueue.assign({
        busy: context.busy.filter((k) => k !== key),
        users: context.users.map((u) => (u.userId === event.user.userId ? event.user : u)),
        stats: context.stats && shown ? adjustStats(context.stats, shown, event.user) : context.stats,
      });
      enqueue.emit({ type: 'users.notice', message: event.message, tone: 'warning', detail: ROW_REFRESHED });
    }),
    assignRowError: assign(({ context, event }) => {
      // Stryker disable next-line ConditionalExpression: assignRowError runs only on row.failed
      if (event.type !== 'row.failed') return {};
      const key = rowKey(event.kind, event.userId);
      return { busy: context.busy.filter((k) => k !== key), actionError: messageOf(event.error, ROW_FALLBACK[event.kind]) };
    }),
    dismissError: assign({ actionError: null }),
    assignSelection: assign(({ context, event }) => {
      if (event.type === 'users.select') {
        const rest = context.selected.filter((id) => id !== event.userId);
        return { selected: event.selected ? [...rest, event.userId] : rest };
      }
      // Stryker disable next-line ConditionalExpression: assignSelection runs only on users.select (handled above) and users.selectAll
      if (event.type === 'users.selectAll') return { selected: event.selected ? context.users.map((u) => u.userId) : [] };
      return {};
    }),
    clearSelection: assign({ selected: [] }),
    assignBulkRequest: assign(({ event }) =>
      // Stryker disable next-line ConditionalExpression: runs only on users.bulkUpdate
      event.type === 'users.bulkUpdate' ? { bulkRequest: { userIds: event.userIds, updates: event.updates } } : {},
    ),
    clearBulkRequest: assign({ bulkRequest: null }),
    assignBulkError: assign((_, error: unknown) => ({ actionError: messageOf(error, UPDATE_USER_FALLBACK) })),
    assignEditTarget: assign(({ event }) => ({
      // Stryker disable next-line ConditionalExpression: runs only on users.edit
      editTarget: event.type === 'users.edit' ? event.user : null,
      actionError: null,
    })),
    assignDeleteTarget: assign(({ event }) => ({
      // Stryker disable next-line ConditionalExpression: runs only on users.confirmDelete
      deleteTarget: event.type === 'users.confirmDelete' ? event.user : null,
      deleteError: null,
      actionError: null,
    })),
    clearDialog: assign({ editTarget: null, deleteTarget: null, deleteError: null }),
    replaceUser: assign(({ context }, user: User) => ({
      users: context.users.map((u) => (u.userId === user.userId ? user : u)),
      editTarget: null,
    })),
    assignDeleteError: assign((_, error: unknown) => ({ deleteError: messageOf(error, DELETE_USER_FALLBACK) })),
    forgetDeleted: assign(({ context }) => ({
      // Stryker disable next-line OptionalChaining: forgetDeleted runs when a delete is done, and the target is kept until then
      selected: context.selected.filter((id) => id !== context.deleteTarget?.userId),
      deleteTarget: null,
      deleteError: null,
    })),
    markStatsStale: assign({ statsStale: true }),
    notify: emit((_, message: string) => ({ type: 'users.notice' as const, message, tone: 'success' as const })),
    notifyExportFailed: emit((_, message: string) => ({ type: 'users.notice' as const, message, tone: 'error' as const })),
    /**
     * Replaced with the real one: the browser opens the link (an attachment: the page stays). The
     * placeholder is called from an inline function: a function typed outside `setup()` beside the
     * `enqueueActions` above defeats XState's inference of every action's params.
     */
    openDownload: (args, params: { url: string }) => placeholderAction<{ url: string }>('openDownload')(args, params),
    /** Replaced with the real one: the view's query on the address bar (and remembered for 'Back to Users'). */
    writeUrl: (args, params: UrlWrite) => placeholderAction<UrlWrite>('writeUrl')(args, params),
  },
}).createMachine({
  id: 'usersList',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Users screen', '§4 Users'] },
  // Two regions: the list (and its dialogs) and Export CSV, so an export never holds up the list.
  type: 'parallel',
  invoke: {
    // Stryker disable next-line StringLiteral: nothing addresses the address watcher by its id: it only sends, and is never sent to or waited for
    id: 'watchUrl',
    src: 'watchUrl',
  },
  context: ({ input }) => ({
    search: '',
    status: 'all',
    role: 'all',
    sort: DEFAULT_USER_SORT,
    page: 1,
    pageSize: input?.pageSize ?? DEFAULT_PAGE_SIZE,
    users: [],
    total: 0,
    stats: null,
    // Stryker disable next-line BooleanLiteral: at the start the Quick Stats are also missing (`stats: null`), which asks for them just as `statsStale` does
    statsStale: true,
    hasLoaded: false,
    loadError: null,
    selected: [],
    busy: [],
    actionError: null,
    editTarget: null,
    deleteTarget: null,
    deleteError: null,
    bulkRequest: null,
  }),
  on: {
    'users.setLicense': {
      actions: { type: 'startRowAction', params: ({ event }) => ({ kind: 'license', user: event.user, value: event.hasLicense }) },
    },
    'users.setStatus': {
      actions: { type: 'startRowAction', params: ({ event }) => ({ kind: 'status', user: event.user, value: event.isActive }) },
    },
    'row.succeeded': { actions: ['stopRowAction', 'applyRowResult'] },
    'row.failed': { actions: ['stopRowAction', 'assignRowError'] },
    'row.conflicted': { actions: ['stopRowAction', 'applyRowConflict'] },
    'users.dismissError': { actions: 'dismissError' },
  },
  states: {
    list: {
      initial: 'opening',
      states: {
        opening: {
          description: 'Waits for the address (watchUrl reports it at once): the first request asks for the view it names.',
          on: { 'users.urlChanged': { target: 'browsing', actions: ['assignView', writeUrl('replace')] } },
        },
        browsing: {
          initial: 'loading',
          on: {
            'users.search': { target: '.debouncing', actions: ['assignSearch', writeUrl('push')] },
            'users.filterStatus': { target: '.loading', actions: ['assignStatus', writeUrl('push')] },
            'users.filterRole': { target: '.loading', actions: ['assignRole', writeUrl('push')] },
            'users.sort': { target: '.loading', actions: ['assignSort', writeUrl('push')] },
            'users.goToPage': { target: '.loading', actions: ['assignPage', writeUrl('push')] },
            'users.urlChanged': { target: '.loading', actions: ['assignView', writeUrl('replace')] },
            'users.openAdd': { target: 'adding' },
            'users.edit': { target: 'editing', actions: 'assignEditTarget' },
            'users.confirmDelete': { target: 'confirmingDelete', actions: 'assignDeleteTarget' },
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
                  // Stryker disable next-line ConditionalExpression: the two go together: both hold at the start, and a page with the Quick Stats clears both; either alone asks at the same times
                  withStats: context.statsStale || context.stats === null,
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
                'users.search': { target: 'debouncing', reenter: true, actions: ['assignSearch', writeUrl('replace')] },
              },
            },
            ready: {
              on: {
                'users.select': { actions: 'assignSelection' },
                'users.selectAll': { actions: 'assignSelection' },
                'users.bulkUpdate': [
                  { guard: and(['namesUsers', 'asksFirst']), target: '#usersList.list.confirmingBulk', actions: 'assignBulkRequest' },
                  { guard: 'namesUsers', target: '#usersList.list.bulkUpdating', actions: 'assignBulkRequest' },
                ],
              },
            },
            failed: {
              on: { 'users.retry': 'loading' },
            },
          },
        },
        adding: {
          invoke: {
            id: 'addUser',
            src: 'addUser',
            onDone: {
              target: 'browsing.loading',
              actions: ['markStatsStale', { type: 'notify', params: ({ event }) => addedNotice(event.output) }],
            },
          },
          on: {
            'users.closeDialog': 'browsing.hist',
            'users.urlChanged': { target: 'browsing.loading', actions: ['assignView', writeUrl('replace')] },
          },
        },
        editing: {
          invoke: {
            id: 'editUser',
            src: 'editUser',
            input: ({ context }) => {
              // Stryker disable next-line ConditionalExpression,StringLiteral: unreachable: `editing` is entered only by users.edit, which sets the target
              if (!context.editTarget) throw new Error('editing needs a user');
              return { user: context.editTarget };
            },
            onDone: {
              target: 'browsing.hist',
              actions: [
                { type: 'replaceUser', params: ({ event }) => event.output },
                { type: 'notify', params: ({ event }) => `${event.output.name} was updated` },
              ],
            },
          },
          on: {
            'users.closeDialog': { target: 'browsing.hist', actions: 'clearDialog' },
            'users.urlChanged': { target: 'browsing.loading', actions: ['clearDialog', 'assignView', writeUrl('replace')] },
          },
        },
        confirmingDelete: {
          on: {
            'users.delete': 'deleting',
            'users.closeDialog': { target: 'browsing.hist', actions: 'clearDialog' },
            'users.urlChanged': { target: 'browsing.loading', actions: ['clearDialog', 'assignView', writeUrl('replace')] },
          },
        },
        deleting: {
          tags: ['pending'],
          on: { 'users.urlChanged': { actions: ['assignView', writeUrl('replace')] } },
          invoke: {
            id: 'deleteUser',
            src: 'deleteUser',
            // Stryker disable next-line OptionalChaining,StringLiteral: unreachable: `deleting` follows `confirmingDelete`, which has the target
            input: ({ context }) => ({ userId: context.deleteTarget?.userId ?? '' }),
            onDone: {
              target: 'browsing.loading',
              actions: [
                'markStatsStale',
                { type: 'notify', params: ({ context }) => deletedNotice(context.deleteTarget) },
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
            'users.urlChanged': { target: 'browsing.loading', actions: ['clearBulkRequest', 'assignView', writeUrl('replace')] },
          },
        },
        bulkUpdating: {
          tags: ['pending'],
          on: { 'users.urlChanged': { actions: ['assignView', writeUrl('replace')] } },
          invoke: {
            id: 'bulkUpdate',
            src: 'bulkUpdate',
            // Stryker disable next-line ObjectLiteral,ArrayDeclaration: unreachable: `bulkUpdating` is entered only with the request assigned
            input: ({ context }) => context.bulkRequest ?? { userIds: [], updates: {} },
            onDone: {
              target: 'browsing.loading',
              actions: [
                'markStatsStale',
                { type: 'notify', params: ({ event }) => `${event.output} ${event.output === 1 ? 'user' : 'users'} updated` },
                'clearSelection',
                'clearBulkRequest',
              ],
            },
            // Loads again: the list shows the members as they are, and the view the URL names if
            // Back or Forward moved it meanwhile. The error stays above the table.
            onError: {
              target: 'browsing.loading',
              actions: [{ type: 'assignBulkError', params: ({ event }: { event: { error: unknown } }) => event.error }, 'clearBulkRequest'],
            },
          },
        },
      },
    },
    export: {
      description: 'Export CSV, beside the list: a search, page change or dialog meanwhile neither waits for it nor stops it.',
      initial: 'idle',
      states: {
        idle: {
          on: { 'users.export': 'preparing' },
        },
        preparing: {
          tags: ['pending'],
          invoke: {
            id: 'exportMembers',
            src: 'exportMembers',
            input: ({ context }) => exportInputOf(context),
            onDone: { target: 'idle', actions: { type: 'openDownload', params: ({ event }) => ({ url: event.output.url }) } },
            onError: {
              target: 'idle',
              actions: {
                type: 'notifyExportFailed',
                params: ({ event }: { event: { error: unknown } }) => exportFailedMessage(event.error),
              },
            },
          },
        },
      },
    },
  },
});

export type UsersListActorRef = ActorRefFrom<typeof usersListMachine>;
export type UsersListSnapshot = SnapshotFrom<typeof usersListMachine>;
