/**
 * The reference API application: CORS for the console's origin, request limits (body size, control
 * characters), bearer-token authentication on /api/* and /users/*, the caller's membership, JSON
 * errors, and every module's routes.
 */
import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ApiError, type AppEnv, type Caller, type ServerDeps, type ServerModule } from './module';
import { InvalidTokenError, type TokenVerifier } from './auth';
import { limitBody, refuseControlCharacters } from './limits';

export interface CreateAppOptions {
  /** Where unexpected errors are reported; console.error by default. */
  logError?: (error: unknown) => void;
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
  const logError = options.logError ?? ((error: unknown) => console.error('[api] unexpected error', error));
  const app = new Hono<AppEnv>();

  app.use(
    '*',
    cors({
      origin: (origin) => (origin === deps.config.webOrigin ? origin : null),
      allowHeaders: ['Authorization', 'Content-Type'],
      allowMethods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
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
      if (error instanceof InvalidTokenError) throw new ApiError(401, error.message);
      throw error;
    }
    const { rows } = await deps.db.query<MemberRow>('SELECT id, org_id, is_admin, is_active FROM members WHERE cognito_sub = $1', [
      identity.sub,
    ]);
    const member = rows[0];
    const caller: Caller = {
      sub: identity.sub,
      username: identity.username,
      memberId: member?.id ?? null,
      orgId: member?.org_id ?? null,
      isAdmin: member?.is_admin ?? false,
      isActive: member?.is_active ?? false,
    };
    c.set('caller', caller);
    await next();
  });
  app.use('/api/*', authenticate);
  app.use('/users/*', authenticate);

  for (const module of modules) module.register(app, deps);

  app.notFound((c) => c.json({ message: `Not found: ${c.req.method} ${c.req.path}` }, 404));
  app.onError((error, c) => {
    if (error instanceof ApiError) {
      const body = error.field ? { message: error.message, field: error.field } : { message: error.message };
      return c.json(body, error.status as ContentfulStatusCode);
    }
    logError(error);
    return c.json({ message: 'Internal server error' }, 500);
  });
  return app;
}
