/**
 * The payment step of the Manage Subscription modal (SPEC §2, §4 Subscription, §5): Stripe.js is
 * loaded when the step opens; the form stays disabled until Stripe AND its Payment Element are
 * ready; confirming the setup intent runs as an invoked actor; the setup counts only when its status
 * is `succeeded`; then the subscription is completed on the server and the step is done.
 *
 * The view passes the mounted `elements` in the submit event; the machine owns the flow.
 */
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { assertEvent, assign, setup } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { PlanType } from '../../contract/api';
import type { ConfirmedSetup, ConfirmSetupInput } from '../../services/payments';
import { UNKNOWN_ERROR_MESSAGE, messageOf, placeholderActor, present } from '../shared';

export const SETUP_NOT_COMPLETED_MESSAGE = 'Payment setup was not completed successfully';
const PAYMENT_SETUP_FAILED_MESSAGE = 'Payment setup failed';
export const STRIPE_UNAVAILABLE_MESSAGE = 'The payment form could not be loaded. Check your connection and try again.';
export const STRIPE_LOAD_TIMEOUT_MESSAGE = 'The payment form is taking too long to load. Check your connection and try again.';

export interface PaymentInput {
  userId: string;
  planType: PlanType;
  clientSecret: string;
}

export interface PaymentContext extends PaymentInput {
  stripe: Stripe | null;
  setupIntentId: string | null;
  error: string | null;
}

export interface CompleteSubscriptionInput {
  userId: string;
  setupIntentId: string;
  planType: PlanType;
}

export type PaymentEvent =
  { type: 'payment.elementReady' } | { type: 'payment.submit'; elements: StripeElements } | { type: 'payment.retry' };

export interface PaymentOutput {
  planType: PlanType;
}

export const paymentMachine = setup({
  types: {
    tags: {} as 'pending',
    input: {} as PaymentInput,
    context: {} as PaymentContext,
    events: {} as PaymentEvent,
    output: {} as PaymentOutput,
  },
  actors: {
    loadStripe: placeholderActor<Stripe>('loadStripe'),
    confirmSetup: placeholderActor<ConfirmedSetup, ConfirmSetupInput>('confirmSetup'),
    completeSubscription: placeholderActor<unknown, CompleteSubscriptionInput>('completeSubscription'),
  },
  delays: {
    stripeLoadTimeout: 20_000,
  },
  guards: {
    setupSucceeded: (_, setup: ConfirmedSetup) => setup.status === 'succeeded',
  },
  actions: {
    assignStripe: assign({ stripe: (_, stripe: Stripe) => stripe, error: () => null }),
    assignLoadError: assign({ error: () => STRIPE_UNAVAILABLE_MESSAGE }),
    assignLoadTimeout: assign({ error: () => STRIPE_LOAD_TIMEOUT_MESSAGE }),
    assignSetupIntent: assign({ setupIntentId: (_, setup: ConfirmedSetup) => setup.setupIntentId, error: () => null }),
    assignNotCompleted: assign({ error: () => SETUP_NOT_COMPLETED_MESSAGE }),
    assignSetupError: assign({ error: (_, { error }: { error: unknown }) => messageOf(error, PAYMENT_SETUP_FAILED_MESSAGE) }),
    assignCompletionError: assign({ error: (_, { error }: { error: unknown }) => messageOf(error, UNKNOWN_ERROR_MESSAGE) }),
    clearError: assign({ error: () => null }),
  },
}).createMachine({
  id: 'payment',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Manage Subscription modal', '§4 Subscription'] },
  initial: 'loadingStripe',
  context: ({ input }) => ({ ...input, stripe: null, setupIntentId: null, error: null }),
  output: ({ context }) => ({ planType: context.planType }),
  states: {
    loadingStripe: {
      tags: ['pending'],
      invoke: {
        id: 'loadStripe',
        src: 'loadStripe',
        onDone: { target: 'mounting', actions: { type: 'assignStripe', params: ({ event }) => event.output } },
        onError: { target: 'unavailable', actions: 'assignLoadError' },
      },
      after: { stripeLoadTimeout: { target: 'unavailable', actions: 'assignLoadTimeout' } },
    },
    /** Stripe.js could not load: the step says so; the modal offers Cancel. */
    unavailable: {},
    /** Stripe is loaded; the Payment Element is mounting (the form stays disabled). */
    mounting: {
      on: { 'payment.elementReady': 'ready' },
    },
    ready: {
      on: { 'payment.submit': { target: 'confirming', actions: 'clearError' } },
    },
    confirming: {
      tags: ['pending'],
      invoke: {
        id: 'confirmSetup',
        src: 'confirmSetup',
        input: ({ context, event }) => {
          assertEvent(event, 'payment.submit');
          // Reached from `ready` only, after Stripe.js loaded.
          return { stripe: present(context.stripe), elements: event.elements };
        },
        onDone: [
          {
            guard: { type: 'setupSucceeded', params: ({ event }) => event.output },
            target: 'completing',
            actions: { type: 'assignSetupIntent', params: ({ event }) => event.output },
          },
          { target: 'ready', actions: 'assignNotCompleted' },
        ],
        onError: { target: 'ready', actions: { type: 'assignSetupError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    completing: {
      tags: ['pending'],
      invoke: {
        id: 'completeSubscription',
        src: 'completeSubscription',
        input: ({ context }) => ({
          userId: context.userId,
          // Entered only after assignSetupIntent (from confirming, or again from completionFailed).
          setupIntentId: present(context.setupIntentId),
          planType: context.planType,
        }),
        onDone: 'done',
        onError: {
          target: 'completionFailed',
          actions: { type: 'assignCompletionError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** The card is set up but the plan change failed: retry the completion (not the card). */
    completionFailed: {
      on: { 'payment.retry': { target: 'completing', actions: 'clearError' } },
    },
    done: { type: 'final' },
  },
});

export type PaymentActorRef = ActorRefFrom<typeof paymentMachine>;
export type PaymentSnapshot = SnapshotFrom<typeof paymentMachine>;
