/**
 * Model-based walk of the dashboard machine through the real Dashboard screen: the load is a
 * deferred double at the network boundary, settled step by step; each state is checked as a
 * person sees it (skeletons, figures, the error box and its 'Try again').
 */
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import { dashboardMachine } from '../../src/machines/dashboard';
import { ApiRequestError } from '../../src/services/api/errors';
import { generateModelPaths, walkPaths } from '../support/model';
import { createDashboardDoubles, renderDashboard } from '../views/dashboard/render-dashboard';
import { OVERVIEW, STATS } from '../views/users/fixtures';

configure({ defaultHidden: true, asyncUtilTimeout: 5000 });

const paths = generateModelPaths(dashboardMachine, {
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
    return {
      async perform(event, info) {
        if (event.type === 'dashboard.retry') {
          await user.click(screen.getByRole('button', { name: 'Try again' }));
          return;
        }
        act(() => {
          if (!doubles.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
        });
      },
      async assert(state, snapshot) {
        if (state === 'loading') {
          expect(doubles.pending('loadDashboard')).toHaveLength(1);
          expect(screen.queryByRole('alert')).not.toBeInTheDocument();
          expect(screen.getByText('Operational')).toBeInTheDocument();
        }
        if (state === 'loaded') {
          await waitFor(() => expect(within(screen.getByRole('group', { name: 'Total Users' })).getByText('60')).toBeInTheDocument());
          expect(screen.getByText('20 licensed')).toBeInTheDocument();
          expect(screen.getByText('15 pending')).toBeInTheDocument();
          expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        }
        if (state === 'failed') {
          const alert = await screen.findByRole('alert');
          expect(alert).toHaveTextContent('Error loading dashboard data');
          expect(alert).toHaveTextContent(snapshot.context.error ?? '');
          expect(alert).toHaveTextContent('Database unavailable');
        }
        expect(screen.getByRole('link', { name: 'Start Chat' })).toHaveAttribute('href', '/ai');
      },
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
