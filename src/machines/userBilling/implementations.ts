import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { UserBilling } from '../../contract/api';
import { subscriptionImplementations } from '../subscription/implementations';
import { subscriptionMachine } from '../subscription/subscriptionMachine';
import type { InvoiceLinkInput, LoadUserBillingInput } from './userBillingMachine';

export function userBillingImplementations(services: Services) {
  return {
    actors: {
      loadUserBilling: fromAbortablePromise<UserBilling, LoadUserBillingInput>(({ input, signal }) =>
        services.api.billing.user(input.userId, { signal }),
      ),
      updatePaymentMethod: fromAbortablePromise<{ hostedUrl: string }, LoadUserBillingInput>(({ input, signal }) =>
        services.api.billing.updatePaymentMethod(input.userId, { signal }),
      ),
      invoiceLink: fromAbortablePromise<string, InvoiceLinkInput>(({ input, signal }) =>
        services.api.billing.invoiceLink(input, { signal }),
      ),
      subscription: subscriptionMachine.provide(subscriptionImplementations(services)),
    },
    guards: {
      isSafeUrl: (_: unknown, params: { url: string }) => services.payments.hostedPageUrl(params.url) !== null,
    },
    actions: {
      openHostedPage: (_: unknown, params: { url: string }) => {
        services.payments.openHostedPage(params.url);
      },
    },
  };
}
