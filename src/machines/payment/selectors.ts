import type { PaymentSnapshot } from './paymentMachine';

export const selectStripe = (s: PaymentSnapshot) => s.context.stripe;
export const selectClientSecret = (s: PaymentSnapshot) => s.context.clientSecret;
export const selectPlanType = (s: PaymentSnapshot) => s.context.planType;
export const selectPaymentError = (s: PaymentSnapshot) => s.context.error;
export const selectIsBusy = (s: PaymentSnapshot) => s.hasTag('pending');
export const selectIsLoadingStripe = (s: PaymentSnapshot) => s.matches('loadingStripe');
export const selectIsUnavailable = (s: PaymentSnapshot) => s.matches('unavailable');
/** Submit is enabled only when Stripe and its Payment Element are both ready. */
export const selectCanSubmit = (s: PaymentSnapshot) => s.matches('ready');
export const selectCompletionFailed = (s: PaymentSnapshot) => s.matches('completionFailed');
