/**
 * Test harness for the reference API: a fresh database (support/db.ts: PGlite or PostgreSQL), the Hono app driven with `app.request`,
 * and access tokens signed by a key pair the test owns (the same verification code as production,
 * pointed at this key instead of the user pool's JWKS).
 */
import { SignJWT, generateKeyPair, type CryptoKey } from 'jose';
import type { Database } from '../../../server/core/db';
import type { Hono } from 'hono';
import { createApp, type CreateAppOptions } from '../../../server/core/app';
import { createTokenVerifier } from '../../../server/core/auth';
import { openTestDatabase } from './db';
import {
  ApiError,
  startBackgroundWork,
  type AppEnv,
  type PoolAccount,
  type ServerModule,
  type UserPoolAdmin,
} from '../../../server/core/module';
import { signupModule } from '../../../server/signup';
import { usersModule } from '../../../server/users';

export const TEST_ISSUER = 'http://127.0.0.1:9/local_testpool';
export const TEST_CLIENT_ID = 'test-client';
export const WEB_ORIGIN = 'http://127.0.0.1:5173';

interface TokenClaims {
  sub: string;
  username?: string;
  tokenUse?: string;
  clientId?: string;
  issuer?: string;
  expiresIn?: string;
}

interface TestKeys {
  sign(claims: TokenClaims, key?: CryptoKey): Promise<string>;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
}

async function createTestKeys(): Promise<TestKeys> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  return {
    publicKey,
    privateKey,
    sign: (claims, key = privateKey) =>
      new SignJWT({
        token_use: claims.tokenUse ?? 'access',
        client_id: claims.clientId ?? TEST_CLIENT_ID,
        username: claims.username ?? claims.sub,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'test' })
        .setSubject(claims.sub)
        .setIssuer(claims.issuer ?? TEST_ISSUER)
        .setIssuedAt()
        .setExpirationTime(claims.expiresIn ?? '1h')
        .sign(key),
  };
}

/** A call of the fake user pool held until the test lets it go (see FakeUserPool.holdNextCreate). */
interface HeldCall {
  /** Resolves once the call has been made (and is waiting). */
  reached: Promise<void>;
  /** Lets the call go on (it then creates the account as usual). */
  release(): void;
  /** Makes the call fail with `error`. */
  fail(error: Error): void;
}

/**
 * A fake of the user pool's admin API — a boundary we do not own (cognito-local / Cognito); the
 * integration test exercises the real one. Records every account, can be told to fail, and can
 * hold a call (an identity service that hangs) until the test releases it.
 */
class FakeUserPool implements UserPoolAdmin {
  readonly created: Array<{
    email: string;
    name: string;
    phoneNumber: string;
    organization: string;
    temporaryPassword: string;
    sub: string;
  }> = [];
  /** Every account of the pool by username (as cognito-local, found by sub or email too). */
  readonly accounts: Array<PoolAccount & { username: string; disabled?: boolean; signedOutAt?: Date }> = [];
  /** Invitations sent again (resendInvitation), in order. */
  readonly resent: Array<{ email: string; temporaryPassword: string }> = [];
  /** The pool's temporary-password validity (a test may shorten or lengthen it). */
  temporaryPasswordValidityDays = 7;
  failWith: Error | null = null;
  /** When set, deleteUser fails with it (the pool unreachable). */
  failDeleteWith: Error | null = null;
  /** When set, disableUser and enableUser fail with it (the pool unreachable). */
  failAccessWith: Error | null = null;
  private held: Array<{ arrive: () => void; gate: Promise<void> }> = [];
  private heldAccess: Array<{ arrive: () => void; gate: Promise<void> }> = [];

  /** The next `createUserWithTemporaryPassword` call waits until the returned handle lets it go. */
  holdNextCreate(): HeldCall {
    return this.holdNext(this.held);
  }

  /** The next `disableUser` or `enableUser` call waits until the returned handle lets it go. */
  holdNextAccess(): HeldCall {
    return this.holdNext(this.heldAccess);
  }

  private holdNext(queue: Array<{ arrive: () => void; gate: Promise<void> }>): HeldCall {
    let arrive = () => {};
    const reached = new Promise<void>((resolve) => (arrive = resolve));
    let release = () => {};
    let fail = (_error: Error) => {};
    const gate = new Promise<void>((resolve, reject) => {
      release = resolve;
      fail = reject;
    });
    queue.push({ arrive, gate });
    return { reached, release: () => release(), fail: (error) => fail(error) };
  }

  private async waitIfHeld(queue: Array<{ arrive: () => void; gate: Promise<void> }>): Promise<void> {
    const hold = queue.shift();
    if (hold) {
      hold.arrive();
      await hold.gate;
    }
  }

  async createUserWithTemporaryPassword(input: {
    email: string;
    name: string;
    phoneNumber: string;
    organization: string;
    temporaryPassword: string;
  }) {
    await this.waitIfHeld(this.held);
    if (this.failWith) throw this.failWith;
    // As the pool (server/core/userPool.ts answers UsernameExistsException so): one account per address.
    if (this.account(input.email)) throw new ApiError(409, `An account for ${input.email} already exists in the user pool.`, 'email');
    const sub = crypto.randomUUID();
    this.created.push({ ...input, sub });
    this.accounts.push({ username: input.email, sub, email: input.email });
    return { sub };
  }

  private account(username: string) {
    return this.accounts.find((a) => a.username === username || a.sub === username || a.email === username);
  }

  /** The account, or the pool's 404 (as server/core/userPool.ts answers it). */
  private existing(username: string) {
    const account = this.account(username);
    if (!account) throw new ApiError(404, `The user pool has no account ${username}.`);
    return account;
  }

  async findAccount(username: string): Promise<PoolAccount | null> {
    const account = this.account(username);
    return account ? { sub: account.sub, email: account.email, ...(account.status ? { status: account.status } : {}) } : null;
  }

  async resendInvitation(input: { email: string; temporaryPassword: string }) {
    if (this.failWith) throw this.failWith;
    this.existing(input.email);
    this.resent.push(input);
  }

  async disableUser(username: string) {
    await this.waitIfHeld(this.heldAccess);
    if (this.failAccessWith) throw this.failAccessWith;
    this.existing(username).disabled = true;
  }

  async enableUser(username: string) {
    await this.waitIfHeld(this.heldAccess);
    if (this.failAccessWith) throw this.failAccessWith;
    this.existing(username).disabled = false;
  }

  async deleteUser(username: string) {
    if (this.failDeleteWith) throw this.failDeleteWith;
    const account = this.account(username);
    if (account) this.accounts.splice(this.accounts.indexOf(account), 1);
  }

  async signOutEverywhere(username: string) {
    this.existing(username).signedOutAt = new Date();
  }
}

export interface TestApi {
  app: Hono<AppEnv>;
  db: Database;
  keys: TestKeys;
  userPool: FakeUserPool;
  errors: unknown[];
  /** Sends a request with an access token for `sub` (or none when sub is null). */
  call(
    method: string,
    path: string,
    options?: { sub?: string | null; token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> },
  ): Promise<Response>;
  close(): Promise<void>;
}

export interface TestApiOptions {
  /** Wraps the database the app uses (e.g. to hold transactions at a barrier); `api.db` is the wrapped one. */
  wrapDatabase?: (db: Database) => Database;
  /** A database of the test's own (already migrated) instead of a fresh one; `close()` closes it. */
  database?: Database;
  /** The API's own origin (default http://127.0.0.1:8787); an https one turns HSTS on. */
  apiOrigin?: string;
  /** The request log, draining, readiness of the keys (server/core/app.ts); errors still go to `errors` unless `log` is given. */
  app?: Omit<CreateAppOptions, 'logError'> & { identityKeysReady?: () => Promise<boolean> };
  /** Starts the modules' background work (the members import's job runner), stopped by `close()`. */
  background?: boolean;
  /** The user pool the app uses (default: the FakeUserPool, `api.userPool`). */
  userPool?: UserPoolAdmin;
}

export async function createTestApi(
  modules: readonly ServerModule[] = [signupModule, usersModule],
  options: TestApiOptions = {},
): Promise<TestApi> {
  const opened = options.database ?? (await openTestDatabase());
  const db = options.wrapDatabase ? options.wrapDatabase(opened) : opened;
  const keys = await createTestKeys();
  const userPool = new FakeUserPool();
  const errors: unknown[] = [];
  const deps = {
    db,
    config: { apiOrigin: options.apiOrigin ?? 'http://127.0.0.1:8787', webOrigin: WEB_ORIGIN },
    userPool: options.userPool ?? userPool,
  };
  const background = options.background ? startBackgroundWork(modules, deps, { onError: (error) => errors.push(error) }) : null;
  const app = createApp(
    deps,
    modules,
    {
      ...createTokenVerifier({ key: keys.publicKey, issuer: TEST_ISSUER, clientId: TEST_CLIENT_ID }),
      ...(options.app?.identityKeysReady ? { ready: options.app.identityKeysReady } : {}),
    },
    {
      ...(options.app?.log ? { log: options.app.log } : { logError: (error) => errors.push(error) }),
      ...(options.app?.isDraining ? { isDraining: options.app.isDraining } : {}),
      ...(options.app?.rateLimits ? { rateLimits: options.app.rateLimits } : {}),
    },
  );
  return {
    app,
    db,
    keys,
    userPool,
    errors,
    async call(method, path, options = {}) {
      const headers: Record<string, string> = { ...options.headers };
      const token = options.token ?? (options.sub ? await keys.sign({ sub: options.sub }) : undefined);
      if (token) headers['Authorization'] = `Bearer ${token}`;
      let body: string | undefined;
      if (options.rawBody !== undefined) body = options.rawBody;
      else if (options.body !== undefined) body = JSON.stringify(options.body);
      if (body !== undefined) headers['Content-Type'] = 'application/json';
      return app.request(path, { method, headers, ...(body !== undefined ? { body } : {}) });
    },
    async close() {
      await background?.stop();
      await db.close();
    },
  };
}

export interface TestOrg {
  orgId: string;
  adminSub: string;
  adminMemberId: string;
}

/** Completes signup for a fresh administrator (an account of the fake pool), as the console does after the first sign-in. */
export async function signUpOrganisation(
  api: TestApi,
  organization: string,
  email = `${crypto.randomUUID().slice(0, 8)}@example.com`,
): Promise<TestOrg> {
  const adminSub = crypto.randomUUID();
  // A pool that signs in by email: the username (the token's username claim) is the sub.
  api.userPool.accounts.push({ username: adminSub, sub: adminSub, email });
  const response = await api.call('POST', '/api/complete-signup', {
    sub: adminSub,
    body: { fullName: `Admin of ${organization}`, email, phoneNumber: '+15551230000', organization, cognitoUserId: adminSub },
  });
  if (!response.ok) throw new Error(`complete-signup failed: ${response.status} ${await response.text()}`);
  const { organizationId } = (await response.json()) as { organizationId: string };
  const { rows } = await api.db.query<{ id: string }>('SELECT id FROM members WHERE cognito_sub = $1', [adminSub]);
  return { orgId: organizationId, adminSub, adminMemberId: rows[0]?.id ?? '' };
}

/** Adds members to an organisation directly (fixtures), newest last by created_at offsets. */
export async function addMembers(
  api: TestApi,
  orgId: string,
  members: ReadonlyArray<{
    name: string;
    email: string;
    phoneNumber: string;
    role?: string;
    hasLicense?: boolean;
    isActive?: boolean;
    createdAt?: Date;
    cognitoSub?: string;
  }>,
): Promise<string[]> {
  const ids: string[] = [];
  for (const m of members) {
    const id = crypto.randomUUID();
    await api.db.query(
      `INSERT INTO members (id, org_id, cognito_sub, name, email, phone_number, role, has_license, is_active, is_admin, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [
        id,
        orgId,
        m.cognitoSub ?? null,
        m.name,
        m.email,
        m.phoneNumber,
        m.role ?? 'Field Worker',
        m.hasLicense ?? false,
        m.isActive ?? true,
        m.role === 'Admin',
        m.createdAt ?? new Date(),
      ],
    );
    ids.push(id);
  }
  return ids;
}
