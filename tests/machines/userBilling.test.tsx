/**
 * Model-based walk of the user billing machine through the real single-user billing screen: the
 * API calls are deferred doubles the walk settles; the Manage Subscription modal is the real
 * subscription machine and dialog (its own API calls doubled too); hosted pages open through the
 * real payments service on a recording window, so the walk sees what would open and how.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject, StateValue } from 'xstate';
import type { Services } from '../../src/services';
import { subscriptionMachine } from '../../src/machines/subscription';
import {
  PAYMENT_METHOD_FAILED_MESSAGE,
  UNSAFE_LINK_MESSAGE,
  userBillingImplementations,
  userBillingMachine,
} from '../../src/machines/userBilling';
import type { UserBilling } from '../../src/contract/api';
import { createPayments } from '../../src/services/payments';
import { UserBillingScreen } from '../../src/views/billing/UserBillingScreen';
import { createControllableActors, createControlledDelays, generateModelPaths, walkPaths } from '../support/model';
import { LITE_USER } from '../views/billing/fixtures';
import { renderWithMachines } from '../views/billing/render-billing';
import { activityLogic, createActivityDoubles } from '../views/users/render-activity';

const SAFE_URL = 'https://billing.example.com/i/in1';
const UNSAFE_URL = 'http://evil.example.com/i/in3';
const BILLING: UserBilling = {
  ...LITE_USER,
  recentInvoices: [
    ...LITE_USER.recentInvoices,
    {
      id: 'in3',
      number: 'HL-0003',
      status: 'void',
      created: '2025-11-05T12:00:00.000Z',
      amountPaid: 0,
      hostedInvoiceUrl: UNSAFE_URL,
      invoicePdf: null,
    },
  ],
};
const PORTAL = 'https://billing.example.com/portal/u-lite';

interface Opened {
  url: string;
  target: string;
  features: string;
}

function build() {
  const opened: Opened[] = [];
  const payments = createPayments(
    { stripePublishableKey: 'pk_test_x', trustedOrigins: ['http://127.0.0.1:8787'] },
    { window: { location: { origin: 'http://localhost' }, open: (url, target, features) => opened.push({ url, target, features }) } },
  );
  // The real guards and actions; only `payments` is read by them.
  const real = userBillingImplementations({ payments } as unknown as Services);
  const fakes = createControllableActors(userBillingMachine, ['loadUserBilling', 'updatePaymentMethod']);
  const sub = createControllableActors(subscriptionMachine, ['updateSubscription', 'cancelSubscription']);
  const delays = createControlledDelays(['closeAfterSuccess']);
  const machine = userBillingMachine.provide({
    guards: real.guards,
    actions: real.actions,
    actors: { ...fakes.actors, subscription: subscriptionMachine.provide({ actors: sub.actors, delays: delays.delays }) },
  });
  return { opened, fakes, sub, delays, machine };
}

const paths = generateModelPaths(build().machine, {
  input: { userId: 'u-lite' },
  // Refresh is raised by the machine when the modal closes (and sent by 'Try again' after a failed refresh).
  exclude: ['userBilling.refresh'],
  events: {
    'xstate.done.actor.loadUserBilling': { type: 'xstate.done.actor.loadUserBilling', output: BILLING },
    'xstate.error.actor.loadUserBilling': { type: 'xstate.error.actor.loadUserBilling', error: new Error('User not found') },
    'xstate.done.actor.refreshUserBilling': { type: 'xstate.done.actor.refreshUserBilling', output: BILLING },
    'xstate.error.actor.refreshUserBilling': {
      type: 'xstate.error.actor.refreshUserBilling',
      error: new Error('HTTP 503: Service Unavailable'),
    },
    'userBilling.openLink': [
      { type: 'userBilling.openLink', url: SAFE_URL },
      { type: 'userBilling.openLink', url: UNSAFE_URL },
    ],
    'xstate.done.actor.updatePaymentMethod': [
      { type: 'xstate.done.actor.updatePaymentMethod', output: { hostedUrl: PORTAL } },
      { type: 'xstate.done.actor.updatePaymentMethod', output: { hostedUrl: 'javascript:alert(1)' } },
    ],
    // Not an Error: the SPEC §8 fallback applies.
    'xstate.error.actor.updatePaymentMethod': { type: 'xstate.error.actor.updatePaymentMethod', error: { status: 500 } },
    'xstate.done.actor.subscription': { type: 'xstate.done.actor.subscription' },
  },
});

function matches(state: StateValue, region: 'data' | 'subscription' | 'paymentMethods', value: string): boolean {
  return typeof state === 'object' && typeof state.ready === 'object' && (state.ready as Record<string, StateValue>)[region] === value;
}

walkPaths({
  machineId: 'userBilling',
  machine: userBillingMachine,
  paths,
  setup: ({ inspect }) => {
    const { opened, fakes, sub, delays, machine } = build();
    delays.install();
    const user = userEvent.setup();
    const view = renderWithMachines(<UserBillingScreen userId="u-lite" />, {
      // The page's Recent activity card runs its own machine; its request stays unanswered here.
      machines: { userBilling: machine, activity: activityLogic(createActivityDoubles('/billing/user/u-lite')) },
      inspect,
      path: '/billing/user/u-lite',
    });
    let lastEvent: AnyEventObject | undefined;
    let openedBefore = 0;
    const row = (number: string) => screen.getByRole('listitem', { name: `Invoice #${number}` });

    return {
      async perform(event, info) {
        lastEvent = event;
        openedBefore = opened.length;
        switch (event.type) {
          case 'userBilling.retry':
            await user.click(screen.getByRole('button', { name: 'Try again' }));
            return;
          case 'userBilling.manageSubscription':
            await user.click(screen.getByRole('button', { name: 'Manage Subscription' }));
            return;
          case 'userBilling.closeSubscription':
            await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
            return;
          case 'userBilling.managePaymentMethods':
            await user.click(screen.getByRole('button', { name: 'Manage' }));
            return;
          case 'userBilling.openLink':
            await user.click(within(row(event.url === SAFE_URL ? 'HL-0001' : 'HL-0003')).getByRole('button', { name: 'View Invoice' }));
            return;
          case 'xstate.done.actor.subscription': {
            // The admin cancels now in the modal and confirms; after the success message and 2 s it closes.
            const d = within(screen.getByRole('dialog'));
            await user.click(d.getByRole('button', { name: 'Cancel Now' }));
            await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel now' }));
            act(() => sub.resolve('cancelSubscription', { message: 'Subscription canceled' }));
            await waitFor(() => expect(d.getByRole('status')).toHaveTextContent('Subscription canceled'));
            act(() => delays.fire('closeAfterSuccess'));
            return;
          }
          default:
            act(() => {
              if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
            });
        }
      },
      async assert(state) {
        if (state === 'loading') {
          expect(screen.getByText('Loading user billing...')).toBeInTheDocument();
          expect(fakes.pending('loadUserBilling').map((i) => i.input)).toEqual([{ userId: 'u-lite' }]);
          return;
        }
        if (state === 'failed') {
          const alert = screen.getByRole('alert');
          expect(alert).toHaveTextContent('Error loading user billing');
          expect(alert).toHaveTextContent('User not found');
          expect(screen.getByRole('link', { name: /Back to Users/ })).toHaveAttribute('href', '/users');
          return;
        }
        // ready: the page shows the billing (behind the modal, hidden from the accessibility tree, when it is open).
        const modalOpen = matches(state, 'subscription', 'open');
        if (modalOpen) {
          expect(await screen.findByRole('dialog', { name: 'Manage Subscription - Lena Lite' })).toBeInTheDocument();
          // The opener stays enabled: a focused button that becomes disabled loses focus (Chromium
          // moves it to <body>), and the dialog could then not return focus to it on close.
          expect(screen.getByRole('button', { name: 'Manage Subscription', hidden: true })).toBeEnabled();
        } else {
          await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
        }
        const hidden = modalOpen;
        expect(screen.getByRole('heading', { name: 'Lena Lite', hidden })).toBeInTheDocument();
        expect(screen.getByText('lena@example.com')).toBeInTheDocument();
        expect(screen.getByTestId('access-level')).toHaveTextContent('Lite');
        const status = screen.getByRole('region', { name: 'Subscription Status', hidden });
        expect(status).toHaveTextContent('Hardline Lite');
        expect(within(status).getByTestId('subscription-status')).toHaveTextContent('active');
        expect(status).toHaveTextContent('Current period: January 5, 2026 – February 5, 2026');
        const methods = screen.getByRole('region', { name: 'Payment Methods', hidden });
        expect(methods).toHaveTextContent('•••• 4242');
        expect(methods).toHaveTextContent('VISA');
        expect(methods).toHaveTextContent('Expires 12/2029');
        expect(methods).toHaveTextContent('Default');
        const row = (number: string) => screen.getByRole('listitem', { name: `Invoice #${number}`, hidden });
        expect(within(row('HL-0001')).getByRole('button', { name: 'View Invoice', hidden })).toBeInTheDocument();
        expect(within(row('HL-0001')).getByRole('button', { name: 'Download PDF', hidden })).toBeInTheDocument();
        expect(within(row('HL-0002')).queryByRole('button', { hidden })).not.toBeInTheDocument();
        expect(within(row('HL-0003')).queryByRole('button', { name: 'Download PDF', hidden })).not.toBeInTheDocument();

        if (matches(state, 'paymentMethods', 'opening')) {
          expect(fakes.pending('updatePaymentMethod').map((i) => i.input)).toEqual([{ userId: 'u-lite' }]);
        }
        if (matches(state, 'data', 'refreshing')) {
          expect(fakes.pending('loadUserBilling')).toHaveLength(1);
        }

        const alerts = () => screen.queryAllByRole('alert', { hidden }).map((a) => a.textContent ?? '');
        switch (lastEvent?.type) {
          case 'userBilling.openLink':
            if (lastEvent.url === SAFE_URL) {
              expect(opened.slice(openedBefore)).toEqual([{ url: SAFE_URL, target: '_blank', features: 'noopener,noreferrer' }]);
            } else {
              expect(opened).toHaveLength(openedBefore);
              expect(alerts()).toContain(UNSAFE_LINK_MESSAGE);
            }
            break;
          case 'xstate.done.actor.updatePaymentMethod':
            if ((lastEvent.output as { hostedUrl: string }).hostedUrl === PORTAL) {
              expect(opened.slice(openedBefore)).toEqual([{ url: PORTAL, target: '_blank', features: 'noopener,noreferrer' }]);
            } else {
              expect(opened).toHaveLength(openedBefore);
              expect(alerts()).toContain(UNSAFE_LINK_MESSAGE);
            }
            break;
          case 'xstate.error.actor.updatePaymentMethod':
            expect(alerts()).toContain(PAYMENT_METHOD_FAILED_MESSAGE);
            break;
          case 'xstate.error.actor.refreshUserBilling':
            // The billing stays on screen beside the error.
            expect(alerts().some((t) => t.includes('Error loading user billing') && t.includes('HTTP 503: Service Unavailable'))).toBe(
              true,
            );
            break;
          default:
            expect(opened).toHaveLength(openedBefore);
        }
      },
      teardown() {
        view.unmount();
        delays.uninstall();
        fakes.reset();
        sub.reset();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
