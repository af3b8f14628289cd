/**
 * Keyboard-only journeys (issue 7): every step after the initial page load is `page.keyboard`
 * (Tab, Shift+Tab, Enter, Space, arrows, Escape, typing): no clicks, no `fill`. Also checked:
 * dialogs trap focus, close on Escape and give focus back to what opened them; status changes are
 * announced (form errors as role=alert, success notices and new chat replies in live regions).
 *
 * Against the local stack; the only stand-in is the Stripe.js test double (a boundary we don't
 * own), served for js.stripe.com in the subscription journey.
 */
import type { Locator, Page } from '@playwright/test';
import { ADMIN } from '../support/e2e/accounts';
import { showPrice } from '../support/e2e/billing';
import { expect, test } from '../support/e2e/fixtures';
import { stripeDoubleScript } from '../support/stripe';

const uniqueEmail = (prefix: string): string => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@hardline.test`;
const DATA_TIMEOUT = 30_000;

/** A short description of the focused element, to tell focus stops apart. */
function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return 'body';
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 40) ?? '';
    return `${el.tagName.toLowerCase()}#${el.id}[${el.getAttribute('name') ?? ''}] ${name}`;
  });
}

const isFocused = (target: Locator): Promise<boolean> => target.evaluate((el) => el === document.activeElement);

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}): Promise<void> {
  await expect(target).toBeVisible({ timeout: DATA_TIMEOUT });
  for (let i = 0; i < max; i += 1) {
    if (await isFocused(target)) {
      // Keyboard focus must be visible (WCAG 2.4.7): the element matches :focus-visible.
      expect(await target.evaluate((el) => el.matches(':focus-visible'))).toBe(true);
      return;
    }
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`Focus never reached the target after ${max} presses; it is on ${await describeFocus(page)}`);
}

async function focusInside(container: Locator): Promise<boolean> {
  return container.evaluate((el) => el.contains(document.activeElement));
}

/**
 * The dialog contract: focus starts inside, Tab and Shift+Tab cycle inside (focus comes back round
 * to where it started), Escape closes, and focus returns to `opener`.
 */
async function expectDialogContract(page: Page, dialog: Locator, opener: Locator): Promise<void> {
  await expect(dialog).toBeVisible();
  await expect.poll(() => focusInside(dialog), { message: 'focus moves into the dialog' }).toBe(true);
  const start = await describeFocus(page);
  const seen = new Set<string>([start]);
  let wrapped = false;
  for (let i = 0; i < 40 && !wrapped; i += 1) {
    await page.keyboard.press('Tab');
    expect(await focusInside(dialog), `Tab #${i + 1} stays inside the dialog (focus on ${await describeFocus(page)})`).toBe(true);
    const now = await describeFocus(page);
    wrapped = now === start;
    seen.add(now);
  }
  expect(wrapped, `Tab cycles back to the first stop; stops seen: ${[...seen].join(' | ')}`).toBe(true);
  for (let i = 0; i < seen.size + 1; i += 1) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(dialog), `Shift+Tab #${i + 1} stays inside the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener, 'focus returns to what opened the dialog').toBeFocused();
}

async function typeInto(page: Page, field: Locator, text: string, { backwards = false } = {}): Promise<void> {
  await tabTo(page, field, { backwards });
  await page.keyboard.type(text);
  await expect(field).toHaveValue(text);
}

async function keyboardSignIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await typeInto(page, form.getByLabel('Email'), account.email);
  await typeInto(page, form.getByLabel('Password', { exact: true }), account.password);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: DATA_TIMEOUT });
}

const NAV_LABELS = { '/': 'Dashboard', '/users': 'User Management', '/billing': 'Billing Overview', '/ai': 'Assistant' } as const;

async function keyboardNavigate(page: Page, route: keyof typeof NAV_LABELS): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: NAV_LABELS[route] });
  await tabTo(page, link);
  await page.keyboard.press('Enter');
  await expect(link).toHaveAttribute('aria-current', 'page');
}

async function usersLoaded(page: Page): Promise<void> {
  await expect(page.getByRole('link', { name: /^View Billing for / }).first()).toBeVisible({ timeout: DATA_TIMEOUT });
}

/** Adds a user with the Add User modal, by keyboard; returns with the modal closed. */
async function keyboardAddUser(page: Page, user: { name: string; email: string; phoneNumber: string }): Promise<void> {
  const addButton = page.getByRole('main').getByRole('button', { name: 'Add User' });
  await tabTo(page, addButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expect(dialog).toBeVisible();
  await typeInto(page, dialog.getByLabel('Name'), user.name);
  await typeInto(page, dialog.getByLabel('Email'), user.email);
  await typeInto(page, dialog.getByLabel('Phone number'), user.phoneNumber);
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden({ timeout: DATA_TIMEOUT });
}

test.describe('with a wrong password first', () => {
  // The identity emulator answers a wrong password with 400, which Chromium logs.
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

  test('sign in by keyboard; form errors are alerts @a11y', async ({ page }) => {
    await page.goto('/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await tabTo(page, form.getByRole('button', { name: 'Sign In' }));
    await page.keyboard.press('Enter');
    await expect(form.getByRole('alert').filter({ hasText: 'Please enter a valid email address' })).toBeVisible();
    await expect(form.getByRole('alert').filter({ hasText: 'Password is required' })).toBeVisible();
    // The field is marked invalid and points at its error message (aria-errormessage).
    const emailField = form.getByLabel('Email');
    await expect(emailField).toHaveAttribute('aria-invalid', 'true');
    const errorId = await emailField.getAttribute('aria-errormessage');
    expect(errorId).toBeTruthy();
    await expect(page.locator(`[id="${errorId ?? ''}"]`)).toHaveText('Please enter a valid email address');

    await typeInto(page, form.getByLabel('Email'), ADMIN.email);
    const password = form.getByLabel('Password', { exact: true });
    await typeInto(page, password, 'wrong-password');
    // The show/hide toggle works from the keyboard.
    await tabTo(page, form.getByRole('button', { name: 'Show password' }));
    await page.keyboard.press('Space');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(form.getByRole('button', { name: 'Hide password' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(password).toHaveAttribute('type', 'password');
    await tabTo(page, form.getByRole('button', { name: 'Sign In' }));
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: /Sign in failed|Incorrect|credentials/i })).toBeVisible({
      timeout: DATA_TIMEOUT,
    });

    await tabTo(page, password, { backwards: true });
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(ADMIN.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible({ timeout: DATA_TIMEOUT });
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome Back' })).toBeVisible();
  });
});

test('add a user by keyboard; the Add User dialog traps focus, closes on Escape, returns focus; success is announced @a11y', async ({
  page,
}) => {
  await keyboardSignIn(page, ADMIN);
  await keyboardNavigate(page, '/users');
  await usersLoaded(page);

  const addButton = page.getByRole('main').getByRole('button', { name: 'Add User' });
  await tabTo(page, addButton);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await expectDialogContract(page, dialog, addButton);

  // Errors of the empty form are alerts.
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole('button', { name: 'Add User' }));
  await page.keyboard.press('Enter');
  // Every error of the empty form is an alert (SPEC §5 names the phone one; name and email too).
  for (const message of ['Name is required', 'Email is required', 'Phone number is required']) {
    await expect.soft(dialog.getByRole('alert').filter({ hasText: message }), `"${message}" is announced as an alert`).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();

  const email = uniqueEmail('kbd-add');
  // The success notice arrives in a polite live region (the toaster) as a status. A toast leaves
  // after a few seconds, so the watch starts before the submit: on a busy machine the steps after
  // it can take longer than the toast stays.
  const notifications = page.getByRole('region', { name: /^Notifications/ });
  const announced = notifications
    .getByRole('status')
    .first()
    .waitFor({ state: 'visible', timeout: DATA_TIMEOUT + 20_000 });
  await keyboardAddUser(page, { name: 'Kim Keyboard', email, phoneNumber: '5552223333' });
  await announced;
  await expect(notifications).toHaveAttribute('aria-live', 'polite');
  await expect(addButton).toBeFocused();
  await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false', { timeout: DATA_TIMEOUT });

  const search = page.getByRole('searchbox', { name: 'Search users' });
  await tabTo(page, search, { backwards: true });
  await page.keyboard.type(email);
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(1, { timeout: DATA_TIMEOUT });
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText('Kim Keyboard');
});

test('row actions by keyboard: the edit and delete dialogs trap focus and return it to the actions button @a11y', async ({ page }) => {
  await keyboardSignIn(page, ADMIN);
  await keyboardNavigate(page, '/users');
  await usersLoaded(page);

  const actions = page.getByRole('button', { name: /^Actions for / }).first();
  await tabTo(page, actions);
  await page.keyboard.press('Enter');
  // The menu keeps focus on its list and marks the active item (aria-activedescendant).
  const menu = page.getByRole('menu');
  await expect(menu).toBeFocused();
  const edit = page.getByRole('menuitem', { name: 'Edit' });
  await expect(menu).toHaveAttribute('aria-activedescendant', (await edit.getAttribute('id')) ?? 'missing');
  await page.keyboard.press('Enter');
  await expectDialogContract(page, page.getByRole('dialog', { name: 'Edit User' }), actions);

  await page.keyboard.press('Enter');
  await expect(menu).toBeFocused();
  await page.keyboard.press('End');
  const remove = page.getByRole('menuitem', { name: 'Delete' });
  await expect(menu).toHaveAttribute('aria-activedescendant', (await remove.getAttribute('id')) ?? 'missing');
  await page.keyboard.press('Enter');
  await expectDialogContract(page, page.getByRole('alertdialog', { name: 'Delete user' }), actions);
});

test('Manage Subscription by keyboard: pick a plan, update, set up payment; the dialog traps focus; success is announced @a11y', async ({
  page,
}) => {
  // Stripe.js is a boundary we don't own: the double stands in for https://js.stripe.com.
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: stripeDoubleScript() }),
  );
  await keyboardSignIn(page, ADMIN);
  await keyboardNavigate(page, '/users');
  await usersLoaded(page);
  // A new user: no subscription and no card, so the update asks for a payment method.
  const email = uniqueEmail('kbd-plan');
  await keyboardAddUser(page, { name: 'Pat Planner', email, phoneNumber: '5554445555' });
  await expect(page.getByRole('table', { name: 'Users' })).toHaveAttribute('aria-busy', 'false', { timeout: DATA_TIMEOUT });

  // Focus is back on Add User; the search box is a few stops before it.
  await typeInto(page, page.getByRole('searchbox', { name: 'Search users' }), email, { backwards: true });
  const billingLink = page.getByRole('link', { name: 'View Billing for Pat Planner' });
  await expect(page.getByRole('row')).toHaveCount(2, { timeout: DATA_TIMEOUT });
  await expect(page.getByRole('searchbox', { name: 'Search users' })).toHaveValue(email);
  await tabTo(page, billingLink);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Subscription Status' })).toBeVisible({ timeout: DATA_TIMEOUT });

  const manage = page.getByRole('button', { name: 'Manage Subscription' });
  await tabTo(page, manage);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Manage Subscription - Pat Planner' });
  await expectDialogContract(page, dialog, manage);

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const lite = dialog.getByRole('radio', { name: /Hardline Lite/ });
  const pro = dialog.getByRole('radio', { name: /Hardline Pro/ });
  await expect(lite).toBeChecked();
  await tabTo(page, lite);
  await page.keyboard.press('ArrowRight');
  await expect(pro).toBeChecked();
  await expect(pro).toBeFocused();
  // The price is shown before anything changes (issue 39); the button waits for it.
  await showPrice(dialog);

  await tabTo(page, dialog.getByRole('button', { name: 'Update Subscription' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(/^Payment Method Required:/)).toBeVisible({ timeout: DATA_TIMEOUT });
  const pay = dialog.getByRole('button', { name: 'Setup Payment & Update to Hardline Pro' });
  await expect(pay).toBeEnabled({ timeout: DATA_TIMEOUT });
  await tabTo(page, pay);
  await page.keyboard.press('Enter');

  const success = dialog.getByRole('status').filter({ hasText: /Hardline Pro|success|updated|started/i });
  await expect(success).toBeVisible({ timeout: DATA_TIMEOUT });
  // The modal closes by itself 2 s after a success, and the page shows the new plan.
  await expect(dialog).toBeHidden({ timeout: DATA_TIMEOUT });
  await expect(page.getByRole('region', { name: 'Subscription Status' })).toContainText('Hardline Pro', { timeout: DATA_TIMEOUT });
  await expect(manage, 'focus returns to Manage Subscription after the modal closes').toBeFocused();
});

test('send a chat message by keyboard; the reply arrives in a live log @a11y', async ({ page }) => {
  await keyboardSignIn(page, ADMIN);
  await keyboardNavigate(page, '/ai');
  const log = page.getByRole('log');
  await expect(log).toHaveAttribute('aria-live', 'polite');
  await expect(log).toHaveAccessibleName(/.+/);

  const input = page.getByRole('textbox', { name: 'Ask the assistant' });
  await typeInto(page, input, 'How many users are active?');
  await page.keyboard.press('Enter');
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(log.locator('[data-message-type="user"]')).toContainText('How many users are active?');
  await expect(log.locator('[data-message-type="ai"]')).toHaveCount(1, { timeout: DATA_TIMEOUT });
  await expect(log).toHaveAttribute('aria-busy', 'false');

  // A quick prompt sends from the keyboard too.
  await tabTo(page, page.getByRole('button', { name: 'Weekly Report', exact: true }), { backwards: true });
  await page.keyboard.press('Enter');
  await expect(log.locator('[data-message-type="ai"]')).toHaveCount(2, { timeout: DATA_TIMEOUT });
});

test('the mobile navigation drawer traps focus, closes on Escape and returns focus @a11y', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await keyboardSignIn(page, ADMIN);
  const open = page.getByRole('button', { name: 'Open navigation' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expectDialogContract(page, drawer, open);

  await page.keyboard.press('Enter');
  const usersLink = drawer.getByRole('link', { name: 'User Management' });
  await tabTo(page, usersLink);
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
});
