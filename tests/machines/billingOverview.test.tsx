/**
 * Model-based walk of the billing overview machine through the real Billing Overview screen: every
 * generated path is replayed by clicking Refresh / Try again and settling the `load` actor
 * (a deferred double at the network boundary); every state is checked against what a person sees.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import { billingOverviewMachine } from '../../src/machines/billingOverview';
import { BillingOverviewScreen } from '../../src/views/billing/BillingOverviewScreen';
import { createControllableActors, generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { EMPTY_OVERVIEW, OVERVIEW } from '../views/billing/fixtures';
import { renderWithMachines } from '../views/billing/render-billing';

const paths = generateModelPaths(billingOverviewMachine, {
  cover: 'pairs',
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
    const fakes = createControllableActors(billingOverviewMachine, ['load']);
    const user = userEvent.setup();
    const view = renderWithMachines(<BillingOverviewScreen />, {
      machines: { billingOverview: billingOverviewMachine.provide({ actors: fakes.actors }) },
      inspect,
    });
    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(() => {
        if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    const refresh = () => screen.getByRole('button', { name: /Refresh/ });
    /** Not loading: Refresh can be clicked, and no loading message. */
    const settled = () => {
      expect(refresh()).toBeEnabled();
      expect(screen.queryByText('Loading billing overview...')).not.toBeInTheDocument();
    };
    // 'View All' is always present and does nothing.
    return {
      ...tableDriver(billingOverviewMachine, {
        states: {
          loading: ({ context: { data: overview } }) => {
            expect(refresh()).toBeDisabled();
            expect(screen.queryByRole('alert')).not.toBeInTheDocument();
            if (overview === null) {
              expect(screen.getByText('Loading billing overview...')).toBeInTheDocument();
            } else {
              // Refresh keeps the current data on screen while reloading.
              expect(screen.getByRole('group', { name: 'Total Users' })).toHaveTextContent(String(overview.totalUsers));
            }
            expect(fakes.pending('load')).toHaveLength(1);
          },
          failed: ({ context: { data: overview } }) => {
            settled();
            const alert = screen.getByRole('alert');
            expect(alert).toHaveTextContent('Error loading billing overview');
            expect(alert).toHaveTextContent('HTTP 500: Internal Server Error');
            expect(within(alert).getByRole('button', { name: 'Try again' })).toBeEnabled();
            // A failed refresh keeps what was on screen.
            if (overview !== null && overview.totalUsers > 0) {
              expect(screen.getByRole('group', { name: 'Total Users' })).toHaveTextContent('42');
            }
          },
          empty: () => {
            settled();
            expect(screen.queryByRole('alert')).not.toBeInTheDocument();
            expect(screen.getByText('No billing data available')).toBeInTheDocument();
            expect(screen.queryByRole('group', { name: 'Total Users' })).not.toBeInTheDocument();
          },
          loaded: async ({ event }) => {
            settled();
            expect(screen.queryByRole('alert')).not.toBeInTheDocument();
            expect(event?.type).toBe('xstate.done.actor.loadOverview');
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
        },
        events: {
          // From a failure, the box's 'Try again'; otherwise the page's Refresh.
          'billingOverview.refresh': () => user.click(screen.queryByRole('button', { name: 'Try again' }) ?? refresh()),
          'xstate.done.actor.loadOverview': settle,
          'xstate.error.actor.loadOverview': settle,
        },
      }),
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
