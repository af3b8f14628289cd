/**
 * A seeded organisation for the Assistant's tests and its benchmark: the reference API's own seed
 * (server/seed: "Summit Builders", 240 members by default, then the billing and the Assistant's
 * seeds) at a fixed clock, a second organisation beside it (so a figure from the wrong one shows),
 * and a Hono app with the billing and copilot routes whose caller is the first organisation's
 * administrator. One database per test file (tests/server/support/db.ts: PGlite, or PostgreSQL
 * under `scripts/test/postgres.ts`).
 */
import { Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import * as v from 'valibot';
import { createBillingModule } from '../../server/billing';
import { createCopilotModule, type CopilotModuleOptions } from '../../server/copilot';
import type { Database } from '../../server/core/db';
import { ApiError, type AppEnv, type Caller, type ServerDeps } from '../../server/core/module';
import { seedDatabase } from '../../server/seed';
import { CopilotAskResponseSchema, type CopilotAskResponse, type CopilotIntent } from '../../src/contract/api';
import { openTestDatabase } from './support/db';
import { userPoolNotUsed } from './support/user-pool';

/** A Wednesday afternoon (UTC): this week started Monday Jun 9, this month Jun 1. */
export const NOW = new Date('2025-06-11T15:00:00.000Z');

export interface CopilotHarness {
  db: Database;
  app: Hono<AppEnv>;
  orgId: string;
  adminId: string;
  otherOrgId: string;
  ask(query: string, previousIntent?: CopilotIntent, timeZone?: string): Promise<CopilotAskResponse & { text: string }>;
  json(method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export interface CopilotHarnessOptions {
  users?: number;
  /** Opens the database (default: the test engine's, support/db.ts). */
  open?: (modules: ReturnType<typeof createCopilotModule>[]) => Promise<Database>;
  /** The API's clock (default: NOW, the seed's); a test may move it after the seed. */
  clock?: () => Date;
  /** The Assistant module's own options besides the clock (a model endpoint). */
  copilot?: Omit<CopilotModuleOptions, 'clock'>;
}

export async function createCopilotHarness(options: CopilotHarnessOptions = {}): Promise<CopilotHarness> {
  const clock = options.clock ?? (() => NOW);
  const billing = createBillingModule({ clock });
  // No model unless the test asks: `copilot: {}` lets the module read the environment as the API does.
  const copilot = createCopilotModule({ clock, ...(options.copilot ?? { config: { model: null } }) });
  const modules = [billing, copilot];
  const db = options.open ? await options.open(modules) : await openTestDatabase();
  const config = { apiOrigin: 'http://127.0.0.1:8787', webOrigin: 'http://127.0.0.1:5173' };
  const main = await seedDatabase(db, { modules, config, adminSub: 'copilot-admin-a', users: options.users ?? 240, now: NOW });
  const other = await seedDatabase(db, {
    modules,
    config,
    adminSub: 'copilot-admin-b',
    users: 30,
    seed: 7,
    now: NOW,
    adminDevicePhoneNumber: '+14155550199',
  });
  await db.query('UPDATE organizations SET name = $2 WHERE id = $1', [other.orgId, 'Bayside Contracting']);

  const caller: Caller = {
    sub: 'copilot-admin-a',
    username: 'copilot-admin-a',
    memberId: main.adminMemberId,
    orgId: main.orgId,
    isAdmin: true,
    isActive: true,
  };
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('caller', caller);
    await next();
  });
  const deps: ServerDeps = {
    db,
    config,
    userPool: userPoolNotUsed('The billing and copilot modules never call the user pool'),
  };
  billing.register(app, deps);
  copilot.register(app, deps);
  app.onError((error, c) => {
    if (error instanceof ApiError)
      return c.json(
        error.field ? { message: error.message, field: error.field } : { message: error.message },
        error.status as ContentfulStatusCode,
      );
    console.error(error);
    return c.json({ message: 'Internal server error' }, 500);
  });

  const json = async (method: string, path: string, body?: unknown) => {
    const res = await app.request(path, {
      method,
      headers: { 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: (res.headers.get('content-type') ?? '').includes('json') ? (JSON.parse(text) as unknown) : text };
  };
  return {
    db,
    app,
    orgId: main.orgId,
    adminId: main.adminMemberId,
    otherOrgId: other.orgId,
    json,
    async ask(query, previousIntent, timeZone) {
      const request = { query, isAdmin: true, ...(previousIntent ? { previousIntent } : {}), ...(timeZone ? { timeZone } : {}) };
      const res = await json('POST', '/api/copilot/ask', request);
      if (res.status !== 200) throw new Error(`ask "${query}": ${res.status} ${JSON.stringify(res.body)}`);
      const body = v.parse(CopilotAskResponseSchema, res.body);
      return { ...body, text: typeof body.result === 'string' ? body.result : body.result.result };
    },
    close: () => db.close(),
  };
}
