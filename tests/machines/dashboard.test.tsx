/**
 * Model-based walk of the dashboard machine through the real Dashboard screen: the load is a
 * deferred double at the network boundary, settled step by step; each state is checked as a
 * person sees it (skeletons, figures, the error box and its 'Try again').
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { dashboardMachine } from '../../src/machines/dashboard';
import { ApiRequestError } from '../../src/services/api/errors';
import { generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { createDashboardDoubles, renderDashboard } from '../views/dashboard/render-dashboard';
import { OVERVIEW, STATS } from '../views/users/fixtures';

configure({ defaultHidden: true });

const paths = generateModelPaths(dashboardMachine, {
  cover: 'pairs',
  events: {
    'xstate.done.actor.loadDashboard': { type: 'xstate.done.actor.loadDashboard', output: { stats: STATS, overview: OVERVIEW } },
    'xstate.error.actor.loadDashboard': {
      type: 'xstate.error.actor.loadDashboard',
      error: new ApiRequestError(500, 'Internal Server Error', { message: 'Database unavailable' }),
    },
  },
});

walkPaths({
  machineId: 'dashboard',
  machine: dashboardMachine,
  paths,
  timeout: 10_000,
  setup: ({ inspect }) => {
    const doubles = createDashboardDoubles();
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const view = renderDashboard({ doubles, inspect });
    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(() => {
        if (!doubles.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    return {
      ...tableDriver(dashboardMachine, {
        every: () => expect(screen.getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', '/ai'),
        states: {
          loading: () => {
            expect(doubles.pending('load')).toHaveLength(1);
            expect(screen.queryByRole('alert')).not.toBeInTheDocument();
            expect(screen.getByText('Operational')).toBeInTheDocument();
          },
          loaded: async () => {
            await waitFor(() => expect(within(screen.getByRole('group', { name: 'Total Users' })).getByText('60')).toBeInTheDocument());
            expect(screen.getByText('20 licensed')).toBeInTheDocument();
            expect(screen.getByText('15 pending')).toBeInTheDocument();
            expect(screen.queryByRole('alert')).not.toBeInTheDocument();
          },
          failed: async ({ context }) => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent('Error loading dashboard data');
            expect(alert).toHaveTextContent(context.error ?? '');
            expect(alert).toHaveTextContent('Database unavailable');
          },
        },
        events: {
          'dashboard.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
          'xstate.done.actor.loadDashboard': settle,
          'xstate.error.actor.loadDashboard': settle,
        },
      }),
      teardown() {
        view.unmount();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
