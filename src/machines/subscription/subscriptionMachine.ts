/**
 * The Manage Subscription modal (SPEC §2 Manage Subscription modal, §4 Subscription).
 *
 * The price is shown before a plan changes (docs/BILLING.md): choosing a plan previews what happens
 * (`editing.previewing`, the API's preview-subscription) and shows it (`editing.reviewing`): "You'll
 * be charged $X.XX today (prorated), then $Y.YY/month from <date>", or for a downgrade "Changes to
 * Hardline Lite on <date>; no charge today". 'Update Subscription' then commits what was shown (an
 * upgrade at the preview's proration date). Choosing the plan the member is on shows nothing (unless
 * a change is scheduled: choosing it withdraws that).
 *
 * The plan preselected when the modal opens is previewed at once when it would be a change
 * (`opening`): a trial member, or one without a subscription, sees the price of the preselected plan
 * and commits it with one press (SPEC §4). While a preview loads, 'Update Subscription' is disabled:
 * nothing is charged that was not shown (an upgrade is charged at the preview's proration date, so it
 * cannot be made without one). Back in editing after a failure or a cancelled payment step, nothing
 * is previewed until a plan is chosen or 'Update Subscription' is pressed (which previews first):
 * the price is asked for again before a change is retried.
 *
 * opening --(the preselected plan is a change)--> editing.previewing; --(otherwise)--> editing.choosing
 * editing.choosing --choosePlan / update--> editing.previewing --(done)--> editing.reviewing
 * editing.reviewing --update--> updating --(payment required)--> paymentRequired (invokes the payment step)
 *                                        --(done)--> succeeded --closeAfterSuccess (2 s)--> done
 * editing --cancelAtPeriodEnd--> cancelling --> succeeded
 * editing --cancelNow--> confirmingCancel --confirmCancelNow--> cancelling --> succeeded
 *                                         --keep--> editing (nothing sent)
 * editing --reactivate (cancellation scheduled)--> reactivating --> succeeded
 * Any failure returns to editing with the message in the Error banner. The parent (user billing)
 * refreshes its data and closes the modal when this machine is done.
 *
 * The chosen plan is the machine's (choosing one previews it); the reason stays in the view and the
 * cancel events carry it. A reason over the API's limit (LIMITS.cancellationReason) is refused in
 * editing with `reasonError`. Its types, messages and implementations are in ./subscriptionSetup.ts.
 */
import { and } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { DEFAULT_PLAN_TYPE } from '../../domain/plans';
import { present } from '../shared';
import {
  PAYMENT_COMPLETED_MESSAGE,
  PAYMENT_SESSION_MISSING_MESSAGE,
  serverMessage,
  SUBSCRIPTION_CANCELLED_MESSAGE,
  SUBSCRIPTION_REACTIVATED_MESSAGE,
  SUBSCRIPTION_UPDATED_MESSAGE,
  subscriptionSetup,
} from './subscriptionSetup';

export {
  PAYMENT_COMPLETED_MESSAGE,
  PAYMENT_SESSION_MISSING_MESSAGE,
  type CancelRequest,
  type CancelSubscriptionInput,
  type PreviewSubscriptionInput,
  type SubscriptionContext,
  type SubscriptionEvent,
  type SubscriptionInput,
  type UpdateSubscriptionInput,
} from './subscriptionSetup';

export const subscriptionMachine = subscriptionSetup.createMachine({
  id: 'subscription',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Manage Subscription modal', '§4 Subscription'] },
  initial: 'opening',
  context: ({ input }) => ({
    userId: input.billing.userId,
    userName: input.billing.name,
    accessLevel: input.billing.accessLevel,
    trialDaysRemaining: input.billing.trialDaysRemaining,
    subscription: input.billing.subscription,
    chosenPlan: input.billing.subscription?.planType ?? DEFAULT_PLAN_TYPE,
    preview: null,
    planType: null,
    clientSecret: null,
    successMessage: null,
    error: null,
    reasonError: null,
    cancelRequest: null,
  }),
  states: {
    /** The modal opens on the member's plan, or Lite: previewed at once when it would be a change, so one press makes it. */
    opening: {
      always: [{ guard: 'isChosenPlanAChange', target: 'editing.previewing' }, { target: 'editing' }],
    },
    editing: {
      initial: 'choosing',
      on: {
        'subscription.choosePlan': [
          { guard: and(['isValidPlan', 'isCurrentPlan']), target: '.choosing', actions: 'assignChosenPlan' },
          { guard: 'isValidPlan', target: '.previewing', actions: 'assignChosenPlan' },
        ],
        'subscription.cancelAtPeriodEnd': [
          { guard: and(['canCancel', 'isReasonInvalid']), actions: 'assignReasonError' },
          { guard: 'canCancel', target: 'cancelling', actions: ['clearBanners', 'assignCancelRequest'] },
        ],
        'subscription.cancelNow': [
          { guard: and(['canCancel', 'isReasonInvalid']), actions: 'assignReasonError' },
          { guard: 'canCancel', target: 'confirmingCancel', actions: ['clearBanners', 'assignCancelRequest'] },
        ],
        'subscription.reactivate': { guard: 'isCancellationScheduled', target: 'reactivating', actions: 'clearBanners' },
      },
      states: {
        /** Nothing previewed: 'Update Subscription' previews the chosen plan first. */
        choosing: {
          on: { 'subscription.update': { target: 'previewing', actions: ['clearBanners', 'clearPreview'] } },
        },
        previewing: {
          tags: ['pending'],
          invoke: {
            id: 'previewSubscription',
            src: 'previewSubscription',
            input: ({ context }) => ({ userId: context.userId, planType: context.chosenPlan }),
            onDone: { target: 'reviewing', actions: { type: 'assignPreview', params: ({ event }) => event.output } },
            onError: { target: 'choosing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        /** The preview is shown; 'Update Subscription' makes that change. */
        reviewing: {
          on: { 'subscription.update': { target: '#subscription.updating', actions: 'assignPlan' } },
        },
      },
    },
    updating: {
      tags: ['pending'],
      invoke: {
        id: 'updateSubscription',
        src: 'updateSubscription',
        // Entered only from editing.reviewing, which shows the preview, through assignPlan, which sets
        // the plan the preview named.
        input: ({ context }) => {
          const { prorationDate } = present(context.preview);
          return {
            userId: context.userId,
            planType: present(context.planType),
            ...(prorationDate != null ? { prorationDate } : {}),
          };
        },
        onDone: [
          {
            guard: { type: 'requiresPayment', params: ({ event }) => event.output },
            target: 'paymentRequired',
            actions: { type: 'assignClientSecret', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'isMissingPaymentSession', params: ({ event }) => event.output },
            target: 'editing',
            actions: ['clearPreview', { type: 'assignErrorMessage', params: PAYMENT_SESSION_MISSING_MESSAGE }],
          },
          {
            target: 'succeeded',
            actions: { type: 'assignSuccess', params: ({ event }) => serverMessage(event.output, SUBSCRIPTION_UPDATED_MESSAGE) },
          },
        ],
        onError: { target: 'editing', actions: ['clearPreview', { type: 'assignError', params: ({ event }) => ({ error: event.error }) }] },
      },
    },
    confirmingCancel: {
      description:
        "'Cancel Now' asks first, naming the member, the plan and what the server does (it ends today, nothing refunded); nothing is sent until confirmed.",
      on: {
        'subscription.confirmCancelNow': { target: 'cancelling' },
        'subscription.keep': { target: 'editing', actions: 'clearCancelRequest' },
      },
    },
    cancelling: {
      tags: ['pending'],
      invoke: {
        id: 'cancelSubscription',
        src: 'cancelSubscription',
        // The request (its kind, and the reason already trimmed, or none) is set on every way in.
        input: ({ context }) => ({ userId: context.userId, ...present(context.cancelRequest) }),
        onDone: {
          target: 'succeeded',
          actions: [
            'clearCancelRequest',
            { type: 'assignSuccess', params: ({ event }) => serverMessage(event.output, SUBSCRIPTION_CANCELLED_MESSAGE) },
          ],
        },
        onError: {
          target: 'editing',
          actions: ['clearCancelRequest', { type: 'assignError', params: ({ event }) => ({ error: event.error }) }],
        },
      },
    },
    reactivating: {
      tags: ['pending'],
      invoke: {
        id: 'reactivateSubscription',
        src: 'cancelSubscription',
        input: ({ context }) => ({ userId: context.userId, cancelAtPeriodEnd: false }),
        onDone: {
          target: 'succeeded',
          actions: { type: 'assignSuccess', params: ({ event }) => serverMessage(event.output, SUBSCRIPTION_REACTIVATED_MESSAGE) },
        },
        onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    /** The payment form replaces the buttons. */
    paymentRequired: {
      invoke: {
        id: 'payment',
        src: 'payment',
        input: ({ context }) => ({
          userId: context.userId,
          planType: context.planType ?? DEFAULT_PLAN_TYPE,
          // Entered only with a client secret (requiresPayment).
          clientSecret: present(context.clientSecret),
        }),
        onDone: { target: 'succeeded', actions: { type: 'assignSuccess', params: PAYMENT_COMPLETED_MESSAGE } },
      },
      on: {
        'subscription.cancelPayment': { target: 'editing', actions: ['clearBanners', 'clearPreview'] },
      },
    },
    succeeded: {
      after: { closeAfterSuccess: 'done' },
    },
    done: { type: 'final' },
  },
});

export type SubscriptionActorRef = ActorRefFrom<typeof subscriptionMachine>;
export type SubscriptionSnapshot = SnapshotFrom<typeof subscriptionMachine>;
