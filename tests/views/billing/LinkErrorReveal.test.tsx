/**
 * A member's billing page shows why a hosted page (an invoice, its PDF, the payment-method page)
 * could not be had at the top of the page, while the button pressed may be far below it (on a
 * phone, screens apart): the message is scrolled into view as it appears. jsdom lays nothing out,
 * so the test watches the request to scroll (tests/e2e/billing.spec.ts checks the viewport in a
 * browser). The API calls are deferred doubles at the network boundary.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { userBillingMachine } from '../../../src/machines/userBilling';
import { UserBillingScreen } from '../../../src/views/billing/UserBillingScreen';
import { createControllableActors } from '../../support/model';
import { activityLogic, createActivityDoubles } from '../users/render-activity';
import { LITE_USER } from './fixtures';
import { renderWithMachines } from './render-billing';

describe('a hosted page that could not be had', () => {
  it('shows why at the top of the page, scrolled into view, and again for the next failure', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    const fakes = createControllableActors(userBillingMachine, ['loadUserBilling', 'invoiceLink', 'updatePaymentMethod']);
    renderWithMachines(<UserBillingScreen userId={LITE_USER.userId} />, {
      machines: {
        userBilling: userBillingMachine.provide({ actors: fakes.actors }),
        activity: activityLogic(createActivityDoubles(`/billing/user/${LITE_USER.userId}`)),
      },
      path: `/billing/user/${LITE_USER.userId}`,
    });
    act(() => fakes.resolve('loadUserBilling', LITE_USER));
    expect(await screen.findByRole('heading', { name: LITE_USER.name })).toBeInTheDocument();
    const user = userEvent.setup();

    await user.click(within(screen.getByRole('listitem', { name: 'Invoice #HL-0001' })).getByRole('button', { name: 'View Invoice' }));
    expect(scrolled).not.toHaveBeenCalled();
    act(() => fakes.reject('invoiceLink', { status: 503 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The invoice could not be opened. Try again.');
    expect(scrolled.mock.contexts).toEqual([alert]);
    expect(scrolled).toHaveBeenCalledWith({ block: 'nearest' });

    // The next press clears the message; its own failure is brought into view again.
    await user.click(screen.getByRole('button', { name: 'Manage' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    act(() => fakes.reject('updatePaymentMethod', new Error('No Stripe customer')));
    expect(await screen.findByRole('alert')).toHaveTextContent('No Stripe customer');
    expect(scrolled).toHaveBeenCalledTimes(2);
    scrolled.mockRestore();
  });
});
