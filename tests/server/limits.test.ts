// @vitest-environment node
/**
 * Limits on everything the API accepts (src/domain/limits.ts, read by the contract and
 * server/core/limits.ts): a body over 64 kB is 413 before it is read whole, on every route; every
 * string field has a maximum length and refuses control characters (400 naming the field); paging
 * numbers are bounded whole numbers; NUL in a path, a query or a form field is 400, never the
 * database's error as a 500.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS, REQUEST_BODY_TOO_LARGE_MESSAGE, tooLongMessage } from '../../src/domain/limits';
import { serverModules } from '../../server';
import { addMembers, createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';

let api: TestApi;
let org: TestOrg;
let memberId: string;

beforeAll(async () => {
  api = await createTestApi(serverModules);
  org = await signUpOrganisation(api, 'Limits Test Builders', 'boss@limits.test');
  [memberId = ''] = await addMembers(api, org.orgId, [{ name: 'Maria Garcia', email: 'maria@limits.test', phoneNumber: '+14155550142' }]);
}, 120_000); // PGlite's WASM start-up takes a few seconds, far more on a busy machine
afterAll(() => api?.close());

const asAdmin = (method: string, path: string, body?: unknown) =>
  api.call(method, path, { sub: org.adminSub, ...(body !== undefined ? { body } : {}) });

async function expectBadRequest(response: Response, field: string, message?: string): Promise<void> {
  const body = (await response.json()) as { message: string; field?: string };
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(body.field).toBe(field);
  expect(body.message).toContain(field === 'path' ? 'path' : field.split('.')[0]);
  if (message !== undefined) expect(body.message).toBe(message);
}

const x = (n: number) => 'x'.repeat(n);
const validUser = { name: 'Ana Diaz', email: 'ana.diaz@limits.test', phoneNumber: '+15551230001' };

describe('request body limit (64 kB)', () => {
  const justOver = LIMITS.requestBodyBytes + 1;

  it('answers 413 with a JSON message for a body over 64 kB, authenticated or not', async () => {
    const big = JSON.stringify({ ...validUser, name: x(justOver) });
    for (const sub of [org.adminSub, null]) {
      const response = await api.call('POST', '/api/users', { sub, rawBody: big });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: REQUEST_BODY_TOO_LARGE_MESSAGE });
    }
    expect(REQUEST_BODY_TOO_LARGE_MESSAGE).toBe('The request body is too large (limit 64 kB).');
    const signup = await api.call('POST', '/api/complete-signup', { sub: 'someone', rawBody: JSON.stringify({ fullName: x(200 * 1024) }) });
    expect(signup.status).toBe(413);
  });

  it('reads a body of exactly 64 kB (then the field limits answer)', async () => {
    const filler = JSON.stringify({ ...validUser, name: '' });
    const body = JSON.stringify({ ...validUser, name: x(LIMITS.requestBodyBytes - filler.length) });
    expect(body.length).toBe(LIMITS.requestBodyBytes);
    await expectBadRequest(await asAdmin('POST', '/api/users', JSON.parse(body)), 'name');
  });

  it('covers the hosted pages, which take form posts without a token', async () => {
    const response = await api.app.request('/hosted/payment-methods/some-token/cards', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `cardNumber=${x(justOver)}`,
    });
    expect(response.status).toBe(413);
  });

  it('stops reading a streamed body at the limit instead of buffering it whole', async () => {
    let pulled = 0;
    const chunk = new Uint8Array(16 * 1024).fill(0x61);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.length;
        controller.enqueue(chunk);
        if (pulled >= 200 * 1024 * 1024) controller.close(); // 200 MB if anyone read it all
      },
    });
    const token = await api.keys.sign({ sub: org.adminSub });
    const response = await api.app.request('/api/complete-signup', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(pulled).toBeLessThan(1024 * 1024);
  });

  it('refuses by Content-Length over real HTTP, before reading the body', async () => {
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/api/users`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...validUser, name: x(justOver) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ message: REQUEST_BODY_TOO_LARGE_MESSAGE });
    } finally {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    }
  });
});

describe('every string field has a maximum length (400 naming the field)', () => {
  const signupBody = (sub: string) => ({
    fullName: 'Ana Diaz',
    email: 'ana@limits.test',
    phoneNumber: '+15551230000',
    organization: 'Diaz Builders',
    cognitoUserId: sub,
  });

  it('complete-signup: fullName 100, email 254, phoneNumber 20, organization 100, cognitoUserId 100', async () => {
    const sub = crypto.randomUUID();
    const cases: Array<[string, unknown]> = [
      ['fullName', x(LIMITS.name + 1)],
      ['email', `${x(LIMITS.email - 12 + 1)}@example.com`],
      ['phoneNumber', `+1${'5'.repeat(LIMITS.phone - 1)}`],
      ['organization', x(LIMITS.organization + 1)],
      ['cognitoUserId', x(LIMITS.id + 1)],
    ];
    for (const [field, value] of cases) {
      const max =
        field === 'fullName'
          ? LIMITS.name
          : field === 'email'
            ? LIMITS.email
            : field === 'phoneNumber'
              ? LIMITS.phone
              : field === 'organization'
                ? LIMITS.organization
                : LIMITS.id;
      const response = await api.call('POST', '/api/complete-signup', { sub, body: { ...signupBody(sub), [field]: value } });
      await expectBadRequest(response, field, tooLongMessage(field, max));
    }
    // Values at the limits exactly pass the contract (tests/unit/api/limits.test.ts).
  });

  it('users: name 100, email 254, phoneNumber 20 on create, invite and edit; bulk ids and path ids 100', async () => {
    const over = {
      name: x(LIMITS.name + 1),
      email: `${x(LIMITS.email - 11)}@limits.test`,
      phoneNumber: `+1${'5'.repeat(LIMITS.phone - 1)}`,
    };
    const max = { name: LIMITS.name, email: LIMITS.email, phoneNumber: LIMITS.phone };
    for (const field of ['name', 'email', 'phoneNumber'] as const) {
      const message = tooLongMessage(field, max[field]);
      await expectBadRequest(await asAdmin('POST', '/api/users', { ...validUser, [field]: over[field] }), field, message);
      await expectBadRequest(await asAdmin('POST', '/api/users/invite', { ...validUser, [field]: over[field] }), field, message);
      await expectBadRequest(await asAdmin('PUT', `/api/users/${memberId}`, { [field]: over[field] }), field, message);
    }
    await expectBadRequest(
      await asAdmin('PATCH', '/api/users/bulk', { userIds: [memberId, x(LIMITS.id + 1)], updates: { hasLicense: true } }),
      'userIds.1',
      tooLongMessage('userIds', LIMITS.id),
    );
    await expectBadRequest(await asAdmin('GET', `/api/users/${x(LIMITS.id + 1)}`), 'id', tooLongMessage('id', LIMITS.id));
    await expectBadRequest(await asAdmin('DELETE', `/api/users/${x(LIMITS.id + 1)}`), 'id');
    await expectBadRequest(
      await asAdmin('GET', `/api/users?search=${x(LIMITS.search + 1)}`),
      'search',
      tooLongMessage('search', LIMITS.search),
    );
    // A name of exactly 100 characters is accepted and stored whole; a search of exactly 254 too.
    const created = await asAdmin('POST', '/api/users', { ...validUser, name: x(LIMITS.name) });
    expect(created.status).toBe(201);
    expect(((await created.json()) as { user: { name: string } }).user.name).toBe(x(LIMITS.name));
    expect((await asAdmin('GET', `/api/users?search=${x(LIMITS.search)}`)).status).toBe(200);
  });

  it('billing: userId and setupIntentId 100, the cancellation reason 500', async () => {
    const long = x(LIMITS.id + 1);
    await expectBadRequest(
      await asAdmin('POST', '/api/admin/billing/user', { userId: long }),
      'userId',
      tooLongMessage('userId', LIMITS.id),
    );
    await expectBadRequest(await asAdmin('POST', '/api/admin/billing/update-payment-method', { userId: long }), 'userId');
    await expectBadRequest(await asAdmin('POST', `/api/admin/billing/update-subscription?userId=${long}`, { planType: 'pro' }), 'userId');
    await expectBadRequest(
      await asAdmin('POST', `/api/admin/billing/complete-subscription?userId=${memberId}`, { setupIntentId: long, planType: 'pro' }),
      'setupIntentId',
      tooLongMessage('setupIntentId', LIMITS.id),
    );
    await expectBadRequest(
      await asAdmin('POST', '/api/admin/billing/cancel-subscription', {
        userId: memberId,
        cancelAtPeriodEnd: true,
        reason: x(LIMITS.cancellationReason + 1),
      }),
      'reason',
      tooLongMessage('reason', LIMITS.cancellationReason),
    );
  });

  it('assistant: the question 2,000', async () => {
    await expectBadRequest(
      await asAdmin('POST', '/api/copilot/ask', { query: x(LIMITS.question + 1), isAdmin: true }),
      'query',
      'query must be at most 2,000 characters',
    );
    expect((await asAdmin('POST', '/api/copilot/ask', { query: `${x(LIMITS.question - 9)} Who is ?`, isAdmin: true })).status).toBe(200);
  });
});

describe('paging numbers are bounded whole numbers', () => {
  it.each(['1e300', '1e3', '0', '-1', '2.5', '0x10', ' 1', '', 'NaN', 'Infinity', String(LIMITS.page + 1), '99999999999999999999'])(
    'page=%j is 400 naming page',
    async (page) => {
      await expectBadRequest(await asAdmin('GET', `/api/users?page=${encodeURIComponent(page)}`), 'page');
    },
  );

  it.each(['0', String(LIMITS.pageSize + 1), '1e2', '10.0'])('limit=%j is 400 naming limit', async (limit) => {
    await expectBadRequest(await asAdmin('GET', `/api/users?limit=${encodeURIComponent(limit)}`), 'limit');
  });

  it('accepts the last allowed page (an empty page)', async () => {
    const response = await asAdmin('GET', `/api/users?page=${LIMITS.page}&limit=${LIMITS.pageSize}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ users: [], page: LIMITS.page, limit: LIMITS.pageSize });
  });
});

describe('NUL and other control characters are 400, never a 500', () => {
  it('in a search, a filter and a query id', async () => {
    await expectBadRequest(await asAdmin('GET', '/api/users?search=ma%00ria'), 'search');
    await expectBadRequest(await asAdmin('GET', '/api/users?role=Admin%00'), 'role');
    await expectBadRequest(
      await asAdmin('POST', `/api/admin/billing/update-subscription?userId=${memberId}%00`, { planType: 'pro' }),
      'userId',
    );
  });

  it('in a body field: names, ids, the reason and the question', async () => {
    await expectBadRequest(
      await asAdmin('POST', '/api/users', { ...validUser, name: 'Ana\u0000Diaz' }),
      'name',
      'name must not contain control characters',
    );
    await expectBadRequest(await asAdmin('PUT', `/api/users/${memberId}`, { name: 'Ana\u0007' }), 'name');
    const sub = crypto.randomUUID();
    const signup = {
      fullName: 'Ana',
      email: 'ana2@limits.test',
      phoneNumber: '+15551230000',
      organization: 'Org\u0000',
      cognitoUserId: sub,
    };
    await expectBadRequest(await api.call('POST', '/api/complete-signup', { sub, body: signup }), 'organization');
    await expectBadRequest(await asAdmin('PATCH', '/api/users/bulk', { userIds: ['a\u0000'], updates: { isActive: true } }), 'userIds.0');
    await expectBadRequest(await asAdmin('POST', '/api/admin/billing/user', { userId: `${memberId}\u0000` }), 'userId');
    await expectBadRequest(
      await asAdmin('POST', '/api/admin/billing/cancel-subscription', {
        userId: memberId,
        cancelAtPeriodEnd: true,
        reason: 'moving\u0000',
      }),
      'reason',
    );
    await expectBadRequest(await asAdmin('POST', '/api/copilot/ask', { query: 'calls\u0000', isAdmin: true }), 'query');
    expect(api.errors).toEqual([]);
  });

  it('allows line breaks where text is multi-line (the reason, the question), refuses lone surrogates', async () => {
    expect((await asAdmin('POST', '/api/copilot/ask', { query: 'How many calls\nthis week?', isAdmin: true })).status).toBe(200);
    await expectBadRequest(await asAdmin('POST', '/api/users', { ...validUser, name: 'Ana\nDiaz' }), 'name');
    await expectBadRequest(
      await asAdmin('POST', '/api/users', { ...validUser, name: 'Ana \ud800' }),
      'name',
      'name must be valid Unicode text',
    );
    expect((await asAdmin('POST', '/api/users', { ...validUser, email: 'emoji@limits.test', name: 'Ana 👷 Diaz' })).status).toBe(201);
  });

  it('in a path id', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      await expectBadRequest(await asAdmin(method, '/api/users/abc%00def', method === 'PUT' ? { name: 'X' } : undefined), 'path');
    }
    await expectBadRequest(await asAdmin('PATCH', '/api/users/%00/toggle-license'), 'path');
    await expectBadRequest(await api.app.request('/hosted/payment-methods/tok%00en'), 'path');
    await expectBadRequest(await api.app.request('/hosted/invoices/in_%00.pdf'), 'path');
    expect(api.errors).toEqual([]);
  });

  it("in a hosted page's form field, and a form body that does not parse", async () => {
    const post = (path: string, contentType: string, body: string) =>
      api.app.request(path, { method: 'POST', headers: { 'Content-Type': contentType }, body });
    await expectBadRequest(
      await post('/hosted/payment-methods/tok/default', 'application/x-www-form-urlencoded', 'paymentMethodId=pm%00'),
      'paymentMethodId',
    );
    const malformed = await post('/hosted/payment-methods/tok/cards', 'multipart/form-data; boundary=zz', 'not multipart');
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ message: 'The request body must be valid form data.' });
    expect(api.errors).toEqual([]);
  });
});
