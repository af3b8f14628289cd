/**
 * The plug-in shape of the reference API. Each area (users, billing, copilot) is a ServerModule:
 * it brings its own routes and seed data; server/core wires them together. Tables come from the
 * versioned migrations in server/migrations (server/core/migrate.ts), never from a module at start.
 */
import type { Context, Handler, Hono } from 'hono';
import type { Route } from '../../src/contract/routes/route';
import type { Database } from './db';
import type { SessionToken } from './auth';
import * as v from 'valibot';

/** Who is calling, from the verified access token and the membership table. */
export interface Caller {
  /** The user pool `sub` claim. */
  sub: string;
  /** The user pool username claim of the access token (the `sub` in a pool that signs in by email). */
  username: string;
  /** The member row of the caller, when signup completion (or an invite) created one. */
  memberId: string | null;
  orgId: string | null;
  isAdmin: boolean;
  /** False for a pending (never activated) or deactivated member: no access to admin routes. */
  isActive: boolean;
  /** The session of the access token (core/auth.ts); set for every authenticated request. */
  session?: SessionToken;
}

export type AppEnv = { Variables: { caller: Caller; requestId: string } };
export type AppContext = Context<AppEnv>;

export interface ServerConfig {
  /** Origin of the API itself, e.g. http://127.0.0.1:8787 — used to build hosted URLs it serves. */
  apiOrigin: string;
  /** Origin of the console, e.g. http://127.0.0.1:5173 — CORS and return URLs. */
  webOrigin: string;
}

/** A user pool account as the pool itself knows it (not as a request body says). */
export interface PoolAccount {
  sub: string;
  /** The account's `email` attribute. */
  email: string;
  /**
   * The account's UserStatus, when the pool says: FORCE_CHANGE_PASSWORD until the first sign-in
   * sets a password (an invitation not yet accepted), CONFIRMED after.
   */
  status?: string;
}

/**
 * The part of the user pool the API administers (server/core/userPool.ts on the AWS SDK). `username`
 * is the pool's username of the account (in a pool that signs in by email: its sub, or its email).
 * Failures are ApiError: 404 when the pool has no such account (except deleteUser, which is then
 * done), 409 for a state that forbids the call, 502 when the pool failed.
 */
export interface UserPoolAdmin {
  /**
   * How many days a temporary password works (the pool's TemporaryPasswordValidityDays, 7 by
   * default): an invitation's `expiresAt` is this long after it was sent (docs/USERS.md "Invitations").
   */
  readonly temporaryPasswordValidityDays: number;
  /**
   * Creates a user with a temporary password, which the pool sends in its invitation email; the user
   * must set a new password at first sign-in.
   */
  createUserWithTemporaryPassword(input: {
    email: string;
    name: string;
    phoneNumber: string;
    organization: string;
    temporaryPassword: string;
  }): Promise<{ sub: string }>;
  /**
   * The account with this username (the access token's `username` claim), or null when there is
   * none. Signup completion needs it (the account's email comes from here) and refuses without it
   * (503); tools that never complete a signup may leave it out.
   */
  findAccount?(username: string): Promise<PoolAccount | null>;
  /** Sends the invitation again with a new temporary password, while the account has never signed in (else 409). */
  resendInvitation(input: { email: string; temporaryPassword: string }): Promise<void>;
  /** The account can no longer sign in or refresh its session ("User is disabled."), until enabled again. */
  disableUser(username: string): Promise<void>;
  enableUser(username: string): Promise<void>;
  /** Deletes the account; an account that is already gone counts as deleted. */
  deleteUser(username: string): Promise<void>;
  /** Ends every session of the account: its refresh tokens stop working (access tokens live until they expire). */
  signOutEverywhere(username: string): Promise<void>;
}

export interface ServerDeps {
  db: Database;
  config: ServerConfig;
  userPool: UserPoolAdmin;
}

export interface SeedMember {
  id: string;
  name: string;
  email: string;
  role: string;
  isActive: boolean;
  hasLicense: boolean;
  createdAt: Date;
}

export interface SeedContext {
  db: Database;
  orgId: string;
  adminMemberId: string;
  members: readonly SeedMember[];
  /** Deterministic random numbers in [0, 1): the same seed data on every reset. */
  rng: () => number;
  now: Date;
  config: ServerConfig;
}

/** Work a module runs in the background while the API runs (the members import's jobs). */
export interface BackgroundWork {
  /** Stops taking new work and waits for the work under way to reach a point where it can stop. */
  stop(): Promise<void>;
}

export interface ServerModule {
  name: string;
  register(app: Hono<AppEnv>, deps: ServerDeps): void;
  seed?(ctx: SeedContext): Promise<void>;
  /**
   * Routes whose request body may be larger than LIMITS.requestBodyBytes: path to its limit in
   * bytes and the message of its 413 (server/core/limits.ts).
   */
  bodyLimits?: Readonly<Record<string, { maxBytes: number; message: string }>>;
  /**
   * Starts the module's background work once the API is up (resuming what a stopped process left);
   * the API stops it when it closes (server/index.ts).
   */
  start?(deps: ServerDeps, options?: BackgroundOptions): BackgroundWork;
}

export interface BackgroundOptions {
  /** Where the work's unexpected errors go (the API's log; console.error without one). */
  onError?: ((error: unknown) => void) | undefined;
}

/** Starts every module's background work; `stop()` stops all of it. */
export function startBackgroundWork(modules: readonly ServerModule[], deps: ServerDeps, options: BackgroundOptions = {}): BackgroundWork {
  const work = modules.flatMap((module) => (module.start ? [module.start(deps, options)] : []));
  return {
    async stop() {
      await Promise.all(work.map((w) => w.stop()));
    },
  };
}

/** An error the API answers with `{ message, field? }` and the given status. */
/**
 * An answer the API gives on purpose: `message` (and `field`) are the body, so they say what the user
 * can act on. What an upstream said (the user pool's message, a driver's detail) goes in `cause`,
 * which the API logs with the request id and never answers (server/core/app.ts).
 */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 402 | 403 | 404 | 409 | 413 | 422 | 500 | 502 | 503,
    message: string,
    readonly field?: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ApiError';
  }
}

const NOT_AN_ADMINISTRATOR = 'This console is for organisation administrators.';
const INACTIVE_MEMBER = 'Your membership is not active. Ask an administrator of your organisation to activate it.';

/**
 * The caller's organisation, or 403 when the caller is not an active administrator of one: a
 * pending (never activated) or deactivated administrator has no access. This reads the membership
 * as the request arrived; a write that depends on the caller's rights reads them again inside its
 * transaction (server/users: `asAdministrator`).
 */
export function adminOf(c: AppContext): { orgId: string; memberId: string } {
  const caller = c.get('caller');
  if (!caller.orgId || !caller.memberId || !caller.isAdmin) throw new ApiError(403, NOT_AN_ADMINISTRATOR);
  if (!caller.isActive) throw new ApiError(403, INACTIVE_MEMBER);
  return { orgId: caller.orgId, memberId: caller.memberId };
}

/**
 * Registers a handler at a route of the table (src/contract/routes): its method and path are
 * written there once, for the console's client, this API and GET /openapi.json alike.
 */
export function handle<P extends string>(app: Hono<AppEnv>, route: Route<P>, handler: Handler<AppEnv, P>): void {
  app.on(route.method, route.path, handler);
}

/**
 * Parses a JSON body with a valibot schema; 400 naming the first bad field otherwise. The body is
 * at most LIMITS.requestBodyBytes (the app's body limit answers 413 before a larger one is read),
 * and the contract's schemas bound every string in it.
 */
export async function parseBody<S extends v.GenericSchema>(c: AppContext, schema: S): Promise<v.InferOutput<S>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, 'The request body must be valid JSON.');
  }
  // Every body of the contract is an object.
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ApiError(400, 'The request body must be a JSON object.');
  return parseValue(schema, raw);
}

/** Validates a value (a parsed body, a query, path parameters) with a schema; 400 naming the first bad field otherwise. */
export function parseValue<S extends v.GenericSchema>(schema: S, raw: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, raw);
  if (!result.success) {
    const issue = result.issues[0];
    const field = issue ? (v.getDotPath(issue) ?? undefined) : undefined;
    const message = issue?.message ?? 'The request is not valid.';
    // Messages of the contract start with the field's name ('userIds must be ...' for `userIds.3`).
    const named = field === undefined || message.includes(field.split('.')[0] ?? field);
    throw new ApiError(400, named ? message : `${field}: ${message}`, field);
  }
  return result.output;
}
