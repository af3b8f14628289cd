/**
 * A signed-in tab without the login form: for tests whose subject is a signed-in screen, not signing
 * in (tests/e2e/auth*.spec.ts and the a11y scans of the login screens still use the form).
 *
 * Each call signs in afresh at the identity emulator (InitiateAuth, USER_PASSWORD_AUTH: the flow the
 * console itself uses against cognito-local), so every test has its own session: signing out in one
 * test ends no other test's session. The tokens go where the identity SDK keeps them
 * (sessionStorage, `CognitoIdentityServiceProvider.<clientId>.<username>.*`, see
 * src/services/identity/storedSession.ts) before the console's first script runs, so the console
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
async function poolSignIn(
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

/**
 * A member invited by the seeded administrator for this test alone (POST /api/users/invite, SPEC §7):
 * the user pool holds the account with a temporary password, which the stack records. Tests of the
 * first sign-in use one of their own, so that a second run, or any other test, finds it unchanged.
 */
export async function inviteMember(
  stack: Pick<StackHandle, 'cognitoEndpoint' | 'clientId' | 'apiUrl' | 'getTemporaryPassword'>,
  member: { name: string; role?: string },
): Promise<{ email: string; temporaryPassword: string }> {
  const admin = await poolSignIn(stack);
  const email = `${member.name.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@hardline.test`;
  const res = await fetch(`${stack.apiUrl}/api/users/invite`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin.AccessToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name: member.name,
      email,
      phoneNumber: '+15557654321',
      role: member.role ?? 'Field Worker',
      hasLicense: false,
      isActive: true,
    }),
  });
  if (!res.ok) throw new Error(`Inviting ${email} answered ${res.status}: ${await res.text()}`);
  const temporaryPassword = await stack.getTemporaryPassword(email);
  if (!temporaryPassword) throw new Error(`The stack recorded no temporary password for ${email}`);
  return { email, temporaryPassword };
}
