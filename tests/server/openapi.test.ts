// @vitest-environment node
/**
 * GET /openapi.json (server/core/openapi.ts), generated from the route table in src/contract/routes,
 * checked against the routes the API really serves: every route of the table is served at its
 * method and path, and every route the API serves is in the table or in OUTSIDE_THE_TABLE, each
 * with its reason. A route added to a module without the table, or to the table without a
 * handler, fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverModules } from '../../server';
import { openApiPath } from '../../server/core/openapi';
import { ROUTES } from '../../src/contract/routes';
import { createTestApi, signUpOrganisation, type TestApi, type TestOrg } from './support/api';

/** Served, and not the JSON API the console calls: each is described where its reason says. */
const OUTSIDE_THE_TABLE: Readonly<Record<string, string>> = {
  'GET /healthz': 'liveness probe (server/core/app.ts)',
  'GET /readyz': 'readiness probe (server/core/app.ts)',
  'GET /openapi.json': 'this document',
  'GET /exports/members/{ticket}':
    'a CSV download behind a one-time link from POST /api/users/export, opened by the browser without a token',
  'GET /exports/activity/{ticket}': 'a CSV download behind a one-time link from POST /api/audit/export',
  'GET /exports/imports/{ticket}': "a CSV download behind a one-time link from an import's failed-export",
  'GET /hosted/invoices/{file}': "the local provider's hosted invoice page (Stripe's, with Stripe)",
  'GET /hosted/payment-methods/{token}': "the local provider's hosted payment-method page (Stripe's Billing Portal, with Stripe)",
  'POST /hosted/payment-methods/{token}/cards': 'a form post of that page',
  'POST /hosted/payment-methods/{token}/default': 'a form post of that page',
  'POST /webhooks/stripe': "Stripe's webhook, signed with the endpoint's secret (docs/BILLING.md)",
};
/** Served only when the API runs on Stripe (not in this test). */
const WITH_STRIPE_ONLY = new Set(['POST /webhooks/stripe']);

interface Document {
  openapi: string;
  paths: Record<string, Record<string, { operationId: string; parameters?: { name: string; in: string }[] }>>;
}

let api: TestApi;
let org: TestOrg;
let document: Document;
beforeAll(async () => {
  api = await createTestApi(serverModules);
  org = await signUpOrganisation(api, 'OpenAPI Co');
  const response = await api.call('GET', '/openapi.json');
  expect(response.status).toBe(200);
  document = (await response.json()) as Document;
}, 120_000);
afterAll(() => api?.close());

/** 'METHOD /path/{param}' of every handler the API registered (not its middleware). */
function servedRoutes(): Set<string> {
  return new Set(
    api.app.routes
      .filter((route) => route.method !== 'ALL' && route.path !== '*' && !route.path.endsWith('/*'))
      .map((route) => `${route.method} ${openApiPath(route.path)}`),
  );
}

function documentedRoutes(): Set<string> {
  return new Set(
    Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    ),
  );
}

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.0, served without a token, with one operation per route of the table', () => {
    expect(document.openapi).toBe('3.0.3');
    expect(documentedRoutes().size).toBe(ROUTES.length);
    const ids = Object.values(document.paths).flatMap((operations) => Object.values(operations).map((operation) => operation.operationId));
    expect(new Set(ids).size).toBe(ROUTES.length);
  });

  it('describes exactly the routes the API serves, apart from the listed ones outside the table', () => {
    const served = servedRoutes();
    const documented = documentedRoutes();
    expect([...documented].filter((route) => !served.has(route))).toEqual([]);
    const undocumented = [...served].filter((route) => !documented.has(route));
    expect(undocumented.sort()).toEqual(
      Object.keys(OUTSIDE_THE_TABLE)
        .filter((route) => !WITH_STRIPE_ONLY.has(route))
        .sort(),
    );
  });

  it("gives each path parameter as a parameter, and SPEC §7's calls at SPEC §7's paths", () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      const names = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const operation of Object.values(operations)) {
        expect(operation.parameters?.filter((p) => p.in === 'path').map((p) => p.name) ?? []).toEqual(names);
      }
    }
    // A few of the SPEC's table (§7), as other clients call them.
    expect(document.paths['/api/users']?.get?.operationId).toBe('users.list');
    expect(document.paths['/api/users/{id}/toggle-license']?.patch?.operationId).toBe('users.setLicense');
    expect(document.paths['/api/admin/billing/update-subscription']?.post?.operationId).toBe('billing.updateSubscription');
    expect(document.paths['/users/activate']?.post?.operationId).toBe('activateUser');
  });

  it('every route of the table answers at its method and path: 401 without a token, never 404', async () => {
    for (const route of ROUTES) {
      const path = route.path.replace(/:(\w+)/g, 'some-id');
      const response = await api.call(route.method, path, { sub: null });
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
    }
  });

  it("the table's schemas are the ones the API validates with: a body the table refuses, the API refuses, naming the field", async () => {
    const response = await api.call('POST', '/api/users', {
      sub: org.adminSub,
      body: { name: 'Ana', email: 'not-an-email', role: 'Supervisor' },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { field?: string }).field).toBe('email');
  });
});
