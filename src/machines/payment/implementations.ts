import type { Stripe } from '@stripe/stripe-js';
import { fromPromise } from 'xstate';
import type { Services } from '../../services';
import type { ConfirmedSetup, ConfirmSetupInput } from '../../services/payments';
import type { CompleteSubscriptionInput } from './paymentMachine';

export function paymentImplementations(services: Services) {
  return {
    actors: {
      loadStripe: fromPromise<Stripe>(() => services.payments.load()),
      confirmSetup: fromPromise<ConfirmedSetup, ConfirmSetupInput>(({ input }) => services.payments.confirmSetup(input)),
      completeSubscription: fromPromise<unknown, CompleteSubscriptionInput>(({ input, signal }) =>
        services.api.billing.completeSubscription(
          input.userId,
          { setupIntentId: input.setupIntentId, planType: input.planType },
          { signal },
        ),
      ),
    },
  };
}
