/**
 * A member's billing page shows their recent activity (issue 14): the 'Recent activity' card runs
 * an activity trail of its own for that member (five entries), links to all of them, and neither
 * holds up nor breaks the page. GET /api/audit and the billing call are deferred doubles.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { userBillingMachine } from '../../../src/machines/userBilling';
import { MemberActivityCard } from '../../../src/views/billing/MemberActivityCard';
import { UserBillingScreen } from '../../../src/views/billing/UserBillingScreen';
import { ActivityScreen } from '../../../src/views/users/ActivityScreen';
import { createControllableActors } from '../../support/model';
import { BEN, ENTRIES, activityLogic, answer, createActivityDoubles, renderActivity } from '../users/render-activity';
import { LITE_USER } from './fixtures';

const card = () => screen.getByRole('region', { name: 'Recent activity' });

/** Renders inside an async act, so React renders what waited for a machine loader once it settles. */
async function renderLoading(...args: Parameters<typeof renderActivity>) {
  // An async act: the machine loader settles in a microtask, and React renders its screen within it.
  // eslint-disable-next-line testing-library/no-unnecessary-act
  await act(async () => {
    renderActivity(...args);
  });
}

function openCard() {
  const doubles = createActivityDoubles(`/billing/user/${BEN.memberId}`);
  const view = renderActivity(<MemberActivityCard userId={BEN.memberId} />, { doubles });
  return { doubles, ...view };
}

describe('Recent activity on a member billing page', () => {
  it("asks for the member's five latest entries, shows placeholders, then the entries as sentences", async () => {
    const { doubles } = openCard();
    await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(1));
    expect(doubles.api.inputs('loadActivity')).toEqual([{ page: 1, limit: 5, memberId: BEN.memberId }]);
    const placeholders = within(card()).getByRole('list', { name: 'Recent activity' });
    expect(placeholders).toHaveAttribute('aria-busy', 'true');
    expect(within(placeholders).getAllByRole('listitem')).toHaveLength(5);

    act(() => doubles.api.resolve('loadActivity', answer(ENTRIES.slice(0, 2), { total: 9, limit: 5 })));
    const entries = await within(card()).findAllByTestId('activity-entry');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toHaveTextContent('Dana Whitfield changed the plan of Ben Ode');
    expect(entries[0]).toHaveTextContent('Plan: Hardline Lite → Hardline Pro');
    expect(entries[1]).toHaveTextContent('Role: Field Worker → Supervisor');
    expect(within(card()).getByText('7 minutes ago')).toBeInTheDocument();
    // No filters, no paging, and the names are text: this is one member's trail.
    expect(within(card()).queryByRole('button', { name: BEN.name })).not.toBeInTheDocument();
    expect(within(card()).queryByRole('combobox')).not.toBeInTheDocument();
    expect(within(card()).queryByText(/^Showing/)).not.toBeInTheDocument();
    // The page's address is not the card's to change.
    expect(doubles.address.urls()).toEqual([`/billing/user/${BEN.memberId}`]);
  });

  it("reads the trail again when the page has read the member's billing again (after a change), keeping the entries meanwhile", async () => {
    const doubles = createActivityDoubles(`/billing/user/${BEN.memberId}`);
    const first = { version: 1 };
    const view = renderActivity(<MemberActivityCard userId={BEN.memberId} refreshKey={first} />, { doubles });
    await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(1));
    act(() => doubles.api.resolve('loadActivity', answer(ENTRIES.slice(1, 2), { limit: 5 })));
    const entries = () => within(card()).getAllByTestId('activity-entry');
    await waitFor(() => expect(entries()).toHaveLength(1));
    expect(entries()[0]).toHaveTextContent('Dana Whitfield edited Ben Ode');
    // The same billing again (another render of the page): nothing asked.
    view.rerender(<MemberActivityCard userId={BEN.memberId} refreshKey={first} />);
    expect(doubles.api.calls('loadActivity')).toHaveLength(1);
    view.rerender(<MemberActivityCard userId={BEN.memberId} refreshKey={{ version: 2 }} />);
    await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(1));
    expect(doubles.api.inputs('loadActivity')).toEqual([
      { page: 1, limit: 5, memberId: BEN.memberId },
      { page: 1, limit: 5, memberId: BEN.memberId },
    ]);
    expect(entries()[0]).toHaveTextContent('Dana Whitfield edited Ben Ode');
    act(() => doubles.api.resolve('loadActivity', answer(ENTRIES.slice(0, 2), { limit: 5 })));
    await waitFor(() => expect(entries()).toHaveLength(2));
    expect(entries()[0]).toHaveTextContent('Dana Whitfield changed the plan of Ben Ode');
  });

  it("'See all activity' opens the Activity screen filtered to the member", async () => {
    const user = userEvent.setup();
    const { location } = openCard();
    const link = within(card()).getByRole('link', { name: 'See all activity' });
    expect(link).toHaveAttribute('href', `/users/activity?member=${BEN.memberId}`);
    await user.click(link);
    expect(location.history?.at(-1)).toBe(`/users/activity?member=${BEN.memberId}`);
  });

  it('says when there is nothing yet, and a failure shows the error with Try again', async () => {
    const user = userEvent.setup();
    const { doubles } = openCard();
    await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(1));
    act(() => doubles.api.reject('loadActivity', new Error('HTTP 500: Internal Server Error')));
    const alert = await within(card()).findByRole('alert');
    expect(alert).toHaveTextContent('Error loading activity');
    expect(alert).toHaveTextContent('HTTP 500: Internal Server Error');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    act(() => doubles.api.resolve('loadActivity', answer([])));
    expect(await within(card()).findByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
    expect(within(card()).getByText(/Changes to this member and to their subscription show here/)).toBeInTheDocument();
    expect(within(card()).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is on the billing page, below the invoices, for the member of the page', async () => {
    const doubles = createActivityDoubles(`/billing/user/${LITE_USER.userId}`);
    const billing = createControllableActors(userBillingMachine, ['loadUserBilling']);
    renderActivity(<UserBillingScreen userId={LITE_USER.userId} />, {
      doubles,
      machines: { userBilling: userBillingMachine.provide({ actors: billing.actors }) },
    });
    await waitFor(() => expect(billing.pending('loadUserBilling')).toHaveLength(1));
    act(() => billing.resolve('loadUserBilling', LITE_USER));
    await screen.findByRole('heading', { name: LITE_USER.name });
    const regions = screen.getAllByRole('region').map((r) => r.getAttribute('aria-label'));
    expect(regions.slice(-2)).toEqual(['Recent Invoices', 'Recent activity']);
    // The card's trail starts once its machine's code has loaded, which may be after the heading.
    await waitFor(() => expect(doubles.api.inputs('loadActivity')).toEqual([{ page: 1, limit: 5, memberId: LITE_USER.userId }]));
  });

  it('keeps the billing page when its code cannot load: the card says so in its place', async () => {
    const doubles = createActivityDoubles(`/billing/user/${BEN.memberId}`);
    await renderLoading(<MemberActivityCard userId={BEN.memberId} />, {
      doubles,
      machines: { activity: () => Promise.reject(new Error('Failed to fetch dynamically imported module')) },
    });
    expect(await within(card()).findByRole('alert')).toHaveTextContent('Recent activity cannot be shown right now.');
    expect(within(card()).getByRole('link', { name: 'See all activity' })).toBeInTheDocument();
  });

  it('runs beside the Activity screen: one registry entry, two trails with their own inputs (the machine loaded once)', async () => {
    const doubles = createActivityDoubles('/users/activity');
    let loads = 0;
    const logic = activityLogic(doubles);
    await renderLoading(
      <Suspense fallback={null}>
        <ActivityScreen />
        <MemberActivityCard userId={BEN.memberId} />
      </Suspense>,
      {
        doubles,
        machines: {
          activity: () => {
            loads += 1;
            return Promise.resolve(logic);
          },
        },
      },
    );
    await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(2));
    expect(doubles.api.inputs('loadActivity')).toEqual(
      expect.arrayContaining([
        { page: 1, limit: 25 },
        { page: 1, limit: 5, memberId: BEN.memberId },
      ]),
    );
    expect(loads).toBe(1);
    // Only the screen's trail is the page's view.
    expect(doubles.address.urls()).toEqual(['/users/activity']);
  });
});
