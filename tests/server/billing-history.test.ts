// @vitest-environment node
/**
 * Issue 11, item 7: deleting a member keeps the organisation's invoices and transactions, under the
 * name (and, on invoices, the email) the member had at the time; the hosted invoice page and PDF keep
 * answering. A deleted member first sits in Recently deleted with their history still linked; the
 * purge (server/users/purge.ts) removes them for good 30 days later, and their own billing state
 * (subscription, trial, cards, open payment setups, payment-method links) goes with them. A database
 * made with the first billing schema is upgraded in place to the same shape as a new one.
 *
 * The deletion goes through the real route: the app is built from the server's modules
 * (server/index.ts serverModules), signed-in with test tokens (tests/server/support/api.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { BillingOverviewSchema, UpdateSubscriptionResponseSchema, UserBillingSchema, type UserBilling } from '../../src/contract/api';
import { serverModules } from '../../server';
import { billingOverview } from '../../server/billing/model';
import { purgeRecentlyDeleted } from '../../server/users/purge';
import { createLocalProvider } from '../../server/billing/localProvider';
import { endRemovedMembersBilling } from '../../server/billing/removals';
import type { Database, Queryable } from '../../server/core/db';
import { addMembers, createTestApi, signUpOrganisation, type TestApi } from './support/api';
import { migrationSql, openTestDatabase } from './support/db';
import { billingSchemaSqlV1 } from './support-billing/schema-v1';

const BILLING_TABLES = [
  'subscriptions',
  'trials',
  'payment_methods',
  'invoices',
  'transactions',
  'setup_intents',
  'billing_fixtures',
  'payment_method_sessions',
];

/** Rows a member still owns, per billing table that describes the member's current state. */
async function ownRowsOf(db: Queryable, memberId: string): Promise<Record<string, number>> {
  const { rows } = await db.query<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM subscriptions WHERE member_id = $1) AS subscriptions,
            (SELECT count(*)::int FROM trials WHERE member_id = $1) AS trials,
            (SELECT count(*)::int FROM payment_methods WHERE member_id = $1) AS payment_methods,
            (SELECT count(*)::int FROM setup_intents WHERE member_id = $1) AS setup_intents,
            (SELECT count(*)::int FROM payment_method_sessions WHERE member_id = $1) AS payment_method_sessions`,
    [memberId],
  );
  return rows[0] ?? {};
}

describe('deleting a member through DELETE /api/users/:id', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await createTestApi(serverModules);
  }, 120_000);

  afterAll(async () => {
    await api.close();
  });

  it("keeps the organisation's invoices and transactions, linked while the member is in Recently deleted; once purged, under the name at the time with no member; the hosted invoice and PDF answer throughout", async () => {
    const org = await signUpOrganisation(api, 'Ridgeline Framing');
    const [danaId = '', samId = ''] = await addMembers(api, org.orgId, [
      { name: 'Dana Whitfield', email: 'dana@ridgeline.example', phoneNumber: '+15550101010' },
      { name: 'Sam Ortiz', email: 'sam@ridgeline.example', phoneNumber: '+15550101011' },
    ]);
    const asAdmin = async (method: string, path: string, body?: unknown) => {
      const res = await api.call(method, path, { sub: org.adminSub, ...(body === undefined ? {} : { body }) });
      return { status: res.status, body: (await res.json()) as unknown };
    };
    const subscribe = async (userId: string, planType: 'lite' | 'pro') => {
      const update = await asAdmin('POST', `/api/admin/billing/update-subscription?userId=${userId}`, { planType });
      expect(update.status).toBe(200);
      const setupIntentId = (v.parse(UpdateSubscriptionResponseSchema, update.body).clientSecret ?? '').split('_secret_')[0] ?? '';
      const done = await asAdmin('POST', `/api/admin/billing/complete-subscription?userId=${userId}`, { setupIntentId, planType });
      expect(done.status).toBe(200);
    };

    // Dana subscribes to Pro (a card, an invoice, two transactions), schedules a cancellation and gets
    // a payment-method link; Sam subscribes to Lite.
    await subscribe(danaId, 'pro');
    await subscribe(samId, 'lite');
    await asAdmin('POST', '/api/admin/billing/cancel-subscription', { userId: danaId, cancelAtPeriodEnd: true });
    expect((await asAdmin('POST', '/api/admin/billing/update-payment-method', { userId: danaId })).status).toBe(200);
    const dana = v.parse(UserBillingSchema, (await asAdmin('POST', '/api/admin/billing/user', { userId: danaId })).body);
    const invoice = dana.recentInvoices[0];
    if (!invoice?.hostedInvoiceUrl || !invoice.invoicePdf) throw new Error('expected an invoice with both links');
    // Signed links (server/billing/links.ts): the path and its query.
    const pathOf = (url: string) => `${new URL(url).pathname}${new URL(url).search}`;
    const pagePath = pathOf(invoice.hostedInvoiceUrl);
    const pdfPath = pathOf(invoice.invoicePdf);
    // Dana changes her name after the invoice was issued: the history keeps the name it was issued to.
    await api.db.query('UPDATE members SET name = $2 WHERE id = $1', [danaId, 'Dana Ross']);
    // Invoice links are signed as they are read, with an expiry from the clock: compared without the signature.
    const unsigned = (billing: UserBilling): UserBilling => ({
      ...billing,
      recentInvoices: billing.recentInvoices.map((i) => ({
        ...i,
        hostedInvoiceUrl: i.hostedInvoiceUrl && new URL(i.hostedInvoiceUrl).pathname,
        invoicePdf: i.invoicePdf && new URL(i.invoicePdf).pathname,
      })),
    });
    const samBefore = unsigned(v.parse(UserBillingSchema, (await asAdmin('POST', '/api/admin/billing/user', { userId: samId })).body));

    const removed = await asAdmin('DELETE', `/api/users/${danaId}`);
    expect(removed.status).toBe(200);

    // The hosted invoice page and its PDF answer, billed to whom it was issued to.
    const expectInvoiceLinksAnswer = async () => {
      const page = await api.app.request(pagePath);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`Invoice #${invoice.number}`);
      expect(html).toContain('Dana Whitfield &lt;dana@ridgeline.example&gt;');
      expect(html).toContain('$129.99');
      const pdf = await api.app.request(pdfPath);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const pdfText = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
      expect(pdfText).toContain(`(Invoice #${invoice.number}) Tj`);
      expect(pdfText).toContain('(Billed to: Dana Whitfield <dana@ridgeline.example>) Tj');
    };
    // The overview lists them under the name at the time; the member no longer counts as a user.
    const expectOverview = async () => {
      const overview = v.parse(BillingOverviewSchema, (await asAdmin('GET', '/api/admin/billing/overview')).body);
      expect(overview.totalUsers).toBe(2);
      expect(overview.subscriptionBreakdown).toEqual({ pro: 0, lite: 1, trial: 0, free: 1 });
      expect(
        overview.recentTransactions
          .filter((t) => t.userName === 'Dana Whitfield')
          .map((t) => [t.type, t.amount])
          .sort(),
      ).toEqual([
        ['payment_succeeded', 12999],
        ['subscription_created', 12999],
      ]);
      expect(overview.recentTransactions.filter((t) => t.userName === 'Sam Ortiz')).toHaveLength(2);
    };
    // In the tables: the rows, with the snapshot, linked to `memberId` (null once the member is removed for good).
    const expectHistoryLinkedTo = async (memberId: string | null) => {
      const { rows: invoices } = await api.db.query<{
        id: string;
        member_id: string | null;
        member_name: string;
        member_email: string;
        amount_paid: number;
      }>(`SELECT id, member_id, member_name, member_email, amount_paid FROM invoices WHERE org_id = $1 AND member_name LIKE 'Dana%'`, [
        org.orgId,
      ]);
      expect(invoices).toEqual([
        { id: invoice.id, member_id: memberId, member_name: 'Dana Whitfield', member_email: 'dana@ridgeline.example', amount_paid: 12999 },
      ]);
      const { rows: transactions } = await api.db.query<{ type: string; member_id: string | null; amount: number }>(
        `SELECT type, member_id, amount FROM transactions WHERE org_id = $1 AND member_name = 'Dana Whitfield' ORDER BY type`,
        [org.orgId],
      );
      expect(transactions).toEqual([
        { type: 'payment_succeeded', member_id: memberId, amount: 12999 },
        { type: 'subscription_created', member_id: memberId, amount: 12999 },
      ]);
    };

    // Deleted, Dana is in Recently deleted (docs/USERS.md): the history is all there, still linked to
    // her (a restore brings everything back), and no longer counted or billed.
    await expectInvoiceLinksAnswer();
    await expectOverview();
    await expectHistoryLinkedTo(danaId);
    expect((await asAdmin('POST', '/api/admin/billing/user', { userId: danaId })).status).toBe(404);

    // 30 days later her subscription is canceled first (server/billing/removals.ts), then the
    // clean-up (server/users/purge.ts) removes her for good, both with their clock injected.
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000);
    const provider = createLocalProvider({ db: api.db, clock: () => later, apiOrigin: 'http://127.0.0.1:8787' });
    expect((await endRemovedMembersBilling({ db: api.db, provider, clock: () => later }, later)).canceled).toEqual([danaId]);
    const purged = await purgeRecentlyDeleted({ db: api.db, userPool: api.userPool }, later);
    expect(purged.map((p) => p.id)).toEqual([danaId]);

    // The invoices and transactions stay, under the name at the time, no longer linked to the member;
    // the hosted invoice page and its PDF still answer.
    await expectHistoryLinkedTo(null);
    await expectInvoiceLinksAnswer();
    await expectOverview();
    // With the cancellation, under the name she had then.
    const { rows: canceled } = await api.db.query<{ member_id: string | null; member_name: string; amount: number }>(
      `SELECT member_id, member_name, amount FROM transactions WHERE org_id = $1 AND type = 'subscription_canceled'`,
      [org.orgId],
    );
    expect(canceled).toEqual([{ member_id: null, member_name: 'Dana Ross', amount: 0 }]);

    // The member's own billing state went with them: no subscription left to bill, no card kept.
    expect((await asAdmin('POST', '/api/admin/billing/user', { userId: danaId })).status).toBe(404);
    expect(await ownRowsOf(api.db, danaId)).toEqual({
      subscriptions: 0,
      trials: 0,
      payment_methods: 0,
      setup_intents: 0,
      payment_method_sessions: 0,
    });
    // Nobody else's billing changed.
    expect(unsigned(v.parse(UserBillingSchema, (await asAdmin('POST', '/api/admin/billing/user', { userId: samId })).body))).toEqual(
      samBefore,
    );
  });
});

describe('upgrading a database made with the first billing schema', () => {
  /** The billing tables' columns, constraints and indexes, in a stable order. */
  async function shapeOf(db: Database) {
    const columns = await db.query(
      `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = ANY($1) ORDER BY table_name, column_name`,
      [BILLING_TABLES],
    );
    const constraints = await db.query(
      `SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS definition
         FROM pg_constraint c WHERE c.conrelid::regclass::text = ANY($1) ORDER BY 1, 2`,
      [BILLING_TABLES],
    );
    const indexes = await db.query(
      `SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = current_schema() AND tablename = ANY($1) ORDER BY 1, 2`,
      [BILLING_TABLES],
    );
    return { columns: columns.rows, constraints: constraints.rows, indexes: indexes.rows };
  }

  it('keeps every row, fills the name snapshots, stops cascading to history, and ends in the shape of a new database', async () => {
    // The database before billing's migration (0005), with the first billing schema instead.
    const old = await openTestDatabase({ target: 4 });
    await old.exec(billingSchemaSqlV1);
    // A new database at the same version (the Assistant's 0006 adds indexes to billing's tables).
    const fresh = await openTestDatabase({ target: 5 });
    try {
      await old.exec(`
        INSERT INTO organizations (id, name) VALUES ('org-u', 'Upgrade Co');
        INSERT INTO members (id, org_id, name, email, phone_number, role, is_admin) VALUES
          ('u-admin', 'org-u', 'Uma Admin', 'uma@upgrade.example', '+15550200000', 'Admin', true),
          ('u-lee', 'org-u', 'Lee Carver', 'lee@upgrade.example', '+15550200001', 'Field Worker', false);
        INSERT INTO subscriptions (id, org_id, member_id, plan_type, status, current_period_start, current_period_end) VALUES
          ('sub_u1', 'org-u', 'u-lee', 'pro', 'active', '2025-06-01T00:00:00Z', '2025-07-01T00:00:00Z');
        INSERT INTO payment_methods (id, org_id, member_id, brand, last4, exp_month, exp_year, is_default) VALUES
          ('pm_u1', 'org-u', 'u-lee', 'visa', '4242', 12, 2028, true);
        INSERT INTO invoices (id, org_id, member_id, number, status, plan_type, amount_due, amount_paid, created_at) VALUES
          ('in_u1', 'org-u', 'u-lee', 'U-0001', 'paid', 'pro', 12999, 12999, '2025-06-01T00:00:00Z');
        INSERT INTO transactions (id, org_id, member_id, type, status, amount, description, invoice_id, created_at) VALUES
          ('txn_u1', 'org-u', 'u-lee', 'payment_succeeded', 'succeeded', 12999, 'Hardline Pro - first month', 'in_u1', '2025-06-01T00:00:00Z');
        -- The first version made a setup intent per update-subscription call.
        INSERT INTO setup_intents (id, org_id, member_id, client_secret, plan_type, status, created_at) VALUES
          ('seti_old', 'org-u', 'u-admin', 'seti_old_secret', 'lite', 'requires_payment_method', '2025-06-01T00:00:00Z'),
          ('seti_new', 'org-u', 'u-admin', 'seti_new_secret', 'lite', 'requires_payment_method', '2025-06-02T00:00:00Z'),
          ('seti_pro', 'org-u', 'u-admin', 'seti_pro_secret', 'pro', 'requires_payment_method', '2025-06-01T00:00:00Z');
      `);

      await old.exec(migrationSql('billing'));
      await old.exec(migrationSql('billing')); // applied again: nothing more changes

      const upgraded = await shapeOf(old);
      expect(upgraded.columns).toContainEqual(
        expect.objectContaining({ table_name: 'invoices', column_name: 'member_name', is_nullable: 'NO' }),
      );
      expect(upgraded.constraints).toContainEqual(
        expect.objectContaining({
          conname: 'transactions_member_id_fkey',
          definition: 'FOREIGN KEY (member_id) REFERENCES members(id) ON DELETE SET NULL',
        }),
      );
      expect(upgraded).toEqual(await shapeOf(fresh));
      expect((await old.query('SELECT id, member_id, member_name, member_email FROM invoices')).rows).toEqual([
        { id: 'in_u1', member_id: 'u-lee', member_name: 'Lee Carver', member_email: 'lee@upgrade.example' },
      ]);
      expect((await old.query('SELECT id, member_name FROM transactions')).rows).toEqual([{ id: 'txn_u1', member_name: 'Lee Carver' }]);
      expect((await old.query('SELECT id, status FROM setup_intents ORDER BY id')).rows).toEqual([
        { id: 'seti_new', status: 'requires_payment_method' },
        { id: 'seti_old', status: 'canceled' },
        { id: 'seti_pro', status: 'requires_payment_method' },
      ]);

      await old.query(`DELETE FROM members WHERE id = 'u-lee'`);
      expect((await old.query('SELECT id, member_id, member_name FROM invoices')).rows).toEqual([
        { id: 'in_u1', member_id: null, member_name: 'Lee Carver' },
      ]);
      expect((await old.query('SELECT id, member_id, invoice_id FROM transactions')).rows).toEqual([
        { id: 'txn_u1', member_id: null, invoice_id: 'in_u1' },
      ]);
      expect(await ownRowsOf(old, 'u-lee')).toEqual({
        subscriptions: 0,
        trials: 0,
        payment_methods: 0,
        setup_intents: 0,
        payment_method_sessions: 0,
      });
      // The overview counts from the tallies billing's schema keeps (server/migrations/0005.do.billing.sql):
      // the upgrade above filled them from the database's rows, and the triggers followed the delete.
      const overview = await billingOverview(old, 'org-u', new Date('2025-06-11T15:00:00Z'));
      expect(overview.recentTransactions).toEqual([expect.objectContaining({ id: 'txn_u1', userName: 'Lee Carver', amount: 12999 })]);
      expect(overview).toMatchObject({
        totalUsers: 1,
        subscribedUsers: 0,
        subscriptionBreakdown: { pro: 0, lite: 0, trial: 0, free: 1 },
        unpaidInvoices: 0,
      });
    } finally {
      await old.close();
      await fresh.close();
    }
  }, 120_000);
});
