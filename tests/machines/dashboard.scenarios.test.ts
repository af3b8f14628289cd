/**
 * Named scenarios of the Dashboard machine (SPEC §2 Dashboard, §8 data loads): what the screen does
 * with the stats and the billing overview, read as its specification. Actor level, no rendering: the
 * load is a promise the test settles; the last scenario runs the real implementation over the real
 * API client with only `fetch` (the network, a boundary we don't own) replaced.
 */
import { describe, expect, it, vi } from 'vitest';
import { pendingActor } from './pending-actor';
import { createActor } from 'xstate';
import type { NonReducibleUnknown } from 'xstate';
import type { Services } from '../../src/services';
import type { UserStats } from '../../src/contract/api';
import {
  DASHBOARD_ERROR_TITLE,
  dashboardImplementations,
  dashboardMachine,
  selectError,
  selectHasFailed,
  selectIsLoading,
  selectOverview,
  selectStats,
} from '../../src/machines/dashboard';
import type { DashboardData } from '../../src/machines/dashboard/dashboardMachine';
import { apiOverFetch, jsonResponse } from '../support/api';
import { OVERVIEW } from '../views/billing/fixtures';
import { waitFor } from '../support/snapshots';

const STATS: UserStats = { total: 42, active: 30, pending: 12, licensed: 25 };

/** Each load is a promise the scenario settles, kept with its abort signal. */
function openDashboard() {
  const load = pendingActor<DashboardData, NonReducibleUnknown>();
  const actor = createActor(dashboardMachine.provide({ actors: { load: load.logic } })).start();
  return { actor, loads: load.calls, last: load.last };
}

describe('the dashboard', () => {
  it('shows it is loading until the stats and the billing overview have arrived, then shows both', async () => {
    const { actor, last } = openDashboard();
    expect(actor.getSnapshot().value).toBe('loading');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectStats(actor.getSnapshot())).toBeNull();
    expect(selectOverview(actor.getSnapshot())).toBeNull();
    expect(selectError(actor.getSnapshot())).toBeNull();

    last().resolve({ stats: STATS, overview: OVERVIEW });
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectIsLoading(loaded)).toBe(false);
    expect(selectHasFailed(loaded)).toBe(false);
    expect(selectStats(loaded)).toEqual(STATS);
    expect(selectOverview(loaded)).toEqual(OVERVIEW);
    expect(selectError(loaded)).toBeNull();
  });

  it(`a failed load shows '${DASHBOARD_ERROR_TITLE}' with the server's message, and nothing else happens until 'Try again'`, async () => {
    const { actor, last, loads } = openDashboard();
    last().reject(new Error('HTTP 503: Service Unavailable'));
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(DASHBOARD_ERROR_TITLE).toBe('Error loading dashboard data');
    expect(selectHasFailed(failed)).toBe(true);
    expect(selectIsLoading(failed)).toBe(false);
    expect(selectError(failed)).toBe('HTTP 503: Service Unavailable');
    expect(selectStats(failed)).toBeNull();
    expect(loads).toHaveLength(1);
  });

  it("'Try again' loads again, and the figures replace the error", async () => {
    const { actor, last, loads } = openDashboard();
    last().reject(new Error('HTTP 503: Service Unavailable'));
    await waitFor(actor, (s) => s.matches('failed'));

    actor.send({ type: 'dashboard.retry' });
    expect(actor.getSnapshot().value).toBe('loading');
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(loads).toHaveLength(2);

    last().resolve({ stats: STATS, overview: OVERVIEW });
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectStats(loaded)).toEqual(STATS);
    expect(selectError(loaded)).toBeNull();
    expect(selectHasFailed(loaded)).toBe(false);
  });

  it('a failure without a message of its own says the figures could not be loaded', async () => {
    const { actor, last } = openDashboard();
    last().reject(new Error('   '));
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(selectError(failed)).toBe('The dashboard figures could not be loaded.');
  });

  it("'Try again' does nothing once the figures are shown", async () => {
    const { actor, last, loads } = openDashboard();
    last().resolve({ stats: STATS, overview: OVERVIEW });
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'dashboard.retry' });
    expect(actor.getSnapshot().value).toBe('loaded');
    expect(loads).toHaveLength(1);
  });

  it('leaving the dashboard while it loads cancels the requests', () => {
    const { actor, loads } = openDashboard();
    expect(loads[0]?.signal.aborted).toBe(false);
    actor.stop();
    expect(loads[0]?.signal.aborted).toBe(true);
  });

  it('asks the API for the user stats and the billing overview at the same time, and shows both', async () => {
    const asked: string[] = [];
    let answer: (() => void) | undefined;
    const bothAsked = new Promise<void>((resolve) => (answer = resolve));
    // Only `fetch` is a double: the network is the boundary we don't own.
    const api = apiOverFetch(async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      asked.push(`${request.method} ${path}`);
      if (asked.length === 2) answer?.();
      // Neither request is answered before both were sent: the two calls run side by side.
      await bothAsked;
      return jsonResponse(200, path === '/api/users/stats' ? STATS : OVERVIEW);
    });
    const services = { api } as Pick<Services, 'api'> as Services;
    const actor = createActor(dashboardMachine.provide(dashboardImplementations(services))).start();
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(asked.sort()).toEqual(['GET /api/admin/billing/overview', 'GET /api/users/stats']);
    expect(selectStats(loaded)).toEqual(STATS);
    expect(selectOverview(loaded)).toEqual(OVERVIEW);
  });

  it('leaving the dashboard aborts both API requests', async () => {
    const signals: AbortSignal[] = [];
    const api = apiOverFetch((input, init) => {
      signals.push(new Request(input, init).signal);
      return new Promise<Response>(() => undefined);
    });
    const services = { api } as Pick<Services, 'api'> as Services;
    const actor = createActor(dashboardMachine.provide(dashboardImplementations(services))).start();
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    expect(signals.map((s) => s.aborted)).toEqual([false, false]);
    actor.stop();
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
  });
});
