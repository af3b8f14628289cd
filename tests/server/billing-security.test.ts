// @vitest-environment node
/**
 * Issue 37's findings about billing (items 6 and 7), on the local provider's hosted pages:
 * - hono/secure-headers on every hosted response, hono/html escaping what the pages show;
 * - a payment-method link works only while the administrator who asked for it still is one, and
 *   every card it adds or makes the default is in the activity trail under their name;
 * - invoice links expire, and a fresh one is given on request.
 * (Billing writes re-checking the caller inside their transaction: billing-provider.suite.ts.)
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { HostedUrlResponseSchema, InvoiceLinkResponseSchema, UserBillingSchema } from '../../src/contract/api';
import { findBillingFixtures, type BillingFixtures } from '../../server/billing';
import { API_ORIGIN, NOW, createHarness, type Harness } from './support-billing/harness';

let h: Harness;
let fx: Required<BillingFixtures>;

beforeAll(async () => {
  h = await createHarness();
}, 180_000);

beforeEach(async () => {
  await h.resetBilling();
  await h.db.query('DELETE FROM audit_entries');
  fx = (await findBillingFixtures(h.db, 'org-a')) as Required<BillingFixtures>;
});

/** A second administrator of org-a, for the tests that change the first one's rights. */
async function secondAdmin(): Promise<string> {
  const id = 'org-a-admin-2';
  await h.db.query(
    `INSERT INTO members (id, org_id, name, email, phone_number, role, has_license, is_active, is_admin, created_at)
     VALUES ($1, 'org-a', 'Second Admin', 'second@org-a.example', '+15550000002', 'Admin', true, true, true, $2)
     ON CONFLICT (id) DO UPDATE SET is_admin = true, is_active = true`,
    [id, NOW],
  );
  return id;
}

async function paymentMethodsPath(userId: string, asAdmin: string = h.orgA.adminId): Promise<string> {
  h.actAs({ orgId: 'org-a', memberId: asAdmin, isAdmin: true });
  const res = await h.json('POST', '/api/admin/billing/update-payment-method', { userId });
  expect(res.status).toBe(200);
  h.asAdminOf(h.orgA);
  return v.parse(HostedUrlResponseSchema, res.body).hostedUrl.slice(API_ORIGIN.length);
}

const addCard = (path: string, cardNumber: string, makeDefault: boolean) =>
  h.app.request(`${path}/cards`, {
    method: 'POST',
    body: new URLSearchParams({ cardNumber, expMonth: '4', expYear: '2031', ...(makeDefault ? { makeDefault: '1' } : {}) }),
  });

describe('the hosted payment-method page', () => {
  it('stops working once the administrator who asked for it is demoted, deactivated or removed', async () => {
    const creator = await secondAdmin();
    const path = await paymentMethodsPath(fx.free.userId, creator);
    expect((await h.app.request(path)).status).toBe(200);

    for (const change of ['is_admin = false', 'is_active = false']) {
      await h.db.query(`UPDATE members SET ${change} WHERE id = $1`, [creator]);
      const page = await h.app.request(path);
      expect(page.status).toBe(404);
      expect(await page.text()).toContain('Ask your administrator for a new one.');
      expect((await addCard(path, '4242 4242 4242 4242', true)).status).toBe(404);
      await h.db.query('UPDATE members SET is_admin = true, is_active = true WHERE id = $1', [creator]);
      expect((await h.app.request(path)).status).toBe(200);
    }
    await h.db.query('DELETE FROM members WHERE id = $1', [creator]);
    expect((await h.app.request(path)).status).toBe(404);
    expect((await h.json('POST', '/api/admin/billing/user', { userId: fx.free.userId })).body).toMatchObject({ paymentMethods: [] });
  });

  it('records every card added or made the default there, under the administrator who opened it, never the number', async () => {
    const creator = await secondAdmin();
    const path = await paymentMethodsPath(fx.free.userId, creator);
    expect((await addCard(path, '4242 4242 4242 4242', false)).status).toBe(303);
    expect((await addCard(path, '5555 5555 5555 4444', false)).status).toBe(303);
    const billing = v.parse(UserBillingSchema, (await h.json('POST', '/api/admin/billing/user', { userId: fx.free.userId })).body);
    const mastercard = billing.paymentMethods.find((m) => m.last4 === '4444');
    const made = await h.app.request(`${path}/default`, {
      method: 'POST',
      body: new URLSearchParams({ paymentMethodId: mastercard?.id ?? '' }),
    });
    expect(made.status).toBe(303);

    const { rows } = await h.db.query<{ kind: string; actor_id: string; before: unknown; after: unknown; row: string }>(
      `SELECT kind, actor_id, before, after, row_to_json(a)::text AS row FROM audit_entries a WHERE member_id = $1 ORDER BY created_at, kind`,
      [fx.free.userId],
    );
    expect(rows.map(({ kind, actor_id, before, after }) => ({ kind, actor_id, before, after }))).toEqual([
      { kind: 'payment_method.page_opened', actor_id: creator, before: null, after: { expiresAt: expect.any(String) } },
      {
        kind: 'payment_method.added',
        actor_id: creator,
        before: null,
        after: { brand: 'visa', last4: '4242', expMonth: 4, expYear: 2031, isDefault: true },
      },
      {
        kind: 'payment_method.added',
        actor_id: creator,
        before: null,
        after: { brand: 'mastercard', last4: '4444', expMonth: 4, expYear: 2031, isDefault: false },
      },
      {
        kind: 'payment_method.default_changed',
        actor_id: creator,
        before: { card: 'VISA •••• 4242' },
        after: { card: 'MASTERCARD •••• 4444' },
      },
    ]);
    expect(rows.map((r) => r.row).join('')).not.toMatch(/4242 ?4242|5555 ?5555/);
  });

  it('is served with hono/secure-headers and escapes what it shows', async () => {
    await h.db.query('UPDATE members SET name = $2 WHERE id = $1', [fx.free.userId, '<script>alert("x")</script> & Co']);
    const page = await h.app.request(await paymentMethodsPath(fx.free.userId));
    expect(page.status).toBe(200);
    const headers = Object.fromEntries(page.headers);
    expect(headers).toMatchObject({
      'content-security-policy':
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'DENY',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
      'cache-control': 'no-store',
    });
    // Served over http here: no HSTS, which means something only over https.
    expect(headers['strict-transport-security']).toBeUndefined();
    const html = await page.text();
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co');
    expect(html).not.toContain('<script>');
  });
});

describe('invoice links', () => {
  it('expire, and the console gets a fresh one for the member’s invoice when it opens it', async () => {
    const billing = v.parse(
      UserBillingSchema,
      (await h.json('POST', '/api/admin/billing/user', { userId: fx.lite_with_card.userId })).body,
    );
    const [invoice] = billing.recentInvoices;
    if (!invoice?.hostedInvoiceUrl) throw new Error('expected an invoice with a page');
    const listed = invoice.hostedInvoiceUrl.slice(API_ORIGIN.length);
    expect((await h.app.request(listed)).status).toBe(200);

    h.clock.now = new Date(NOW.getTime() + 60 * 60_000);
    expect((await h.app.request(listed)).status).toBe(404);
    const res = await h.json('POST', '/api/admin/billing/invoice-link', {
      userId: fx.lite_with_card.userId,
      invoiceId: invoice.id,
      format: 'page',
    });
    expect(res.status).toBe(200);
    const fresh = v.parse(InvoiceLinkResponseSchema, res.body).url;
    expect(fresh).not.toBe(invoice.hostedInvoiceUrl);
    const page = await h.app.request(fresh.slice(API_ORIGIN.length));
    expect(page.status).toBe(200);
    expect(page.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // The page's own PDF link is signed as well.
    const pdfHref = /href="([^"]+\.pdf\?[^"]+)"/.exec(await page.text())?.[1]?.replaceAll('&amp;', '&');
    expect(pdfHref).toMatch(/\?expires=\d+&signature=/);
    expect((await h.app.request(pdfHref ?? '')).status).toBe(200);
  });

  it('are not given for an invoice without that link, or another member’s, or to a non-administrator', async () => {
    const noLinks = v.parse(
      UserBillingSchema,
      (await h.json('POST', '/api/admin/billing/user', { userId: fx.invoices_without_links.userId })).body,
    );
    const [none] = noLinks.recentInvoices;
    const link = (userId: string, invoiceId: string, format: 'page' | 'pdf') =>
      h.json('POST', '/api/admin/billing/invoice-link', { userId, invoiceId, format });
    expect((await link(fx.invoices_without_links.userId, none?.id ?? '', 'page')).status).toBe(404);
    expect((await link(fx.lite_with_card.userId, none?.id ?? '', 'pdf')).status).toBe(404);
    h.actAs({ orgId: 'org-a', memberId: fx.lite_with_card.userId, isAdmin: false });
    expect((await link(fx.invoices_without_links.userId, none?.id ?? '', 'page')).status).toBe(403);
    h.asAdminOf(h.orgA);
    expect((await link(fx.invoices_without_links.userId, none?.id ?? '', 'nope' as 'pdf')).status).toBe(400);
  });
});
