// @vitest-environment node
/**
 * The invoice links of the single-user billing screen (src/machines/userBilling): the message of a
 * link that could not be had, the server's own when it gave one, and that the real implementation
 * asks for the link with the request's abort signal. Actor level: the calls are promises the test
 * settles.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { UserBilling } from '../../src/contract/api';
import type { Services } from '../../src/services';
import {
  selectLinkError,
  userBillingImplementations,
  userBillingMachine,
  type HostedLink,
  type InvoiceLinkInput,
  type LoadUserBillingInput,
} from '../../src/machines/userBilling';
import { LITE_USER } from '../views/billing/fixtures';
import { pendingActor, settle } from './pending-actor';

async function openScreen() {
  const load = pendingActor<UserBilling, LoadUserBillingInput>();
  const invoiceLink = pendingActor<HostedLink, InvoiceLinkInput>();
  const opened: string[] = [];
  const actor = createActor(
    userBillingMachine.provide({
      actors: { loadUserBilling: load.logic, invoiceLink: invoiceLink.logic },
      guards: { isSafeUrl: (_, params: { url: string }) => params.url.startsWith('https://') },
      actions: { openHostedPage: (_, params: { url: string }) => void opened.push(params.url) },
    }),
    { input: { userId: LITE_USER.userId } },
  ).start();
  load.last().resolve(LITE_USER);
  await settle();
  return { actor, invoiceLink, opened };
}

describe('opening an invoice', () => {
  it("a link the server could not give says 'The invoice could not be opened. Try again.'", async () => {
    const { actor, invoiceLink, opened } = await openScreen();
    actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'pdf' });
    invoiceLink.last().reject({ status: 503 });
    await settle();
    expect(selectLinkError(actor.getSnapshot())).toBe('The invoice could not be opened. Try again.');
    expect(opened).toEqual([]);
  });

  it("a refusal with the server's message shows that message", async () => {
    const { actor, invoiceLink } = await openScreen();
    actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in2', format: 'page' });
    invoiceLink.last().reject(new Error('Invoice not found'));
    await settle();
    expect(selectLinkError(actor.getSnapshot())).toBe('Invoice not found');
  });

  it('the real implementation asks the API for the link with the request’s abort signal, and says whether the tab may open it now', async () => {
    const seen: unknown[][] = [];
    let activation = true;
    const services = {
      payments: { mayOpenTab: () => activation },
      api: {
        billing: {
          invoiceLink: (...args: unknown[]) => {
            seen.push(args);
            return Promise.resolve('https://billing.example.com/i/in1');
          },
        },
      },
    } as unknown as Services;
    const { invoiceLink } = userBillingImplementations(services).actors;
    const input: InvoiceLinkInput = { userId: LITE_USER.userId, invoiceId: 'in1', format: 'page' };
    const done = await waitFor(createActor(invoiceLink, { input }).start(), (s) => s.status === 'done');
    expect(done.output).toStrictEqual({ url: 'https://billing.example.com/i/in1', opensNow: true });
    expect(seen).toStrictEqual([[input, { signal: expect.any(AbortSignal) }]]);
    // Asked when the answer is here, not when the click was.
    const later = createActor(invoiceLink, { input }).start();
    activation = false;
    expect((await waitFor(later, (s) => s.status === 'done')).output).toStrictEqual({
      url: 'https://billing.example.com/i/in1',
      opensNow: false,
    });
  });
});
