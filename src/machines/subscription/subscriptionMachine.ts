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
 * editing with `reasonError`.
 */
import { and, assertEvent, assign, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import * as v from 'valibot';
import { CancellationReasonSchema, validate } from '../../domain/forms';
import { DEFAULT_PLAN_TYPE } from '../../domain/plans';
import { PlanTypeSchema } from '../../contract/api';
import type { AccessLevel, PlanType, Subscription, SubscriptionPreview, UpdateSubscriptionResponse, UserBilling } from '../../contract/api';
import { paymentMachine } from '../payment/paymentMachine';
import { messageOf, placeholderActor } from '../shared';

const SUBSCRIPTION_UPDATED_MESSAGE = 'Subscription updated successfully';
export const PAYMENT_COMPLETED_MESSAGE = 'Payment method added and subscription updated successfully';
const SUBSCRIPTION_CANCELLED_MESSAGE = 'Subscription cancelled successfully';
const SUBSCRIPTION_REACTIVATED_MESSAGE = 'Subscription reactivated successfully';
export const PAYMENT_SESSION_MISSING_MESSAGE =
  'A payment method is required, but the server did not start a payment setup. Please try again.';

export interface SubscriptionInput {
  billing: UserBilling;
}

export interface SubscriptionContext {
  userId: string;
  userName: string;
  accessLevel: AccessLevel;
  trialDaysRemaining: number;
  subscription: Subscription | null;
  /** The plan chosen in the picker (the member's current one, or lite, at first). */
  chosenPlan: PlanType;
  /** What the chosen plan would do, once the API has said (null before, and while asking). */
  preview: SubscriptionPreview | null;
  /** The plan of the change being made. */
  planType: PlanType | null;
  clientSecret: string | null;
  successMessage: string | null;
  error: string | null;
  /** Why the cancellation reason was refused (too long), until the next attempt. */
  reasonError: string | null;
  /** The cancellation asked for (which kind, the reason), from the click until it is sent or dropped. */
  cancelRequest: CancelRequest | null;
}

export interface CancelRequest {
  cancelAtPeriodEnd: boolean;
  reason?: string;
}

export interface UpdateSubscriptionInput {
  userId: string;
  planType: PlanType;
  /** The preview's, for an upgrade: charged what the preview showed. */
  prorationDate?: number;
}

export interface PreviewSubscriptionInput {
  userId: string;
  planType: PlanType;
}

export interface CancelSubscriptionInput extends CancelRequest {
  userId: string;
}

export type SubscriptionEvent =
  | { type: 'subscription.choosePlan'; planType: PlanType }
  | { type: 'subscription.update' }
  | { type: 'subscription.cancelAtPeriodEnd'; reason: string }
  | { type: 'subscription.cancelNow'; reason: string }
  | { type: 'subscription.confirmCancelNow' }
  | { type: 'subscription.keep' }
  | { type: 'subscription.reactivate' }
  | { type: 'subscription.cancelPayment' };

/** The optional reason, trimmed; omitted when empty (SPEC §5). */
function reasonOf(reason: string | undefined): { reason?: string } {
  const trimmed = (reason ?? '').trim();
  return trimmed === '' ? {} : { reason: trimmed };
}

/** The message refusing the event's reason, or null when it is fine. */
function reasonProblem(event: SubscriptionEvent): string | null {
  // Stryker disable next-line ConditionalExpression: only the two cancel events reach reasonProblem (its guard and action are on them); the line narrows the type
  if (event.type !== 'subscription.cancelAtPeriodEnd' && event.type !== 'subscription.cancelNow') return null;
  const result = validate(CancellationReasonSchema, event.reason);
  return result.ok ? null : (Object.values(result.errors)[0] ?? null);
}

/** Paying for the plan now (active, or owing): the statuses whose plan is the member's (server/billing/access.ts). */
function isPaying(status: string): boolean {
  return status === 'active' || status === 'past_due';
}

/** `planType` is the plan the member pays for now, with no change scheduled: there is nothing to preview. */
function isCurrentPlan(subscription: Subscription | null, planType: PlanType): boolean {
  return subscription !== null && isPaying(subscription.status) && subscription.planType === planType && !subscription.scheduledPlanType;
}

function serverMessage(output: unknown, fallback: string): string {
  if (typeof output === 'object' && output !== null && 'message' in output) {
    const { message } = output as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

export const subscriptionMachine = setup({
  // Stryker disable next-line ObjectLiteral: `types` is read by TypeScript only; XState ignores it at run time
  types: {
    input: {} as SubscriptionInput,
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
  },
  actors: {
    previewSubscription: placeholderActor<SubscriptionPreview, PreviewSubscriptionInput>('previewSubscription'),
    updateSubscription: placeholderActor<UpdateSubscriptionResponse, UpdateSubscriptionInput>('updateSubscription'),
    cancelSubscription: placeholderActor<unknown, CancelSubscriptionInput>('cancelSubscription'),
    payment: paymentMachine,
  },
  delays: {
    closeAfterSuccess: 2000,
  },
  guards: {
    // Stryker disable next-line ConditionalExpression: the guard is only on subscription.choosePlan, so its first test is always true (the unknown-plan scenario tests the rest)
    isValidPlan: ({ event }) => event.type === 'subscription.choosePlan' && v.is(PlanTypeSchema, event.planType),
    /** The plan the member pays for now, with no change scheduled: there is nothing to preview. */
    isCurrentPlan: ({ context, event }) => event.type === 'subscription.choosePlan' && isCurrentPlan(context.subscription, event.planType),
    /** The plan in the picker would be a change (a trial, no subscription, or a change scheduled): preview it. */
    isChosenPlanAChange: ({ context }) => !isCurrentPlan(context.subscription, context.chosenPlan),
    canCancel: ({ context }) => context.subscription !== null && !context.subscription.cancelAtPeriodEnd,
    isCancellationScheduled: ({ context }) => context.subscription?.cancelAtPeriodEnd === true,
    isReasonInvalid: ({ event }) => reasonProblem(event) !== null,
    requiresPayment: (_, output: UpdateSubscriptionResponse) =>
      output.requiresPayment && typeof output.clientSecret === 'string' && output.clientSecret !== '',
    isMissingPaymentSession: (_, output: UpdateSubscriptionResponse) => output.requiresPayment,
  },
  actions: {
    assignChosenPlan: assign({
      chosenPlan: ({ event }) => {
        assertEvent(event, 'subscription.choosePlan');
        return event.planType;
      },
      preview: () => null,
      error: () => null,
      successMessage: () => null,
      reasonError: () => null,
    }),
    clearPreview: assign({ preview: () => null }),
    assignPreview: assign({ preview: (_, preview: SubscriptionPreview) => preview }),
    assignPlan: assign({
      planType: ({ context }) => context.preview?.planType ?? context.chosenPlan,
      error: () => null,
      successMessage: () => null,
      reasonError: () => null,
    }),
    clearBanners: assign({ error: () => null, successMessage: () => null, reasonError: () => null }),
    assignCancelRequest: assign({
      cancelRequest: ({ event }) => {
        assertEvent(event, ['subscription.cancelAtPeriodEnd', 'subscription.cancelNow']);
        return { cancelAtPeriodEnd: event.type === 'subscription.cancelAtPeriodEnd', ...reasonOf(event.reason) };
      },
    }),
    clearCancelRequest: assign({ cancelRequest: () => null }),
    assignReasonError: assign({ reasonError: ({ event }) => reasonProblem(event), error: () => null, successMessage: () => null }),
    assignClientSecret: assign({ clientSecret: (_, output: UpdateSubscriptionResponse) => output.clientSecret ?? null }),
    assignSuccess: assign({ successMessage: (_, message: string) => message, error: () => null }),
    assignError: assign({ error: (_, { error }: { error: unknown }) => messageOf(error) }),
    assignErrorMessage: assign({ error: (_, message: string) => message }),
  },
}).createMachine({
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
        input: ({ context }) => ({
          userId: context.userId,
          planType: context.planType ?? context.chosenPlan,
          ...(context.preview?.prorationDate != null ? { prorationDate: context.preview.prorationDate } : {}),
        }),
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
        input: ({ context }) => ({
          userId: context.userId,
          // Always set on the way in; were it ever missing, the reversible kind is the safe one.
          // Stryker disable next-line LogicalOperator,OptionalChaining,BooleanLiteral: cancelRequest is always set on the way into cancelling (see above), and for a boolean `x ?? true` equals `x && true`
          cancelAtPeriodEnd: context.cancelRequest?.cancelAtPeriodEnd ?? true,
          // Stryker disable next-line OptionalChaining: cancelRequest is always set on the way into cancelling
          ...reasonOf(context.cancelRequest?.reason),
        }),
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
          // Stryker disable next-line StringLiteral: paymentRequired is entered only with a client secret (requiresPayment); the fallback only satisfies the type
          clientSecret: context.clientSecret ?? '',
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
