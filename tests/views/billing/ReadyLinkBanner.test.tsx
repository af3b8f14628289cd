/**
 * A hosted page whose link came back after the browser stopped letting the page open a tab for the
 * click that asked for it (the machine's `opensNow` false: the real check is the payments service's,
 * tests/unit/payments/payments.test.ts): the member's billing page offers it as a link to click, which
 * opens in a new tab without access to this one, and leaves the page once followed or dismissed. The
 * API calls are deferred doubles at the network boundary.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { userBillingMachine } from '../../../src/machines/userBilling';
import { UserBillingScreen } from '../../../src/views/billing/UserBillingScreen';
import { createControllableActors } from '../../support/model';
import { activityLogic, createActivityDoubles } from '../users/render-activity';
import { LITE_USER } from './fixtures';
import { renderWithMachines } from './render-billing';

const PDF = 'https://billing.example.com/i/in1.pdf';
const PORTAL = 'https://billing.example.com/portal/u-lite';

/** jsdom cannot open a tab: a click on a link is stopped before its default action, as a browser's new tab would leave this page. */
function stopNavigation(event: MouseEvent) {
  if (event.target instanceof Element && event.target.closest('a[target="_blank"]')) event.preventDefault();
}
afterEach(() => document.removeEventListener('click', stopNavigation));

async function renderLoaded() {
  document.addEventListener('click', stopNavigation);
  const opened: string[] = [];
  const fakes = createControllableActors(userBillingMachine, ['loadUserBilling', 'invoiceLink', 'updatePaymentMethod']);
  renderWithMachines(<UserBillingScreen userId={LITE_USER.userId} />, {
    machines: {
      userBilling: userBillingMachine.provide({
        actors: fakes.actors,
        guards: { isSafeUrl: (_, { url }: { url: string }) => url.startsWith('https://') },
        actions: { openHostedPage: (_, { url }: { url: string }) => void opened.push(url) },
      }),
      activity: activityLogic(createActivityDoubles(`/billing/user/${LITE_USER.userId}`)),
    },
    path: `/billing/user/${LITE_USER.userId}`,
  });
  act(() => fakes.resolve('loadUserBilling', LITE_USER));
  expect(await screen.findByRole('heading', { name: LITE_USER.name })).toBeInTheDocument();
  return { fakes, opened, user: userEvent.setup() };
}

describe('a hosted page that came too late to open by itself', () => {
  it('is offered as a link that opens in a new tab, and leaves the page once followed', async () => {
    const { fakes, opened, user } = await renderLoaded();
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    await user.click(within(screen.getByRole('listitem', { name: 'Invoice #HL-0001' })).getByRole('button', { name: 'Download PDF' }));
    expect(scrolled).not.toHaveBeenCalled();
    act(() => fakes.resolve('invoiceLink', { url: PDF, opensNow: false }));

    const offer = await screen.findByRole('status');
    expect(offer).toHaveTextContent('The invoice PDF is ready.');
    expect(offer).toHaveTextContent('your browser needs one more click to open it in a new tab');
    const link = within(offer).getByRole('link', { name: 'Open PDF' });
    expect(link).toHaveAttribute('href', PDF);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // On a phone the notice is far above the invoice that was pressed: the whole notice is scrolled
    // into view (jsdom lays nothing out; tests/e2e/billing.spec.ts checks the viewport), and its link
    // takes the focus.
    expect(scrolled.mock.contexts).toEqual([offer]);
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });
    scrolled.mockRestore();
    expect(link).toHaveFocus();
    expect(opened).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.click(link);
    expect(screen.queryByRole('link', { name: 'Open PDF' })).not.toBeInTheDocument();
    expect(opened).toEqual([]);
  });

  it('can be dismissed without opening it, and one that comes in time opens by itself', async () => {
    const { fakes, opened, user } = await renderLoaded();
    await user.click(screen.getByRole('button', { name: 'Manage' }));
    act(() => fakes.resolve('updatePaymentMethod', { url: PORTAL, opensNow: false }));
    expect(await screen.findByRole('status')).toHaveTextContent('The payment-method page is ready.');
    expect(screen.getByRole('link', { name: 'Open payment methods' })).toHaveAttribute('href', PORTAL);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('link', { name: 'Open payment methods' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Manage' }));
    act(() => fakes.resolve('updatePaymentMethod', { url: PORTAL, opensNow: true }));
    // The answer reaches the machine in a later microtask.
    await waitFor(() => expect(opened).toEqual([PORTAL]));
    expect(screen.queryByRole('link', { name: 'Open payment methods' })).not.toBeInTheDocument();
  });
});
