/**
 * Bearer access-token verification against the user pool's JWKS (jose).
 *
 * A Cognito access token carries `token_use: "access"`, `client_id` (no `aud`), `sub` and `username`,
 * and its `iss` is `<endpoint>/<userPoolId>` — on AWS `https://cognito-idp.<region>.amazonaws.com/<id>`,
 * on cognito-local `http://<HOST>:<PORT>/<id>` (it serves the keys at `/<id>/.well-known/jwks.json`).
 * `exp`, `iat` and `sub` are required: a token without them is refused (401).
 *
 * The pool's keys: jose's remote key set fetches them, keeps them (10 minutes, then fetches again
 * before the next verification) and fetches again for a key id it does not know (at most every
 * 30 s). When a fetch fails or times out, jose throws, even though it still holds the keys it
 * fetched last. So a blip at the identity provider would refuse every token; instead, the verifier
 * then verifies with the last keys fetched. Only when it has none, or the token names a key it
 * does not hold (a rotation it cannot fetch), it throws KeysUnavailableError: the API answers 503,
 * never 401, and the console keeps the session (docs/SECURITY.md "Sessions").
 */
import { createHash } from 'node:crypto';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  errors,
  jwtVerify,
  type JWTVerifyGetKey,
  type CryptoKey,
  type KeyObject,
  type JWSHeaderParameters,
  type FlattenedJWSInput,
} from 'jose';

/** What the API knows of the session a token belongs to. */
export interface SessionToken {
  /**
   * The session's id: the SHA-256 (hex) of the token's `origin_jti` (shared by every access token
   * refreshed from one sign-in, at Cognito), else of its `jti`, else of the token itself.
   */
  sessionHash: string;
  /** `iat`, in seconds since the epoch. */
  issuedAt: number;
  /** `exp`, in seconds since the epoch. */
  expiresAt: number;
}

interface VerifiedToken {
  sub: string;
  username: string;
  session: SessionToken;
}

export interface TokenVerifier {
  /** Resolves the token's identity, or rejects when the token is not a valid access token. */
  verify(token: string): Promise<VerifiedToken>;
  /** True once the keys it verifies with are at hand (fetching them if need be): the API's readiness. */
  ready?(): Promise<boolean>;
}

/** The 401 for a token that does not verify (bad signature, expired, another issuer, a claim missing). */
export const INVALID_TOKEN_MESSAGE = 'The access token is not valid or has expired. Sign in again.';

export class InvalidTokenError extends Error {
  /** `cause`: the verifier's own reason (jose's), for the log only: the 401's body is `message`. */
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InvalidTokenError';
  }
}

/** The pool's signing keys could not be fetched, and the token cannot be verified without them (503). */
export class KeysUnavailableError extends Error {
  constructor(options: { cause?: unknown } = {}) {
    super('The sign-in service cannot be reached to check your session. Your session is kept: please try again in a moment.', options);
    this.name = 'KeysUnavailableError';
  }
}

export interface TokenVerifierOptions {
  /** The key set (a remote JWKS) or one public key. */
  key: JWTVerifyGetKey | CryptoKey | KeyObject;
  issuer: string;
  clientId: string;
}

const REQUIRED_CLAIMS = ['exp', 'iat', 'sub'];

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

export function createTokenVerifier({ key, issuer, clientId }: TokenVerifierOptions): TokenVerifier {
  return {
    async verify(token) {
      let payload;
      try {
        // jose's overloads differ by key kind; both branches run the same checks.
        ({ payload } =
          typeof key === 'function'
            ? await jwtVerify(token, key, { issuer, algorithms: ['RS256'], requiredClaims: REQUIRED_CLAIMS })
            : await jwtVerify(token, key, { issuer, algorithms: ['RS256'], requiredClaims: REQUIRED_CLAIMS }));
      } catch (error) {
        if (error instanceof KeysUnavailableError) throw error;
        // What a client can act on (sign in again); why jose refused it goes to the log (server/core/app.ts).
        throw new InvalidTokenError(INVALID_TOKEN_MESSAGE, { cause: error });
      }
      if (payload['token_use'] !== 'access') throw new InvalidTokenError('An access token is required.');
      if (payload['client_id'] !== clientId) throw new InvalidTokenError('The access token was issued to another client.');
      const sub = payload.sub;
      if (typeof sub !== 'string' || sub === '') throw new InvalidTokenError('The access token has no subject.');
      const username = typeof payload['username'] === 'string' ? payload['username'] : sub;
      // jose checked that both are numbers (requiredClaims, and `exp` against the clock).
      const issuedAt = payload.iat ?? 0;
      const expiresAt = payload.exp ?? 0;
      const origin = payload['origin_jti'];
      const sessionKey =
        typeof origin === 'string' && origin !== '' ? `origin_jti:${origin}` : payload.jti ? `jti:${payload.jti}` : `token:${token}`;
      return { sub, username, session: { sessionHash: sha256(sessionKey), issuedAt, expiresAt } };
    },
  };
}

export interface CognitoPoolRef {
  /** e.g. http://127.0.0.1:9229 (cognito-local) or https://cognito-idp.eu-west-1.amazonaws.com */
  endpoint: string;
  userPoolId: string;
  clientId: string;
}

/** How jose fetches and keeps the pool's keys (tests shorten them). */
export interface KeySetTiming {
  /** A fetch that has not answered by then has failed (default 5 s). */
  timeoutMs?: number;
  /** Keys older than this are fetched again before the next verification (default 10 minutes). */
  cacheMaxAgeMs?: number;
  /** An unknown key id fetches again only this long after the last fetch (default 30 s). */
  cooldownMs?: number;
}

/** Errors of jose that are about the token, not about fetching the keys. */
function isTokenError(error: unknown): boolean {
  return (
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSENotSupported ||
    error instanceof errors.JWSInvalid ||
    error instanceof errors.JWTInvalid ||
    error instanceof errors.JWKInvalid
  );
}

/**
 * The pool's key set: jose's remote set, falling back to the keys it fetched last when a fetch
 * fails (see the header). `reload` and `jwks` are jose's.
 */
function poolKeySet(url: URL, timing: KeySetTiming) {
  const remote = createRemoteJWKSet(url, {
    timeoutDuration: timing.timeoutMs ?? 5_000,
    ...(timing.cacheMaxAgeMs !== undefined ? { cacheMaxAge: timing.cacheMaxAgeMs } : {}),
    ...(timing.cooldownMs !== undefined ? { cooldownDuration: timing.cooldownMs } : {}),
  });
  const key = async (header: JWSHeaderParameters, token: FlattenedJWSInput) => {
    try {
      return await remote(header, token);
    } catch (error) {
      if (isTokenError(error)) throw error;
      // The fetch failed (timeout, refused, not 200, not a key set): the last keys fetched, if any.
      const last = remote.jwks();
      if (last === undefined) throw new KeysUnavailableError({ cause: error });
      try {
        return await createLocalJWKSet(last)(header, token);
      } catch (localError) {
        // A key id the last keys lack may be a key the pool has just added: not the token's fault.
        if (localError instanceof errors.JWKSNoMatchingKey) throw new KeysUnavailableError({ cause: error });
        throw localError;
      }
    }
  };
  return { key, reload: () => remote.reload(), jwks: () => remote.jwks() };
}

/**
 * The verifier for a user pool: its JWKS, its issuer, its app client. `ready()` fetches the keys when
 * they have not been fetched yet.
 */
export function createCognitoVerifier({ endpoint, userPoolId, clientId }: CognitoPoolRef, timing: KeySetTiming = {}): TokenVerifier {
  const issuer = `${endpoint.replace(/\/+$/, '')}/${userPoolId}`;
  const jwks = poolKeySet(new URL(`${issuer}/.well-known/jwks.json`), timing);
  return {
    ...createTokenVerifier({ key: jwks.key, issuer, clientId }),
    async ready() {
      if (jwks.jwks() !== undefined) return true;
      return jwks.reload().then(
        () => jwks.jwks() !== undefined,
        () => false,
      );
    },
  };
}

/** The user pool's endpoint: the region's on AWS, or an override (cognito-local). */
export function userPoolEndpoint(region: string, override?: string): string {
  return override ?? `https://cognito-idp.${region}.amazonaws.com`;
}
