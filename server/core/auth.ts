/**
 * Bearer access-token verification against the user pool's JWKS (jose).
 *
 * A Cognito access token carries `token_use: "access"`, `client_id` (no `aud`), `sub` and `username`,
 * and its `iss` is `<endpoint>/<userPoolId>` — on AWS `https://cognito-idp.<region>.amazonaws.com/<id>`,
 * on cognito-local `http://<HOST>:<PORT>/<id>` (it serves the keys at `/<id>/.well-known/jwks.json`).
 */
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey, type CryptoKey, type KeyObject } from 'jose';

interface VerifiedToken {
  sub: string;
  username: string;
}

export interface TokenVerifier {
  /** Resolves the token's identity, or rejects when the token is not a valid access token. */
  verify(token: string): Promise<VerifiedToken>;
  /** True once the keys it verifies with are at hand (fetching them if need be): the API's readiness. */
  ready?(): Promise<boolean>;
}

export class InvalidTokenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidTokenError';
  }
}

export interface TokenVerifierOptions {
  /** The key set (a remote JWKS) or one public key. */
  key: JWTVerifyGetKey | CryptoKey | KeyObject;
  issuer: string;
  clientId: string;
}

export function createTokenVerifier({ key, issuer, clientId }: TokenVerifierOptions): TokenVerifier {
  return {
    async verify(token) {
      let payload;
      try {
        // jose's overloads differ by key kind; both branches run the same checks.
        ({ payload } =
          typeof key === 'function'
            ? await jwtVerify(token, key, { issuer, algorithms: ['RS256'] })
            : await jwtVerify(token, key, { issuer, algorithms: ['RS256'] }));
      } catch (error) {
        throw new InvalidTokenError(
          error instanceof Error ? `The access token is not valid: ${error.message}` : 'The access token is not valid.',
        );
      }
      if (payload['token_use'] !== 'access') throw new InvalidTokenError('An access token is required.');
      if (payload['client_id'] !== clientId) throw new InvalidTokenError('The access token was issued to another client.');
      const sub = payload.sub;
      if (typeof sub !== 'string' || sub === '') throw new InvalidTokenError('The access token has no subject.');
      const username = typeof payload['username'] === 'string' ? payload['username'] : sub;
      return { sub, username };
    },
  };
}

export interface CognitoPoolRef {
  /** e.g. http://127.0.0.1:9229 (cognito-local) or https://cognito-idp.eu-west-1.amazonaws.com */
  endpoint: string;
  userPoolId: string;
  clientId: string;
}

/**
 * The verifier for a user pool: its JWKS, its issuer, its app client. `ready()` fetches the keys when
 * they have not been fetched yet (jose caches them, and fetches again for a key id it does not know).
 */
export function createCognitoVerifier({ endpoint, userPoolId, clientId }: CognitoPoolRef): TokenVerifier {
  const issuer = `${endpoint.replace(/\/+$/, '')}/${userPoolId}`;
  const jwks = createRemoteJWKSet(new URL(`${issuer}/.well-known/jwks.json`), { timeoutDuration: 5_000 });
  return {
    ...createTokenVerifier({ key: jwks, issuer, clientId }),
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
