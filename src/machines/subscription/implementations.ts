import { fromAbortablePromise } from '../shared';
import type { Services } from '../../services';
import type { UpdateSubscriptionResponse } from '../../contract/api';
import { paymentImplementations } from '../payment/implementations';
import { paymentMachine } from '../payment/paymentMachine';
import type { CancelSubscriptionInput, UpdateSubscriptionInput } from './subscriptionMachine';

export function subscriptionImplementations(services: Services) {
  return {
    actors: {
      updateSubscription: fromAbortablePromise<UpdateSubscriptionResponse, UpdateSubscriptionInput>(({ input, signal }) =>
        services.api.billing.updateSubscription(input.userId, input.planType, { signal }),
      ),
      cancelSubscription: fromAbortablePromise<unknown, CancelSubscriptionInput>(({ input, signal }) =>
        services.api.billing.cancelSubscription(input, { signal }),
      ),
      payment: paymentMachine.provide(paymentImplementations(services)),
    },
  };
}
