/**
 * User Management fits the screen (issue 14), in Chromium against the local stack and its seeded
 * organisation: at 1366×768 and 1280×800 every column and action of the members table (View
 * Billing and the row menu included) lies inside the window, and neither the page nor the table
 * scrolls sideways; at 412 px the members are cards with the same actions, and the page does not
 * scroll sideways, and a member's actions open as a sheet along the bottom; the cards below the
 * screen are drawn when scrolled near, at the height they keep; nor at 320 px with the pager under ten pages or more; 'Last active' shows the exact en-US date and time on hover and on focus.
 * Nothing here changes a member (other workers count them).
 */
import type { Locator, Page } from '@playwright/test';
import type { UserListResponse } from '../../src/contract/api';
import { signInAsAdmin, type ApiSession } from '../support/e2e/accounts';
import { expect, test } from '../support/e2e/fixtures';

const LAPTOPS = [
  { width: 1366, height: 768 },
  { width: 1280, height: 800 },
] as const;
const PHONE = { width: 412, height: 823 } as const;
/** The narrowest phone we lay out for. */
const SMALL_PHONE = { width: 320, height: 640 } as const;

async function api<T>(page: Page, session: ApiSession, path: string): Promise<T> {
  const res = await page.request.get(`${session.apiUrl}${path}`, { headers: { authorization: `Bearer ${session.token}` } });
  expect(res.ok(), `${path} answered ${res.status()}`).toBe(true);
  return (await res.json()) as T;
}

/**
 * The list, most recently active first: the rows then show a 'Last active' time to hover. (Newest
 * first, the default, the first page can be all members other tests just added, never active.)
 */
async function openUsers(page: Page): Promise<void> {
  await page.goto('/users?sort=-lastActive');
  await expect(page.getByRole('heading', { level: 1, name: 'User Management' })).toBeVisible();
}

/** How far the page scrolls sideways (0 when it fits the window). */
function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** `locator` is visible and its box lies within the window's width. */
async function expectInsideWindow(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${what} has no box`);
  const width = page.viewportSize()?.width ?? 0;
  expect(box.x, `${what} starts at x = ${box.x}`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what} ends at x = ${box.x + box.width} in a ${width} px window`).toBeLessThanOrEqual(width);
}

/** The controls of one member, wherever they are shown (a table row or a card). */
function controlsOf(member: Locator): Array<[string, Locator]> {
  return [
    ['select box', member.getByRole('checkbox', { name: /^Select / })],
    ['licence switch', member.getByRole('checkbox', { name: /^License for / })],
    ['View Billing', member.getByRole('link', { name: /^View Billing for / })],
    ['row menu', member.getByRole('button', { name: /^Actions for / })],
  ];
}

/**
 * Hovering, then focusing, a 'Last active' time shows its exact en-US date and time inside the
 * window; Escape hides it.
 */
async function expectExactTimeOnHoverAndFocus(page: Page, members: Locator): Promise<void> {
  const time = members.locator('time').first();
  await expect(time).toHaveText(/^(now|yesterday|last (month|year)|\d+ (second|minute|hour|day|month|year)s? ago)$/);
  const exact = await time.evaluate((el) =>
    new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' })
      .format(new Date(el.getAttribute('datetime') ?? ''))
      .replace(/[\u202f\u00a0]/g, ' '),
  );
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveCount(0);
  await time.hover();
  await expect(tooltip).toHaveText(exact);
  await expectInsideWindow(page, tooltip, 'the tooltip (hover)');
  await page.mouse.move(0, 0);
  await expect(tooltip).toHaveCount(0);
  await time.focus();
  await expect(tooltip).toHaveText(exact);
  await expect(time).toHaveAccessibleDescription(exact);
  await expectInsideWindow(page, tooltip, 'the tooltip (focus)');
  expect(await sidewaysScroll(page), 'the tooltip widens nothing').toBe(0);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  await expect(time).toBeFocused();
}

test.describe('User Management fits the screen @users', () => {
  for (const viewport of LAPTOPS) {
    test(`at ${viewport.width}×${viewport.height} every column and action is visible without scrolling sideways @users`, async ({
      page,
      stack,
    }) => {
      await page.setViewportSize(viewport);
      await signInAsAdmin(page, stack);
      await openUsers(page);
      const table = page.getByRole('table', { name: 'Users' });
      await expect(table).toHaveAttribute('aria-busy', 'false');
      await expect(page.getByRole('list', { name: 'Users' })).toHaveCount(0);

      expect(await sidewaysScroll(page), 'the page scrolls sideways').toBe(0);
      const box = await table.evaluate((t) => ({ scroll: t.parentElement?.scrollWidth ?? 0, client: t.parentElement?.clientWidth ?? 0 }));
      expect(box.scroll, "the table's box scrolls sideways").toBeLessThanOrEqual(box.client);

      const headers = table.getByRole('columnheader');
      await expect(headers).toHaveText([
        '',
        'Name',
        'Email',
        'Last active',
        'Phone',
        'Role',
        'Created',
        'Status',
        'License',
        'Billing',
        'Actions',
      ]);
      for (const header of await headers.all()) await expectInsideWindow(page, header, `header '${await header.textContent()}'`);

      const rows = table.locator('tbody tr');
      await expect.poll(() => rows.count()).toBeGreaterThan(1);
      for (const row of [rows.first(), rows.last()]) {
        for (const [what, control] of controlsOf(row)) await expectInsideWindow(page, control, what);
      }
      await expectExactTimeOnHoverAndFocus(page, table);
    });
  }

  test('at 412 px the members are cards with every action, and no page scrolls sideways @users', async ({ page, stack }) => {
    await page.setViewportSize(PHONE);
    const session = await signInAsAdmin(page, stack);
    await openUsers(page);
    const list = page.getByRole('list', { name: 'Users' });
    await expect(list).toHaveAttribute('aria-busy', 'false');
    await expect(page.getByRole('table')).toHaveCount(0);
    const cards = list.getByRole('listitem');
    await expect(cards).toHaveCount(25);
    expect(await sidewaysScroll(page), 'the page scrolls sideways').toBe(0);
    // The filters take the whole width: a search box you can type in, its label on one line.
    const search = await page.getByRole('searchbox', { name: 'Search users' }).boundingBox();
    expect(search?.width ?? 0, 'the search box is squeezed').toBeGreaterThan(PHONE.width * 0.75);
    const label = await page.getByText('Search users', { exact: true }).boundingBox();
    expect(label?.height ?? 100, "the search box's label wraps").toBeLessThan(30);

    for (const card of [cards.first(), cards.last()]) {
      for (const [what, control] of controlsOf(card)) await expectInsideWindow(page, control, what);
      for (const term of ['Phone', 'Role', 'Created', 'Last active']) await expect(card.locator('dt', { hasText: term })).toBeVisible();
      await expect(card.getByText(/^(active|pending)$/)).toBeVisible();
    }
    await expectInsideWindow(page, page.getByRole('checkbox', { name: 'Select all users on this page' }), 'select all');
    await expectInsideWindow(page, page.getByRole('combobox', { name: 'Sort by' }), 'Sort by');

    // The row menu's actions, inside the window.
    const first = cards.first();
    await first.getByRole('button', { name: /^Actions for / }).click();
    for (const item of ['Edit', /^(Activate|Deactivate)$/, 'Delete']) {
      await expectInsideWindow(page, page.getByRole('menuitem', { name: item }), `menu item ${String(item)}`);
    }
    expect(await sidewaysScroll(page), 'the open menu widens the page').toBe(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    // Selecting shows the bulk actions, which wrap.
    await first.getByRole('checkbox', { name: /^Select / }).check();
    await expect(page.getByRole('region', { name: 'Bulk actions' })).toContainText('1 selected');
    expect(await sidewaysScroll(page), 'the bulk actions widen the page').toBe(0);
    await first.getByRole('checkbox', { name: /^Select / }).uncheck();
    await expect(page.getByRole('region', { name: 'Bulk actions' })).toHaveCount(0);

    await expectExactTimeOnHoverAndFocus(page, list);

    // Sort by, in place of the table's headers.
    await page.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Name (A–Z)' });
    await expect(async () => {
      await expect(list).toHaveAttribute('aria-busy', 'false');
      const byName = await api<UserListResponse>(page, session, '/api/users?sort=name&limit=25');
      const shown = await cards
        .getByRole('link', { name: /^View Billing for / })
        .evaluateAll((links) => links.map((link) => (link.getAttribute('aria-label') ?? '').replace(/^View Billing for /, '')));
      expect(shown).toEqual(byName.users.map((u) => u.name));
    }).toPass({ timeout: 30_000 });

    // Wider than 768 px, the same page shows the table.
    await page.setViewportSize({ width: 769, height: 823 });
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    await expect(list).toHaveCount(0);
    await page.setViewportSize(PHONE);
    await expect(page.getByRole('list', { name: 'Users' }).getByRole('listitem')).toHaveCount(25);
  });

  test("at 412 px a member's actions open as a sheet along the bottom, named for the member, that a scroll does not move and a tap beside closes; less motion when asked @users", async ({
    page,
    stack,
  }) => {
    await page.setViewportSize(PHONE);
    await signInAsAdmin(page, stack);
    await openUsers(page);
    const cards = page.getByRole('list', { name: 'Users' }).getByRole('listitem');
    await expect(cards).toHaveCount(25);
    const card = cards.nth(1);
    const name = (await card.getByRole('link', { name: /^View Billing for / }).getAttribute('aria-label'))?.replace(
      /^View Billing for /,
      '',
    );
    await card.getByRole('button', { name: `Actions for ${name}` }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByText(name ?? '', { exact: true })).toBeVisible();

    // The whole width, on the bottom edge, once it has slid in; the items a finger can hit.
    const sheetBox = async () => {
      const box = await menu.boundingBox();
      return box && { x: Math.round(box.x), width: Math.round(box.width), bottom: Math.round(box.y + box.height) };
    };
    await expect.poll(sheetBox).toEqual({ x: 0, width: PHONE.width, bottom: PHONE.height });
    for (const item of await menu.getByRole('menuitem').all()) expect((await item.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

    // A scroll under it leaves it where it is.
    const edit = await menu.getByRole('menuitem', { name: 'Edit' }).boundingBox();
    await page.mouse.wheel(0, 400);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await menu.getByRole('menuitem', { name: 'Edit' }).boundingBox()).toEqual(edit);

    // A tap beside the sheet, over a card's View Billing link, closes it and follows nothing.
    const link = await cards
      .nth(1)
      .getByRole('link', { name: /^View Billing for / })
      .boundingBox();
    const target = link && link.y + link.height < (edit?.y ?? 0) ? link : { x: 40, y: 120, width: 1, height: 1 };
    await page.mouse.click(target.x + target.width / 2, target.y + target.height / 2);
    await expect(menu).toHaveCount(0);
    await expect(page).toHaveURL(/\/users/);

    // Wider, the menu opens beside its button.
    await page.setViewportSize({ width: 1280, height: 800 });
    const row = page.getByRole('table', { name: 'Users' }).locator('tbody tr').first();
    const button = row.getByRole('button', { name: /^Actions for / });
    await button.click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menu').getByText(name ?? '', { exact: true })).toBeHidden();
    const beside = await page.getByRole('menu').boundingBox();
    const anchor = await button.boundingBox();
    expect(beside?.width ?? 9999, 'the menu is as wide as the window').toBeLessThan(400);
    expect(
      Math.abs((beside?.x ?? 0) + (beside?.width ?? 0) - ((anchor?.x ?? 0) + (anchor?.width ?? 0))),
      'the menu is not beside its button',
    ).toBeLessThan(40);

    // Asked for less motion (the system's setting), menus come and go without their animation.
    const seconds = (value: string) => Number.parseFloat(value) * (value.endsWith('ms') ? 0.001 : 1);
    expect(seconds(await page.getByRole('menu').evaluate((el) => getComputedStyle(el).animationDuration))).toBeGreaterThan(0.05);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await button.click();
    await expect(page.getByRole('menu')).toBeVisible();
    expect(seconds(await page.getByRole('menu').evaluate((el) => getComputedStyle(el).animationDuration))).toBeLessThan(0.001);
  });

  test('on a phone, the cards below the screen are drawn as they are scrolled near, at the height they keep; the exact time stays inside its card @users', async ({
    page,
    stack,
  }) => {
    await page.setViewportSize(SMALL_PHONE);
    await signInAsAdmin(page, stack);
    await openUsers(page);
    const list = page.getByRole('list', { name: 'Users' });
    await expect(list).toHaveAttribute('aria-busy', 'false');
    const cards = list.getByRole('listitem');
    await expect(cards).toHaveCount(25);
    // Whether the browser has drawn each card's content (content-visibility skips it far below).
    const drawn = () =>
      cards.evaluateAll((els) => els.map((el) => el.firstElementChild?.checkVisibility({ contentVisibilityAuto: true }) ?? false));
    await expect.poll(async () => (await drawn())[0], { message: 'the first card is drawn' }).toBe(true);
    expect((await drawn()).at(-1), 'the last card is drawn before it is scrolled near').toBe(false);
    // Every member stays in the page for a reader, a search in the page and a screen reader.
    await expect(cards.last().getByRole('link', { name: /^View Billing for / })).toHaveCount(1);
    const height = () => page.evaluate(() => document.documentElement.scrollHeight);
    const before = await height();
    for (let i = 0; i < 40 && !(await drawn()).at(-1); i += 1) await page.mouse.wheel(0, 300);
    await expect.poll(async () => (await drawn()).at(-1), { message: 'the last card is drawn once scrolled near' }).toBe(true);
    // A card not yet drawn is as tall as a drawn one: the page does not grow or shrink as it scrolls.
    expect(await height(), 'the page height, scrolled to the last card').toBe(before);

    // The exact time of 'Last active' opens inside its card, which clips what overflows it.
    const card = cards.filter({ has: page.locator('time') }).first();
    await card.scrollIntoViewIfNeeded();
    await card.locator('time').first().focus();
    const tip = page.getByRole('tooltip');
    await expect(tip).toBeVisible();
    const [tipBox, cardBox] = [await tip.boundingBox(), await card.boundingBox()];
    if (!tipBox || !cardBox) throw new Error('the tooltip or its card has no box');
    expect(tipBox.x, 'the tooltip starts inside its card').toBeGreaterThanOrEqual(cardBox.x);
    expect(tipBox.x + tipBox.width, 'the tooltip ends inside its card').toBeLessThanOrEqual(cardBox.x + cardBox.width);
  });

  test('at 320 px the pager of ten pages or more fits the window: on the first page, in the middle and on the last @users', async ({
    page,
    stack,
  }) => {
    await page.setViewportSize(SMALL_PHONE);
    const session = await signInAsAdmin(page, stack);
    // The seeded organisation has 240 members (ten pages) or more: other workers only add members.
    const { total } = await api<UserListResponse>(page, session, '/api/users?limit=25');
    expect(total, 'members in the organisation').toBeGreaterThan(9 * 25);
    const pager = page.getByRole('navigation', { name: 'pagination' });
    for (const [path, current] of [
      ['/users', 'page 1'],
      ['/users?page=5', 'page 5'],
    ] as const) {
      await page.goto(path);
      await expect(pager.getByRole('button', { name: current, exact: true })).toHaveAttribute('aria-current', 'page');
      for (const button of await pager.getByRole('button').all()) {
        await expectInsideWindow(page, button, `${path}: pager button '${await button.getAttribute('aria-label')}'`);
      }
      expect(await sidewaysScroll(page), `${path}: the page scrolls sideways`).toBe(0);
    }
    // The last page is one step away.
    await pager.getByRole('button', { name: /^last page, page \d+$/ }).click();
    await expect(pager.getByRole('button', { name: 'next page', exact: true })).toBeDisabled();
    expect(await sidewaysScroll(page), 'on the last page, the page scrolls sideways').toBe(0);
  });
});
