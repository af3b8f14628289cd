// @vitest-environment node
/**
 * Export CSV of the activity trail with its real implementations: the real API client with only
 * `fetch` replaced, and the browser's `window.location` replaced by a stand-in that records the
 * link the export opens. What the trail's export asks POST /api/audit/export for, that the
 * browser is sent to the link, and that closing the screen aborts an export still out.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { Services } from '../../src/services';
import { activityImplementations, activityMachine, selectIsExporting } from '../../src/machines/activity';
import { apiOverFetch, jsonResponse } from '../support/api';

afterEach(() => {
  vi.unstubAllGlobals();
});

function openMemberTrail(exportAnswer: (request: Request) => Promise<Response>) {
  const exportRequests: Request[] = [];
  const fetchDouble: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname === '/api/audit/export') {
      exportRequests.push(request);
      return exportAnswer(request);
    }
    return jsonResponse(200, { entries: [], total: 0, page: 1, limit: 5 });
  };
  const services = { api: apiOverFetch(fetchDouble) } as unknown as Services;
  const actor = createActor(activityMachine.provide(activityImplementations(services)), {
    input: { memberId: 'u-ana', limit: 5 },
  }).start();
  return { actor, exportRequests };
}

describe("the activity trail's Export CSV over the API client", () => {
  it('sends the browser to the link the API gives for the filters of the trail', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const { actor, exportRequests } = openMemberTrail(() =>
      jsonResponse(201, { url: '/exports/activity/ticket-7', fileName: 'summit-activity.csv' }),
    );
    actor.send({ type: 'activity.export' });
    await waitFor(actor, (s) => !selectIsExporting(s) && exportRequests.length === 1);
    expect(await exportRequests[0]?.clone().json()).toMatchObject({ memberId: 'u-ana' });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/\/exports\/activity\/ticket-7$/);
    expect(actor.getSnapshot().context.exportError).toBeNull();
  });

  it('closing the screen while the export is prepared aborts its request', async () => {
    const { actor, exportRequests } = openMemberTrail(() => new Promise<Response>(() => undefined));
    actor.send({ type: 'activity.export' });
    await vi.waitFor(() => expect(exportRequests).toHaveLength(1));
    const signal = exportRequests[0]?.signal;
    expect(signal?.aborted).toBe(false);
    actor.stop();
    expect(signal?.aborted).toBe(true);
  });
});
