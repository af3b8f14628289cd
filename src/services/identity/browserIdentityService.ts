/**
 * The identity service of the running console (composition root: src/main.tsx): the service
 * (./identityService.ts) over a gateway that reads the session stored by the SDK directly
 * (./storedSession.ts) and fetches the Cognito SDK (./cognito.ts) for every call to the pool, once,
 * on first use or ahead of it (`preload()`). A module of its own: it is the one part that knows
 * where the SDK comes from, while the service runs over any gateway (unit tests give it a fake).
 */
import type { AppConfig } from '../config';
import type { AppStorage } from '../storage';
import type { CognitoClient, CognitoGateway } from './gateway';
import { createIdentityServiceWith } from './identityService';
import type { IdentityService } from './identityServiceTypes';
import { createStoredSession } from './storedSession';
import { networkFailure } from './errors';
import { loadOnce } from '../loadOnce';

/** The identity service of the running console, with a way to fetch the SDK ahead of need. */
export interface BrowserIdentityService extends IdentityService {
  /** Whether this tab holds a stored session (read synchronously, no network, no SDK). */
  hasStoredSession(): boolean;
  /** Starts downloading the Cognito SDK now (once); resolves when it is ready, or failed to arrive. */
  preload(): Promise<void>;
}

/** The identity service of the running console (composition root: src/main.tsx). */
export function createIdentityService(config: AppConfig, storage: AppStorage): BrowserIdentityService {
  const stored = createStoredSession(config.cognito.clientId, storage.tokens);
  // The SDK's chunk, fetched once; one that could not be fetched is reported the way the SDK reports an unreachable pool.
  const sdk = loadOnce(() =>
    import('./cognito').then(
      (module): CognitoClient => module.createCognitoClient(config, storage.tokens),
      (error: unknown) => {
        throw networkFailure(error);
      },
    ),
  );
  const gateway: CognitoGateway = {
    lastUsername: () => stored.lastUsername(),
    storedTokens: (username) => stored.storedTokens(username),
    clearStoredTokens: () => stored.clearStoredTokens(),
    authenticate: async (username, password) => (await sdk()).authenticate(username, password),
    refresh: async (username, refreshToken, onLateAnswer) => (await sdk()).refresh(username, refreshToken, onLateAnswer),
    signUp: async (request) => (await sdk()).signUp(request),
    confirmSignUp: async (username, code) => (await sdk()).confirmSignUp(username, code),
    resendConfirmationCode: async (username) => (await sdk()).resendConfirmationCode(username),
    forgotPassword: async (username) => (await sdk()).forgotPassword(username),
    confirmForgotPassword: async (username, code, newPassword) => (await sdk()).confirmForgotPassword(username, code, newPassword),
    getMfaSettings: async (accessToken) => (await sdk()).getMfaSettings(accessToken),
    associateSoftwareToken: async (accessToken) => (await sdk()).associateSoftwareToken(accessToken),
    verifySoftwareToken: async (accessToken, code) => (await sdk()).verifySoftwareToken(accessToken, code),
    setSoftwareTokenMfa: async (accessToken, enabled) => (await sdk()).setSoftwareTokenMfa(accessToken, enabled),
    async signOut(username, refreshToken) {
      // Revocation is best effort (as in ./cognito.ts): without the SDK there is nothing to revoke
      // with, and the service clears the stored tokens either way.
      const pool = await sdk().catch(() => null);
      if (pool) await pool.signOut(username, refreshToken);
    },
    globalSignOut: async (accessToken) => (await sdk()).globalSignOut(accessToken),
  };
  return {
    ...createIdentityServiceWith(gateway),
    hasStoredSession() {
      const username = stored.lastUsername();
      return username !== null && stored.storedTokens(username) !== null;
    },
    preload: () =>
      sdk().then(
        () => undefined,
        () => undefined,
      ),
  };
}
