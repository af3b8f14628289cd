/**
 * Activity you can search (issue 41): the Activity screen's filters by who made the change and by
 * date range, Clear filters, the empty answer under them, the view in the URL (a reload or a
 * shared link opens the same view), and Export CSV of what the filters select. The real machine and
 * address service; GET /api/audit and the export's link are deferred doubles at the network boundary.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ActivityScreen } from '../../../src/views/users/ActivityScreen';
import { BEN, DANA, ENTRIES, answer, createActivityDoubles, renderActivity, type ActivityDoubles } from './render-activity';

function open(url = '/users/activity') {
  const doubles = createActivityDoubles(url);
  const view = renderActivity(<ActivityScreen />, { doubles });
  return { doubles, view };
}

const requests = (doubles: ActivityDoubles) => doubles.api.calls('loadActivity').map((call) => call.input);
const list = () => screen.getByRole('list', { name: 'Activity' });

async function settle(doubles: ActivityDoubles, output: ReturnType<typeof answer>) {
  await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(1));
  act(() => doubles.api.resolve('loadActivity', output));
  await waitFor(() => expect(doubles.api.pending('loadActivity')).toHaveLength(0));
}

const FULL_VIEW = `?member=${BEN.memberId}&actor=${DANA.memberId}&kind=member.edited&from=2026-01-05&to=2026-01-31`;

describe('Activity screen: search', () => {
  it('who made a change filters to their changes (a chip that ✕ removes), in the URL', async () => {
    const user = userEvent.setup();
    const { doubles } = open();
    await settle(doubles, answer(ENTRIES));
    await user.click(within(list()).getAllByRole('button', { name: DANA.name })[0] as HTMLElement);
    expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25, actorId: DANA.memberId });
    expect(await screen.findByText(`Changed by: ${DANA.name}`)).toBeInTheDocument();
    expect(doubles.address.url()).toBe(`/users/activity?actor=${DANA.memberId}`);
    await settle(doubles, answer(ENTRIES));
    await user.click(screen.getByRole('button', { name: `Remove the changed-by filter (${DANA.name})` }));
    expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25 });
    expect(doubles.address.url()).toBe('/users/activity');
  });

  it('filters by a date range; To before From is refused with a clear message, the dates typed kept', async () => {
    const { doubles } = open();
    await settle(doubles, answer(ENTRIES));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-01-05' } });
    expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25, from: '2026-01-05' });
    await settle(doubles, answer(ENTRIES));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-31' } });
    expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25, from: '2026-01-05', to: '2026-01-31' });
    expect(doubles.address.url()).toBe('/users/activity?from=2026-01-05&to=2026-01-31');
    await settle(doubles, answer(ENTRIES));

    const asked = requests(doubles).length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-01-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "The 'To' date is before the 'From' date. Choose a 'To' date on or after it.",
    );
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-01');
    expect(requests(doubles)).toHaveLength(asked);
    expect(doubles.address.url()).toBe('/users/activity?from=2026-01-05&to=2026-01-31');
    // The entries of the range still applied stay on screen.
    expect(within(list()).getAllByTestId('activity-entry')).toHaveLength(ENTRIES.length);

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2025-12-01' } });
    expect(requests(doubles).at(-1)).toEqual({ page: 1, limit: 25, from: '2025-12-01', to: '2026-01-01' });
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });

  it('opens on the view a link names (a reload, a shared link), and Clear filters takes every filter off', async () => {
    const user = userEvent.setup();
    const { doubles, view } = open(`/users/activity${FULL_VIEW}`);
    const asked = {
      page: 1,
      limit: 25,
      memberId: BEN.memberId,
      actorId: DANA.memberId,
      kind: 'member.edited',
      from: '2026-01-05',
      to: '2026-01-31',
    };
    await settle(doubles, answer(ENTRIES));
    expect(requests(doubles)).toEqual([asked]);
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-05');
    expect(screen.getByLabelText('To')).toHaveValue('2026-01-31');
    expect(screen.getByRole('combobox', { name: 'Kind of change' })).toHaveValue('member.edited');
    expect(screen.getByText(`Changed by: ${DANA.name}`)).toBeInTheDocument();
    expect(screen.getByText(`Member: ${BEN.name}`)).toBeInTheDocument();
    expect(doubles.address.url()).toBe(`/users/activity${FULL_VIEW}`);
    view.unmount();

    // The same address again (a reload): the same request, the same view.
    const again = open(`/users/activity${FULL_VIEW}`);
    await settle(again.doubles, answer(ENTRIES));
    expect(requests(again.doubles)).toEqual([asked]);

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(requests(again.doubles).at(-1)).toEqual({ page: 1, limit: 25 });
    expect(again.doubles.address.url()).toBe('/users/activity');
    expect(screen.getByLabelText('From')).toHaveValue('');
    expect(screen.getByLabelText('To')).toHaveValue('');
    expect(screen.queryByText(/^Changed by: /)).not.toBeInTheDocument();
    await settle(again.doubles, answer(ENTRIES));
    expect(screen.queryByRole('button', { name: 'Clear filters' })).not.toBeInTheDocument();
  });

  it('an empty answer under these filters says so, and how to see every change', async () => {
    const { doubles } = open('/users/activity?actor=u-dana&from=2026-01-05');
    await settle(doubles, answer([]));
    expect(await screen.findByRole('heading', { name: 'No matching activity' })).toBeInTheDocument();
    expect(
      screen.getByText('Nothing recorded matches these filters. Change them, or clear the filters to see every change.'),
    ).toBeInTheDocument();
  });

  it('Export CSV asks for what the filters select, opens the link, and says why when it fails', async () => {
    const user = userEvent.setup();
    const { doubles } = open('/users/activity?actor=u-dana&kind=member.edited&from=2026-01-05');
    await settle(doubles, answer(ENTRIES));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(doubles.exports.inputs('prepareExport')).toEqual([{ actorId: 'u-dana', kind: 'member.edited', from: '2026-01-05' }]);
    expect(await screen.findByRole('button', { name: /Preparing export/ })).toBeDisabled();
    act(() => doubles.exports.resolve('prepareExport', { url: 'http://127.0.0.1:9/exports/activity/t-1', fileName: 'a.csv' }));
    await waitFor(() => expect(doubles.downloads).toEqual(['http://127.0.0.1:9/exports/activity/t-1']));
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    act(() => doubles.exports.reject('prepareExport', new Error('Network down')));
    expect(await screen.findByText('Export failed: Network down')).toBeInTheDocument();
  });
});
