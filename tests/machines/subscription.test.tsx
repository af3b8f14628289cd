/**
 * Model-based walk of the Manage Subscription machine through the real modal (and, for the payment
 * step, the real payment machine and PaymentStep on a fake Stripe object: Stripe.js is a boundary we
 * don't own). API calls are deferred doubles the walk settles; the 2 s close is the named delay
 * `closeAfterSuccess`, fired by the walk. Paths are generated for a user with an active
 * subscription and for one whose cancellation is scheduled (the Reactivate branch). 'Cancel Now'
 * opens the confirmation (an alert dialog over the modal) and is answered there.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import { CANCELLATION_REASON_TOO_LONG_MESSAGE } from '../../src/domain/forms';
import { LIMITS } from '../../src/domain/limits';
import { paymentMachine } from '../../src/machines/payment';
import {
  PAYMENT_COMPLETED_MESSAGE,
  PAYMENT_SESSION_MISSING_MESSAGE,
  selectCancelNowConsequence,
  selectCancelNowQuestion,
  subscriptionMachine,
} from '../../src/machines/subscription';
import type { UserBilling } from '../../src/contract/api';
import { ManageSubscriptionDialog } from '../../src/views/billing/ManageSubscriptionDialog';
import { PAYMENT_REQUIRED_NOTE } from '../../src/views/billing/PaymentStep';
import { createControllableActors, createControlledDelays, generateModelPaths, walkPaths, type ModelPath } from '../support/model';
import { createFakeStripe, uninstallStripeDouble } from '../support/stripe';
import { LITE_USER, SCHEDULED_USER } from '../views/billing/fixtures';
import { renderPlain } from '../views/billing/render-billing';

const { stripe, control } = createFakeStripe();
const REASON = 'Crew is moving to another tool';
/** Over the limit: the textarea's maxLength stops typing there, so the walk sets it directly. */
const TOO_LONG_REASON = 'r'.repeat(LIMITS.cancellationReason + 1);
const SECRET = 'seti_777_secret_zzz';

const events = {
  'subscription.update': { type: 'subscription.update', planType: 'pro' },
  'subscription.cancelAtPeriodEnd': [
    { type: 'subscription.cancelAtPeriodEnd', reason: REASON },
    { type: 'subscription.cancelAtPeriodEnd', reason: TOO_LONG_REASON },
  ],
  'subscription.cancelNow': [
    { type: 'subscription.cancelNow', reason: '' },
    { type: 'subscription.cancelNow', reason: TOO_LONG_REASON },
  ],
  'xstate.done.actor.updateSubscription': [
    { type: 'xstate.done.actor.updateSubscription', output: { requiresPayment: false, message: 'Subscription updated to Hardline Pro' } },
    {
      type: 'xstate.done.actor.updateSubscription',
      output: { requiresPayment: true, clientSecret: SECRET, message: 'A payment method is required' },
    },
    { type: 'xstate.done.actor.updateSubscription', output: { requiresPayment: true } },
  ],
  'xstate.error.actor.updateSubscription': {
    type: 'xstate.error.actor.updateSubscription',
    error: new Error('Lena Lite is already on Hardline Pro.'),
  },
  'xstate.done.actor.cancelSubscription': { type: 'xstate.done.actor.cancelSubscription', output: { message: 'Subscription canceled' } },
  'xstate.error.actor.cancelSubscription': {
    type: 'xstate.error.actor.cancelSubscription',
    error: new Error('HTTP 500: Internal Server Error'),
  },
  'xstate.done.actor.reactivateSubscription': {
    type: 'xstate.done.actor.reactivateSubscription',
    output: { message: 'Subscription reactivated' },
  },
  'xstate.error.actor.reactivateSubscription': {
    type: 'xstate.error.actor.reactivateSubscription',
    error: new Error('Reactivation failed'),
  },
  'xstate.done.actor.payment': { type: 'xstate.done.actor.payment', output: { planType: 'pro' } },
} as const;

const inputs = new Map<ModelPath, UserBilling>();
const generate = (billing: UserBilling, label: string): ModelPath[] =>
  generateModelPaths(subscriptionMachine, { input: { billing }, events }).map((p) => {
    const path = { ...p, description: `[${label}] ${p.description}` };
    inputs.set(path, billing);
    return path;
  });
const paths = [...generate(LITE_USER, 'active lite'), ...generate(SCHEDULED_USER, 'scheduled cancellation')];

beforeAll(() => {
  control.holdReady = true;
});
afterAll(() => {
  uninstallStripeDouble();
});

walkPaths({
  machineId: 'subscription',
  machine: subscriptionMachine,
  paths,
  setup: ({ inspect, path }) => {
    const billing = inputs.get(path) ?? LITE_USER;
    const fakes = createControllableActors(subscriptionMachine, ['updateSubscription', 'cancelSubscription']);
    const pay = createControllableActors(paymentMachine, ['loadStripe', 'confirmSetup', 'completeSubscription']);
    const delays = createControlledDelays(['closeAfterSuccess']);
    delays.install();
    const user = userEvent.setup();
    const machine = subscriptionMachine.provide({
      actors: { ...fakes.actors, payment: paymentMachine.provide({ actors: pay.actors }) },
      delays: delays.delays,
    });
    const actor = createActor(machine, { input: { billing }, inspect }).start();
    let closed = 0;
    const view = renderPlain(<ManageSubscriptionDialog actorRef={actor} onClose={() => (closed += 1)} />);
    let lastEvent: AnyEventObject | undefined;
    const dialog = () => screen.getByRole('dialog', { name: `Manage Subscription - ${billing.name}` });
    const confirmation = () => screen.getByRole('alertdialog');

    return {
      async perform(event, info) {
        lastEvent = event;
        // The confirmation is answered in its own alert dialog (the modal behind it is hidden meanwhile).
        if (event.type === 'subscription.confirmCancelNow') {
          await user.click(within(confirmation()).getByRole('button', { name: 'Yes, cancel now' }));
          return;
        }
        if (event.type === 'subscription.keep') {
          await user.click(within(confirmation()).getByRole('button', { name: 'Keep subscription' }));
          return;
        }
        const d = within(dialog());
        switch (event.type) {
          case 'subscription.update':
            await user.click(d.getByRole('radio', { name: /Hardline Pro/ }));
            await user.click(d.getByRole('button', { name: 'Update Subscription' }));
            return;
          case 'subscription.cancelAtPeriodEnd':
          case 'subscription.cancelNow': {
            const reason = d.getByRole('textbox', { name: 'Cancellation reason (optional)' });
            await user.clear(reason);
            if (String(event.reason).length > LIMITS.cancellationReason)
              fireEvent.change(reason, { target: { value: String(event.reason) } });
            else if (event.reason) await user.type(reason, String(event.reason));
            await user.click(
              d.getByRole('button', { name: event.type === 'subscription.cancelNow' ? 'Cancel Now' : 'Cancel at Period End' }),
            );
            return;
          }
          case 'subscription.reactivate':
            await user.click(d.getByRole('button', { name: 'Reactivate' }));
            return;
          case 'subscription.cancelPayment':
            await user.click(d.getByRole('button', { name: 'Cancel' }));
            return;
          case 'xstate.after.closeAfterSuccess.subscription.succeeded':
            act(() => delays.fire('closeAfterSuccess'));
            return;
          case 'xstate.done.actor.payment': {
            // Complete the real payment step: Stripe loads, its element reports ready, the admin submits.
            act(() => pay.resolve('loadStripe', stripe));
            await waitFor(() => expect(d.getByTestId('stripe-payment-element')).toBeInTheDocument());
            act(() => control.fireReady());
            const submit = d.getByRole('button', { name: 'Setup Payment & Update to Hardline Pro' });
            await waitFor(() => expect(submit).toBeEnabled());
            await user.click(submit);
            await waitFor(() => expect(pay.pending('confirmSetup')).toHaveLength(1));
            act(() => pay.resolve('confirmSetup', { setupIntentId: 'seti_777', status: 'succeeded' }));
            await waitFor(() => expect(pay.pending('completeSubscription')).toHaveLength(1));
            expect(pay.pending('completeSubscription')[0]?.input).toEqual({
              userId: billing.userId,
              setupIntentId: 'seti_777',
              planType: 'pro',
            });
            act(() => pay.resolve('completeSubscription', undefined));
            return;
          }
          default:
            act(() => {
              if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
            });
        }
      },
      async assert(state, snapshot) {
        if (state === 'confirmingCancel') {
          // The question covers the modal (hidden from the accessibility tree meanwhile); nothing is sent yet.
          const question = await waitFor(confirmation);
          expect(question).toHaveAccessibleName(selectCancelNowQuestion(snapshot));
          expect(question).toHaveAccessibleName(`Cancel ${billing.name}'s Hardline Lite subscription now?`);
          expect(question).toHaveAccessibleDescription(selectCancelNowConsequence(snapshot));
          expect(question).toHaveTextContent('loses Hardline Lite access at once');
          expect(screen.getByRole('dialog', { name: `Manage Subscription - ${billing.name}`, hidden: true })).toBeInTheDocument();
          expect(fakes.calls('cancelSubscription')).toHaveLength(0);
          expect(closed).toBe(0);
          return;
        }
        await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
        const d = within(dialog());
        const scheduled = billing.subscription?.cancelAtPeriodEnd === true;
        expect(d.getByTestId('current-status')).toHaveTextContent(
          billing.subscription?.planType === 'pro' ? 'Hardline Pro' : 'Hardline Lite',
        );
        expect(d.queryByText('Scheduled for cancellation at period end') !== null).toBe(scheduled);
        expect(closed).toBe(0);

        if (state === 'paymentRequired') {
          // The payment step is a lazy chunk (Stripe's React code): its first render waits for it.
          expect(await d.findByText(PAYMENT_REQUIRED_NOTE)).toBeInTheDocument();
          expect(d.queryByRole('button', { name: 'Update Subscription' })).not.toBeInTheDocument();
          expect(d.queryByRole('button', { name: 'Cancel Now' })).not.toBeInTheDocument();
          expect(pay.calls('loadStripe').length).toBeGreaterThan(0);
          return;
        }
        if (state === 'editing') {
          expect(d.getByRole('button', { name: 'Update Subscription' })).toBeEnabled();
          expect(d.getByRole('radio', { name: /Hardline Lite/ })).toBeInTheDocument();
          expect(d.getByText('$49.99/mo')).toBeInTheDocument();
          expect(d.getByText('$129.99/mo')).toBeInTheDocument();
          if (scheduled) {
            expect(d.getByRole('button', { name: 'Reactivate' })).toBeEnabled();
            expect(d.queryByRole('button', { name: 'Cancel Now' })).not.toBeInTheDocument();
            expect(d.queryByRole('button', { name: 'Cancel at Period End' })).not.toBeInTheDocument();
          } else {
            expect(d.getByRole('button', { name: 'Cancel Now' })).toBeEnabled();
            expect(d.getByRole('button', { name: 'Cancel at Period End' })).toBeEnabled();
            expect(d.getByRole('textbox', { name: 'Cancellation reason (optional)' })).toHaveAttribute('rows', '2');
            expect(d.queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
          }
          const error = snapshot.context.error;
          if (!scheduled) {
            expect(d.getByRole('textbox', { name: 'Cancellation reason (optional)' })).toHaveAttribute(
              'maxLength',
              String(LIMITS.cancellationReason),
            );
          }
          if (lastEvent?.reason === TOO_LONG_REASON) {
            // Refused in the modal: the field says why, nothing was sent.
            expect(snapshot.context.reasonError).toBe(CANCELLATION_REASON_TOO_LONG_MESSAGE);
            expect(d.getByRole('alert')).toHaveTextContent(CANCELLATION_REASON_TOO_LONG_MESSAGE);
            expect(fakes.calls('cancelSubscription')).toHaveLength(0);
          } else if (lastEvent?.type.startsWith('xstate.error.actor.')) {
            expect(d.getByRole('alert')).toHaveTextContent(String((lastEvent.error as Error).message));
          } else if (lastEvent?.type === 'subscription.keep') {
            // Kept: back to the modal, nothing sent.
            expect(fakes.calls('cancelSubscription')).toHaveLength(0);
            expect(error).toBeNull();
            expect(d.queryByRole('alert')).not.toBeInTheDocument();
          } else if (lastEvent?.type === 'xstate.done.actor.updateSubscription') {
            expect(d.getByRole('alert')).toHaveTextContent(PAYMENT_SESSION_MISSING_MESSAGE);
          } else {
            expect(error).toBeNull();
            expect(d.queryByRole('alert')).not.toBeInTheDocument();
          }
          return;
        }
        if (state === 'updating') {
          expect(d.getByRole('button', { name: /Updating\.\.\./ })).toBeDisabled();
          expect(fakes.pending('updateSubscription').map((i) => i.input)).toEqual([{ userId: billing.userId, planType: 'pro' }]);
          return;
        }
        if (state === 'cancelling') {
          const expected =
            lastEvent?.type === 'subscription.cancelAtPeriodEnd'
              ? { userId: billing.userId, cancelAtPeriodEnd: true, reason: REASON }
              : { userId: billing.userId, cancelAtPeriodEnd: false };
          expect(fakes.pending('cancelSubscription').map((i) => i.input)).toEqual([expected]);
          expect(d.getByRole('button', { name: 'Cancel Now' })).toBeDisabled();
          expect(d.getByRole('button', { name: 'Update Subscription' })).toBeDisabled();
          return;
        }
        if (state === 'reactivating') {
          expect(fakes.pending('cancelSubscription').map((i) => i.input)).toEqual([{ userId: billing.userId, cancelAtPeriodEnd: false }]);
          expect(d.getByRole('button', { name: /Reactivat/ })).toBeDisabled();
          return;
        }
        if (state === 'succeeded' || state === 'done') {
          const expected =
            lastEvent?.type === 'xstate.done.actor.payment'
              ? PAYMENT_COMPLETED_MESSAGE
              : lastEvent?.type === 'xstate.done.actor.updateSubscription'
                ? 'Subscription updated to Hardline Pro'
                : lastEvent?.type === 'xstate.done.actor.reactivateSubscription'
                  ? 'Subscription reactivated'
                  : state === 'done'
                    ? (snapshot.context.successMessage ?? '')
                    : 'Subscription canceled';
          expect(d.getByRole('status')).toHaveTextContent(expected);
          if (state === 'succeeded') expect(delays.isPending('closeAfterSuccess')).toBe(true);
          else expect(snapshot.status).toBe('done');
          return;
        }
        throw new Error(`unexpected state ${JSON.stringify(state)}`);
      },
      teardown() {
        view.unmount();
        actor.stop();
        delays.uninstall();
        fakes.reset();
        pay.reset();
        control.fireReady();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
