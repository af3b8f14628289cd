/**
 * The payments service. Stripe.js is a boundary we don't own: these tests use the Stripe.js double
 * of tests/support/stripe (installed as window.Stripe, which @stripe/stripe-js/pure picks up
 * instead of injecting the script) or a scripted loader.
 */
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAYMENT_SETUP_FAILED_MESSAGE, STRIPE_LOAD_FAILED_MESSAGE, createPayments } from '../../../src/services/payments';
import { createFakeStripe, installStripeDouble, uninstallStripeDouble, type StripeDoubleWindow } from '../../support/stripe';

const CONFIG = { stripePublishableKey: 'pk_test_abc123', trustedOrigins: ['http://127.0.0.1:8787'] };

function recordingWindow() {
  const opened: unknown[][] = [];
  return { opened, win: { location: { origin: 'http://127.0.0.1:5173' }, open: (...args: unknown[]) => opened.push(args) } };
}

afterEach(() => uninstallStripeDouble());

describe('load', () => {
  it('does not touch Stripe.js until asked, then loads it once with the configured key (through @stripe/stripe-js/pure)', async () => {
    const control = installStripeDouble(window as unknown as StripeDoubleWindow);
    const payments = createPayments(CONFIG);
    expect(control.keys).toEqual([]);
    expect(document.querySelector('script[src^="https://js.stripe.com"]')).toBeNull();
    const stripe = await payments.load();
    expect(typeof stripe.confirmSetup).toBe('function');
    expect(control.keys).toEqual(['pk_test_abc123']);
    expect(await payments.load()).toBe(stripe);
    expect(control.keys).toHaveLength(1);
  });

  it('rejects with a clear message when Stripe.js cannot load, and tries again next time', async () => {
    const { stripe } = createFakeStripe();
    const loader = vi
      .fn<(key: string) => Promise<Stripe | null>>()
      .mockRejectedValueOnce(new Error('Failed to load Stripe.js'))
      .mockResolvedValueOnce(null)
      .mockResolvedValueOnce(stripe);
    const payments = createPayments(CONFIG, { loadStripe: loader });
    await expect(payments.load()).rejects.toThrow(STRIPE_LOAD_FAILED_MESSAGE);
    await expect(payments.load()).rejects.toThrow(STRIPE_LOAD_FAILED_MESSAGE);
    await expect(payments.load()).resolves.toBe(stripe);
    expect(loader).toHaveBeenCalledTimes(3);
    expect(loader).toHaveBeenCalledWith('pk_test_abc123');
  });
});

describe('confirmSetup', () => {
  const elementsFor = (stripe: Stripe, clientSecret: string) => stripe.elements({ clientSecret }) as StripeElements;

  it('confirms with redirect if_required and a return URL to the dashboard on this origin', async () => {
    const { stripe, control } = createFakeStripe();
    const { win } = recordingWindow();
    const payments = createPayments(CONFIG, { window: win });
    const result = await payments.confirmSetup({ stripe, elements: elementsFor(stripe, 'seti_42_secret_x') });
    expect(result).toEqual({ setupIntentId: 'seti_42', status: 'succeeded' });
    expect(control.calls).toEqual([
      { clientSecret: 'seti_42_secret_x', redirect: 'if_required', returnUrl: 'http://127.0.0.1:5173/', hadElements: true },
    ]);
  });

  it('reports a status other than succeeded as it is', async () => {
    const { stripe, control } = createFakeStripe();
    control.next = { status: 'processing' };
    const payments = createPayments(CONFIG, { window: recordingWindow().win });
    await expect(payments.confirmSetup({ stripe, elements: elementsFor(stripe, 'seti_1_secret_y') })).resolves.toEqual({
      setupIntentId: 'seti_1',
      status: 'processing',
    });
  });

  it("rejects with the provider's message, or 'Payment setup failed'", async () => {
    const { stripe, control } = createFakeStripe();
    const payments = createPayments(CONFIG, { window: recordingWindow().win });
    control.next = { error: 'Your card was declined.' };
    await expect(payments.confirmSetup({ stripe, elements: elementsFor(stripe, 's_secret_1') })).rejects.toThrow('Your card was declined.');
    control.next = { error: '' };
    await expect(payments.confirmSetup({ stripe, elements: elementsFor(stripe, 's_secret_1') })).rejects.toThrow(
      PAYMENT_SETUP_FAILED_MESSAGE,
    );
  });
});

describe('hosted pages', () => {
  it('opens https pages and the local stack’s own origin in a new tab with noopener,noreferrer', () => {
    const { opened, win } = recordingWindow();
    const payments = createPayments(CONFIG, { window: win });
    expect(payments.openHostedPage('https://invoice.stripe.com/i/abc')).toBe(true);
    expect(payments.openHostedPage('http://127.0.0.1:8787/hosted/invoices/in_1')).toBe(true);
    expect(opened).toEqual([
      ['https://invoice.stripe.com/i/abc', '_blank', 'noopener,noreferrer'],
      ['http://127.0.0.1:8787/hosted/invoices/in_1', '_blank', 'noopener,noreferrer'],
    ]);
  });

  it.each(['http://evil.example.com/i', 'javascript:alert(1)', 'data:text/html,hi', '/relative', '', 'https://user:pw@example.com/'])(
    'refuses %j and opens nothing',
    (url) => {
      const { opened, win } = recordingWindow();
      const payments = createPayments(CONFIG, { window: win });
      expect(payments.hostedPageUrl(url)).toBeNull();
      expect(payments.openHostedPage(url)).toBe(false);
      expect(opened).toEqual([]);
    },
  );

  it("may open a tab while the browser's user activation lasts, and says so where the browser does not tell", () => {
    const userActivation = { isActive: true };
    const { win } = recordingWindow();
    const payments = createPayments(CONFIG, { window: { ...win, navigator: { userActivation } } });
    expect(payments.mayOpenTab()).toBe(true);
    // The click that asked is too old now (5 s in Chrome, less in Safari): a new tab would be blocked as a pop-up.
    userActivation.isActive = false;
    expect(payments.mayOpenTab()).toBe(false);
    expect(createPayments(CONFIG, { window: win }).mayOpenTab()).toBe(true);
    expect(createPayments(CONFIG, { window: { ...win, navigator: {} } }).mayOpenTab()).toBe(true);
  });
});
