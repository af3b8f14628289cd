/**
 * The prerendered /login (dist/login.html, scripts/build/prerender.ts): the form is in the HTML the server
 * sends, React hydrates it without a mismatch (a mismatch is a page error, which fails the test), and
 * a visitor who types before the JavaScript has run loses nothing and cannot submit the form natively.
 *
 * The console's shell (index.html for /, scripts/build/prerender.ts): a tab with a session sees the
 * dashboard drawn before the JavaScript has run, inert until the live console replaces it.
 *
 * The only fake: page.route holds the console's entry script back until the test releases it, to
 * make the "before the JavaScript ran" moment last (on a slow phone it lasts on its own).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/e2e/fixtures';
import { ADMIN } from '../support/e2e/accounts';
import { newMember, signIn } from '../support/e2e/faults';

/** Holds the console's entry script back until `release()`: the "before the JavaScript ran" moment. */
async function holdEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('/login arrives with the sign-in form in its HTML, under the same CSP @auth @perf', async ({ request }) => {
  const response = await request.get('/login');
  expect(response.ok()).toBe(true);
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const html = await response.text();
  expect(html).toMatch(/<div id="root" data-prerendered="\/login">.*<form[^>]*aria-label="Sign in"/s);
  expect(html).toContain('Welcome back. Sign in to the Hardline Admin Console.');
  expect(html).toMatch(/<meta http-equiv="Content-Security-Policy"/);
  // The console's pages carry the console's shell, never the sign-in form.
  expect(await (await request.get('/users')).text()).not.toContain('data-prerendered="');
});

test('typed before the JavaScript ran is kept, Enter does not submit natively, and signing in works @auth @perf', async ({ page }) => {
  const release = await holdEntry(page);
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

/** The page has been parsed (its inline script has run), while its entry script may still be held. */
async function parsed(page: Page): Promise<void> {
  await page.waitForFunction(() => document.readyState !== 'loading');
}

test('/ arrives with the console shell: a tab with a session sees the dashboard before the JavaScript, then it turns live @auth @perf', async ({
  page,
  request,
  stack,
}) => {
  const html = await (await request.get('/')).text();
  expect(html).toMatch(/<div id="root" data-shell="\/" inert>.*Welcome Back.*Operational/s);

  await signIn(page, stack);
  const release = await holdEntry(page);
  await page.goto('/', { waitUntil: 'commit' });
  const root = page.locator('#root');
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  await expect(page.getByText('Operational')).toBeVisible();
  await expect(root).toHaveAttribute('data-shell-shown', '');
  // Drawn, not live: nothing in it can be pressed or focused yet.
  await expect(root).toHaveAttribute('inert', '');
  await expect(page.getByTestId('signed-in-username')).toHaveText('');

  release();
  await expect(root).not.toHaveAttribute('inert');
  await expect(page.getByTestId('signed-in-username')).toHaveText(ADMIN.email);
  await page.getByRole('link', { name: 'User Management' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
});

/** Each console page with a page of its own besides index.html, and the heading its shell shows. */
const SHELLS = [
  { path: '/users', heading: 'User Management' },
  { path: '/users/activity', heading: 'User Management' },
  { path: '/billing', heading: 'Billing Overview' },
  { path: '/ai', heading: 'Assistant' },
] as const;

test('each console page arrives with its own shell: a tab with a session sees its screen before the JavaScript, then it turns live @auth @perf', async ({
  page,
  request,
  stack,
}) => {
  await signIn(page, stack);
  for (const { path, heading } of SHELLS) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`<div id="root" data-shell="${path}" inert>`);
    await page.unrouteAll();
    const release = await holdEntry(page);
    await page.goto(path, { waitUntil: 'commit' });
    const root = page.locator('#root');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(root, path).toHaveAttribute('data-shell-shown', '');
    await expect(root, path).toHaveAttribute('inert', '');
    release();
    await expect(root, path).not.toHaveAttribute('inert');
    await expect(page.getByTestId('signed-in-username')).toHaveText(ADMIN.email);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  // Every member's billing address has the page of its route, drawn for whichever member.
  const member = await newMember(page, stack.apiUrl, 'Shell');
  const memberPath = `/billing/user/${encodeURIComponent(member.userId)}`;
  expect(await (await request.get(memberPath)).text()).toContain('<div id="root" data-shell="/billing/user/:userId" inert>');
  await page.unrouteAll();
  const release = await holdEntry(page);
  await page.goto(memberPath, { waitUntil: 'commit' });
  const root = page.locator('#root');
  await expect(page.getByRole('heading', { level: 1, name: 'User Billing' })).toBeVisible();
  await expect(page.getByText('Loading user billing...')).toBeVisible();
  await expect(root).toHaveAttribute('data-shell-shown', '');
  await expect(root).toHaveAttribute('inert', '');
  release();
  await expect(root).not.toHaveAttribute('inert');
  await expect(page.getByRole('heading', { level: 2, name: member.name })).toBeVisible();
});

test('no shell for a visitor without a session, nor at an address index.html answers for another page @auth @perf', async ({
  page,
  stack,
}) => {
  let release = await holdEntry(page);
  await page.goto('/', { waitUntil: 'commit' });
  await parsed(page);
  const root = page.locator('#root');
  await expect(root).toBeEmpty();
  await expect(root).not.toHaveAttribute('inert');
  release();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();

  await signIn(page, stack);
  await page.unrouteAll();
  release = await holdEntry(page);
  // An address no route shows (index.html answers it): no API call,
  // so nothing this test leaves behind answers after it has ended.
  await page.goto('/nowhere', { waitUntil: 'commit' });
  await parsed(page);
  await expect(root).toBeEmpty();
  await expect(root).not.toHaveAttribute('inert');
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

/**
 * The page's `<style>` elements that declare Chakra's token custom properties: the Emotion name they
 * carry (`css-global <name>` as prerendered, `css-global` once Emotion's `<Global>` manages it) and
 * whether the prerender marked it.
 */
async function tokenStyles(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('style')]
      .filter((style) => [...(style.sheet?.cssRules ?? [])].some((rule) => /--chakra-colors-brand-solid\s*:/.test(rule.cssText)))
      .map((style) => `${style.getAttribute('data-emotion')}${style.hasAttribute('data-prerendered-global') ? ' (prerendered)' : ''}`),
  );
}

test('a prerendered page keeps its global CSS: the live page does not build it again, and is styled by it @auth @perf', async ({
  page,
  stack,
}) => {
  // /login: the sign-in form hydrates over the prerendered page.
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  const prerendered = await tokenStyles(page);
  expect(prerendered).toEqual([expect.stringMatching(/^css-global \S+ \(prerendered\)$/)]);
  // Signed in, the dashboard's shell (index.html) gives way to the live console.
  await signIn(page, stack);
  await page.goto('/');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  await expect(page.getByTestId('signed-in-username')).toHaveText(ADMIN.email);
  expect(await tokenStyles(page)).toEqual(prerendered);
  // Chakra's global styles apply: the page's background is bg.subtle.
  expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(250, 250, 250)');

  // Every console page carries it, with its shell (users.html), and where its gate removed the
  // shell (index.html answering an address without a page of its own): it is in <head>.
  for (const [path, heading] of [
    ['/users', 'User Management'],
    ['/nowhere', 'Page not found'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await tokenStyles(page), path).toEqual(prerendered);
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor), path).toBe('rgb(250, 250, 250)');
  }
});
