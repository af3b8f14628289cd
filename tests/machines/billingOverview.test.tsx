/**
 * Model-based walk of the billing overview machine through the real Billing Overview screen: every
 * generated path is replayed by clicking Refresh / Try again and settling the `loadOverview` actor
 * (a deferred double at the network boundary); every state is checked against what a person sees.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { billingOverviewMachine } from '../../src/machines/billingOverview';
import { BillingOverviewScreen } from '../../src/views/billing/BillingOverviewScreen';
import { createControllableActors, generateModelPaths, walkPaths } from '../support/model';
import { EMPTY_OVERVIEW, OVERVIEW } from '../views/billing/fixtures';
import { renderWithMachines } from '../views/billing/render-billing';

const paths = generateModelPaths(billingOverviewMachine, {
  events: {
    'xstate.done.actor.loadOverview': [
      { type: 'xstate.done.actor.loadOverview', output: OVERVIEW },
      { type: 'xstate.done.actor.loadOverview', output: EMPTY_OVERVIEW },
    ],
    'xstate.error.actor.loadOverview': { type: 'xstate.error.actor.loadOverview', error: new Error('HTTP 500: Internal Server Error') },
  },
});

walkPaths({
  machineId: 'billingOverview',
  machine: billingOverviewMachine,
  paths,
  setup: ({ inspect }) => {
    const fakes = createControllableActors(billingOverviewMachine, ['loadOverview']);
    const user = userEvent.setup();
    const view = renderWithMachines(<BillingOverviewScreen />, {
      machines: { billingOverview: billingOverviewMachine.provide({ actors: fakes.actors }) },
      inspect,
    });
    let lastEvent: AnyEventObject | undefined;
    return {
      async perform(event, info) {
        lastEvent = event;
        if (event.type === 'billingOverview.refresh') {
          const retry = screen.queryByRole('button', { name: 'Try again' });
          await user.click(retry ?? screen.getByRole('button', { name: /Refresh/ }));
          return;
        }
        act(() => {
          if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
        });
      },
      async assert(state, snapshot) {
        const { overview } = snapshot.context;
        const refresh = screen.getByRole('button', { name: /Refresh/ });
        // 'View All' is always present and does nothing.
        if (state === 'loading') {
          expect(refresh).toBeDisabled();
          expect(screen.queryByRole('alert')).not.toBeInTheDocument();
          if (overview === null) {
            expect(screen.getByText('Loading billing overview...')).toBeInTheDocument();
          } else {
            // Refresh keeps the current data on screen while reloading.
            expect(screen.getByRole('group', { name: 'Total Users' })).toHaveTextContent(String(overview.totalUsers));
          }
          expect(fakes.pending('loadOverview')).toHaveLength(1);
          return;
        }
        expect(refresh).toBeEnabled();
        expect(screen.queryByText('Loading billing overview...')).not.toBeInTheDocument();
        if (state === 'failed') {
          const alert = screen.getByRole('alert');
          expect(alert).toHaveTextContent('Error loading billing overview');
          expect(alert).toHaveTextContent('HTTP 500: Internal Server Error');
          expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
          // A failed refresh keeps what was on screen.
          if (overview !== null && overview.totalUsers > 0) {
            expect(screen.getByRole('group', { name: 'Total Users' })).toHaveTextContent('42');
          }
          return;
        }
        expect(screen.queryByRole('alert')).not.toBeInTheDocument();
        if (state === 'empty') {
          expect(screen.getByText('No billing data available')).toBeInTheDocument();
          expect(screen.queryByRole('group', { name: 'Total Users' })).not.toBeInTheDocument();
          return;
        }
        expect(state).toBe('loaded');
        expect(lastEvent?.type).toBe('xstate.done.actor.loadOverview');
        expect(screen.getByRole('group', { name: 'Total Users' })).toHaveTextContent('42');
        expect(screen.getByRole('group', { name: 'Subscribed Users' })).toHaveTextContent('30');
        expect(screen.getByRole('group', { name: 'Pro Users' })).toHaveTextContent('12');
        expect(screen.getByRole('group', { name: 'Lite Users' })).toHaveTextContent('15');
        expect(screen.getByRole('group', { name: 'Pro Plans' })).toHaveTextContent('12');
        expect(screen.getByRole('group', { name: 'Lite Plans' })).toHaveTextContent('15');
        expect(screen.getByRole('group', { name: 'Trial Users' })).toHaveTextContent('3');
        expect(screen.getByRole('group', { name: 'Free Users' })).toHaveTextContent('12');
        await waitFor(() => expect(screen.getAllByTestId('transaction')).toHaveLength(4));
        expect(screen.getByRole('button', { name: 'View All' })).toBeEnabled();
      },
      teardown() {
        view.unmount();
        fakes.reset();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
