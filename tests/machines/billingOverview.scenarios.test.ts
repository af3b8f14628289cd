/**
 * Named scenarios of the Billing Overview machine (SPEC §2 Billing Overview, §8 Billing): the
 * overview, 'No billing data available', the error box and Refresh / 'Try again', read as its
 * specification. Actor level, no rendering: each load is a promise the test settles; the last
 * scenario runs the real implementation over the real API client with only `fetch` (the network, a
 * boundary we don't own) replaced.
 */
import { describe, expect, it, vi } from 'vitest';
import { pendingActor } from './pending-actor';
import { createActor } from 'xstate';
import type { NonReducibleUnknown } from 'xstate';
import type { Services } from '../../src/services';
import type { BillingOverview } from '../../src/contract/api';
import {
  billingOverviewImplementations,
  billingOverviewMachine,
  selectError,
  selectIsEmpty,
  selectIsLoading,
  selectOverview,
} from '../../src/machines/billingOverview';
import { apiOverFetch, jsonResponse } from '../support/api';
import { EMPTY_OVERVIEW, OVERVIEW } from '../views/billing/fixtures';
import { waitFor } from '../support/snapshots';

function openBillingOverview() {
  const load = pendingActor<BillingOverview, NonReducibleUnknown>();
  const actor = createActor(billingOverviewMachine.provide({ actors: { load: load.logic } })).start();
  return { actor, loads: load.calls, last: load.last };
}

describe('the billing overview', () => {
  it("shows 'Loading billing overview...' until the overview arrives, then the figures", async () => {
    const { actor, last } = openBillingOverview();
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectOverview(actor.getSnapshot())).toBeNull();
    last().resolve(OVERVIEW);
    const loaded = await waitFor(actor, (s) => !s.hasTag('pending'));
    expect(loaded.value).toBe('loaded');
    expect(selectOverview(loaded)).toEqual(OVERVIEW);
    expect(selectIsEmpty(loaded)).toBe(false);
    expect(selectError(loaded)).toBeNull();
  });

  it("an organisation without users or transactions sees 'No billing data available'", async () => {
    const { actor, last } = openBillingOverview();
    last().resolve(EMPTY_OVERVIEW);
    const empty = await waitFor(actor, (s) => !s.hasTag('pending'));
    expect(empty.value).toBe('empty');
    expect(selectIsEmpty(empty)).toBe(true);
    expect(selectOverview(empty)).toEqual(EMPTY_OVERVIEW);
  });

  it('an organisation with users but no transactions yet sees its figures, not the empty state', async () => {
    const { actor, last } = openBillingOverview();
    last().resolve({ ...OVERVIEW, recentTransactions: [] });
    const loaded = await waitFor(actor, (s) => !s.hasTag('pending'));
    expect(loaded.value).toBe('loaded');
    expect(selectIsEmpty(loaded)).toBe(false);
  });

  it('transactions without users still show the figures, not the empty state', async () => {
    const { actor, last } = openBillingOverview();
    last().resolve({ ...EMPTY_OVERVIEW, recentTransactions: OVERVIEW.recentTransactions });
    const loaded = await waitFor(actor, (s) => !s.hasTag('pending'));
    expect(loaded.value).toBe('loaded');
  });

  it("a failed load shows the server's message in the error box", async () => {
    const { actor, last } = openBillingOverview();
    last().reject(new Error('Only administrators can see billing'));
    const failed = await waitFor(actor, (s) => !s.hasTag('pending'));
    expect(failed.value).toBe('failed');
    expect(selectError(failed)).toBe('Only administrators can see billing');
    expect(selectIsEmpty(failed)).toBe(false);
  });

  it("a failure without a message shows 'Unknown error'", async () => {
    const { actor, last } = openBillingOverview();
    last().reject({ status: 500 });
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(selectError(failed)).toBe('Unknown error');
  });

  it("'Try again' loads again and the overview replaces the error", async () => {
    const { actor, last, loads } = openBillingOverview();
    last().reject(new Error('HTTP 502: Bad Gateway'));
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'billingOverview.refresh' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    // The error box is for the failed state only: it goes while loading again.
    expect(selectError(actor.getSnapshot())).toBeNull();
    expect(loads).toHaveLength(2);
    last().resolve(OVERVIEW);
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(loaded.context.error).toBeNull();
    expect(selectOverview(loaded)).toEqual(OVERVIEW);
  });

  it('Refresh keeps the figures on screen until the new overview arrives', async () => {
    const { actor, last, loads } = openBillingOverview();
    last().resolve(OVERVIEW);
    await waitFor(actor, (s) => s.matches('loaded'));
    actor.send({ type: 'billingOverview.refresh' });
    expect(selectIsLoading(actor.getSnapshot())).toBe(true);
    expect(selectOverview(actor.getSnapshot())).toEqual(OVERVIEW);
    expect(loads).toHaveLength(2);
    const newer = { ...OVERVIEW, totalUsers: 43 };
    last().resolve(newer);
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectOverview(loaded)).toEqual(newer);
  });

  it('Refresh from the empty state looks again, and finds the first transactions', async () => {
    const { actor, last, loads } = openBillingOverview();
    last().resolve(EMPTY_OVERVIEW);
    await waitFor(actor, (s) => s.matches('empty'));
    actor.send({ type: 'billingOverview.refresh' });
    expect(loads).toHaveLength(2);
    last().resolve(OVERVIEW);
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(selectIsEmpty(loaded)).toBe(false);
  });

  it('Refresh while loading does not start a second load', () => {
    const { actor, loads } = openBillingOverview();
    actor.send({ type: 'billingOverview.refresh' });
    expect(loads).toHaveLength(1);
  });

  it('leaving the screen while it loads cancels the request', () => {
    const { actor, loads } = openBillingOverview();
    actor.stop();
    expect(loads[0]?.signal.aborted).toBe(true);
  });

  it('reads the overview from the API', async () => {
    const asked: string[] = [];
    const signals: AbortSignal[] = [];
    // Only `fetch` is a double: the network is the boundary we don't own.
    const api = apiOverFetch((input, init) => {
      const request = new Request(input, init);
      asked.push(`${request.method} ${new URL(request.url).pathname}`);
      signals.push(request.signal);
      return jsonResponse(200, OVERVIEW);
    });
    const services = { api } as Pick<Services, 'api'> as Services;
    const actor = createActor(billingOverviewMachine.provide(billingOverviewImplementations(services))).start();
    const loaded = await waitFor(actor, (s) => s.matches('loaded'));
    expect(asked).toEqual(['GET /api/admin/billing/overview']);
    expect(selectOverview(loaded)).toEqual(OVERVIEW);
  });

  it('leaving the screen aborts the API request', async () => {
    const signals: AbortSignal[] = [];
    const api = apiOverFetch((input, init) => {
      signals.push(new Request(input, init).signal);
      return new Promise<Response>(() => undefined);
    });
    const services = { api } as Pick<Services, 'api'> as Services;
    const actor = createActor(billingOverviewMachine.provide(billingOverviewImplementations(services))).start();
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(false);
    actor.stop();
    expect(signals[0]?.aborted).toBe(true);
  });
});
