/**
 * A Stripe.js test double. Stripe.js is a boundary we don't own (a script from js.stripe.com that
 * talks to Stripe's servers), so tests replace it with this double; everything on our side of
 * the boundary (@stripe/stripe-js/pure, @stripe/react-stripe-js, our machines and views) is real.
 *
 * `installStripeDouble(window)` defines `window.Stripe` the way Stripe.js does and exposes a
 * control object as `window.__stripeDouble`. It has no outer references, so the same function
 * serves:
 * - vitest: `installStripeDouble(window)` then `window.Stripe(key)`, or `createFakeStripe()`;
 * - Playwright: `stripeDoubleScript()` is the body served for https://js.stripe.com/** through
 *   `page.route` (so the app's lazy script injection really happens), or pass the function to
 *   `page.addInitScript`.
 *
 * The double checks what react-stripe-js checks (`elements`, `createToken`, `createPaymentMethod`,
 * `confirmCardPayment`); `elements().create('payment')` mounts a visible stand-in and fires
 * 'ready'; `confirmSetup` answers what the test scripted in `control.next`.
 */
import type { Stripe } from '@stripe/stripe-js';

export type ConfirmOutcome = { status: 'succeeded' | 'processing' | 'requires_payment_method' | 'requires_action' } | { error: string };

interface ConfirmCall {
  clientSecret: string | null;
  redirect: string | null;
  returnUrl: string | null;
  hadElements: boolean;
}

export interface StripeDoubleControl {
  /** The publishable keys `Stripe(key)` was called with. */
  keys: string[];
  /** What the next confirmSetup answers (default: succeeded). */
  next: ConfirmOutcome;
  /** While true, confirmSetup stays pending until `release()`. */
  hold: boolean;
  release(): void;
  calls: ConfirmCall[];
  /** Milliseconds between mount and the element's 'ready' event. */
  readyDelayMs: number;
  /** While true, mounted elements wait for `fireReady()` before 'ready'. */
  holdReady: boolean;
  fireReady(): void;
  mounted: number;
}

export interface StripeDoubleWindow {
  Stripe?: unknown;
  __stripeDouble?: StripeDoubleControl;
  document: Document;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

/** Installs the double on `win` (idempotent) and returns its control object. */
export function installStripeDouble(win: StripeDoubleWindow): StripeDoubleControl {
  if (win.__stripeDouble) return win.__stripeDouble;
  let pendingRelease: Array<() => void> = [];
  let pendingReady: Array<() => void> = [];
  const control: StripeDoubleControl = {
    keys: [],
    next: { status: 'succeeded' },
    hold: false,
    release: function () {
      const list = pendingRelease;
      pendingRelease = [];
      for (let i = 0; i < list.length; i += 1) list[i]!();
    },
    calls: [],
    readyDelayMs: 0,
    holdReady: false,
    fireReady: function () {
      const list = pendingReady;
      pendingReady = [];
      for (let i = 0; i < list.length; i += 1) list[i]!();
    },
    mounted: 0,
  };
  win.__stripeDouble = control;

  type Handler = (payload?: unknown) => void;

  const createElement = function (type: string) {
    const handlers: Record<string, Handler[]> = {};
    let ready = false;
    let node: HTMLElement | null = null;
    const emit = function (event: string) {
      const list = (handlers[event] || []).slice();
      for (let i = 0; i < list.length; i += 1) list[i]!({ elementType: type });
    };
    const element = {
      on: function (event: string, handler: Handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        if (event === 'ready' && ready) {
          win.setTimeout(function () {
            handler({ elementType: type });
          }, 0);
        }
        return element;
      },
      off: function (event: string, handler?: Handler) {
        handlers[event] = handler ? (handlers[event] || []).filter((h) => h !== handler) : [];
        return element;
      },
      once: function (event: string, handler: Handler) {
        return element.on(event, handler);
      },
      mount: function (target: HTMLElement | string) {
        const host = typeof target === 'string' ? win.document.querySelector<HTMLElement>(target) : target;
        if (!host) throw new Error('Stripe double: mount target not found');
        node = win.document.createElement('div');
        node.setAttribute('data-testid', 'stripe-payment-element');
        node.setAttribute('role', 'group');
        node.setAttribute('aria-label', 'Card details (Stripe test double)');
        node.textContent = 'Test card •••• 4242 — 12/34 — CVC 123';
        host.appendChild(node);
        control.mounted += 1;
        const becomeReady = function () {
          if (!node) return;
          ready = true;
          emit('ready');
        };
        if (control.holdReady) pendingReady.push(becomeReady);
        // The double of Stripe.js (a boundary we do not own) takes a while to become ready, as the real one does.
        // eslint-disable-next-line no-restricted-syntax
        else win.setTimeout(becomeReady, control.readyDelayMs);
      },
      unmount: function () {
        if (node && node.parentNode) node.parentNode.removeChild(node);
        node = null;
      },
      destroy: function () {
        element.unmount();
      },
      update: function () {},
      focus: function () {},
      blur: function () {},
      clear: function () {},
      collapse: function () {},
    };
    return element;
  };

  const Stripe = function (key: string) {
    control.keys.push(key);
    const stripe = {
      elements: function (options?: { clientSecret?: string }) {
        const clientSecret = options && options.clientSecret ? options.clientSecret : null;
        return {
          __clientSecret: clientSecret,
          create: function (type: string) {
            return createElement(type);
          },
          getElement: function () {
            return null;
          },
          update: function () {},
          fetchUpdates: function () {
            return Promise.resolve({});
          },
          submit: function () {
            return Promise.resolve({});
          },
        };
      },
      confirmSetup: function (options: {
        elements?: { __clientSecret?: string | null };
        clientSecret?: string;
        redirect?: string;
        confirmParams?: { return_url?: string };
      }) {
        const clientSecret = (options.elements && options.elements.__clientSecret) || options.clientSecret || null;
        control.calls.push({
          clientSecret: clientSecret,
          redirect: options.redirect || null,
          returnUrl: options.confirmParams && options.confirmParams.return_url ? options.confirmParams.return_url : null,
          hadElements: Boolean(options.elements),
        });
        const outcome = control.next;
        const answer = function () {
          if ('error' in outcome) {
            return { error: { type: 'card_error', code: 'card_declined', message: outcome.error } };
          }
          const id = clientSecret ? clientSecret.split('_secret_')[0] : 'seti_double';
          return { setupIntent: { id: id, object: 'setup_intent', status: outcome.status, client_secret: clientSecret } };
        };
        if (!control.hold) return Promise.resolve(answer());
        return new Promise(function (resolve) {
          pendingRelease.push(function () {
            resolve(answer());
          });
        });
      },
      createToken: function () {
        return Promise.resolve({ error: { message: 'not supported by the double' } });
      },
      createPaymentMethod: function () {
        return Promise.resolve({ error: { message: 'not supported by the double' } });
      },
      confirmCardPayment: function () {
        return Promise.resolve({ error: { message: 'not supported by the double' } });
      },
      registerAppInfo: function () {},
      _registerWrapper: function () {},
    };
    return stripe;
  };
  // @stripe/stripe-js compares this with the release train it expects.
  (Stripe as unknown as { version: string }).version = 'endive';
  win.Stripe = Stripe;
  return control;
}

/** The JavaScript to serve for https://js.stripe.com/** in a browser test. */
export function stripeDoubleScript(): string {
  return `(${installStripeDouble.toString()})(window);`;
}

/** A Stripe object from the double, for unit and model tests (jsdom). */
export function createFakeStripe(win: StripeDoubleWindow = window as unknown as StripeDoubleWindow): {
  stripe: Stripe;
  control: StripeDoubleControl;
} {
  const control = installStripeDouble(win);
  const factory = win.Stripe as (key: string) => unknown;
  return { stripe: factory('pk_test_double') as Stripe, control };
}

/** Removes the double from `win` (between tests). */
export function uninstallStripeDouble(win: StripeDoubleWindow = window as unknown as StripeDoubleWindow): void {
  delete win.Stripe;
  delete win.__stripeDouble;
}
