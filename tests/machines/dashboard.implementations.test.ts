/**
 * The dashboard machine with its real implementations over the real API client; only `fetch` (the
 * network, a boundary we don't own) is a double. Its data read ahead of the screen at start-up
 * (a tab opened at / with a session) is what its load shows, without asking again.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { readDashboardAhead } from '../../src/machines/dashboard/ahead';
import { dashboardImplementations, dashboardMachine } from '../../src/machines/dashboard';
import type { Services } from '../../src/services';
import { apiOverFetch, jsonResponse } from '../support/api';
import { OVERVIEW } from '../views/billing/fixtures';
import { STATS } from '../views/users/fixtures';

function open(answer: (path: string) => Promise<Response>) {
  const requests: string[] = [];
  const fetchDouble: typeof fetch = (input, init) => {
    const { pathname } = new URL(new Request(input, init).url);
    requests.push(pathname);
    return answer(pathname);
  };
  const services = { api: apiOverFetch(fetchDouble) } as unknown as Services;
  const start = () => createActor(dashboardMachine.provide(dashboardImplementations(services))).start();
  return { services, requests, start };
}

const answers = (path: string) => jsonResponse(200, path.endsWith('/stats') ? STATS : OVERVIEW);

describe('dashboard over the API client', () => {
  it('loads the member counts and the billing overview', async () => {
    const { requests, start } = open(answers);
    const loaded = await waitFor(start(), (s) => s.matches('loaded'));
    expect(loaded.context.data).toEqual({ stats: STATS, overview: OVERVIEW });
    expect(requests.sort()).toEqual(['/api/admin/billing/overview', '/api/users/stats']);
  });

  it('takes the two reads made ahead of it at start-up, and asks for nothing more', async () => {
    const { services, requests, start } = open(answers);
    readDashboardAhead(services);
    await vi.waitFor(() => expect(requests.sort()).toEqual(['/api/admin/billing/overview', '/api/users/stats']));
    const loaded = await waitFor(start(), (s) => s.matches('loaded'));
    expect(loaded.context.data).toEqual({ stats: STATS, overview: OVERVIEW });
    expect(requests).toHaveLength(2);
  });

  it("a read ahead that failed is the load's failure (made early, not twice), and Try again asks again", async () => {
    let fail = true;
    const { services, requests, start } = open((path) =>
      fail && path.endsWith('/overview') ? jsonResponse(500, { message: 'Billing is unavailable' }) : answers(path),
    );
    readDashboardAhead(services);
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    const actor = start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toBe('Billing is unavailable');
    expect(requests).toHaveLength(2);
    fail = false;
    actor.send({ type: 'dashboard.retry' });
    await waitFor(actor, (s) => s.matches('loaded'));
    expect(requests).toHaveLength(4);
  });
});
