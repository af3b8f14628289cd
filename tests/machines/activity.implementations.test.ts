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
import { activityExportImplementations } from '../../src/machines/activity/implementations';
import { csvExportMachine } from '../../src/machines/csvExport';
import { currentTimeZone } from '../../src/domain/dates';
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
  const ready = () => waitFor(actor, (s) => s.matches({ trail: { browsing: 'ready' } }));
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
    await waitFor(actor, (s) => s.matches({ trail: { browsing: 'ready' } }));
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

  it("asks for who made the change and the dates, as days of the administrator's time zone, and writes them to the address", async () => {
    const { actor, requests, memory, ready } = openTrail('/users/activity?actor=u-dana&from=2026-01-05&to=2026-01-31');
    await ready();
    const zone = encodeURIComponent(currentTimeZone());
    expect(requests).toEqual([`/api/audit?page=1&limit=25&actorId=u-dana&from=2026-01-05&to=2026-01-31&timeZone=${zone}`]);
    actor.send({ type: 'activity.clearActor' });
    await ready();
    actor.send({ type: 'activity.filterDates', from: '2026-01-10', to: null });
    await ready();
    expect(requests.at(-1)).toBe(`/api/audit?page=1&limit=25&from=2026-01-10&timeZone=${zone}`);
    // A backwards range is not asked for, nor written.
    actor.send({ type: 'activity.filterDates', from: '2026-01-10', to: '2026-01-01' });
    expect(actor.getSnapshot().context.dateError).toMatch(/before the 'From' date/);
    actor.send({ type: 'activity.clearFilters' });
    await ready();
    expect(requests.at(-1)).toBe('/api/audit?page=1&limit=25');
    expect(memory.urls()).toEqual([
      '/users/activity?actor=u-dana&from=2026-01-05&to=2026-01-31',
      '/users/activity?from=2026-01-05&to=2026-01-31',
      '/users/activity?from=2026-01-10',
      '/users/activity',
    ]);
  });

  it('exports what the filters select: POST /api/audit/export with the time zone and the date, then opens the link', async () => {
    const posted: unknown[] = [];
    const fetchDouble: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      posted.push({ path: new URL(request.url).pathname, method: request.method, body: (await request.json()) as unknown });
      return jsonResponse(201, { url: '/exports/activity/ticket-1', fileName: 'summit-activity-2026-01-05.csv' });
    };
    const services = { api: apiOverFetch(fetchDouble) } as unknown as Services;
    const opened: string[] = [];
    const implementations = activityExportImplementations(services);
    const exporting = createActor(
      csvExportMachine.provide({
        actors: implementations.actors,
        actions: { openDownload: (_: unknown, params: { url: string }) => void opened.push(params.url) },
      }),
      { input: { actorId: 'u-dana', kind: 'member.edited', from: '2026-01-05' } },
    ).start();
    const done = await waitFor(exporting, (s) => s.status === 'done');
    expect(done.output).toEqual({ failure: null });
    expect(posted).toEqual([
      {
        path: '/api/audit/export',
        method: 'POST',
        body: {
          actorId: 'u-dana',
          kind: 'member.edited',
          from: '2026-01-05',
          timeZone: currentTimeZone(),
          today: expect.stringMatching(/^\d{4}-\d\d-\d\d$/) as unknown,
        },
      },
    ]);
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatch(/\/exports\/activity\/ticket-1$/);
  });
});
