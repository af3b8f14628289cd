// @vitest-environment node
/**
 * The single-user billing machine with its real implementations: the real API client with only
 * `fetch` (the network) replaced, and the real payments service with only the browser window (its
 * `open`) replaced; both are boundaries we don't own. What the screen asks of the API, and what it
 * opens in a new tab.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Services } from '../../src/services';
import { createPayments } from '../../src/services/payments';
import { UNSAFE_LINK_MESSAGE, userBillingImplementations, userBillingMachine } from '../../src/machines/userBilling';
import { apiOverFetch, jsonResponse } from '../support/api';
import { LITE_USER } from '../views/billing/fixtures';

function openScreen(hostedUrl: string, invoiceUrls: string[] = []) {
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  const fetchDouble: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    requests.push({ method: request.method, path: url.pathname, body: text === '' ? undefined : JSON.parse(text) });
    if (url.pathname.endsWith('/update-payment-method')) return jsonResponse(200, { hostedUrl });
    if (url.pathname.endsWith('/invoice-link')) return jsonResponse(200, { url: invoiceUrls.shift() ?? '' });
    return jsonResponse(200, LITE_USER);
  };
  const open = vi.fn<(url: string, target: string, features: string) => unknown>();
  const services = {
    api: apiOverFetch(fetchDouble),
    payments: createPayments(
      { stripePublishableKey: 'pk_test_1', trustedOrigins: ['http://127.0.0.1:5173'] },
      { window: { location: { origin: 'http://127.0.0.1:5173' }, open } },
    ),
  } as unknown as Services;
  const actor = createActor(userBillingMachine.provide(userBillingImplementations(services)), {
    input: { userId: LITE_USER.userId },
  }).start();
  const idle = () => waitFor(actor, (s) => s.matches({ ready: { paymentMethods: 'idle', invoiceLinks: 'idle', data: 'idle' } }));
  return { actor, requests, open, idle };
}

describe('single-user billing over the API client and the payments service', () => {
  it("loads the member's billing, and 'Manage' opens the hosted payment-method page in a new tab without an opener", async () => {
    const { actor, requests, open, idle } = openScreen('https://billing.stripe.test/p/session_1');
    expect((await idle()).context.billing).toEqual(LITE_USER);
    actor.send({ type: 'userBilling.managePaymentMethods' });
    await waitFor(actor, (s) => s.matches({ ready: { paymentMethods: 'opening' } }));
    const after = await idle();
    expect(requests).toEqual([
      { method: 'POST', path: '/api/admin/billing/user', body: { userId: LITE_USER.userId } },
      { method: 'POST', path: '/api/admin/billing/update-payment-method', body: { userId: LITE_USER.userId } },
    ]);
    expect(open.mock.calls).toEqual([['https://billing.stripe.test/p/session_1', '_blank', 'noopener,noreferrer']]);
    expect(after.context.linkError).toBeNull();
  });

  it('refuses a payment-method page or an invoice link that is not https (nor the stack’s own), and opens the ones that are', async () => {
    const { actor, open, idle, requests } = openScreen('http://evil.test/pay', [
      'http://127.0.0.1:5173/invoices/in1',
      'http://evil.test/invoice',
      'https://billing.stripe.test/i/in1',
    ]);
    await idle();
    actor.send({ type: 'userBilling.managePaymentMethods' });
    await waitFor(actor, (s) => s.matches({ ready: { paymentMethods: 'opening' } }));
    expect((await idle()).context.linkError).toBe(UNSAFE_LINK_MESSAGE);
    const openInvoice = async (format: 'page' | 'pdf') => {
      actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in1', format });
      await waitFor(actor, (s) => s.matches({ ready: { invoiceLinks: 'opening' } }));
      return idle();
    };
    expect((await openInvoice('page')).context.linkError).toBeNull();
    expect((await openInvoice('pdf')).context.linkError).toBe(UNSAFE_LINK_MESSAGE);
    expect((await openInvoice('page')).context.linkError).toBeNull();
    expect(open.mock.calls.map((c) => c[0])).toEqual(['http://127.0.0.1:5173/invoices/in1', 'https://billing.stripe.test/i/in1']);
    // Each opening asked the API for a fresh link to that invoice's page or PDF.
    expect(requests.filter((r) => r.path.endsWith('/invoice-link')).map((r) => r.body)).toEqual([
      { userId: LITE_USER.userId, invoiceId: 'in1', format: 'page' },
      { userId: LITE_USER.userId, invoiceId: 'in1', format: 'pdf' },
      { userId: LITE_USER.userId, invoiceId: 'in1', format: 'page' },
    ]);
  });

  it('closing the screen aborts the load and the payment-method request still out', async () => {
    const signals: AbortSignal[] = [];
    let calls = 0;
    const fetchDouble: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      signals.push(request.signal);
      calls += 1;
      // The first load answers; the payment-method page and the refresh never do.
      return calls === 1 ? jsonResponse(200, LITE_USER) : new Promise<Response>(() => undefined);
    };
    const services = {
      api: apiOverFetch(fetchDouble),
      payments: createPayments(
        { stripePublishableKey: 'pk_test_1', trustedOrigins: [] },
        { window: { location: { origin: 'http://x' }, open: vi.fn() } },
      ),
    } as unknown as Services;
    const actor = createActor(userBillingMachine.provide(userBillingImplementations(services)), {
      input: { userId: LITE_USER.userId },
    }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'userBilling.managePaymentMethods' });
    actor.send({ type: 'userBilling.refresh' });
    await vi.waitFor(() => expect(signals).toHaveLength(3));
    actor.stop();
    expect(signals.map((s) => s.aborted)).toEqual([false, true, true]);
  });
});
