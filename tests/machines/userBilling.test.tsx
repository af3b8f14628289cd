/**
 * Model-based walk of the user billing machine through the real single-user billing screen: the
 * API calls are deferred doubles the walk settles; the Manage Subscription modal is the real
 * subscription machine and dialog (its own API calls doubled too); hosted pages open through the
 * real payments service on a recording window, so the walk sees what would open and how. An
 * invoice's page or PDF is asked for afresh as it is opened (links expire): the walk answers with a
 * safe link, an unsafe one, or a failure; a safe one in time to open by itself, or too late (the
 * browser would block it as a pop-up), when the page offers it as a link to click instead.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { AnyEventObject } from 'xstate';
import type { Services } from '../../src/services';
import { subscriptionMachine } from '../../src/machines/subscription';
import {
  INVOICE_LINK_FAILED_MESSAGE,
  PAYMENT_METHOD_FAILED_MESSAGE,
  UNSAFE_LINK_MESSAGE,
  userBillingImplementations,
  userBillingMachine,
  type HostedLink,
} from '../../src/machines/userBilling';
import type { UserBilling } from '../../src/contract/api';
import { createPayments } from '../../src/services/payments';
import { UserBillingScreen } from '../../src/views/billing/UserBillingScreen';
import { createControllableActors, createControlledDelays, generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { inSubstates, tableDriver } from '../support/model/tables';
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
  const fakes = createControllableActors(userBillingMachine, ['loadUserBilling', 'updatePaymentMethod', 'invoiceLink']);
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
  cover: 'pairs',
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
    // An invoice's buttons are under the open modal too: pressed only when it is closed.
    'userBilling.openInvoice': (s) =>
      s.matches({ ready: { subscription: 'closed' } })
        ? [
            { type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'page' },
            { type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'pdf' },
          ]
        : [],
    'xstate.done.actor.invoiceLink': [
      { type: 'xstate.done.actor.invoiceLink', output: { url: SAFE_URL, opensNow: true } },
      { type: 'xstate.done.actor.invoiceLink', output: { url: SAFE_URL, opensNow: false } },
      { type: 'xstate.done.actor.invoiceLink', output: { url: UNSAFE_URL, opensNow: true } },
    ],
    'xstate.error.actor.invoiceLink': { type: 'xstate.error.actor.invoiceLink', error: { status: 503 } },
    'xstate.done.actor.updatePaymentMethod': [
      { type: 'xstate.done.actor.updatePaymentMethod', output: { url: PORTAL, opensNow: true } },
      { type: 'xstate.done.actor.updatePaymentMethod', output: { url: PORTAL, opensNow: false } },
      { type: 'xstate.done.actor.updatePaymentMethod', output: { url: 'javascript:alert(1)', opensNow: true } },
    ],
    // Not an Error: the SPEC §8 fallback applies.
    'xstate.error.actor.updatePaymentMethod': { type: 'xstate.error.actor.updatePaymentMethod', error: { status: 500 } },
    'xstate.done.actor.subscription': { type: 'xstate.done.actor.subscription' },
    // 'Manage' payment methods is under the open Manage Subscription modal (inert): a person presses it only when the modal is closed.
    'userBilling.managePaymentMethods': (s) =>
      s.matches({ ready: { subscription: 'closed' } }) ? [{ type: 'userBilling.managePaymentMethods' }] : [],
    // The offer of a link that came too late is on the page, under the modal when it is open.
    'userBilling.dismissReadyLink': (s) =>
      s.context.readyLink && s.matches({ ready: { subscription: 'closed' } }) ? [{ type: 'userBilling.dismissReadyLink' }] : [],
  },
});

/** The link a hosted page that came too late is offered as, by what it opens. */
const OFFER_NAMES = { page: 'Open invoice', pdf: 'Open PDF', paymentMethods: 'Open payment methods' } as const;

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
    /** How many windows had opened before the step being walked: what opened since is that step's doing. */
    let openedBefore = 0;
    const row = (number: string, hidden = false) => screen.getByRole('listitem', { name: `Invoice #${number}`, hidden });
    // act() is not returned (an awaited act of a synchronous callback flushes outside the act environment).
    const settle = (event: AnyEventObject, info: StepInfo) => {
      act(() => {
        if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    };
    const alerts = () => screen.queryAllByRole('alert', { hidden: true }).map((a) => a.textContent ?? '');
    /** A hosted page opened in a new tab, without access to this one. */
    const openedOnly = (url: string) => () =>
      expect(opened.slice(openedBefore)).toEqual([{ url, target: '_blank', features: 'noopener,noreferrer' }]);
    const refusedUnsafe = () => {
      expect(opened).toHaveLength(openedBefore);
      expect(alerts()).toContain(UNSAFE_LINK_MESSAGE);
    };
    /** A hosted page's answer: opened when safe and in time; offered when safe but late (checked in `every`); else refused. */
    const answered = ({ url, opensNow }: HostedLink) => {
      if (url !== SAFE_URL && url !== PORTAL) return refusedUnsafe();
      if (opensNow) return openedOnly(url)();
      expect(opened).toHaveLength(openedBefore);
      expect(alerts()).toEqual([]);
    };
    /**
     * The billing on the page (behind the modal, hidden from the accessibility tree, when it is open).
     * Drawn in a deferred render after the machine's update (UserBillingScreen): waited for.
     */
    const page = async (hidden: boolean) => {
      expect(await screen.findByRole('heading', { name: 'Lena Lite', hidden })).toBeInTheDocument();
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
      expect(within(row('HL-0001', hidden)).getByRole('button', { name: 'View Invoice', hidden })).toBeInTheDocument();
      expect(within(row('HL-0001', hidden)).getByRole('button', { name: 'Download PDF', hidden })).toBeInTheDocument();
      expect(within(row('HL-0002', hidden)).queryByRole('button', { hidden })).not.toBeInTheDocument();
      expect(within(row('HL-0003', hidden)).queryByRole('button', { name: 'Download PDF', hidden })).not.toBeInTheDocument();
    };
    const driver = tableDriver(userBillingMachine, {
      // Nothing opens but by following a link (an invoice's, or the payment-methods page that came back).
      every: async ({ event, context }) => {
        if (event?.type !== 'xstate.done.actor.invoiceLink' && event?.type !== 'xstate.done.actor.updatePaymentMethod')
          expect(opened).toHaveLength(openedBefore);
        // A page that came too late is offered as a link to click, in a new tab without access to this one; none otherwise.
        const offer = context.readyLink;
        if (!offer) return expect(screen.queryByRole('link', { name: /^Open (invoice|PDF|payment methods)/, hidden: true })).toBeNull();
        const link = await screen.findByRole('link', { name: OFFER_NAMES[offer.kind], hidden: true });
        expect(link).toHaveAttribute('href', offer.url);
        expect(link).toHaveAttribute('target', '_blank');
        expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      },
      states: {
        loading: async () => {
          expect(await screen.findByText('Loading user billing...')).toBeInTheDocument();
          expect(fakes.pending('loadUserBilling').map((i) => i.input)).toEqual([{ userId: 'u-lite' }]);
        },
        failed: async () => {
          const alert = await screen.findByRole('alert');
          expect(alert).toHaveTextContent('Error loading user billing');
          expect(alert).toHaveTextContent('User not found');
          expect(screen.getByRole('link', { name: /Back to Users/ })).toHaveAttribute('href', '/users');
        },
        ready: inSubstates,
        'ready.data': inSubstates,
        'ready.data.idle': () => expect(fakes.pending('loadUserBilling')).toHaveLength(0),
        'ready.data.refreshing': () => expect(fakes.pending('loadUserBilling')).toHaveLength(1),
        'ready.subscription': inSubstates,
        'ready.subscription.closed': async () => {
          await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
          await page(false);
        },
        'ready.subscription.open': async () => {
          expect(await screen.findByRole('dialog', { name: 'Manage Subscription - Lena Lite' })).toBeInTheDocument();
          // The opener stays enabled: a focused button that becomes disabled loses focus (Chromium
          // moves it to <body>), and the dialog could then not return focus to it on close.
          expect(screen.getByRole('button', { name: 'Manage Subscription', hidden: true })).toBeEnabled();
          await page(true);
        },
        'ready.invoiceLinks': inSubstates,
        'ready.invoiceLinks.idle': () => {
          expect(fakes.pending('invoiceLink')).toHaveLength(0);
          expect(within(row('HL-0001', true)).getByRole('button', { name: 'View Invoice', hidden: true })).not.toHaveAttribute(
            'data-loading',
          );
        },
        // A fresh link to the invoice's page or PDF is asked for; that button shows it is busy.
        'ready.invoiceLinks.answered': () => {
          throw new Error('answered is left at once (eventless): a walk never rests there');
        },
        'ready.invoiceLinks.opening': ({ snapshot }) => {
          const request = snapshot.context.invoiceRequest;
          expect(fakes.pending('invoiceLink').map((i) => i.input)).toEqual([{ userId: 'u-lite', ...request }]);
          const name = request?.format === 'pdf' ? 'Download PDF' : 'View Invoice';
          expect(within(row('HL-0001', true)).getByRole('button', { name, hidden: true })).toHaveAttribute('data-loading');
        },
        'ready.paymentMethods': inSubstates,
        'ready.paymentMethods.idle': () => expect(fakes.pending('updatePaymentMethod')).toHaveLength(0),
        'ready.paymentMethods.answered': () => {
          throw new Error('answered is left at once (eventless): a walk never rests there');
        },
        'ready.paymentMethods.opening': () =>
          expect(fakes.pending('updatePaymentMethod').map((i) => i.input)).toEqual([{ userId: 'u-lite' }]),
      },
      events: {
        'xstate.done.actor.loadUserBilling': settle,
        'xstate.error.actor.loadUserBilling': settle,
        'userBilling.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        // Raised by the machine when the modal closes (not walked on its own); 'Try again' after a failed refresh.
        'userBilling.refresh': () => user.click(screen.getByRole('button', { name: 'Try again' })),
        'xstate.done.actor.refreshUserBilling': settle,
        'xstate.error.actor.refreshUserBilling': settle,
        'userBilling.manageSubscription': () => user.click(screen.getByRole('button', { name: 'Manage Subscription' })),
        'userBilling.openInvoice': ({ format }) =>
          user.click(within(row('HL-0001')).getByRole('button', { name: format === 'pdf' ? 'Download PDF' : 'View Invoice' })),
        'xstate.done.actor.invoiceLink': settle,
        'xstate.error.actor.invoiceLink': settle,
        'userBilling.closeSubscription': () => user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' })),
        'xstate.done.actor.subscription': async () => {
          // The admin cancels now in the modal and confirms; after the success message and 2 s it closes.
          const d = within(screen.getByRole('dialog'));
          await user.click(d.getByRole('button', { name: 'Cancel Now' }));
          await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel now' }));
          act(() => sub.resolve('cancelSubscription', { message: 'Subscription canceled' }));
          await waitFor(() => expect(d.getByRole('status')).toHaveTextContent('Subscription canceled'));
          act(() => delays.fire('closeAfterSuccess'));
        },
        'userBilling.managePaymentMethods': () => user.click(screen.getByRole('button', { name: 'Manage' })),
        'xstate.done.actor.updatePaymentMethod': settle,
        'xstate.error.actor.updatePaymentMethod': settle,
        'userBilling.dismissReadyLink': () => user.click(screen.getByRole('button', { name: 'Dismiss' })),
      },
      arrivals: {
        // The fresh invoice link opens only when it is safe; otherwise, or when none came, the page says why not.
        'ready.invoiceLinks.idle': {
          'xstate.done.actor.invoiceLink': ({ event }) => answered(event?.output as HostedLink),
          'xstate.error.actor.invoiceLink': () => expect(alerts()).toContain(INVOICE_LINK_FAILED_MESSAGE),
        },
        'ready.paymentMethods.idle': {
          'xstate.done.actor.updatePaymentMethod': ({ event }) => answered(event?.output as HostedLink),
          'xstate.error.actor.updatePaymentMethod': () => expect(alerts()).toContain(PAYMENT_METHOD_FAILED_MESSAGE),
        },
        // The billing stays on screen beside the error (drawn in the page's deferred render: waited for).
        'ready.data.idle': {
          'xstate.error.actor.refreshUserBilling': () =>
            waitFor(() =>
              expect(alerts().some((t) => t.includes('Error loading user billing') && t.includes('HTTP 503: Service Unavailable'))).toBe(
                true,
              ),
            ),
        },
      },
    });

    return {
      async perform(event, info) {
        openedBefore = opened.length;
        await driver.perform(event, info);
      },
      assert: driver.assert,
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
