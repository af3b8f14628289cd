/**
 * Model-based walk of the users list machine through the real User Management screen, in two parts
 * (usersList.part1.test.tsx, usersList.part2.test.tsx) that the run's workers take at the same time:
 * the walk is the longest of the model suite, about half of it alone. The parts are dealt by steps
 * (`shard` of walkPaths); their reports are merged, and the coverage check after the run
 * (scripts/statecharts/model-coverage.ts) fails the model step unless every state and transition is
 * walked. Every side
 * effect is a double at the network boundary: deferred promises for the list, delete and bulk
 * calls and the add/edit children's calls, a controllable callback for row toggles, and the
 * search debounce held until the step fires it. Each state is checked as a person sees it.
 *
 * Export CSV is a region parallel to the list: the walk starts an export from a shown page, then,
 * while it is prepared, searches, pages and loads (the list does not wait for it) before it ends
 * either way. The rest of the list is walked with no export running, which keeps the walk's size
 * (every list state times every export state) in bounds.
 *
 * Paths: shortest paths to every transition, covering walks of the list's own moves (every pair of
 * them), and scripted walks (below) for the pairs that depend on what the list's snapshot does not
 * hold: row changes answered while others are in flight, a finished import after each way into the
 * list, and the Undo of a bulk change after each.
 */
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { fromCallback, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import {
  selectBusy,
  selectMatchingOffer,
  sortDirectionOf,
  usersListMachine,
  type RowActionInput,
  type RowActionResult,
  type UsersListSnapshot,
} from '../../src/machines/usersList';
import { usersViewQuery } from '../../src/machines/usersList/view';
import {
  createControlledDelays,
  enumerateTransitions,
  generateModelPaths,
  scriptedPath,
  walkPaths,
  type ModelPath,
  type ScriptedEvent,
  type StepInfo,
} from '../support/model';
import { inSubstates, tableDriver, type CheckContext } from '../support/model/tables';
import { makePage, makeUser } from '../views/users/fixtures';
import { chooseFromRowMenu } from '../support/menus';
import { createUsersDoubles, renderUsers } from '../views/users/render-users';
import { toaster } from '../../src/views/shared/toaster';
import { DONE as IMPORT_DONE, PREVIEW as IMPORT_PREVIEW, RUNNING as IMPORT_RUNNING } from '../views/users/render-import';
import type { User } from '../../src/contract/api';

configure({ defaultHidden: true });

const PAGE = makePage(1, { count: 3 });
/** The third member was invited and has never signed in (../invitation resends it from the row menu). */
const INVITED = {
  ...(PAGE.list.users[2] ?? makeUser(2)),
  invitation: { sentAt: '2026-01-05T15:00:00.000Z', expiresAt: '2026-01-12T15:00:00.000Z', state: 'open' as const },
};
PAGE.list.users[2] = INVITED;
const EMPTY = makePage(1, { count: 0 });
/** An empty page 2 of a non-empty list (say the last user of that page was just deleted). */
const PAST_THE_END = makePage(2, { count: 0 });
/** Recently deleted (the 'deleted' status filter): four members who can only be restored. */
const DELETED = {
  ...makePage(1, { count: 0, total: 4 }),
  list: {
    users: [40, 41, 42, 43].map((i) => makeUser(i, { deletedAt: '2026-01-04T10:00:00.000Z', purgeAt: '2026-02-03T10:00:00.000Z' })),
    total: 4,
    page: 1,
    limit: 25,
  },
};
const ADDED = makeUser(80, { name: 'Rosa Alvarez' });
/** The file a second import chooses (its dry run is the double's: 25 to invite). */
const IMPORT_CSV = 'Name,Email,Phone\nRosa Alvarez,rosa@summit.test,5551234567\n';
const EDITED_NAME = 'Ana Diaz-Lopez';
const CONFLICT = 'An organisation needs at least one active administrator.';
const EXPORTED = { url: 'http://127.0.0.1:9/exports/members/ticket-1', fileName: 'summit-builders-members-2026-01-05.csv' };
const EXPORT_ERROR = 'Network down';
/** The sortable headers, by the sort key a click on them asks for. */
const SORT_HEADERS = { name: 'Name', email: 'Email', role: 'Role', created: 'Created' } as const;

const asList = (s: AnyMachineSnapshot) => s as unknown as UsersListSnapshot;
const ready = (s: AnyMachineSnapshot) => asList(s).matches({ list: { browsing: 'ready' } });
const readyWithRows = (s: AnyMachineSnapshot) => ready(s) && asList(s).context.users.length > 0;
const exporting = (s: AnyMachineSnapshot) => asList(s).matches({ export: 'preparing' });
const when = <T,>(ok: boolean, events: T[]): T[] => (ok ? events : []);

type EventSpec = AnyEventObject | readonly AnyEventObject[] | ((s: AnyMachineSnapshot) => AnyEventObject | readonly AnyEventObject[]);
/** What the walk does while an export is prepared (everything else is walked with none running). */
const WHILE_EXPORTING = new Set(['users.search', 'users.goToPage', 'xstate.done.actor.loadUsers', 'xstate.done.actor.csvExport']);
function notWhileExporting(events: Record<string, EventSpec>): Record<string, EventSpec> {
  return Object.fromEntries(
    Object.entries(events).map(([type, spec]) => [
      type,
      WHILE_EXPORTING.has(type) ? spec : (s: AnyMachineSnapshot) => (exporting(s) ? [] : typeof spec === 'function' ? spec(s) : spec),
    ]),
  );
}

/** Back or Forward to another view of the list (the walk's stand-in for the address watcher sends it). */
const BACK_TO = '?status=pending&sort=name';

const EVENTS = notWhileExporting({
  // The address when the list opens (the plain /users), then Back to another view from anywhere.
  'users.urlChanged': (s) => [{ type: 'users.urlChanged', query: asList(s).matches({ list: 'opening' }) ? '' : BACK_TO }],
  // The search box stays usable while a bulk change runs.
  'users.search': (s) =>
    when(asList(s).matches({ list: 'browsing' }) || asList(s).matches({ list: 'bulkUpdating' }), [{ type: 'users.search', search: '555' }]),
  'users.filterStatus': (s) => [{ type: 'users.filterStatus', status: asList(s).context.status === 'all' ? 'pending' : 'all' }],
  'users.filterRole': (s) => [{ type: 'users.filterRole', role: asList(s).context.role === 'all' ? 'Supervisor' : 'all' }],
  'users.goToPage': (s) => {
    const { context } = asList(s);
    const shown = context.users.length > 0 && !asList(s).matches({ list: { browsing: 'failed' } });
    return when(shown && context.total > context.pageSize, [{ type: 'users.goToPage', page: context.page === 1 ? 2 : context.page - 1 }]);
  },
  'xstate.done.actor.loadUsers': (s) => [
    { type: 'xstate.done.actor.loadUsers', output: PAGE },
    ...when(!exporting(s), [
      { type: 'xstate.done.actor.loadUsers', output: EMPTY },
      { type: 'xstate.done.actor.loadUsers', output: PAST_THE_END },
    ]),
  ],
  // A click on the Name header: sorted by name, it flips; otherwise it sorts by name, A to Z. The
  // headers stay usable while a bulk change runs, as the filters and the pager do.
  'users.sort': (s) =>
    when(ready(s) || asList(s).matches({ list: 'bulkUpdating' }), [
      { type: 'users.sort', sort: asList(s).context.sort === 'name' ? '-name' : 'name' },
    ]),
  'users.export': (s) => when(ready(s), [{ type: 'users.export' }]),
  // The link opened, or the toast's message when it could not be had.
  'xstate.done.actor.csvExport': [
    { type: 'xstate.done.actor.csvExport', output: { failure: null } },
    { type: 'xstate.done.actor.csvExport', output: { failure: `Export failed: ${EXPORT_ERROR}` } },
  ],
  'xstate.error.actor.loadUsers': { type: 'xstate.error.actor.loadUsers', error: new Error('') },
  'users.setLicense': (s) => {
    const u = asList(s).context.users[0];
    return when(readyWithRows(s) && u !== undefined, [{ type: 'users.setLicense', user: u, hasLicense: !u?.hasLicense }]);
  },
  'users.setStatus': (s) => {
    const u = asList(s).context.users[1];
    return when(readyWithRows(s) && u !== undefined, [{ type: 'users.setStatus', user: u, isActive: !u?.isActive }]);
  },
  'row.succeeded': (s) => {
    const u = asList(s).context.users[0];
    return when(readyWithRows(s) && u !== undefined, [
      { type: 'row.succeeded', kind: 'license', before: u, user: { ...u, hasLicense: !u?.hasLicense } },
    ]);
  },
  'row.failed': (s) =>
    when(readyWithRows(s), [{ type: 'row.failed', kind: 'status', userId: asList(s).context.users[1]?.userId, error: new Error('') }]),
  // The server refused the status change (409) and the row is read again: unchanged, one version on.
  'row.conflicted': (s) => {
    const u = asList(s).context.users[1];
    return when(readyWithRows(s) && u !== undefined, [
      { type: 'row.conflicted', kind: 'status', user: { ...u, version: (u?.version ?? 1) + 1 }, message: CONFLICT },
    ]);
  },
  'users.dismissError': (s) => when(asList(s).context.actionError !== null && ready(s), [{ type: 'users.dismissError' }]),
  'users.select': (s) => {
    const u = asList(s).context.users[0];
    return when(readyWithRows(s) && u !== undefined, [
      { type: 'users.select', userId: u?.userId, selected: !asList(s).context.selected.includes(u?.userId ?? '') },
    ]);
  },
  // The page's box is ticked unless every member of the page is (a mixed box ticks them all).
  'users.selectAll': (s) => {
    const { users, selected } = asList(s).context;
    return when(readyWithRows(s), [{ type: 'users.selectAll', selected: !users.every((m) => selected.includes(m.userId)) }]);
  },
  // Once the page is selected: 'Select all … members matching this view', and 'Clear selection' once chosen.
  'users.selectMatching': (s) => when(ready(s) && selectMatchingOffer(asList(s)) !== null, [{ type: 'users.selectMatching' }]),
  'users.clearSelection': (s) => when(ready(s) && asList(s).context.allMatching, [{ type: 'users.clearSelection' }]),
  // The toast's Undo of the last bulk change (walked by UNDO_PATHS below, where nothing else marks the stats stale).
  'users.undoBulk': (s) =>
    when(asList(s).context.statsStale && asList(s).context.hasLoaded, [
      { type: 'users.undoBulk', userIds: PAGE.list.users.map((u) => u.userId), updates: { hasLicense: false } },
    ]),
  // Granting licences goes straight through; deactivating asks first.
  'users.bulkUpdate': (s) =>
    when(readyWithRows(s) && asList(s).context.selected.length > 0, [
      { type: 'users.bulkUpdate', userIds: asList(s).context.selected, updates: { hasLicense: true } },
      { type: 'users.bulkUpdate', userIds: asList(s).context.selected, updates: { isActive: false } },
    ]),
  'users.confirmBulk': { type: 'users.confirmBulk' },
  // The bulk change (../bulkChange) ends with the count the server gives and the ids it changed, or its failure's message.
  'xstate.done.actor.bulkChange': (s) => [
    {
      type: 'xstate.done.actor.bulkChange',
      output: { updated: asList(s).context.selected.length, changedIds: asList(s).context.selected, failure: null },
    },
    { type: 'xstate.done.actor.bulkChange', output: { updated: 0, changedIds: [], failure: 'Failed to update user' } },
  ],
  'users.openAdd': (s) => when(ready(s), [{ type: 'users.openAdd' }]),
  // An import (../memberImport) finished: the page and the counts load again when the list is
  // shown; behind the Add User dialog, the counts are marked stale for the next load.
  'users.imported': (s) => when(ready(s) || asList(s).matches({ list: 'adding' }), [{ type: 'users.imported' }]),
  'xstate.done.actor.addUser': { type: 'xstate.done.actor.addUser', output: ADDED },
  'users.edit': (s) => when(readyWithRows(s), [{ type: 'users.edit', user: asList(s).context.users[0] }]),
  'xstate.done.actor.editUser': (s) => {
    const u = asList(s).context.editTarget;
    return when(u !== null, [{ type: 'xstate.done.actor.editUser', output: { ...u, name: EDITED_NAME } }]);
  },
  'users.confirmDelete': (s) => when(readyWithRows(s), [{ type: 'users.confirmDelete', user: asList(s).context.users[2] }]),
  'xstate.error.actor.deleteUser': { type: 'xstate.error.actor.deleteUser', error: new Error('') },
  // The invitations child (../invitation) tells the list an invitation was resent: the row and a toast.
  'invitation.settled': (s) =>
    when(readyWithRows(s) && asList(s).context.users.some((x) => x.userId === INVITED.userId), [
      { type: 'invitation.settled', outcome: 'resent', user: { ...INVITED, version: 2 } },
    ]),
});

const paths = generateModelPaths(usersListMachine, { events: EVENTS, exclude: ['users.undoBulk'] });
/**
 * Undo of a bulk change: its toast's button, so it is walked right after a bulk change went
 * through. Generated with only the events that get there (a path through an added or deleted
 * member, which also marks the stats stale, would have no such toast), keeping the paths that undo.
 */
const UNDO_WALK = new Set([
  'users.urlChanged',
  'xstate.done.actor.loadUsers',
  'users.selectAll',
  'users.bulkUpdate',
  'xstate.done.actor.bulkChange',
  'users.undoBulk',
]);
const UNDO_PATHS = generateModelPaths(usersListMachine, {
  events: EVENTS,
  exclude: [...new Set(enumerateTransitions(usersListMachine).map((t) => t.eventType))].filter((type) => !UNDO_WALK.has(type)),
}).filter((path) => path.steps.some((step) => step.event.type === 'users.undoBulk'));

/**
 * Covering walks of the list's own moves (cover: 'pairs'): browsing, filters, pages, loads, the
 * selection, bulk changes and the Add, Edit and Delete dialogs, each taken after every way into its
 * state. Left to the shortest paths above: the row changes and their answers (a walk's answer needs
 * a change in flight, which the planner cannot see in the list's snapshot), an import's reload (one
 * per screen), a resent invitation and an Undo. Add User is a button beside the list, so it opens
 * from any state of browsing; Edit and Delete open from a row's menu whenever the table shows rows.
 */
const PAIR_EXCLUDE = [
  'users.setLicense',
  'users.setStatus',
  'row.succeeded',
  'row.failed',
  'row.conflicted',
  'users.dismissError',
  'users.imported',
  'invitation.settled',
  'users.undoBulk',
];
const browsingWithRows = (s: AnyMachineSnapshot) =>
  asList(s).matches({ list: 'browsing' }) && !asList(s).matches({ list: { browsing: 'failed' } }) && asList(s).context.users.length > 0;
const PAIR_PATHS = generateModelPaths(usersListMachine, {
  cover: 'pairs',
  events: {
    ...EVENTS,
    ...notWhileExporting({
      'users.openAdd': (s) => when(asList(s).matches({ list: 'browsing' }), [{ type: 'users.openAdd' }]),
      'users.edit': (s) => when(browsingWithRows(s), [{ type: 'users.edit', user: asList(s).context.users[0] }]),
      'users.confirmDelete': (s) => when(browsingWithRows(s), [{ type: 'users.confirmDelete', user: asList(s).context.users[2] }]),
    }),
  },
  exclude: PAIR_EXCLUDE,
  // What the events and guards read: the selection, the page and whether there are more, and where
  // the browsing history returns a closed dialog to.
  key: (s) => {
    const c = asList(s).context;
    const history = (s as unknown as { historyValue?: Record<string, Array<{ id: string }>> }).historyValue ?? {};
    return [
      c.selected.length > 0,
      c.users.length > 0 && c.users.every((m) => c.selected.includes(m.userId)),
      c.allMatching,
      c.actionError !== null,
      c.page,
      c.users.length > 0,
      c.total > c.pageSize,
      Object.values(history).map((nodes) => nodes.map((n) => n.id)),
    ];
  },
});

// ---------------------------------------------------------------------------------------------
// Scripted walks: pairs that depend on what the list's snapshot does not hold
// ---------------------------------------------------------------------------------------------

const url = (query: string) => ({ type: 'users.urlChanged', query });
const loaded = (output: typeof PAGE) => ({ type: 'xstate.done.actor.loadUsers', output });
/** The plain /users, its first page shown. */
const OPENED = [url(''), loaded(PAGE)];
const member = (i: number) => PAGE.list.users[i] ?? makeUser(i);
const ALL_IDS = PAGE.list.users.map((m) => m.userId);
const BULK_FAILED = { type: 'xstate.done.actor.bulkChange', output: { updated: 0, changedIds: [], failure: 'Failed to update user' } };
const bulkDone = (changedIds: string[]) => ({
  type: 'xstate.done.actor.bulkChange',
  output: { updated: changedIds.length, changedIds, failure: null },
});
const IMPORTED = { type: 'users.imported' };
const OPEN_ADD = { type: 'users.openAdd' };
const CLOSE = { type: 'users.closeDialog' };
const ADD_DONE = { type: 'xstate.done.actor.addUser', output: ADDED };
const EDIT = { type: 'users.edit', user: member(0) };
const EDIT_DONE = { type: 'xstate.done.actor.editUser', output: { ...member(0), name: EDITED_NAME } };
const ASK_DELETE = { type: 'users.confirmDelete', user: member(2) };
const DELETED_ONE = [{ type: 'users.delete' }, { type: 'xstate.done.actor.deleteUser', output: undefined }];
const SELECT_FIRST = { type: 'users.select', userId: member(0).userId, selected: true };
const bulk = (userIds: string[], updates: { hasLicense?: boolean; isActive?: boolean }) => ({ type: 'users.bulkUpdate', userIds, updates });

/**
 * What the list hears at its top (its root's own transitions), each right after each other and after
 * the start, written one word a step: L and S a licence and a status toggle, ok, fail and conflict
 * the answers of a row change, D Dismiss of the message above the table, I a resent invitation.
 * An answer is for a change still in flight, which the list's snapshot does not hold (the row
 * changes child does): `rowChangeWalk` keeps count. It toggles the licence or the status of the
 * first of the page's three members not already changing that; answers the oldest change in flight;
 * and where nothing the walk toggled is in flight, answers a Restore of a member in Recently deleted
 * (sent to the row changes child by the row menu, not through the list: `outside`), made as the walk
 * opens on that view. Dismiss needs a message: after a failed answer there is one (a toggle or
 * Dismiss takes it away); otherwise a bulk change of the first member fails first.
 */
const ROOT_LETTERS = ['L', 'S', 'ok', 'fail', 'conflict', 'D', 'I'] as const;
function rowChangeWalk(script: string): ModelPath {
  const letters = script.split(' ').map((letter) => {
    const known = ROOT_LETTERS.find((l) => l === letter);
    if (!known) throw new Error(`rowChangeWalk: "${letter}" is none of ${ROOT_LETTERS.join(', ')}`);
    return known;
  });
  interface Change {
    kind: RowActionInput['kind'];
    /** The toggled member's row on the page (a toggle), or none (a restore). */
    row?: number;
    /** The member as the change asked for them (a toggle's is read from the page when it is made). */
    asked?: User;
  }
  const inFlight: Change[] = [];
  const restoring: User[] = [];
  const body: ScriptedEvent[] = [];
  let error = false;
  let selected = false;
  const at = (s: AnyMachineSnapshot, row: number) => asList(s).context.users[row] ?? member(row);
  for (const letter of letters) {
    if (letter === 'L' || letter === 'S') {
      const kind = letter === 'L' ? 'license' : 'status';
      const row = [0, 1, 2].find((r) => !inFlight.some((c) => c.kind === kind && c.row === r));
      if (row === undefined) throw new Error(`rowChangeWalk: no member free for another ${kind} change`);
      const change: Change = { kind, row };
      inFlight.push(change);
      body.push((s) => {
        const m = at(s, row);
        change.asked = m;
        return kind === 'license'
          ? { type: 'users.setLicense', user: m, hasLicense: !m.hasLicense }
          : { type: 'users.setStatus', user: m, isActive: !m.isActive };
      });
      error = false;
    } else if (letter === 'ok' || letter === 'fail' || letter === 'conflict') {
      let change = inFlight.shift();
      if (!change) {
        const next = DELETED.list.users[restoring.length];
        if (!next) throw new Error('rowChangeWalk: more restores needed than Recently deleted shows');
        // Today's API refuses a restore as in conflict (409) only when the caller has just lost their
        // administrator rights, and then cannot read the member again: the walks have a restore's
        // conflict only as the very first answer, where only a restore can be in flight.
        if (letter === 'conflict' && body.length > 0) throw new Error('rowChangeWalk: a conflict answers a toggle, not a restore');
        restoring.push(next);
        change = { kind: 'restore', asked: next };
      }
      const answered = change;
      body.push(() => {
        const { kind, asked } = answered;
        if (!asked) throw new Error('rowChangeWalk: an answer before its change');
        if (letter === 'fail') return { type: 'row.failed', kind, userId: asked.userId, error: new Error('') };
        if (letter === 'conflict')
          return { type: 'row.conflicted', kind, user: { ...asked, version: asked.version + 1 }, message: CONFLICT };
        const { deletedAt: _deleted, purgeAt: _purge, ...restored } = asked;
        const after =
          kind === 'license'
            ? { ...asked, hasLicense: !asked.hasLicense }
            : kind === 'status'
              ? { ...asked, isActive: !asked.isActive }
              : restored;
        return { type: 'row.succeeded', kind, before: asked, user: { ...after, version: asked.version + 1 } };
      });
      if (letter === 'fail') error = true;
    } else if (letter === 'D') {
      if (!error) {
        if (!selected) body.push(SELECT_FIRST);
        selected = true;
        body.push(bulk([member(0).userId], { hasLicense: true }), BULK_FAILED, loaded(PAGE));
      }
      body.push({ type: 'users.dismissError' });
      error = false;
    } else {
      body.push({ type: 'invitation.settled', outcome: 'resent', user: { ...INVITED, version: 2 } });
    }
  }
  const opening =
    restoring.length === 0
      ? OPENED
      : [
          url('?status=deleted'),
          loaded(DELETED),
          ...restoring.map((m) => ({ type: 'users.restore', user: m })),
          { type: 'users.filterStatus', status: 'all' },
          loaded(PAGE),
        ];
  return scriptedPath(usersListMachine, `row changes answered in flight: ${script}`, [...opening, ...body], {
    outside: ['users.restore'],
  });
}
/**
 * Every pair of the seven, and each first: an Euler circuit of the 49 pairs cut into four walks,
 * which start with a Dismiss and a restore's answers (a toggle, a resent invitation first are in the
 * generated paths); found by a search for the fewest restores (ten: 24 answers, 14 toggles) and bulk
 * failures (four: Dismiss after a toggle, after a Dismiss, or first), with a conflict answering a
 * restore only first.
 */
const ROW_CHANGE_WALKS = [
  rowChangeWalk('D ok'),
  rowChangeWalk('ok fail D L fail fail S D fail L D I conflict'),
  rowChangeWalk('conflict L S L I S I fail conflict D conflict I ok L conflict fail'),
  rowChangeWalk('fail I I D S S conflict conflict ok ok I L L ok conflict S ok S fail ok D D'),
];

/**
 * A finished import (`users.imported`) after each way into browsing, and what its reload answers;
 * behind a dialog, twice (a second job run through Import CSV: `outside`, the list does not see
 * it), then Back. One job a walk otherwise: the one found running as the list opens.
 */
const IMPORT_WALKS = [
  { name: 'after Back, the reload shown', steps: [...OPENED, url(BACK_TO), IMPORTED, loaded(PAGE)] },
  { name: 'after Add User closed, the reload past the end', steps: [...OPENED, OPEN_ADD, CLOSE, IMPORTED, loaded(PAST_THE_END)] },
  {
    name: 'after a member was added, the reload failing',
    steps: [...OPENED, OPEN_ADD, ADD_DONE, IMPORTED, { type: 'xstate.error.actor.loadUsers', error: new Error('') }],
  },
  { name: 'after Edit closed', steps: [...OPENED, EDIT, CLOSE, IMPORTED] },
  { name: 'after an edit saved', steps: [...OPENED, EDIT, EDIT_DONE, IMPORTED] },
  { name: 'after the delete question closed', steps: [...OPENED, ASK_DELETE, CLOSE, IMPORTED] },
  { name: 'after a member was deleted', steps: [...OPENED, ASK_DELETE, ...DELETED_ONE, IMPORTED] },
  {
    name: 'after the bulk question closed',
    steps: [...OPENED, SELECT_FIRST, bulk([member(0).userId], { isActive: false }), CLOSE, IMPORTED],
  },
  {
    name: 'after a bulk change failed',
    steps: [...OPENED, SELECT_FIRST, bulk([member(0).userId], { hasLicense: true }), BULK_FAILED, IMPORTED],
  },
  {
    name: 'after a bulk change',
    steps: [...OPENED, SELECT_FIRST, bulk([member(0).userId], { hasLicense: true }), bulkDone([member(0).userId]), IMPORTED],
  },
  {
    name: 'behind Add User twice, then Back',
    steps: [
      ...OPENED,
      OPEN_ADD,
      IMPORTED,
      CLOSE,
      ...['import.dismiss', 'import.open', 'import.chooseFile', 'import.confirm', 'import.close'].map((type) => ({ type })),
      OPEN_ADD,
      IMPORTED,
      url(BACK_TO),
    ],
  },
].map(({ name, steps }) =>
  scriptedPath(usersListMachine, `an import finished ${name}`, steps, {
    outside: ['import.dismiss', 'import.open', 'import.chooseFile', 'import.confirm', 'import.close'],
  }),
);

/**
 * Undo of a bulk change after each way into browsing, and each way its run ends. The toast's Undo
 * of a bulk change stays 30 s; the Undo's own change offers Undo again (the other way), so one walk
 * undoes, undoes that, and so on, with one way into browsing between each.
 */
let undoTo = false;
/** The Undo the last toast offers: the licences back the other way. */
const undoLast = () => {
  const event = { type: 'users.undoBulk', userIds: ALL_IDS, updates: { hasLicense: undoTo } };
  undoTo = !undoTo;
  return event;
};
const undone = () => [bulkDone(ALL_IDS), loaded(PAGE)];
const UNDO_CHAIN = scriptedPath(usersListMachine, 'Undo of a bulk change after each way into the list', [
  ...OPENED,
  { type: 'users.selectAll', selected: true },
  bulk(ALL_IDS, { hasLicense: true }),
  ...undone(),
  // Back, then Undo while that page loads; Forward while the Undo runs.
  url(BACK_TO),
  undoLast(),
  url(''),
  ...undone(),
  OPEN_ADD,
  CLOSE,
  undoLast(),
  ...undone(),
  OPEN_ADD,
  ADD_DONE,
  undoLast(),
  ...undone(),
  EDIT,
  CLOSE,
  undoLast(),
  ...undone(),
  EDIT,
  EDIT_DONE,
  undoLast(),
  ...undone(),
  ASK_DELETE,
  CLOSE,
  undoLast(),
  ...undone(),
  ASK_DELETE,
  ...DELETED_ONE,
  undoLast(),
  ...undone(),
  // A deactivation asks first: No, then Undo (the member stays selected); a search typed while the
  // Undo runs is the list that loads after it.
  SELECT_FIRST,
  bulk([member(0).userId], { isActive: false }),
  CLOSE,
  undoLast(),
  { type: 'users.search', search: '555' },
  ...undone(),
  // So is a status, a role, a page or a sort chosen while an Undo runs, each right as it starts.
  undoLast(),
  { type: 'users.filterStatus', status: 'pending' },
  ...undone(),
  undoLast(),
  { type: 'users.filterRole', role: 'Supervisor' },
  ...undone(),
  undoLast(),
  { type: 'users.goToPage', page: 2 },
  ...undone(),

  undoLast(),
  { type: 'users.sort', sort: 'name' },
  ...undone(),
  // Two pages chosen while a bulk change runs: the second is the page that loads after it.
  { type: 'users.selectAll', selected: true },
  bulk(ALL_IDS, { hasLicense: true }),
  { type: 'users.goToPage', page: 2 },
  { type: 'users.goToPage', page: 1 },
  ...undone(),
  // Another bulk change fails; the Undo of the one before fails too.
  SELECT_FIRST,
  bulk([member(0).userId], { hasLicense: true }),
  BULK_FAILED,
  undoLast(),
  BULK_FAILED,
]);

/** Walks part `part` (from 0) of the two parts of the walk. */
export function walkUsersList(part: 0 | 1): void {
  const shard = { part, of: 2 };
  walkPaths({
    machineId: 'usersList',
    shard,
    machine: usersListMachine,
    paths: [...paths, ...UNDO_PATHS, ...PAIR_PATHS, ...ROW_CHANGE_WALKS, ...IMPORT_WALKS, UNDO_CHAIN],
    timeout: 15_000,
    setup: ({ inspect }) => {
      const doubles = createUsersDoubles();
      const delays = createControlledDelays(['searchDebounce', 'importPoll']);
      delays.install();
      const user = userEvent.setup({ pointerEventsCheck: 0 });
      // The address watcher reports when the walk says so (the real one reports the address at once).
      let reportAddress: ((event: AnyEventObject) => void) | undefined;
      const watchUrl = fromCallback(({ sendBack }) => {
        reportAddress = sendBack;
      });
      const view = renderUsers({
        doubles,
        delays: { searchDebounce: delays.delays.searchDebounce, importPoll: delays.delays.importPoll },
        inspect,
        watchUrl,
      });
      const table = () => screen.getByRole('table', { name: 'Users' });
      const dialog = (name: string) => within(screen.getByRole(name === 'Delete user' ? 'alertdialog' : 'dialog', { name }));
      const rowOf = (name: string) => {
        const row = within(table())
          .getAllByRole('row')
          .find((r) => within(r).queryByText(name) !== null);
        if (!row) throw new Error(`no row for ${name}`);
        return within(row);
      };
      // By keyboard, as a keyboard user would (tests/support/menus.ts says why).
      const menuItem = (name: string, item: RegExp) => chooseFromRowMenu(user, name, item);
      const paste = async (element: HTMLElement, text: string) => {
        await user.clear(element);
        await user.click(element);
        await user.paste(text);
      };
      /** The first member's name as the page shows it: a saved edit renames them until the next page arrives. */
      let firstName = PAGE.list.users[0]?.name ?? '';
      const u = (i: number) => {
        const member = PAGE.list.users[i] ?? makeUser(i);
        return i === 0 ? { ...member, name: firstName } : member;
      };
      let searches = 0;
      /** The last Undo of a bulk change clicked, and what asked for the bulk change running: the selection or an Undo. */
      let undone: { userIds: string[]; updates: object } | undefined;
      let bulkAsked: 'selection' | 'undo' | undefined;
      /** Links opened by a finished export so far. */
      let downloads = 0;

      type Ctx = CheckContext<typeof usersListMachine>;
      // act() is not returned (an awaited act of a synchronous callback flushes outside the act environment).
      const settle = (event: AnyEventObject, info: StepInfo) => {
        act(() => {
          if (!doubles.list.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
        });
      };
      const toggleLicense = (name: string) => user.click(rowOf(name).getByRole('checkbox', { name: `License for ${name}` }));
      const toggleStatus = (name: string) => menuItem(name, /^(Activate|Deactivate)$/);
      /** A member's name as the page shows it, by id (the first member's as renamed by a saved edit). */
      const nameOf = (userId: string) =>
        userId === u(0).userId ? u(0).name : ([...PAGE.list.users, ...DELETED.list.users].find((m) => m.userId === userId)?.name ?? userId);
      /**
       * The row change in flight an answer is for: its kind, for its member. A generated path answers
       * one it has not asked for (its paths are shortest): the toggle is made first. A scripted walk
       * (below) answers changes it made earlier, while others are still in flight.
       */
      const changeInFlight = async (kind: RowActionInput['kind'], userId: string) => {
        const find = () => doubles.rows.open().find((c) => c.input.kind === kind && c.input.user.userId === userId);
        if (!find()) {
          if (kind === 'restore') throw new Error(`no restore of ${userId} in flight`);
          await (kind === 'license' ? toggleLicense(nameOf(userId)) : toggleStatus(nameOf(userId)));
          await waitFor(() => expect(find()).toBeDefined());
        }
        return find() as NonNullable<ReturnType<typeof find>>;
      };
      /**
       * The server's answer to that change, as the row-action double gives it (the flag set to the
       * wanted value, a restored member without their dates, one version on; a refusal with the member
       * as they are; a failure). The toasts of earlier answers are cleared: the one checked is this one's.
       */
      const answerRow = async (event: RowActionResult) => {
        const userId = event.type === 'row.failed' ? event.userId : event.user.userId;
        const call = await changeInFlight(event.kind, userId);
        const { kind, user: asked, value } = call.input;
        const { deletedAt: _deleted, purgeAt: _purge, ...restored } = asked;
        const updated = kind === 'license' ? { ...asked, hasLicense: value } : kind === 'status' ? { ...asked, isActive: value } : restored;
        const result: RowActionResult =
          event.type === 'row.succeeded'
            ? { type: 'row.succeeded', kind, before: asked, user: { ...updated, version: asked.version + 1 } }
            : event.type === 'row.conflicted'
              ? { type: 'row.conflicted', kind, user: event.user, message: event.message }
              : { type: 'row.failed', kind, userId, error: event.error };
        act(() => {
          toaster.remove();
          call.sendBack(result);
        });
      };

      /** Once the address is known, the address shows the view of the list. */
      const addressShowsView = ({ context }: Ctx) => expect(doubles.address.url()).toBe(`/users${usersViewQuery(context)}`);
      /** Deactivating the selection asks first; in every other state there is no such question. */
      const noBulkQuestion = () => expect(screen.queryByRole('alertdialog', { name: /^Deactivate/ })).not.toBeInTheDocument();
      /** A state of the list after it opened, other than the bulk question: the address, and no question. */
      const listed =
        (...more: Array<(ctx: Ctx) => unknown>) =>
        async (ctx: Ctx) => {
          addressShowsView(ctx);
          noBulkQuestion();
          for (const check of more) await check(ctx);
        };
      /** The headers show the list's order: aria-sort on the th, the button inside it. */
      const headersShowOrder = ({ context }: Ctx) => {
        for (const [key, label] of Object.entries(SORT_HEADERS)) {
          const header = screen.getByRole('columnheader', { name: label });
          expect(header).toHaveAttribute('aria-sort', sortDirectionOf(context.sort, key as keyof typeof SORT_HEADERS));
        }
      };
      /** The confirmation of a delete, naming the member (busy while it is sent; the error of a failed one). */
      const deleteQuestion =
        (busy: boolean) =>
        async ({ context }: Ctx) => {
          const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete user' }));
          expect(confirm.getByText(u(2).name)).toBeInTheDocument();
          if (busy) await waitFor(() => expect(confirm.getByRole('button', { name: /Deleting/ })).toBeDisabled());
          if (context.deleteError !== null) expect(confirm.getByRole('alert')).toHaveTextContent('Failed to delete user');
        };

      return {
        ...tableDriver(usersListMachine, {
          // One PATCH in flight per busy row action, whatever the list is doing; each asks for a value.
          // Every link a finished export brought is opened, once.
          every: ({ snapshot }) => {
            expect(doubles.rows.open()).toHaveLength(selectBusy(snapshot).length);
            for (const { input } of doubles.rows.open())
              expect(input.value).toBe(
                input.kind === 'license' ? !input.user.hasLicense : input.kind === 'status' ? !input.user.isActive : true,
              );
            expect(doubles.downloads).toHaveLength(downloads);
            if (downloads > 0) expect(doubles.downloads.at(-1)).toBe(EXPORTED.url);
          },
          states: {
            list: inSubstates,
            // Nothing asked until the address is known.
            'list.opening': () => {
              expect(doubles.list.inputs('loadUsers')).toHaveLength(0);
              noBulkQuestion();
            },
            // A failed row change says so above the list, in any of its states.
            'list.browsing': listed(async ({ context }) => {
              if (context.actionError === null) return;
              expect(await screen.findByText(context.actionError)).toBeInTheDocument();
              expect([
                'Failed to update user license',
                'Failed to update user status',
                'Failed to restore user',
                'Failed to update user',
              ]).toContain(context.actionError);
            }),
            'list.browsing.loading': ({ context, ...ctx }) => {
              expect(doubles.list.pending('loadUsers')).toHaveLength(1);
              expect(doubles.list.inputs('loadUsers').at(-1)).toMatchObject({
                page: context.page,
                search: context.search.trim(),
                status: context.status,
                role: context.role,
                sort: context.sort,
              });
              expect(table()).toHaveAttribute('aria-busy', 'true');
              headersShowOrder({ context, ...ctx });
            },
            'list.browsing.debouncing': (ctx) => {
              expect(doubles.list.pending('loadUsers')).toHaveLength(0);
              expect(table()).toHaveAttribute('aria-busy', 'true');
              headersShowOrder(ctx);
            },
            'list.browsing.ready': async (ctx) => {
              const { context } = ctx;
              headersShowOrder(ctx);
              await waitFor(() => expect(table()).toHaveAttribute('aria-busy', 'false'));
              // The first page's rows replace their placeholders in a deferred render (UsersScreen): waited for.
              await waitFor(() => {
                if (context.users.length === 0) expect(within(table()).getByText('No users found')).toBeInTheDocument();
                for (const listedUser of context.users) expect(within(table()).getByText(listedUser.name)).toBeInTheDocument();
              });
              expect(
                within(screen.getByRole('group', { name: 'Licensed' })).getByText(String(context.stats?.licensed)),
              ).toBeInTheDocument();
              if (context.selected.length > 0) {
                expect(screen.getByText(`${context.allMatching ? context.total : context.selected.length} selected`)).toBeInTheDocument();
              } else expect(screen.queryByRole('region', { name: 'Bulk actions' })).not.toBeInTheDocument();
              // The whole page selected: the offer of every matching member, or, once chosen, Clear selection.
              const offer = selectMatchingOffer(ctx.snapshot);
              if (offer !== null)
                expect(screen.getByRole('button', { name: `Select all ${offer} members matching this view` })).toBeVisible();
              else expect(screen.queryByRole('button', { name: /^Select all \d+ members/ })).not.toBeInTheDocument();
              if (context.allMatching)
                expect(screen.getByText(`All ${context.total} members matching this view are selected.`)).toBeVisible();
              else expect(screen.queryByRole('button', { name: 'Clear selection' })).not.toBeInTheDocument();
            },
            'list.browsing.failed': async () => {
              const alerts = await screen.findAllByRole('alert');
              expect(alerts.find((alert) => within(alert).queryByText('Error loading users') !== null)).toHaveTextContent(
                'Failed to fetch users',
              );
            },
            'list.adding': listed(async () => expect(await screen.findByRole('dialog', { name: 'Add User' })).toBeInTheDocument()),
            'list.editing': listed(async ({ context }) => {
              const form = within(await screen.findByRole('dialog', { name: 'Edit User' }));
              expect(form.getByRole('textbox', { name: /Email/ })).toHaveValue(context.editTarget?.email);
            }),
            'list.confirmingDelete': listed(deleteQuestion(false)),
            'list.deleting': listed(deleteQuestion(true)),
            // Deactivating the selection asks first, with the count; nothing is sent until Yes.
            'list.confirmingBulk': async (ctx) => {
              addressShowsView(ctx);
              const request = ctx.context.bulkRequest;
              const count = request && 'count' in request ? request.count : ctx.context.selected.length;
              const question = within(
                await screen.findByRole('alertdialog', { name: `Deactivate ${count} ${count === 1 ? 'user' : 'users'}?` }),
              );
              expect(question.getByText('They will show as pending until an administrator activates them again.')).toBeInTheDocument();
              expect(doubles.bulk.pending('bulkUpdate')).toHaveLength(0);
            },
            'list.bulkUpdating': listed(async ({ context }) => {
              expect(doubles.bulk.pending('bulkUpdate')).toHaveLength(1);
              const request = context.bulkRequest;
              expect(doubles.bulk.inputs('bulkUpdate').at(-1)).toEqual(request);
              // The selected ids, the view's filter once every matching member is selected, or an Undo's ids.
              if (request && 'filter' in request) expect(request).toMatchObject({ filter: {}, count: context.total });
              else if (bulkAsked === 'undo') expect(request).toEqual({ userIds: undone?.userIds, updates: undone?.updates });
              else expect(request?.userIds).toEqual(context.selected);
              // The bulk buttons wait (an Undo runs with nothing selected: there are none).
              if (context.selected.length > 0)
                await waitFor(() => expect(screen.getByRole('button', { name: 'Grant license' })).toBeDisabled());
            }),
            // Export CSV: busy while the link is prepared, the list carrying on meanwhile.
            export: inSubstates,
            'export.idle': async () => {
              expect(doubles.exports.pending('prepareExport')).toHaveLength(0);
              await waitFor(() => expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled());
            },
            'export.preparing': async () => {
              expect(doubles.exports.pending('prepareExport')).toHaveLength(1);
              await waitFor(() => expect(screen.getByRole('button', { name: /Preparing export/ })).toBeDisabled());
            },
          },
          events: {
            'users.urlChanged': (event) => {
              act(() => reportAddress?.(event));
            },
            'users.search': () => {
              searches += 1;
              fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: `555${searches}` } });
            },
            'xstate.after.searchDebounce.usersList.list.browsing.debouncing': () => {
              act(() => delays.fire('searchDebounce'));
            },
            'users.filterStatus': ({ status }) => user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), status),
            'users.filterRole': ({ role }) => user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), role),
            'users.goToPage': ({ page }) =>
              screen.findByRole('button', { name: page === 2 ? 'page 2' : 'previous page' }).then((button) => user.click(button)),
            'users.sort': async ({ sort }) => {
              const key = sort.replace(/^-/, '') as keyof typeof SORT_HEADERS;
              const header = screen.getByRole('columnheader', { name: SORT_HEADERS[key] });
              await user.click(within(header).getByRole('button', { name: SORT_HEADERS[key] }));
            },
            'users.export': () => user.click(screen.getByRole('button', { name: 'Export CSV' })),
            'xstate.done.actor.csvExport': ({ output }) => {
              // The toasts of earlier exports are cleared: the one this answer makes is the one checked.
              act(() => toaster.remove());
              if (output.failure !== null) {
                act(() => doubles.exports.reject('prepareExport', new Error(EXPORT_ERROR)));
                return;
              }
              downloads += 1;
              act(() => doubles.exports.resolve('prepareExport', EXPORTED));
            },
            'xstate.done.actor.loadUsers': (event, info) => {
              settle(event, info);
              // A page with members replaces the rows (an empty one clears them, one past the end is not shown).
              if ((event.output as typeof PAGE).list.users.length > 0) firstName = PAGE.list.users[0]?.name ?? '';
            },
            'xstate.error.actor.loadUsers': settle,
            'users.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
            'users.setLicense': ({ user: member }) => toggleLicense(nameOf(member.userId)),
            'users.setStatus': ({ user: member }) => toggleStatus(nameOf(member.userId)),
            'row.succeeded': answerRow,
            'row.failed': answerRow,
            'row.conflicted': answerRow,
            'users.dismissError': () => user.click(screen.getByRole('button', { name: 'Dismiss' })),
            'users.select': () => user.click(screen.getByRole('checkbox', { name: `Select ${u(0).name}` })),
            'users.selectAll': () => user.click(screen.getByRole('checkbox', { name: 'Select all users on this page' })),
            'users.selectMatching': () => user.click(screen.getByRole('button', { name: /^Select all \d+ members matching this view$/ })),
            'users.clearSelection': () => user.click(screen.getByRole('button', { name: 'Clear selection' })),
            // The toast of the bulk change that just went through: its Undo.
            'users.undoBulk': async (event) => {
              undone = event;
              bulkAsked = 'undo';
              const toast = await screen.findByRole('status', { name: /^\d+ users? updated$/ });
              await user.click(within(toast).getByRole('button', { name: 'Undo' }));
            },
            'users.bulkUpdate': ({ updates }) => {
              bulkAsked = 'selection';
              return user.click(screen.getByRole('button', { name: updates.isActive === false ? 'Deactivate' : 'Grant license' }));
            },
            'users.confirmBulk': () =>
              user.click(within(screen.getByRole('alertdialog', { name: /^Deactivate/ })).getByRole('button', { name: /^Deactivate \d/ })),
            'xstate.done.actor.bulkChange': ({ output }) => {
              act(() => {
                if (output.failure !== null) {
                  doubles.bulk.reject('bulkUpdate', new Error(''));
                  return;
                }
                // The toasts of earlier changes are cleared: an Undo clicked later is this change's (a
                // failed change puts up none, so the Undo of the one before stays).
                toaster.remove();
                doubles.bulk.resolve('bulkUpdate', { updated: output.updated, changedIds: output.changedIds });
              });
            },
            // The import found running when the list opened (or one started since) reads its last progress: finished.
            'users.imported': async () => {
              if (doubles.imports.pending('findCurrent').length > 0)
                await act(async () => doubles.imports.resolve('findCurrent', IMPORT_RUNNING));
              await act(async () => delays.fire('importPoll'));
              await act(async () => doubles.imports.resolve('readImport', IMPORT_DONE));
            },
            'users.openAdd': () => user.click(screen.getAllByRole('button', { name: 'Add User' })[0] as HTMLElement),
            'xstate.done.actor.addUser': async () => {
              const form = dialog('Add User');
              await paste(form.getByRole('textbox', { name: /Name/ }), ADDED.name);
              await paste(form.getByRole('textbox', { name: /Email/ }), ADDED.email);
              await paste(form.getByRole('textbox', { name: /Phone number/ }), ADDED.phoneNumber);
              await user.click(form.getByRole('button', { name: 'Add User' }));
              act(() => doubles.add.resolve('inviteUser', ADDED));
            },
            'users.closeDialog': async () => {
              const last = screen.queryAllByRole('dialog').concat(screen.queryAllByRole('alertdialog')).at(-1);
              if (!last) throw new Error('no dialog open');
              await user.click(within(last).getByRole('button', { name: 'Cancel' }));
            },
            'users.edit': () => menuItem(u(0).name, /^Edit$/),
            'xstate.done.actor.editUser': async () => {
              const form = dialog('Edit User');
              await paste(form.getByRole('textbox', { name: /Name/ }), EDITED_NAME);
              await user.click(form.getByRole('button', { name: 'Save changes' }));
              const target = doubles.edit.inputs('updateUser').at(-1) as { userId: string };
              act(() => doubles.edit.resolve('updateUser', { ...u(0), userId: target.userId, name: EDITED_NAME }));
              firstName = EDITED_NAME;
            },
            'users.confirmDelete': () => menuItem(u(2).name, /^Delete$/),
            'users.delete': () => user.click(dialog('Delete user').getByRole('button', { name: 'Delete' })),
            'xstate.done.actor.deleteUser': settle,
            'xstate.error.actor.deleteUser': settle,
            'invitation.settled': async () => {
              await menuItem(INVITED.name, /^Resend invitation$/);
              await waitFor(() => expect(doubles.invitations.pending('resendInvitation')).toHaveLength(1));
              // The toasts of earlier answers are cleared: the confirmation checked is this one's.
              act(() => {
                toaster.remove();
                doubles.invitations.resolve('resendInvitation', { ...INVITED, version: 2 });
              });
            },
          },
          // What the scripted walks do that goes to the list's children, not to the list (it stays where it is).
          outside: {
            // Restore, in the row menu of a member in Recently deleted (to the row changes child).
            'users.restore': async (event) => {
              const { user: deleted } = event as unknown as { user: User };
              await menuItem(deleted.name, /^Restore$/);
              await waitFor(() =>
                expect(doubles.rows.open().some((c) => c.input.kind === 'restore' && c.input.user.userId === deleted.userId)).toBe(true),
              );
            },
            // A second import (../memberImport): the finished one dismissed from its banner, then a
            // file chosen, checked, invited and the dialog closed while it runs.
            'import.dismiss': async () => {
              await user.click(within(await screen.findByRole('region', { name: 'Import CSV' })).getByRole('button', { name: 'Dismiss' }));
              await waitFor(() => expect(doubles.imports.pending('dismissImport')).toHaveLength(1));
              act(() => doubles.imports.resolve('dismissImport', IMPORT_DONE));
              await waitFor(() => expect(screen.queryByRole('region', { name: 'Import CSV' })).not.toBeInTheDocument());
            },
            'import.open': async () => {
              await waitFor(() => expect(screen.getByRole('button', { name: 'Import CSV' })).toBeEnabled());
              await user.click(screen.getByRole('button', { name: 'Import CSV' }));
              await screen.findByRole('dialog', { name: 'Import CSV' });
            },
            'import.chooseFile': async () => {
              const form = dialog('Import CSV');
              await user.upload(form.getByLabelText(/CSV file/), new File([IMPORT_CSV], 'crew.csv', { type: 'text/csv' }));
              await waitFor(() => expect(doubles.imports.pending('previewImport')).toHaveLength(1));
              act(() => doubles.imports.resolve('previewImport', IMPORT_PREVIEW));
              await dialog('Import CSV').findByRole('button', { name: 'Invite 25 members' });
            },
            'import.confirm': async () => {
              await user.click(dialog('Import CSV').getByRole('button', { name: 'Invite 25 members' }));
              await waitFor(() => expect(doubles.imports.pending('startImport')).toHaveLength(1));
              act(() => doubles.imports.resolve('startImport', { ...IMPORT_RUNNING, invited: 0, pending: 25 }));
              await dialog('Import CSV').findByRole('button', { name: 'Cancel import' });
            },
            'import.close': async () => {
              await user.click(dialog('Import CSV').getAllByRole('button', { name: 'Close' })[0] as HTMLElement);
              await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Import CSV' })).not.toBeInTheDocument());
              expect(await screen.findByRole('region', { name: 'Import CSV' })).toBeInTheDocument();
            },
          },
          arrivals: {
            list: {
              // A row change that went through: its toast, with Undo (a restored member's has none).
              'row.succeeded': async ({ event }) => {
                if (event?.kind === 'restore') {
                  const toast = await screen.findByRole('status', { name: `${event.before.name} was restored` });
                  expect(within(toast).queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
                  return;
                }
                const said = event?.kind === 'status' ? / was (activated|deactivated)$/ : /^License (granted to|removed from) /;
                const toast = await screen.findByRole('status', { name: said });
                expect(within(toast).getByRole('button', { name: 'Undo' })).toBeInTheDocument();
              },
              // A resent invitation: its confirmation.
              'invitation.settled': async () =>
                expect(await screen.findByText(`A new invitation was sent to ${INVITED.email}`)).toBeInTheDocument(),
              // A refused change: its warning, the row read again.
              'row.conflicted': async () => {
                expect(await screen.findByText(CONFLICT)).toBeInTheDocument();
                expect(screen.getByText('The row now shows this member as they are.')).toBeInTheDocument();
              },
            },
            // A header click asks for the order it names; a finished import reloads the page and its counts.
            'list.browsing.loading': {
              'users.sort': ({ context, event }) => expect(context.sort).toBe(event?.sort),
              'users.imported': () => expect(doubles.list.inputs('loadUsers').at(-1)).toMatchObject({ withStats: true }),
            },
            'list.adding': { 'users.imported': ({ context }) => expect(context.statsStale).toBe(true) },
            // Export CSV asks for what the list selects at the moment of the click.
            'export.preparing': {
              'users.export': ({ context }) =>
                expect(doubles.exports.inputs('prepareExport').at(-1)).toEqual({
                  search: context.search.trim(),
                  status: context.status,
                  role: context.role,
                  sort: context.sort,
                }),
            },
            // A failed export: a toast saying why.
            'export.idle': {
              'xstate.done.actor.csvExport': async ({ event }) => {
                if (event?.output.failure !== null) expect(await screen.findByText(`Export failed: ${EXPORT_ERROR}`)).toBeInTheDocument();
              },
            },
          },
        }),
        teardown() {
          view.unmount();
          delays.uninstall();
          // The toaster is the app's one store: a toast of this path must not be found by the next.
          toaster.remove();
        },
      };
    },
  });
}
