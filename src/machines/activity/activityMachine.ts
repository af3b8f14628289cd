/**
 * The activity trail: who changed what, newest first, paged, filtered by kind of change
 * and by member. Two screens run it:
 * - the Activity screen (/users/activity), whose view (member, kind, page) lives in the URL as it
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
 * answer never lands. Entries stay in context until new ones arrive: a reload or a failed load
 * keeps what was on screen (the error shows above it), never a blank screen.
 */
import { assign, enqueueActions, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { DEFAULT_PAGE_SIZE } from '../../contract/api';
import type { AuditEntry, AuditListResponse, AuditQuery } from '../../contract/audit';
import { LIMITS } from '../../domain/limits';
import { messageOf, placeholderActor } from '../shared';
import { watchUrlPlaceholder, writeUrlPlaceholder, writeView, type UrlChanged, type UrlWrite } from '../urlView';
import type { ActivityKindFilter } from './describe';
import { activityViewQuery, parseActivityView } from './view';

export interface ActivityInput {
  /** One member's trail (the billing page's card): fixed by the input, and kept out of the URL. */
  memberId?: string;
  /** Entries a page (default 25, at most LIMITS.pageSize). */
  limit?: number;
}

export interface ActivityContext {
  /** The view lives in the URL (the Activity screen); false for a trail opened for one member. */
  followsUrl: boolean;
  page: number;
  limit: number;
  kind: ActivityKindFilter;
  memberId: string | null;
  /** The filtered member's name for the chip: the name clicked, else the one the entries give. */
  memberName: string | null;
  entries: AuditEntry[];
  total: number;
  /** A page has arrived at least once (before that, the list shows placeholders). */
  hasLoaded: boolean;
  error: string | null;
}

export type ActivityEvent =
  | { type: 'activity.filterKind'; kind: ActivityKindFilter }
  | { type: 'activity.filterMember'; memberId: string; name: string }
  | { type: 'activity.clearMember' }
  | { type: 'activity.goToPage'; page: number }
  | { type: 'activity.retry' }
  /** Read the trail again as it is filtered (the page around it has changed what it shows). */
  | { type: 'activity.refresh' }
  /** The address changed (the trail opened, or Back / Forward): `query` is its query string. */
  | UrlChanged<'activity.urlChanged'>;

/** What one load asks GET /api/audit for. */
export type LoadActivityInput = Required<Pick<AuditQuery, 'page' | 'limit'>> & Pick<AuditQuery, 'memberId' | 'kind'>;

/** The error box's title when a page of the trail does not load (the message is the API's). */
export const ACTIVITY_ERROR_TITLE = 'Error loading activity';
/** The message when the failure gave none. */
export const ACTIVITY_FALLBACK_ERROR = 'Could not load the activity';

function limitOf(limit: number | undefined): number {
  // Stryker disable next-line ConditionalExpression: Number.isInteger(undefined) is false, so the undefined test only spells the case out
  if (limit === undefined || !Number.isInteger(limit)) return DEFAULT_PAGE_SIZE;
  return Math.min(Math.max(limit, 1), LIMITS.pageSize);
}

function loadInputOf(context: ActivityContext): LoadActivityInput {
  return {
    page: context.page,
    limit: context.limit,
    ...(context.memberId !== null ? { memberId: context.memberId } : {}),
    ...(context.kind !== 'all' ? { kind: context.kind } : {}),
  };
}

/** The view on the address bar when it lives there (`writeUrl` is given null otherwise). */
const showView = (mode: UrlWrite['mode']) =>
  writeView(mode, (context: ActivityContext) => (context.followsUrl ? activityViewQuery(context) : null));

export const activityMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is read by TypeScript only; XState ignores it at run time
  types: {
    tags: {} as 'pending',
    context: {} as ActivityContext,
    events: {} as ActivityEvent,
    input: {} as ActivityInput | undefined,
  },
  actors: {
    loadActivity: placeholderActor<AuditListResponse, LoadActivityInput>('loadActivity'),
    watchUrl: watchUrlPlaceholder(),
  },
  guards: {
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
      // Stryker disable next-line ConditionalExpression: run only on this event (see its transition); the check narrows the event's type
      if (event.type !== 'activity.urlChanged') return {};
      const view = parseActivityView(event.query);
      // Back to a member on screen (or just left): the chip names them at once, not by their id.
      const known = view.memberId === context.memberId ? context.memberName : null;
      const shown = context.entries.find((e) => e.member.memberId === view.memberId)?.member.name ?? null;
      return { ...view, memberName: known ?? shown };
    }),
    // Stryker disable next-line ConditionalExpression: run only on this event (see its transition); the check narrows the event's type
    assignKind: assign(({ event }) => (event.type === 'activity.filterKind' ? { kind: event.kind, page: 1 } : {})),
    assignMember: assign(({ event }) =>
      // Stryker disable next-line ConditionalExpression: run only on this event (see its transition); the check narrows the event's type
      event.type === 'activity.filterMember' ? { memberId: event.memberId, memberName: event.name, page: 1 } : {},
    ),
    clearMember: assign({ memberId: null, memberName: null, page: 1 }),
    // Stryker disable next-line ConditionalExpression: run only on this event (see its transition); the check narrows the event's type
    assignPage: assign(({ event }) => (event.type === 'activity.goToPage' ? { page: Math.max(1, Math.floor(event.page)) } : {})),
    assignLastPage: assign(({ context }, answer: AuditListResponse) => ({ page: Math.max(1, Math.ceil(answer.total / context.limit)) })),
    assignEntries: assign(({ context }, answer: AuditListResponse) => {
      const named = answer.entries.find((e) => e.member.memberId === context.memberId);
      return {
        entries: answer.entries,
        total: answer.total,
        hasLoaded: true,
        error: null,
        memberName: context.memberName ?? named?.member.name ?? null,
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
    kind: 'all',
    memberId: input?.memberId ?? null,
    memberName: null,
    entries: [],
    total: 0,
    hasLoaded: false,
    error: null,
  }),
  entry: 'watchAddress',
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
});

export type ActivityActorRef = ActorRefFrom<typeof activityMachine>;
export type ActivitySnapshot = SnapshotFrom<typeof activityMachine>;
export type { UrlWrite } from '../urlView';
