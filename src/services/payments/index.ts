/**
 * Payments: Stripe.js (card setup in the Manage Subscription payment step) and the hosted billing
 * pages (invoices, PDFs, the payment-method page).
 *
 * Stripe.js is loaded through `@stripe/stripe-js/pure`, which injects Stripe's script only when
 * `load()` is first called (the plain entry injects it as soon as the module is imported), so a
 * visitor who never opens the payment step never downloads it. The loader itself is imported on
 * that first call too, so it is not part of the /login JavaScript.
 */
import type { SetupIntent, Stripe, StripeElements } from '@stripe/stripe-js';
import { safeExternalUrl } from '../../domain/urls';
import { loadOnce } from '../loadOnce';

export const STRIPE_LOAD_FAILED_MESSAGE =
  'The payment form could not be loaded (Stripe.js is unavailable). Check your connection and try again.';
export const PAYMENT_SETUP_FAILED_MESSAGE = 'Payment setup failed';

export interface ConfirmSetupInput {
  stripe: Stripe;
  elements: StripeElements;
}

/** What the console needs of a confirmed setup: its id and the provider's status. */
export interface ConfirmedSetup {
  setupIntentId: string;
  status: SetupIntent.Status;
}

export interface PaymentsService {
  /** Stripe.js with the configured publishable key; loaded once, retried after a failure. Rejects with STRIPE_LOAD_FAILED_MESSAGE. */
  load(): Promise<Stripe>;
  /**
   * Confirms the setup intent of the mounted Payment Element, redirecting only when the payment
   * method requires it, back to the dashboard on this origin. Rejects with the provider's message,
   * or 'Payment setup failed'.
   */
  confirmSetup(input: ConfirmSetupInput): Promise<ConfirmedSetup>;
  /** The URL to open when it is a hosted page we may open (https, or the local stack's own origin); else null. */
  hostedPageUrl(url: string | null | undefined): string | null;
  /** Opens a hosted page in a new tab with noopener,noreferrer; false (nothing opened) when the URL is refused. */
  openHostedPage(url: string): boolean;
  /**
   * Whether the tab may still open a new tab on the visitor's behalf: the click that asked for the
   * page is recent enough (the browser's transient user activation: 5 s in Chrome, less in Safari).
   * A page asked for by a click opens only after the API has answered; a later answer would be
   * blocked as a pop-up, so the screen offers a link to click instead. True where the browser does
   * not say (no `navigator.userActivation`).
   */
  mayOpenTab(): boolean;
}

export interface PaymentsConfig {
  stripePublishableKey: string;
  trustedOrigins: readonly string[];
}

/** The browser surface the service uses (a parameter so tests can observe it). */
interface PaymentsWindow {
  location: { origin: string };
  open(url: string, target: string, features: string): unknown;
  navigator?: { userActivation?: { readonly isActive: boolean } };
}

export interface PaymentsDependencies {
  /** Defaults to `loadStripe` from @stripe/stripe-js/pure. */
  loadStripe?: (publishableKey: string) => Promise<Stripe | null>;
  /** Defaults to `window`. */
  window?: PaymentsWindow;
}

export function createPayments(config: PaymentsConfig, deps: PaymentsDependencies = {}): PaymentsService {
  const load = deps.loadStripe ?? (async (key: string) => (await import('@stripe/stripe-js/pure')).loadStripe(key));
  const win = (): PaymentsWindow => deps.window ?? window;
  // Fetched once; a failed load is forgotten, so opening the payment step again tries again.
  const loadStripeOnce = loadOnce(() =>
    load(config.stripePublishableKey).then(
      (instance) => {
        if (!instance) throw new Error(STRIPE_LOAD_FAILED_MESSAGE);
        return instance;
      },
      (cause: unknown) => {
        throw new Error(STRIPE_LOAD_FAILED_MESSAGE, { cause });
      },
    ),
  );

  const hostedPageUrl = (url: string | null | undefined): string | null => safeExternalUrl(url, { allowedOrigins: config.trustedOrigins });

  return {
    load: loadStripeOnce,

    async confirmSetup({ stripe: instance, elements }) {
      const result = await instance.confirmSetup({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${win().location.origin}/` },
      });
      if (result.error) {
        const message = result.error.message;
        throw new Error(typeof message === 'string' && message.trim() !== '' ? message : PAYMENT_SETUP_FAILED_MESSAGE);
      }
      return { setupIntentId: result.setupIntent.id, status: result.setupIntent.status };
    },

    hostedPageUrl,

    openHostedPage(url) {
      const safe = hostedPageUrl(url);
      if (safe === null) return false;
      win().open(safe, '_blank', 'noopener,noreferrer');
      return true;
    },

    mayOpenTab() {
      return win().navigator?.userActivation?.isActive ?? true;
    },
  };
}
