/**
 * Billing against the local stack: real sign-in, the reference API's billing model and its hosted
 * pages. Stripe.js is a boundary we don't own: requests for https://js.stripe.com/** are answered
 * with the Stripe.js double of tests/support/stripe (page.route), so the console's lazy script
 * injection really happens and the test scripts what confirmSetup answers.
 *
 * The stack is shared by the whole run and these tests change billing state, so each test picks
 * its own seeded member by state (through the API, with the admin's token) and never reuses one.
 */
import type { Page, Route } from '@playwright/test';
import type { UserBilling, UserListResponse } from '../../src/contract/api';
import { signInAsAdmin, type ApiSession } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';
import { showPrice } from '../support/e2e/billing';
import { stripeDoubleScript, type ConfirmOutcome } from '../support/stripe';

/**
 * Every member's billing, read through the API as the console reads it, through every page (other
 * tests add crews of members, newest first, which can push the seed's members off the first page).
 */
async function allBilling(page: Page, session: ApiSession): Promise<UserBilling[]> {
  const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
  const users: UserListResponse['users'] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const list = (await (
      await page.request.get(`${session.apiUrl}/api/users?limit=100&page=${pageNo}`, { headers })
    ).json()) as UserListResponse;
    users.push(...list.users);
    if (list.users.length < 100) break;
  }
  const out: UserBilling[] = [];
  for (const user of users) {
    const res = await page.request.post(`${session.apiUrl}/api/admin/billing/user`, { headers, data: { userId: user.userId } });
    if (res.ok()) out.push((await res.json()) as UserBilling);
  }
  return out;
}

/** Claims a member in a given state for this test (the first match after `skip` others). */
async function pick(page: Page, session: ApiSession, what: string, match: (b: UserBilling) => boolean, skip = 0): Promise<UserBilling> {
  const found = (await allBilling(page, session)).filter(match);
  const billing = found[skip];
  if (!billing) throw new Error(`The seed has no member who is ${what}`);
  return billing;
}

const activeLite = (b: UserBilling) =>
  b.accessLevel === 'lite' && b.subscription?.status === 'active' && !b.subscription.cancelAtPeriodEnd && b.paymentMethods.length > 0;
const activePro = (b: UserBilling) =>
  b.accessLevel === 'pro' && b.subscription?.status === 'active' && !b.subscription.cancelAtPeriodEnd && b.paymentMethods.length > 0;
/**
 * On a trial of `plan` without a card. The upgrade test takes a Lite trial (and upgrades it: a second
 * run takes the next one); the Stripe.js failure test takes a Pro trial (and changes nothing).
 */
const trialWithoutCard = (plan: UserBilling['accessLevel']) => (b: UserBilling) =>
  b.subscription?.status === 'trialing' && b.subscription.planType === plan && b.paymentMethods.length === 0;

/** Serves the Stripe.js double for js.stripe.com and records when it was asked for. */
async function routeStripe(page: Page): Promise<{ requested: () => number }> {
  let requested = 0;
  await page.route('https://js.stripe.com/**', async (route) => {
    requested += 1;
    await route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeDoubleScript() });
  });
  return { requested: () => requested };
}

async function scriptConfirm(page: Page, outcome: ConfirmOutcome): Promise<void> {
  await page.evaluate((next) => {
    const control = (window as unknown as { __stripeDouble: { next: unknown } }).__stripeDouble;
    control.next = next;
  }, outcome);
}

async function openBilling(page: Page, billing: UserBilling) {
  await page.goto(`/billing/user/${billing.userId}`);
  await expect(page.getByRole('heading', { name: billing.name })).toBeVisible();
}

async function openModal(page: Page, billing: UserBilling) {
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: `Manage Subscription - ${billing.name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('billing @billing', () => {
  test('upgrades a Lite user to Pro; the modal shows success, then closes and the page refreshes @billing', async ({ page, stack }) => {
    const session = await signInAsAdmin(page, stack);
    const user = await pick(page, session, 'on an active Lite plan with a card', activeLite);
    await openBilling(page, user);
    const status = page.getByRole('region', { name: 'Subscription Status' });
    await expect(status).toContainText('Hardline Lite');
    const dialog = await openModal(page, user);
    await expect(dialog.getByRole('radio', { name: /Hardline Lite/ })).toBeChecked();
    await dialog.getByText('Hardline Pro', { exact: true }).click();
    // The price before anything is charged (issue 39): the prorated difference now, then Pro's price.
    await expect(await showPrice(dialog)).toHaveText(
      /^You'll be charged \$\d+\.\d{2} today \(prorated\), then \$129\.99\/month from [A-Z][a-z]+ \d{1,2}, \d{4}$/,
    );
    // Nothing has changed yet: the modal's current status is still Lite.
    await expect(dialog.getByTestId('current-status')).toContainText('Hardline Lite');
    await dialog.getByRole('button', { name: 'Update Subscription' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/Subscription updated to Hardline Pro/);
    await expect(dialog).toBeHidden();
    await expect(status).toContainText('Hardline Pro');
    await expect(page.getByTestId('access-level')).toHaveText('Pro');
  });

  test('a trial user without a card needs payment setup; a setup that does not succeed is refused, then it succeeds and upgrades @billing', async ({
    page,
    stack,
  }) => {
    const stripe = await routeStripe(page);
    const session = await signInAsAdmin(page, stack);
    const user = await pick(page, session, 'on a Lite trial without a card', trialWithoutCard('lite'));
    await openBilling(page, user);
    await expect(page.getByText('No payment methods on file')).toBeVisible();
    const dialog = await openModal(page, user);
    expect(stripe.requested()).toBe(0); // Stripe.js is loaded only when the payment step opens.
    await dialog.getByText('Hardline Pro', { exact: true }).click();
    await showPrice(dialog);
    await dialog.getByRole('button', { name: 'Update Subscription' }).click();

    await expect(
      dialog.getByText('Payment Method Required: This user is on a trial and needs a payment method to update to a paid plan.'),
    ).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Update Subscription' })).toHaveCount(0);
    await expect(dialog.getByTestId('stripe-payment-element')).toBeVisible();
    expect(stripe.requested()).toBeGreaterThan(0);
    const submit = dialog.getByRole('button', { name: 'Setup Payment & Update to Hardline Pro' });
    await expect(submit).toBeEnabled();

    await scriptConfirm(page, { status: 'processing' });
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('Payment setup was not completed successfully');

    await scriptConfirm(page, { error: 'Your card was declined.' });
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('Your card was declined.');

    const calls = await page.evaluate(() => (window as unknown as { __stripeDouble: { calls: unknown[] } }).__stripeDouble.calls);
    expect(calls[0]).toMatchObject({ redirect: 'if_required', returnUrl: `${new URL(stack.webUrl).origin}/`, hadElements: true });

    await scriptConfirm(page, { status: 'succeeded' });
    await submit.click();
    await expect(dialog.getByRole('status')).toHaveText('Payment method added and subscription updated successfully');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Subscription Status' })).toContainText('Hardline Pro');
    await expect(page.getByRole('region', { name: 'Payment Methods' })).toContainText('•••• 4242');
  });

  test.describe('with Stripe.js unreachable', () => {
    // The blocked script load is logged by Chromium; that one console error is the point of the test.
    test.use({ allowedConsoleErrors: [/Failed to load resource: net::ERR_CONNECTION_REFUSED/] });

    test('the payment step says so when Stripe.js cannot load, and Cancel returns to the buttons @billing', async ({ page, stack }) => {
      await page.route('https://js.stripe.com/**', (route) => route.abort('connectionrefused'));
      const session = await signInAsAdmin(page, stack);
      const user = await pick(page, session, 'on a Pro trial without a card', trialWithoutCard('pro'));
      await openBilling(page, user);
      const dialog = await openModal(page, user);
      await dialog.getByText('Hardline Lite', { exact: true }).click();
      await showPrice(dialog);
      await dialog.getByRole('button', { name: 'Update Subscription' }).click();
      await expect(dialog.getByRole('alert')).toContainText('The payment form could not be loaded');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog.getByRole('button', { name: 'Update Subscription' })).toBeEnabled();
    });
  });

  test('cancels at period end, then reactivates @billing', async ({ page, stack }) => {
    const session = await signInAsAdmin(page, stack);
    const user = await pick(page, session, 'on an active Pro plan', activePro);
    await openBilling(page, user);
    let dialog = await openModal(page, user);
    await dialog.getByLabel('Cancellation reason (optional)').fill('Seasonal crew');
    await dialog.getByRole('button', { name: 'Cancel at Period End' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Subscription will cancel at period end');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cancelling-flag')).toHaveText(/Cancelling\s*At period end/);

    dialog = await openModal(page, user);
    await expect(dialog.getByText('Scheduled for cancellation at period end')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Cancel Now' })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Reactivate' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Subscription reactivated');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cancelling-flag')).toHaveCount(0);
  });

  test('cancels now, after saying what happens; keeping it sends nothing @billing', async ({ page, stack }) => {
    const session = await signInAsAdmin(page, stack);
    const user = await pick(page, session, 'on an active Pro plan', activePro, 1);
    await openBilling(page, user);
    const dialog = await openModal(page, user);
    const cancelRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/admin/billing/cancel-subscription')) cancelRequests.push(request.method());
    });

    // Asked first: the question names the member and the plan, the safe answer has the focus.
    await dialog.getByRole('button', { name: 'Cancel Now' }).click();
    const question = page.getByRole('alertdialog', { name: `Cancel ${user.name}'s Hardline Pro subscription now?` });
    await expect(question).toBeVisible();
    await expect(question).toContainText(`${user.name} loses Hardline Pro access at once and moves to the free plan`);
    await expect(question.getByRole('button', { name: 'Keep subscription' })).toBeFocused();
    await question.getByRole('button', { name: 'Keep subscription' }).click();
    await expect(question).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Cancel Now' })).toBeEnabled();
    expect(cancelRequests).toEqual([]);

    await dialog.getByRole('button', { name: 'Cancel Now' }).click();
    await question.getByRole('button', { name: 'Yes, cancel now' }).click();
    await expect(dialog.getByRole('status')).toHaveText('Subscription canceled');
    expect(cancelRequests).toEqual(['POST']);
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('subscription-status')).toHaveText('canceled');
  });

  test('invoice buttons exist only for existing links; opening one uses a new tab without an opener @billing', async ({
    page,
    stack,
    context,
  }) => {
    const session = await signInAsAdmin(page, stack);
    const user = await pick(
      page,
      session,
      'with invoices missing links',
      (b) =>
        b.recentInvoices.some((i) => !i.hostedInvoiceUrl && !i.invoicePdf) &&
        b.recentInvoices.some((i) => i.hostedInvoiceUrl && i.invoicePdf),
    );
    await openBilling(page, user);
    for (const invoice of user.recentInvoices) {
      const row = page.getByRole('listitem', { name: `Invoice #${invoice.number}` });
      await expect(row.getByRole('button', { name: 'View Invoice' })).toHaveCount(invoice.hostedInvoiceUrl ? 1 : 0);
      await expect(row.getByRole('button', { name: 'Download PDF' })).toHaveCount(invoice.invoicePdf ? 1 : 0);
    }
    const linked = user.recentInvoices.find((i) => i.hostedInvoiceUrl);
    if (!linked?.hostedInvoiceUrl) throw new Error('no invoice with a hosted link');
    const popupPromise = context.waitForEvent('page');
    await page
      .getByRole('listitem', { name: `Invoice #${linked.number}` })
      .getByRole('button', { name: 'View Invoice' })
      .click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    // The link is signed afresh as it is opened (links expire): the same invoice page, a newer signature.
    const opened = new URL(popup.url());
    expect(`${opened.origin}${opened.pathname}`).toBe(
      `${new URL(linked.hostedInvoiceUrl).origin}${new URL(linked.hostedInvoiceUrl).pathname}`,
    );
    expect(opened.searchParams.get('signature')).toBeTruthy();
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(popup.locator('body')).toContainText(linked.number);
  });

  test.describe('with the invoice links failing', () => {
    // The browser logs the refused request; the page shows why.
    test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 503/] });

    test('on a phone, an invoice that cannot be opened says why where the administrator is looking @billing', async ({ page, stack }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      const session = await signInAsAdmin(page, stack);
      const user = await pick(page, session, 'with an invoice page', (b) => b.recentInvoices.some((i) => i.hostedInvoiceUrl));
      const invoice = user.recentInvoices.find((i) => i.hostedInvoiceUrl);
      if (!invoice) throw new Error('no invoice with a hosted page');
      await openBilling(page, user);
      // The API fails this once (a network fault at a boundary we do not own).
      await page.route('**/api/admin/billing/invoice-link', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Billing is unavailable' }) })
          : route.continue(),
      );
      const button = page.getByRole('listitem', { name: `Invoice #${invoice.number}` }).getByRole('button', { name: 'View Invoice' });
      await button.scrollIntoViewIfNeeded();
      const alert = page.getByRole('alert').filter({ hasText: 'Billing is unavailable' });
      await expect(alert).not.toBeInViewport();
      await button.click();
      await expect(alert).toBeInViewport();
      // Not under the sticky header: what is drawn at the alert's middle is the alert.
      await expect
        .poll(() =>
          alert.evaluate((el) => {
            const box = el.getBoundingClientRect();
            return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2));
          }),
        )
        .toBe(true);
    });
  });

  test('an invoice link that comes back after the browser would block a new tab is offered as a link to click @billing', async ({
    page,
    stack,
    context,
  }) => {
    // On a phone, where the notice at the top of the page is screens above the invoice pressed.
    await page.setViewportSize({ width: 390, height: 844 });
    const session = await signInAsAdmin(page, stack);
    const user = await pick(page, session, 'with an invoice PDF', (b) => b.recentInvoices.some((i) => i.invoicePdf));
    const invoice = user.recentInvoices.find((i) => i.invoicePdf);
    if (!invoice) throw new Error('no invoice with a PDF');
    await openBilling(page, user);
    // A slow connection: the link is held until the click no longer lets the page open a tab
    // (Chromium's transient user activation lasts 5 s); a window.open then would be blocked.
    let held: Route | undefined;
    await page.route('**/api/admin/billing/invoice-link', async (route) => {
      // The CORS preflight passes; the request itself is held.
      if (route.request().method() === 'POST') held = route;
      else await route.continue();
    });
    let openedByItself = false;
    context.on('page', () => {
      openedByItself = true;
    });
    await page
      .getByRole('listitem', { name: `Invoice #${invoice.number}` })
      .getByRole('button', { name: 'Download PDF' })
      .click();
    await expect.poll(() => held !== undefined).toBe(true);
    // Read over CDP without a user gesture: Playwright's own evaluations (page.evaluate, a locator's
    // checks) run as one, which would renew the activation, so none runs until the answer is shown.
    const cdp = await context.newCDPSession(page);
    const read = async (expression: string) =>
      (await cdp.send('Runtime.evaluate', { expression, returnByValue: true })).result.value as unknown;
    await expect.poll(() => read('navigator.userActivation.isActive'), { timeout: 15_000 }).toBe(false);
    await held?.continue();
    await expect.poll(() => read(`document.body.textContent.includes('The invoice PDF is ready.')`)).toBe(true);
    const offer = page.getByRole('status').filter({ hasText: 'The invoice PDF is ready.' });
    await expect(offer).toBeVisible();
    expect(openedByItself).toBe(false);
    // Brought into view, below the sticky header (what is drawn at its top is the notice), with the
    // focus on its link, where the next press goes.
    await expect(offer.getByRole('link', { name: 'Open PDF' })).toBeFocused();
    await expect(offer).toBeInViewport({ ratio: 1 });
    await expect
      .poll(() =>
        offer.evaluate((el) => {
          const box = el.getBoundingClientRect();
          return el.contains(document.elementFromPoint(box.left + box.width / 2, box.top + 4));
        }),
      )
      .toBe(true);

    const popupPromise = context.waitForEvent('page');
    await offer.getByRole('link', { name: 'Open PDF' }).click();
    const popup = await popupPromise;
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toBe(new URL(invoice.invoicePdf ?? '').pathname);
    expect(await popup.evaluate(() => window.opener)).toBeNull();
    await expect(offer).toBeHidden();
  });
});
