/**
 * The reference API server: the database (embedded PGlite, or PostgreSQL when a URL is given), the
 * modules, bearer-token verification against the
 * user pool, on Node's HTTP server. `npm start` runs it inside the local stack (scripts/stack.ts).
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './core/app';
import { createCognitoVerifier, type CognitoPoolRef, type TokenVerifier } from './core/auth';
import { openDatabase, type Database } from './core/db';
import { startMaintenance } from './core/maintenance';
import { startBackgroundWork, type ServerConfig, type ServerModule, type UserPoolAdmin } from './core/module';
import { isEmpty, seedDatabase, type SeedOptions, type SeedResult } from './seed';
import { signupModule } from './signup';
import { usersModule } from './users';
import { billingModule } from './billing';
import { copilotModule } from './copilot';
import { auditModule } from './audit';

/** Every area of the API, in registration order. */
export const serverModules: readonly ServerModule[] = [signupModule, usersModule, billingModule, copilotModule, auditModule];

export interface StartApiServerOptions {
  port: number;
  host?: string;
  /** A PostgreSQL connection string (DATABASE_URL); when set, dataDir and memory are not used. */
  databaseUrl?: string;
  /** PostgreSQL only: drop every table first (the local stack's --reset). */
  resetDatabase?: boolean;
  /** PostgreSQL only: refuse a database that already holds an organisation (seeded for another user pool). */
  requireEmptyDatabase?: boolean;
  /** Directory of the embedded database (e.g. .data/api); omitted or `memory: true` for an in-memory one. */
  dataDir?: string;
  memory?: boolean;
  config: ServerConfig;
  cognito: CognitoPoolRef;
  userPool: UserPoolAdmin;
  /** Seeds the organisation when the database is empty. */
  seed?: Omit<SeedOptions, 'modules' | 'config'>;
  /** Replaces the JWKS verifier (tests). */
  verifier?: TokenVerifier;
  modules?: readonly ServerModule[];
}

export interface ApiServer {
  url: string;
  db: Database;
  /** Set when this start seeded the database. */
  seeded: SeedResult | null;
  close(): Promise<void>;
}

export async function startApiServer(options: StartApiServerOptions): Promise<ApiServer> {
  const modules = options.modules ?? serverModules;
  const db = await openDatabase({
    modules,
    ...(options.databaseUrl ? { url: options.databaseUrl, reset: Boolean(options.resetDatabase) } : {}),
    ...(options.memory || !options.dataDir ? {} : { dataDir: options.dataDir }),
  });
  if (options.databaseUrl && options.requireEmptyDatabase && !(await isEmpty(db))) {
    await db.close();
    throw new Error(
      'DATABASE_URL holds an organisation seeded for another user pool, so the seeded accounts could not sign in. ' +
        '`npm start -- --reset` wipes that database and seeds it again (only ever point the local stack at a database of its own).',
    );
  }
  let seeded: SeedResult | null = null;
  if (options.seed && (await isEmpty(db))) {
    seeded = await seedDatabase(db, { ...options.seed, modules, config: options.config });
  }
  // PGlite has no autovacuum: statistics and dead rows are looked after here (core/maintenance.ts).
  const maintenance = startMaintenance(db, { analyzed: seeded !== null });
  const verifier = options.verifier ?? createCognitoVerifier(options.cognito);
  const deps = { db, config: options.config, userPool: options.userPool };
  const app = createApp(deps, modules, verifier);
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: host }, () => resolve(s));
    s.once('error', reject);
  });
  // Background work (the members import's jobs) starts once the API answers, and resumes what a
  // stopped process left.
  const background = startBackgroundWork(modules, deps);
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    db,
    seeded,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
      await background.stop();
      await maintenance.stop();
      await db.close();
    },
  };
}
