/**
 * The reference API server: the modules, bearer-token verification against the user pool, the request
 * log, on Node's HTTP server, over a database the caller has opened and migrated.
 *
 * Two callers: the production entry (server/main.ts: configuration from the environment, a schema
 * that `npm run migrate` has brought up to date, never a seed) and the local stack (scripts/stack.ts,
 * which migrates and seeds a database of its own first).
 *
 * `close()` shuts down gracefully: /readyz answers 503 at once (the load balancer stops sending new
 * requests), the server stops accepting connections, idle keep-alive connections are closed, the
 * requests in flight finish (each connection is closed once its answer is out), and after
 * `shutdownTimeoutMs` whatever is still running is cut. The modules' background work (the members
 * import's runner, started once the server listens) stops taking work at once, finishes the row under
 * way and hands its jobs over (within the same timeout). Then the maintenance timer stops and the
 * database pool closes.
 */
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createApp } from './core/app';
import { createCognitoVerifier, type CognitoPoolRef, type TokenVerifier } from './core/auth';
import type { Database } from './core/db';
import type { Logger } from './core/log';
import { startMaintenance } from './core/maintenance';
import { readRateLimitSettings, type RateLimitSettings } from './core/rateLimit';
import { startBackgroundWork, type ServerConfig, type ServerModule, type UserPoolAdmin } from './core/module';
import { signupModule } from './signup';
import { usersModule } from './users';
import { billingModule, createBillingModule, type BillingSettings } from './billing';
import { copilotModule } from './copilot';
import { auditModule } from './audit';
import { sessionModule } from './session';

/** Every area of the API, in registration order. */
export const serverModules: readonly ServerModule[] = [signupModule, usersModule, billingModule, copilotModule, auditModule, sessionModule];

const DEFAULT_SHUTDOWN_TIMEOUT_MS = 25_000;

export interface StartApiServerOptions {
  port: number;
  host?: string;
  /** The database, already migrated. `close()` closes it. */
  db: Database;
  config: ServerConfig;
  cognito: CognitoPoolRef;
  userPool: UserPoolAdmin;
  /** Replaces the JWKS verifier (tests). */
  verifier?: TokenVerifier;
  modules?: readonly ServerModule[];
  /** The billing provider (the `billing` area of server/config.ts); the local one by default. Ignored with `modules`. */
  billing?: BillingSettings;
  /** The request log and unexpected errors (server/core/log.ts); without it, errors go to console.error. */
  log?: Logger;
  /** How long `close()` lets requests in flight finish (default 25 s). */
  shutdownTimeoutMs?: number;
  /** PGlite: the database was just seeded and analysed, so the start-up ANALYZE is skipped. */
  analyzed?: boolean;
  /** The rate limits (the `rateLimits` area of server/config.ts); the defaults when omitted. */
  rateLimits?: RateLimitSettings;
}

export interface ApiServer {
  url: string;
  db: Database;
  /** Requests being answered right now. */
  readonly inFlight: number;
  /** Graceful shutdown (see the header); resolves once everything is closed. */
  close(): Promise<void>;
}

export async function startApiServer(options: StartApiServerOptions): Promise<ApiServer> {
  const { db, log } = options;
  const modules =
    options.modules ??
    (options.billing
      ? serverModules.map((module) => (module === billingModule ? createBillingModule({ settings: options.billing }) : module))
      : serverModules);
  // PGlite has no autovacuum: statistics and dead rows are looked after here (core/maintenance.ts).
  const maintenance = startMaintenance(db, {
    analyzed: Boolean(options.analyzed),
    ...(log ? { onError: (error: unknown) => log.error({ err: error }, 'database maintenance failed') } : {}),
  });
  const verifier = options.verifier ?? createCognitoVerifier(options.cognito);
  // Fetch the pool's signing keys now, so the first request (and /readyz) need not wait for them.
  void verifier.ready?.().then((ready) => {
    if (!ready) log?.warn({ endpoint: options.cognito.endpoint }, "the user pool's signing keys could not be fetched yet");
  });
  let draining = false;
  const deps = { db, config: options.config, userPool: options.userPool };
  const app = createApp(deps, modules, verifier, {
    ...(log ? { log } : {}),
    isDraining: () => draining,
    rateLimits: options.rateLimits ?? readRateLimitSettings({}),
  });
  const host = options.host ?? '127.0.0.1';
  const server = await new Promise<Server>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: host }, () => resolve(s as Server));
    s.once('error', reject);
  });

  let inFlight = 0;
  let onIdle: (() => void) | null = null;
  server.on('request', (_req, res) => {
    inFlight++;
    res.once('close', () => {
      inFlight--;
      if (draining) {
        // Its connection is idle now: close it instead of keeping it alive for a next request.
        server.closeIdleConnections();
        if (inFlight === 0) onIdle?.();
      }
    });
  });

  // Background work (the members import's jobs) starts once the API answers, and resumes what a
  // stopped process left.
  const background = startBackgroundWork(modules, deps, {
    onError: log ? (error: unknown) => log.error({ err: error }, 'background work failed') : undefined,
  });

  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | null = null;
  const close = async () => {
    draining = true;
    const timeoutMs = options.shutdownTimeoutMs ?? DEFAULT_SHUTDOWN_TIMEOUT_MS;
    const deadline = Date.now() + timeoutMs;
    // No new background work from now on; the work under way reaches a point where it can stop and
    // hands over what is left (a running import job: at once, to the next process that starts or polls).
    const backgroundStopped = background.stop().then(
      () => true,
      (error: unknown) => {
        log?.error({ err: error }, 'background work failed to stop');
        return true;
      },
    );
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (inFlight > 0) {
      log?.info({ inFlight, timeoutMs }, 'draining: waiting for the requests in flight');
      const finished = new Promise<boolean>((resolve) => {
        onIdle = () => resolve(true);
        setTimeout(() => resolve(false), timeoutMs).unref();
      });
      if (!(await finished)) log?.warn({ inFlight }, 'shutdown timeout: cutting the requests still in flight');
    }
    server.closeAllConnections();
    await closed;
    const remaining = Math.max(0, deadline - Date.now());
    const stoppedInTime = await Promise.race([
      backgroundStopped,
      new Promise<false>((resolve) => setTimeout(() => resolve(false), remaining).unref()),
    ]);
    // Cut: a job's row under way is finished by the process that takes the job over once its lease ends.
    if (!stoppedInTime) log?.warn({ timeoutMs }, 'shutdown timeout: background work still running is cut');
    await maintenance.stop();
    await db.close();
  };
  return {
    url,
    db,
    get inFlight() {
      return inFlight;
    },
    close() {
      closing ??= close();
      return closing;
    },
  };
}
