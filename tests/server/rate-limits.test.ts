// @vitest-environment node
/**
 * Rate limits (server/core/rateLimit.ts, docs/SECURITY.md "Rate limits"): the Assistant, the
 * members export, invites, signup completion and the hosted payment-method pages' POSTs are
 * counted per account and per client address in the database (`rate_limits`, migration 0011);
 * over a limit the call is 429 with Retry-After and `{ message }`, before the route runs. Another
 * administrator is unaffected, the window's end lets the caller in again, and two API apps on one
 * database share the counts (on PostgreSQL two connection pools: `npm run test:postgres -- <this file>`).
 *
 * The limits here are set low on purpose (the defaults are far above what a person does); the
 * client address comes from X-Forwarded-For with one trusted proxy, so each test picks its own.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { HostedUrlResponseSchema } from '../../src/contract/api';
import { serverModules } from '../../server';
import { ConfigError } from '../../server/core/config';
import { openDatabase, type Database } from '../../server/core/db';
import { migrate } from '../../server/core/migrate';
import { DEFAULT_LIMITS, readRateLimitSettings, type RateLimitSettings } from '../../server/core/rateLimit';
import { addMembers, createTestApi, signUpOrganisation, WEB_ORIGIN, type TestApi, type TestOrg } from './support/api';
import { createTestDatabaseUrl, testEngine } from './support/db';

const PER_ACCOUNT = 3;
const PER_ADDRESS = 5;
const WINDOW_SECONDS = 60;

const SETTINGS: RateLimitSettings = readRateLimitSettings({
  ...Object.fromEntries(
    ['ASSISTANT', 'EXPORT', 'INVITES', 'SIGNUP', 'HOSTED_PAGES'].flatMap((call) => [
      [`RATE_LIMIT_${call}_PER_ACCOUNT`, `${PER_ACCOUNT}/${WINDOW_SECONDS}s`],
      [`RATE_LIMIT_${call}_PER_ADDRESS`, `${PER_ADDRESS}/1m`],
    ]),
  ),
  TRUSTED_PROXY_HOPS: '1',
});

let api: TestApi;
let addressCount = 0;
/** A client address no other test uses. */
const newAddress = () => `203.0.113.${++addressCount}`;

beforeAll(async () => {
  api = await createTestApi(serverModules, { app: { rateLimits: SETTINGS } });
}, 120_000); // PGlite's WASM start-up takes a few seconds, far more on a busy machine
afterAll(() => api?.close());
afterEach(() => {
  vi.useRealTimers();
});

interface Caller {
  sub?: string;
  address: string;
}

/** One limited call as `who`; every call sends what the route accepts, so only the limit can refuse it. */
type LimitedCall = (who: Caller) => Promise<Response>;

function post(path: string, body: unknown): LimitedCall {
  return ({ sub, address }) => api.call('POST', path, { sub: sub ?? null, body, headers: { 'X-Forwarded-For': address } });
}

let emailCount = 0;
const inviteBody = () => ({ name: 'Rate Limit', email: `limit${++emailCount}@rate.test`, phoneNumber: '+15551230000' });

async function expectTooManyRequests(response: Response): Promise<number> {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('Retry-After'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(WINDOW_SECONDS);
  expect(await response.json()).toEqual({ message: `Too many requests. Try again in ${retryAfter} seconds.` });
  return retryAfter;
}

/** Calls `n` times and expects none of them refused by a limit. */
async function expectAllowed(call: LimitedCall, who: Caller, n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const response = await call(who);
    expect(response.status, `call ${i + 1}: ${await response.clone().text()}`).not.toBe(429);
    expect(response.status).toBeLessThan(500);
  }
}

async function newOrganisation(name: string): Promise<TestOrg> {
  return signUpOrganisation(api, name);
}

describe.each([
  ['the Assistant', () => post('/api/copilot/ask', { query: 'How many users are active?', isAdmin: true })],
  ['the export', () => post('/api/users/export', {})],
  [
    'Add User',
    () =>
      ({ sub, address }: Caller) =>
        post('/api/users', inviteBody())({ ...(sub ? { sub } : {}), address }),
  ],
  [
    'the invite',
    () =>
      ({ sub, address }: Caller) =>
        post('/api/users/invite', inviteBody())({ ...(sub ? { sub } : {}), address }),
  ],
  // Each e-mails a temporary password too. The member or import is nobody's (404): the limit is
  // counted before the route runs.
  ['Resend invitation', () => post(`/api/users/${crypto.randomUUID()}/invitation/resend`, {})],
  ["an import's start", () => post(`/api/users/imports/${crypto.randomUUID()}/start`, {})],
])('%s', (_name, makeCall) => {
  it('answers 429 with Retry-After once an administrator is over their limit; another administrator is unaffected', async () => {
    const call = makeCall();
    const [a, b] = [await newOrganisation('Hammer Co'), await newOrganisation('Bystander Co')];
    const address = newAddress();
    await expectAllowed(call, { sub: a.adminSub, address }, PER_ACCOUNT);
    await expectTooManyRequests(await call({ sub: a.adminSub, address }));
    // Refused before the route ran: still refused, from any address.
    await expectTooManyRequests(await call({ sub: a.adminSub, address: newAddress() }));
    // Another organisation's administrator, elsewhere, is served.
    await expectAllowed(call, { sub: b.adminSub, address: newAddress() }, 1);
  });

  it('limits one address across administrators', async () => {
    const call = makeCall();
    const address = newAddress();
    const admins = [await newOrganisation('Office One'), await newOrganisation('Office Two'), await newOrganisation('Office Three')];
    const [one, two, three] = admins.map((admin) => admin.adminSub);
    // 3 + 2 calls from two administrators reach the address's 5...
    await expectAllowed(call, { sub: one ?? '', address }, PER_ACCOUNT);
    await expectAllowed(call, { sub: two ?? '', address }, PER_ADDRESS - PER_ACCOUNT);
    // ...so a third one, far under their own limit, is refused from there, and served from elsewhere.
    await expectTooManyRequests(await call({ sub: three ?? '', address }));
    await expectAllowed(call, { sub: three ?? '', address: newAddress() }, 1);
  });
});

describe('complete-signup', () => {
  function completeSignup(sub: string, address: string): Promise<Response> {
    return api.call('POST', '/api/complete-signup', {
      sub,
      headers: { 'X-Forwarded-For': address },
      body: {
        fullName: 'Sam Signup',
        email: `${sub}@signup.test`,
        phoneNumber: '+15551230000',
        organization: 'Signup Co',
        cognitoUserId: sub,
      },
    });
  }
  function newAccount(): string {
    const sub = crypto.randomUUID();
    api.userPool.accounts.push({ username: sub, sub, email: `${sub}@signup.test` });
    return sub;
  }

  it('is limited per account and per address', async () => {
    const sub = newAccount();
    const address = newAddress();
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await completeSignup(sub, address)).status).toBeLessThan(300);
    await expectTooManyRequests(await completeSignup(sub, address));
    // Another account elsewhere completes its signup.
    expect((await completeSignup(newAccount(), newAddress())).status).toBe(201);
    // One address: new accounts one after the other, refused after the address's fifth call.
    const office = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await completeSignup(newAccount(), office)).status).toBe(201);
    await expectTooManyRequests(await completeSignup(newAccount(), office));
  });
});

describe('the hosted payment-method pages', () => {
  it("count the link creator's posts across their links, and per address", async () => {
    const org = await newOrganisation('Hosted Co');
    const [memberId = ''] = await addMembers(api, org.orgId, [
      { name: 'Card Holder', email: 'card@hosted.test', phoneNumber: '+15551230009' },
    ]);
    const newLink = async () => {
      const res = await api.call('POST', '/api/admin/billing/update-payment-method', { sub: org.adminSub, body: { userId: memberId } });
      expect(res.status).toBe(200);
      return new URL(v.parse(HostedUrlResponseSchema, await res.json()).hostedUrl).pathname;
    };
    const postCard = (path: string, address: string) =>
      api.app.request(`${path}/default`, {
        method: 'POST',
        headers: { 'X-Forwarded-For': address },
        body: new URLSearchParams({ paymentMethodId: 'pm_none' }),
      });
    const [first, second] = [await newLink(), await newLink()];
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const response = await postCard(i === 0 ? first : second, newAddress());
      expect(response.status).toBe(400); // "That card was not found.": the route ran
    }
    await expectTooManyRequests(await postCard(first, newAddress()));
    await expectTooManyRequests(await postCard(second, newAddress()));
    // A browser posting the page's form (Accept: text/html) is shown a page with the same words, not JSON.
    const page = await api.app.request(`${first}/default`, {
      method: 'POST',
      headers: { 'X-Forwarded-For': newAddress(), Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
      body: new URLSearchParams({ paymentMethodId: 'pm_none' }),
    });
    expect(page.status).toBe(429);
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
    // The page is answered before the hosted pages' secure headers run: it carries its own.
    expect(page.headers.get('Content-Security-Policy')).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
    );
    expect(page.headers.get('X-Frame-Options')).toBe('DENY');
    expect(page.headers.get('Referrer-Policy')).toBe('no-referrer');
    const text = await page.text();
    expect(text).toContain(`<p role="alert">Too many requests. Try again in ${page.headers.get('Retry-After')} seconds.</p>`);
    expect(text).toContain(`<a href="${first}">Back</a>`);

    // An unknown link is counted per address only (and is the route's 404 until then).
    const office = newAddress();
    for (let i = 0; i < PER_ADDRESS; i++) expect((await postCard('/hosted/payment-methods/unknown', office)).status).toBe(404);
    await expectTooManyRequests(await postCard('/hosted/payment-methods/unknown', office));
  });
});

describe('the window', () => {
  it('lets the administrator in again once Retry-After has passed', async () => {
    const call = post('/api/users/export', {});
    const { adminSub } = await newOrganisation('Patient Co');
    const address = newAddress();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    await expectAllowed(call, { sub: adminSub, address }, PER_ACCOUNT);
    const retryAfter = await expectTooManyRequests(await call({ sub: adminSub, address }));
    vi.setSystemTime(start + (retryAfter - 2) * 1000);
    await expectTooManyRequests(await call({ sub: adminSub, address }));
    vi.setSystemTime(start + (retryAfter + 1) * 1000);
    await expectAllowed(call, { sub: adminSub, address }, PER_ACCOUNT);
  });

  it('exposes Retry-After to the console (CORS)', async () => {
    const call = post('/api/users/export', {});
    const { adminSub } = await newOrganisation('Cors Co');
    const address = newAddress();
    await expectAllowed(call, { sub: adminSub, address }, PER_ACCOUNT);
    const response = await api.call('POST', '/api/users/export', {
      sub: adminSub,
      body: {},
      headers: { 'X-Forwarded-For': address, Origin: WEB_ORIGIN },
    });
    await expectTooManyRequests(response);
    expect(response.headers.get('Access-Control-Expose-Headers')).toContain('Retry-After');
  });
});

describe('the client address', () => {
  it('is the n-th entry from the right of X-Forwarded-For; what a client writes to the left of its proxies is not believed', async () => {
    const twoProxies = await createTestApi(serverModules, { database: api.db, app: { rateLimits: { ...SETTINGS, trustedProxyHops: 2 } } });
    const admins = await Promise.all([1, 2, 3, 4, 5, 6, 7].map((n) => newOrganisation(`Proxy Co ${n}`)));
    const exportAs = (sub: string, forwarded: string) =>
      twoProxies.call('POST', '/api/users/export', { sub, body: {}, headers: { 'X-Forwarded-For': forwarded } });
    // The client's own address, then the load balancer's: the address is the client's, whatever it put first.
    for (const [i, admin] of admins.slice(0, PER_ADDRESS).entries()) {
      expect((await exportAs(admin.adminSub, `10.9.9.${i}, 198.51.100.7, 10.0.0.1`)).status).toBe(201);
    }
    await expectTooManyRequests(await exportAs(admins[5]?.adminSub ?? '', '10.1.1.1, 198.51.100.7, 10.0.0.1'));
    // One entry only (not through both proxies): not an address to count by, so only the account counts.
    for (let i = 0; i < PER_ADDRESS + 1; i++) {
      const response = await exportAs(admins[6]?.adminSub ?? '', '198.51.100.7');
      expect(response.status).toBe(i < PER_ACCOUNT ? 201 : 429);
    }
  });
});

describe('two API apps on one database', () => {
  let second: Database | null = null;
  let drop: (() => Promise<void>) | null = null;
  afterAll(async () => {
    await second?.close();
    await drop?.();
  });

  it('share the counts: calls split between them are refused at the same limit', async () => {
    // PostgreSQL: two connection pools on one new database, as two processes would have.
    // PGlite serves one process: the two apps share its one connection.
    const created = await createTestDatabaseUrl();
    let first: TestApi;
    if (created) {
      drop = created.drop;
      const one = await openDatabase({ url: created.url, poolSize: 4 });
      await migrate(one);
      second = await openDatabase({ url: created.url, poolSize: 4 });
      first = await createTestApi(serverModules, { database: one, app: { rateLimits: SETTINGS } });
    } else {
      first = await createTestApi(serverModules, { app: { rateLimits: SETTINGS } });
    }
    expect(first.db.engine).toBe(testEngine);
    const other = await createTestApi(serverModules, { database: second ?? first.db, app: { rateLimits: SETTINGS } });
    try {
      // One account: the organisation is made through the first app; the other signs its own tokens.
      const { adminSub } = await signUpOrganisation(first, 'Shared Co');
      const address = newAddress();
      const apps = [first, other];
      for (let i = 0; i < PER_ACCOUNT; i++) {
        const app = apps[i % 2] as TestApi;
        const response = await app.call('POST', '/api/users/export', { sub: adminSub, body: {}, headers: { 'X-Forwarded-For': address } });
        expect(response.status).toBe(201);
      }
      await expectTooManyRequests(
        await other.call('POST', '/api/users/export', { sub: adminSub, body: {}, headers: { 'X-Forwarded-For': address } }),
      );
      await expectTooManyRequests(
        await first.call('POST', '/api/users/export', { sub: adminSub, body: {}, headers: { 'X-Forwarded-For': newAddress() } }),
      );
    } finally {
      await first.close();
    }
  });
});

describe('the configuration', () => {
  it('has defaults for every call, and reads <requests>/<window> or off', () => {
    const defaults = readRateLimitSettings({});
    expect(defaults.trustedProxyHops).toBe(0);
    expect(defaults.limits.assistant).toEqual({ perAccount: { points: 30, seconds: 60 }, perAddress: { points: 120, seconds: 60 } });
    for (const call of Object.keys(DEFAULT_LIMITS) as Array<keyof typeof DEFAULT_LIMITS>) {
      expect(defaults.limits[call].perAccount).not.toBeNull();
      expect(defaults.limits[call].perAddress).not.toBeNull();
    }
    const custom = readRateLimitSettings({
      RATE_LIMIT_EXPORT_PER_ACCOUNT: '5/2h',
      RATE_LIMIT_EXPORT_PER_ADDRESS: 'OFF',
      TRUSTED_PROXY_HOPS: '2',
    });
    expect(custom.limits.export).toEqual({ perAccount: { points: 5, seconds: 7200 }, perAddress: null });
    expect(custom.trustedProxyHops).toBe(2);
  });

  it('names every bad variable', () => {
    let error: unknown;
    try {
      readRateLimitSettings({
        RATE_LIMIT_ASSISTANT_PER_ACCOUNT: '30 per minute',
        RATE_LIMIT_SIGNUP_PER_ADDRESS: '0/1m',
        TRUSTED_PROXY_HOPS: '-1',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.variable).sort()).toEqual([
      'RATE_LIMIT_ASSISTANT_PER_ACCOUNT',
      'RATE_LIMIT_SIGNUP_PER_ADDRESS',
      'TRUSTED_PROXY_HOPS',
    ]);
    expect((error as ConfigError).message).toContain('RATE_LIMIT_ASSISTANT_PER_ACCOUNT must be <requests>/<window> such as 30/1m');
  });
});
