import type { SubscriptionActorRef } from '../subscription/subscriptionMachine';
import type { UserBillingSnapshot } from './userBillingMachine';

export const selectBilling = (s: UserBillingSnapshot) => s.context.billing;
export const selectIsLoading = (s: UserBillingSnapshot) => s.matches('loading');
/** The load (or refresh) error; null while loading again. */
export const selectError = (s: UserBillingSnapshot) =>
  s.matches('loading') || s.matches({ ready: { data: 'refreshing' } }) ? null : s.context.error;
export const selectIsFailed = (s: UserBillingSnapshot) => s.matches('failed');
export const selectLinkError = (s: UserBillingSnapshot) => s.context.linkError;
/** A hosted page that came too late to open by itself: shown as a link to click (null otherwise). */
export const selectReadyLink = (s: UserBillingSnapshot) => s.context.readyLink;
export const selectIsOpeningPaymentMethods = (s: UserBillingSnapshot) => s.matches({ ready: { paymentMethods: 'opening' } });
/** The invoice page or PDF being asked for, while the API answers (null otherwise). */
export const selectInvoiceRequest = (s: UserBillingSnapshot) => s.context.invoiceRequest;
export const selectSubscriptionRef = (s: UserBillingSnapshot) => s.children.subscription as SubscriptionActorRef | undefined;
