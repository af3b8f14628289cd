import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { SubscriptionPreview, UpdateSubscriptionResponse } from '../../contract/api';
import { paymentImplementations } from '../payment/implementations';
import { paymentMachine } from '../payment/paymentMachine';
import type { CancelSubscriptionInput, PreviewSubscriptionInput, UpdateSubscriptionInput } from './subscriptionMachine';

export function subscriptionImplementations(services: Services) {
  return {
    actors: {
      previewSubscription: fromAbortablePromise<SubscriptionPreview, PreviewSubscriptionInput>(({ input, signal }) =>
        services.api.billing.previewSubscription(input.userId, input.planType, { signal }),
      ),
      updateSubscription: fromAbortablePromise<UpdateSubscriptionResponse, UpdateSubscriptionInput>(({ input, signal }) =>
        services.api.billing.updateSubscription(input.userId, input.planType, {
          signal,
          ...(input.prorationDate === undefined ? {} : { prorationDate: input.prorationDate }),
        }),
      ),
      cancelSubscription: fromAbortablePromise<unknown, CancelSubscriptionInput>(({ input, signal }) =>
        services.api.billing.cancelSubscription(input, { signal }),
      ),
      payment: paymentMachine.provide(paymentImplementations(services)),
    },
  };
}
