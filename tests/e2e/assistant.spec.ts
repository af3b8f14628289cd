/**
 * The Assistant against the local stack: real sign-in, the reference API's answers computed from
 * the seeded organisation data. Only the failure and hostile-reply cases replace the ask call
 * (page.route), to model a server fault and a malicious answer.
 */
import type { Locator, Page } from '@playwright/test';
import { QUICK_PROMPTS } from '../../src/domain/assistant';
import { ADMIN } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';

const FAILURE = 'Sorry, I encountered an error. Please try again.';
const ASK = '**/api/copilot/ask';

async function openAssistant(page: Page): Promise<{ log: Locator; input: Locator }> {
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Email').fill(ADMIN.email);
  await form.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Assistant' }).click();
  await expect(page).toHaveURL(/\/ai$/);
  const log = page.getByRole('log');
  await expect(log).toContainText("Hello! I'm your Hardline assistant.");
  return { log, input: page.getByRole('textbox', { name: 'Ask the assistant' }) };
}

const replies = (log: Locator) => log.locator('[data-message-type="ai"]');

/** The reply bubble that follows the question `n` (1-based count of replies so far). */
async function expectAnswerWithSources(log: Locator, count: number): Promise<Locator> {
  await expect(replies(log)).toHaveCount(count, { timeout: 15_000 });
  const reply = replies(log).nth(count - 1);
  await expect(reply).not.toHaveAttribute('data-failed', 'true');
  await expect(reply).toContainText('Sources from organization data');
  await expect(reply.getByRole('list', { name: 'Sources' }).getByRole('listitem').first()).toBeVisible();
  return reply;
}

const TOPIC_TITLES: Record<string, RegExp> = {
  'User Activity': /user activity/i,
  'Call Analytics': /call analytics/i,
  'Task Overview': /task overview/i,
  'Weekly Report': /weekly report/i,
  'Organization Insights': /organi[sz]ation insights/i,
};

test('each quick prompt sends at once and gets an answer with sources @assistant', async ({ page }) => {
  const { log, input } = await openAssistant(page);
  const panel = page.getByRole('region', { name: 'Conversation' });
  await expect.poll(async () => (await panel.boundingBox())?.height).toBe(600);

  for (const [i, prompt] of QUICK_PROMPTS.entries()) {
    await page.getByRole('button', { name: prompt.label, exact: true }).click();
    await expect(log.locator('[data-message-type="user"]').nth(i)).toContainText(prompt.query);
    await expect(input).toBeFocused();
    const reply = await expectAnswerWithSources(log, i + 1);
    await expect(reply.locator('strong').first()).toHaveText(TOPIC_TITLES[prompt.label] ?? /./);
    await expect(reply.getByText(/^\d{1,2}:\d{2} (AM|PM)$/)).toBeVisible();
  }
  // The newest reply is scrolled into view inside the 600px panel.
  await expect(replies(log).last()).toBeInViewport();
});

test('a typed question: Enter sends, Shift+Enter breaks the line; the conversation survives navigation, not sign-out @assistant', async ({
  page,
}) => {
  const { log, input } = await openAssistant(page);
  await input.fill('Which concrete pours');
  await input.press('Shift+Enter');
  await input.pressSequentially('are planned at Harbor Point Tower?');
  await expect(input).toHaveValue('Which concrete pours\nare planned at Harbor Point Tower?');
  await input.press('Enter');
  await expect(input).toHaveValue('');
  await expect(input).toBeFocused();
  await expect(log.locator('[data-message-type="user"]')).toContainText('are planned at Harbor Point Tower?');
  const reply = await expectAnswerWithSources(log, 1);
  await expect(reply).toContainText(/Harbor Point Tower/);

  await page.getByRole('navigation').getByRole('link', { name: 'Dashboard' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('navigation').getByRole('link', { name: 'Assistant' }).click();
  await expect(log.locator('[data-message-type="user"]')).toHaveCount(1);
  await expect(replies(log)).toHaveCount(1);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  const again = await openAssistant(page);
  await expect(again.log.locator('[data-message-type]')).toHaveCount(0);
});

test.describe('when the API fails', () => {
  test.use({ allowedConsoleErrors: [/Failed to load resource: the server responded with a status of 500/] });

  test('the failure bubble appears, the question is kept and Retry asks again @assistant', async ({ page }) => {
    const { log, input } = await openAssistant(page);
    await page.route(ASK, (route) => route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }));
    const question = 'How many open tasks does Harbor Point Tower have?';
    await input.fill(question);
    await input.press('Enter');

    const failure = replies(log).first();
    await expect(failure).toContainText(FAILURE);
    await expect(failure).toHaveAttribute('data-failed', 'true');
    await expect(log.locator('[data-message-type="user"]').first()).toContainText(question);
    await expect(input).toBeEnabled();

    await page.unroute(ASK);
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(log.locator('[data-message-type="user"]')).toHaveCount(2);
    await expect(log.locator('[data-message-type="user"]').nth(1)).toContainText(question);
    await expectAnswerWithSources(log, 2);
    await expect(log.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  });
});

test('a hostile reply renders as inert text and runs nothing @assistant', async ({ page }) => {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const { log, input } = await openAssistant(page);
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '[x](javascript:alert(1))',
    '<img src=x onerror="window.__xss = 1">',
    '![pic](https://example.com/p.png)',
  ];
  await page.route(ASK, (route) =>
    route.fulfill({
      status: 200,
      json: {
        result: { result: payloads.join('\n\n') },
        sources: [{ id: 's1', type: 'web', title: '<script>alert(2)</script>', url: 'javascript:alert(2)' }],
        webSearchUsed: true,
      },
    }),
  );
  await input.fill('<img src=x onerror=alert(3)>');
  await input.press('Enter');

  const reply = replies(log).first();
  await expect(reply).toContainText('Sources from web search');
  await expect(reply.getByText('<script>alert(1)</script>', { exact: true })).toBeVisible();
  await expect(reply.getByText('<img src=x onerror=alert(1)>', { exact: true })).toBeVisible();
  await expect(reply.getByRole('list', { name: 'Sources' })).toHaveText('<script>alert(2)</script> (web)');
  await expect(log.getByText('<img src=x onerror=alert(3)>', { exact: true })).toBeVisible();
  await expect(log.locator('script, img, iframe')).toHaveCount(0);
  await expect(log.locator('a[href^="javascript:" i]')).toHaveCount(0);
  await expect(log.locator('a')).toHaveCount(0);
  await expect(reply.getByText('x', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(dialogs).toEqual([]);
});
