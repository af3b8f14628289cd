/**
 * The users list machine with its real implementations over the real API client; only `fetch`
 * (the network, a boundary we don't own) is a double. What a search, a filter and a change of the
 * members ask of the API: the Quick Stats only on the first load and after a change.
 */
import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { usersListImplementations, usersListMachine } from '../../src/machines/usersList';
import type { Services } from '../../src/services';
import { apiOverFetch, jsonResponse } from '../support/api';
import { STATS, makePage } from '../views/users/fixtures';

function startList() {
  const paths: string[] = [];
  const fetchDouble: typeof fetch = (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    paths.push(`${request.method} ${url.pathname}${url.search}`);
    const body = url.pathname.endsWith('/stats')
      ? STATS
      : url.pathname.endsWith('/bulk')
        ? { updated: 1 }
        : makePage(Number(url.searchParams.get('page') ?? 1)).list;
    return jsonResponse(200, body);
  };
  const api = apiOverFetch(fetchDouble);
  const actor = createActor(usersListMachine.provide({ ...usersListImplementations({ api } as unknown as Services), delays: { searchDebounce: 0 } }), { input: { pageSize: 25 } }).start();
  const settled = () => waitFor(actor, (s) => s.matches({ browsing: 'ready' }));
  const take = () => paths.splice(0).map((p) => p.replace(/\?.*$/, ''));
  return { actor, settled, take };
}

describe('usersList over the API client', () => {
  it('fetches the Quick Stats with the first page, not with searches, filters or pages', async () => {
    const { actor, settled, take } = startList();
    expect((await settled()).context.stats).toEqual(STATS);
    expect(take().sort()).toEqual(['GET /api/users', 'GET /api/users/stats']);

    actor.send({ type: 'users.search', search: 'smith' });
    await waitFor(actor, (s) => !s.matches({ browsing: 'ready' }));
    await settled();
    actor.send({ type: 'users.filterRole', role: 'Supervisor' });
    await settled();
    actor.send({ type: 'users.goToPage', page: 2 });
    const after = await settled();
    expect(take()).toEqual(['GET /api/users', 'GET /api/users', 'GET /api/users']);
    expect(after.context.stats).toEqual(STATS);
  });

  it('fetches them again after a change to the members (a bulk update here), then not again', async () => {
    const { actor, settled, take } = startList();
    const first = await settled();
    take();
    const someone = first.context.users[0]?.userId as string;
    actor.send({ type: 'users.bulkUpdate', userIds: [someone], updates: { hasLicense: true } });
    await waitFor(actor, (s) => s.matches('bulkUpdating'));
    await settled();
    expect(take().sort()).toEqual(['GET /api/users', 'GET /api/users/stats', 'PATCH /api/users/bulk'].sort());
    actor.send({ type: 'users.goToPage', page: 2 });
    await settled();
    expect(take()).toEqual(['GET /api/users']);
  });
});
