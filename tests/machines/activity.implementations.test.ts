// @vitest-environment node
/**
 * The activity trail with its real implementations: the real API client with only `fetch` (the
 * network, a boundary we don't own) replaced, and the real address-bar service over an in-memory
 * browser history. What the trail asks GET /api/audit for, and what the address bar shows as the
 * view changes and as Back and Forward move.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Services } from '../../src/services';
import { createAddressBar } from '../../src/services/address';
import { activityImplementations, activityMachine, type ActivityInput } from '../../src/machines/activity';
import { apiOverFetch, jsonResponse } from '../support/api';
import { createMemoryAddressHost } from '../support/address';

function openTrail(url: string, input?: ActivityInput) {
  const requests: string[] = [];
  const fetchDouble: typeof fetch = (request, init) => {
    const { pathname, search } = new URL(new Request(request, init).url);
    requests.push(`${pathname}${search}`);
    const page = Number(new URL(new Request(request, init).url).searchParams.get('page') ?? 1);
    return jsonResponse(200, { entries: [], total: 0, page, limit: 25 });
  };
  const memory = createMemoryAddressHost(url);
  const services = { api: apiOverFetch(fetchDouble), address: createAddressBar(memory.host) } as unknown as Services;
  const actor = createActor(activityMachine.provide(activityImplementations(services)), { input }).start();
  const ready = () => waitFor(actor, (s) => s.matches({ browsing: 'ready' }));
  return { actor, requests, memory, ready };
}

describe('the activity trail over the API client and the address bar', () => {
  it('asks for the view the address names, writes each change as a history entry, and follows Back and Forward on its own path only', async () => {
    const { actor, requests, memory, ready } = openTrail('/users/activity?kind=member.edited&member=u-ana&page=2');
    await ready();
    expect(requests).toEqual(['/api/audit?page=2&limit=25&memberId=u-ana&kind=member.edited']);
    expect(memory.url()).toBe('/users/activity?member=u-ana&kind=member.edited&page=2');
    expect(memory.urls()).toHaveLength(1);

    actor.send({ type: 'activity.clearMember' });
    await ready();
    expect(memory.urls()).toEqual(['/users/activity?member=u-ana&kind=member.edited&page=2', '/users/activity?kind=member.edited']);
    memory.back();
    await ready();
    expect(requests.at(-1)).toBe('/api/audit?page=2&limit=25&memberId=u-ana&kind=member.edited');
    expect(memory.urls()).toHaveLength(2);

    // An entry on another path (the member's billing page) is not the trail's to follow.
    memory.host.history.pushState(null, '', '/billing/user/u-ana');
    memory.back();
    await ready();
    const asked = requests.length;
    memory.forward();
    expect(requests).toHaveLength(asked);
    expect(actor.getSnapshot().context.memberId).toBe('u-ana');

    // Closed, the trail no longer hears the address.
    actor.stop();
    memory.back();
    expect(requests).toHaveLength(asked);
  });

  it('a newer filter aborts the request still out, so an older answer never lands', async () => {
    const signals: AbortSignal[] = [];
    const fetchDouble: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      signals.push(request.signal);
      if (signals.length === 1) return new Promise<Response>(() => undefined);
      return jsonResponse(200, { entries: [], total: 0, page: 1, limit: 25 });
    };
    const memory = createMemoryAddressHost('/users/activity');
    const services = { api: apiOverFetch(fetchDouble), address: createAddressBar(memory.host) } as unknown as Services;
    const actor = createActor(activityMachine.provide(activityImplementations(services)), { input: undefined }).start();
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    actor.send({ type: 'activity.filterKind', kind: 'member.deleted' });
    await waitFor(actor, (s) => s.matches({ browsing: 'ready' }));
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
  });

  it("a member's trail on the billing page asks for that member and leaves the address bar alone", async () => {
    const { actor, requests, memory, ready } = openTrail('/billing/user/u-ana?tab=1', { memberId: 'u-ana', limit: 5 });
    await ready();
    actor.send({ type: 'activity.goToPage', page: 2 });
    await ready();
    expect(requests).toEqual(['/api/audit?page=1&limit=5&memberId=u-ana', '/api/audit?page=2&limit=5&memberId=u-ana']);
    expect(memory.urls()).toEqual(['/billing/user/u-ana?tab=1']);
  });
});
