/**
 * The identity service: the hosted user pool (Amazon Cognito) behind plain results.
 *
 * This module is the folder's public entry point. The service is typed in ./identityServiceTypes.ts
 * and made in ./identityService.ts (the session, sign-in, sign-out) and ./signUpAndReset.ts (sign-up,
 * password reset); the running console's wiring, with the SDK fetched on first use, is in
 * ./browserIdentityService.ts.
 *
 * Only this folder knows amazon-cognito-identity-js (through ./cognito.ts). Methods resolve with
 * plain values and reject with `IdentityError`s whose message is already the SPEC §8 text.
 *
 * The SDK is not part of the JavaScript a visitor downloads before /login is usable: what it keeps
 * in storage is read directly (./storedSession.ts), so knowing whether someone is signed in and
 * handing out a valid access token need no SDK; every call that talks to the pool first awaits
 * `import('./cognito')` (one shared download, retried after a failure), and the composition root
 * prefetches it while the page idles (`preload()`), so signing in is not slower.
 *
 * Where the tokens live, and for how long (decision)
 * -------------------------------------------------
 * The id, access and refresh tokens are kept in sessionStorage (the `tokens` store of
 * src/services/storage.ts, handed to the SDK as its `Storage`):
 * - closing the tab or the browser ends the session; a reload keeps it, so an administrator is not
 *   signed out by F5;
 * - sessionStorage is per tab and never sent to any server (unlike a cookie), so no CSRF surface;
 * - like any script-readable store it is exposed to XSS, which the Content-Security-Policy of the
 *   production build is there to prevent; an in-memory-only store would survive XSS no better
 *   (the page's own scripts can still call the API) while losing the session on every reload;
 * - the access and id tokens live as long as the pool issues them (one hour by default) and are
 *   refreshed five minutes ahead of expiry; the refresh token lives until sign-out, the end of the
 *   tab, or its own expiry in the pool (30 days by default) — whichever comes first;
 * - sign-out revokes the refresh token at the pool and removes every identity key from
 *   sessionStorage; the pending confirmation in localStorage is removed by the auth flow on
 *   sign-out. Nothing of the session remains in any storage afterwards.
 */
export { IdentityError } from './errors';
export type { CognitoGateway, AuthOutcome, SessionTokens } from './gateway';
export type { TwoFactorSetup, TwoFactorStatus } from './totp';
export type { IdentityService, SessionUser, SignInResult } from './identityServiceTypes';
export { REFRESH_MARGIN_MS, createIdentityServiceWith, type IdentityOptions } from './identityService';
export { createIdentityService, type BrowserIdentityService } from './browserIdentityService';
