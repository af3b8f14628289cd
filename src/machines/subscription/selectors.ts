import type { PlanType } from '../../contract/api';
import { formatLongDate } from '../../domain/dates';
import { formatCents } from '../../domain/money';
import { PLANS } from '../../domain/plans';
import type { PaymentActorRef } from '../payment/paymentMachine';
import type { SubscriptionSnapshot } from './subscriptionMachine';

export const selectUserName = (s: SubscriptionSnapshot) => s.context.userName;
export const selectSubscription = (s: SubscriptionSnapshot) => s.context.subscription;
export const selectTrialDaysRemaining = (s: SubscriptionSnapshot) => s.context.trialDaysRemaining;
/** The plan picker's value: the plan chosen, at first the current plan, or lite (SPEC §2). */
export const selectChosenPlan = (s: SubscriptionSnapshot): PlanType => s.context.chosenPlan;
/** Asking the API what the chosen plan would do. */
export const selectIsPreviewing = (s: SubscriptionSnapshot) => s.matches({ editing: 'previewing' });
export const selectSuccessMessage = (s: SubscriptionSnapshot) => s.context.successMessage;
export const selectError = (s: SubscriptionSnapshot) => s.context.error;
/** Why the cancellation reason was refused (e.g. 'Cancellation reason must be at most 500 characters'), or null. */
export const selectReasonError = (s: SubscriptionSnapshot) => s.context.reasonError;
export const selectIsBusy = (s: SubscriptionSnapshot) => s.hasTag('pending');
export const selectIsUpdating = (s: SubscriptionSnapshot) => s.matches('updating');
/** The change the preview showed is being made (the preview stays on screen meanwhile). */
export const selectIsReviewing = (s: SubscriptionSnapshot) => s.matches({ editing: 'reviewing' }) || s.matches('updating');
export const selectIsSucceeded = (s: SubscriptionSnapshot) => s.matches('succeeded') || s.matches('done');
export const selectIsPaymentRequired = (s: SubscriptionSnapshot) => s.matches('paymentRequired');
export const selectHasSubscription = (s: SubscriptionSnapshot) => s.context.subscription !== null;
export const selectIsCancellationScheduled = (s: SubscriptionSnapshot) => s.context.subscription?.cancelAtPeriodEnd === true;
export const selectPaymentRef = (s: SubscriptionSnapshot) => s.children.payment as PaymentActorRef | undefined;
/** 'Reactivate Subscription' was pressed and the API is answering. */
export const selectIsReactivating = (s: SubscriptionSnapshot) => s.matches('reactivating');
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

/**
 * The price preview in words (docs/BILLING.md), while it is shown:
 * - "You'll be charged $80.00 today (prorated), then $129.99/month from July 11, 2025" (an upgrade;
 *   a new subscription is charged in full, without "(prorated)");
 * - "Changes to Hardline Lite on July 11, 2025; no charge today" (a downgrade);
 * - "Stays on Hardline Pro; the change to Hardline Lite on July 11, 2025 is withdrawn; no charge today";
 * then, for a member without a card, "A payment method is needed first." Null when nothing is previewed.
 */
export const selectPreviewText = (s: SubscriptionSnapshot): string | null => {
  const { preview, subscription } = s.context;
  if (!preview || !selectIsReviewing(s)) return null;
  const plan = PLANS[preview.planType].name;
  switch (preview.kind) {
    case 'start':
    case 'upgrade': {
      const prorated = preview.prorated ? ' (prorated)' : '';
      const charge = `You'll be charged ${formatCents(preview.amountDueToday)} today${prorated}, then ${formatCents(preview.recurringAmount)}/month from ${formatLongDate(preview.recurringFrom)}`;
      return preview.requiresPayment ? `${charge}. A payment method is needed first.` : charge;
    }
    case 'downgrade':
      return `Changes to ${plan} on ${formatLongDate(preview.effectiveAt)}; no charge today`;
    case 'keep': {
      const scheduled = subscription?.scheduledPlanType;
      const when = subscription?.scheduledChangeAt;
      return scheduled && when
        ? `Stays on ${plan}; the change to ${PLANS[scheduled].name} on ${formatLongDate(when)} is withdrawn; no charge today`
        : `Stays on ${plan}; no charge today`;
    }
  }
};

/** A plan change set for the end of the period: "Changes to Hardline Lite on February 5, 2026". */
export const selectScheduledChange = (s: SubscriptionSnapshot): string | null => {
  const { subscription } = s.context;
  if (!subscription?.scheduledPlanType || !subscription.scheduledChangeAt) return null;
  return `Changes to ${PLANS[subscription.scheduledPlanType].name} on ${formatLongDate(subscription.scheduledChangeAt)}`;
};
