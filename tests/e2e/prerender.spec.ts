/**
 * The prerendered /login (dist/login.html, scripts/prerender.ts): the form is in the HTML the server
 * sends, React hydrates it without a mismatch (a mismatch is a page error, which fails the test), and
 * a visitor who types before the JavaScript has run loses nothing and cannot submit the form natively.
 *
 * The only fake: page.route holds the console's entry script back until the test releases it, to
 * make the "before the JavaScript ran" moment last (on a slow phone it lasts on its own).
 */
import { expect, test } from '../support/e2e/fixtures';
import { ADMIN } from '../support/e2e/accounts';

test('/login arrives with the sign-in form in its HTML, under the same CSP @auth @perf', async ({ request }) => {
  const response = await request.get('/login');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const html = await response.text();
  expect(html).toMatch(/<div id="root" data-prerendered="\/login">.*<form[^>]*aria-label="Sign in"/s);
  expect(html).toContain('Welcome back. Sign in to the Hardline Admin Console.');
  expect(html).toMatch(/<meta http-equiv="Content-Security-Policy"/);
  // Other routes are the plain shell (they depend on the session).
  expect(await (await request.get('/users')).text()).toContain('<div id="root"></div>');
});

test('typed before the JavaScript ran is kept, Enter does not submit natively, and signing in works @auth @perf', async ({ page }) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/login', { waitUntil: 'commit' });
  const email = page.locator('input[name="username"]');
  const password = page.locator('input[name="password"]');
  await email.fill(ADMIN.email);
  await password.fill(ADMIN.password);
  await password.press('Enter');
  // No native submission: the address has no credentials and the page is still the form.
  expect(page.url()).not.toContain('password');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeDisabled();

  release();
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  await expect(email).toHaveValue(ADMIN.email);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  expect(page.url()).not.toContain('password');

  // Signed in, /login (the prerendered page) gives way to the console.
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
});
