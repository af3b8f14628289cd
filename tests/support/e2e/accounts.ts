/**
 * The local stack's seeded administrator, and signing in as it through the login form while
 * capturing the access token the console sends (for tests that read or arrange data through the API).
 */
import type { Page, Request } from '@playwright/test';

export const ADMIN = { email: 'admin@hardline.test', password: 'Hardline#2026' } as const;

export interface ApiSession {
  token: string;
  apiUrl: string;
}

export async function signInAsAdmin(page: Page, apiUrl: string): Promise<ApiSession> {
  const authorised = page.waitForRequest((r: Request) => r.url().startsWith(apiUrl) && Boolean(r.headers().authorization));
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  const request = await authorised;
  return { token: (request.headers().authorization ?? '').replace(/^Bearer /, ''), apiUrl };
}
