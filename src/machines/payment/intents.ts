/** What the payment step can ask of the payment machine (./paymentMachine.ts), named. */
import type { StripeElements } from '@stripe/stripe-js';
import type { PaymentActorRef } from './paymentMachine';

export function paymentIntents(ref: PaymentActorRef) {
  return {
    /** Stripe's Payment Element is on screen and can be submitted. */
    elementReady: () => ref.send({ type: 'payment.elementReady' }),
    submit: (elements: StripeElements) => ref.send({ type: 'payment.submit', elements }),
    /** 'Try again' after the card was saved but the plan change failed. */
    retry: () => ref.send({ type: 'payment.retry' }),
  };
}
