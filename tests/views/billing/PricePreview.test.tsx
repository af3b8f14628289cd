/**
 * The price before a plan changes (issue 39), in the Manage Subscription modal: choosing a plan
 * shows what it costs and when, before anything is charged, and 'Update Subscription' then makes
 * that change at the preview's proration date. A scheduled downgrade is shown in the modal's
 * current status and on the member's billing page. The API calls are deferred doubles.
 */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { UserBilling } from '../../../src/contract/api';
import { subscriptionMachine } from '../../../src/machines/subscription';
import { userBillingMachine } from '../../../src/machines/userBilling';
import { ManageSubscriptionDialog } from '../../../src/views/billing/ManageSubscriptionDialog';
import { UserBillingScreen } from '../../../src/views/billing/UserBillingScreen';
import { createControllableActors } from '../../support/model';
import { activityLogic, createActivityDoubles } from '../users/render-activity';
import { DOWNGRADING_USER, LITE_USER, PREVIEWS } from './fixtures';
import { renderPlain, renderWithMachines } from './render-billing';

function open(billing: UserBilling) {
  const fakes = createControllableActors(subscriptionMachine, ['previewSubscription', 'updateSubscription', 'cancelSubscription']);
  const actor = createActor(subscriptionMachine.provide({ actors: fakes.actors }), { input: { billing } }).start();
  renderPlain(<ManageSubscriptionDialog actorRef={actor} onClose={() => undefined} />);
  const modal = () => within(screen.getByRole('dialog', { name: `Manage Subscription - ${billing.name}` }));
  return { fakes, actor, modal, user: userEvent.setup() };
}

describe('Manage Subscription: the price before a plan changes', () => {
  it('choosing Pro shows the prorated charge and the monthly price after it; Update Subscription then makes that change', async () => {
    const { fakes, modal, user } = open(LITE_USER);
    const preview = modal().getByRole('note', { name: 'Price preview' });
    expect(preview).toBeEmptyDOMElement();
    await user.click(modal().getByRole('radio', { name: /Hardline Pro/ }));
    expect(await within(preview).findByText('Checking the price...')).toBeInTheDocument();
    expect(modal().getByRole('button', { name: 'Update Subscription' })).toBeDisabled();
    expect(fakes.pending('previewSubscription').map((p) => p.input)).toEqual([{ userId: 'u-lite', planType: 'pro' }]);
    expect(fakes.calls('updateSubscription')).toHaveLength(0);

    act(() => fakes.resolve('previewSubscription', PREVIEWS.upgrade));
    expect(
      await within(preview).findByText("You'll be charged $53.33 today (prorated), then $129.99/month from February 5, 2026"),
    ).toBeInTheDocument();
    await user.click(modal().getByRole('button', { name: 'Update Subscription' }));
    expect(fakes.pending('updateSubscription').map((p) => p.input)).toEqual([
      { userId: 'u-lite', planType: 'pro', prorationDate: PREVIEWS.upgrade.prorationDate },
    ]);
    expect(await modal().findByRole('button', { name: /Updating\.\.\./ })).toBeDisabled();
  });

  it('choosing the plan the member is on shows no price; going back to it drops the one shown', async () => {
    const { fakes, modal, user } = open(LITE_USER);
    await user.click(modal().getByRole('radio', { name: /Hardline Pro/ }));
    act(() => fakes.resolve('previewSubscription', PREVIEWS.upgrade));
    const preview = modal().getByRole('note', { name: 'Price preview' });
    expect(await within(preview).findByText(/today \(prorated\)/)).toBeInTheDocument();
    await user.click(modal().getByRole('radio', { name: /Hardline Lite/ }));
    expect(preview).toBeEmptyDOMElement();
    expect(fakes.calls('previewSubscription')).toHaveLength(1);
  });

  it('a scheduled downgrade is in the current status; choosing Pro again says the change is withdrawn and nothing is charged', async () => {
    const { fakes, modal, user } = open(DOWNGRADING_USER);
    expect(modal().getByTestId('current-status')).toHaveTextContent('Changes to Hardline Lite on February 5, 2026');
    // Pro is the plan shown as chosen: choosing Lite, then Pro again, asks for each.
    await user.click(modal().getByRole('radio', { name: /Hardline Lite/ }));
    act(() => fakes.resolve('previewSubscription', PREVIEWS.downgrade));
    const preview = modal().getByRole('note', { name: 'Price preview' });
    expect(await within(preview).findByText('Changes to Hardline Lite on February 5, 2026; no charge today')).toBeInTheDocument();
    await user.click(modal().getByRole('radio', { name: /Hardline Pro/ }));
    act(() => fakes.resolve('previewSubscription', PREVIEWS.keep));
    expect(
      await within(preview).findByText(
        'Stays on Hardline Pro; the change to Hardline Lite on February 5, 2026 is withdrawn; no charge today',
      ),
    ).toBeInTheDocument();
  });
});

describe("the member's billing page", () => {
  it('shows a plan change scheduled for the end of the period under the current period', async () => {
    const fakes = createControllableActors(userBillingMachine, ['loadUserBilling']);
    renderWithMachines(<UserBillingScreen userId="u-down" />, {
      machines: {
        userBilling: userBillingMachine.provide({ actors: fakes.actors }),
        activity: activityLogic(createActivityDoubles('/billing/user/u-down')),
      },
      path: '/billing/user/u-down',
    });
    act(() => fakes.resolve('loadUserBilling', DOWNGRADING_USER));
    const status = await screen.findByRole('region', { name: 'Subscription Status' });
    expect(status).toHaveTextContent('Current period: January 5, 2026 – February 5, 2026');
    expect(within(status).getByText('Changes to Hardline Lite on February 5, 2026')).toBeInTheDocument();
  });
});
