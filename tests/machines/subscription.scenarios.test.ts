/**
 * Named scenarios of the Manage Subscription modal (SPEC §2 Manage Subscription modal, §4
 * Subscription, §8 Billing), read as its specification. Actor level, no rendering: the update and
 * cancel calls are promises the test settles and the scenario sees what was sent; the payment step
 * is the real payment machine over the same kind of promises; the 2 s close runs on a simulated
 * clock. The last scenarios run the real implementations over the real API client with only `fetch`
 * (the network, a boundary we don't own) replaced.
 */
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { describe, expect, it, vi } from 'vitest';
import { SimulatedClock, createActor } from 'xstate';
import type { Services } from '../../src/services';
import { createPayments, type ConfirmedSetup, type ConfirmSetupInput } from '../../src/services/payments';
import type { PlanType, SubscriptionPreview, UpdateSubscriptionResponse, UserBilling } from '../../src/contract/api';
import { CANCELLATION_REASON_TOO_LONG_MESSAGE } from '../../src/domain/forms';
import { LIMITS } from '../../src/domain/limits';
import { paymentMachine, type CompleteSubscriptionInput } from '../../src/machines/payment';
import {
  PAYMENT_COMPLETED_MESSAGE,
  PAYMENT_SESSION_MISSING_MESSAGE,
  selectCancelNowConsequence,
  selectCancelNowQuestion,
  selectChosenPlan,
  selectError,
  selectHasSubscription,
  selectIsBusy,
  selectIsCancellationScheduled,
  selectIsConfirmingCancel,
  selectIsPaymentRequired,
  selectIsPreviewing,
  selectIsSucceeded,
  selectIsUpdating,
  selectPaymentRef,
  selectPreviewText,
  selectReasonError,
  selectScheduledChange,
  selectSubscription,
  selectSuccessMessage,
  selectTrialDaysRemaining,
  selectUserName,
  subscriptionMachine,
  type CancelSubscriptionInput,
  type PreviewSubscriptionInput,
  type UpdateSubscriptionInput,
} from '../../src/machines/subscription';
import { subscriptionImplementations } from '../../src/machines/subscription/implementations';
import { apiOverFetch, jsonResponse } from '../support/api';
import { DOWNGRADING_USER, LITE_USER, PREVIEWS, SCHEDULED_USER, TRIAL_USER } from '../views/billing/fixtures';
import { call, last, type Pending } from './pending-actor';
import { waitFor } from '../support/snapshots';

const TOO_LONG_REASON = 'r'.repeat(LIMITS.cancellationReason + 1);
/** Stand-ins for Stripe.js objects (a boundary we don't own); the machines only pass them on. */
const STRIPE = { id: 'stripe' } as unknown as Stripe;
const ELEMENTS = { id: 'elements' } as unknown as StripeElements;

function openModal(billing: UserBilling) {
  const previews: Pending<SubscriptionPreview, PreviewSubscriptionInput>[] = [];
  const updates: Pending<UpdateSubscriptionResponse, UpdateSubscriptionInput>[] = [];
  const cancels: Pending<unknown, CancelSubscriptionInput>[] = [];
  const stripeLoads: Pending<Stripe, unknown>[] = [];
  const confirms: Pending<ConfirmedSetup, ConfirmSetupInput>[] = [];
  const completions: Pending<unknown, CompleteSubscriptionInput>[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    subscriptionMachine.provide({
      actors: {
        previewSubscription: call(previews),
        updateSubscription: call(updates),
        cancelSubscription: call(cancels),
        payment: paymentMachine.provide({
          actors: { loadStripe: call(stripeLoads), confirmSetup: call(confirms), completeSubscription: call(completions) },
        }),
      },
    }),
    { input: { billing }, clock },
  ).start();
  const settled = () => waitFor(actor, (s) => !s.hasTag('pending'));
  /** Chooses `plan` and answers its preview with `preview`: the price is on screen. */
  const review = async (plan: PlanType, preview: SubscriptionPreview) => {
    actor.send({ type: 'subscription.choosePlan', planType: plan });
    last(previews).resolve(preview);
    return waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
  };
  /** The price of `plan` shown, then 'Update Subscription'. */
  const change = async (plan: PlanType, preview: SubscriptionPreview) => {
    await review(plan, preview);
    actor.send({ type: 'subscription.update' });
  };
  return { actor, previews, updates, cancels, stripeLoads, confirms, completions, clock, settled, review, change };
}

describe('the Manage Subscription modal', () => {
  it('shows the member, the current plan and the trial days; the plan picker starts on the current plan', () => {
    const { actor } = openModal(LITE_USER);
    const editing = actor.getSnapshot();
    expect(selectUserName(editing)).toBe('Lena Lite');
    expect(selectSubscription(editing)).toEqual(LITE_USER.subscription);
    expect(selectHasSubscription(editing)).toBe(true);
    expect(selectIsCancellationScheduled(editing)).toBe(false);
    expect(selectChosenPlan(editing)).toBe('lite');
    expect(selectChosenPlan(openModal(SCHEDULED_USER).actor.getSnapshot())).toBe('pro');
    expect(selectPreviewText(editing)).toBeNull();
    expect(selectScheduledChange(editing)).toBeNull();
    expect(selectTrialDaysRemaining(openModal(TRIAL_USER).actor.getSnapshot())).toBe(9);
    expect(selectIsBusy(editing)).toBe(false);
    expect(selectIsSucceeded(editing)).toBe(false);
  });

  it('a member without a subscription starts on Hardline Lite and cannot cancel or reactivate', () => {
    const { actor, cancels } = openModal(TRIAL_USER);
    expect(selectHasSubscription(actor.getSnapshot())).toBe(false);
    expect(selectChosenPlan(actor.getSnapshot())).toBe('lite');
    for (const type of ['subscription.cancelAtPeriodEnd', 'subscription.cancelNow'] as const) {
      actor.send({ type, reason: TOO_LONG_REASON });
      actor.send({ type, reason: '' });
    }
    actor.send({ type: 'subscription.reactivate' });
    // Lite, preselected, is being priced (a change for a member who does not pay for it).
    expect(actor.getSnapshot().value).toEqual({ editing: 'previewing' });
    expect(actor.getSnapshot().status).toBe('active');
    expect(selectIsCancellationScheduled(actor.getSnapshot())).toBe(false);
    expect(selectReasonError(actor.getSnapshot())).toBeNull();
    expect(cancels).toHaveLength(0);
  });

  it('choosing a plan shows its price before anything is charged', async () => {
    const { actor, previews, updates } = openModal(LITE_USER);
    actor.send({ type: 'subscription.choosePlan', planType: 'pro' });
    expect(selectChosenPlan(actor.getSnapshot())).toBe('pro');
    expect(selectIsPreviewing(actor.getSnapshot())).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(last(previews).input).toEqual({ userId: 'u-lite', planType: 'pro' });
    last(previews).resolve(PREVIEWS.upgrade);
    const reviewing = await waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
    expect(selectIsBusy(reviewing)).toBe(false);
    expect(selectPreviewText(reviewing)).toBe("You'll be charged $53.33 today (prorated), then $129.99/month from February 5, 2026");
    expect(updates).toHaveLength(0);
    // Back to the member's own plan: nothing to preview, nothing shown.
    actor.send({ type: 'subscription.choosePlan', planType: 'lite' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'choosing' });
    expect(selectPreviewText(actor.getSnapshot())).toBeNull();
    expect(previews).toHaveLength(1);
  });

  it('the price is said as the kind of change: a new plan in full, a downgrade at the period’s end, a withdrawn one', async () => {
    const trial = openModal(TRIAL_USER);
    expect(selectPreviewText(await trial.review('pro', PREVIEWS.startWithoutCard))).toBe(
      "You'll be charged $129.99 today, then $129.99/month from February 15, 2026. A payment method is needed first.",
    );
    const down = openModal(DOWNGRADING_USER);
    expect(selectScheduledChange(down.actor.getSnapshot())).toBe('Changes to Hardline Lite on February 5, 2026');
    // The member's own plan while a change is scheduled is a change: it withdraws that.
    expect(selectPreviewText(await down.review('lite', PREVIEWS.downgrade))).toBe(
      'Changes to Hardline Lite on February 5, 2026; no charge today',
    );
    expect(selectPreviewText(await down.review('pro', PREVIEWS.keep))).toBe(
      'Stays on Hardline Pro; the change to Hardline Lite on February 5, 2026 is withdrawn; no charge today',
    );
  });

  it('choosing another plan while a price is being checked asks for that one instead', async () => {
    const { actor, previews } = openModal(TRIAL_USER);
    actor.send({ type: 'subscription.choosePlan', planType: 'pro' });
    actor.send({ type: 'subscription.choosePlan', planType: 'lite' });
    // Lite, preselected, was being priced as the modal opened.
    expect(previews.map((p) => p.input.planType)).toEqual(['lite', 'pro', 'lite']);
    // The first answer comes too late to be shown.
    previews[1]?.resolve(PREVIEWS.startWithoutCard);
    previews[2]?.resolve({ ...PREVIEWS.startWithoutCard, planType: 'lite', amountDueToday: 4999, recurringAmount: 4999 });
    const reviewing = await waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
    expect(selectPreviewText(reviewing)).toContain("You'll be charged $49.99 today");
  });

  it('the plan preselected for a member who does not pay for it is priced as the modal opens: one press makes the change', async () => {
    const { actor, previews, updates } = openModal(TRIAL_USER);
    expect(previews.map((p) => p.input)).toEqual([{ userId: 'u-trial', planType: 'lite' }]);
    expect(selectIsPreviewing(actor.getSnapshot())).toBe(true);
    // Pressed while the price is loading: nothing is charged that was not shown.
    actor.send({ type: 'subscription.update' });
    expect(updates).toHaveLength(0);
    last(previews).resolve({ ...PREVIEWS.startWithoutCard, planType: 'lite', amountDueToday: 4999, recurringAmount: 4999 });
    const reviewing = await waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
    expect(selectPreviewText(reviewing)).toContain("You'll be charged $49.99 today");
    actor.send({ type: 'subscription.update' });
    expect(updates.map((u) => u.input)).toEqual([{ userId: 'u-trial', planType: 'lite' }]);
    expect(previews).toHaveLength(1);
  });

  it('the member’s own plan, preselected, is not priced; a member on it with a change scheduled sees what choosing it does', () => {
    expect(openModal(LITE_USER).previews).toHaveLength(0);
    expect(openModal(SCHEDULED_USER).previews).toHaveLength(0);
    const down = openModal(DOWNGRADING_USER);
    expect(down.previews.map((p) => p.input)).toEqual([{ userId: 'u-down', planType: 'pro' }]);
  });

  it("'Update Subscription' before any preview shows the chosen plan's price first; a failed preview says why", async () => {
    const { actor, previews, updates, settled } = openModal(LITE_USER);
    actor.send({ type: 'subscription.update' });
    expect(last(previews).input).toEqual({ userId: 'u-lite', planType: 'lite' });
    last(previews).reject(new Error('Lena Lite is already on Hardline Lite.'));
    const failed = await settled();
    expect(failed.value).toEqual({ editing: 'choosing' });
    expect(selectError(failed)).toBe('Lena Lite is already on Hardline Lite.');
    actor.send({ type: 'subscription.update' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(updates).toHaveLength(0);
  });

  it("'Update Subscription' reads 'Updating...' while the change shown is made, at the preview's proration date, then shows the server's message", async () => {
    const { actor, updates, settled, change } = openModal(LITE_USER);
    await change('pro', PREVIEWS.upgrade);
    expect(selectIsUpdating(actor.getSnapshot())).toBe(true);
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    // The price stays on screen while it is charged.
    expect(selectPreviewText(actor.getSnapshot())).toContain('$53.33 today (prorated)');
    expect(last(updates).input).toEqual({ userId: 'u-lite', planType: 'pro', prorationDate: 1768478400 });
    last(updates).resolve({ requiresPayment: false, message: 'Subscription updated to Hardline Pro' });
    const succeeded = await settled();
    expect(succeeded.value).toBe('succeeded');
    expect(selectIsUpdating(succeeded)).toBe(false);
    expect(selectIsSucceeded(succeeded)).toBe(true);
    expect(selectSuccessMessage(succeeded)).toBe('Subscription updated to Hardline Pro');
    expect(selectPreviewText(succeeded)).toBeNull();
    expect(selectError(succeeded)).toBeNull();
  });

  it("without a message from the server the success banner reads 'Subscription updated successfully'", async () => {
    for (const response of [{ requiresPayment: false }, { requiresPayment: false, message: '  ' }]) {
      const { updates, settled, change } = openModal(LITE_USER);
      await change('pro', PREVIEWS.upgrade);
      last(updates).resolve(response);
      expect(selectSuccessMessage(await settled())).toBe('Subscription updated successfully');
    }
  });

  it('the modal closes 2 s after a success', async () => {
    const { actor, updates, clock, settled, change } = openModal(LITE_USER);
    await change('pro', PREVIEWS.upgrade);
    last(updates).resolve({ requiresPayment: false });
    await settled();
    clock.increment(1999);
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(actor.getSnapshot().status).toBe('active');
    clock.increment(1);
    expect(actor.getSnapshot().status).toBe('done');
    expect(selectIsSucceeded(actor.getSnapshot())).toBe(true);
    expect(selectSuccessMessage(actor.getSnapshot())).toBe('Subscription updated successfully');
  });

  it('a plan the console does not offer is neither previewed nor sent', () => {
    const { actor, previews, updates } = openModal(LITE_USER);
    actor.send({ type: 'subscription.choosePlan', planType: 'gold' as PlanType });
    expect(actor.getSnapshot().value).toEqual({ editing: 'choosing' });
    expect(selectChosenPlan(actor.getSnapshot())).toBe('lite');
    expect(previews).toHaveLength(0);
    expect(updates).toHaveLength(0);
  });

  it("a failed update shows the server's message in the Error banner, and the next attempt clears it", async () => {
    const { actor, previews, updates, settled, change } = openModal(LITE_USER);
    await change('pro', PREVIEWS.upgrade);
    last(updates).reject(new Error('Lena Lite is already on Hardline Pro.'));
    const failed = await settled();
    expect(failed.value).toEqual({ editing: 'choosing' });
    expect(selectError(failed)).toBe('Lena Lite is already on Hardline Pro.');
    expect(selectPreviewText(failed)).toBeNull();
    // Trying again shows the price again first.
    actor.send({ type: 'subscription.update' });
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(last(previews).input).toEqual({ userId: 'u-lite', planType: 'pro' });
    last(previews).resolve(PREVIEWS.upgrade);
    await waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
    actor.send({ type: 'subscription.update' });
    last(updates).reject('offline');
    expect(selectError(await settled())).toBe('Unknown error');
  });

  it('a trial member without a card is asked for a payment method; the card set up completes the plan change', async () => {
    const { actor, updates, stripeLoads, confirms, completions, clock, change } = openModal(TRIAL_USER);
    await change('pro', PREVIEWS.startWithoutCard);
    expect(last(updates).input).toEqual({ userId: 'u-trial', planType: 'pro' });
    last(updates).resolve({ requiresPayment: true, clientSecret: 'seti_777_secret_zzz', message: 'A payment method is required' });
    const required = await waitFor(actor, (s) => s.matches('paymentRequired'));
    expect(selectIsPaymentRequired(required)).toBe(true);
    expect(selectIsBusy(required)).toBe(false);
    expect(selectSuccessMessage(required)).toBeNull();
    const payment = selectPaymentRef(required);
    expect(payment?.getSnapshot().context).toMatchObject({ userId: 'u-trial', planType: 'pro', clientSecret: 'seti_777_secret_zzz' });

    last(stripeLoads).resolve(STRIPE);
    await waitFor(payment!, (s) => s.matches('mounting'));
    payment?.send({ type: 'payment.elementReady' });
    payment?.send({ type: 'payment.submit', elements: ELEMENTS });
    last(confirms).resolve({ setupIntentId: 'seti_777', status: 'succeeded' });
    await waitFor(payment!, (s) => s.matches('completing'));
    expect(last(completions).input).toEqual({ userId: 'u-trial', setupIntentId: 'seti_777', planType: 'pro' });
    last(completions).resolve(undefined);

    const succeeded = await waitFor(actor, (s) => !s.matches('paymentRequired'));
    expect(succeeded.value).toBe('succeeded');
    expect(selectSuccessMessage(succeeded)).toBe('Payment method added and subscription updated successfully');
    expect(selectSuccessMessage(succeeded)).toBe(PAYMENT_COMPLETED_MESSAGE);
    expect(selectPaymentRef(succeeded)).toBeUndefined();
    clock.increment(2000);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it("Cancel on the payment form goes back to the plan picker and the member's plan is unchanged", async () => {
    const { actor, updates, settled, change } = openModal(TRIAL_USER);
    await change('pro', PREVIEWS.startWithoutCard);
    last(updates).resolve({ requiresPayment: true, clientSecret: 'seti_1_secret' });
    await waitFor(actor, (s) => s.matches('paymentRequired'));
    actor.send({ type: 'subscription.cancelPayment' });
    const back = await settled();
    expect(back.value).toEqual({ editing: 'choosing' });
    expect(selectPreviewText(back)).toBeNull();
    expect(selectPaymentRef(back)).toBeUndefined();
    expect(selectError(back)).toBeNull();
    expect(selectSuccessMessage(back)).toBeNull();
  });

  it(`a payment required without a payment session says '${PAYMENT_SESSION_MISSING_MESSAGE}'`, async () => {
    for (const response of [{ requiresPayment: true }, { requiresPayment: true, clientSecret: '' }]) {
      const { updates, settled, change } = openModal(TRIAL_USER);
      await change('pro', PREVIEWS.startWithoutCard);
      last(updates).resolve(response);
      const back = await settled();
      expect(back.value).toEqual({ editing: 'choosing' });
      expect(selectError(back)).toBe('A payment method is required, but the server did not start a payment setup. Please try again.');
    }
  });

  it('Cancel at Period End sends cancelAtPeriodEnd true with the reason, trimmed', async () => {
    const { actor, cancels, settled } = openModal(LITE_USER);
    actor.send({ type: 'subscription.cancelAtPeriodEnd', reason: '  Crew is moving to another tool ' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(last(cancels).input).toEqual({ userId: 'u-lite', cancelAtPeriodEnd: true, reason: 'Crew is moving to another tool' });
    last(cancels).resolve({ message: 'Subscription will cancel at the end of the period' });
    const succeeded = await settled();
    expect(succeeded.value).toBe('succeeded');
    expect(succeeded.context.cancelRequest).toBeNull();
    expect(selectSuccessMessage(succeeded)).toBe('Subscription will cancel at the end of the period');
  });

  it("without a message from the server the banner reads 'Subscription cancelled successfully'", async () => {
    for (const output of [null, undefined, 'ok', { message: 42 }, { message: '' }, {}]) {
      const { actor, cancels, settled } = openModal(LITE_USER);
      actor.send({ type: 'subscription.cancelAtPeriodEnd', reason: '' });
      last(cancels).resolve(output);
      expect(selectSuccessMessage(await settled())).toBe('Subscription cancelled successfully');
    }
  });

  it("'Cancel Now' asks first, naming the member, the plan and what happens; nothing is sent until confirmed", async () => {
    const { actor, cancels, settled } = openModal(LITE_USER);
    actor.send({ type: 'subscription.cancelNow', reason: '   ' });
    const confirming = actor.getSnapshot();
    expect(selectIsConfirmingCancel(confirming)).toBe(true);
    expect(selectIsBusy(confirming)).toBe(false);
    expect(cancels).toHaveLength(0);
    expect(selectCancelNowQuestion(confirming)).toBe("Cancel Lena Lite's Hardline Lite subscription now?");
    expect(selectCancelNowConsequence(confirming)).toBe(
      'It ends today instead of on February 5, 2026: Lena Lite loses Hardline Lite access at once and moves to the free plan. Nothing is refunded for the rest of the period, and it cannot be reactivated.',
    );

    actor.send({ type: 'subscription.confirmCancelNow' });
    expect(selectIsConfirmingCancel(actor.getSnapshot())).toBe(false);
    // Cancel Now sends cancelAtPeriodEnd false; a blank reason is left out.
    expect(last(cancels).input).toEqual({ userId: 'u-lite', cancelAtPeriodEnd: false });
    last(cancels).resolve({ message: 'Subscription canceled' });
    expect(selectSuccessMessage(await settled())).toBe('Subscription canceled');
  });

  it("'Cancel Now' on a trial subscription says the member keeps trial access until the trial ends", () => {
    const trialing: UserBilling = {
      ...TRIAL_USER,
      subscription: { ...LITE_USER.subscription!, planType: 'pro', status: 'trialing' },
    };
    const { actor } = openModal(trialing);
    actor.send({ type: 'subscription.cancelNow', reason: 'Too expensive' });
    expect(selectCancelNowQuestion(actor.getSnapshot())).toBe("Cancel Tia Trial's Hardline Pro subscription now?");
    expect(selectCancelNowConsequence(actor.getSnapshot())).toBe(
      'The Hardline Pro trial subscription ends today. Tia Trial keeps trial access until the trial ends on February 5, 2026, then moves to the free plan.',
    );
  });

  it('without a subscription there is no question to ask', () => {
    const { actor } = openModal(TRIAL_USER);
    expect(selectCancelNowQuestion(actor.getSnapshot())).toBe('');
    expect(selectCancelNowConsequence(actor.getSnapshot())).toBe('');
  });

  it("'Keep' closes the question with nothing sent, and the reason of a later cancellation is its own", async () => {
    const { actor, cancels } = openModal(LITE_USER);
    actor.send({ type: 'subscription.cancelNow', reason: 'Too expensive' });
    expect(actor.getSnapshot().context.cancelRequest).toEqual({ cancelAtPeriodEnd: false, reason: 'Too expensive' });
    actor.send({ type: 'subscription.keep' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'choosing' });
    expect(actor.getSnapshot().context.cancelRequest).toBeNull();
    expect(cancels).toHaveLength(0);
    actor.send({ type: 'subscription.cancelAtPeriodEnd', reason: '' });
    expect(last(cancels).input).toEqual({ userId: 'u-lite', cancelAtPeriodEnd: true });
  });

  it(`a reason over ${LIMITS.cancellationReason} characters is refused with '${CANCELLATION_REASON_TOO_LONG_MESSAGE}' and nothing is sent`, async () => {
    expect(CANCELLATION_REASON_TOO_LONG_MESSAGE).toBe('Cancellation reason must be at most 500 characters');
    const { actor, cancels, updates, settled, change } = openModal(LITE_USER);
    // An earlier failure's banner goes when the reason is refused.
    await change('pro', PREVIEWS.upgrade);
    last(updates).reject(new Error('Lena Lite is already on Hardline Pro.'));
    await settled();
    for (const type of ['subscription.cancelAtPeriodEnd', 'subscription.cancelNow'] as const) {
      actor.send({ type, reason: TOO_LONG_REASON });
      expect(actor.getSnapshot().matches('editing')).toBe(true);
      expect(selectReasonError(actor.getSnapshot())).toBe(CANCELLATION_REASON_TOO_LONG_MESSAGE);
      expect(selectError(actor.getSnapshot())).toBeNull();
    }
    expect(cancels).toHaveLength(0);

    // Exactly at the limit is fine, and the message goes.
    const longest = 'r'.repeat(LIMITS.cancellationReason);
    actor.send({ type: 'subscription.cancelAtPeriodEnd', reason: longest });
    expect(selectReasonError(actor.getSnapshot())).toBeNull();
    expect(last(cancels).input).toEqual({ userId: 'u-lite', cancelAtPeriodEnd: true, reason: longest });
  });

  it("the reason's message goes once a cancellation is accepted, or when the plan is changed instead", () => {
    const { actor, cancels, previews } = openModal(LITE_USER);
    actor.send({ type: 'subscription.cancelNow', reason: TOO_LONG_REASON });
    expect(selectReasonError(actor.getSnapshot())).toBe(CANCELLATION_REASON_TOO_LONG_MESSAGE);
    expect(selectSuccessMessage(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'subscription.cancelNow', reason: 'ok' });
    expect(selectReasonError(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'subscription.keep' });
    actor.send({ type: 'subscription.cancelAtPeriodEnd', reason: TOO_LONG_REASON });
    expect(selectReasonError(actor.getSnapshot())).toBe(CANCELLATION_REASON_TOO_LONG_MESSAGE);
    actor.send({ type: 'subscription.choosePlan', planType: 'pro' });
    expect(selectReasonError(actor.getSnapshot())).toBeNull();
    expect(previews).toHaveLength(1);
    expect(cancels).toHaveLength(0);
  });

  it("a failed cancellation shows the server's message and forgets what was asked", async () => {
    const { actor, cancels, settled } = openModal(LITE_USER);
    actor.send({ type: 'subscription.cancelNow', reason: 'Too expensive' });
    actor.send({ type: 'subscription.confirmCancelNow' });
    last(cancels).reject(new Error('HTTP 500: Internal Server Error'));
    const back = await settled();
    expect(back.value).toEqual({ editing: 'choosing' });
    expect(selectError(back)).toBe('HTTP 500: Internal Server Error');
    expect(back.context.cancelRequest).toBeNull();
    // The next attempt clears the banner.
    actor.send({ type: 'subscription.cancelAtPeriodEnd', reason: '' });
    expect(selectError(actor.getSnapshot())).toBeNull();
  });

  it('a scheduled cancellation offers only Reactivate, which is the cancel call with cancelAtPeriodEnd false', async () => {
    const { actor, cancels, settled } = openModal(SCHEDULED_USER);
    expect(selectIsCancellationScheduled(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'subscription.cancelAtPeriodEnd', reason: '' });
    actor.send({ type: 'subscription.cancelNow', reason: '' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'choosing' });
    expect(cancels).toHaveLength(0);

    actor.send({ type: 'subscription.reactivate' });
    expect(selectIsBusy(actor.getSnapshot())).toBe(true);
    expect(last(cancels).input).toEqual({ userId: 'u-sched', cancelAtPeriodEnd: false });
    last(cancels).resolve({});
    const succeeded = await settled();
    expect(selectSuccessMessage(succeeded)).toBe('Subscription reactivated successfully');
  });

  it("a reactivation shows the server's message, or its failure", async () => {
    const ok = openModal(SCHEDULED_USER);
    ok.actor.send({ type: 'subscription.reactivate' });
    last(ok.cancels).resolve({ message: 'Subscription reactivated' });
    expect(selectSuccessMessage(await ok.settled())).toBe('Subscription reactivated');

    const failing = openModal(SCHEDULED_USER);
    await failing.change('lite', PREVIEWS.downgrade);
    last(failing.updates).reject(new Error('Busy'));
    await failing.settled();
    failing.actor.send({ type: 'subscription.reactivate' });
    expect(selectError(failing.actor.getSnapshot())).toBeNull();
    last(failing.cancels).reject(new Error('Reactivation failed'));
    const back = await failing.settled();
    expect(back.value).toEqual({ editing: 'choosing' });
    expect(selectError(back)).toBe('Reactivation failed');
  });

  it('an active subscription has nothing to reactivate', () => {
    const { actor, cancels } = openModal(LITE_USER);
    actor.send({ type: 'subscription.reactivate' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'choosing' });
    expect(cancels).toHaveLength(0);
  });
});

describe('the Manage Subscription modal over the API client', () => {
  function overApi(answer: (path: string) => Promise<Response>) {
    const requests: { method: string; url: string; body: unknown }[] = [];
    const signals: AbortSignal[] = [];
    // Only `fetch` is a double: the network is the boundary we don't own.
    const api = apiOverFetch(async (input, init) => {
      const request = new Request(input, init);
      signals.push(request.signal);
      requests.push({ method: request.method, url: request.url, body: JSON.parse(await request.text()) });
      return answer(new URL(request.url).pathname);
    });
    const services = { api } as Pick<Services, 'api'> as Services;
    return { services, requests, signals };
  }

  it('asks for the price of the plan chosen, then sends the change with the preview’s proration date', async () => {
    const { services, requests } = overApi((path) =>
      path.endsWith('/preview-subscription')
        ? jsonResponse(200, PREVIEWS.upgrade)
        : jsonResponse(200, { requiresPayment: false, message: 'Subscription updated to Hardline Pro' }),
    );
    const actor = createActor(subscriptionMachine.provide(subscriptionImplementations(services)), {
      input: { billing: LITE_USER },
    }).start();
    actor.send({ type: 'subscription.choosePlan', planType: 'pro' });
    await waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
    actor.send({ type: 'subscription.update' });
    const succeeded = await waitFor(actor, (s) => s.matches('succeeded'));
    expect(selectSuccessMessage(succeeded)).toBe('Subscription updated to Hardline Pro');
    expect(requests).toEqual([
      { method: 'POST', url: 'http://127.0.0.1:9/api/admin/billing/preview-subscription?userId=u-lite', body: { planType: 'pro' } },
      {
        method: 'POST',
        url: 'http://127.0.0.1:9/api/admin/billing/update-subscription?userId=u-lite',
        body: { planType: 'pro', prorationDate: 1768478400 },
      },
    ]);
    actor.stop();
  });

  it('sends Cancel at Period End with its reason', async () => {
    const { services, requests } = overApi(() => jsonResponse(200, { message: 'Subscription will cancel at period end' }));
    const actor = createActor(subscriptionMachine.provide(subscriptionImplementations(services)), {
      input: { billing: LITE_USER },
    }).start();
    actor.send({ type: 'subscription.cancelAtPeriodEnd', reason: 'Too expensive' });
    const succeeded = await waitFor(actor, (s) => s.matches('succeeded'));
    expect(selectSuccessMessage(succeeded)).toBe('Subscription will cancel at period end');
    expect(requests).toEqual([
      {
        method: 'POST',
        url: 'http://127.0.0.1:9/api/admin/billing/cancel-subscription',
        body: { userId: 'u-lite', cancelAtPeriodEnd: true, reason: 'Too expensive' },
      },
    ]);
    actor.stop();
  });

  it('closing the modal aborts the request in flight', async () => {
    for (const send of [
      (a: { send: (e: never) => void }) => a.send({ type: 'subscription.choosePlan', planType: 'pro' } as never),
      (a: { send: (e: never) => void }) => a.send({ type: 'subscription.cancelAtPeriodEnd', reason: '' } as never),
    ]) {
      const { services, signals } = overApi(() => new Promise<Response>(() => undefined));
      const actor = createActor(subscriptionMachine.provide(subscriptionImplementations(services)), {
        input: { billing: LITE_USER },
      }).start();
      send(actor);
      await vi.waitFor(() => expect(signals).toHaveLength(1));
      expect(signals[0]?.aborted).toBe(false);
      actor.stop();
      expect(signals[0]?.aborted).toBe(true);
    }
  });

  it('a trial member asked for a card gets the payment step, which loads Stripe.js with the publishable key', async () => {
    const { services } = overApi((path) =>
      path.endsWith('/preview-subscription')
        ? jsonResponse(200, PREVIEWS.startWithoutCard)
        : jsonResponse(200, { requiresPayment: true, clientSecret: 'seti_777_secret_zzz' }),
    );
    const loaded: string[] = [];
    // Stripe.js is a boundary we don't own: our payments service loads a stand-in.
    const payments = createPayments(
      { stripePublishableKey: 'pk_test_123', trustedOrigins: [] },
      {
        loadStripe: (key) => {
          loaded.push(key);
          return Promise.resolve(STRIPE);
        },
      },
    );
    const actor = createActor(subscriptionMachine.provide(subscriptionImplementations({ ...services, payments })), {
      input: { billing: TRIAL_USER },
    }).start();
    actor.send({ type: 'subscription.choosePlan', planType: 'pro' });
    await waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
    actor.send({ type: 'subscription.update' });
    const required = await waitFor(actor, (s) => s.matches('paymentRequired'));
    const payment = selectPaymentRef(required);
    await waitFor(payment!, (s) => s.matches('mounting'));
    expect(loaded).toEqual(['pk_test_123']);
    actor.stop();
  });
});
