/**
 * What the Manage Subscription modal (and its Cancel Now question) can ask of the subscription
 * machine (./subscriptionMachine.ts), named: the views call these and never build its events.
 */
import type { PlanType } from '../../contract/api';
import type { SubscriptionActorRef } from './subscriptionMachine';

export function subscriptionIntents(ref: SubscriptionActorRef) {
  return {
    /** A plan chosen: its price is previewed. */
    choosePlan: (planType: PlanType) => ref.send({ type: 'subscription.choosePlan', planType }),
    update: () => ref.send({ type: 'subscription.update' }),
    cancelAtPeriodEnd: (reason: string) => ref.send({ type: 'subscription.cancelAtPeriodEnd', reason }),
    /** 'Cancel Now': asks first (confirmCancelNow or keep). */
    cancelNow: (reason: string) => ref.send({ type: 'subscription.cancelNow', reason }),
    confirmCancelNow: () => ref.send({ type: 'subscription.confirmCancelNow' }),
    /** 'Keep subscription' (or Escape) on the Cancel Now question. */
    keep: () => ref.send({ type: 'subscription.keep' }),
    reactivate: () => ref.send({ type: 'subscription.reactivate' }),
    /** Leaves the payment step, back to the plans. */
    cancelPayment: () => ref.send({ type: 'subscription.cancelPayment' }),
  };
}
