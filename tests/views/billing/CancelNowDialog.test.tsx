/**
 * 'Cancel Now' asks first (issue 14): the Manage Subscription modal opens an alert dialog naming the
 * member, the plan and what the API does; only 'Yes, cancel now' sends the cancellation.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import type { UserBilling } from '../../../src/contract/api';
import { subscriptionMachine } from '../../../src/machines/subscription';
import { ManageSubscriptionDialog } from '../../../src/views/billing/ManageSubscriptionDialog';
import { createControllableActors } from '../../support/model';
import { LITE_USER } from './fixtures';
import { renderPlain } from './render-billing';

const PAID_CONSEQUENCE =
  'It ends today instead of on February 5, 2026: Lena Lite loses Hardline Lite access at once and moves to the free plan. ' +
  'Nothing is refunded for the rest of the period, and it cannot be reactivated.';

/** A member on a Pro trial subscription (the seed's 'trial_no_card' shape: status trialing, the trial's end as period end). */
const TRIALING_USER: UserBilling = {
  ...LITE_USER,
  userId: 'u-trialing',
  name: 'Tom Trialing',
  accessLevel: 'trial',
  trialDaysRemaining: 9,
  subscription: {
    planType: 'pro',
    status: 'trialing',
    currentPeriodStart: '2026-01-01T12:00:00.000Z',
    currentPeriodEnd: '2026-01-15T12:00:00.000Z',
    cancelAtPeriodEnd: false,
  },
};

function open(billing: UserBilling = LITE_USER) {
  const fakes = createControllableActors(subscriptionMachine, ['updateSubscription', 'cancelSubscription']);
  const actor = createActor(subscriptionMachine.provide({ actors: fakes.actors }), { input: { billing } }).start();
  const closes = { count: 0 };
  renderPlain(<ManageSubscriptionDialog actorRef={actor} onClose={() => (closes.count += 1)} />);
  const manage = () => screen.getByRole('dialog', { name: `Manage Subscription - ${billing.name}` });
  return { fakes, actor, manage, closes, user: userEvent.setup() };
}

const confirmation = () => screen.getByRole('alertdialog');

/**
 * jsdom has no layout, so Ark's focus trap takes every element for invisible and focuses the dialog
 * itself; with a size, it picks the initial focus as a browser does.
 */
function withLayout() {
  vi.spyOn(HTMLElement.prototype, 'offsetWidth', 'get').mockReturnValue(100);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(20);
}

describe("Manage Subscription: 'Cancel Now' asks first", () => {
  it('names the member, the plan and what happens, and sends nothing until confirmed', async () => {
    withLayout();
    const { fakes, actor, manage, user } = open();
    await user.click(within(manage()).getByRole('button', { name: 'Cancel Now' }));

    const dialog = await waitFor(confirmation);
    expect(dialog).toHaveAccessibleName("Cancel Lena Lite's Hardline Lite subscription now?");
    expect(dialog).toHaveAccessibleDescription(PAID_CONSEQUENCE);
    // The safe answer has the focus, so Enter or Space does not cancel by accident.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Keep subscription' })).toHaveFocus());
    expect(fakes.calls('cancelSubscription')).toHaveLength(0);
    actor.stop();
  });

  it("'Keep subscription' goes back to the modal with the reason kept and no request", async () => {
    const { fakes, actor, manage, user } = open();
    await user.type(within(manage()).getByRole('textbox', { name: 'Cancellation reason (optional)' }), 'Crew moved');
    await user.click(within(manage()).getByRole('button', { name: 'Cancel Now' }));
    await user.click(within(await waitFor(confirmation)).getByRole('button', { name: 'Keep subscription' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(actor.getSnapshot().value).toEqual({ editing: 'choosing' });
    expect(within(manage()).getByRole('textbox', { name: 'Cancellation reason (optional)' })).toHaveValue('Crew moved');
    expect(within(manage()).getByRole('button', { name: 'Cancel Now' })).toBeEnabled();
    expect(fakes.calls('cancelSubscription')).toHaveLength(0);
    actor.stop();
  });

  it('Escape on the question is the same as keeping: the modal stays open, nothing is sent', async () => {
    withLayout();
    const { fakes, actor, manage, closes, user } = open();
    await user.click(within(manage()).getByRole('button', { name: 'Cancel Now' }));
    await waitFor(() => expect(within(confirmation()).getByRole('button', { name: 'Keep subscription' })).toHaveFocus());
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(actor.getSnapshot().value).toEqual({ editing: 'choosing' });
    // Only the question closed: the Manage Subscription modal did not take the Escape as its own.
    expect(closes.count).toBe(0);
    expect(manage()).toBeInTheDocument();
    expect(fakes.calls('cancelSubscription')).toHaveLength(0);
    actor.stop();
  });

  it("'Yes, cancel now' sends the cancellation the modal asked for, with its reason, and shows the server's answer", async () => {
    const { fakes, actor, manage, user } = open();
    await user.type(within(manage()).getByRole('textbox', { name: 'Cancellation reason (optional)' }), '  Crew moved  ');
    await user.click(within(manage()).getByRole('button', { name: 'Cancel Now' }));
    await user.click(within(await waitFor(confirmation)).getByRole('button', { name: 'Yes, cancel now' }));

    await waitFor(() => expect(fakes.pending('cancelSubscription')).toHaveLength(1));
    expect(fakes.calls('cancelSubscription').map((c) => c.input)).toEqual([
      { userId: LITE_USER.userId, cancelAtPeriodEnd: false, reason: 'Crew moved' },
    ]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(manage()).getByRole('button', { name: 'Cancel Now' })).toBeDisabled();

    act(() => fakes.resolve('cancelSubscription', { message: 'Subscription canceled' }));
    await waitFor(() => expect(within(manage()).getByRole('status')).toHaveTextContent('Subscription canceled'));
    actor.stop();
  });

  it('a failed cancellation comes back to the modal with the error, and asks again next time', async () => {
    const { fakes, actor, manage, user } = open();
    await user.click(within(manage()).getByRole('button', { name: 'Cancel Now' }));
    await user.click(within(await waitFor(confirmation)).getByRole('button', { name: 'Yes, cancel now' }));
    await waitFor(() => expect(fakes.pending('cancelSubscription')).toHaveLength(1));
    act(() => fakes.reject('cancelSubscription', new Error('Lena Lite has no subscription to cancel')));

    await waitFor(() => expect(within(manage()).getByRole('alert')).toHaveTextContent('Lena Lite has no subscription to cancel'));
    await user.click(within(manage()).getByRole('button', { name: 'Cancel Now' }));
    expect(await waitFor(confirmation)).toHaveAccessibleName("Cancel Lena Lite's Hardline Lite subscription now?");
    expect(fakes.calls('cancelSubscription')).toHaveLength(1);
    actor.stop();
  });

  it('for a trial subscription, says the trial access stays until the trial ends', async () => {
    const { actor, manage, user } = open(TRIALING_USER);
    await user.click(within(manage()).getByRole('button', { name: 'Cancel Now' }));

    const dialog = await waitFor(confirmation);
    expect(dialog).toHaveAccessibleName("Cancel Tom Trialing's Hardline Pro subscription now?");
    expect(dialog).toHaveAccessibleDescription(
      'The Hardline Pro trial subscription ends today. Tom Trialing keeps trial access until the trial ends on January 15, 2026, then moves to the free plan.',
    );
    actor.stop();
  });

  it("'Cancel at Period End' does not ask: it is the reversible one", async () => {
    const { fakes, actor, manage, user } = open();
    await user.click(within(manage()).getByRole('button', { name: 'Cancel at Period End' }));
    await waitFor(() => expect(fakes.pending('cancelSubscription')).toHaveLength(1));
    expect(fakes.calls('cancelSubscription')[0]?.input).toEqual({ userId: LITE_USER.userId, cancelAtPeriodEnd: true });
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    actor.stop();
  });
});
