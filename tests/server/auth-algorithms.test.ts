/**
 * The access-token verifier (server/core/auth.ts) accepts the user pool's RS256 signatures and
 * nothing else (OWASP ASVS 5.0 9.1.2, docs/ASVS.md): an unsigned token (`alg: none`), and a token
 * signed with HS256 using the pool's public key as the shared secret (the classic algorithm
 * confusion), are refused as invalid, as are a token from another issuer or for another client.
 */
import { SignJWT, UnsecuredJWT, exportSPKI, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidTokenError, createTokenVerifier, type TokenVerifier } from '../../server/core/auth';

const ISSUER = 'http://127.0.0.1:9/local_algorithms';
const CLIENT_ID = 'algorithms-client';
const CLAIMS = { token_use: 'access', client_id: CLIENT_ID, username: 'alg-user' };

let verifier: TokenVerifier;
let privateKey: CryptoKey;
let publicPem: string;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256', { extractable: true });
  privateKey = pair.privateKey;
  publicPem = await exportSPKI(pair.publicKey);
  verifier = createTokenVerifier({ key: pair.publicKey, issuer: ISSUER, clientId: CLIENT_ID });
});

function signed(alg: 'RS256' | 'HS256', key: CryptoKey | Uint8Array, claims: Record<string, unknown> = CLAIMS, issuer = ISSUER) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg })
    .setSubject('sub-1')
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(key);
}

describe('the access-token verifier', () => {
  it('accepts an RS256 access token of the pool, for its client', async () => {
    await expect(verifier.verify(await signed('RS256', privateKey))).resolves.toMatchObject({ sub: 'sub-1', username: 'alg-user' });
  });

  it('refuses an unsigned token (alg: none)', async () => {
    const unsigned = new UnsecuredJWT(CLAIMS).setSubject('sub-1').setIssuer(ISSUER).setIssuedAt().setExpirationTime('1h').encode();
    await expect(verifier.verify(unsigned)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it("refuses an HS256 token whose secret is the pool's public key (algorithm confusion)", async () => {
    const confused = await signed('HS256', new TextEncoder().encode(publicPem));
    await expect(verifier.verify(confused)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token of another issuer, an ID token, and a token issued to another client', async () => {
    await expect(verifier.verify(await signed('RS256', privateKey, CLAIMS, 'http://127.0.0.1:9/other_pool'))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
    await expect(verifier.verify(await signed('RS256', privateKey, { ...CLAIMS, token_use: 'id' }))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
    await expect(verifier.verify(await signed('RS256', privateKey, { ...CLAIMS, client_id: 'another-client' }))).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });
});
