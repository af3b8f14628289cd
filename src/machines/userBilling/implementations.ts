import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { UserBilling } from '../../contract/api';
import { subscriptionImplementations } from '../subscription/implementations';
import { subscriptionMachine } from '../subscription/subscriptionMachine';
import type { HostedLink, InvoiceLinkInput, LoadUserBillingInput } from './userBillingMachine';

export function userBillingImplementations(services: Services) {
  // Asked as the answer arrives: by then the click that asked for the page may be too old to open a tab.
  const hostedLink = (url: string): HostedLink => ({ url, opensNow: services.payments.mayOpenTab() });
  return {
    actors: {
      loadUserBilling: fromAbortablePromise<UserBilling, LoadUserBillingInput>(({ input, signal }) =>
        services.api.billing.user(input.userId, { signal }),
      ),
      updatePaymentMethod: fromAbortablePromise<HostedLink, LoadUserBillingInput>(async ({ input, signal }) =>
        hostedLink((await services.api.billing.updatePaymentMethod(input.userId, { signal })).hostedUrl),
      ),
      invoiceLink: fromAbortablePromise<HostedLink, InvoiceLinkInput>(async ({ input, signal }) =>
        hostedLink(await services.api.billing.invoiceLink(input, { signal })),
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
