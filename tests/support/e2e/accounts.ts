/**
 * The local stack's seeded administrator, and a tab signed in as it (for tests whose subject is a
 * signed-in screen; they also get the access token, to read or arrange data through the API).
 */
import type { Page } from '@playwright/test';
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
