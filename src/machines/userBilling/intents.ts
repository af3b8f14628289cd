/**
 * What a member's billing page can ask of its machine (./userBillingMachine.ts), named: the views
 * call these and never build its events themselves.
 */
import { useMemo } from 'react';
import type { UserBillingActorRef } from './userBillingMachine';

function userBillingIntents(ref: UserBillingActorRef) {
  return {
    /** 'Try again' when the page did not load. */
    retry: () => ref.send({ type: 'userBilling.retry' }),
    /** 'Try again' when a reload failed over what is shown. */
    refresh: () => ref.send({ type: 'userBilling.refresh' }),
    manageSubscription: () => ref.send({ type: 'userBilling.manageSubscription' }),
    closeSubscription: () => ref.send({ type: 'userBilling.closeSubscription' }),
    managePaymentMethods: () => ref.send({ type: 'userBilling.managePaymentMethods' }),
    openInvoice: (invoiceId: string, format: 'page' | 'pdf') => ref.send({ type: 'userBilling.openInvoice', invoiceId, format }),
  };
}

/** The page's intents for this ref, the same object (and functions) for as long as the ref is. */
export function useUserBillingIntents(ref: UserBillingActorRef): ReturnType<typeof userBillingIntents> {
  return useMemo(() => userBillingIntents(ref), [ref]);
}
