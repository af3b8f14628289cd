/**
 * The single-user billing screen (SPEC §2 Single-user billing): load the user's billing, show it or
 * the error box with 'Try again'. Once loaded, three independent regions:
 * - data: a refresh (after the Manage Subscription modal closes) keeps the billing on screen;
 * - subscription: the Manage Subscription modal, an invoked child machine given the billing;
 *   when it is done (2 s after a success) the data is refreshed and the modal closes;
 * - paymentMethods: 'Manage' asks the API for the hosted payment-method page and opens it;
 * - invoiceLinks: 'View Invoice' and 'Download PDF' ask the API for a fresh link to that page (a
 *   hosted link expires, so none is kept) and open it.
 * Both open through the same hosted-page action, refused unless https or the stack's own. A page
 * opens in a new tab only while the click that asked for it still lets the tab open one (the
 * browser's user activation); an answer that came later is offered as a link to click instead (the
 * ready link), because the browser would block it as a pop-up.
 */
import { assertEvent, assign, raise, setup, stateIn } from 'xstate';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { UserBilling } from '../../contract/api';
import { subscriptionMachine } from '../subscription/subscriptionMachine';
import { UNKNOWN_ERROR_MESSAGE, messageOf, placeholderAction, placeholderActor, present } from '../shared';

export const PAYMENT_METHOD_FAILED_MESSAGE = 'Failed to update payment method';
export const UNSAFE_LINK_MESSAGE = 'This link cannot be opened because it is not a secure (https) address.';
export const INVOICE_LINK_FAILED_MESSAGE = 'The invoice could not be opened. Try again.';

export interface UserBillingInput {
  userId: string;
}

export interface UserBillingContext {
  userId: string;
  billing: UserBilling | null;
  /** The load error (shown in the error box). */
  error: string | null;
  /** A message about a link or the payment-method page (shown as an alert above the sections). */
  linkError: string | null;
  /** The invoice page or PDF asked for, until it opens or fails. */
  invoiceRequest: { invoiceId: string; format: 'page' | 'pdf' } | null;
  /** A safe hosted page just answered, while the machine opens it or offers it (the `answered` states). */
  answer: HostedAnswer | null;
  /** A hosted page that came too late to open by itself, offered as a link until it is used or dismissed. */
  readyLink: ReadyLink | null;
}

/** A hosted page's link as its actor reports it: the URL, and whether the tab may still open it by itself. */
export interface HostedLink {
  url: string;
  opensNow: boolean;
}

export interface ReadyLink {
  url: string;
  /** What it opens: an invoice's page, its PDF, or the payment-method page. */
  kind: 'page' | 'pdf' | 'paymentMethods';
}

type HostedAnswer = HostedLink & Pick<ReadyLink, 'kind'>;

export interface LoadUserBillingInput {
  userId: string;
}

export interface InvoiceLinkInput {
  userId: string;
  invoiceId: string;
  format: 'page' | 'pdf';
}

export type UserBillingEvent =
  | { type: 'userBilling.retry' }
  | { type: 'userBilling.refresh' }
  | { type: 'userBilling.manageSubscription' }
  | { type: 'userBilling.closeSubscription' }
  | { type: 'userBilling.managePaymentMethods' }
  | { type: 'userBilling.openInvoice'; invoiceId: string; format: 'page' | 'pdf' }
  /** The ready link was followed or closed. */
  | { type: 'userBilling.dismissReadyLink' };

/** A safe hosted page has answered (the `answered` states, left at once): opened, or offered as a link when it came too late. */
const OPEN_OR_OFFER = {
  always: [
    {
      guard: 'answerOpensNow',
      target: 'idle',
      actions: [
        { type: 'openHostedPage', params: ({ context }: { context: UserBillingContext }) => ({ url: present(context.answer).url }) },
        'clearAnswer',
      ],
    },
    { target: 'idle', actions: 'offerAnswer' },
  ],
} as const;

export const userBillingMachine = setup({
  types: {
    tags: {} as 'pending',
    input: {} as UserBillingInput,
    context: {} as UserBillingContext,
    events: {} as UserBillingEvent,
  },
  actors: {
    loadUserBilling: placeholderActor<UserBilling, LoadUserBillingInput>('loadUserBilling'),
    updatePaymentMethod: placeholderActor<HostedLink, LoadUserBillingInput>('updatePaymentMethod'),
    invoiceLink: placeholderActor<HostedLink, InvoiceLinkInput>('invoiceLink'),
    subscription: subscriptionMachine,
  },
  guards: {
    /** Replaced with the configured rule (https, or the local stack's own origins). */
    isSafeUrl: (_, _params: { url: string }) => false,
    /** The page behind the Manage Subscription modal cannot be used while it is open. */
    isPageInteractive: stateIn({ ready: { subscription: 'closed' } }),
    /** The answer came while the click that asked for it may still open a tab. */
    answerOpensNow: ({ context }) => present(context.answer).opensNow,
  },
  actions: {
    /** Replaced with the real opener (a new tab, noopener,noreferrer). */
    openHostedPage: placeholderAction<{ url: string }>('openHostedPage'),
    assignBilling: assign({ billing: (_, billing: UserBilling) => billing, error: () => null }),
    assignError: assign({ error: (_, { error }: { error: unknown }) => messageOf(error, UNKNOWN_ERROR_MESSAGE) }),
    assignPaymentMethodError: assign({ linkError: (_, { error }: { error: unknown }) => messageOf(error, PAYMENT_METHOD_FAILED_MESSAGE) }),
    assignInvoiceLinkError: assign({ linkError: (_, { error }: { error: unknown }) => messageOf(error, INVOICE_LINK_FAILED_MESSAGE) }),
    assignUnsafeLink: assign({ linkError: () => UNSAFE_LINK_MESSAGE }),
    clearLinkError: assign({ linkError: () => null, readyLink: () => null }),
    assignAnswer: assign({ answer: (_, answer: HostedAnswer) => answer }),
    clearAnswer: assign({ answer: () => null }),
    /** The answer, offered as a link to click. */
    offerAnswer: assign({
      readyLink: ({ context }) => context.answer && { url: context.answer.url, kind: context.answer.kind },
      answer: null,
    }),
    clearReadyLink: assign({ readyLink: () => null }),
    assignInvoiceRequest: assign({
      invoiceRequest: ({ event }) => {
        assertEvent(event, 'userBilling.openInvoice');
        return { invoiceId: event.invoiceId, format: event.format };
      },
    }),
    clearInvoiceRequest: assign({ invoiceRequest: () => null }),
    requestRefresh: raise({ type: 'userBilling.refresh' }),
  },
}).createMachine({
  id: 'userBilling',
  // The SPEC sections it implements (listed on the model coverage page, docs/STATECHARTS.md).
  meta: { spec: ['§2 Single-user billing'] },
  initial: 'loading',
  context: ({ input }) => ({
    userId: input.userId,
    billing: null,
    error: null,
    linkError: null,
    invoiceRequest: null,
    answer: null,
    readyLink: null,
  }),
  states: {
    loading: {
      tags: ['pending'],
      invoke: {
        id: 'loadUserBilling',
        src: 'loadUserBilling',
        input: ({ context }) => ({ userId: context.userId }),
        onDone: { target: 'ready', actions: { type: 'assignBilling', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'userBilling.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: { 'userBilling.dismissReadyLink': { actions: 'clearReadyLink' } },
      states: {
        data: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'userBilling.refresh': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshUserBilling',
                src: 'loadUserBilling',
                input: ({ context }) => ({ userId: context.userId }),
                onDone: { target: 'idle', actions: { type: 'assignBilling', params: ({ event }) => event.output } },
                // The billing on screen stays; the failure is shown beside it.
                onError: { target: 'idle', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
          },
        },
        subscription: {
          initial: 'closed',
          states: {
            closed: {
              on: {
                'userBilling.manageSubscription': 'open',
              },
            },
            open: {
              invoke: {
                id: 'subscription',
                src: 'subscription',
                // `ready` is entered only with the billing loaded.
                input: ({ context }) => ({ billing: present(context.billing) }),
                onDone: { target: 'closed', actions: 'requestRefresh' },
              },
              on: {
                // Closed early (Escape, the close button): the data may have changed meanwhile.
                'userBilling.closeSubscription': { target: 'closed', actions: 'requestRefresh' },
              },
            },
          },
        },
        invoiceLinks: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                // Only while the page is usable (not behind the modal).
                'userBilling.openInvoice': {
                  guard: 'isPageInteractive',
                  target: 'opening',
                  actions: ['clearLinkError', 'assignInvoiceRequest'],
                },
              },
            },
            opening: {
              tags: ['pending'],
              invoke: {
                id: 'invoiceLink',
                src: 'invoiceLink',
                // Entered only with the request assigned (assignInvoiceRequest).
                input: ({ context }) => ({ userId: context.userId, ...present(context.invoiceRequest) }),
                onDone: [
                  {
                    guard: { type: 'isSafeUrl', params: ({ event }) => ({ url: event.output.url }) },
                    target: 'answered',
                    actions: [
                      {
                        type: 'assignAnswer',
                        params: ({ context, event }) => ({ ...event.output, kind: present(context.invoiceRequest).format }),
                      },
                      'clearInvoiceRequest',
                    ],
                  },
                  { target: 'idle', actions: ['clearInvoiceRequest', 'assignUnsafeLink'] },
                ],
                onError: {
                  target: 'idle',
                  actions: ['clearInvoiceRequest', { type: 'assignInvoiceLinkError', params: ({ event }) => ({ error: event.error }) }],
                },
              },
            },
            answered: OPEN_OR_OFFER,
          },
        },
        paymentMethods: {
          initial: 'idle',
          states: {
            idle: {
              on: {
                'userBilling.managePaymentMethods': { guard: 'isPageInteractive', target: 'opening', actions: 'clearLinkError' },
              },
            },
            opening: {
              tags: ['pending'],
              invoke: {
                id: 'updatePaymentMethod',
                src: 'updatePaymentMethod',
                input: ({ context }) => ({ userId: context.userId }),
                onDone: [
                  {
                    guard: { type: 'isSafeUrl', params: ({ event }) => ({ url: event.output.url }) },
                    target: 'answered',
                    actions: { type: 'assignAnswer', params: ({ event }) => ({ ...event.output, kind: 'paymentMethods' as const }) },
                  },
                  { target: 'idle', actions: 'assignUnsafeLink' },
                ],
                onError: { target: 'idle', actions: { type: 'assignPaymentMethodError', params: ({ event }) => ({ error: event.error }) } },
              },
            },
            answered: OPEN_OR_OFFER,
          },
        },
      },
    },
  },
});

export type UserBillingActorRef = ActorRefFrom<typeof userBillingMachine>;
export type UserBillingSnapshot = SnapshotFrom<typeof userBillingMachine>;
