/**
 * The Activity screen (User Management's Activity section, issue 14) as a person uses it: entries
 * as sentences with their values in words and the time, the kind filter, the member filter (a
 * name, the chip, a link), paging, the address bar, a failure that keeps the entries, the empty
 * states. GET /api/audit is a deferred double; the address bar is in memory under the real service.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../src/domain/dates';
import { ACTIVITY_FALLBACK_ERROR } from '../../../src/machines/activity';
import { ActivityScreen } from '../../../src/views/users/ActivityScreen';
import { ANA, BEN, ENTRIES, answer, createActivityDoubles, makeEntry, renderActivity, type ActivityDoubles } from './render-activity';

function open(url = '/users/activity') {
  const doubles = createActivityDoubles(url);
  renderActivity(<ActivityScreen />, { doubles });
  return doubles;
}

const requests = (doubles: ActivityDoubles) => doubles.api.calls('loadActivity').map((call) => call.input);
const list = () => screen.getByRole('list', { name: 'Activity' });
const entries = () => within(list()).getAllByTestId('activity-entry');

async function settle(doubles: ActivityDoubles, output: ReturnType<typeof answer>) {
  await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(1));
  act(() => doubles.api.resolve('loadActivity', output));
  await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(0));
}

describe('Activity screen', () => {
  it('sits under User Management with its Members / Activity tabs, Activity current', async () => {
    open();
    const sections = screen.getByRole('navigation', { name: 'User Management sections' });
    const links = within(sections).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href'), l.getAttribute('aria-current')])).toEqual([
      ['Members', '/users', null],
      ['Activity', '/users/activity', 'page'],
    ]);
  });

  it('shows placeholders, then each entry as a sentence with its values before and after, newest first', async () => {
    const doubles = open();
    expect(list()).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByText('No activity yet')).not.toBeInTheDocument();
    await settle(doubles, answer(ENTRIES));
    expect(requests(doubles)).toEqual([{ page: 1, limit: 25 }]);
    const [plan, edit, license] = entries();
    expect(plan).toHaveTextContent('Dana Whitfield changed the plan of Ben Ode');
    expect(plan).toHaveTextContent('Plan: Hardline Lite → Hardline Pro');
    expect(edit).toHaveTextContent('Dana Whitfield edited Ben Ode');
    expect(edit).toHaveTextContent('Role: Field Worker → Supervisor');
    expect(license).toHaveTextContent('Dana Whitfield granted a license to Ana Diaz');
    expect(license).toHaveTextContent('License: off → on');
    expect(screen.getByText('Showing 1–3 of 3')).toBeInTheDocument();
  });

  it('says when as relative time, with the exact en-US time on hover and on focus', async () => {
    const user = userEvent.setup();
    const doubles = open();
    await settle(doubles, answer(ENTRIES));
    const first = ENTRIES[0];
    if (!first) throw new Error('no entry');
    const time = within(entries()[0] as HTMLElement).getByText('7 minutes ago');
    expect(time).toHaveAttribute('dateTime', first.createdAt);
    expect(time).toHaveAccessibleDescription(formatDateTime(first.createdAt));
    const tip = within(list()).getByText(formatDateTime(first.createdAt), { selector: '[role="tooltip"]' });
    expect(tip).not.toBeVisible();
    await user.hover(time);
    expect(tip).toBeVisible();
    await user.unhover(time);
    expect(tip).not.toBeVisible();
    act(() => time.focus());
    expect(tip).toBeVisible();
    await user.keyboard('{Escape}');
    expect(tip).not.toBeVisible();
  });

  it('shows what the server sent as text, never as markup', async () => {
    const doubles = open();
    const hostile = { memberId: 'u-x', name: '<img src=x onerror=alert(1)>', email: 'x@example.com' };
    await settle(
      doubles,
      answer([makeEntry(1, 'member.edited', { name: '<b>Bo</b>' }, { name: 'Bo' }, { actor: hostile, member: hostile })]),
    );
    expect(entries()[0]).toHaveTextContent('<img src=x onerror=alert(1)> edited <img src=x onerror=alert(1)>');
    expect(entries()[0]).toHaveTextContent('Name: <b>Bo</b> → Bo');
    // No element was made of the hostile text: no image, and the tags above are the text itself.
    expect(within(list()).queryByRole('img')).not.toBeInTheDocument();
  });

  it('filters by kind of change, named in words, and puts it in the URL (page 1 again)', async () => {
    const user = userEvent.setup();
    const doubles = open('/users/activity?page=2');
    await settle(doubles, answer(ENTRIES, { total: 30, page: 2 }));
    const select = screen.getByRole('combobox', { name: 'Kind of change' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'All changes',
      'Member added',
      'Member invited',
      'Invitation resent',
      'Invitation revoked',
      'Member edited',
      'Member deleted',
      'Member restored',
      'Member removed for good',
      'License changed',
      'Status changed',
      'Bulk change',
      'Plan changed',
      'Subscription canceled',
      'Subscription reactivated',
      'Plan change scheduled',
      'Payment method page opened',
      'Card added',
      'Default card changed',
    ]);
    await user.selectOptions(select, 'License changed');
    expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25, kind: 'member.license' });
    expect(doubles.address.url()).toBe('/users/activity?kind=member.license');
  });

  it("a member's name filters to them (a chip that ✕ removes); Back brings the filter back", async () => {
    const user = userEvent.setup();
    const doubles = open();
    await settle(doubles, answer(ENTRIES));
    await user.click(within(entries()[2] as HTMLElement).getByRole('button', { name: ANA.name }));
    expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25, memberId: ANA.memberId });
    expect(screen.getByText(`Member: ${ANA.name}`)).toBeInTheDocument();
    expect(doubles.address.url()).toBe(`/users/activity?member=${ANA.memberId}`);
    // Who made the change is a filter of its own, not set by the member's.
    expect(screen.queryByText(/^Changed by: /)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Remove the member filter (${ANA.name})` }));
    expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25 });
    expect(screen.queryByText(/^Member: /)).not.toBeInTheDocument();
    expect(doubles.address.url()).toBe('/users/activity');

    act(() => doubles.address.back());
    await waitFor(() => expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25, memberId: ANA.memberId }));
    expect(screen.getByText(`Member: ${ANA.name}`)).toBeInTheDocument();
  });

  it('opens on the member a link names (?member=), the chip naming them once their entries arrive', async () => {
    const doubles = open(`/users/activity?member=${BEN.memberId}&kind=nonsense`);
    await waitFor(() => expect(requests(doubles)).toEqual([{ page: 1, limit: 25, memberId: BEN.memberId }]));
    // Nonsense is dropped from the address, in place.
    expect(doubles.address.urls()).toEqual([`/users/activity?member=${BEN.memberId}`]);
    expect(screen.getByText(`Member: ${BEN.memberId}`)).toBeInTheDocument();
    await settle(doubles, answer(ENTRIES.slice(0, 2)));
    expect(screen.getByText(`Member: ${BEN.name}`)).toBeInTheDocument();
  });

  it('pages through a long trail, each page a history entry', async () => {
    const user = userEvent.setup();
    const doubles = open();
    await settle(doubles, answer(ENTRIES, { total: 60 }));
    await user.click(screen.getByRole('button', { name: 'page 2' }));
    expect(requests(doubles).at(-1)).toEqual({ page: 2, limit: 25 });
    expect(doubles.address.urls()).toEqual(['/users/activity', '/users/activity?page=2']);
    await settle(doubles, answer(ENTRIES, { total: 60, page: 2 }));
    expect(screen.getByText('Showing 26–28 of 60')).toBeInTheDocument();
  });

  it('a failed load keeps the entries on screen under the error, and Try again loads again', async () => {
    const user = userEvent.setup();
    const doubles = open();
    await settle(doubles, answer(ENTRIES));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), 'Member edited');
    act(() => doubles.api.reject('loadActivity', new Error('HTTP 503: Service Unavailable')));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error loading activity');
    expect(alert).toHaveTextContent('HTTP 503: Service Unavailable');
    expect(entries()).toHaveLength(3);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25, kind: 'member.edited' });
    await settle(doubles, answer(ENTRIES.slice(1, 2)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(entries()).toHaveLength(1);
  });

  it('a failure that gives no message says the activity could not be loaded', async () => {
    const doubles = open();
    await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(1));
    act(() => doubles.api.reject('loadActivity', { status: 500 }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Error loading activity${ACTIVITY_FALLBACK_ERROR}Try again`);
    expect(screen.queryByRole('list', { name: 'Activity' })).not.toBeInTheDocument();
  });

  it('says what gets recorded when there is nothing yet, and that nothing matches under a filter', async () => {
    const user = userEvent.setup();
    const doubles = open();
    await settle(doubles, answer([]));
    expect(screen.getByRole('heading', { name: 'No activity yet' })).toBeInTheDocument();
    expect(screen.getByText(/Every change an administrator makes shows here/)).toBeInTheDocument();
    expect(screen.queryByText(/^Showing/)).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind of change' }), 'Bulk change');
    await settle(doubles, answer([]));
    expect(screen.getByRole('heading', { name: 'No matching activity' })).toBeInTheDocument();
    // Only the kind is filtered: the message does not send the administrator to a member filter that is not on.
    expect(screen.getByText('Nothing recorded is of this kind. Choose another kind of change.')).toBeInTheDocument();
  });

  it.each([
    [`?member=${BEN.memberId}`, 'Nothing recorded is about this member. Remove the member filter to see every change.'],
    [
      `?member=${BEN.memberId}&kind=members.bulk`,
      'Nothing recorded matches these filters. Choose another kind of change, or remove the member filter.',
    ],
  ])('an empty answer under %s says which filter to change', async (query, message) => {
    const doubles = open(`/users/activity${query}`);
    await settle(doubles, answer([]));
    expect(screen.getByRole('heading', { name: 'No matching activity' })).toBeInTheDocument();
    expect(screen.getByText(message)).toBeInTheDocument();
  });
});
