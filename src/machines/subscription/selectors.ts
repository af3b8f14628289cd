import type { PlanType } from '../../contract/api';
import { formatLongDate } from '../../domain/dates';
import { DEFAULT_PLAN_TYPE, PLANS } from '../../domain/plans';
import type { PaymentActorRef } from '../payment/paymentMachine';
import type { SubscriptionSnapshot } from './subscriptionMachine';

export const selectUserName = (s: SubscriptionSnapshot) => s.context.userName;
export const selectSubscription = (s: SubscriptionSnapshot) => s.context.subscription;
export const selectTrialDaysRemaining = (s: SubscriptionSnapshot) => s.context.trialDaysRemaining;
/** The plan picker's initial value: the current plan, or lite (SPEC §2). */
export const selectDefaultPlan = (s: SubscriptionSnapshot): PlanType => s.context.subscription?.planType ?? DEFAULT_PLAN_TYPE;
export const selectSuccessMessage = (s: SubscriptionSnapshot) => s.context.successMessage;
export const selectError = (s: SubscriptionSnapshot) => s.context.error;
/** Why the cancellation reason was refused (e.g. 'Cancellation reason must be at most 500 characters'), or null. */
export const selectReasonError = (s: SubscriptionSnapshot) => s.context.reasonError;
export const selectIsBusy = (s: SubscriptionSnapshot) => s.hasTag('pending');
export const selectIsUpdating = (s: SubscriptionSnapshot) => s.matches('updating');
export const selectIsSucceeded = (s: SubscriptionSnapshot) => s.matches('succeeded') || s.matches('done');
export const selectIsPaymentRequired = (s: SubscriptionSnapshot) => s.matches('paymentRequired');
export const selectHasSubscription = (s: SubscriptionSnapshot) => s.context.subscription !== null;
export const selectIsCancellationScheduled = (s: SubscriptionSnapshot) => s.context.subscription?.cancelAtPeriodEnd === true;
export const selectPaymentRef = (s: SubscriptionSnapshot) => s.children.payment as PaymentActorRef | undefined;
/** 'Cancel Now' was clicked: the confirmation is open, nothing sent yet. */
export const selectIsConfirmingCancel = (s: SubscriptionSnapshot) => s.matches('confirmingCancel');

/** The confirmation's question: "Cancel Lena Lite's Hardline Lite subscription now?" */
export const selectCancelNowQuestion = (s: SubscriptionSnapshot): string => {
  const { subscription, userName } = s.context;
  return subscription ? `Cancel ${userName}'s ${PLANS[subscription.planType].name} subscription now?` : '';
};

/**
 * What cancelling now does, as the API does it (server/billing/model.ts cancelSubscription with
 * cancelAtPeriodEnd false): the subscription is canceled at once, not at the end of the period, and
 * nothing is refunded (the transaction is for 0). The access level then follows the rule of
 * server/billing/access.ts: a paid plan's member drops to free at once; a trialing subscription's
 * member keeps the open trial until it ends, then is free.
 */
export const selectCancelNowConsequence = (s: SubscriptionSnapshot): string => {
  const { subscription, userName } = s.context;
  if (!subscription) return '';
  const plan = PLANS[subscription.planType].name;
  const end = formatLongDate(subscription.currentPeriodEnd);
  if (subscription.status === 'trialing') {
    return `The ${plan} trial subscription ends today. ${userName} keeps trial access until the trial ends on ${end}, then moves to the free plan.`;
  }
  return `It ends today instead of on ${end}: ${userName} loses ${plan} access at once and moves to the free plan. Nothing is refunded for the rest of the period, and it cannot be reactivated.`;
};
