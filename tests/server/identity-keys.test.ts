// @vitest-environment node
/**
 * An identity-provider blip signs nobody out (issue 37, item 3; server/core/auth.ts): when the
 * pool's signing keys cannot be fetched (an error answer, no answer in time), the API verifies with
 * the last keys it fetched, and answers 503 (never 401) when it holds none that fit the token.
 *
 * The pool's key endpoint is a local HTTP server the test controls (a boundary we do not own: the
 * user pool's `/.well-known/jwks.json`), so it can fail or hang on cue.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { createApp } from '../../server/core/app';
import { createCognitoVerifier, InvalidTokenError, KeysUnavailableError, type KeySetTiming } from '../../server/core/auth';
import { signupModule } from '../../server/signup';
import { openTestDatabase } from './support/db';
import type { Database } from '../../server/core/db';
import type { UserPoolAdmin } from '../../server/core/module';

const POOL = 'local_keys';
const CLIENT = 'keys-client';

type Mode = 'serve' | 'fail' | 'hang';

let server: Server;
let endpoint: string;
let mode: Mode = 'serve';
let fetches = 0;
let served: Array<{ kid: string; publicKey: CryptoKey }> = [];
const keys: Record<string, { publicKey: CryptoKey; privateKey: CryptoKey }> = {};

beforeAll(async () => {
  for (const kid of ['one', 'two']) keys[kid] = await generateKeyPair('RS256', { extractable: true });
  server = createServer((req, res) => {
    fetches++;
    if (mode === 'hang') return; // never answers: the verifier's timeout must end the wait
    if (mode === 'fail') {
      res.writeHead(500).end('upstream failure');
      return;
    }
    void Promise.all(served.map(async ({ kid, publicKey }) => ({ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }))).then(
      (jwks) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: jwks })),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function tokenWith(kid: string, sub = 'someone'): Promise<string> {
  return new SignJWT({ token_use: 'access', client_id: CLIENT, username: sub, jti: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'RS256', kid })
    .setSubject(sub)
    .setIssuer(`${endpoint}/${POOL}`)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(keys[kid]!.privateKey);
}

/** A verifier that fetches again before every verification (cache age 0), as after 10 minutes in production. */
function verifier(timing: KeySetTiming = {}) {
  return createCognitoVerifier(
    { endpoint, userPoolId: POOL, clientId: CLIENT },
    { timeoutMs: 300, cacheMaxAgeMs: 0, cooldownMs: 0, ...timing },
  );
}

function reset(next: Mode, keysServed: string[] = ['one']) {
  mode = next;
  fetches = 0;
  served = keysServed.map((kid) => ({ kid, publicKey: keys[kid]!.publicKey }));
}

describe('the pool’s keys', () => {
  it('verifies with the last keys fetched when a later fetch fails', async () => {
    reset('serve');
    const verify = verifier();
    await expect(verify.verify(await tokenWith('one'))).resolves.toMatchObject({ sub: 'someone' });
    mode = 'fail';
    await expect(verify.verify(await tokenWith('one'))).resolves.toMatchObject({ sub: 'someone' });
    // It did try again (the keys were stale), and fell back when that failed.
    expect(fetches).toBeGreaterThan(1);
  });

  it('verifies with the last keys fetched when a later fetch times out', async () => {
    reset('serve');
    const verify = verifier();
    await verify.verify(await tokenWith('one'));
    mode = 'hang';
    await expect(verify.verify(await tokenWith('one'))).resolves.toMatchObject({ sub: 'someone' });
  });

  it('is unavailable, not a bad token, when no keys were ever fetched', async () => {
    reset('fail');
    await expect(verifier().verify(await tokenWith('one'))).rejects.toBeInstanceOf(KeysUnavailableError);
    reset('hang');
    await expect(verifier().verify(await tokenWith('one'))).rejects.toBeInstanceOf(KeysUnavailableError);
  });

  it('is unavailable when the token names a key it lacks and cannot fetch (a rotation)', async () => {
    reset('serve');
    const verify = verifier();
    await verify.verify(await tokenWith('one'));
    mode = 'fail';
    await expect(verify.verify(await tokenWith('two'))).rejects.toBeInstanceOf(KeysUnavailableError);
    // Once the pool answers with the new key, the token is accepted.
    reset('serve', ['one', 'two']);
    await expect(verify.verify(await tokenWith('two'))).resolves.toMatchObject({ sub: 'someone' });
  });

  it('refuses a token whose key the pool does not publish (the pool answered)', async () => {
    reset('serve', ['one']);
    await expect(verifier().verify(await tokenWith('two'))).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a forged token even with the fallback keys', async () => {
    reset('serve');
    const verify = verifier();
    await verify.verify(await tokenWith('one'));
    mode = 'fail';
    // Signed with key two but naming key one: the last keys do not verify it.
    const forged = await new SignJWT({ token_use: 'access', client_id: CLIENT })
      .setProtectedHeader({ alg: 'RS256', kid: 'one' })
      .setSubject('someone')
      .setIssuer(`${endpoint}/${POOL}`)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(keys['two']!.privateKey);
    await expect(verify.verify(forged)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});

describe('the API', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  }, 120_000);
  afterAll(() => db?.close());

  it('answers 503 with a message the person can act on, not 401, when the keys cannot be fetched', async () => {
    reset('fail');
    const userPool = {} as UserPoolAdmin; // never called: the request stops at authentication
    const app = createApp(
      { db, config: { apiOrigin: 'http://127.0.0.1:8787', webOrigin: 'http://127.0.0.1:5173' }, userPool },
      [signupModule],
      verifier(),
      {
        logError: () => {},
      },
    );
    const response = await app.request('/api/me', { headers: { Authorization: `Bearer ${await tokenWith('one')}` } });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'The sign-in service cannot be reached to check your session. Your session is kept: please try again in a moment.',
    });
  });
});
