/**
 * The Manage Subscription modal's types, messages and implementations, named for
 * ./subscriptionMachine.ts (the statechart): its actors (the API's preview, update and cancel,
 * provided; the payment step's machine), guards on the member's subscription and the event, and
 * the actions that keep the chosen plan, the preview and the banners.
 */
import { assertEvent, assign, setup } from 'xstate';
import * as v from 'valibot';
import { CancellationReasonSchema, validate } from '../../domain/forms';
import { PlanTypeSchema } from '../../contract/api';
import type { AccessLevel, PlanType, Subscription, SubscriptionPreview, UpdateSubscriptionResponse, UserBilling } from '../../contract/api';
import { paymentMachine } from '../payment/paymentMachine';
import { messageOf, placeholderActor, present } from '../shared';

export const SUBSCRIPTION_UPDATED_MESSAGE = 'Subscription updated successfully';
export const PAYMENT_COMPLETED_MESSAGE = 'Payment method added and subscription updated successfully';
export const SUBSCRIPTION_CANCELLED_MESSAGE = 'Subscription cancelled successfully';
export const SUBSCRIPTION_REACTIVATED_MESSAGE = 'Subscription reactivated successfully';
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
export function reasonOf(reason: string | undefined): { reason?: string } {
  const trimmed = (reason ?? '').trim();
  return trimmed === '' ? {} : { reason: trimmed };
}

/** The message refusing the event's reason, or null when it is fine: only the two cancel events reach here (its guard and action are on them). */
function reasonProblem(event: SubscriptionEvent): string | null {
  assertEvent(event, ['subscription.cancelAtPeriodEnd', 'subscription.cancelNow']);
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

export function serverMessage(output: unknown, fallback: string): string {
  if (typeof output === 'object' && output !== null && 'message' in output) {
    const { message } = output as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return fallback;
}

export const subscriptionSetup = setup({
  types: {
    tags: {} as 'pending',
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
    /** A plan the console offers (PlanTypeSchema): another is neither previewed nor sent. */
    isValidPlan: ({ event }) => {
      assertEvent(event, 'subscription.choosePlan');
      return v.is(PlanTypeSchema, event.planType);
    },
    /** The plan the member pays for now, with no change scheduled: there is nothing to preview. */
    isCurrentPlan: ({ context, event }) => {
      assertEvent(event, 'subscription.choosePlan');
      return isCurrentPlan(context.subscription, event.planType);
    },
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
    /** On 'Update Subscription' in editing.reviewing: the plan of the preview shown. */
    assignPlan: assign({
      planType: ({ context }) => present(context.preview).planType,
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
});
