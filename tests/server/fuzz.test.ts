// @vitest-environment node
/**
 * Fuzzing the whole reference API: bad input thrown at every route of every module (signup,
 * users, billing, copilot, the hosted pages), enumerated from the app's own route table, so a new
 * route is fuzzed without being listed here. Two passes, with the administrator's token:
 *
 * - a sweep: every body field, query parameter and path parameter of every route, in turn, gets
 *   each classic bad value (NUL, a lone surrogate, a long string, 1e300, every wrong type, deep
 *   nesting, left out), and every body is replaced whole by bad JSON;
 * - generated requests (fast-check, a fixed seed): wrong types, huge strings, control characters,
 *   unicode, deep nesting, extra and missing fields, bad JSON and form data, bad query parameters,
 *   weird path ids, other methods and content types, and sometimes no token, a garbage one or
 *   another caller's.
 *
 * Bad input is the client's fault: the API must answer it with a 4xx, never a 5xx, and every error
 * of /api/* is the contract's JSON `{ message }`. The figures (requests sent, 5xx answers) go to
 * reports/suites/fuzz.json for the `npm test` summary; the server suite runs on PGlite and again on
 * PostgreSQL, so each engine's figures are kept and the totals add both.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverModules } from '../../server';
import { seedDatabase } from '../../server/seed';
import { ApiErrorBodySchema, CopilotAskResponseSchema, CopilotIntentSchema } from '../../src/contract/api';
import { LIMITS } from '../../src/domain/limits';
import { createTestApi, WEB_ORIGIN, type TestApi } from './support/api';
import { testEngine } from './support/db';

/** Fixed, so a failure is replayed by running the file again. */
const SEED = 20_251_111;
/** Generated requests per run (the sweep adds its own): the file takes well under a minute on a busy 2-core machine. */
const NUM_RUNS = 700;
/** Generated follow-up contexts (nested intents) sent to the Assistant. */
const NUM_INTENT_RUNS = 300;

let api: TestApi;
let adminSub: string;
let memberSub: string;
let ids: { members: string[]; admin: string; invoices: string[]; paymentMethods: string[]; hostedToken: string };
const tokens = new Map<string, string>();

beforeAll(async () => {
  api = await createTestApi(serverModules);
  adminSub = crypto.randomUUID();
  memberSub = crypto.randomUUID();
  const seeded = await seedDatabase(api.db, {
    modules: serverModules,
    config: { apiOrigin: 'http://127.0.0.1:8787', webOrigin: WEB_ORIGIN },
    adminSub,
    firstTimeSub: memberSub,
    users: 12,
    seed: 7,
  });
  const members = await api.db.query<{ id: string }>('SELECT id FROM members WHERE org_id = $1 AND id <> $2 ORDER BY id', [
    seeded.orgId,
    seeded.adminMemberId,
  ]);
  const invoices = await api.db.query<{ id: string }>('SELECT id FROM invoices WHERE org_id = $1 ORDER BY id LIMIT 4', [seeded.orgId]);
  const cards = await api.db.query<{ id: string }>('SELECT id FROM payment_methods WHERE org_id = $1 ORDER BY id LIMIT 4', [seeded.orgId]);
  tokens.set('admin', await api.keys.sign({ sub: adminSub }));
  tokens.set('member', await api.keys.sign({ sub: memberSub }));
  tokens.set('stranger', await api.keys.sign({ sub: crypto.randomUUID() }));
  // The session routes end the session of the token they are sent with (and sign-out-all every
  // token of its account), so they get an account of their own: the others' tokens stay valid.
  tokens.set('sessions', await api.keys.sign({ sub: crypto.randomUUID() }));
  const hosted = await api.call('POST', '/api/admin/billing/update-payment-method', {
    token: tokens.get('admin'),
    body: { userId: members.rows[0]?.id },
  });
  const { hostedUrl } = (await hosted.json()) as { hostedUrl: string };
  ids = {
    members: members.rows.map((r) => r.id),
    admin: seeded.adminMemberId,
    invoices: invoices.rows.map((r) => r.id),
    paymentMethods: cards.rows.map((r) => r.id),
    hostedToken: hostedUrl.split('/').at(-1) ?? '',
  };
}, 180_000); // PGlite's WASM start-up and the seed take a while on a busy machine
afterAll(() => api?.close());

// ---------------------------------------------------------------------------------------------
// What the fuzzer sends
// ---------------------------------------------------------------------------------------------

interface Route {
  method: string;
  path: string;
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** Every route the app answers, from Hono's route table (middleware left out). */
function routesOf(testApi: TestApi): Route[] {
  const seen = new Map<string, Route>();
  for (const route of testApi.app.routes) {
    if (route.method === 'ALL') continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** Percent-encodes like encodeURIComponent, but sends a lone surrogate as the invalid UTF-8 it would be. */
function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    out += char.length === 1 && code >= 0xd800 && code <= 0xdfff ? '%ED%A0%80' : encodeURIComponent(char);
  }
  return out;
}

const SPECIALS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\n',
  '\r\n',
  '\t',
  '\u007f',
  '\u001b[31m',
  '\ud800',
  '\udc00x',
  '\uffff',
  '\ufeff',
  '\u202e',
  '😀',
  '👷🏽‍♀️',
  'Ａｄｍｉｎ',
  'e\u0301',
  'İ',
  'ß',
  '%00',
  '%',
  '%zz',
  '%2F',
  '../..',
  '/',
  '\\',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'null',
  'undefined',
  'true',
  'NaN',
  'Infinity',
  '-1',
  '0',
  '1e300',
  '-0',
  '1.5',
  '0x10',
  '9'.repeat(40),
  "' OR 1=1 --",
  '"; DROP TABLE members; --',
  '<script>alert(1)</script>',
  '${x}',
  '%s%n',
  'Admin',
  'Field Worker',
  'pro',
  'lite',
  'active',
  'pending',
  'added',
  'default',
  'seti_0123456789abcdef01234567',
  'pm_000000000000000000000000',
  'a@b.co',
  '+15551234567',
  '4242424242424242',
];

/** The query parameters the routes read. */
const QUERY_NAMES = ['page', 'limit', 'search', 'role', 'status', 'userId', 'notice'];

/** The sweep's bad text: NUL, a lone surrogate, long, numbers a database cannot take, empty, a prototype key. */
const BAD_TEXT = ['\u0000', 'a\u0000b', '\ud800', '\u0007', 'x'.repeat(5000), '1e300', '99999999999999999999', '-1', '', '__proto__'];
/** The sweep's bad JSON values: the bad text, and every wrong type. */
const DEEP = Array.from({ length: 200 }).reduce<unknown>((inner) => [inner], 'deep');
const BAD_VALUES: unknown[] = [...BAD_TEXT, 1e300, -1, 2.5, true, null, [], {}, ['\u0000'], { $gt: '' }, DEEP];
/** The sweep's bad bodies, whole. */
const BAD_BODIES = [
  '',
  'null',
  '[]',
  '"text"',
  '1e300',
  '{',
  '{"a":',
  `${'['.repeat(20_000)}${']'.repeat(20_000)}`,
  `{"x":"${'y'.repeat(70_000)}"}`,
];

/** Lengths on both sides of every limit, and past the body limit. */
const LENGTHS = [
  ...new Set(
    Object.values(LIMITS)
      .filter((n) => n < 100_000)
      .flatMap((n) => [n, n + 1]),
  ),
];

/** A body that would be valid for the route (from the contract), to mutate. */
const member = (): string => ids.members[0] ?? '';
function validBody(route: Route): Record<string, unknown> {
  const key = `${route.method} ${route.path}`;
  if (key.endsWith('/complete-signup'))
    return {
      fullName: 'Ana Diaz',
      email: 'ana@fuzz.test',
      phoneNumber: '+15551230000',
      organization: 'Fuzz Builders',
      cognitoUserId: adminSub,
    };
  if (key === 'POST /api/users' || key.endsWith('/invite'))
    return {
      name: 'Ana Diaz',
      email: 'ana.diaz@fuzz.test',
      phoneNumber: '+15551230001',
      role: 'Supervisor',
      hasLicense: true,
      isActive: true,
    };
  if (key === 'PUT /api/users/:id') return { name: 'Ana Diaz', role: 'Supervisor' };
  if (key.endsWith('/bulk')) return { userIds: [member()], updates: { hasLicense: true } };
  if (key.endsWith('/toggle-license')) return { hasLicense: true };
  if (key.endsWith('/toggle-status')) return { isActive: true };
  if (key.endsWith('/billing/user') || key.endsWith('/update-payment-method')) return { userId: member() };
  if (key.endsWith('/update-subscription') || key.endsWith('/preview-subscription')) return { planType: 'pro' };
  if (key.endsWith('/invoice-link')) return { userId: member(), invoiceId: ids.invoices[0] ?? 'in_0', format: 'page' };
  if (key.endsWith('/complete-subscription')) return { setupIntentId: 'seti_0123456789abcdef01234567', planType: 'pro' };
  if (key.endsWith('/cancel-subscription')) return { userId: member(), cancelAtPeriodEnd: true, reason: 'Moving to another tool' };
  if (key.endsWith('/copilot/ask'))
    return {
      query: 'and which of them were at the tower?',
      isAdmin: true,
      timeZone: 'America/Los_Angeles',
      // The follow-up context is a nested intent: the sweep reaches each of its leaves.
      previousIntent: {
        subject: 'calls',
        measure: 'count',
        groupBy: 'site',
        filters: {
          site: 'Harbor Point Tower',
          person: { ids: [member()], name: 'Ana Diaz' },
          window: { kind: 'since', date: '2025-06-01', field: 'joined' },
          terms: ['crane'],
        },
      },
    };
  if (key.endsWith('/cards'))
    return { cardNumber: '4242424242424242', expMonth: '12', expYear: String(new Date().getUTCFullYear() + 2), makeDefault: '1' };
  if (key.endsWith('/default')) return { paymentMethodId: ids.paymentMethods[0] ?? '' };
  return {};
}
/** The path of every leaf of a body (a field, or a field of a nested object or array), and of every nested object itself. */
function fieldPaths(value: unknown, prefix: Array<string | number> = []): Array<Array<string | number>> {
  if (value === null || typeof value !== 'object') return [prefix];
  const entries: Array<[string | number, unknown]> = Array.isArray(value) ? value.map((item, i) => [i, item]) : Object.entries(value);
  return [...(prefix.length > 0 ? [prefix] : []), ...entries.flatMap(([key, item]) => fieldPaths(item, [...prefix, key]))];
}

/** A copy of `body` with the value at `path` replaced (or left out when `value` is `LEFT_OUT`). */
const LEFT_OUT = Symbol('left out');
function withField(body: unknown, path: ReadonlyArray<string | number>, value: unknown): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return value;
  if (Array.isArray(body)) {
    const copy = [...(body as unknown[])];
    if (rest.length === 0 && value === LEFT_OUT) copy.splice(Number(key), 1);
    else copy[Number(key)] = withField(copy[Number(key)], rest, value);
    return copy;
  }
  const copy = { ...(body as Record<string, unknown>) };
  if (rest.length === 0 && value === LEFT_OUT) delete copy[key];
  else copy[key] = withField(copy[key], rest, value);
  return copy;
}

/** The query a route reads, valid. */
function validQuery(route: Route): Record<string, string> {
  if (
    route.path.endsWith('/update-subscription') ||
    route.path.endsWith('/complete-subscription') ||
    route.path.endsWith('/preview-subscription')
  )
    return { userId: member() };
  if (route.method === 'GET' && route.path === '/api/users')
    return { page: '1', limit: '25', search: 'ma', role: 'Supervisor', status: 'active' };
  if (route.path.startsWith('/hosted/payment-methods/:token') && route.method === 'GET') return { notice: 'added' };
  return {};
}

/** A valid value for a path parameter (an id of the seeded organisation). */
function validParam(name: string, index: number): string {
  if (name === 'token') return ids.hostedToken;
  if (name === 'file') return `${ids.invoices[0] ?? 'in_0'}${index % 2 === 0 ? '.pdf' : ''}`;
  return ids.members[1] ?? 'missing';
}

/** The request for a route: its path with these parameter values, a query, a body (JSON, or a form for the hosted pages). */
function requestFor(
  route: Route,
  options: {
    params?: (name: string, index: number) => string;
    query?: Record<string, string> | string;
    body?: unknown;
    rawBody?: string;
    contentType?: string | null;
    caller?: string;
    method?: string;
  },
): FuzzRequest {
  let index = 0;
  const path = route.path.replace(/:([A-Za-z]+)/g, (_, name: string) => (options.params ?? validParam)(name, index++));
  let search = '';
  if (typeof options.query === 'string') search = options.query;
  else {
    const entries = Object.entries(options.query ?? {});
    if (entries.length > 0) search = `?${entries.map(([k, val]) => `${encodeLoose(k)}=${encodeLoose(val)}`).join('&')}`;
  }
  const form = isForm(route);
  let body = options.rawBody;
  if (body === undefined && options.body !== undefined) {
    const value = options.body;
    body =
      form && value !== null && typeof value === 'object' && !Array.isArray(value)
        ? Object.entries(value)
            .map(([k, val]) => `${encodeLoose(k)}=${encodeLoose(typeof val === 'string' ? val : (JSON.stringify(val) ?? ''))}`)
            .join('&')
        : JSON.stringify(value);
  }
  const headers: Record<string, string> = {};
  const requested = options.contentType === undefined ? 'application/json' : options.contentType;
  const type = form && requested === 'application/json' ? 'application/x-www-form-urlencoded' : requested;
  if (body !== undefined && type !== null) headers['Content-Type'] = type;
  const asked = options.caller ?? 'admin';
  const caller = route.path.startsWith('/api/session/') && asked !== 'none' && asked !== 'garbage' ? 'sessions' : asked;
  if (caller === 'garbage') headers['Authorization'] = 'Bearer not.a.token';
  else if (caller !== 'none') headers['Authorization'] = `Bearer ${tokens.get(caller) ?? ''}`;
  const method = options.method ?? route.method;
  return { method, url: `http://127.0.0.1:8787${path}${search}`, headers, body: method === 'GET' || method === 'HEAD' ? undefined : body };
}

const isForm = (route: Route): boolean => route.path.startsWith('/hosted/');

function arbitraries(routes: readonly Route[]) {
  const realIds = [
    ...ids.members.slice(0, 6),
    ids.admin,
    ...ids.invoices,
    ...ids.invoices.map((id) => `${id}.pdf`),
    ...ids.paymentMethods,
    ids.hostedToken,
  ];
  const anyCodeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
  /** Text with a control character or a lone surrogate somewhere in it. */
  const laced = fc
    .tuple(
      fc.string({ maxLength: 8 }),
      fc.constantFrom('\u0000', '\u0000', '\u0001', '\u0008', '\u001b', '\u007f', '\ud800', '\udfff'),
      fc.string({ maxLength: 8 }),
    )
    .map(([before, odd, after]) => `${before}${odd}${after}`);
  /** Numbers as a query string or a careless client writes them. */
  const numeric = fc.constantFrom(
    '1e300',
    '-1',
    '0',
    '2.5',
    '0x10',
    'NaN',
    'Infinity',
    '-Infinity',
    '99999999999999999999',
    '1e3',
    ' 1',
    '1 ',
    '+1',
    '00001',
    '1_000',
    String(2 ** 53 + 1),
    '9'.repeat(400),
  );
  const weirdString = fc.oneof(
    { arbitrary: fc.constantFrom(...SPECIALS), weight: 4 },
    { arbitrary: laced, weight: 3 },
    { arbitrary: numeric, weight: 2 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
    { arbitrary: fc.string({ unit: anyCodeUnit, maxLength: 12 }), weight: 2 },
    { arbitrary: fc.string({ unit: 'grapheme', maxLength: 12 }), weight: 1 },
    { arbitrary: fc.constantFrom(...realIds), weight: 3 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...LENGTHS), fc.constantFrom('x', 'é', '😀', ' ', '\u0000'))
        .map(([n, c]) => c.repeat(Math.ceil(n / c.length))),
      weight: 1,
    },
  );
  const weirdValue: fc.Arbitrary<unknown> = fc.oneof(
    { arbitrary: weirdString, weight: 6 },
    { arbitrary: fc.jsonValue({ maxDepth: 2 }), weight: 2 },
    {
      arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.constantFrom(1e300, -1, 0, 2 ** 53 + 2, -0)),
      weight: 2,
    },
    { arbitrary: fc.array(weirdString, { maxLength: 4 }), weight: 1 },
    { arbitrary: fc.dictionary(weirdString, weirdString, { maxKeys: 3 }), weight: 1 },
    {
      arbitrary: fc.integer({ min: 1, max: 12 }).map((depth) => Array.from({ length: depth }).reduce<unknown>((inner) => [inner], 'deep')),
      weight: 1,
    },
  );

  const mutation = fc.oneof(
    { arbitrary: fc.constant({ kind: 'valid' as const }), weight: 2 },
    // Mostly one of the route's own fields (index into the valid body), sometimes a made-up one.
    {
      arbitrary: fc.record({
        kind: fc.constant('set' as const),
        key: fc.oneof({ arbitrary: fc.nat(20), weight: 4 }, { arbitrary: weirdString, weight: 1 }),
        value: weirdValue,
      }),
      weight: 7,
    },
    { arbitrary: fc.record({ kind: fc.constant('delete' as const), index: fc.nat(8) }), weight: 2 },
    {
      arbitrary: fc.record({
        kind: fc.constant('extra' as const),
        fields: fc.dictionary(weirdString, weirdValue, { minKeys: 1, maxKeys: 6 }),
      }),
      weight: 1,
    },
    { arbitrary: fc.record({ kind: fc.constant('replace' as const), value: weirdValue }), weight: 2 },
  );
  type Mutation = typeof mutation extends fc.Arbitrary<infer M> ? M : never;
  const mutate = (body: Record<string, unknown>, m: Mutation): unknown => {
    const keys = Object.keys(body);
    switch (m.kind) {
      case 'valid':
        return body;
      case 'set': {
        const key = typeof m.key === 'number' ? (keys[m.key % Math.max(keys.length, 1)] ?? 'field') : m.key;
        return { ...body, [key]: m.value };
      }
      case 'delete': {
        const copy = { ...body };
        delete copy[keys[m.index % Math.max(keys.length, 1)] ?? ''];
        return copy;
      }
      case 'extra':
        return { ...body, ...m.fields };
      case 'replace':
        return m.value;
    }
  };

  const rawText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.constantFrom(
      '{',
      '{"a":',
      '[',
      '"',
      'nul',
      '{"name":"\\u0000"}',
      '{"__proto__":{"isAdmin":true}}',
      '{"userIds":{"length":1e300}}',
      'a=1&b=%00',
      '\u0000',
    ),
    fc.integer({ min: 100, max: 30_000 }).map((n) => `${'['.repeat(n)}${']'.repeat(n)}`),
    fc.integer({ min: 100, max: 12_000 }).map((n) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`),
    fc.constantFrom(LIMITS.requestBodyBytes, LIMITS.requestBodyBytes + 1, 200_000).map((n) => `{"name":"${'x'.repeat(n)}"}`),
  );

  const contentType = fc.oneof(
    { arbitrary: fc.constant('application/json'), weight: 8 },
    {
      arbitrary: fc.constantFrom(
        null,
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=fuzz',
        'application/json; charset=utf-16',
        'application/xml',
        'application/x-www-form-urlencoded; charset=\u00e9',
      ),
      weight: 2,
    },
  );

  const pathValue = fc.oneof(
    { arbitrary: fc.constantFrom(...realIds), weight: 4 },
    { arbitrary: weirdString.map(encodeLoose), weight: 4 },
    {
      arbitrary: fc.constantFrom(
        '%00',
        '%',
        '%zz',
        '..',
        '%2e%2e',
        '%2F',
        'a%00b',
        '%ED%A0%80',
        '%C0%AF',
        '%FF',
        'x'.repeat(5000),
        '%20',
        '+',
      ),
      weight: 2,
    },
  );
  const queryKey = fc.oneof(fc.constantFrom(...QUERY_NAMES, '__proto__', 'constructor'), weirdString);
  const query = fc.oneof(
    { arbitrary: fc.constant(null), weight: 3 },
    // One of the parameters the routes read (page, limit, search...), given a weird value.
    { arbitrary: fc.record({ known: fc.nat(20), value: weirdString }), weight: 5 },
    { arbitrary: fc.dictionary(queryKey, weirdString, { maxKeys: 4 }), weight: 3 },
    {
      arbitrary: fc.constantFrom('?%00', '?page=%', '?&&&', '?page=1&page=2', '?=', '?search=%ED%A0%80', '?notice=__proto__', '?userId'),
      weight: 1,
    },
  );

  const caller = fc.constantFrom('admin', 'admin', 'admin', 'admin', 'admin', 'admin', 'admin', 'none', 'garbage', 'member', 'stranger');
  const method = fc.oneof(
    { arbitrary: fc.constant(null), weight: 9 },
    { arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'), weight: 1 },
  );
  const bodyShape = fc.oneof(
    { arbitrary: fc.constant('mutated' as const), weight: 8 },
    { arbitrary: fc.constant('raw' as const), weight: 2 },
    { arbitrary: fc.constant('none' as const), weight: 1 },
  );

  return fc
    .record({
      route: fc.constantFrom(...routes),
      method,
      params: fc.array(pathValue, { minLength: 3, maxLength: 3 }),
      paramsValid: fc.boolean(),
      query,
      keepQuery: fc.boolean(),
      bodyShape,
      mutation,
      raw: rawText,
      contentType,
      caller,
    })
    .map((g): FuzzRequest => {
      let query: Record<string, string> | string;
      if (typeof g.query === 'string') query = g.query;
      else {
        const base = g.keepQuery ? validQuery(g.route) : {};
        let extra: Record<string, string> = {};
        if (g.query !== null && 'known' in g.query && typeof g.query.known === 'number' && typeof g.query.value === 'string') {
          const names = [...new Set([...Object.keys(validQuery(g.route)), ...QUERY_NAMES])];
          extra = { [names[g.query.known % names.length] ?? 'page']: g.query.value };
        } else if (g.query !== null) extra = g.query as Record<string, string>;
        query = { ...base, ...extra };
      }
      return requestFor(g.route, {
        params: (name, index) => (g.paramsValid ? validParam(name, index) : (g.params[index] ?? '')),
        query,
        ...(g.bodyShape === 'raw' ? { rawBody: g.raw } : g.bodyShape === 'mutated' ? { body: mutate(validBody(g.route), g.mutation) } : {}),
        contentType: g.contentType,
        caller: g.caller,
        ...(g.method !== null ? { method: g.method } : {}),
      });
    });
}

/** The schema nodes the intent is made of (valibot keeps each node's kind in `type`; a pipe keeps its root's). */
interface SchemaNode {
  type: string;
  entries?: Record<string, SchemaNode>;
  wrapped?: SchemaNode;
  options?: readonly unknown[];
  item?: SchemaNode;
}

/**
 * Intents built from the contract's own intent schema, nested as the console sends them: each node
 * mostly a value of its kind (a subject of the list, a window with a date, a person with ids of the
 * organisation), sometimes a weird value instead, so both the engine and the validation are reached.
 */
function intentArbitrary(weird: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const text = (key: string): fc.Arbitrary<unknown> => {
    if (key === 'date') return fc.constantFrom('2025-06-01', '2025-05-01', '2024-02-29', '2025-06-10', '2025-13-01', '2025-02-30');
    if (key === 'ids') return fc.constantFrom(...ids.members.slice(0, 4), ids.admin, 'no-such-member');
    const fine = fc.constantFrom('Harbor Point Tower', 'Ana Diaz', 'crane', 'concrete', 'Ana', 'é', '<b>x</b>');
    return fc.oneof(
      { arbitrary: fine, weight: 12 },
      { arbitrary: fc.constantFrom('x'.repeat(300), '\u0000', '', ' ', '\u202e'), weight: 1 },
    );
  };
  const build = (node: SchemaNode, key: string): fc.Arbitrary<unknown> => {
    // Mostly the node's own kind: a weird value at one node of about twenty-five is enough to be refused.
    const near = (value: fc.Arbitrary<unknown>) => fc.oneof({ arbitrary: value, weight: 60 }, { arbitrary: weird, weight: 1 });
    switch (node.type) {
      case 'object': {
        const entries = Object.entries(node.entries ?? {});
        const shape = Object.fromEntries(entries.map(([name, child]) => [name, build(child, name)]));
        const required = entries.filter(([, child]) => child.type !== 'optional').map(([name]) => name);
        return near(fc.record(shape, { requiredKeys: required }));
      }
      case 'optional':
        return node.wrapped ? build(node.wrapped, key) : weird;
      case 'picklist':
        return near(fc.constantFrom(...(node.options ?? [])));
      case 'boolean':
        return near(fc.boolean());
      case 'number':
        return near(fc.integer({ min: 0, max: 12 }));
      case 'string':
        return near(text(key));
      case 'array':
        return near(fc.array(node.item ? build(node.item, key) : weird, { minLength: 0, maxLength: 3 }));
      default:
        return weird;
    }
  };
  return build(CopilotIntentSchema as unknown as SchemaNode, 'previousIntent');
}

// ---------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------

const figures = { requests: 0, '5xx': 0, '4xx': 0, '2xx/3xx': 0 };

interface Answer {
  request: FuzzRequest;
  status: number;
  answer: string;
}
/** Every 5xx answer, and every /api error that is not the contract's JSON { message }. */
const serverErrors: Answer[] = [];
const notJson: Answer[] = [];

/** Sends one request and records what it got; returns the status and the whole answer. */
async function send(request: FuzzRequest): Promise<{ status: number; text: string }> {
  const response = await api.app.request(request.url, {
    method: request.method,
    headers: request.headers,
    ...(request.body !== undefined ? { body: request.body } : {}),
  });
  const answer = await response.text();
  figures.requests += 1;
  const brief: Answer = {
    request: { ...request, url: request.url.slice(0, 300), body: request.body?.slice(0, 300) },
    status: response.status,
    answer: answer.slice(0, 300),
  };
  if (response.status >= 500) {
    figures['5xx'] += 1;
    serverErrors.push(brief);
    return { status: response.status, text: answer };
  }
  if (response.status < 400) {
    figures['2xx/3xx'] += 1;
    return { status: response.status, text: answer };
  }
  figures['4xx'] += 1;
  const { pathname } = new URL(request.url);
  if ((pathname.startsWith('/api/') || pathname.startsWith('/users/')) && request.method !== 'HEAD') {
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(answer);
    } catch {
      parsed = null;
    }
    if (!v.is(ApiErrorBodySchema, parsed)) notJson.push(brief);
  }
  return { status: response.status, text: answer };
}

afterAll(() => {
  const file = fileURLToPath(new URL('../../reports/suites/fuzz.json', import.meta.url));
  mkdirSync(dirname(file), { recursive: true });
  // The server suite runs once per engine: keep the other engine's figures, and add them up.
  let previous: Record<string, number> = {};
  if (existsSync(file)) {
    try {
      previous = (JSON.parse(readFileSync(file, 'utf8')) as { figures?: Record<string, number> }).figures ?? {};
    } catch {
      previous = {};
    }
  }
  const perEngine: Record<string, number> = {};
  for (const [key, value] of Object.entries(previous))
    if (/ \((pglite|postgres)\)$/.test(key) && !key.endsWith(`(${testEngine})`)) perEngine[key] = value;
  perEngine[`requests (${testEngine})`] = figures.requests;
  perEngine[`5xx (${testEngine})`] = figures['5xx'];
  const total = (name: string) =>
    Object.entries(perEngine).reduce((sum, [key, value]) => (key.startsWith(`${name} (`) ? sum + value : sum), 0);
  writeFileSync(
    file,
    `${JSON.stringify({ suite: 'fuzz', figures: { requests: total('requests'), '5xx': total('5xx'), ...perEngine } }, null, 2)}\n`,
  );
});

describe('fuzzing every route', () => {
  it('enumerates the routes of every module', () => {
    const routes = routesOf(api).map((r) => `${r.method} ${r.path}`);
    for (const expected of [
      'POST /api/complete-signup',
      'POST /users/activate',
      'GET /api/me',
      'GET /api/users',
      'GET /api/users/:id',
      'PUT /api/users/:id',
      'DELETE /api/users/:id',
      'PATCH /api/users/bulk',
      'POST /api/users/invite',
      'GET /api/admin/billing/overview',
      'POST /api/admin/billing/update-subscription',
      'POST /api/admin/billing/cancel-subscription',
      'POST /api/copilot/ask',
      'GET /hosted/invoices/:file',
      'GET /hosted/payment-methods/:token',
      'POST /hosted/payment-methods/:token/cards',
    ]) {
      expect(routes).toContain(expected);
    }
  });

  it('sweeps every field, query parameter and path parameter of every route with the classic bad values', async () => {
    const before = { requests: figures.requests, errors: api.errors.length };
    let sent = 0;
    for (const route of routesOf(api)) {
      const body = validBody(route);
      const query = validQuery(route);
      const hasBody = route.method !== 'GET';
      const valid = { query, ...(hasBody ? { body } : {}) };
      // Each body field, nested ones included (the Assistant's previous intent): every bad value (a form carries text only), then left out.
      for (const path of fieldPaths(body)) {
        for (const bad of isForm(route) ? BAD_TEXT : BAD_VALUES) {
          await send(requestFor(route, { ...valid, body: withField(body, path, bad) }));
          sent += 1;
        }
        await send(requestFor(route, { ...valid, body: withField(body, path, LEFT_OUT) }));
        sent += 1;
      }
      // Each query parameter the route reads.
      for (const name of Object.keys(query)) {
        for (const bad of BAD_TEXT) {
          await send(requestFor(route, { ...valid, query: { ...query, [name]: bad } }));
          sent += 1;
        }
      }
      // Each path parameter.
      const params = [...route.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1] ?? '');
      for (const [position] of params.entries()) {
        for (const bad of [...BAD_TEXT.map(encodeLoose), '%', '%zz', '..']) {
          await send(requestFor(route, { ...valid, params: (name, index) => (index === position ? bad : validParam(name, index)) }));
          sent += 1;
        }
      }
      // The whole body.
      if (hasBody) {
        for (const rawBody of BAD_BODIES) {
          await send(requestFor(route, { query, rawBody }));
          sent += 1;
        }
      }
    }
    console.info(`[fuzz] ${testEngine}: sweep sent ${sent} requests`);
    expect(figures.requests - before.requests).toBe(sent);
    expect(serverErrors).toEqual([]);
    expect(api.errors.slice(before.errors)).toEqual([]);
    expect(notJson).toEqual([]);
  }, 240_000);

  it(`answers ${NUM_RUNS} generated bad requests with no 5xx, and /api errors as JSON { message }`, async () => {
    const before = { requests: figures.requests, errors: api.errors.length, ok: figures['2xx/3xx'] };
    await fc.assert(
      fc.asyncProperty(arbitraries(routesOf(api)), async (request) => {
        await send(request);
      }),
      { numRuns: NUM_RUNS, seed: SEED },
    );
    console.info(
      `[fuzz] ${testEngine}: ${figures.requests} requests in all, ${figures['5xx']} 5xx, ${figures['4xx']} 4xx, ${figures['2xx/3xx']} 2xx/3xx`,
    );
    expect(figures.requests - before.requests).toBe(NUM_RUNS);
    expect(serverErrors).toEqual([]);
    expect(api.errors.slice(before.errors)).toEqual([]);
    expect(notJson).toEqual([]);
    // The generated requests reach past validation too (not only 400s).
    expect(figures['2xx/3xx'] - before.ok).toBeGreaterThan(NUM_RUNS / 50);
  }, 240_000);

  it(`answers ${NUM_INTENT_RUNS} generated follow-up contexts (nested intents) with an answer or a 400 naming the intent's field`, async () => {
    const before = { requests: figures.requests, errors: api.errors.length };
    const outcomes = { answered: 0, refused: 0 };
    const refusedElsewhere: string[] = [];
    const weird = fc.oneof(fc.constantFrom(...BAD_VALUES), fc.jsonValue({ maxDepth: 2 }));
    const question = fc.constantFrom('and last week?', 'which of them?', 'how many', 'at the tower?', 'list them', 'and by site');
    const zone = fc.constantFrom(undefined, 'America/Los_Angeles', 'Pacific/Auckland', 'UTC');
    await fc.assert(
      fc.asyncProperty(fc.record({ previousIntent: intentArbitrary(weird), query: question, timeZone: zone }), async (body) => {
        const request = requestFor({ method: 'POST', path: '/api/copilot/ask' }, { body: { isAdmin: true, ...body } });
        const response = await send(request);
        expect(response.status, request.body).toBeLessThan(500);
        const answer: unknown = JSON.parse(response.text);
        if (response.status === 200) {
          expect(v.is(CopilotAskResponseSchema, answer)).toBe(true);
          outcomes.answered += 1;
        } else {
          expect(response.status, request.body).toBe(400);
          const field = v.parse(ApiErrorBodySchema, answer).field ?? '';
          if (!field.startsWith('previousIntent')) refusedElsewhere.push(`${field}: ${request.body?.slice(0, 200)}`);
          outcomes.refused += 1;
        }
      }),
      { numRuns: NUM_INTENT_RUNS, seed: SEED },
    );
    console.info(`[fuzz] ${testEngine}: nested intents answered ${outcomes.answered}, refused ${outcomes.refused}`);
    expect(figures.requests - before.requests).toBe(NUM_INTENT_RUNS);
    expect(api.errors.slice(before.errors)).toEqual([]);
    expect(notJson).toEqual([]);
    // Only the intent was ever wrong (the question and the zone are valid), and both sides were reached.
    expect(refusedElsewhere).toEqual([]);
    expect(outcomes.answered).toBeGreaterThan(NUM_INTENT_RUNS / 10);
    expect(outcomes.refused).toBeGreaterThan(NUM_INTENT_RUNS / 10);
  }, 240_000);
});
