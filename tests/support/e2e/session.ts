/**
 * A signed-in tab without the login form: for tests whose subject is a signed-in screen, not signing
 * in (tests/e2e/auth*.spec.ts and the a11y scans of the login screens still use the form).
 *
 * Each call signs in afresh at the identity emulator (InitiateAuth, USER_PASSWORD_AUTH: the flow the
 * console itself uses against cognito-local), so every test has its own session: signing out in one
 * test ends no other test's session. The tokens go where the identity SDK keeps them
 * (sessionStorage, `CognitoIdentityServiceProvider.<clientId>.<username>.*`, see
 * src/services/identity/stored-session.ts) before the console's first script runs, so the console
 * starts exactly as a reload of a signed-in tab does. They are written once per tab (the tab's
 * `window.name` remembers it): after a sign-out, a reload stays signed out.
 */
import type { Page } from '@playwright/test';
import { ADMIN, type ApiSession } from './accounts';
import type { StackHandle } from './stack-handle';

interface Tokens {
  AccessToken: string;
  IdToken: string;
  RefreshToken: string;
}

/** Signs `account` in at the user pool and returns its tokens. */
export async function poolSignIn(
  stack: Pick<StackHandle, 'cognitoEndpoint' | 'clientId'>,
  account: { email: string; password: string } = ADMIN,
): Promise<Tokens> {
  const res = await fetch(stack.cognitoEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: stack.clientId,
      AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
    }),
  });
  const body = (await res.json()) as { AuthenticationResult?: Tokens; message?: string };
  if (!res.ok || !body.AuthenticationResult)
    throw new Error(`InitiateAuth for ${account.email} answered ${res.status}: ${body.message ?? ''}`);
  return body.AuthenticationResult;
}

/**
 * Opens `path` in a tab signed in as `account` (the seeded administrator by default) and returns
 * the session's access token, for tests that arrange or read data through the API.
 */
export async function openSignedIn(
  page: Page,
  stack: Pick<StackHandle, 'cognitoEndpoint' | 'clientId' | 'apiUrl'>,
  path = '/',
  account: { email: string; password: string } = ADMIN,
): Promise<ApiSession> {
  const tokens = await poolSignIn(stack, account);
  const mark = `e2e-session-${Math.random().toString(36).slice(2)}`;
  await page.addInitScript(
    ({ prefix, username, tokens: t, mark: once }) => {
      if (window.name === once) return;
      window.name = once;
      sessionStorage.setItem(`${prefix}.LastAuthUser`, username);
      sessionStorage.setItem(`${prefix}.${username}.idToken`, t.IdToken);
      sessionStorage.setItem(`${prefix}.${username}.accessToken`, t.AccessToken);
      sessionStorage.setItem(`${prefix}.${username}.refreshToken`, t.RefreshToken);
      sessionStorage.setItem(`${prefix}.${username}.clockDrift`, '0');
    },
    { prefix: `CognitoIdentityServiceProvider.${stack.clientId}`, username: account.email, tokens, mark },
  );
  await page.goto(path);
  return { token: tokens.AccessToken, apiUrl: stack.apiUrl };
}
