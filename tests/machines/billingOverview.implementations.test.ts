/**
 * The Billing Overview machine with its real implementations over the real API client; only `fetch`
 * (the network, a boundary we don't own) is a double. Its data read ahead of the screen at start-up
 * (a tab opened at /billing with a session) is what its load shows, without asking again.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { readBillingOverviewAhead } from '../../src/machines/billingOverview/ahead';
import { billingOverviewImplementations, billingOverviewMachine } from '../../src/machines/billingOverview';
import type { Services } from '../../src/services';
import { apiOverFetch, jsonResponse } from '../support/api';
import { OVERVIEW } from '../views/billing/fixtures';

function open(answer: () => Promise<Response>) {
  const requests: string[] = [];
  const fetchDouble: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    requests.push(`${request.method} ${new URL(request.url).pathname}`);
    return answer();
  };
  const services = { api: apiOverFetch(fetchDouble) } as unknown as Services;
  const start = () => createActor(billingOverviewMachine.provide(billingOverviewImplementations(services))).start();
  return { services, requests, start };
}

describe('Billing Overview over the API client', () => {
  it('loads the overview', async () => {
    const { requests, start } = open(() => jsonResponse(200, OVERVIEW));
    const loaded = await waitFor(start(), (s) => s.matches('loaded'));
    expect(loaded.context.data).toEqual(OVERVIEW);
    expect(requests).toEqual(['GET /api/admin/billing/overview']);
  });

  it('takes the read made ahead of it at start-up, and asks for nothing more', async () => {
    const { services, requests, start } = open(() => jsonResponse(200, OVERVIEW));
    readBillingOverviewAhead(services);
    await vi.waitFor(() => expect(requests).toEqual(['GET /api/admin/billing/overview']));
    const loaded = await waitFor(start(), (s) => s.matches('loaded'));
    expect(loaded.context.data).toEqual(OVERVIEW);
    expect(requests).toHaveLength(1);
  });

  it("a read ahead that failed is the load's failure (made early, not twice), and Try again asks again", async () => {
    let fail = true;
    const { services, requests, start } = open(() =>
      fail ? jsonResponse(500, { message: 'Billing is unavailable' }) : jsonResponse(200, OVERVIEW),
    );
    readBillingOverviewAhead(services);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const actor = start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('Billing is unavailable');
    expect(requests).toHaveLength(1);
    fail = false;
    actor.send({ type: 'billingOverview.refresh' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(requests).toHaveLength(2);
  });
});
