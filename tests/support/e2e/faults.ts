/**
 * Fault injection for browser tests: network faults are a boundary we don't own, so they are faked
 * here with `page.route` on the console's real API requests; everything else is the real stack.
 *
 * Kinds (FAULT_KINDS):
 * - `500`        the API answers 500 with a JSON message;
 * - `hang`       the API never answers: the route is held and the page's clock (page.clock, installed
 *                by the caller before the first navigation) is fast-forwarded past the client's 15 s
 *                timeout, so the console's own timer fires — nothing in the client is shortened;
 * - `malformed`  200 with a body that does not match the schema (`{"nope":1}`);
 * - `brokenJson` 200, content type JSON, body not JSON at all;
 * - `offline`    the connection drops (`route.abort('internetdisconnected')`).
 */
import type { Page, Request, Route } from '@playwright/test';
import { uniqueLetters } from './accounts';
import { openSignedIn } from './session';
import type { StackHandle } from './stack-handle';

export const FAULT_KINDS = ['500', 'hang', 'malformed', 'brokenJson', 'offline'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The console's client timeout (src/services/api/client.ts DEFAULT_TIMEOUT_MS) plus a margin. */
export const PAST_CLIENT_TIMEOUT_MS = 16_000;

/** Browser console noise the faults cause by design (the failed request itself, not the app). */
export const EXPECTED_FAULT_CONSOLE = [/Failed to load resource/];

export type RequestMatcher = (url: URL, request: Request) => boolean;

/** Matches API requests by path (exact string, or a RegExp tested on the pathname) and method. */
export function apiPath(path: string | RegExp, method?: string): RequestMatcher {
  return (url, request) =>
    (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)) && (method === undefined || request.method() === method);
}

export interface Injection {
  /** Requests the fault was applied to. */
  readonly hits: number;
  /** Resolves when at least one matching request has been faulted (or is being held). */
  firstHit(): Promise<void>;
  /** Stop faulting; held requests are released with a dropped connection (their caller is gone). */
  heal(): Promise<void>;
}

async function applyFault(route: Route, kind: Exclude<FaultKind, 'hang'>): Promise<void> {
  switch (kind) {
    case '500':
      await route.fulfill({ status: 500, json: { message: 'Internal Server Error' } });
      return;
    case 'malformed':
      await route.fulfill({ status: 200, json: { nope: 1 } });
      return;
    case 'brokenJson':
      await route.fulfill({ status: 200, contentType: 'application/json', body: '{"users": [ {"userId": ' });
      return;
    case 'offline':
      await route.abort('internetdisconnected');
      return;
  }
}

/**
 * Fault every request matching `matcher` until `heal()`. For `hang`, the caller advances the clock:
 * `await injection.firstHit(); await page.clock.fastForward(PAST_CLIENT_TIMEOUT_MS)`.
 */
export async function injectFault(page: Page, apiUrl: string, matcher: RequestMatcher, kind: FaultKind): Promise<Injection> {
  const apiOrigin = new URL(apiUrl).origin;
  let hits = 0;
  const held: Route[] = [];
  let notify: (() => void) | undefined;
  const hit = new Promise<void>((resolve) => {
    notify = resolve;
  });
  const onApi = (url: URL): boolean => url.origin === apiOrigin;
  const handler = async (route: Route): Promise<void> => {
    const request = route.request();
    if (!matcher(new URL(request.url()), request)) {
      await route.fallback();
      return;
    }
    hits += 1;
    notify?.();
    if (kind === 'hang') {
      held.push(route);
      return;
    }
    await applyFault(route, kind);
  };
  await page.route(onApi, handler);
  return {
    get hits() {
      return hits;
    },
    firstHit: () => hit,
    async heal() {
      await page.unroute(onApi, handler);
      // The console gave up on these already (its timeout aborted them); release them quietly.
      await Promise.all(held.splice(0).map((route) => route.abort('timedout').catch(() => undefined)));
    },
  };
}

/** Requests the console makes to the identity emulator, by Cognito operation. */
export interface IdentityCalls {
  /** GetTokensFromRefreshToken (the console's refresh), or InitiateAuth with REFRESH_TOKEN(_AUTH). */
  readonly refreshes: number;
  /** InitiateAuth with USER_PASSWORD_AUTH / USER_SRP_AUTH. */
  readonly signIns: number;
  readonly revokes: number;
}

export function countIdentityCalls(page: Page, cognitoEndpoint: string): IdentityCalls {
  const origin = new URL(cognitoEndpoint).origin;
  const counts = { refreshes: 0, signIns: 0, revokes: 0 };
  page.on('request', (request) => {
    if (request.method() !== 'POST' || new URL(request.url()).origin !== origin) return;
    const target = request.headers()['x-amz-target'] ?? '';
    const body = request.postData() ?? '';
    if (target.endsWith('.GetTokensFromRefreshToken')) counts.refreshes += 1;
    else if (target.endsWith('.InitiateAuth') && /"AuthFlow"\s*:\s*"REFRESH_TOKEN(_AUTH)?"/.test(body)) counts.refreshes += 1;
    else if (target.endsWith('.InitiateAuth')) counts.signIns += 1;
    else if (target.endsWith('.RevokeToken')) counts.revokes += 1;
  });
  return counts;
}

/** Counts requests the page sends that match `matcher`. */
export function countRequests(page: Page, matcher: RequestMatcher): { readonly count: number } {
  const counter = { count: 0 };
  page.on('request', (request) => {
    if (matcher(new URL(request.url()), request)) counter.count += 1;
  });
  return counter;
}

/** Opens `path` signed in as the seeded administrator, once the console is live (Sign out is there). */
export async function signIn(page: Page, stack: Pick<StackHandle, 'cognitoEndpoint' | 'clientId' | 'apiUrl'>, path = '/'): Promise<void> {
  await openSignedIn(page, stack, path);
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

/** A token the identity SDK keeps in this tab's sessionStorage for the signed-in account. */
async function storedToken(page: Page, kind: 'accessToken' | 'refreshToken'): Promise<string> {
  const token = await page.evaluate((suffix) => {
    for (let i = 0; i < sessionStorage.length; i += 1) {
      const key = sessionStorage.key(i);
      if (key?.endsWith(suffix)) return sessionStorage.getItem(key);
    }
    return null;
  }, `.${kind}`);
  if (!token) throw new Error(`no ${kind} in sessionStorage: is the tab signed in?`);
  return token;
}

/** The refresh token the identity SDK keeps in sessionStorage for the signed-in account. */
export const storedRefreshToken = (page: Page): Promise<string> => storedToken(page, 'refreshToken');

/** The access token the identity SDK keeps in sessionStorage for the signed-in account. */
export const storedAccessToken = (page: Page): Promise<string> => storedToken(page, 'accessToken');

/** Revokes a refresh token at the identity emulator, as an administrator elsewhere would. */
export async function revokeRefreshToken(cognitoEndpoint: string, clientId: string, token: string): Promise<void> {
  const res = await fetch(cognitoEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.RevokeToken' },
    body: JSON.stringify({ ClientId: clientId, Token: token }),
  });
  if (!res.ok) throw new Error(`RevokeToken answered ${res.status}: ${await res.text()}`);
}

/** Calls the reference API from the test, as the signed-in administrator (setup, not the thing tested). */
async function callApi(page: Page, apiUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${apiUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${await storedAccessToken(page)}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * A member of the administrator's organisation that this test alone knows: created through the API
 * with a unique name and email. Tests share a stack, and another one may delete or rename whatever
 * member happens to be listed first (a billing page then says "User not found", seen in CI).
 */
export async function newMember(page: Page, apiUrl: string, namePrefix: string): Promise<{ userId: string; name: string }> {
  const tag = uniqueLetters();
  const created = (await callApi(page, apiUrl, 'POST', '/api/users', {
    name: `${namePrefix} ${tag[0]?.toUpperCase() ?? ''}${tag.slice(1)}`,
    email: `own-${tag}@hardline.test`,
    phoneNumber: `+1555${String(Date.now()).slice(-7)}`,
  })) as { user: { userId: string; name: string } };
  return { userId: created.user.userId, name: created.user.name };
}

/** Creates members (unique emails) through the API; returns their names. */
export async function createMembers(page: Page, apiUrl: string, namePrefix: string, count: number): Promise<string[]> {
  const stamp = Date.now();
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const name = `${namePrefix} ${String.fromCharCode(65 + i)}`;
    await callApi(page, apiUrl, 'POST', '/api/users', {
      name,
      email: `probe-${stamp}-${i}@hardline.test`,
      phoneNumber: `+1555${String(stamp + i).slice(-7)}`,
    });
    names.push(name);
  }
  return names;
}
