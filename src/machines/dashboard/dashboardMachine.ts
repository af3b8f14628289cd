/**
 * The Dashboard (SPEC §2): the user stats and the billing overview, fetched together while the
 * screen is open. loading -> loaded | failed ('Error loading dashboard data'); 'Try again' loads
 * again. Leaving `loading` (or stopping the screen) aborts both requests.
 */
import { assign, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { BillingOverview, UserStats } from '../../contract/api';
import { messageOf, placeholderActor } from '../shared';

export interface DashboardData {
  stats: UserStats;
  overview: BillingOverview;
}

export interface DashboardContext {
  data: DashboardData | null;
  error: string | null;
}

export type DashboardEvent = { type: 'dashboard.retry' };

/** SPEC §8 data loads. */
export const DASHBOARD_ERROR_TITLE = 'Error loading dashboard data';
/** Shown under the title when the failure carries no message of its own. */
const DASHBOARD_FALLBACK_MESSAGE = 'The dashboard figures could not be loaded.';

export const dashboardMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is read by TypeScript only; XState ignores it at run time
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    loadDashboard: placeholderActor<DashboardData>('loadDashboard'),
  },
  actions: {
    assignData: assign((_, data: DashboardData) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: messageOf(error, DASHBOARD_FALLBACK_MESSAGE) })),
  },
}).createMachine({
  id: 'dashboard',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Dashboard'] },
  initial: 'loading',
  context: { data: null, error: null },
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadDashboard',
        src: 'loadDashboard',
        onDone: { target: 'loaded', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    loaded: {},
    failed: {
      on: { 'dashboard.retry': 'loading' },
    },
  },
});

export type DashboardActorRef = ActorRefFrom<typeof dashboardMachine>;
export type DashboardSnapshot = SnapshotFrom<typeof dashboardMachine>;
