/**
 * The organisation the held-out Assistant bank (copilot-heldout.bank.ts) is asked about: the seed
 * the local stack uses (server/seed: "Summit Builders", 240 members, the default seed number),
 * with the clock pinned, behind a real HTTP server on a free port of 127.0.0.1.
 *
 * - The database is the tests' (support/db.ts): in-memory PGlite, or a throwaway PostgreSQL
 *   database when TEST_DATABASE_URL is set.
 * - The modules are the production list (server/index.ts `serverModules`, same order), with the
 *   billing and Assistant modules given the pinned clock, as tests/server build them.
 * - The caller is the seeded administrator (Dana Whitfield, admin@hardline.test): a bearer token
 *   signed by the test key pair the app verifies (support/api.ts).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createBillingModule } from '../../server/billing';
import { createCopilotModule } from '../../server/copilot';
import { auditModule } from '../../server/audit';
import type { ServerModule } from '../../server/core/module';
import { seedDatabase } from '../../server/seed';
import { signupModule } from '../../server/signup';
import { usersModule } from '../../server/users';
import { WEB_ORIGIN, createTestApi, type TestApi } from './support/api';

/**
 * The pinned "now": a Wednesday, 15:00 UTC (08:00 in Los Angeles, 03:00 the next day in Auckland).
 * The seed dates everything relative to it and the API's clock reads it, so every run sees the
 * same organisation at the same moment.
 */
const HELDOUT_NOW = new Date('2025-06-11T15:00:00.000Z');

export interface HeldoutOrg {
  /** Base URL of the API, e.g. http://127.0.0.1:40123. */
  url: string;
  api: TestApi;
  orgId: string;
  adminMemberId: string;
  now: Date;
  /** A request to the API as the seeded administrator; the parsed JSON answer (throws on a non-OK status). */
  request<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function startHeldoutOrg(now: Date = HELDOUT_NOW): Promise<HeldoutOrg> {
  const clock = () => now;
  const modules: readonly ServerModule[] = [
    signupModule,
    usersModule,
    createBillingModule({ clock }),
    createCopilotModule({ clock }),
    auditModule,
  ];
  const api = await createTestApi(modules);
  const adminSub = crypto.randomUUID();
  let server: ReturnType<typeof serve> | null = null;
  try {
    const seeded = await seedDatabase(api.db, {
      modules,
      config: { apiOrigin: 'http://127.0.0.1:8787', webOrigin: WEB_ORIGIN },
      adminSub,
      now,
    });
    server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
      const s = serve({ fetch: api.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
      s.once('error', reject);
    });
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    const token = await api.keys.sign({ sub: adminSub, expiresIn: '6h' });
    const running = server;
    return {
      url,
      api,
      orgId: seeded.orgId,
      adminMemberId: seeded.adminMemberId,
      now,
      async request<T>(method: string, path: string, body?: unknown): Promise<T> {
        const response = await fetch(`${url}${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${token}`,
            ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
          },
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        });
        const text = await response.text();
        if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
        return JSON.parse(text) as T;
      },
      async close() {
        await new Promise<void>((resolve) => {
          running.close(() => resolve());
          if ('closeAllConnections' in running) running.closeAllConnections();
        });
        await api.close();
      },
    };
  } catch (error) {
    server?.close();
    await api.close();
    throw error;
  }
}
