import { fromPromise } from 'xstate';
import type { Services } from '../../services';
import type { UpdateSubscriptionResponse } from '../../contract/api';
import { paymentImplementations } from '../payment/implementations';
import { paymentMachine } from '../payment/paymentMachine';
import type { CancelSubscriptionInput, UpdateSubscriptionInput } from './subscriptionMachine';

export function subscriptionImplementations(services: Services) {
  return {
    actors: {
      updateSubscription: fromPromise<UpdateSubscriptionResponse, UpdateSubscriptionInput>(({ input, signal }) =>
        services.api.billing.updateSubscription(input.userId, input.planType, { signal }),
      ),
      cancelSubscription: fromPromise<unknown, CancelSubscriptionInput>(({ input, signal }) =>
        services.api.billing.cancelSubscription(input, { signal }),
      ),
      payment: paymentMachine.provide(paymentImplementations(services)),
    },
  };
}
