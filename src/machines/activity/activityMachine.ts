/**
 * The activity trail: who changed what, newest first, paged, filtered by who made the change
 * (actor), the member it was about, the kind of change and a date range (days in the
 * administrator's time zone), and exported as CSV. Two screens run it:
 * - the Activity screen (/users/activity), whose view (filters, page) lives in the URL as it
 *   does for the users list: the `watchUrl` actor reports the address when the trail opens
 *   (`opening` waits for it, so the first request already asks for the view it names) and on Back
 *   or Forward (`activity.urlChanged`); `writeUrl` writes the view back after each change (a new
 *   history entry) or correction (in place). A link to `?member=<id>` opens one member's trail.
 * - a member's billing page, whose card starts it with the member as input (`{ memberId, limit: 5 }`):
 *   a trail opened for one member is not the page's view, so it neither reads nor writes the URL.
 *
 * Why the machine and not the route reads the URL: the filters change on the screen too (a click on
 * a member's name, the chip's ✕, the kind, the page), so the URL is both an input and an output of
 * the machine, which has to hear Back and Forward as well; a route that passed `?member=` in once
 * would go stale at the first click (and no view reads `location`).
 *
 * The billing page's card refreshes its trail (`activity.refresh`) when the page has reloaded the
 * member's billing (after a change in Manage Subscription), so the change shows there too.
 *
 * A change of filter or page loads at once, and leaving `loading` aborts its request, so an older
 * answer never lands. A date range that runs backwards ('To' before 'From') is not applied: the
 * trail stays as it is and says why (the view keeps the dates typed).
 *
 * Export CSV (../csvExport, the members export's child) runs in its own region beside the trail:
 * it takes the filters at the moment of the click, and paging or filtering meanwhile neither waits
 * for it nor stops it. Entries stay in context until new ones arrive: a reload or a failed load
 * keeps what was on screen (the error shows above it), never a blank screen.
 */
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { AuditListResponse } from '../../contract/audit';
import { csvExportMachine } from '../csvExport/csvExportMachine';
import { messageOf, placeholderActor } from '../shared';
import { watchUrlPlaceholder, writeUrlPlaceholder, writeView, type UrlWrite } from '../urlView';
import {
  ACTIVITY_DATES_BACKWARDS,
  ACTIVITY_FALLBACK_ERROR,
  NO_FILTERS,
  filtersOf,
  limitOf,
  loadInputOf,
  type ActivityContext,
  type ActivityEvent,
  type ActivityInput,
  type LoadActivityInput,
} from './context';
import { activityViewQuery, parseActivityView, runsBackwards } from './view';

/** The view on the address bar when it lives there (`writeUrl` is given null otherwise). */
const showView = (mode: UrlWrite['mode']) =>
  writeView(mode, (context: ActivityContext) => (context.followsUrl ? activityViewQuery(context) : null));

export const activityMachine = setup({
  types: {
    tags: {} as 'pending',
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
    input: {} as ActivityInput | undefined,
  },
  actors: {
    loadActivity: placeholderActor<AuditListResponse, LoadActivityInput>('loadActivity'),
    watchUrl: watchUrlPlaceholder(),
    csvExport: csvExportMachine,
  },
  guards: {
    /** The dates run backwards ('To' before 'From'): not applied. Reads the event only. */
    isRangeBackwards: ({ event }) => {
      assertEvent(event, 'activity.filterDates');
      return runsBackwards(event.from, event.to);
    },
    /** A trail opened for one member starts at once: there is no address to wait for. */
    ignoresUrl: ({ context }) => !context.followsUrl,
    /** Guards read events only (the answer echoes its page), so model paths stay deterministic. */
    isPageOutOfRange: (_, answer: AuditListResponse) => answer.entries.length === 0 && answer.page > 1 && answer.total > 0,
  },
  actions: {
    /** The Activity screen hears the address for as long as it is open; a one-member trail does not. */
    watchAddress: enqueueActions(({ context, enqueue }) => {
      if (context.followsUrl) enqueue.spawnChild('watchUrl', { id: 'watchUrl' });
    }),
    assignView: assign(({ context, event }) => {
      assertEvent(event, 'activity.urlChanged');
      const view = parseActivityView(event.query);
      // Back to a member on screen (or just left): the chip names them at once, not by their id.
      const known = view.memberId === context.memberId ? context.memberName : null;
      const shown = context.entries.find((e) => e.member.memberId === view.memberId)?.member.name ?? null;
      const knownActor = view.actorId === context.actorId ? context.actorName : null;
      const shownActor = context.entries.find((e) => e.actor.memberId === view.actorId)?.actor.name ?? null;
      return { ...view, memberName: known ?? shown, actorName: knownActor ?? shownActor, dateError: null };
    }),
    assignKind: assign(({ event }) => {
      assertEvent(event, 'activity.filterKind');
      return { kind: event.kind, page: 1 };
    }),
    assignMember: assign(({ event }) => {
      assertEvent(event, 'activity.filterMember');
      return { memberId: event.memberId, memberName: event.name, page: 1 };
    }),
    clearMember: assign({ memberId: null, memberName: null, page: 1 }),
    assignActor: assign(({ event }) => {
      assertEvent(event, 'activity.filterActor');
      return { actorId: event.memberId, actorName: event.name, page: 1 };
    }),
    clearActor: assign({ actorId: null, actorName: null, page: 1 }),
    assignDates: assign(({ event }) => {
      assertEvent(event, 'activity.filterDates');
      return { from: event.from, to: event.to, dateError: null, page: 1 };
    }),
    assignDateError: assign({ dateError: ACTIVITY_DATES_BACKWARDS }),
    clearFilters: assign({ ...NO_FILTERS, dateError: null, page: 1 }),
    clearExportError: assign({ exportError: null }),
    assignExportError: assign((_, failure: string | null) => ({ exportError: failure })),
    assignPage: assign(({ event }) => {
      assertEvent(event, 'activity.goToPage');
      return { page: Math.max(1, Math.floor(event.page)) };
    }),
    assignLastPage: assign(({ context }, answer: AuditListResponse) => ({ page: Math.max(1, Math.ceil(answer.total / context.limit)) })),
    assignEntries: assign(({ context }, answer: AuditListResponse) => {
      const named = answer.entries.find((e) => e.member.memberId === context.memberId);
      return {
        entries: answer.entries,
        total: answer.total,
        hasLoaded: true,
        error: null,
        memberName: context.memberName ?? named?.member.name ?? null,
        actorName: context.actorName ?? answer.entries.find((e) => e.actor.memberId === context.actorId)?.actor.name ?? null,
      };
    }),
    assignError: assign((_, error: unknown) => ({ error: messageOf(error, ACTIVITY_FALLBACK_ERROR) })),
    /** Replaced with the real one (../urlView): the view on the address bar (null: this trail's view is not in the URL). */
    writeUrl: (args, params: UrlWrite | null) => writeUrlPlaceholder(args, params),
  },
}).createMachine({
  id: 'activity',
  context: ({ input }) => ({
    followsUrl: input?.memberId === undefined,
    page: 1,
    limit: limitOf(input?.limit),
    ...NO_FILTERS,
    memberId: input?.memberId ?? null,
    dateError: null,
    exportError: null,
    entries: [],
    total: 0,
    hasLoaded: false,
    error: null,
  }),
  entry: 'watchAddress',
  type: 'parallel',
  states: {
    trail: {
      initial: 'opening',
      states: {
        opening: {
          description: 'Waits for the address (watchUrl reports it at once): the first request asks for the view it names.',
          always: { guard: 'ignoresUrl', target: 'browsing' },
          on: { 'activity.urlChanged': { target: 'browsing', actions: ['assignView', showView('replace')] } },
        },
        browsing: {
          description: 'A filter, a page or the address changes: the trail loads again (a request still out is aborted).',
          initial: 'loading',
          on: {
            'activity.filterKind': { target: '.loading', actions: ['assignKind', showView('push')] },
            'activity.filterMember': { target: '.loading', actions: ['assignMember', showView('push')] },
            'activity.clearMember': { target: '.loading', actions: ['clearMember', showView('push')] },
            'activity.goToPage': { target: '.loading', actions: ['assignPage', showView('push')] },
            'activity.urlChanged': { target: '.loading', actions: ['assignView', showView('replace')] },
            'activity.filterActor': { target: '.loading', actions: ['assignActor', showView('push')] },
            'activity.clearActor': { target: '.loading', actions: ['clearActor', showView('push')] },
            'activity.filterDates': [
              { guard: 'isRangeBackwards', actions: 'assignDateError' },
              { target: '.loading', actions: ['assignDates', showView('push')] },
            ],
            'activity.clearFilters': { target: '.loading', actions: ['clearFilters', showView('push')] },
            'activity.refresh': '.loading',
          },
          states: {
            loading: {
              tags: ['pending'],
              invoke: {
                id: 'loadActivity',
                src: 'loadActivity',
                input: ({ context }) => loadInputOf(context),
                onDone: [
                  {
                    // A page past the end (entries removed, or a stale link): the last page, in place.
                    guard: { type: 'isPageOutOfRange', params: ({ event }) => event.output },
                    target: 'loading',
                    reenter: true,
                    actions: [{ type: 'assignLastPage', params: ({ event }) => event.output }, showView('replace')],
                  },
                  { target: 'ready', actions: { type: 'assignEntries', params: ({ event }) => event.output } },
                ],
                onError: {
                  target: 'failed',
                  actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error },
                },
              },
            },
            ready: {},
            failed: {
              description: "The error shows above the entries loaded before (never a blank screen); 'Try again' loads again.",
              on: { 'activity.retry': 'loading' },
            },
          },
        },
      },
    },
    export: {
      description: 'Export CSV (../csvExport), beside the trail: paging or filtering meanwhile neither waits for it nor stops it.',
      initial: 'idle',
      states: {
        idle: { on: { 'activity.export': 'preparing' } },
        preparing: {
          tags: ['pending'],
          entry: 'clearExportError',
          invoke: {
            id: 'csvExport',
            src: 'csvExport',
            input: ({ context }) => filtersOf(context),
            // The export's failure, or null for a file downloaded (as clearExportError left it).
            onDone: { target: 'idle', actions: { type: 'assignExportError', params: ({ event }) => event.output.failure } },
          },
        },
      },
    },
  },
});

export type ActivityActorRef = ActorRefFrom<typeof activityMachine>;
export type ActivitySnapshot = SnapshotFrom<typeof activityMachine>;
export type { UrlWrite } from '../urlView';
