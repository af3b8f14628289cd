/**
 * The local stack's seeded administrator, and a tab signed in as it (for tests whose subject is a
 * signed-in screen; they also get the access token, to read or arrange data through the API); and
 * an account a test signs up for and signs in to through the login screen itself.
 */
import { expect, type Page } from '@playwright/test';
import { openSignedIn } from './session';
import type { StackHandle } from './stack-handle';

export const ADMIN = { email: 'admin@hardline.test', password: 'Hardline#2026' } as const;

export interface ApiSession {
  token: string;
  apiUrl: string;
}

/** Opens the dashboard signed in as the seeded administrator (tests/support/e2e/session.ts). */
export function signInAsAdmin(page: Page, stack: Pick<StackHandle, 'cognitoEndpoint' | 'clientId' | 'apiUrl'>): Promise<ApiSession> {
  return openSignedIn(page, stack, '/');
}

/**
 * An account a test signs up for itself, so that what it changes (its sessions, its two-factor
 * sign-in) reaches no other test's account.
 */
export interface OwnAccount {
  email: string;
  password: string;
  fullName: string;
  phone: string;
  organization: string;
}

/** An email no other test or run uses: `<what>.<time>.<random>@<suite>-e2e.test`. */
export function freshEmail(what: string, suite: string): string {
  return `${what}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@${suite}-e2e.test`;
}

/**
 * Letters only, different on every call: for member names (which may not carry digits) and e-mails
 * a phone-number search cannot match.
 */
export function uniqueLetters(): string {
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let text = '';
  while (n > 0) {
    text = String.fromCharCode(97 + (n % 26)) + text;
    n = Math.floor(n / 26);
  }
  return text;
}

/** Create Account with the account's details, then the emailed code: ends on Sign In, confirmed. */
export async function signUp(page: Page, stack: Pick<StackHandle, 'getConfirmationCode'>, account: OwnAccount): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Full name').fill(account.fullName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Phone number').fill(account.phone);
  await page.getByLabel('Organization').fill(account.organization);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.getByLabel('Confirmation code').fill(await stack.getConfirmationCode(account.email));
  await page.getByRole('button', { name: 'Confirm Email' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
}

/** Fills and sends the Sign In form; what follows (the console, a code step) is the caller's to wait for. */
export async function submitSignIn(page: Page, account: Pick<OwnAccount, 'email' | 'password'>): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** The console shows `email` as the signed-in account (the first sign-in sets up the workspace: slow). */
export async function expectSignedIn(page: Page, email: string): Promise<void> {
  await expect(page.getByTestId('signed-in-username')).toHaveText(email, { timeout: 30_000 });
}
