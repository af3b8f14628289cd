/**
 * What a member's billing page can ask of its machine (./userBillingMachine.ts), named: the views
 * call these and never build its events themselves.
 */
import type { UserBillingActorRef } from './userBillingMachine';

export function userBillingIntents(ref: UserBillingActorRef) {
  return {
    /** 'Try again' when the page did not load. */
    retry: () => ref.send({ type: 'userBilling.retry' }),
    /** 'Try again' when a reload failed over what is shown. */
    refresh: () => ref.send({ type: 'userBilling.refresh' }),
    manageSubscription: () => ref.send({ type: 'userBilling.manageSubscription' }),
    closeSubscription: () => ref.send({ type: 'userBilling.closeSubscription' }),
    managePaymentMethods: () => ref.send({ type: 'userBilling.managePaymentMethods' }),
    openInvoice: (invoiceId: string, format: 'page' | 'pdf') => ref.send({ type: 'userBilling.openInvoice', invoiceId, format }),
    /** The ready link was followed, or closed without it. */
    dismissReadyLink: () => ref.send({ type: 'userBilling.dismissReadyLink' }),
  };
}
