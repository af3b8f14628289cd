/**
 * The activity trail (issue 14) in Chromium against the local stack: one change of each kind, made
 * through the API (member changes) and through the console (billing changes, as billing.spec drives
 * them), then each read back in User Management's Activity section and on the member's billing page.
 *
 * The stack is shared by the run and other workers change members and billing too, so the entries
 * are looked at member by member (the member filter), the members changed here are this file's own
 * (added through the API), and the seeded member whose billing changes is the last one on an active
 * Lite plan with a card that no test has changed yet (billing.spec claims the first ones; the
 * member's whole trail is compared, so it must start empty).
 */
import type { Locator, Page } from '@playwright/test';
import type { User, UserBilling, UserListResponse } from '../../src/contract/api';
import type { AuditListResponse } from '../../src/contract/audit';
import { signInAsAdmin, type ApiSession } from '../support/e2e/accounts';
import { showPrice } from '../support/e2e/billing';
import { expect, test } from '../support/e2e/fixtures';

/** The seeded administrator (server/seed): every change here is theirs. */
const ACTOR = 'Dana Whitfield';

function headers(session: ApiSession) {
  return { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
}

async function call<T>(page: Page, session: ApiSession, method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown) {
  const res = await page.request.fetch(`${session.apiUrl}${path}`, { method, headers: headers(session), ...(data ? { data } : {}) });
  expect(res.ok(), `${method} ${path} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function addMember(page: Page, session: ApiSession, name: string, path: '/api/users' | '/api/users/invite'): Promise<User> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const body = { name, email: `activity-${stamp}@summit.test`, phoneNumber: `+1555${stamp.slice(-7)}`, role: 'Field Worker' };
  return (await call<{ user: User }>(page, session, 'POST', path, body)).user;
}

/**
 * The last seeded member on an active Lite plan with a card (the ones before are billing.spec's)
 * whose activity trail is still empty (no other test has changed them), read through every page:
 * other tests add crews of members, newest first, so the seed's members are not all on the first page.
 */
async function lastActiveLite(page: Page, session: ApiSession): Promise<UserBilling> {
  const users: UserListResponse['users'] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const list = (await (
      await page.request.get(`${session.apiUrl}/api/users?limit=100&page=${pageNo}`, { headers: headers(session) })
    ).json()) as UserListResponse;
    users.push(...list.users);
    if (list.users.length < 100) break;
  }
  const candidates: UserBilling[] = [];
  for (const user of users) {
    const res = await page.request.post(`${session.apiUrl}/api/admin/billing/user`, {
      headers: headers(session),
      data: { userId: user.userId },
    });
    if (!res.ok()) continue;
    const b = (await res.json()) as UserBilling;
    const lite = b.accessLevel === 'lite' && b.subscription?.status === 'active' && !b.subscription.cancelAtPeriodEnd;
    if (lite && b.paymentMethods.length > 0) candidates.push(b);
  }
  for (const b of candidates.reverse()) {
    const trail = await page.request.get(`${session.apiUrl}/api/audit?memberId=${encodeURIComponent(b.userId)}&limit=1`, {
      headers: headers(session),
    });
    expect(trail.ok(), `GET /api/audit answered ${trail.status()}`).toBe(true);
    if (((await trail.json()) as AuditListResponse).total === 0) return b;
  }
  throw new Error('The seed has no unchanged member on an active Lite plan with a card');
}

async function manageSubscription(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Manage Subscription' }).click();
  const dialog = page.getByRole('dialog', { name: `Manage Subscription - ${name}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The Activity section filtered to one member, through the link the billing card gives. */
async function openMemberActivity(page: Page, memberId: string): Promise<Locator> {
  await page.goto(`/users/activity?member=${encodeURIComponent(memberId)}`);
  const list = page.getByRole('list', { name: 'Activity' });
  await expect(list).toHaveAttribute('aria-busy', 'false');
  return list;
}

/**
 * Each entry of `list` in turn holds the matching sentence and values (newest first). Web-first: a
 * list that refreshes after a change (the billing card) may show its older entries for a moment.
 */
async function expectEntries(list: Locator, expected: ReadonlyArray<readonly [string, ...string[]]>) {
  const entries = list.getByTestId('activity-entry');
  await expect(entries).toHaveCount(expected.length);
  for (const [i, [sentence, ...values]] of expected.entries()) {
    await expect(entries.nth(i)).toContainText(sentence);
    for (const value of values) await expect(entries.nth(i)).toContainText(value);
  }
}

test.describe('Activity trail @users', () => {
  test('each kind of change shows in the Activity section and on the member billing page @users', async ({ page, stack, context }) => {
    test.setTimeout(120_000);
    const session = await signInAsAdmin(page, stack);

    // Member changes, through the API: added, invited, edited, licence, status, bulk, deleted.
    // Names of this run's own (--repeat-each runs the test again against the same organisation).
    const run = Array.from({ length: 5 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
    const ANA = `Ana Activity ${run}`;
    const BEN = `Ben Activity ${run}`;
    const ana = await addMember(page, session, ANA, '/api/users');
    const ben = await addMember(page, session, BEN, '/api/users/invite');
    await call(page, session, 'PUT', `/api/users/${ana.userId}`, { role: 'Supervisor' });
    await call(page, session, 'PATCH', `/api/users/${ana.userId}/toggle-license`, { hasLicense: true });
    await call(page, session, 'PATCH', `/api/users/${ana.userId}/toggle-status`, { isActive: false });
    await call(page, session, 'PATCH', '/api/users/bulk', { userIds: [ana.userId, ben.userId], updates: { role: 'Project Manager' } });
    await call(page, session, 'DELETE', `/api/users/${ben.userId}`);

    // Billing changes, through the console: a plan change, a cancellation at period end and its
    // withdrawal, the payment method page, a cancellation now.
    const lena = await lastActiveLite(page, session);
    await page.goto(`/billing/user/${lena.userId}`);
    await expect(page.getByRole('heading', { name: lena.name })).toBeVisible();
    let dialog = await manageSubscription(page, lena.name);
    await dialog.getByText('Hardline Pro', { exact: true }).click();
    await showPrice(dialog);
    await dialog.getByRole('button', { name: 'Update Subscription' }).click();
    await expect(dialog.getByRole('status')).toHaveText(/Subscription updated to Hardline Pro/);
    await expect(dialog).toBeHidden();
    dialog = await manageSubscription(page, lena.name);
    await dialog.getByLabel('Cancellation reason (optional)').fill('Seasonal crew');
    await dialog.getByRole('button', { name: 'Cancel at Period End' }).click();
    await expect(dialog).toBeHidden();
    dialog = await manageSubscription(page, lena.name);
    await dialog.getByRole('button', { name: 'Reactivate' }).click();
    await expect(dialog).toBeHidden();
    const hosted = context.waitForEvent('page');
    await page.getByRole('region', { name: 'Payment Methods' }).getByRole('button', { name: 'Manage' }).click();
    await (await hosted).close();
    dialog = await manageSubscription(page, lena.name);
    await dialog.getByRole('button', { name: 'Cancel Now' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes, cancel now' }).click();
    await expect(dialog).toBeHidden();

    // The billing page's card, read again as the page refreshed after the last change (no reload):
    // the member's five latest, newest first, and the way to all of them.
    const card = page.getByRole('region', { name: 'Recent activity' });
    const recent = card.getByRole('list', { name: 'Recent activity' });
    const lenaEntries: Array<readonly [string, ...string[]]> = [
      [`${ACTOR} canceled the subscription of ${lena.name}`, 'Status: active → canceled'],
      [`${ACTOR} opened the payment method page for ${lena.name}`, 'Link expires: '],
      [`${ACTOR} reactivated the subscription of ${lena.name}`, 'Cancels at period end: yes → no'],
      [`${ACTOR} canceled the subscription of ${lena.name} at period end`, 'Cancels at period end: no → yes', 'Reason: Seasonal crew'],
      [`${ACTOR} changed the plan of ${lena.name}`, 'Plan: Hardline Lite → Hardline Pro'],
    ];
    await expectEntries(recent, lenaEntries);
    await card.getByRole('link', { name: 'See all activity' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/activity\\?member=${lena.userId}$`));
    await expect(page.getByText(`Member: ${lena.name}`)).toBeVisible();
    await expectEntries(page.getByRole('list', { name: 'Activity' }), lenaEntries);

    // Ana's trail, in the Activity section (a section of User Management: its item stays lit).
    const anaList = await openMemberActivity(page, ana.userId);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'User Management' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(
      page.getByRole('navigation', { name: 'User Management sections' }).getByRole('link', { name: 'Activity' }),
    ).toHaveAttribute('aria-current', 'page');
    const anaEntries: Array<readonly [string, ...string[]]> = [
      [`${ACTOR} updated ${ANA} in a bulk change`, 'Role: Supervisor → Project Manager'],
      [`${ACTOR} deactivated ${ANA}`, 'Status: active → pending'],
      [`${ACTOR} granted a license to ${ANA}`, 'License: off → on'],
      [`${ACTOR} edited ${ANA}`, 'Role: Field Worker → Supervisor'],
      [`${ACTOR} added ${ANA}`, `Email: ${ana.email}`, 'Role: Field Worker'],
    ];
    await expectEntries(anaList, anaEntries);
    // Ana's billing page shows the same five.
    await page.goto(`/billing/user/${ana.userId}`);
    await expect(page.getByRole('list', { name: 'Recent activity' })).toHaveAttribute('aria-busy', 'false');
    await expectEntries(page.getByRole('list', { name: 'Recent activity' }), anaEntries);

    // Ben, removed since: his trail still reads with his name.
    const benList = await openMemberActivity(page, ben.userId);
    await expectEntries(benList, [
      [`${ACTOR} deleted ${BEN}`, 'Role: Project Manager'],
      [`${ACTOR} updated ${BEN} in a bulk change`, 'Role: Field Worker → Project Manager'],
      [`${ACTOR} invited ${BEN}`, `Email: ${ben.email}`],
    ]);

    // The kind filter, named in words, narrows the member's trail and goes into the URL.
    await page.getByRole('combobox', { name: 'Kind of change' }).selectOption({ label: 'Member deleted' });
    await expect(page).toHaveURL(new RegExp(`member=${ben.userId}&kind=member.deleted$`));
    await expectEntries(page.getByRole('list', { name: 'Activity' }), [[`${ACTOR} deleted ${BEN}`]]);
    // Removing the member filter keeps the kind: Ben's deletion is among the organisation's.
    await page.getByRole('button', { name: `Remove the member filter (${BEN})` }).click();
    await expect(page).toHaveURL(/\/users\/activity\?kind=member\.deleted$/);
    await expect(
      page
        .getByRole('list', { name: 'Activity' })
        .getByTestId('activity-entry')
        .filter({ hasText: `deleted ${BEN}` }),
    ).toHaveCount(1);
    // Back brings Ben's filter back.
    await page.goBack();
    await expect(page.getByText(`Member: ${BEN}`)).toBeVisible();
  });

  test('Members and Activity are tabs of User Management; a name filters, the time tells the exact moment @users', async ({
    page,
    stack,
  }) => {
    const session = await signInAsAdmin(page, stack);
    const cy = await addMember(page, session, 'Cy Activity', '/api/users');
    await call(page, session, 'PATCH', `/api/users/${cy.userId}/toggle-license`, { hasLicense: true });

    await page.getByRole('link', { name: 'User Management' }).click();
    const sections = page.getByRole('navigation', { name: 'User Management sections' });
    await expect(sections.getByRole('link', { name: 'Members' })).toHaveAttribute('aria-current', 'page');
    await sections.getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL(/\/users\/activity$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('User Management');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link')).toHaveCount(4);

    const list = page.getByRole('list', { name: 'Activity' });
    await expect(list).toHaveAttribute('aria-busy', 'false');
    const entry = list.getByTestId('activity-entry').filter({ hasText: `granted a license to Cy Activity` }).first();
    await expect(entry).toBeVisible();
    // The time: relative, with the exact en-US time on hover.
    const time = entry.locator('time');
    await expect(time).toHaveText(/(now|seconds? ago|minutes? ago)$/);
    await time.hover();
    await expect(entry.getByRole('tooltip')).toBeVisible();
    await expect(entry.getByRole('tooltip')).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M$/);

    // A member's name filters to them.
    await entry.getByRole('button', { name: 'Cy Activity' }).click();
    await expect(page).toHaveURL(new RegExp(`/users/activity\\?member=${cy.userId}$`));
    await expect(page.getByText('Member: Cy Activity')).toBeVisible();
    await expectEntries(list, [[`${ACTOR} granted a license to Cy Activity`, 'License: off → on'], [`${ACTOR} added Cy Activity`]]);
    await sections.getByRole('link', { name: 'Members' }).click();
    await expect(page).toHaveURL(/\/users$/);
  });
});
