// @vitest-environment node
/**
 * Named scenarios of the single-user billing screen (SPEC §2 Single-user billing, §8 Billing): the
 * load and 'Try again', the Manage Subscription modal and the refresh after it, 'Manage' payment
 * methods and invoice links. Actor level, no rendering: the billing, payment-method and
 * cancellation calls are promises the scenario settles; the safe-link rule here is "https only"
 * (the configured rule is the payments service's, run in userBilling.implementations.test.ts); the
 * Manage Subscription modal is the real subscription machine, its 2 s close on a simulated clock.
 */
import { describe, expect, it } from 'vitest';
import { SimulatedClock, createActor, fromPromise } from 'xstate';
import type { UserBilling } from '../../src/contract/api';
import { subscriptionMachine, type CancelSubscriptionInput } from '../../src/machines/subscription/subscriptionMachine';
import {
  INVOICE_LINK_FAILED_MESSAGE,
  PAYMENT_METHOD_FAILED_MESSAGE,
  UNSAFE_LINK_MESSAGE,
  selectBilling,
  selectError,
  selectIsFailed,
  selectInvoiceRequest,
  selectIsLoading,
  selectIsOpeningPaymentMethods,
  selectLinkError,
  selectSubscriptionRef,
  userBillingMachine,
  selectReadyLink,
  type HostedLink,
  type InvoiceLinkInput,
  type LoadUserBillingInput,
} from '../../src/machines/userBilling';
import { LITE_USER, TRIAL_USER } from '../views/billing/fixtures';
import { pendingActor, settle } from './pending-actor';

const SAFE = 'https://billing.example.com/i/in1';
const HOSTED = 'https://billing.example.com/pm/session-1';
/** A hosted page's answer that came while the click that asked for it could still open a tab. */
const inTime = (url: string): HostedLink => ({ url, opensNow: true });
/** One that came after the browser stopped letting the click open a tab (a pop-up would be blocked). */
const late = (url: string): HostedLink => ({ url, opensNow: false });

function openScreen(userId = LITE_USER.userId) {
  const load = pendingActor<UserBilling, LoadUserBillingInput>();
  const paymentPage = pendingActor<HostedLink, LoadUserBillingInput>();
  const invoiceLink = pendingActor<HostedLink, InvoiceLinkInput>();
  const cancel = pendingActor<unknown, CancelSubscriptionInput>();
  const clock = new SimulatedClock();
  const opened: string[] = [];
  const actor = createActor(
    userBillingMachine.provide({
      actors: {
        loadUserBilling: load.logic,
        updatePaymentMethod: paymentPage.logic,
        invoiceLink: invoiceLink.logic,
        subscription: subscriptionMachine.provide({ actors: { cancelSubscription: cancel.logic } }),
      },
      guards: { isSafeUrl: (_, params: { url: string }) => params.url.startsWith('https://') },
      actions: { openHostedPage: (_, params: { url: string }) => void opened.push(params.url) },
    }),
    { input: { userId }, clock },
  ).start();
  const loaded = async (billing: UserBilling = LITE_USER) => {
    load.last().resolve(billing);
    await settle();
  };
  return { actor, load, paymentPage, invoiceLink, cancel, clock, opened, loaded, snapshot: () => actor.getSnapshot() };
}

describe('the single-user billing screen', () => {
  it("shows 'Loading user billing...' until the member's billing arrives, then shows it", async () => {
    const { load, loaded, snapshot } = openScreen('u-trial');
    expect(load.calls.map((c) => c.input)).toEqual([{ userId: 'u-trial' }]);
    expect(selectIsLoading(snapshot())).toBe(true);
    expect(snapshot().hasTag('pending')).toBe(true);
    expect(selectBilling(snapshot())).toBeNull();
    await loaded(TRIAL_USER);
    expect(selectIsLoading(snapshot())).toBe(false);
    expect(selectBilling(snapshot())).toEqual(TRIAL_USER);
    expect(selectError(snapshot())).toBeNull();
  });

  it("a failed load shows 'Error loading user billing' with the message (or 'Unknown error'), and 'Try again' loads again", async () => {
    const { actor, load, loaded, snapshot } = openScreen();
    load.last().reject(new Error('HTTP 500: Internal Server Error'));
    await settle();
    expect(selectIsFailed(snapshot())).toBe(true);
    expect(selectError(snapshot())).toBe('HTTP 500: Internal Server Error');

    actor.send({ type: 'userBilling.retry' });
    expect(selectIsLoading(snapshot())).toBe(true);
    expect(selectError(snapshot())).toBeNull();
    load.last().reject({ nothing: 'useful' });
    await settle();
    expect(selectError(snapshot())).toBe('Unknown error');

    actor.send({ type: 'userBilling.retry' });
    await loaded();
    expect(load.calls).toHaveLength(3);
    expect(selectError(snapshot())).toBeNull();
    expect(selectBilling(snapshot())).toEqual(LITE_USER);
  });

  it("'Manage Subscription' opens the modal on the member's billing; 2 s after a change succeeds the modal closes and the billing is read again", async () => {
    const { actor, load, cancel, clock, loaded, snapshot } = openScreen();
    await loaded();
    expect(selectSubscriptionRef(snapshot())).toBeUndefined();
    actor.send({ type: 'userBilling.manageSubscription' });
    const modal = selectSubscriptionRef(snapshot());
    expect(modal?.getSnapshot().context).toMatchObject({ userId: LITE_USER.userId, userName: LITE_USER.name });
    modal?.send({ type: 'subscription.cancelAtPeriodEnd', reason: '' });
    cancel.last().resolve({});
    await settle();
    expect(modal?.getSnapshot().value).toBe('succeeded');
    clock.increment(1999);
    expect(selectSubscriptionRef(snapshot())).toBeDefined();
    expect(load.calls).toHaveLength(1);
    clock.increment(1);
    expect(snapshot().matches({ ready: { subscription: 'closed', data: 'refreshing' } })).toBe(true);
    expect(selectSubscriptionRef(snapshot())).toBeUndefined();
    expect(load.calls).toHaveLength(2);
    const renewed = {
      ...LITE_USER,
      subscription: { ...(LITE_USER.subscription as NonNullable<UserBilling['subscription']>), cancelAtPeriodEnd: true },
    };
    load.last().resolve(renewed);
    await settle();
    expect(snapshot().matches({ ready: { data: 'idle' } })).toBe(true);
    expect(selectBilling(snapshot())).toEqual(renewed);
  });

  it('closing the modal early reads the billing again too, and the billing stays on screen meanwhile', async () => {
    const { actor, load, loaded, snapshot } = openScreen();
    await loaded();
    actor.send({ type: 'userBilling.manageSubscription' });
    actor.send({ type: 'userBilling.closeSubscription' });
    expect(snapshot().matches({ ready: { subscription: 'closed', data: 'refreshing' } })).toBe(true);
    expect(load.last().input).toEqual({ userId: LITE_USER.userId });
    expect(selectIsLoading(snapshot())).toBe(false);
    expect(selectBilling(snapshot())).toEqual(LITE_USER);
    expect(load.calls).toHaveLength(2);
  });

  it('a refresh that fails keeps the billing on screen and shows the error beside it (hidden while trying again)', async () => {
    const { actor, load, loaded, snapshot } = openScreen();
    await loaded();
    actor.send({ type: 'userBilling.refresh' });
    load.last().reject(new Error('Network down'));
    await settle();
    expect(selectBilling(snapshot())).toEqual(LITE_USER);
    expect(selectError(snapshot())).toBe('Network down');
    actor.send({ type: 'userBilling.refresh' });
    expect(selectError(snapshot())).toBeNull();
    await loaded();
    expect(selectError(snapshot())).toBeNull();
  });

  it("'Manage' payment methods opens the hosted page the API gives, and only an https one", async () => {
    const { actor, paymentPage, opened, loaded, snapshot } = openScreen();
    await loaded();
    actor.send({ type: 'userBilling.managePaymentMethods' });
    expect(selectIsOpeningPaymentMethods(snapshot())).toBe(true);
    expect(snapshot().hasTag('pending')).toBe(true);
    expect(paymentPage.calls.map((c) => c.input)).toEqual([{ userId: LITE_USER.userId }]);
    paymentPage.last().resolve(inTime(HOSTED));
    await settle();
    expect(selectIsOpeningPaymentMethods(snapshot())).toBe(false);
    expect(opened).toEqual([HOSTED]);
    expect(selectLinkError(snapshot())).toBeNull();

    actor.send({ type: 'userBilling.managePaymentMethods' });
    paymentPage.last().resolve(inTime('http://billing.example.com/pm'));
    await settle();
    expect(opened).toEqual([HOSTED]);
    expect(selectLinkError(snapshot())).toBe(UNSAFE_LINK_MESSAGE);
    expect(UNSAFE_LINK_MESSAGE).toBe('This link cannot be opened because it is not a secure (https) address.');

    actor.send({ type: 'userBilling.managePaymentMethods' });
    expect(selectLinkError(snapshot())).toBeNull();
  });

  it(`a payment-method page that cannot be had shows the message, or '${PAYMENT_METHOD_FAILED_MESSAGE}'`, async () => {
    const { actor, paymentPage, loaded, snapshot } = openScreen();
    await loaded();
    actor.send({ type: 'userBilling.managePaymentMethods' });
    paymentPage.last().reject(new Error('No Stripe customer'));
    await settle();
    expect(selectLinkError(snapshot())).toBe('No Stripe customer');
    actor.send({ type: 'userBilling.managePaymentMethods' });
    paymentPage.last().reject(new Error(''));
    await settle();
    expect(selectLinkError(snapshot())).toBe('Failed to update payment method');
    expect(selectError(snapshot())).toBeNull();
  });

  it("'View Invoice' and 'Download PDF' ask for a fresh link (links expire), then open it if secure, or say why not", async () => {
    const { actor, invoiceLink, opened, loaded, snapshot } = openScreen();
    await loaded();
    actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'page' });
    expect(selectInvoiceRequest(snapshot())).toEqual({ invoiceId: 'in1', format: 'page' });
    expect(invoiceLink.last().input).toEqual({ userId: 'u-lite', invoiceId: 'in1', format: 'page' });
    expect(opened).toEqual([]);
    invoiceLink.last().resolve(late('javascript:alert(1)'));
    await settle();
    expect(opened).toEqual([]);
    expect(selectLinkError(snapshot())).toBe(UNSAFE_LINK_MESSAGE);
    expect(selectInvoiceRequest(snapshot())).toBeNull();

    actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'pdf' });
    expect(selectLinkError(snapshot())).toBeNull();
    expect(invoiceLink.last().input).toEqual({ userId: 'u-lite', invoiceId: 'in1', format: 'pdf' });
    invoiceLink.last().resolve(inTime(`${SAFE}.pdf`));
    await settle();
    expect(opened).toEqual([`${SAFE}.pdf`]);
    // A hosted link is a bearer link to the member's billing page: once it opened, none is kept.
    expect(snapshot().context.answer).toBeNull();
    expect(selectReadyLink(snapshot())).toBeNull();

    actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'page' });
    invoiceLink.last().reject({ status: 503 });
    await settle();
    expect(selectLinkError(snapshot())).toBe(INVOICE_LINK_FAILED_MESSAGE);
    expect(opened).toHaveLength(1);
  });

  it('a link that answers too late to open by itself is offered as a link to click, until followed, dismissed or replaced', async () => {
    const { actor, invoiceLink, paymentPage, opened, loaded, snapshot } = openScreen();
    await loaded();
    actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'pdf' });
    invoiceLink.last().resolve(late(`${SAFE}.pdf`));
    await settle();
    expect(opened).toEqual([]);
    expect(selectReadyLink(snapshot())).toEqual({ url: `${SAFE}.pdf`, kind: 'pdf' });
    expect(selectInvoiceRequest(snapshot())).toBeNull();
    expect(selectLinkError(snapshot())).toBeNull();
    expect(snapshot().matches({ ready: { invoiceLinks: 'idle' } })).toBe(true);
    actor.send({ type: 'userBilling.dismissReadyLink' });
    expect(selectReadyLink(snapshot())).toBeNull();

    // Asking for another page replaces the offer, and one that answers in time opens by itself.
    actor.send({ type: 'userBilling.managePaymentMethods' });
    paymentPage.last().resolve(late(HOSTED));
    await settle();
    expect(selectReadyLink(snapshot())).toEqual({ url: HOSTED, kind: 'paymentMethods' });
    actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'page' });
    expect(selectReadyLink(snapshot())).toBeNull();
    invoiceLink.last().resolve(inTime(SAFE));
    await settle();
    expect(opened).toEqual([SAFE]);
    expect(selectReadyLink(snapshot())).toBeNull();

    // An unsafe link is refused whenever it comes: never offered.
    actor.send({ type: 'userBilling.managePaymentMethods' });
    paymentPage.last().resolve(late('http://billing.example.com/pm'));
    await settle();
    expect(selectReadyLink(snapshot())).toBeNull();
    expect(selectLinkError(snapshot())).toBe(UNSAFE_LINK_MESSAGE);
  });

  it('the page behind the Manage Subscription modal does nothing: no payment-method page, no invoice link', async () => {
    const { actor, paymentPage, invoiceLink, opened, loaded } = openScreen();
    await loaded();
    actor.send({ type: 'userBilling.manageSubscription' });
    actor.send({ type: 'userBilling.managePaymentMethods' });
    actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'page' });
    expect(paymentPage.calls).toHaveLength(0);
    expect(invoiceLink.calls).toHaveLength(0);
    expect(opened).toEqual([]);
    expect(actor.getSnapshot().matches({ ready: { paymentMethods: 'idle', invoiceLinks: 'idle', subscription: 'open' } })).toBe(true);
  });
});

describe('the billing screen without its implementations', () => {
  it('says which one is missing, and opens no link until the safe-link rule is configured', async () => {
    const opened: string[] = [];
    const actor = createActor(
      userBillingMachine.provide({
        actors: { loadUserBilling: fromPromise(async () => LITE_USER), invoiceLink: fromPromise(async () => inTime(SAFE)) },
        actions: { openHostedPage: (_, params: { url: string }) => void opened.push(params.url) },
      }),
      { input: { userId: LITE_USER.userId } },
    ).start();
    await settle();
    actor.send({ type: 'userBilling.openInvoice', invoiceId: 'in1', format: 'page' });
    await settle();
    expect(opened).toEqual([]);
    expect(selectLinkError(actor.getSnapshot())).toBe(UNSAFE_LINK_MESSAGE);
    actor.send({ type: 'userBilling.managePaymentMethods' });
    await settle();
    expect(selectLinkError(actor.getSnapshot())).toBe('The "updatePaymentMethod" actor is not provided');

    const bare = createActor(userBillingMachine, { input: { userId: 'u-1' } }).start();
    await settle();
    expect(selectError(bare.getSnapshot())).toBe('The "loadUserBilling" actor is not provided');
  });
});
