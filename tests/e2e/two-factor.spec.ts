/**
 * Two-factor sign-in with an authenticator app end to end (issue 13), in real Chromium against the
 * local stack's cognito-local: turned on from the account menu with the code of the key the dialog
 * shows, asked for at the next sign-in (a wrong code first), and turned off with a current code.
 * The authenticator app is otplib, computing real codes from the key (the boundary we do not own:
 * the person's phone). Each test signs up an account of its own, so no other suite's sign-in meets
 * a code step. The screens are scanned with axe on the way (the a11y figures count them).
 */
import type { Page } from '@playwright/test';
import { generateSync } from 'otplib';
import { expectSignedIn, freshEmail, signUp, submitSignIn } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';
import { chooseMenuItem } from '../support/e2e/menus';
import { formatViolations, recordScan, scanPage, type ScanKind } from '../support/e2e/axe';
import type { StackHandle } from '../support/e2e/stack-handle';

const PASSWORD = 'Summit#Code2026';
const WRONG_CODE_MESSAGE = 'That code is not right. Check your authenticator app and try again.';

// Refusals of the identity service (a wrong code) are HTTP 400s, which Chromium logs.
test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 400/] });

/** The app's code now. */
const codeNow = (secret: string): string => generateSync({ secret });

/** A 6-digit code the app shows in no window the pool accepts (the previous, this and the next 30 s). */
function wrongCode(secret: string): string {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set([-60, -30, 0, 30, 60].map((offset) => generateSync({ secret, epoch: now + offset })));
  for (let n = 0; ; n += 1) {
    const candidate = String(n * 111_111 + 13)
      .padStart(6, '0')
      .slice(-6);
    if (!valid.has(candidate)) return candidate;
  }
}

async function scan(page: Page, kind: ScanKind, label: string): Promise<void> {
  await test.step(`axe: ${kind} ${label}`, async () => {
    await page.mouse.move(0, 0);
    const violations = await scanPage(page);
    recordScan({ kind, label, violations: violations.length });
    expect.soft(violations.length, `${kind} "${label}" has axe violations:\n${formatViolations(violations)}`).toBe(0);
  });
}

/** The Sign In form sent; the console or the code step follows. */
const signInWithPassword = (page: Page, email: string): Promise<void> => submitSignIn(page, { email, password: PASSWORD });

/** Create Account, the emailed code, then the first sign-in (which sets up the workspace). */
async function signUpAndSignIn(page: Page, stack: StackHandle, email: string): Promise<void> {
  await signUp(page, stack, { email, password: PASSWORD, fullName: 'Tess Token', phone: '(415) 555-0177', organization: 'Token Builders' });
  await signInWithPassword(page, email);
}

async function openTwoFactor(page: Page, email: string) {
  await page.getByRole('button', { name: `Account: ${email}` }).click();
  await chooseMenuItem(page, 'Two-factor sign-in');
  const dialog = page.getByRole('dialog', { name: /two-factor/i });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
}

test.describe('two-factor sign-in @auth', () => {
  test('turn on with the app, sign in with its code (a wrong one first), turn off @auth', async ({ page, stack }) => {
    const email = freshEmail('tess', 'two-factor');
    await signUpAndSignIn(page, stack, email);
    await expectSignedIn(page, email);

    // Turn on: the QR code of the otpauth:// URI and the key as text, then the app's first code.
    let dialog = await openTwoFactor(page, email);
    await expect(dialog.getByText('Off', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Set up' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const keyText = dialog.getByTestId('two-factor-key');
    await expect(keyText).toHaveText(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const key = (await keyText.textContent()) ?? '';
    expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const secret = key.replace(/\s/g, '');
    const codeInput = dialog.getByLabel('6-digit code');
    await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    await scan(page, 'dialog', 'two-factor setup');

    await codeInput.fill(wrongCode(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: WRONG_CODE_MESSAGE })).toBeVisible();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();

    await codeInput.fill(codeNow(secret));
    await dialog.getByRole('button', { name: 'Turn on' }).click();
    await expect(dialog.getByText('Two-factor sign-in is on.')).toBeVisible();
    await expect(dialog.getByText('On', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // The next sign-in asks for the code: a wrong one is refused and can be entered again.
    await signOut(page);
    await signInWithPassword(page, email);
    await expect(page.getByRole('heading', { name: 'Two-Factor Authentication' })).toBeVisible();
    const signInCode = page.getByLabel('Authentication code');
    await expect(signInCode).toHaveAttribute('autocomplete', 'one-time-code');
    await scan(page, 'route', '/login Two-Factor Authentication');
    await signInCode.fill(wrongCode(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByRole('alert').filter({ hasText: WRONG_CODE_MESSAGE })).toBeVisible();
    await scan(page, 'form', 'two-factor code with a wrong code');
    await signInCode.fill(codeNow(secret));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectSignedIn(page, email);

    // Turn off with a current code; the next sign-in asks for the password only.
    dialog = await openTwoFactor(page, email);
    await expect(dialog.getByText('On', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    const offCode = dialog.getByLabel('6-digit code');
    await offCode.fill(wrongCode(secret));
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: WRONG_CODE_MESSAGE })).toBeVisible();
    await offCode.fill(codeNow(secret));
    await dialog.getByRole('button', { name: 'Turn off' }).click();
    await expect(dialog.getByText('Two-factor sign-in is off.')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await signOut(page);
    await signInWithPassword(page, email);
    await expectSignedIn(page, email);
  });

  test('the setup fits a phone, from the account button of the phone header @auth', async ({ page, stack }) => {
    const email = freshEmail('phone', 'two-factor');
    await page.setViewportSize({ width: 390, height: 844 });
    // A slow link: the menu's code (a chunk fetched once the header shows) arrives late, so the
    // Account button is tapped while its stand-in is on screen; the tap opens the menu on arrival.
    let releaseMenu = (): void => undefined;
    let menuRequests = 0;
    const menuHeld = new Promise<void>((resolve) => (releaseMenu = resolve));
    await page.route(/\/assets\/AccountMenuLive-[^/]*\.js$/, async (route) => {
      menuRequests += 1;
      await menuHeld;
      await route.continue();
    });
    await signUpAndSignIn(page, stack, email);
    const account = page.getByRole('button', { name: 'Account', exact: true });
    await expect(account).toBeVisible({ timeout: 30_000 });
    await account.click();
    releaseMenu();
    await chooseMenuItem(page, 'Two-factor sign-in');
    const dialog = page.getByRole('dialog', { name: /two-factor/i });
    await dialog.getByRole('button', { name: 'Set up' }).click();
    await expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    expect(menuRequests, 'the menu code was held back until the tap').toBe(1);
    // Nothing scrolls sideways, and the code field and its button are within the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const control of [dialog.getByLabel('6-digit code'), dialog.getByRole('button', { name: 'Turn on' })]) {
      await control.scrollIntoViewIfNeeded();
      const box = await control.boundingBox();
      expect(box, 'on screen').not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= 390).toBe(true);
    }
    await scan(page, 'dialog', 'two-factor setup (phone)');
  });
});
