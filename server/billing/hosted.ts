/**
 * The local provider's hosted pages (localProvider.ts), in place of a payment provider's: the
 * invoice page, the invoice PDF and the payment-method page. They are reached without an
 * Authorization header (opened in a new tab), so the link is the credential: a signed invoice link
 * with an expiry, or a payment-method token (links.ts). A payment-method link works only while the
 * administrator who asked for it still is one, and every card it adds or makes the default is in
 * the activity trail under their name.
 *
 * HTML is built with hono/html in the API's one page template (server/core/htmlPage.ts: every
 * interpolated value escaped), and every response carries hono/secure-headers with a strict
 * Content-Security-Policy.
 */
import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { secureHeaders } from 'hono/secure-headers';
import { htmlPage, htmlResponse, type Html } from '../core/htmlPage';
import type { AppEnv, ServerDeps } from '../core/module';
import { recordAudit } from '../audit';
import { hashToken, newId } from './ids';
import { assertBillingAdministrator, lockMember } from './changes';
import { invoiceLinkFor, isValidInvoiceLink, type InvoiceFormat } from './links';
import { buildPdf } from './pdf';
import type { PlanType } from '../../src/contract/api';
import { formatCents } from '../../src/domain/money';
import { PLANS } from '../../src/domain/plans';

const STATUS_PAGE_NOTICES: Record<string, string> = {
  added: 'Card added.',
  default: 'Default card updated.',
};

function longDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The headers of every hosted response: hono/secure-headers, a CSP allowing only inline styles and same-origin forms. */
function hostedHeaders(apiOrigin: string) {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'none'"],
      styleSrc: ["'unsafe-inline'"],
      formAction: ["'self'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    // HSTS means something only where the API is served over https.
    strictTransportSecurity: apiOrigin.startsWith('https:') ? 'max-age=15552000; includeSubDomains' : false,
  });
}

function notFoundPage(c: Context<AppEnv>, what: string): Promise<Response> {
  return htmlResponse(c, htmlPage('Not found', html`<h1>Not found</h1><p>${what}</p>`), 404);
}

const PAYMENT_LINK_INVALID = 'This payment-method link is invalid or has expired. Ask your administrator for a new one.';
const INVOICE_LINK_INVALID = 'This invoice link is not valid or has expired. Open the invoice again from the console.';

// ---------------------------------------------------------------------------------------------
// Cards
// ---------------------------------------------------------------------------------------------

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

function cardBrand(digits: string): string | null {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return null;
}

type CardInput = { number: string; expMonth: number; expYear: number };

/** Validates a card from the hosted form; returns an error message or the normalised card. */
function validateCard(form: Record<string, unknown>, now: Date): { error: string } | { card: CardInput & { brand: string } } {
  const raw = typeof form.cardNumber === 'string' ? form.cardNumber.replace(/[\s-]/g, '') : '';
  if (!/^\d{13,19}$/.test(raw) || !luhnValid(raw)) return { error: 'Enter a valid card number.' };
  const brand = cardBrand(raw);
  if (!brand) return { error: 'This card brand is not accepted.' };
  const expMonth = Number(form.expMonth);
  const expYear = Number(form.expYear);
  if (!Number.isInteger(expMonth) || expMonth < 1 || expMonth > 12) return { error: 'Enter the expiry month (1-12).' };
  if (!Number.isInteger(expYear) || expYear < now.getUTCFullYear() || expYear > now.getUTCFullYear() + 20)
    return { error: 'Enter a valid expiry year.' };
  if (expYear === now.getUTCFullYear() && expMonth < now.getUTCMonth() + 1) return { error: 'This card has expired.' };
  return { card: { number: raw, expMonth, expYear, brand } };
}

interface SessionRow {
  org_id: string;
  member_id: string;
  name: string;
  email: string;
  /** The administrator who asked for the link: the actor of what it changes. */
  created_by: string;
}

/**
 * The link's session, while it has not expired and the administrator who asked for it is still an
 * active administrator of the member's organisation (a demoted, deactivated or removed one's links
 * stop working at once).
 */
async function findSession(deps: ServerDeps, token: string, now: Date): Promise<SessionRow | null> {
  const { rows } = await deps.db.query<SessionRow>(
    `SELECT s.org_id, s.member_id, m.name, m.email, s.created_by
       FROM payment_method_sessions s
       JOIN members m ON m.id = s.member_id AND m.org_id = s.org_id
       JOIN members a ON a.id = s.created_by AND a.org_id = s.org_id AND a.is_admin AND a.is_active
      WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [hashToken(token), now],
  );
  return rows[0] ?? null;
}

interface CardRow {
  id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: Date;
}

function cardName(card: { brand: string; last4: string }): string {
  return `${card.brand.toUpperCase()} •••• ${card.last4}`;
}

async function paymentMethodsPage(
  deps: ServerDeps,
  token: string,
  session: SessionRow,
  now: Date,
  notice: string | null,
  error: string | null,
): Promise<Html> {
  const { rows: cards } = await deps.db.query<CardRow>(
    `SELECT id, brand, last4, exp_month, exp_year, is_default, created_at FROM payment_methods
      WHERE member_id = $1 AND org_id = $2 ORDER BY is_default DESC, created_at DESC, id`,
    [session.member_id, session.org_id],
  );
  const base = `/hosted/payment-methods/${encodeURIComponent(token)}`;
  const rows = cards.map(
    (card) => html`<tr>
<td>${cardName(card)}</td>
<td>Expires ${card.exp_month}/${card.exp_year}</td>
<td>Added ${longDate(card.created_at)}</td>
<td>${
      card.is_default
        ? html`<strong>Default</strong>`
        : html`<form method="post" action="${base}/default"><input type="hidden" name="paymentMethodId" value="${card.id}"><button type="submit">Make default</button></form>`
    }</td>
</tr>`,
  );
  const year = now.getUTCFullYear();
  const body = html`<h1>Payment methods</h1>
<p>${session.name} &lt;${session.email}&gt;</p>
${notice ? html`<p class="notice" role="status">${notice}</p>` : ''}
${error ? html`<p class="error" role="alert">${error}</p>` : ''}
${
  cards.length === 0
    ? html`<p>No payment methods on file</p>`
    : html`<table><thead><tr><th>Card</th><th>Expiry</th><th>Added</th><th>Default</th></tr></thead><tbody>${rows}</tbody></table>`
}
<h2>Add a card</h2>
<form method="post" action="${base}/cards">
<label for="cardNumber">Card number</label>
<input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required>
<label for="expMonth">Expiry month</label>
<input id="expMonth" name="expMonth" inputmode="numeric" autocomplete="cc-exp-month" required>
<label for="expYear">Expiry year</label>
<input id="expYear" name="expYear" inputmode="numeric" autocomplete="cc-exp-year" placeholder="${year + 2}" required>
<label><input type="checkbox" name="makeDefault" value="1"> Make this the default card</label>
<button type="submit">Add card</button>
</form>
<p class="muted">This page stands in for the payment provider's hosted page. Only the brand, the last four digits and the expiry are kept. The link expires one hour after it was created.</p>`;
  return htmlPage('Payment methods', body);
}

// ---------------------------------------------------------------------------------------------
// Routes
// ---------------------------------------------------------------------------------------------

interface InvoiceRow {
  id: string;
  number: string;
  status: string;
  plan_type: PlanType;
  amount_due: number;
  amount_paid: number;
  has_hosted_page: boolean;
  has_pdf: boolean;
  description: string | null;
  created_at: Date;
  name: string;
  email: string;
  org_name: string;
}

/**
 * The invoice a signed link opens (the local provider's: Stripe's invoices are on Stripe's pages),
 * or null when the link is not valid, has expired, or the invoice has no such page.
 */
async function findInvoice(
  deps: ServerDeps,
  id: string,
  format: InvoiceFormat,
  query: Record<string, string>,
  now: Date,
): Promise<InvoiceRow | null> {
  if (!/^in_[0-9a-f]{24}$/.test(id)) return null;
  if (!(await isValidInvoiceLink(deps.db, id, format, query['expires'], query['signature'], now))) return null;
  // "Billed to" is the name and email the invoice was issued to, kept on the row: an issued invoice
  // does not change when the member is renamed, and it still answers after the member is deleted.
  const { rows } = await deps.db.query<InvoiceRow>(
    `SELECT i.id, i.number, i.status, i.plan_type, i.amount_due, i.amount_paid, i.has_hosted_page, i.has_pdf, i.description, i.created_at,
            i.member_name AS name, i.member_email AS email, o.name AS org_name
       FROM invoices i
       JOIN organizations o ON o.id = i.org_id
      WHERE i.id = $1 AND i.provider = 'local'`,
    [id],
  );
  const invoice = rows[0];
  if (!invoice || !(format === 'pdf' ? invoice.has_pdf : invoice.has_hosted_page)) return null;
  return invoice;
}

export function registerHostedPages(
  app: Hono<AppEnv>,
  deps: ServerDeps,
  clock: () => Date,
  options: { paymentMethodPages: boolean },
): void {
  app.use('/hosted/*', hostedHeaders(deps.config.apiOrigin));

  app.get('/hosted/invoices/:file', async (c) => {
    const file = c.req.param('file');
    const format: InvoiceFormat = file.endsWith('.pdf') ? 'pdf' : 'page';
    const now = clock();
    const invoice = await findInvoice(deps, format === 'pdf' ? file.slice(0, -4) : file, format, c.req.query(), now);
    if (!invoice) return notFoundPage(c, INVOICE_LINK_INVALID);
    const plan = PLANS[invoice.plan_type];
    const line = invoice.description ?? `${plan.name} - 1 month`;
    if (format === 'pdf') {
      const pdf = buildPdf([
        { text: invoice.org_name, size: 12 },
        { text: `Invoice #${invoice.number}`, size: 20 },
        { text: `Date: ${longDate(invoice.created_at)}`, size: 12 },
        { text: `Billed to: ${invoice.name} <${invoice.email}>`, size: 12 },
        { text: `${line}: ${formatCents(invoice.amount_due)}`, size: 12 },
        { text: `Amount paid: ${formatCents(invoice.amount_paid)} USD`, size: 14 },
        { text: `Status: ${invoice.status}`, size: 12 },
      ]);
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `inline; filename="invoice-${invoice.number}.pdf"`);
      c.header('Cache-Control', 'no-store');
      return c.body(pdf.buffer as ArrayBuffer, 200);
    }
    // The page's own PDF link is signed as the page is shown, like the console's.
    const pdfLink = invoice.has_pdf ? new URL(await invoiceLinkFor(deps.db, deps.config.apiOrigin, invoice.id, 'pdf', now)) : null;
    const body = html`<h1>Invoice #${invoice.number}</h1>
<p>${invoice.org_name}</p>
<table>
<tr><th>Billed to</th><td>${invoice.name} &lt;${invoice.email}&gt;</td></tr>
<tr><th>Date</th><td>${longDate(invoice.created_at)}</td></tr>
<tr><th>Status</th><td>${invoice.status}</td></tr>
<tr><th>${line}</th><td>${formatCents(invoice.amount_due)}</td></tr>
<tr><th>Amount paid</th><td>${formatCents(invoice.amount_paid)} USD</td></tr>
</table>
${pdfLink ? html`<p><a href="${pdfLink.pathname}${pdfLink.search}">Download PDF</a></p>` : ''}`;
    return htmlResponse(c, htmlPage(`Invoice #${invoice.number}`, body));
  });

  if (!options.paymentMethodPages) return;

  app.get('/hosted/payment-methods/:token', async (c) => {
    const token = c.req.param('token');
    const session = await findSession(deps, token, clock());
    if (!session) return notFoundPage(c, PAYMENT_LINK_INVALID);
    const noticeKey = c.req.query('notice');
    // Own keys only: `?notice=__proto__` must not read Object.prototype.
    const notice = noticeKey && Object.hasOwn(STATUS_PAGE_NOTICES, noticeKey) ? (STATUS_PAGE_NOTICES[noticeKey] ?? null) : null;
    return htmlResponse(c, paymentMethodsPage(deps, token, session, clock(), notice, null));
  });

  app.post('/hosted/payment-methods/:token/cards', async (c) => {
    const token = c.req.param('token');
    const now = clock();
    const session = await findSession(deps, token, now);
    if (!session) return notFoundPage(c, PAYMENT_LINK_INVALID);
    const form = await c.req.parseBody();
    const checked = validateCard(form, now);
    if ('error' in checked) return htmlResponse(c, paymentMethodsPage(deps, token, session, now, null, checked.error), 400);
    const { card } = checked;
    const actor = { orgId: session.org_id, memberId: session.created_by };
    await deps.db.transaction(async (tx) => {
      // The administrator is checked again with the organisation's row held (as every billing
      // change), then one card change of the member at a time: two tabs adding a first card would
      // both make it default.
      await assertBillingAdministrator(tx, actor);
      const member = await lockMember(tx, session.org_id, session.member_id);
      const { rows } = await tx.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM payment_methods WHERE member_id = $1 AND org_id = $2 AND provider = 'local'",
        [session.member_id, session.org_id],
      );
      const makeDefault = (rows[0]?.n ?? 0) === 0 || form.makeDefault === '1';
      if (makeDefault)
        await tx.query('UPDATE payment_methods SET is_default = false WHERE member_id = $1 AND org_id = $2', [
          session.member_id,
          session.org_id,
        ]);
      const added = { brand: card.brand, last4: card.number.slice(-4), expMonth: card.expMonth, expYear: card.expYear };
      await tx.query(
        `INSERT INTO payment_methods (id, org_id, member_id, brand, last4, exp_month, exp_year, is_default, created_at, provider)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'local')`,
        [newId('pm'), session.org_id, session.member_id, added.brand, added.last4, added.expMonth, added.expYear, makeDefault, now],
      );
      // Never the number: the brand, the last four digits and the expiry are all that is kept.
      await recordAudit(tx, actor, { kind: 'payment_method.added', member, after: { ...added, isDefault: makeDefault } });
    });
    return c.redirect(`/hosted/payment-methods/${encodeURIComponent(token)}?notice=added`, 303);
  });

  app.post('/hosted/payment-methods/:token/default', async (c) => {
    const token = c.req.param('token');
    const session = await findSession(deps, token, clock());
    if (!session) return notFoundPage(c, PAYMENT_LINK_INVALID);
    const form = await c.req.parseBody();
    const id = typeof form.paymentMethodId === 'string' ? form.paymentMethodId : '';
    const actor = { orgId: session.org_id, memberId: session.created_by };
    const changed = await deps.db.transaction(async (tx) => {
      await assertBillingAdministrator(tx, actor);
      const member = await lockMember(tx, session.org_id, session.member_id);
      const { rows } = await tx.query<CardRow>(
        `SELECT id, brand, last4, exp_month, exp_year, is_default, created_at FROM payment_methods
          WHERE member_id = $1 AND org_id = $2 AND (id = $3 OR is_default)`,
        [session.member_id, session.org_id, id],
      );
      const chosen = rows.find((row) => row.id === id);
      if (!chosen) return false;
      if (chosen.is_default) return true;
      const previous = rows.find((row) => row.is_default);
      await tx.query('UPDATE payment_methods SET is_default = false WHERE member_id = $1 AND org_id = $2', [
        session.member_id,
        session.org_id,
      ]);
      await tx.query('UPDATE payment_methods SET is_default = true WHERE id = $1 AND org_id = $2', [id, session.org_id]);
      await recordAudit(tx, actor, {
        kind: 'payment_method.default_changed',
        member,
        before: { card: previous ? cardName(previous) : null },
        after: { card: cardName(chosen) },
      });
      return true;
    });
    if (!changed) return htmlResponse(c, paymentMethodsPage(deps, token, session, clock(), null, 'That card was not found.'), 400);
    return c.redirect(`/hosted/payment-methods/${encodeURIComponent(token)}?notice=default`, 303);
  });
}
