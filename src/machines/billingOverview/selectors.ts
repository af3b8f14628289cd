import type { BillingOverviewSnapshot } from './billingOverviewMachine';

export const selectOverview = (s: BillingOverviewSnapshot) => s.context.overview;
export const selectError = (s: BillingOverviewSnapshot) => (s.matches('failed') ? s.context.error : null);
export const selectIsLoading = (s: BillingOverviewSnapshot) => s.hasTag('pending');
export const selectIsEmpty = (s: BillingOverviewSnapshot) => s.matches('empty');
