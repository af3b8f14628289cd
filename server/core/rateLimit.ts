/**
 * Rate limits on the calls that cost the most or can be abused (docs/SECURITY.md, "Rate limits"):
 * the Assistant, the members export, invitations, signup completion and the hosted payment-method
 * pages' form posts. Each is counted twice, per account and per client address, in fixed windows;
 * over either limit the call is answered 429 with `Retry-After` (whole seconds until the window that
 * refused it ends) and `{ message }`, before the route runs.
 *
 * - Per account: the access token's `sub` (an administrator, or the account completing its signup).
 *   The hosted pages take no token: their account is the administrator who created the link.
 * - Per address: the client's IP address: the connection's, or with TRUSTED_PROXY_HOPS = n (the API
 *   behind n proxies that each append to X-Forwarded-For, such as one load balancer), the n-th
 *   address from the right of that header. A request whose address is unknown (no socket: the
 *   tests' `app.request`) is counted per account only.
 *
 * The counters are rate-limiter-flexible's PostgreSQL store (RateLimiterPostgres) in the
 * `rate_limits` table (server/migrations/0011.do.rate-limits.sql), over the API's own database:
 * every API process on one database shares them, and the local stack's single process on PGlite
 * uses the very same store (PGlite is PostgreSQL; one more statement per limited call).
 *
 * The limits are configuration (`rateLimitArea`, composed in server/config.ts): `RATE_LIMIT_<CALL>_
 * PER_ACCOUNT` and `..._PER_ADDRESS`, each `<requests>/<window>` (`30/1m`, `10/10m`, `100/1h`,
 * `5/30s`) or `off`.
 */
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { html } from 'hono/html';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import * as v from 'valibot';
import { tooManyRequestsMessage } from '../../src/domain/errors';
import { hashToken } from '../billing/ids';
import { parseConfig, wholeNumber, type Env } from './config';
import type { Database } from './db';
import { htmlPage, htmlResponse } from './htmlPage';
import type { AppContext, AppEnv } from './module';

/** A limit: at most `points` requests in each window of `seconds`. */
export interface Limit {
  points: number;
  seconds: number;
}

/** The limited calls, by configuration name. */
export const LIMITED_CALLS = {
  assistant: { variable: 'ASSISTANT', routes: ['/api/copilot/ask'] },
  export: { variable: 'EXPORT', routes: ['/api/users/export', '/api/audit/export'] },
  // Every call that e-mails a temporary password: Add User, the invite, Resend invitation, and the
  // start of an import (one call, up to LIMITS.importRows invitations).
  invites: {
    variable: 'INVITES',
    routes: ['/api/users', '/api/users/invite', '/api/users/:id/invitation/resend', '/api/users/imports/:id/start'],
  },
  signup: { variable: 'SIGNUP', routes: ['/api/complete-signup'] },
  hostedPages: {
    variable: 'HOSTED_PAGES',
    routes: ['/hosted/payment-methods/:token/cards', '/hosted/payment-methods/:token/default'],
  },
} as const;

export type LimitedCall = keyof typeof LIMITED_CALLS;

export interface CallLimits {
  perAccount: Limit | null;
  perAddress: Limit | null;
}

export interface RateLimitSettings {
  limits: Record<LimitedCall, CallLimits>;
  /** Proxies in front of the API that append the client's address to X-Forwarded-For (0: none). */
  trustedProxyHops: number;
}

/**
 * The defaults: what one person does at a keyboard stays far below them (the browser suite and the
 * local stack, which drive every call from one administrator and one address, never reach them),
 * while a loop on a stolen token is stopped within a minute. Per address they are higher, for an
 * office behind one NAT address.
 */
export const DEFAULT_LIMITS: Record<LimitedCall, { perAccount: string; perAddress: string }> = {
  assistant: { perAccount: '30/1m', perAddress: '120/1m' },
  export: { perAccount: '10/1m', perAddress: '30/1m' },
  invites: { perAccount: '30/1m', perAddress: '60/1m' },
  signup: { perAccount: '10/10m', perAddress: '30/10m' },
  hostedPages: { perAccount: '30/10m', perAddress: '30/10m' },
};

const UNIT_SECONDS = { s: 1, m: 60, h: 3600 } as const;
const LIMIT_SYNTAX = /^(\d{1,6})\/(\d{1,4})([smh])$/;
const MAX_WINDOW_SECONDS = 24 * 3600;

/** `30/1m` as a Limit, `off` as null (the caller has checked the syntax). */
function parseLimit(text: string): Limit | null {
  const match = LIMIT_SYNTAX.exec(text);
  if (!match) return null;
  const [, points, count, unit] = match;
  return { points: Number(points), seconds: Number(count) * UNIT_SECONDS[unit as keyof typeof UNIT_SECONDS] };
}

const limitVariable = (name: string, fallback: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.check((value) => {
        if (value === 'off') return true;
        const limit = parseLimit(value);
        return limit !== null && limit.points >= 1 && limit.seconds >= 1 && limit.seconds <= MAX_WINDOW_SECONDS;
      }, `${name} must be <requests>/<window> such as 30/1m, 10/10m or 100/1h (a window of at most 24h), or off`),
      v.transform(parseLimit),
    ),
    fallback,
  );

const variableName = (call: LimitedCall, per: 'ACCOUNT' | 'ADDRESS') => `RATE_LIMIT_${LIMITED_CALLS[call].variable}_PER_${per}`;

const CALLS = Object.keys(LIMITED_CALLS) as LimitedCall[];

/** The rate limits' area of the configuration (server/config.ts): the variables above and TRUSTED_PROXY_HOPS. */
export const rateLimitArea = v.pipe(
  v.object({
    ...Object.fromEntries(
      CALLS.flatMap((call) => [
        [variableName(call, 'ACCOUNT'), limitVariable(variableName(call, 'ACCOUNT'), DEFAULT_LIMITS[call].perAccount)],
        [variableName(call, 'ADDRESS'), limitVariable(variableName(call, 'ADDRESS'), DEFAULT_LIMITS[call].perAddress)],
      ]),
    ),
    TRUSTED_PROXY_HOPS: wholeNumber('TRUSTED_PROXY_HOPS', 0, 10, 0),
  }),
  v.transform((e): RateLimitSettings => {
    const limits = e as unknown as Record<string, Limit | null>;
    return {
      limits: Object.fromEntries(
        CALLS.map((call) => [
          call,
          { perAccount: limits[variableName(call, 'ACCOUNT')] ?? null, perAddress: limits[variableName(call, 'ADDRESS')] ?? null },
        ]),
      ) as Record<LimitedCall, CallLimits>,
      trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    };
  }),
);

/** The rate limits of `env` (the defaults where unset), or ConfigError naming every bad variable. */
export function readRateLimitSettings(env: Env): RateLimitSettings {
  return parseConfig({ rateLimits: rateLimitArea }, env).rateLimits;
}

/**
 * The client's address: with `hops` trusted proxies, the hops-th entry from the right of
 * X-Forwarded-For (each proxy appends the address it was reached from); else the connection's.
 */
function clientAddress(c: AppContext, hops: number): string | null {
  if (hops > 0) {
    const forwarded = (c.req.header('X-Forwarded-For') ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter((part) => part !== '');
    // Fewer entries than proxies: the request did not come through them all; its leftmost entries are the client's own words.
    const address = forwarded.length >= hops ? forwarded[forwarded.length - hops] : undefined;
    if (address) return address.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // No Node socket (a request made with app.request): the address is unknown.
    return null;
  }
}

/**
 * rate-limiter-flexible's PostgreSQL store talks to a `pg` client (`query({ text, values })` answering
 * `{ rows, rowCount }`); this adapter gives it the API's database, PostgreSQL or PGlite alike.
 */
function storeClient(db: Database) {
  return {
    async query(q: { text: string; values?: unknown[] }) {
      const { rows } = await db.query(q.text, q.values);
      return { rows, rowCount: rows.length };
    },
  };
}

/** The `rate_limits` table (migration 0011); the library must not create it. */
const TABLE = 'rate_limits';

type Subject = (c: AppContext, db: Database) => Promise<string | null>;

/** The account a call is counted against: the token's sub; for the hosted pages, the link's creator. */
const SUBJECTS: Record<LimitedCall, Subject> = {
  assistant: async (c) => c.get('caller').sub,
  export: async (c) => c.get('caller').sub,
  invites: async (c) => c.get('caller').sub,
  signup: async (c) => c.get('caller').sub,
  hostedPages: async (c, db) => {
    const { rows } = await db.query<{ created_by: string }>('SELECT created_by FROM payment_method_sessions WHERE token_hash = $1', [
      hashToken(c.req.param('token') ?? ''),
    ]);
    return rows[0] ? `member:${rows[0].created_by}` : null;
  },
};

function limiter(db: Database, keyPrefix: string, limit: Limit, clearExpired: boolean): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: storeClient(db),
    storeType: 'client',
    tableName: TABLE,
    tableCreated: true,
    clearExpiredByTimeout: clearExpired,
    keyPrefix,
    points: limit.points,
    duration: limit.seconds,
  });
}

/** Consumes one point; the seconds to wait when the limit refused it, else null. */
async function refusedFor(limiter: RateLimiterPostgres, key: string): Promise<number | null> {
  try {
    await limiter.consume(key);
    return null;
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
    throw outcome;
  }
}

/**
 * The 429's body: `{ message }` for the console and any API client; a page for a person whose
 * browser posted a form (the hosted payment-method pages), who would otherwise see raw JSON. The
 * page says the same words and leads back to the page the form was on (the path above the POST's).
 */
function refusal(c: AppContext, wait: number): Response | Promise<Response> {
  const message = tooManyRequestsMessage(wait);
  const accept = c.req.header('Accept') ?? '';
  if (!/\btext\/html\b/.test(accept)) return c.json({ message }, 429);
  const back = c.req.path.replace(/\/[^/]*$/, '') || '/';
  return htmlResponse(
    c,
    htmlPage('Too many requests', html`<h1>Too many requests</h1><p role="alert">${message}</p><p><a href="${back}">Back</a></p>`),
    429,
  );
}

/**
 * Adds the limits of `settings` to `app`: a middleware on each limited POST route. Call it after
 * the authentication middleware (the account is the caller's) and before the routes.
 */
export function applyRateLimits(app: Hono<AppEnv>, db: Database, settings: RateLimitSettings): void {
  let first = true;
  for (const call of CALLS) {
    const { perAccount, perAddress } = settings.limits[call];
    const byAccount: RateLimiterPostgres | null = perAccount ? limiter(db, `${call}:account`, perAccount, first) : null;
    first &&= byAccount === null;
    const byAddress: RateLimiterPostgres | null = perAddress ? limiter(db, `${call}:address`, perAddress, first) : null;
    first &&= byAddress === null;
    if (!byAccount && !byAddress) continue;
    const limit = createMiddleware<AppEnv>(async (c, next) => {
      if (c.req.method !== 'POST') return next();
      let wait: number | null = null;
      const account = byAccount ? await SUBJECTS[call](c, db) : null;
      if (byAccount && account) wait = await refusedFor(byAccount, account);
      const address = wait === null && byAddress ? clientAddress(c, settings.trustedProxyHops) : null;
      if (byAddress && address) wait = await refusedFor(byAddress, address);
      if (wait === null) return next();
      c.header('Retry-After', String(wait));
      return refusal(c, wait);
    });
    for (const route of LIMITED_CALLS[call].routes) app.use(route, limit);
  }
}
