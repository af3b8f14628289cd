/**
 * The reference API application: a request id and a log line for every request, the health and
 * readiness probes, CORS for the console's origin, request limits (body size, control characters),
 * bearer-token authentication on /api/* and /users/*, the caller's membership, JSON errors, and
 * every module's routes.
 *
 * - `X-Request-Id`: the caller's, when it is a plain token of at most 128 characters (a load
 *   balancer's), else a new UUID; sent back on every answer and written on the request's log line.
 * - `GET /healthz`: 200 while the process runs (liveness). `GET /readyz`: 200 only when the
 *   database answers and the user pool's signing keys have been fetched, 503 naming what is not
 *   ready otherwise, and 503 from the moment the process starts draining (SIGTERM), so a load
 *   balancer stops sending it new requests. Neither needs a token.
 * - `GET /openapi.json`: the API described as OpenAPI 3.0, from the route table (./openapi.ts);
 *   no token either, as the description holds no data.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import { requestId } from 'hono/request-id';
import { matchedRoutes } from 'hono/route';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, type AppContext, type AppEnv, type Caller, type ServerDeps, type ServerModule } from './module';
import { InvalidTokenError, KeysUnavailableError, type TokenVerifier } from './auth';
import { isSessionEnded } from './sessions';
import { limitBody, refuseControlCharacters } from './limits';
import { applyRateLimits, type RateLimitSettings } from './rateLimit';
import { serializeError, type Logger } from './log';
import { openApiDocument } from './openapi';

/** What /readyz checks, each true when ready. */
export interface Readiness {
  database: boolean;
  identityKeys: boolean;
}

export interface CreateAppOptions {
  /** Where unexpected errors are reported; the log's error line, or console.error without a log. */
  logError?: (error: unknown, reqId?: string) => void;
  /** The request log (one line per request); none when omitted. */
  log?: Logger;
  /** True once the process is draining: /readyz answers 503. */
  isDraining?: () => boolean;
  /**
   * The rate limits (server/core/rateLimit.ts), counted in the database's `rate_limits` table;
   * none when omitted (the tests' apps, which ask hundreds of questions from one administrator).
   * startApiServer always passes them.
   */
  rateLimits?: RateLimitSettings;
}

const SESSION_ENDED = 'This session has been signed out. Please sign in again.';

/** How long /readyz waits for the database before calling it not ready. */
const READY_DATABASE_TIMEOUT_MS = 2_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** The route pattern that answered (`/api/users/:userId`), or null when no route matched. */
function answeringRoute(c: AppContext): string | null {
  const route = matchedRoutes(c)[c.req.routeIndex];
  if (!route || route.path === '*' || route.path.endsWith('/*')) return null;
  return route.path;
}

interface MemberRow {
  id: string;
  org_id: string;
  is_admin: boolean;
  is_active: boolean;
}

export function createApp(
  deps: ServerDeps,
  modules: readonly ServerModule[],
  auth: TokenVerifier,
  options: CreateAppOptions = {},
): Hono<AppEnv> {
  const { log } = options;
  const logError =
    options.logError ??
    (log
      ? (error: unknown, reqId?: string) => log.error({ reqId, err: serializeError(error) }, 'unexpected error')
      : (error: unknown) => console.error('[api] unexpected error', error));
  const app = new Hono<AppEnv>();

  app.use('*', requestId({ limitLength: 128 }));
  // Every answer: never sniffed as another type. JSON (the API's data, errors included) is never
  // kept by a browser or a proxy cache; a route that sets its own Cache-Control keeps it. Over
  // https (the API's public origin), browsers are told to use nothing else for a year.
  const hsts = deps.config.apiOrigin.startsWith('https://');
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    const type = c.res.headers.get('Content-Type') ?? '';
    if (type.startsWith('application/json') && !c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    if (hsts) c.res.headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
  if (log) {
    app.use('*', async (c, next) => {
      const started = performance.now();
      await next();
      log.info(
        {
          reqId: c.get('requestId'),
          method: c.req.method,
          route: answeringRoute(c),
          status: c.res.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        'request',
      );
    });
  }

  app.get('/healthz', (c) => c.json({ status: 'ok' }));
  // The API's description (./openapi.ts), built once, on the first request for it.
  let openApi: object | undefined;
  app.get('/openapi.json', (c) => {
    openApi ??= openApiDocument(deps.config.apiOrigin);
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(openApi);
  });
  app.get('/readyz', async (c) => {
    if (options.isDraining?.()) return c.json({ status: 'draining' }, 503);
    const checks: Readiness = {
      database: await withTimeout(deps.db.query('SELECT 1'), READY_DATABASE_TIMEOUT_MS).then(
        () => true,
        () => false,
      ),
      identityKeys: auth.ready ? await auth.ready() : true,
    };
    const ready = checks.database && checks.identityKeys;
    return c.json({ status: ready ? 'ready' : 'not ready', checks }, ready ? 200 : 503);
  });

  app.use(
    '*',
    cors({
      origin: (origin) => (origin === deps.config.webOrigin ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      exposeHeaders: ['X-Request-Id', 'Retry-After'],
      maxAge: 600,
    }),
  );
  // Every route, the unauthenticated hosted pages included: a body over 64 kB is 413 before it is
  // read whole; a control character in the path, the query or a form field is 400 (server/core/limits.ts).
  app.use('*', limitBody(Object.assign({}, ...modules.map((module) => module.bodyLimits ?? {}))));
  app.use('*', refuseControlCharacters);

  const authenticate = createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('Authorization') ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match?.[1]) throw new ApiError(401, 'A bearer access token is required.');
    let identity;
    try {
      identity = await auth.verify(match[1]);
    } catch (error) {
      if (error instanceof InvalidTokenError) {
        // An expired token is routine (the console refreshes it): the reason is kept at debug level.
        if (error.cause !== undefined) log?.debug({ reqId: c.get('requestId'), err: serializeError(error.cause) }, 'access token refused');
        throw new ApiError(401, error.message);
      }
      // The pool's keys cannot be fetched (core/auth.ts): not the token's fault, so not a 401.
      if (error instanceof KeysUnavailableError) {
        log?.warn({ reqId: c.get('requestId'), err: serializeError(error.cause) }, 'identity keys unavailable');
        throw new ApiError(503, error.message);
      }
      throw error;
    }
    // Signed out (core/sessions.ts): refused on every process, until the token expires.
    if (await isSessionEnded(deps.db, identity.sub, identity.session)) throw new ApiError(401, SESSION_ENDED);
    // A member in Recently deleted (server/users/restore.ts) reads as inactive: every route refuses them.
    const { rows } = await deps.db.query<MemberRow>(
      'SELECT id, org_id, is_admin, is_active AND deleted_at IS NULL AS is_active FROM member_rows WHERE cognito_sub = $1',
      [identity.sub],
    );
    const member = rows[0];
    const caller: Caller = {
      sub: identity.sub,
      username: identity.username,
      memberId: member?.id ?? null,
      orgId: member?.org_id ?? null,
      isAdmin: member?.is_admin ?? false,
      isActive: member?.is_active ?? false,
      session: identity.session,
    };
    c.set('caller', caller);
    await next();
  });
  app.use('/api/*', authenticate);
  app.use('/users/*', authenticate);
  // 429 before the route runs, counted per account (the caller, known from here on) and per address.
  if (options.rateLimits) applyRateLimits(app, deps.db, options.rateLimits);

  for (const module of modules) module.register(app, deps);

  app.notFound((c) => c.json({ message: `Not found: ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      // The upstream's own words (the user pool's message) go to the log only.
      if (error.cause !== undefined) logError(error, c.get('requestId'));
      const body = error.field ? { message: error.message, field: error.field } : { message: error.message };
      return c.json(body, error.status as ContentfulStatusCode);
    }
    logError(error, c.get('requestId'));
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
