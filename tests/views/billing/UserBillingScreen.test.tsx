/**
 * How the member's billing page renders when its data lands: the machine's update renders the screen
 * alone, and the page (the longest render of a phone's visit) follows in a deferred render of its
 * own, which React splits into slices. The load is a deferred double at the network boundary.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { userBillingMachine } from '../../../src/machines/userBilling';
import { UserBillingScreen } from '../../../src/views/billing/UserBillingScreen';
import { asInABrowser, microtasks, nextTask } from '../../support/browser-scheduling';
import { createControllableActors } from '../../support/model';
import { activityLogic, createActivityDoubles } from '../users/render-activity';
import { LITE_USER } from './fixtures';
import { renderWithMachines } from './render-billing';

function renderPage() {
  const fakes = createControllableActors(userBillingMachine, ['loadUserBilling']);
  renderWithMachines(<UserBillingScreen userId={LITE_USER.userId} />, {
    machines: {
      userBilling: userBillingMachine.provide({ actors: fakes.actors }),
      activity: activityLogic(createActivityDoubles(`/billing/user/${LITE_USER.userId}`)),
    },
    path: `/billing/user/${LITE_USER.userId}`,
  });
  return fakes;
}

/** Renders the page, answers its load with the member's billing, and runs the update's microtasks only. */
async function billingLands(): Promise<void> {
  const fakes = renderPage();
  await nextTask();
  fakes.resolve('loadUserBilling', LITE_USER);
  await microtasks();
}

describe("the member's billing page", { timeout: 60_000 }, () => {
  it('draws the billing in a render of its own, after the update that brought it', async () => {
    await asInABrowser(async () => {
      await billingLands();
      // The update has rendered the screen, which still shows the frame it had.
      expect(screen.getByText('Loading user billing...')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: LITE_USER.name })).not.toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: LITE_USER.name })).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'Subscription Status' })).toHaveTextContent('Hardline Lite');
      expect(screen.queryByText('Loading user billing...')).not.toBeInTheDocument();
    });
  });

  it('never shows an error between the loading frame and the billing', async () => {
    await asInABrowser(async () => {
      await billingLands();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: LITE_USER.name })).toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('a failed load shows its error after the same deferred render', async () => {
    await asInABrowser(async () => {
      const fakes = renderPage();
      await nextTask();
      fakes.reject('loadUserBilling', new Error('User not found'));
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent('Error loading user billing');
      expect(alert).toHaveTextContent('User not found');
      expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    });
  });
});
