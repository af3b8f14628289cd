/**
 * The users list machine with its real implementations over the real API client; only `fetch`
 * (the network, a boundary we don't own) is a double. What a search, a filter and a change of the
 * members ask of the API: the Quick Stats only on the first load and after a change.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, toPromise, waitFor } from 'xstate';
import { csvExportMachine } from '../../src/machines/csvExport';
import { openDownload as openInBrowser } from '../../src/machines/csvExport/implementations';
import { membersExportImplementations } from '../../src/machines/usersList/implementations';
import {
  selectAddUserRef,
  selectBusy,
  selectEditUserRef,
  usersListImplementations,
  usersListMachine,
  type UsersListActorRef,
  type UsersListEmitted,
} from '../../src/machines/usersList';
import type { Services } from '../../src/services';
import { apiOverFetch, jsonResponse } from '../support/api';
import { STATS, makePage, makeUser } from '../views/users/fixtures';
import type { User } from '../../src/contract/api';
import type { ProductApi } from '../../src/services/api';
import { createAddressBar } from '../../src/services/address';
import { createMemoryAddressHost } from '../support/address';
import { readUsersListAhead } from '../../src/machines/usersList/ahead';
import { nextTurn } from '../support/turn';

/**
 * The API as the list sees it: Import CSV's own check for a running import (../memberImport, a
 * child of the list) is answered "none" and not shown to the test's double, which counts the list's
 * requests.
 */
function listOnly(fetchDouble: typeof fetch): typeof fetch {
  // The URL read without making a Request of it (that would take the body from the original).
  const pathOf = (input: Parameters<typeof fetch>[0]) =>
    new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).pathname;
  return (input, init) => (pathOf(input).startsWith('/api/users/imports') ? jsonResponse(200, { import: null }) : fetchDouble(input, init));
}

/** The services the list uses: the API client given, the address bar on an in-memory history. */
function servicesWith(api: ProductApi): Services {
  let saved: string | null = null;
  return {
    api,
    address: createAddressBar(createMemoryAddressHost('/users').host),
    storage: {
      loadUsersView: () => saved,
      saveUsersView: (query: string) => {
        saved = query;
      },
    },
  } as unknown as Services;
}

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
  const api = apiOverFetch(listOnly(fetchDouble));
  const actor = createActor(usersListMachine.provide({ ...usersListImplementations(servicesWith(api)), delays: { searchDebounce: 0 } }), {
    input: { pageSize: 25 },
  }).start();
  const settled = () => waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }));
  const take = () => paths.splice(0).map((p) => p.replace(/\?.*$/, ''));
  return { actor, settled, take };
}

describe('usersList over the API client', () => {
  it('fetches the Quick Stats with the first page, not with searches, filters or pages', async () => {
    const { actor, settled, take } = startList();
    expect((await settled()).context.stats).toEqual(STATS);
    expect(take().sort()).toEqual(['GET /api/users', 'GET /api/users/stats']);

    actor.send({ type: 'users.search', search: 'smith' });
    await waitFor(actor, (s) => !s.matches({ list: { browsing: 'ready' } }));
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
    await waitFor(actor, (s) => s.matches({ list: 'bulkUpdating' }));
    await settled();
    expect(take().sort()).toEqual(['GET /api/users', 'GET /api/users/stats', 'PATCH /api/users/bulk'].sort());
    actor.send({ type: 'users.goToPage', page: 2 });
    await settled();
    expect(take()).toEqual(['GET /api/users']);
  });
});

describe('row changes over the API client', () => {
  function startWith(answer: (method: string, path: string, body: unknown) => Promise<Response> | null) {
    const requests: Array<{ method: string; path: string; body: unknown }> = [];
    const fetchDouble: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = await request.text();
      const body: unknown = text === '' ? undefined : JSON.parse(text);
      requests.push({ method: request.method, path: url.pathname, body });
      const custom = answer(request.method, url.pathname, body);
      if (custom) return custom;
      return jsonResponse(200, url.pathname.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list);
    };
    const actor = createActor(
      usersListMachine.provide({
        ...usersListImplementations(servicesWith(apiOverFetch(listOnly(fetchDouble)))),
        delays: { searchDebounce: 0 },
      }),
      {
        input: { pageSize: 25 },
      },
    ).start();
    const notices: UsersListEmitted[] = [];
    actor.on('users.notice', (notice) => notices.push(notice));
    return {
      actor,
      requests,
      notices,
      ready: () => waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }) && selectBusy(s).length === 0),
    };
  }

  it('sends the wanted licence, so the same click sent twice cannot undo itself', async () => {
    const { actor, requests, ready } = startWith((method, path, body) =>
      method === 'PATCH' ? jsonResponse(200, { user: { ...makeUser(1), ...(body as object), version: 2 } }) : null,
    );
    const before = await ready();
    const target = before.context.users[1] as User;
    expect(target.hasLicense).toBe(false);
    actor.send({ type: 'users.setLicense', user: target, hasLicense: true });
    const after = await ready();
    expect(requests.filter((r) => r.method === 'PATCH')).toEqual([
      { method: 'PATCH', path: `/api/users/${target.userId}/toggle-license`, body: { hasLicense: true } },
    ]);
    expect(after.context.users[1]).toMatchObject({ hasLicense: true, version: 2 });
    expect(after.context.stats?.licensed).toBe(STATS.licensed + 1);
  });

  it('on a 409 reads the member again, shows them as they are and warns with the server message', async () => {
    const message = 'An organisation needs at least one active administrator.';
    const current = { ...makeUser(1), isActive: true, version: 5 };
    const { actor, requests, notices, ready } = startWith((method, path) => {
      if (method === 'PATCH') return jsonResponse(409, { message });
      if (method === 'GET' && path === `/api/users/${current.userId}`) return jsonResponse(200, { user: current });
      return null;
    });
    const before = await ready();
    const target = before.context.users[1] as User;
    actor.send({ type: 'users.setStatus', user: target, isActive: false });
    const after = await ready();
    expect(
      requests.filter((r) => r.method !== 'GET' || r.path === `/api/users/${current.userId}`).map((r) => `${r.method} ${r.path}`),
    ).toEqual([`PATCH /api/users/${current.userId}/toggle-status`, `GET /api/users/${current.userId}`]);
    expect(after.context.users[1]).toEqual(current);
    expect(after.context.actionError).toBeNull();
    expect(notices).toEqual([{ type: 'users.notice', message, tone: 'warning', detail: 'The row now shows this member as they are.' }]);
  });

  it('shows the refusal inline when the member cannot be read again after a 409', async () => {
    const { actor, ready } = startWith((method) => {
      if (method === 'PATCH') return jsonResponse(409, { message: 'Refused for a reason.' });
      return null;
    });
    const before = await ready();
    const target = before.context.users[1] as User;
    // The list answers any GET with a page, which is not a `{ user }`: the read fails.
    actor.send({ type: 'users.setStatus', user: target, isActive: !target.isActive });
    const after = await ready();
    expect(after.context.actionError).toBe('Refused for a reason.');
    expect(after.context.users[1]).toEqual(target);
  });
});

describe('sort and export over the API client', () => {
  function startExporting(exportAnswer: () => Promise<Response>) {
    const requests: Array<{ method: string; path: string; query: string; body: unknown }> = [];
    const fetchDouble: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = await request.text();
      requests.push({ method: request.method, path: url.pathname, query: url.search, body: text === '' ? undefined : JSON.parse(text) });
      if (url.pathname === '/api/users/export') return exportAnswer();
      return jsonResponse(200, url.pathname.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list);
    };
    const openDownload = vi.fn<(args: unknown, params: { url: string }) => void>();
    const services = servicesWith(apiOverFetch(listOnly(fetchDouble), { baseUrl: 'http://api.test/' }));
    const implementations = usersListImplementations(services);
    const exporting = membersExportImplementations(services);
    const actor = createActor(
      usersListMachine.provide({
        ...implementations,
        actors: { ...implementations.actors, csvExport: csvExportMachine.provide({ ...exporting, actions: { openDownload } }) },
        delays: { searchDebounce: 0 },
      }),
      {
        input: { pageSize: 25 },
      },
    ).start();
    const notices: UsersListEmitted[] = [];
    actor.on('users.notice', (notice) => notices.push(notice));
    const ready = () => waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' }, export: 'idle' }));
    return { actor, requests, notices, openDownload, ready };
  }

  it('sends the sort with the list, and exports what the list selects: the link opened on the API base URL', async () => {
    const { actor, requests, openDownload, ready } = startExporting(() =>
      jsonResponse(201, { url: '/exports/members/ticket-1', fileName: 'summit-builders-members-2026-11-24.csv' }),
    );
    await ready();
    expect(requests.find((r) => r.path === '/api/users')?.query).toContain('sort=-created');
    actor.send({ type: 'users.filterStatus', status: 'pending' });
    await ready();
    actor.send({ type: 'users.sort', sort: 'name' });
    await ready();
    expect(requests.filter((r) => r.path === '/api/users').at(-1)?.query).toBe('?page=1&limit=25&status=pending&sort=name');
    actor.send({ type: 'users.search', search: '  ana ' });
    await waitFor(actor, (s) => s.matches({ list: { browsing: 'loading' } }));
    await ready();

    actor.send({ type: 'users.export' });
    await waitFor(actor, (s) => s.matches({ export: 'preparing' }));
    await ready();
    const exported = requests.filter((r) => r.path === '/api/users/export');
    expect(exported).toHaveLength(1);
    const body = exported[0]?.body as Record<string, unknown>;
    expect(body).toEqual({ search: 'ana', status: 'pending', sort: 'name', today: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    const now = new Date();
    const local = [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, '0')).join('-');
    expect(body.today).toBe(local);
    expect(openDownload).toHaveBeenCalledTimes(1);
    expect(openDownload.mock.calls[0]?.[1]).toEqual({ url: 'http://api.test/exports/members/ticket-1' });
  });

  it('a failed export is an error toast with the server message; the list stays', async () => {
    const { actor, notices, openDownload, ready } = startExporting(() => jsonResponse(403, { message: 'Administrators only' }));
    const before = await ready();
    actor.send({ type: 'users.export' });
    await waitFor(actor, (s) => s.matches({ export: 'preparing' }));
    const after = await ready();
    expect(notices).toEqual([{ type: 'users.notice', message: 'Export failed: Administrators only', tone: 'error' }]);
    expect(openDownload).not.toHaveBeenCalled();
    expect(after.context.users).toEqual(before.context.users);
    expect(after.context.loadError).toBeNull();
  });
});

describe('the view in the URL over the address bar', () => {
  function openAt(url: string, state: unknown, remembered: string | null) {
    const requests: string[] = [];
    const fetchDouble: typeof fetch = (input, init) => {
      const { pathname, search } = new URL(new Request(input, init).url);
      requests.push(`${pathname}${search}`);
      return jsonResponse(200, pathname.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list);
    };
    const memory = createMemoryAddressHost(url, state);
    const saved: string[] = [];
    const services = {
      api: apiOverFetch(listOnly(fetchDouble)),
      address: createAddressBar(memory.host),
      storage: { loadUsersView: () => remembered, saveUsersView: (query: string) => void saved.push(query) },
    } as unknown as Services;
    const actor = createActor(usersListMachine.provide({ ...usersListImplementations(services), delays: { searchDebounce: 0 } }), {
      input: { pageSize: 25 },
    }).start();
    const ready = () => waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }));
    const pages = () => requests.filter((r) => !r.endsWith('/stats'));
    return { actor, memory, saved, ready, pages };
  }

  it("'Back to Users' (a link naming no view) opens the view the administrator last had, and each view is remembered", async () => {
    const { actor, memory, saved, ready, pages } = openAt('/users', { returnToUsersView: true }, '?status=pending&page=2');
    await ready();
    expect(pages()).toEqual(['/api/users?page=2&limit=25&status=pending&sort=-created']);
    expect(memory.urls()).toEqual(['/users?status=pending&page=2']);
    expect(saved).toEqual(['?status=pending&page=2']);
    actor.send({ type: 'users.filterRole', role: 'Admin' });
    await ready();
    expect(saved.at(-1)).toBe('?status=pending&role=Admin');
  });

  it('a link that names a view, or any other entry, opens what its address says', async () => {
    for (const [url, state] of [
      ['/users?role=Admin', { returnToUsersView: true }],
      ['/users', null],
      ['/users', { returnToUsersView: false }],
      ['/users', 'returnToUsersView'],
    ] as const) {
      const { ready, pages } = openAt(url, state, '?status=pending');
      await ready();
      expect(pages()).toEqual([
        url === '/users' ? '/api/users?page=1&limit=25&sort=-created' : '/api/users?page=1&limit=25&role=Admin&sort=-created',
      ]);
    }
  });

  it('follows Back and Forward on its own path only, and stops hearing them when it closes', async () => {
    const { actor, memory, ready, pages } = openAt('/users', null, null);
    await ready();
    actor.send({ type: 'users.filterStatus', status: 'active' });
    await ready();
    expect(memory.urls()).toEqual(['/users', '/users?status=active']);
    memory.back();
    await ready();
    expect(pages().at(-1)).toBe('/api/users?page=1&limit=25&sort=-created');
    // Another screen's address whose query the list would read as its own (page 2).
    memory.host.history.pushState(null, '', '/users/activity?page=2');
    memory.back();
    await ready();
    const asked = pages().length;
    memory.forward();
    // The address bar tells the machine at once; one more turn lets any load it started go out.
    await nextTurn();
    expect(pages()).toHaveLength(asked);
    actor.stop();
    memory.back();
    expect(pages()).toHaveLength(asked);
  });
});

describe('dialogs and failures over the API client', () => {
  function startWithAnswers(answer: (method: string, path: string) => Promise<Response> | null) {
    const requests: Array<{ method: string; path: string; body: unknown }> = [];
    const fetchDouble: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = await request.text();
      requests.push({ method: request.method, path: url.pathname, body: text === '' ? undefined : JSON.parse(text) });
      return (
        answer(request.method, url.pathname) ?? jsonResponse(200, url.pathname.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list)
      );
    };
    const actor = createActor(
      usersListMachine.provide({
        ...usersListImplementations(servicesWith(apiOverFetch(listOnly(fetchDouble)))),
        delays: { searchDebounce: 0 },
      }),
      { input: { pageSize: 25 } },
    ).start();
    const notices: UsersListEmitted[] = [];
    actor.on('users.notice', (notice) => notices.push(notice));
    const ready = () => waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }) && selectBusy(s).length === 0);
    const changes = () => requests.filter((r) => r.method !== 'GET' || !/^\/api\/users(\/stats)?$/.test(r.path));
    return { actor, notices, ready, changes };
  }

  it('a delete removes that member, an invitation and an edit go to the API with what was typed', async () => {
    const saved = { ...makeUser(1), name: 'Ben Okafor', role: 'Admin' as const, version: 2 };
    const { actor, notices, ready, changes } = startWithAnswers((method) => {
      if (method === 'POST') return jsonResponse(201, { user: makeUser(70, { name: 'Rosa Alvarez' }) });
      if (method === 'PUT') return jsonResponse(200, { user: saved });
      return null;
    });
    const first = await ready();
    const ben = first.context.users[1] as User;
    actor.send({ type: 'users.confirmDelete', user: ben });
    actor.send({ type: 'users.delete' });
    await waitFor(actor, (s) => s.matches({ list: { browsing: 'loading' } }));
    await ready();
    actor.send({ type: 'users.openAdd' });
    actor.getSnapshot().children.addUser?.send({
      type: 'addUser.submit',
      values: {
        name: 'Rosa Alvarez',
        email: 'rosa@summit.test',
        phoneNumber: '5551234567',
        role: 'Field Worker',
        hasLicense: false,
        isActive: true,
      },
    });
    await waitFor(actor, (s) => s.matches({ list: { browsing: 'loading' } }));
    await ready();
    actor.send({ type: 'users.edit', user: ben });
    actor.getSnapshot().children.editUser?.send({
      type: 'editUser.submit',
      values: { name: 'Ben Okafor', email: ben.email, phoneNumber: ben.phoneNumber, role: 'Admin' },
    });
    const edited = await waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }) && s.context.users[1]?.version === 2);
    expect(changes()).toEqual([
      { method: 'DELETE', path: `/api/users/${ben.userId}`, body: undefined },
      {
        method: 'POST',
        path: '/api/users/invite',
        body: {
          name: 'Rosa Alvarez',
          email: 'rosa@summit.test',
          phoneNumber: '+15551234567',
          role: 'Field Worker',
          hasLicense: false,
          isActive: true,
        },
      },
      {
        method: 'PUT',
        path: `/api/users/${ben.userId}`,
        body: { name: 'Ben Okafor', email: ben.email, phoneNumber: ben.phoneNumber, role: 'Admin', version: ben.version },
      },
    ]);
    expect(edited.context.users[1]).toEqual(saved);
    expect(notices.map((n) => n.message)).toEqual([`${ben.name} was deleted`, 'Rosa Alvarez was added', 'Ben Okafor was updated']);
  });

  it('an edit refused as made from an older version reads the member again', async () => {
    const { actor, ready, changes } = startWithAnswers((method) =>
      method === 'PUT' ? jsonResponse(409, { message: 'Changed meanwhile', field: 'version' }) : null,
    );
    const first = await ready();
    const ben = first.context.users[1] as User;
    actor.send({ type: 'users.edit', user: ben });
    const dialog = selectEditUserRef(actor.getSnapshot());
    if (!dialog) throw new Error('the edit dialog is not open');
    dialog.send({ type: 'editUser.submit', values: { name: ben.name, email: ben.email, phoneNumber: ben.phoneNumber, role: 'Admin' } });
    // The list answers GET /api/users/{id} with a page, not a member: the read fails and the message stays.
    const back = await waitFor(dialog, (s) => s.matches('editing') && s.context.conflict);
    expect(back.context.error).toBe('This member was changed by someone else');
    expect(changes().map((r) => `${r.method} ${r.path}`)).toEqual([`PUT /api/users/${ben.userId}`, `GET /api/users/${ben.userId}`]);
  });

  it('a row change the server refuses otherwise shows its message, and the bulk count is the one the API gives', async () => {
    const { actor, notices, ready } = startWithAnswers((method, path) => {
      if (path.endsWith('/toggle-license')) return jsonResponse(500, { message: 'Licence service down' });
      // The member could be read: a failure that is not a conflict still does not read them.
      if (method === 'GET' && path === '/api/users/user-1') return jsonResponse(200, { user: makeUser(1) });
      if (path.endsWith('/bulk')) return jsonResponse(200, { updated: 7 });
      return null;
    });
    const first = await ready();
    actor.send({ type: 'users.setLicense', user: first.context.users[1] as User, hasLicense: true });
    const failed = await waitFor(actor, (s) => s.context.actionError !== null);
    expect(failed.context.actionError).toBe('Licence service down');
    expect(selectBusy(failed)).toEqual([]);
    actor.send({ type: 'users.bulkUpdate', userIds: ['user-1'], updates: { role: 'Admin' } });
    await waitFor(actor, () => notices.length > 0);
    expect(notices.map((n) => n.message)).toEqual(['7 users updated']);
  });

  it("every member matching the view: PATCH /api/users/bulk carries the filter (not the console's count), and Undo the ids it changed", async () => {
    const { actor, notices, ready, changes } = startWithAnswers((method, path) =>
      path.endsWith('/bulk') ? jsonResponse(200, { updated: 60, changedIds: ['user-0', 'user-2'] }) : null,
    );
    await ready();
    actor.send({ type: 'users.filterRole', role: 'Supervisor' });
    await ready();
    actor.send({ type: 'users.selectAll', selected: true });
    actor.send({ type: 'users.selectMatching' });
    actor.send({ type: 'users.bulkUpdate', userIds: actor.getSnapshot().context.selected, updates: { hasLicense: false } });
    actor.send({ type: 'users.confirmBulk' });
    await waitFor(actor, () => notices.length > 0);
    const undo = notices[0]?.undo;
    expect(undo).toEqual({ type: 'users.undoBulk', userIds: ['user-0', 'user-2'], updates: { hasLicense: true } });
    await ready();
    if (undo) actor.send(undo);
    await waitFor(actor, () => notices.length > 1);
    expect(
      changes()
        .filter((r) => r.method === 'PATCH')
        .map((r) => r.body),
    ).toEqual([
      { filter: { role: 'Supervisor' }, updates: { hasLicense: false } },
      { userIds: ['user-0', 'user-2'], updates: { hasLicense: true } },
    ]);
  });
});

/** `fetch` as the browser has it for these calls: never answers, and rejects with an AbortError once aborted. */
function hangingUntilAborted(request: Request): Promise<Response> {
  return new Promise((_, reject) => {
    request.signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
  });
}

/** The list over its real implementations and `fetch` as given, started, with its first page. */
async function startListOver(fetchDouble: typeof fetch) {
  const actor = createActor(
    usersListMachine.provide({
      ...usersListImplementations(servicesWith(apiOverFetch(listOnly(fetchDouble)))),
      delays: { searchDebounce: 0 },
    }),
    { input: { pageSize: 25 } },
  ).start();
  const first = await waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }));
  return { actor, first };
}

/**
 * What the list asks of the network when it closes mid-change. (Nothing can be reported to it
 * then: XState drops what a stopped callback actor sends back.)
 */
describe('a row change in flight when the list closes', () => {
  function startHanging(answer: (request: Request) => Promise<Response> | null) {
    const signals: AbortSignal[] = [];
    const fetchDouble: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (request.method !== 'GET' || /^\/api\/users\/user-/.test(path)) signals.push(request.signal);
      return answer(request) ?? jsonResponse(200, path.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list);
    };
    const actor = createActor(
      usersListMachine.provide({
        ...usersListImplementations(servicesWith(apiOverFetch(listOnly(fetchDouble)))),
        delays: { searchDebounce: 0 },
      }),
      { input: { pageSize: 25 } },
    ).start();
    return { actor, signals };
  }

  it('is aborted', async () => {
    const { actor, signals } = startHanging((request) => (request.method === 'PATCH' ? hangingUntilAborted(request) : null));
    const first = await waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }));
    actor.send({ type: 'users.setLicense', user: first.context.users[1] as User, hasLicense: true });
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    actor.stop();
    expect(signals[0]?.aborted).toBe(true);
  });

  it('reading the member again after a 409 is aborted too', async () => {
    const { actor, signals } = startHanging((request) => {
      if (request.method === 'PATCH') return jsonResponse(409, { message: 'Conflict' });
      if (/^\/api\/users\/user-/.test(new URL(request.url).pathname)) return hangingUntilAborted(request);
      return null;
    });
    const first = await waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }));
    actor.send({ type: 'users.setStatus', user: first.context.users[1] as User, isActive: false });
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    actor.stop();
    expect(signals.map((s) => s.aborted)).toEqual([true, true]);
  });
});

describe('a delete, a bulk change or an export in flight when the list closes', () => {
  it.each([
    [
      'a delete',
      'DELETE',
      (actor: UsersListActorRef, user: User) => {
        actor.send({ type: 'users.confirmDelete', user });
        actor.send({ type: 'users.delete' });
      },
    ],
    [
      'a bulk change',
      'PATCH',
      (actor: UsersListActorRef, user: User) => {
        actor.send({ type: 'users.bulkUpdate', userIds: [user.userId], updates: { role: 'Admin' } });
      },
    ],
    [
      'an export',
      'POST',
      (actor: UsersListActorRef) => {
        actor.send({ type: 'users.export' });
      },
    ],
  ] as const)('%s is aborted', async (_, method, start) => {
    const signals: AbortSignal[] = [];
    const fetchDouble: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (request.method === method) {
        signals.push(request.signal);
        return hangingUntilAborted(request);
      }
      return jsonResponse(200, path.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list);
    };
    const { actor, first } = await startListOver(fetchDouble);
    start(actor, first.context.users[1] as User);
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    expect(signals[0]?.aborted).toBe(false);
    actor.stop();
    expect(signals[0]?.aborted).toBe(true);
  });
});

describe('the download', () => {
  it('is opened by the browser itself, at the one-time link (the page stays: the answer is an attachment)', () => {
    // The browser's window is the boundary here: only its location.assign is observed.
    const assign = vi.fn<(url: string) => void>();
    vi.stubGlobal('window', { location: { assign } });
    try {
      openInBrowser({}, { url: 'http://api.test/exports/members/ticket-1' });
      expect(assign.mock.calls).toEqual([['http://api.test/exports/members/ticket-1']]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('a dialog closed while its request is out', () => {
  it('aborts the invitation', async () => {
    const signals: AbortSignal[] = [];
    const fetchDouble: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (request.method === 'POST') {
        signals.push(request.signal);
        return new Promise<Response>(() => undefined);
      }
      return jsonResponse(200, path.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list);
    };
    const actor = createActor(
      usersListMachine.provide({
        ...usersListImplementations(servicesWith(apiOverFetch(listOnly(fetchDouble)))),
        delays: { searchDebounce: 0 },
      }),
      { input: { pageSize: 25 } },
    ).start();
    await waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }));
    actor.send({ type: 'users.openAdd' });
    selectAddUserRef(actor.getSnapshot())?.send({
      type: 'addUser.submit',
      values: {
        name: 'Rosa Alvarez',
        email: 'rosa@summit.test',
        phoneNumber: '5551234567',
        role: 'Field Worker',
        hasLicense: false,
        isActive: true,
      },
    });
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    actor.send({ type: 'users.closeDialog' });
    expect(signals[0]?.aborted).toBe(true);
  });

  it('aborts the save of an edit, and the read of the member again after a conflict', async () => {
    const signals: Array<{ method: string; signal: AbortSignal }> = [];
    let puts = 0;
    const fetchDouble: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      if (request.method === 'PUT' || /^\/api\/users\/user-/.test(path)) {
        signals.push({ method: request.method, signal: request.signal });
        puts += request.method === 'PUT' ? 1 : 0;
        if (request.method === 'PUT' && puts === 2) return jsonResponse(409, { message: 'Changed', field: 'version' });
        return new Promise<Response>(() => undefined);
      }
      return jsonResponse(200, path.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list);
    };
    const { actor, first } = await startListOver(fetchDouble);
    const ben = first.context.users[1] as User;
    const values = { name: ben.name, email: ben.email, phoneNumber: ben.phoneNumber, role: 'Admin' as const };
    actor.send({ type: 'users.edit', user: ben });
    selectEditUserRef(actor.getSnapshot())?.send({ type: 'editUser.submit', values });
    await vi.waitFor(() => expect(signals).toHaveLength(1));
    actor.send({ type: 'users.closeDialog' });
    actor.send({ type: 'users.edit', user: ben });
    selectEditUserRef(actor.getSnapshot())?.send({ type: 'editUser.submit', values });
    await vi.waitFor(() => expect(signals).toHaveLength(3));
    actor.send({ type: 'users.closeDialog' });
    expect(signals.map((s) => `${s.method} ${s.signal.aborted}`)).toEqual(['PUT true', 'PUT false', 'GET true']);
  });
});

describe('the export file name', () => {
  it("carries the administrator's local date, two digits for the month and the day", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 5, 9, 30));
    try {
      const bodies: unknown[] = [];
      const fetchDouble: typeof fetch = async (input, init) => {
        bodies.push(JSON.parse(await new Request(input, init).text()));
        return jsonResponse(201, { url: '/exports/members/t-1', fileName: 'members.csv' });
      };
      const exportMembers = membersExportImplementations(servicesWith(apiOverFetch(listOnly(fetchDouble)))).actors.prepareExport;
      const actor = createActor(exportMembers, { input: { search: '', status: 'all', role: 'all', sort: '-created' } }).start();
      await toPromise(actor);
      expect(bodies).toEqual([{ sort: '-created', today: '2026-03-05' }]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('a page load overtaken by a newer view', () => {
  it('is aborted, the Quick Stats with it', async () => {
    const signals: Array<{ path: string; aborted: () => boolean }> = [];
    const fetchDouble: typeof fetch = (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname;
      signals.push({ path, aborted: () => request.signal.aborted });
      if (signals.length <= 2) return new Promise<Response>(() => undefined);
      return jsonResponse(200, path.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list);
    };
    const actor = createActor(
      usersListMachine.provide({
        ...usersListImplementations(servicesWith(apiOverFetch(listOnly(fetchDouble)))),
        delays: { searchDebounce: 0 },
      }),
      { input: { pageSize: 25 } },
    ).start();
    await vi.waitFor(() => expect(signals).toHaveLength(2));
    actor.send({ type: 'users.filterStatus', status: 'pending' });
    expect(signals.map((s) => `${s.path} ${s.aborted()}`).sort()).toEqual(['/api/users true', '/api/users/stats true']);
  });
});

describe('the first load read ahead of the screen (a tab opened at /users with a session)', () => {
  /** A tab at `url`: the start-up's reads, then the machine started afterwards, over one API client. */
  async function openAhead(url: string, state: unknown, remembered: string | null) {
    const requests: string[] = [];
    const fetchDouble: typeof fetch = (input, init) => {
      const { pathname, search } = new URL(new Request(input, init).url);
      requests.push(`${pathname}${search}`);
      return jsonResponse(200, pathname.endsWith('/stats') ? STATS : makePage(1, { count: 3 }).list);
    };
    const services = {
      api: apiOverFetch(listOnly(fetchDouble)),
      address: createAddressBar(createMemoryAddressHost(url, state).host),
      storage: { loadUsersView: () => remembered, saveUsersView: () => undefined },
    } as unknown as Services;
    readUsersListAhead(services);
    // The screen comes later: after the session check and its code.
    await vi.waitFor(() => expect(requests).toHaveLength(2));
    await nextTurn();
    const ahead = [...requests];
    const actor = createActor(usersListMachine.provide({ ...usersListImplementations(services), delays: { searchDebounce: 0 } }), {
      input: {},
    }).start();
    const ready = await waitFor(actor, (s) => s.matches({ list: { browsing: 'ready' } }));
    actor.stop();
    return { ahead, requests, ready };
  }

  it.each([
    ['/users', null, null],
    ['/users?q=%20Smith%20&status=pending&role=Supervisor&page=2&sort=name', null, null],
    ['/users?page=0&sort=nonsense', null, null],
    ['/users', { returnToUsersView: true }, '?status=pending&page=3'],
  ])('at %s the machine takes the page and the Quick Stats read ahead, and asks for nothing more', async (url, state, remembered) => {
    const { ahead, requests, ready } = await openAhead(url, state, remembered);
    expect(ahead).toHaveLength(2);
    expect(requests).toEqual(ahead);
    expect(ready.context.stats).toEqual(STATS);
    expect(ready.context.users).toHaveLength(3);
  });
});
