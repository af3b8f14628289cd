import { act, configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { NO_UNPAID_INVOICES } from '../../../src/views/dashboard/DashboardScreen';
import { asInABrowser, microtasks, nextTask } from '../../support/browser-scheduling';
import { STATS, OVERVIEW } from '../users/fixtures';
import { createDashboardDoubles, renderDashboard } from './render-dashboard';

configure({ defaultHidden: true });

const card = (label: string) => within(screen.getByRole('group', { name: label }));

describe('DashboardScreen', { timeout: 60_000 }, () => {
  it('shows the four stat cards, the billing card with the unpaid warning, and Start Chat goes to /ai', async () => {
    const doubles = createDashboardDoubles();
    const { location } = renderDashboard({ doubles });
    expect(doubles.calls('load')).toHaveLength(1);
    act(() => doubles.resolve('load', { stats: STATS, overview: OVERVIEW }));
    expect(await card('Total Users').findByText('60')).toBeInTheDocument();
    expect(card('Total Users').getByText('20 licensed')).toBeInTheDocument();
    expect(card('Active Users').getByText('45')).toBeInTheDocument();
    expect(card('Active Users').getByText('15 pending')).toBeInTheDocument();
    expect(card('AI Messages Today').getByText('0')).toBeInTheDocument();
    expect(card('System Status').getByText('Operational')).toBeInTheDocument();
    expect(card('Pro subscriptions').getByText('58')).toBeInTheDocument();
    expect(card('Lite subscriptions').getByText('82')).toBeInTheDocument();
    expect(card('Total users').getByText('212')).toBeInTheDocument();
    expect(screen.getByText('3 unpaid invoices need attention')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View billing/ })).toHaveAttribute('href', '/billing');
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByRole('link', { name: 'Start Chat' }));
    expect(location.history.at(-1)).toBe('/ai');
  });

  it('draws the figures in a render of their own, after the update that brought them (issue 17)', async () => {
    // Outside act(), React schedules as in a browser (tests/support/browser-scheduling.ts): the
    // figures' render, deferred, waits for a task of React's scheduler, where React can split it into
    // slices and yield to input in between.
    await asInABrowser(async () => {
      const doubles = createDashboardDoubles();
      renderDashboard({ doubles });
      await nextTask();
      doubles.resolve('load', { stats: STATS, overview: OVERVIEW });
      await microtasks();
      expect(screen.queryByText('20 licensed')).not.toBeInTheDocument();
      expect(await card('Total Users').findByText('20 licensed')).toBeInTheDocument();
      expect(card('Active Users').getByText('45')).toBeInTheDocument();
    });
  });

  it('says no invoice is unpaid, in place of the warning, when every invoice is paid', async () => {
    const doubles = createDashboardDoubles();
    renderDashboard({ doubles });
    act(() => doubles.resolve('load', { stats: STATS, overview: { ...OVERVIEW, unpaidInvoices: 0 } }));
    expect(await card('Total Users').findByText('60')).toBeInTheDocument();
    expect(screen.queryByText(/need(s)? attention/)).not.toBeInTheDocument();
    expect(screen.getByTestId('invoice-status')).toHaveTextContent(NO_UNPAID_INVOICES);
  });

  it('keeps the place of the invoice line with a skeleton while loading (no layout shift when it lands)', () => {
    const doubles = createDashboardDoubles();
    renderDashboard({ doubles });
    const placeholder = screen.getByTestId('invoice-status-loading');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(within(placeholder).getByTestId('invoice-status')).toBeInTheDocument();
    expect(screen.queryByText(/need(s)? attention/)).not.toBeInTheDocument();
  });

  it('claims nothing about invoices when the billing figures failed to load', async () => {
    const doubles = createDashboardDoubles();
    renderDashboard({ doubles });
    act(() => doubles.reject('load', new Error('boom')));
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.queryByTestId('invoice-status')).not.toBeInTheDocument();
  });
});
