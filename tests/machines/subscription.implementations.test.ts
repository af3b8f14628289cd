// @vitest-environment node
/**
 * The Manage Subscription modal (src/machines/subscription) read through its selectors, state by
 * state: which plans count as the member's own, what the context holds after each step, the price
 * preview's words in the rarer shapes of a subscription, and what the real implementations hand the
 * API client. Actor level: the API calls are promises the test settles.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Services } from '../../src/services';
import type { PlanType, SubscriptionPreview, UpdateSubscriptionResponse, UserBilling } from '../../src/contract/api';
import {
  selectIsPreviewing,
  selectIsReactivating,
  selectIsReviewing,
  selectPreviewText,
  selectScheduledChange,
  subscriptionMachine,
  type CancelSubscriptionInput,
  type PreviewSubscriptionInput,
  type UpdateSubscriptionInput,
} from '../../src/machines/subscription';
import { reasonOf } from '../../src/machines/subscription/subscriptionSetup';
import { subscriptionImplementations } from '../../src/machines/subscription/implementations';
import { LITE_USER, PREVIEWS, SCHEDULED_USER, TRIAL_USER } from '../views/billing/fixtures';
import { call, last, type Pending } from './pending-actor';
import { WAIT_MS } from '../support/waits';

type Subscription = NonNullable<UserBilling['subscription']>;

function withSubscription(changes: Partial<Subscription>): UserBilling {
  return { ...LITE_USER, subscription: { ...(LITE_USER.subscription as Subscription), ...changes } };
}

function openModal(billing: UserBilling) {
  const previews: Pending<SubscriptionPreview, PreviewSubscriptionInput>[] = [];
  const updates: Pending<UpdateSubscriptionResponse, UpdateSubscriptionInput>[] = [];
  const cancels: Pending<unknown, CancelSubscriptionInput>[] = [];
  const actor = createActor(
    subscriptionMachine.provide({
      actors: { previewSubscription: call(previews), updateSubscription: call(updates), cancelSubscription: call(cancels) },
    }),
    { input: { billing } },
  ).start();
  const review = async (plan: PlanType, preview: SubscriptionPreview) => {
    actor.send({ type: 'subscription.choosePlan', planType: plan });
    last(previews).resolve(preview);
    return waitFor(actor, (s) => s.matches({ editing: 'reviewing' }), { timeout: WAIT_MS });
  };
  return { actor, previews, updates, cancels, review };
}

describe('which plan is the member’s own', () => {
  it('a member owing on the plan (past due) chooses it again and nothing is previewed', () => {
    const { actor, previews } = openModal(withSubscription({ status: 'past_due' }));
    expect(actor.getSnapshot().value).toEqual({ editing: 'choosing' });
    actor.send({ type: 'subscription.choosePlan', planType: 'pro' });
    actor.send({ type: 'subscription.choosePlan', planType: 'lite' });
    expect(actor.getSnapshot().value).toEqual({ editing: 'choosing' });
    expect(previews.map((p) => p.input)).toEqual([{ userId: LITE_USER.userId, planType: 'pro' }]);
  });

  it('a trialing subscription is not yet paid for: its plan is previewed as soon as the modal opens', () => {
    const { actor, previews } = openModal(withSubscription({ status: 'trialing' }));
    expect(actor.getSnapshot().value).toEqual({ editing: 'previewing' });
    expect(selectIsPreviewing(actor.getSnapshot())).toBe(true);
    expect(previews.map((p) => p.input)).toEqual([{ userId: LITE_USER.userId, planType: 'lite' }]);
  });

  it('a canceled subscription’s plan, chosen again, is previewed', async () => {
    const { actor, previews, review } = openModal(withSubscription({ status: 'canceled' }));
    last(previews).resolve(PREVIEWS.downgrade);
    await waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
    await review('lite', PREVIEWS.downgrade);
    expect(previews).toHaveLength(2);
  });
});

describe('the steps of a plan change', () => {
  it('is previewing only while the price is asked for, and reviewing only while it is shown or being made', async () => {
    const { actor, previews, updates } = openModal(LITE_USER);
    expect(selectIsPreviewing(actor.getSnapshot())).toBe(false);
    expect(selectIsReviewing(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'subscription.choosePlan', planType: 'pro' });
    expect(selectIsPreviewing(actor.getSnapshot())).toBe(true);
    expect(selectIsReviewing(actor.getSnapshot())).toBe(false);
    last(previews).resolve(PREVIEWS.upgrade);
    const reviewing = await waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
    expect(selectIsPreviewing(reviewing)).toBe(false);
    expect(selectIsReviewing(reviewing)).toBe(true);
    actor.send({ type: 'subscription.update' });
    expect(selectIsPreviewing(actor.getSnapshot())).toBe(false);
    expect(selectIsReviewing(actor.getSnapshot())).toBe(true);
    last(updates).reject(new Error('Card declined'));
    const failed = await waitFor(actor, (s) => s.matches('editing'));
    expect(selectIsReviewing(failed)).toBe(false);
    expect(selectIsReactivating(failed)).toBe(false);
  });

  it('choosing a plan clears the preview and every banner', async () => {
    const { actor, previews, updates, review } = openModal(LITE_USER);
    await review('pro', PREVIEWS.upgrade);
    actor.send({ type: 'subscription.update' });
    last(updates).reject(new Error('Card declined'));
    const failed = await waitFor(actor, (s) => s.matches('editing'));
    expect(failed.context.error).toBe('Card declined');
    // The failed change is not on screen any more: its preview went with it.
    expect(failed.context.preview).toBeNull();
    actor.send({ type: 'subscription.cancelAtPeriodEnd', reason: 'x'.repeat(600) });
    expect(actor.getSnapshot().context.reasonError).not.toBeNull();
    actor.send({ type: 'subscription.choosePlan', planType: 'pro' });
    const { context } = actor.getSnapshot();
    expect(context.chosenPlan).toBe('pro');
    expect(context.preview).toBeNull();
    expect(context.error).toBeNull();
    expect(context.successMessage).toBeNull();
    expect(context.reasonError).toBeNull();
    expect(previews).toHaveLength(2);
  });

  it("'Update Subscription' from the picker asks the price again, with nothing previewed meanwhile", async () => {
    const { actor, updates, review } = openModal(LITE_USER);
    await review('pro', PREVIEWS.upgrade);
    actor.send({ type: 'subscription.update' });
    last(updates).reject(new Error('Card declined'));
    await waitFor(actor, (s) => s.matches('editing'));
    actor.send({ type: 'subscription.update' });
    const asking = actor.getSnapshot();
    expect(asking.value).toEqual({ editing: 'previewing' });
    expect(asking.context.preview).toBeNull();
    expect(asking.context.error).toBeNull();
  });

  it('makes the change the preview showed, at its proration date, with the banners cleared', async () => {
    const { actor, updates, review } = openModal(LITE_USER);
    await review('pro', PREVIEWS.upgrade);
    actor.send({ type: 'subscription.update' });
    const updating = actor.getSnapshot();
    expect(updating.value).toBe('updating');
    expect(updating.context.planType).toBe('pro');
    expect(updating.context.error).toBeNull();
    expect(updating.context.successMessage).toBeNull();
    expect(updating.context.reasonError).toBeNull();
    expect(last(updates).input).toStrictEqual({ userId: LITE_USER.userId, planType: 'pro', prorationDate: PREVIEWS.upgrade.prorationDate });
  });

  it('commits the plan the API previewed, even when it named another than the one chosen', async () => {
    const { actor, updates, review } = openModal(LITE_USER);
    await review('pro', { ...PREVIEWS.downgrade, planType: 'lite' });
    actor.send({ type: 'subscription.update' });
    expect(actor.getSnapshot().context.planType).toBe('lite');
    expect(last(updates).input).toStrictEqual({ userId: LITE_USER.userId, planType: 'lite' });
  });

  it("is reactivating only while 'Reactivate Subscription' is being answered", async () => {
    const { actor, cancels } = openModal(SCHEDULED_USER);
    expect(selectIsReactivating(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'subscription.reactivate' });
    expect(selectIsReactivating(actor.getSnapshot())).toBe(true);
    expect(last(cancels).input).toEqual({ userId: SCHEDULED_USER.userId, cancelAtPeriodEnd: false });
    last(cancels).resolve({});
    const done = await waitFor(actor, (s) => s.matches('succeeded'));
    expect(selectIsReactivating(done)).toBe(false);
  });
});

describe('the price preview and the scheduled change in words', () => {
  it('keeping the plan with no change scheduled says only that nothing is charged', async () => {
    const { review } = openModal(withSubscription({ planType: 'pro', status: 'trialing' }));
    expect(selectPreviewText(await review('pro', PREVIEWS.keep))).toBe('Stays on Hardline Pro; no charge today');
  });

  it('keeping the plan of a member without a subscription says only that nothing is charged', async () => {
    const { actor, previews } = openModal(TRIAL_USER);
    last(previews).resolve(PREVIEWS.keep);
    const reviewing = await waitFor(actor, (s) => s.matches({ editing: 'reviewing' }));
    expect(selectPreviewText(reviewing)).toBe('Stays on Hardline Pro; no charge today');
    expect(selectScheduledChange(reviewing)).toBeNull();
  });

  it('a scheduled plan without a date is not named as withdrawn, nor shown as a scheduled change', async () => {
    const { actor, review } = openModal(withSubscription({ planType: 'pro', scheduledPlanType: 'lite' }));
    expect(selectScheduledChange(actor.getSnapshot())).toBeNull();
    expect(selectPreviewText(await review('pro', PREVIEWS.keep))).toBe('Stays on Hardline Pro; no charge today');
  });

  it('a date without a scheduled plan is not shown as a scheduled change', () => {
    const { actor } = openModal(withSubscription({ scheduledChangeAt: '2026-02-05T12:00:00.000Z' }));
    expect(selectScheduledChange(actor.getSnapshot())).toBeNull();
  });
});

describe('the optional cancellation reason', () => {
  it('is left out when there is none, or only spaces, and sent trimmed otherwise', () => {
    expect(reasonOf(undefined)).toStrictEqual({});
    expect(reasonOf('   ')).toStrictEqual({});
    expect(reasonOf('  Too expensive ')).toStrictEqual({ reason: 'Too expensive' });
  });
});

describe('the real implementations', () => {
  it('send an update without a proration date when the preview had none, and with it when it had one', async () => {
    const calls: unknown[][] = [];
    const services = {
      api: {
        billing: {
          updateSubscription: (...args: unknown[]) => {
            calls.push(args);
            return Promise.resolve({ requiresPayment: false, message: 'ok' });
          },
        },
      },
    } as unknown as Services;
    const { updateSubscription } = subscriptionImplementations(services).actors;
    const run = (input: UpdateSubscriptionInput) => waitFor(createActor(updateSubscription, { input }).start(), (s) => s.status === 'done');
    await run({ userId: 'u1', planType: 'lite' });
    await run({ userId: 'u1', planType: 'pro', prorationDate: 1768478400 });
    expect(calls).toStrictEqual([
      ['u1', 'lite', { signal: expect.any(AbortSignal) }],
      ['u1', 'pro', { signal: expect.any(AbortSignal), prorationDate: 1768478400 }],
    ]);
  });
});
