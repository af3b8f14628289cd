/**
 * The session amazon-cognito-identity-js keeps in its storage, read without the SDK.
 *
 * The SDK writes `CognitoIdentityServiceProvider.<clientId>.LastAuthUser` and, per user,
 * `CognitoIdentityServiceProvider.<clientId>.<username>.{idToken,accessToken,refreshToken,clockDrift}`.
 * Reading them here (the same keys, the same claims the SDK's token classes decode) lets the console
 * know at start whether someone is signed in, and hand out a valid access token, before the SDK's
 * chunk has arrived; every call that talks to the pool still goes through the SDK (./cognito.ts).
 */
import type { KeyValueStore } from '../storage';
import { IDENTITY_KEY_PREFIX } from '../storage';
import type { SessionTokens, StoredSession } from './gateway';

/** The prefix of every key the SDK writes for this app client. */
function identityKeyPrefix(clientId: string): string {
  return `${IDENTITY_KEY_PREFIX}${clientId}`;
}

/** The claims of a JWT, decoded like the SDK's `CognitoJwtToken.decodePayload` (`{}` when unreadable). */
export function decodeJwtPayload(token: string): Record<string, unknown> {
  const part = token.split('.')[1] ?? '';
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
    const binary = atob(base64);
    const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Seconds since the epoch of a token's `exp` claim (NaN when it has none, as with the SDK). */
function expirationOf(claims: Record<string, unknown>): number {
  return typeof claims.exp === 'number' ? claims.exp : Number.NaN;
}

export function createStoredSession(clientId: string, store: KeyValueStore): StoredSession {
  const prefix = identityKeyPrefix(clientId);
  return {
    lastUsername: () => store.getItem(`${prefix}.LastAuthUser`) || null,

    storedTokens(username) {
      const read = (name: string) => store.getItem(`${prefix}.${username}.${name}`);
      const idToken = read('idToken');
      const accessToken = read('accessToken');
      const refreshToken = read('refreshToken');
      if (!idToken || !accessToken || !refreshToken) return null;
      const idClaims = decodeJwtPayload(idToken);
      const accessClaims = decodeJwtPayload(accessToken);
      const drift = Number.parseInt(read('clockDrift') ?? '0', 10) || 0;
      return {
        accessToken,
        idToken,
        refreshToken,
        expiresAt: (Math.min(expirationOf(accessClaims), expirationOf(idClaims)) + drift) * 1000,
        idClaims,
      } satisfies SessionTokens;
    },

    clearStoredTokens: () => store.clear(),
  };
}
