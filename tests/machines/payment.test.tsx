/**
 * Model-based walk of the payment step machine through the real PaymentStep view, with the real
 * @stripe/react-stripe-js <Elements>/<PaymentElement> mounted on a fake Stripe object: Stripe.js is
 * a boundary we don't own, so tests/support/stripe stands in for it. The machine's actors
 * (loading Stripe.js, confirming the setup, completing the subscription) are deferred doubles the
 * walk settles step by step; the load timeout is a named delay the walk fires.
 */
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect } from 'vitest';
import { createActor, type AnyEventObject } from 'xstate';
import {
  SETUP_NOT_COMPLETED_MESSAGE,
  STRIPE_LOAD_TIMEOUT_MESSAGE,
  STRIPE_UNAVAILABLE_MESSAGE,
  paymentMachine,
} from '../../src/machines/payment';
import { PAYMENT_REQUIRED_NOTE, PaymentStep } from '../../src/views/billing/PaymentStep';
import { createControllableActors, createControlledDelays, generateModelPaths, walkPaths, type StepInfo } from '../support/model';
import { tableDriver } from '../support/model/tables';
import { createFakeStripe, uninstallStripeDouble } from '../support/stripe';
import { renderPlain } from '../views/billing/render-billing';

const { stripe, control } = createFakeStripe();
const INPUT = { userId: 'u-trial', planType: 'pro' as const, clientSecret: 'seti_123_secret_abc' };
const DECLINED = 'Your card was declined.';

const paths = generateModelPaths(paymentMachine, {
  cover: 'pairs',
  input: INPUT,
  events: {
    'xstate.done.actor.loadStripe': { type: 'xstate.done.actor.loadStripe', output: stripe },
    'xstate.error.actor.loadStripe': { type: 'xstate.error.actor.loadStripe', error: new Error('Failed to load Stripe.js') },
    'payment.submit': { type: 'payment.submit', elements: {} },
    'xstate.done.actor.confirmSetup': [
      { type: 'xstate.done.actor.confirmSetup', output: { setupIntentId: 'seti_123', status: 'succeeded' } },
      { type: 'xstate.done.actor.confirmSetup', output: { setupIntentId: 'seti_123', status: 'processing' } },
    ],
    'xstate.error.actor.confirmSetup': { type: 'xstate.error.actor.confirmSetup', error: new Error(DECLINED) },
    'xstate.error.actor.completeSubscription': {
      type: 'xstate.error.actor.completeSubscription',
      error: new Error('HTTP 502: Bad Gateway'),
    },
  },
});

beforeAll(() => {
  control.holdReady = true;
});
afterAll(() => {
  uninstallStripeDouble();
});

walkPaths({
  machineId: 'payment',
  machine: paymentMachine,
  paths,
  setup: ({ inspect }) => {
    const fakes = createControllableActors(paymentMachine, ['loadStripe', 'confirmSetup', 'completeSubscription']);
    const delays = createControlledDelays(['stripeLoadTimeout']);
    delays.install();
    const user = userEvent.setup();
    const actor = createActor(paymentMachine.provide({ actors: fakes.actors, delays: delays.delays }), { input: INPUT, inspect }).start();
    let cancelled = 0;
    const view = renderPlain(<PaymentStep actorRef={actor} onCancel={() => (cancelled += 1)} />);
    const submitName = 'Setup Payment & Update to Hardline Pro';
    const settle = (event: AnyEventObject, info: StepInfo) =>
      act(() => {
        if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });

    return {
      ...tableDriver(paymentMachine, {
        every: () => expect(screen.getByText(PAYMENT_REQUIRED_NOTE)).toBeInTheDocument(),
        states: {
          loadingStripe: () => {
            expect(screen.getByText('Loading payment form...')).toBeInTheDocument();
            expect(screen.queryByRole('button', { name: submitName })).not.toBeInTheDocument();
            expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
          },
          unavailable: async ({ event }) => {
            const alert = await screen.findByRole('alert');
            expect(alert).toHaveTextContent(
              event?.type.startsWith('xstate.after') ? STRIPE_LOAD_TIMEOUT_MESSAGE : STRIPE_UNAVAILABLE_MESSAGE,
            );
            expect(screen.queryByRole('button', { name: submitName })).not.toBeInTheDocument();
            await user.click(screen.getByRole('button', { name: 'Cancel' }));
            expect(cancelled).toBe(1);
          },
          // Stripe is loaded but its element has not reported ready: the form stays disabled.
          mounting: async () => {
            expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
            expect(screen.getByRole('button', { name: submitName })).toBeDisabled();
          },
          ready: async () => {
            expect(await screen.findByRole('button', { name: submitName })).toBeEnabled();
            expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
          },
          confirming: async () => {
            const busy = screen.getByRole('button', { name: /Processing\.\.\./ });
            expect(busy).toBeDisabled();
            expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
            const [input] = fakes.pending('confirmSetup').map((i) => i.input as { stripe: unknown; elements: unknown });
            expect(input?.stripe).toBe(stripe);
            expect(input?.elements).toBeTruthy();
            // A second click while confirming sends nothing.
            await user.click(busy).catch(() => undefined);
            expect(fakes.pending('confirmSetup')).toHaveLength(1);
          },
          completing: () => {
            expect(screen.getByRole('button', { name: /Processing\.\.\./ })).toBeDisabled();
            expect(fakes.pending('completeSubscription').map((i) => i.input)).toEqual([
              { userId: 'u-trial', setupIntentId: 'seti_123', planType: 'pro' },
            ]);
          },
          completionFailed: () => {
            expect(screen.getByRole('alert')).toHaveTextContent('HTTP 502: Bad Gateway');
            expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
          },
          done: ({ snapshot }) => {
            expect(snapshot.status).toBe('done');
            expect(snapshot.output).toEqual({ planType: 'pro' });
          },
        },
        events: {
          'xstate.after.stripeLoadTimeout.payment.loadingStripe': () => act(() => delays.fire('stripeLoadTimeout')),
          'payment.elementReady': async () => {
            expect(await screen.findByTestId('stripe-payment-element')).toBeInTheDocument();
            act(() => control.fireReady());
          },
          'payment.submit': () => user.click(screen.getByRole('button', { name: submitName })),
          'payment.retry': () => user.click(screen.getByRole('button', { name: 'Try again' })),
          'xstate.done.actor.loadStripe': settle,
          'xstate.error.actor.loadStripe': settle,
          'xstate.done.actor.confirmSetup': settle,
          'xstate.error.actor.confirmSetup': settle,
          'xstate.done.actor.completeSubscription': settle,
          'xstate.error.actor.completeSubscription': settle,
        },
        arrivals: {
          ready: {
            'payment.elementReady': () => expect(screen.queryByRole('alert')).not.toBeInTheDocument(),
            'xstate.done.actor.confirmSetup': () => expect(screen.getByRole('alert')).toHaveTextContent(SETUP_NOT_COMPLETED_MESSAGE),
            'xstate.error.actor.confirmSetup': () => expect(screen.getByRole('alert')).toHaveTextContent(DECLINED),
          },
        },
      }),
      teardown() {
        view.unmount();
        actor.stop();
        delays.uninstall();
        fakes.reset();
        control.fireReady();
      },
    };
  },
  onReport: (report) => {
    expect(report.states.missing).toEqual([]);
    expect(report.transitions.missing).toEqual([]);
  },
});
