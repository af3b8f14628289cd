// @vitest-environment node
/**
 * Export CSV of the members with its real implementations (membersExportImplementations): the real
 * API client with only `fetch` replaced, and the browser's `window.location` replaced by a stand-in
 * that records the link the export opens. What the export asks POST /api/users/export for, and that
 * the browser is sent to the one-time link the API answers with.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, toPromise } from 'xstate';
import type { Services } from '../../src/services';
import { csvExportMachine } from '../../src/machines/csvExport';
import { membersExportImplementations } from '../../src/machines/usersList/implementations';
import { apiOverFetch, jsonResponse } from '../support/api';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the members list's Export CSV over the API client", () => {
  it('asks for the members the filters select and sends the browser to the link the API gives', async () => {
    const assign = vi.fn();
    vi.stubGlobal('window', { location: { assign } });
    const requests: Request[] = [];
    const fetchDouble: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      requests.push(request);
      return jsonResponse(201, { url: '/exports/members/ticket-9', fileName: 'summit-members.csv' });
    };
    const services = { api: apiOverFetch(fetchDouble) } as unknown as Services;
    const exporting = createActor(csvExportMachine.provide(membersExportImplementations(services)), {
      input: { search: 'maria', status: 'active', role: 'Supervisor', sort: 'name' },
    }).start();

    expect(await toPromise(exporting)).toEqual({ failure: null });
    expect(requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual(['POST /api/users/export']);
    expect(await requests[0]?.clone().json()).toMatchObject({ search: 'maria', status: 'active', role: 'Supervisor', sort: 'name' });
    expect(assign).toHaveBeenCalledTimes(1);
    expect(String(assign.mock.calls[0]?.[0])).toMatch(/\/exports\/members\/ticket-9$/);
  });
});
