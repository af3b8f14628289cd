/**
 * Named scenarios of the payment step of the Manage Subscription modal (SPEC §2, §4 Subscription,
 * §8 Billing), read as its specification. Actor level, no rendering: loading Stripe.js, confirming
 * the card and completing the subscription are promises the test settles; the 20 s load limit runs
 * on a simulated clock. Stripe's objects are plain stand-ins: Stripe.js is a boundary we don't own.
 * The last scenario runs the real implementations (our payments service and API client) with only
 * Stripe.js and `fetch` replaced.
 */
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import type { Services } from '../../src/services';
import { createPayments, type ConfirmedSetup, type ConfirmSetupInput } from '../../src/services/payments';
import { paymentImplementations } from '../../src/machines/payment/implementations';
import {
  SETUP_NOT_COMPLETED_MESSAGE,
  STRIPE_LOAD_TIMEOUT_MESSAGE,
  STRIPE_UNAVAILABLE_MESSAGE,
  paymentMachine,
  selectCanSubmit,
  selectClientSecret,
  selectCompletionFailed,
  selectIsBusy,
  selectIsLoadingStripe,
  selectIsUnavailable,
  selectPaymentError,
  selectPlanType,
  selectStripe,
  type CompleteSubscriptionInput,
  type PaymentInput,
} from '../../src/machines/payment';
import { apiOverFetch, jsonResponse } from '../support/api';
import { call, last, type Pending } from './pending-actor';
import { waitFor } from '../support/snapshots';

const INPUT: PaymentInput = { userId: 'u-trial', planType: 'pro', clientSecret: 'seti_777_secret_zzz' };
/** Stand-ins for Stripe.js objects (a boundary we don't own); the machine only passes them on. */
const STRIPE = { id: 'stripe' } as unknown as Stripe;
const ELEMENTS = { id: 'elements' } as unknown as StripeElements;

function openPaymentStep() {
  const loads: Pending<Stripe>[] = [];
  const confirms: Pending<ConfirmedSetup, ConfirmSetupInput>[] = [];
  const completions: Pending<unknown, CompleteSubscriptionInput>[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    paymentMachine.provide({
      actors: { loadStripe: call(loads), confirmSetup: call(confirms), completeSubscription: call(completions) },
    }),
    { input: INPUT, clock },
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('pending'));
  return { actor, loads, confirms, completions, clock, settled };
}

/** A step whose Stripe.js and Payment Element are ready. */
async function readyStep() {
  const step = openPaymentStep();
  last(step.loads).resolve(STRIPE);
  await step.settled();
  step.actor.send({ type: 'payment.elementReady' });
  return step;
}

describe('the payment step', () => {
  it('the form stays disabled until Stripe.js and its Payment Element are both ready', async () => {
    const { actor, loads, settled } = openPaymentStep();
    const loading = actor.getSnapshot();
    expect(selectIsLoadingStripe(loading)).toBe(true);
    expect(selectIsBusy(loading)).toBe(true);
    expect(selectCanSubmit(loading)).toBe(false);
    expect(selectStripe(loading)).toBeNull();
    expect(selectClientSecret(loading)).toBe('seti_777_secret_zzz');
    expect(selectPlanType(loading)).toBe('pro');

    last(loads).resolve(STRIPE);
    const mounting = await settled();
    expect(mounting.value).toBe('mounting');
    expect(selectStripe(mounting)).toBe(STRIPE);
    expect(selectPaymentError(mounting)).toBeNull();
    expect(selectIsLoadingStripe(mounting)).toBe(false);
    expect(selectCanSubmit(mounting)).toBe(false);

    // Submitting before the element is ready does nothing.
    actor.send({ type: 'payment.submit', elements: ELEMENTS });
    expect(actor.getSnapshot().value).toBe('mounting');

    actor.send({ type: 'payment.elementReady' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(false);
  });

  it(`Stripe.js that cannot load says '${STRIPE_UNAVAILABLE_MESSAGE}'`, async () => {
    const { actor, loads, settled } = openPaymentStep();
    last(loads).reject(new Error('Failed to load Stripe.js'));
    const unavailable = await settled();
    expect(selectIsUnavailable(unavailable)).toBe(true);
    expect(selectPaymentError(unavailable)).toBe('The payment form could not be loaded. Check your connection and try again.');
    expect(selectCanSubmit(unavailable)).toBe(false);
    actor.send({ type: 'payment.elementReady' });
    expect(selectIsUnavailable(actor.getSnapshot())).toBe(true);
  });

  it(`Stripe.js still loading after 20 seconds says '${STRIPE_LOAD_TIMEOUT_MESSAGE}', and a late answer is ignored`, () => {
    const { actor, loads, clock } = openPaymentStep();
    clock.increment(19_999);
    expect(selectIsLoadingStripe(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(selectIsUnavailable(actor.getSnapshot())).toBe(true);
    expect(selectPaymentError(actor.getSnapshot())).toBe(
      'The payment form is taking too long to load. Check your connection and try again.',
    );
    last(loads).resolve(STRIPE);
    expect(selectIsUnavailable(actor.getSnapshot())).toBe(true);
    expect(selectStripe(actor.getSnapshot())).toBeNull();
  });

  it('a card set up successfully completes the subscription on the server, and the step is done with the plan', async () => {
    const { actor, confirms, completions, settled } = await readyStep();
    actor.send({ type: 'payment.submit', elements: ELEMENTS });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(selectCanSubmit(actor.getSnapshot())).toBe(false);
    expect(last(confirms).input).toEqual({ stripe: STRIPE, elements: ELEMENTS });

    last(confirms).resolve({ setupIntentId: 'seti_777', status: 'succeeded' });
    await waitFor(actor, (s) => s.matches('completing'));
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(last(completions).input).toEqual({ userId: 'u-trial', setupIntentId: 'seti_777', planType: 'pro' });

    last(completions).resolve(undefined);
    const done = await settled();
    expect(done.status).toBe('done');
    expect(done.output).toEqual({ planType: 'pro' });
    expect(selectPaymentError(done)).toBeNull();
  });

  it(`a setup that did not succeed says '${SETUP_NOT_COMPLETED_MESSAGE}' and nothing is completed`, async () => {
    const { actor, confirms, completions, settled } = await readyStep();
    actor.send({ type: 'payment.submit', elements: ELEMENTS });
    last(confirms).resolve({ setupIntentId: 'seti_777', status: 'requires_action' });
    const back = await settled();
    expect(selectCanSubmit(back)).toBe(true);
    expect(selectPaymentError(back)).toBe('Payment setup was not completed successfully');
    expect(completions).toHaveLength(0);

    // Trying again clears the message while the card is confirmed.
    actor.send({ type: 'payment.submit', elements: ELEMENTS });
    expect(selectPaymentError(actor.getSnapshot())).toBeNull();
    expect(confirms).toHaveLength(2);
  });

  it("a card the provider declines shows the provider's message, or 'Payment setup failed'", async () => {
    const { actor, confirms, settled } = await readyStep();
    actor.send({ type: 'payment.submit', elements: ELEMENTS });
    last(confirms).reject(new Error('Your card was declined.'));
    expect(selectPaymentError(await settled())).toBe('Your card was declined.');
    actor.send({ type: 'payment.submit', elements: ELEMENTS });
    last(confirms).reject({ code: 'card_declined' });
    const back = await settled();
    expect(selectPaymentError(back)).toBe('Payment setup failed');
    expect(selectCanSubmit(back)).toBe(true);
  });

  it('when the plan change fails after the card was set up, only the completion is retried', async () => {
    const { actor, confirms, completions, settled } = await readyStep();
    actor.send({ type: 'payment.submit', elements: ELEMENTS });
    last(confirms).resolve({ setupIntentId: 'seti_777', status: 'succeeded' });
    await waitFor(actor, (s) => s.matches('completing'));
    last(completions).reject(new Error('Subscription could not be created'));
    const failed = await settled();
    expect(selectCompletionFailed(failed)).toBe(true);
    expect(selectCanSubmit(failed)).toBe(false);
    expect(selectPaymentError(failed)).toBe('Subscription could not be created');

    actor.send({ type: 'payment.retry' });
    expect(selectCompletionFailed(actor.getSnapshot())).toBe(false);
    expect(selectPaymentError(actor.getSnapshot())).toBeNull();
    expect(last(completions).input).toEqual({ userId: 'u-trial', setupIntentId: 'seti_777', planType: 'pro' });
    last(completions).reject('network down');
    expect(selectPaymentError(await settled())).toBe('Unknown error');

    actor.send({ type: 'payment.retry' });
    last(completions).resolve(undefined);
    expect((await settled()).status).toBe('done');
    expect(confirms).toHaveLength(1);
  });

  it('retry is only offered after a failed completion', async () => {
    const { actor, completions } = await readyStep();
    actor.send({ type: 'payment.retry' });
    expect(selectCanSubmit(actor.getSnapshot())).toBe(true);
    expect(completions).toHaveLength(0);
  });
});

describe('the payment step over our payments service and API client', () => {
  it('confirms the card with Stripe.js, then completes the subscription for the user with the setup intent', async () => {
    const confirmed: unknown[] = [];
    // Stripe.js is a boundary we don't own: a stand-in answers the setup confirmation.
    const stripe = {
      confirmSetup: (params: unknown) => {
        confirmed.push(params);
        return Promise.resolve({ setupIntent: { id: 'seti_777', status: 'succeeded' } });
      },
    } as unknown as Stripe;
    const payments = createPayments(
      { stripePublishableKey: 'pk_test_123', trustedOrigins: [] },
      { loadStripe: () => Promise.resolve(stripe), window: { location: { origin: 'http://console.test' }, open: () => null } },
    );
    const requests: { method: string; url: string; body: unknown; signal: AbortSignal }[] = [];
    // `fetch` is the network, the other boundary we don't own.
    const api = apiOverFetch(async (input, init) => {
      const request = new Request(input, init);
      requests.push({ method: request.method, url: request.url, body: JSON.parse(await request.text()), signal: request.signal });
      return jsonResponse(200, { message: 'Subscription updated' });
    });
    const services = { api, payments } as Pick<Services, 'api' | 'payments'> as Services;
    const actor = createActor(paymentMachine.provide(paymentImplementations(services)), { input: INPUT }).start();
    await waitFor(actor, (s) => s.matches('mounting'));
    expect(selectStripe(actor.getSnapshot())).toBe(stripe);
    actor.send({ type: 'payment.elementReady' });
    actor.send({ type: 'payment.submit', elements: ELEMENTS });
    const done = await waitFor(actor, (s) => s.status === 'done');
    expect(done.output).toEqual({ planType: 'pro' });
    expect(confirmed).toEqual([{ elements: ELEMENTS, redirect: 'if_required', confirmParams: { return_url: 'http://console.test/' } }]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: 'POST',
      url: 'http://127.0.0.1:9/api/admin/billing/complete-subscription?userId=u-trial',
      body: { setupIntentId: 'seti_777', planType: 'pro' },
    });
  });

  it('closing the step while the subscription is being completed aborts the request', async () => {
    const stripe = {
      confirmSetup: () => Promise.resolve({ setupIntent: { id: 'seti_777', status: 'succeeded' } }),
    } as unknown as Stripe;
    const payments = createPayments(
      { stripePublishableKey: 'pk_test_123', trustedOrigins: [] },
      { loadStripe: () => Promise.resolve(stripe), window: { location: { origin: 'http://console.test' }, open: () => null } },
    );
    const signals: AbortSignal[] = [];
    const api = apiOverFetch((input, init) => {
      signals.push(new Request(input, init).signal);
      return new Promise<Response>(() => undefined);
    });
    const services = { api, payments } as Pick<Services, 'api' | 'payments'> as Services;
    const actor = createActor(paymentMachine.provide(paymentImplementations(services)), { input: INPUT }).start();
    await waitFor(actor, (s) => s.matches('mounting'));
    actor.send({ type: 'payment.elementReady' });
    actor.send({ type: 'payment.submit', elements: ELEMENTS });
    await waitFor(actor, (s) => s.matches('completing'));
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(false);
    actor.stop();
    expect(signals[0]?.aborted).toBe(true);
  });
});
