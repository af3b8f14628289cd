import type { PlanType } from '../../contract/api';
import { DEFAULT_PLAN_TYPE } from '../../domain/plans';
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
