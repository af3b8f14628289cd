/**
 * Model-based walk of the Manage Subscription machine through the real modal (and, for the payment
 * step, the real payment machine and PaymentStep on a fake Stripe object: Stripe.js is a boundary we
 * don't own). API calls are deferred doubles the walk settles; the 2 s close is the named delay
 * `closeAfterSuccess`, fired by the walk. Paths are generated for a user with an active
 * subscription and for one whose cancellation is scheduled (the Reactivate branch). Choosing a plan
 * in the picker asks for its price, which the modal shows before 'Update Subscription' makes the
 * change. 'Cancel Now' opens the confirmation (an alert dialog over the modal) and is answered there.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, expect } from 'vitest';
import { createActor, type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { CANCELLATION_REASON_TOO_LONG_MESSAGE } from '../../src/domain/forms';
import { LIMITS } from '../../src/domain/limits';
import { paymentMachine } from '../../src/machines/payment';
import {
  PAYMENT_COMPLETED_MESSAGE,
  PAYMENT_SESSION_MISSING_MESSAGE,
  selectCancelNowConsequence,
  selectCancelNowQuestion,
  selectPreviewText,
  subscriptionMachine,
  type SubscriptionSnapshot,
} from '../../src/machines/subscription';
import { PLAN_TYPES, type PlanType, type SubscriptionPreview, type UserBilling } from '../../src/contract/api';
import { PLANS } from '../../src/domain/plans';
import { ManageSubscriptionDialog } from '../../src/views/billing/ManageSubscriptionDialog';
import { PAYMENT_REQUIRED_NOTE } from '../../src/views/billing/PaymentStep';
import {
  createControllableActors,
  createControlledDelays,
  coveredBy,
  generateModelPaths,
  walkPaths,
  type ModelPath,
  type StepInfo,
} from '../support/model';
import { tableDriver } from '../support/model/tables';
import { createFakeStripe, uninstallStripeDouble } from '../support/stripe';
import { DOWNGRADING_USER, LITE_USER, PREVIEWS, SCHEDULED_USER, TRIAL_USER } from '../views/billing/fixtures';
import { renderPlain } from '../views/billing/render-billing';

const { stripe, control } = createFakeStripe();
const REASON = 'Crew is moving to another tool';
/** Over the limit: the textarea's maxLength stops typing there, so the walk sets it directly. */
const TOO_LONG_REASON = 'r'.repeat(LIMITS.cancellationReason + 1);
const SECRET = 'seti_777_secret_zzz';

/** The API's price preview of each plan (the walk's members are on Lite, or on Pro cancelling). */
const PREVIEW_OF: Record<PlanType, SubscriptionPreview> = { pro: PREVIEWS.upgrade, lite: PREVIEWS.downgrade };

/** A cancellation already scheduled: the modal offers Reactivate instead of the two cancel buttons and the reason. */
const isScheduled = (s: AnyMachineSnapshot) =>
  (s.context as { subscription: { cancelAtPeriodEnd: boolean } | null }).subscription?.cancelAtPeriodEnd === true;
/** A subscription to cancel: without one (a trial) the modal has no cancel buttons. */
const canCancel = (s: AnyMachineSnapshot) =>
  (s.context as { subscription: { cancelAtPeriodEnd: boolean } | null }).subscription?.cancelAtPeriodEnd === false;

const events = {
  // A person can only choose a plan that is not already chosen.
  'subscription.choosePlan': (snapshot: SubscriptionSnapshot) =>
    PLAN_TYPES.filter((planType) => planType !== snapshot.context.chosenPlan).map((planType) => ({
      type: 'subscription.choosePlan' as const,
      planType,
    })),
  'subscription.update': { type: 'subscription.update' },
  'xstate.done.actor.previewSubscription': (snapshot: SubscriptionSnapshot) => ({
    type: 'xstate.done.actor.previewSubscription',
    output: PREVIEW_OF[snapshot.context.chosenPlan],
  }),
  'xstate.error.actor.previewSubscription': {
    type: 'xstate.error.actor.previewSubscription',
    error: new Error('Lena Lite is already on Hardline Lite.'),
  },
  'subscription.cancelAtPeriodEnd': (s: AnyMachineSnapshot) =>
    !canCancel(s)
      ? []
      : [
          { type: 'subscription.cancelAtPeriodEnd', reason: REASON },
          { type: 'subscription.cancelAtPeriodEnd', reason: TOO_LONG_REASON },
        ],
  'subscription.cancelNow': (s: AnyMachineSnapshot) =>
    !canCancel(s)
      ? []
      : [
          { type: 'subscription.cancelNow', reason: '' },
          { type: 'subscription.cancelNow', reason: TOO_LONG_REASON },
        ],
  'subscription.reactivate': (s: AnyMachineSnapshot) => (isScheduled(s) ? [{ type: 'subscription.reactivate' }] : []),
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
};

const inputs = new Map<ModelPath, UserBilling>();
const generate = (billing: UserBilling, label: string, alreadyCovered?: Set<string>): ModelPath[] =>
  generateModelPaths(subscriptionMachine, {
    cover: 'pairs',
    input: { billing },
    events,
    ...(alreadyCovered ? { alreadyCovered } : {}),
  }).map((p) => {
    const path = { ...p, description: `[${label}] ${p.description}` };
    inputs.set(path, billing);
    return path;
  });
const litePaths = generate(LITE_USER, 'active lite');
// The scheduled cancellation walks take what the active subscription's leave (Reactivate and what follows).
const scheduledPaths = generate(SCHEDULED_USER, 'scheduled cancellation', coveredBy(litePaths));
// A trial member's preselected plan is priced as the modal opens (opening -> editing.previewing).
const trialPaths = generate(TRIAL_USER, 'trial', coveredBy([...litePaths, ...scheduledPaths]));
// So is a scheduled downgrade's, and that member can still cancel: the cancellations straight after the price.
const downgradePaths = generate(DOWNGRADING_USER, 'scheduled downgrade', coveredBy([...litePaths, ...scheduledPaths, ...trialPaths]));
// A subscription still in its trial whose cancellation is scheduled: not paid for yet, so its plan
// is priced as the modal opens, and Reactivate is offered right after the price.
const TRIALING_CANCELLING: UserBilling = {
  ...SCHEDULED_USER,
  userId: 'u-trialing',
  name: 'Tom Trialing',
  subscription: { ...(SCHEDULED_USER.subscription as NonNullable<UserBilling['subscription']>), status: 'trialing' },
};
const trialingPaths = generate(
  TRIALING_CANCELLING,
  'trialing, cancellation scheduled',
  coveredBy([...litePaths, ...scheduledPaths, ...trialPaths, ...downgradePaths]),
);
const paths = [...litePaths, ...scheduledPaths, ...trialPaths, ...downgradePaths, ...trialingPaths];

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
    const fakes = createControllableActors(subscriptionMachine, ['previewSubscription', 'updateSubscription', 'cancelSubscription']);
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
    const dialogName = `Manage Subscription - ${billing.name}`;
    const scheduled = billing.subscription?.cancelAtPeriodEnd === true;
    const subscribed = billing.subscription !== null;
    /** The button that ends or restores the subscription is usable, when the member has one. */
    const cancelButtonEnabled = () => {
      if (subscribed) expect(dialog().getByRole('button', { name: scheduled ? 'Reactivate' : 'Cancel Now' })).toBeEnabled();
      else expect(dialog().queryByRole('button', { name: 'Cancel Now' })).not.toBeInTheDocument();
    };
    const confirmation = () => screen.getByRole('alertdialog');
    /** The modal, once no confirmation covers it (it is hidden from the accessibility tree meanwhile). */
    const modal = async () => {
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      return dialog();
    };
    const dialog = () => within(screen.getByRole('dialog', { name: dialogName }));
    // act() is not returned: awaiting the act of a synchronous callback flushes outside the act environment.
    const settle = (event: AnyEventObject, info: StepInfo) => {
      act(() => {
        if (!fakes.settle(event, info)) throw new Error(`cannot perform ${event.type}`);
      });
    };
    /** Cancellation requests sent before the step being performed (a walk may send several). */
    let sentBefore = 0;
    /** Plan changes sent before the step being performed. */
    let updatesBefore = 0;
    const cancel = async (reason: string, button: 'Cancel Now' | 'Cancel at Period End') => {
      const d = within(screen.getByRole('dialog', { name: dialogName }));
      const field = d.getByRole('textbox', { name: 'Cancellation reason (optional)' });
      // user-event cannot edit a value longer than maxLength (a refused reason): empty it as the page would.
      if ((field as HTMLTextAreaElement).value.length > LIMITS.cancellationReason) fireEvent.change(field, { target: { value: '' } });
      else await user.clear(field);
      if (reason.length > LIMITS.cancellationReason) fireEvent.change(field, { target: { value: reason } });
      else if (reason) await user.type(field, reason);
      await user.click(d.getByRole('button', { name: button }));
    };
    const alertSays = async (text: string) => expect((await modal()).getByRole('alert')).toHaveTextContent(text);
    /** Back in the modal with nothing to report: no banner, no error. */
    const quiet = async ({ context }: { context: { error: unknown } }) => {
      expect(context.error).toBeNull();
      expect((await modal()).queryByRole('alert')).not.toBeInTheDocument();
    };
    /** A cancellation reason over the limit is refused in the modal: the field says why, nothing was sent. */
    const refusedReason = async ({ context, event }: { context: { reasonError: string | null }; event?: { reason: string } }) => {
      expect(event?.reason).toBe(TOO_LONG_REASON);
      expect(context.reasonError).toBe(CANCELLATION_REASON_TOO_LONG_MESSAGE);
      await alertSays(CANCELLATION_REASON_TOO_LONG_MESSAGE);
      expect(fakes.calls('cancelSubscription')).toHaveLength(sentBefore);
    };
    const failed = async ({ event }: { event?: AnyEventObject }) => alertSays(String((event?.error as Error).message));
    /** Run after the state's entry has waited for the modal. */
    const statusSays = (text: string) => expect(dialog().getByRole('status')).toHaveTextContent(text);

    const table = tableDriver(subscriptionMachine, {
      // The modal stays open (behind the confirmation too) and shows the member's current plan.
      every: () => {
        const d = within(screen.getByRole('dialog', { name: dialogName, hidden: true }));
        expect(d.getByTestId('current-status')).toHaveTextContent(
          billing.subscription ? PLANS[billing.subscription.planType].name : 'No active subscription',
        );
        expect(d.queryByText('Scheduled for cancellation at period end') !== null).toBe(scheduled);
        expect(closed).toBe(0);
      },
      states: {
        opening: () => {
          throw new Error('opening is left at once (eventless): a walk never rests there');
        },
        // In every step of choosing a plan: the picker, its prices, and the cancel or reactivate buttons.
        editing: async ({ event, ...ctx }) => {
          const d = await modal();
          expect(d.getByRole('radio', { name: /Hardline Lite/ })).toBeInTheDocument();
          expect(d.getByText('$49.99/mo')).toBeInTheDocument();
          expect(d.getByText('$129.99/mo')).toBeInTheDocument();
          expect(d.getByRole('radio', { name: new RegExp(PLANS[ctx.context.chosenPlan].name) })).toBeChecked();
          if (scheduled) {
            expect(d.getByRole('button', { name: 'Reactivate' })).toBeInTheDocument();
            expect(d.queryByRole('button', { name: 'Cancel Now' })).not.toBeInTheDocument();
            expect(d.queryByRole('button', { name: 'Cancel at Period End' })).not.toBeInTheDocument();
          } else if (!subscribed) {
            expect(d.queryByRole('button', { name: 'Cancel Now' })).not.toBeInTheDocument();
            expect(d.queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
          } else {
            expect(d.getByRole('button', { name: 'Cancel Now' })).toBeInTheDocument();
            expect(d.getByRole('button', { name: 'Cancel at Period End' })).toBeInTheDocument();
            const reason = d.getByRole('textbox', { name: 'Cancellation reason (optional)' });
            expect(reason).toHaveAttribute('rows', '2');
            expect(reason).toHaveAttribute('maxLength', String(LIMITS.cancellationReason));
            expect(d.queryByRole('button', { name: 'Reactivate' })).not.toBeInTheDocument();
          }
          // On opening; what each way back shows is in arrivals.
          if (event === undefined) await quiet(ctx);
        },
        // Nothing previewed: no price shown, every button usable.
        'editing.choosing': async () => {
          const d = await modal();
          expect(d.getByRole('note', { name: 'Price preview' })).toBeEmptyDOMElement();
          expect(d.getByRole('button', { name: 'Update Subscription' })).toBeEnabled();
          cancelButtonEnabled();
        },
        // The chosen plan's price is being asked for: no change is made meanwhile (cancelling still can be).
        'editing.previewing': async ({ context }) => {
          const d = await modal();
          expect(d.getByRole('note', { name: 'Price preview' })).toHaveTextContent('Checking the price...');
          expect(d.getByRole('button', { name: 'Update Subscription' })).toBeDisabled();
          cancelButtonEnabled();
          expect(fakes.pending('previewSubscription').map((i) => i.input)).toEqual([
            { userId: billing.userId, planType: context.chosenPlan },
          ]);
          expect(fakes.calls('updateSubscription')).toHaveLength(updatesBefore);
        },
        // The price is shown before anything is charged; 'Update Subscription' makes that change.
        'editing.reviewing': async ({ snapshot, context }) => {
          const d = await modal();
          const text = selectPreviewText(snapshot);
          expect(text).toBe(
            context.chosenPlan === 'pro'
              ? "You'll be charged $53.33 today (prorated), then $129.99/month from February 5, 2026"
              : 'Changes to Hardline Lite on February 5, 2026; no charge today',
          );
          expect(d.getByRole('note', { name: 'Price preview' })).toHaveTextContent(text ?? '');
          expect(d.getByRole('button', { name: 'Update Subscription' })).toBeEnabled();
          expect(fakes.pending('updateSubscription')).toHaveLength(0);
        },
        // The change shown is made, at the preview's proration date (an upgrade's); the price stays shown.
        updating: async ({ context }) => {
          const d = await modal();
          expect(d.getByRole('button', { name: /Updating\.\.\./ })).toBeDisabled();
          // The change is on its way: the modal cannot be closed (by Escape or by its Close button).
          expect(d.getByRole('button', { name: 'Close' })).toBeDisabled();
          await user.keyboard('{Escape}');
          expect(closed).toBe(0);
          expect(screen.getByRole('dialog', { name: dialogName })).toBeInTheDocument();
          expect(fakes.pending('updateSubscription').map((i) => i.input)).toEqual([
            context.chosenPlan === 'pro'
              ? { userId: billing.userId, planType: 'pro', prorationDate: PREVIEWS.upgrade.prorationDate }
              : { userId: billing.userId, planType: 'lite' },
          ]);
          expect(d.getByRole('note', { name: 'Price preview' })).not.toBeEmptyDOMElement();
        },
        // The question covers the modal; nothing is sent yet.
        confirmingCancel: async ({ snapshot }) => {
          const question = await waitFor(confirmation);
          expect(question).toHaveAccessibleName(selectCancelNowQuestion(snapshot));
          const plan = PLANS[(billing.subscription as NonNullable<UserBilling['subscription']>).planType].name;
          expect(question).toHaveAccessibleName(`Cancel ${billing.name}'s ${plan} subscription now?`);
          expect(question).toHaveAccessibleDescription(selectCancelNowConsequence(snapshot));
          expect(question).toHaveTextContent(`loses ${plan} access at once`);
          expect(screen.queryByRole('dialog', { name: dialogName })).not.toBeInTheDocument();
          expect(fakes.calls('cancelSubscription')).toHaveLength(sentBefore);
        },
        // Which request was sent depends on the way in (arrivals).
        cancelling: async () => {
          const d = await modal();
          expect(fakes.pending('cancelSubscription')).toHaveLength(1);
          expect(d.getByRole('button', { name: 'Cancel Now' })).toBeDisabled();
          expect(d.getByRole('button', { name: 'Update Subscription' })).toBeDisabled();
          expect(d.getByRole('button', { name: 'Close' })).toBeDisabled();
        },
        reactivating: async () => {
          expect(fakes.pending('cancelSubscription').map((i) => i.input)).toEqual([{ userId: billing.userId, cancelAtPeriodEnd: false }]);
          const d = await modal();
          expect(d.getByRole('button', { name: /Reactivat/ })).toBeDisabled();
          expect(d.getByRole('button', { name: 'Close' })).toBeDisabled();
        },
        // The payment step is a lazy chunk (Stripe's React code): its first render waits for it.
        paymentRequired: async () => {
          const d = await modal();
          expect(await d.findByText(PAYMENT_REQUIRED_NOTE)).toBeInTheDocument();
          expect(d.queryByRole('button', { name: 'Update Subscription' })).not.toBeInTheDocument();
          expect(d.queryByRole('button', { name: 'Cancel Now' })).not.toBeInTheDocument();
          expect(pay.calls('loadStripe').length).toBeGreaterThan(0);
        },
        // The message depends on what succeeded (arrivals); the modal closes after the delay.
        succeeded: async () => {
          expect((await modal()).getByRole('status')).toBeInTheDocument();
          expect(delays.isPending('closeAfterSuccess')).toBe(true);
        },
        done: async ({ snapshot, context }) => {
          expect(snapshot.status).toBe('done');
          expect(context.successMessage).toBeTruthy();
          await modal();
          statusSays(context.successMessage ?? '');
        },
      },
      events: {
        'subscription.choosePlan': ({ planType }) => user.click(dialog().getByRole('radio', { name: new RegExp(PLANS[planType].name) })),
        'subscription.update': () => user.click(dialog().getByRole('button', { name: 'Update Subscription' })),
        'xstate.done.actor.previewSubscription': settle,
        'xstate.error.actor.previewSubscription': settle,
        'subscription.cancelAtPeriodEnd': (event) => cancel(event.reason, 'Cancel at Period End'),
        'subscription.cancelNow': (event) => cancel(event.reason, 'Cancel Now'),
        // The confirmation is answered in its own alert dialog.
        'subscription.confirmCancelNow': () => user.click(within(confirmation()).getByRole('button', { name: 'Yes, cancel now' })),
        'subscription.keep': () => user.click(within(confirmation()).getByRole('button', { name: 'Keep subscription' })),
        'subscription.reactivate': () => user.click(dialog().getByRole('button', { name: 'Reactivate' })),
        'subscription.cancelPayment': () => user.click(dialog().getByRole('button', { name: 'Cancel' })),
        'xstate.after.closeAfterSuccess.subscription.succeeded': () => {
          act(() => delays.fire('closeAfterSuccess'));
        },
        'xstate.done.actor.updateSubscription': settle,
        'xstate.error.actor.updateSubscription': settle,
        'xstate.done.actor.cancelSubscription': settle,
        'xstate.error.actor.cancelSubscription': settle,
        'xstate.done.actor.reactivateSubscription': settle,
        'xstate.error.actor.reactivateSubscription': settle,
        // Complete the real payment step: Stripe loads, its element reports ready, the admin submits.
        'xstate.done.actor.payment': async () => {
          const d = dialog();
          act(() => pay.resolve('loadStripe', stripe));
          expect(await d.findByTestId('stripe-payment-element')).toBeInTheDocument();
          act(() => control.fireReady());
          const plan = actor.getSnapshot().context.planType ?? 'lite';
          const submit = d.getByRole('button', { name: `Setup Payment & Update to ${PLANS[plan].name}` });
          await waitFor(() => expect(submit).toBeEnabled());
          // Ready for the card, the modal can still be closed; once the card is being confirmed, not.
          expect(d.getByRole('button', { name: 'Close' })).toBeEnabled();
          await user.click(submit);
          await waitFor(() => expect(pay.pending('confirmSetup')).toHaveLength(1));
          expect(d.getByRole('button', { name: 'Close' })).toBeDisabled();
          await user.keyboard('{Escape}');
          expect(closed).toBe(0);
          act(() => pay.resolve('confirmSetup', { setupIntentId: 'seti_777', status: 'succeeded' }));
          await waitFor(() => expect(pay.pending('completeSubscription')).toHaveLength(1));
          expect(d.getByRole('button', { name: 'Close' })).toBeDisabled();
          expect(pay.pending('completeSubscription')[0]?.input).toEqual({
            userId: billing.userId,
            setupIntentId: 'seti_777',
            planType: plan,
          });
          act(() => pay.resolve('completeSubscription', undefined));
        },
      },
      arrivals: {
        editing: {
          'subscription.cancelAtPeriodEnd': refusedReason,
          'subscription.cancelNow': refusedReason,
          // Kept: back to the modal, nothing sent.
          'subscription.keep': async (ctx) => {
            expect(fakes.calls('cancelSubscription')).toHaveLength(sentBefore);
            await quiet(ctx);
          },
          'subscription.cancelPayment': quiet,
          'xstate.done.actor.updateSubscription': () => alertSays(PAYMENT_SESSION_MISSING_MESSAGE),
          'xstate.error.actor.updateSubscription': failed,
          'xstate.error.actor.previewSubscription': failed,
          'xstate.error.actor.cancelSubscription': failed,
          'xstate.error.actor.reactivateSubscription': failed,
        },
        // The member's own plan chosen again: nothing to preview, nothing shown.
        'editing.choosing': {
          'subscription.choosePlan': async (ctx) => {
            await quiet(ctx);
            expect(fakes.pending('previewSubscription')).toHaveLength(0);
          },
        },
        cancelling: {
          'subscription.cancelAtPeriodEnd': () =>
            expect(fakes.pending('cancelSubscription').map((i) => i.input)).toEqual([
              { userId: billing.userId, cancelAtPeriodEnd: true, reason: REASON },
            ]),
          'subscription.confirmCancelNow': () =>
            expect(fakes.pending('cancelSubscription').map((i) => i.input)).toEqual([{ userId: billing.userId, cancelAtPeriodEnd: false }]),
        },
        succeeded: {
          'xstate.done.actor.updateSubscription': () => statusSays('Subscription updated to Hardline Pro'),
          'xstate.done.actor.cancelSubscription': () => statusSays('Subscription canceled'),
          'xstate.done.actor.reactivateSubscription': () => statusSays('Subscription reactivated'),
          'xstate.done.actor.payment': () => statusSays(PAYMENT_COMPLETED_MESSAGE),
        },
      },
    });
    return {
      ...table,
      perform(event: AnyEventObject, info: StepInfo) {
        sentBefore = fakes.calls('cancelSubscription').length;
        updatesBefore = fakes.calls('updateSubscription').length;
        return table.perform(event, info);
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
