/**
 * Runs only in `npm run test:e2e:processes` (playwright.processes.config.ts): the console is served
 * by two API processes, and one page's requests go to both (the balancer names the process that
 * answered in `X-Api-Process`).
 */
import type { Response } from '@playwright/test';
import { signInAsAdmin } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';

test('one page of User Management is answered by both API processes @users', async ({ page, stack }) => {
  expect(stack.apiProcessUrls).toHaveLength(2);
  const answeredBy = new Set<string>();
  page.on('response', (response: Response) => {
    const process = response.headers()['x-api-process'];
    if (response.url().startsWith(stack.apiUrl) && process) answeredBy.add(process);
  });
  await signInAsAdmin(page, stack);
  await page.getByRole('link', { name: 'User Management' }).click();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false');
  await expect.poll(() => [...answeredBy].sort()).toEqual(['1', '2']);
});
