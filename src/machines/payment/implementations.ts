import type { Stripe } from '@stripe/stripe-js';
import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { ConfirmedSetup, ConfirmSetupInput } from '../../services/payments';
import type { CompleteSubscriptionInput } from './paymentMachine';

export function paymentImplementations(services: Services) {
  return {
    actors: {
      loadStripe: fromAbortablePromise<Stripe>(() => services.payments.load()),
      confirmSetup: fromAbortablePromise<ConfirmedSetup, ConfirmSetupInput>(({ input }) => services.payments.confirmSetup(input)),
      completeSubscription: fromAbortablePromise<unknown, CompleteSubscriptionInput>(({ input, signal }) =>
        services.api.billing.completeSubscription(
          input.userId,
          { setupIntentId: input.setupIntentId, planType: input.planType },
          { signal },
        ),
      ),
    },
  };
}
