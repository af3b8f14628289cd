/**
 * Pages the reference API serves in place of the payment provider's hosted pages: the invoice page,
 * the invoice PDF and the payment-method page. They are reached without an Authorization header
 * (opened in a new tab), so the unguessable id or token in the URL is the credential.
 */
import type { Context, Hono } from 'hono';
import type { AppEnv, ServerDeps } from '../core/module';
import { hashToken, newId } from './ids';
import { lockMember } from './model';
import { buildPdf } from './pdf';
import type { PlanType } from '../../src/contract/api';
import { formatCents } from '../../src/domain/money';
import { PLANS } from '../../src/domain/plans';

const HOSTED_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** How long a payment-method page link stays valid. */
export const PAYMENT_METHOD_LINK_TTL_MS = 60 * 60 * 1000;

const STATUS_PAGE_NOTICES: Record<string, string> = {
  added: 'Card added.',
  default: 'Default card updated.',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);
}

function longDate(date: Date): string {
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
}

function securityHeaders(c: Context<AppEnv>): void {
  c.header('Content-Security-Policy', HOSTED_PAGE_CSP);
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
  c.header('X-Frame-Options', 'DENY');
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body { font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; padding: 0 1rem; color: #1a202c; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
th, td { text-align: left; padding: .5rem; border-bottom: 1px solid #e2e8f0; }
.notice { background: #f0fff4; border: 1px solid #9ae6b4; padding: .5rem 1rem; }
.error { background: #fff5f5; border: 1px solid #feb2b2; padding: .5rem 1rem; }
.muted { color: #4a5568; font-size: .9rem; }
label { display: block; margin: .5rem 0 .25rem; }
button { margin-top: .5rem; }
</style>
</head>
<body>
${body}
</body>
</html>`;
}

function htmlResponse(c: Context<AppEnv>, html: string, status: 200 | 400 | 404 = 200): Response {
  securityHeaders(c);
  return c.html(html, status);
}

function notFoundPage(c: Context<AppEnv>, what: string): Response {
  return htmlResponse(c, page('Not found', `<h1>Not found</h1><p>${escapeHtml(what)}</p>`), 404);
}

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
}

async function findSession(deps: ServerDeps, token: string, now: Date): Promise<SessionRow | null> {
  const { rows } = await deps.db.query<SessionRow>(
    `SELECT s.org_id, s.member_id, m.name, m.email
       FROM payment_method_sessions s JOIN members m ON m.id = s.member_id AND m.org_id = s.org_id
      WHERE s.token_hash = $1 AND s.expires_at > $2`,
    [hashToken(token), now],
  );
  return rows[0] ?? null;
}

async function paymentMethodsPage(
  deps: ServerDeps,
  token: string,
  session: SessionRow,
  now: Date,
  notice: string | null,
  error: string | null,
): Promise<string> {
  const { rows: cards } = await deps.db.query<{
    id: string;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    is_default: boolean;
    created_at: Date;
  }>(
    `SELECT id, brand, last4, exp_month, exp_year, is_default, created_at FROM payment_methods
      WHERE member_id = $1 AND org_id = $2 ORDER BY is_default DESC, created_at DESC, id`,
    [session.member_id, session.org_id],
  );
  const base = `/hosted/payment-methods/${encodeURIComponent(token)}`;
  const rows = cards
    .map(
      (card) => `<tr>
<td>${escapeHtml(card.brand.toUpperCase())} •••• ${escapeHtml(card.last4)}</td>
<td>Expires ${card.exp_month}/${card.exp_year}</td>
<td>Added ${escapeHtml(longDate(card.created_at))}</td>
<td>${
        card.is_default
          ? '<strong>Default</strong>'
          : `<form method="post" action="${base}/default"><input type="hidden" name="paymentMethodId" value="${escapeHtml(card.id)}"><button type="submit">Make default</button></form>`
      }</td>
</tr>`,
    )
    .join('\n');
  const year = now.getUTCFullYear();
  const body = `<h1>Payment methods</h1>
<p>${escapeHtml(session.name)} &lt;${escapeHtml(session.email)}&gt;</p>
${notice ? `<p class="notice" role="status">${escapeHtml(notice)}</p>` : ''}
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${cards.length === 0 ? '<p>No payment methods on file</p>' : `<table><thead><tr><th>Card</th><th>Expiry</th><th>Added</th><th>Default</th></tr></thead><tbody>${rows}</tbody></table>`}
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
  return page('Payment methods', body);
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
  created_at: Date;
  name: string;
  email: string;
  org_name: string;
}

async function findInvoice(deps: ServerDeps, id: string): Promise<InvoiceRow | null> {
  if (!/^in_[0-9a-f]{24}$/.test(id)) return null;
  // "Billed to" is the name and email the invoice was issued to, kept on the row: an issued invoice
  // does not change when the member is renamed, and it still answers after the member is deleted.
  const { rows } = await deps.db.query<InvoiceRow>(
    `SELECT i.id, i.number, i.status, i.plan_type, i.amount_due, i.amount_paid, i.has_hosted_page, i.has_pdf, i.created_at,
            i.member_name AS name, i.member_email AS email, o.name AS org_name
       FROM invoices i
       JOIN organizations o ON o.id = i.org_id
      WHERE i.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

export function registerHostedPages(app: Hono<AppEnv>, deps: ServerDeps, clock: () => Date): void {
  app.get('/hosted/invoices/:file', async (c) => {
    const file = c.req.param('file');
    const wantsPdf = file.endsWith('.pdf');
    const invoice = await findInvoice(deps, wantsPdf ? file.slice(0, -4) : file);
    if (!invoice || (wantsPdf ? !invoice.has_pdf : !invoice.has_hosted_page)) return notFoundPage(c, 'This invoice link is not valid.');
    const plan = PLANS[invoice.plan_type];
    if (wantsPdf) {
      const pdf = buildPdf([
        { text: invoice.org_name, size: 12 },
        { text: `Invoice #${invoice.number}`, size: 20 },
        { text: `Date: ${longDate(invoice.created_at)}`, size: 12 },
        { text: `Billed to: ${invoice.name} <${invoice.email}>`, size: 12 },
        { text: `${plan.name} - 1 month: ${formatCents(invoice.amount_due)}`, size: 12 },
        { text: `Amount paid: ${formatCents(invoice.amount_paid)} USD`, size: 14 },
        { text: `Status: ${invoice.status}`, size: 12 },
      ]);
      c.header('Content-Type', 'application/pdf');
      c.header('Content-Disposition', `inline; filename="invoice-${invoice.number}.pdf"`);
      c.header('X-Content-Type-Options', 'nosniff');
      c.header('Cache-Control', 'no-store');
      return c.body(pdf.buffer as ArrayBuffer, 200);
    }
    const body = `<h1>Invoice #${escapeHtml(invoice.number)}</h1>
<p>${escapeHtml(invoice.org_name)}</p>
<table>
<tr><th>Billed to</th><td>${escapeHtml(invoice.name)} &lt;${escapeHtml(invoice.email)}&gt;</td></tr>
<tr><th>Date</th><td>${escapeHtml(longDate(invoice.created_at))}</td></tr>
<tr><th>Status</th><td>${escapeHtml(invoice.status)}</td></tr>
<tr><th>${escapeHtml(plan.name)} (1 month)</th><td>${formatCents(invoice.amount_due)}</td></tr>
<tr><th>Amount paid</th><td>${formatCents(invoice.amount_paid)} USD</td></tr>
</table>
${invoice.has_pdf ? `<p><a href="/hosted/invoices/${escapeHtml(invoice.id)}.pdf">Download PDF</a></p>` : ''}`;
    return htmlResponse(c, page(`Invoice #${invoice.number}`, body));
  });

  app.get('/hosted/payment-methods/:token', async (c) => {
    const token = c.req.param('token');
    const session = await findSession(deps, token, clock());
    if (!session) return notFoundPage(c, 'This payment-method link is invalid or has expired. Ask your administrator for a new one.');
    const noticeKey = c.req.query('notice');
    // Own keys only: `?notice=__proto__` must not read Object.prototype.
    const notice = noticeKey && Object.hasOwn(STATUS_PAGE_NOTICES, noticeKey) ? (STATUS_PAGE_NOTICES[noticeKey] ?? null) : null;
    return htmlResponse(c, await paymentMethodsPage(deps, token, session, clock(), notice, null));
  });

  app.post('/hosted/payment-methods/:token/cards', async (c) => {
    const token = c.req.param('token');
    const now = clock();
    const session = await findSession(deps, token, now);
    if (!session) return notFoundPage(c, 'This payment-method link is invalid or has expired. Ask your administrator for a new one.');
    const form = await c.req.parseBody();
    const checked = validateCard(form, now);
    if ('error' in checked) return htmlResponse(c, await paymentMethodsPage(deps, token, session, now, null, checked.error), 400);
    const { card } = checked;
    await deps.db.transaction(async (tx) => {
      // One card change of a member at a time, as in the billing routes: two tabs adding a first
      // card would both make it default.
      await lockMember(tx, session.org_id, session.member_id);
      const { rows } = await tx.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM payment_methods WHERE member_id = $1 AND org_id = $2',
        [session.member_id, session.org_id],
      );
      const makeDefault = (rows[0]?.n ?? 0) === 0 || form.makeDefault === '1';
      if (makeDefault)
        await tx.query('UPDATE payment_methods SET is_default = false WHERE member_id = $1 AND org_id = $2', [
          session.member_id,
          session.org_id,
        ]);
      await tx.query(
        `INSERT INTO payment_methods (id, org_id, member_id, brand, last4, exp_month, exp_year, is_default, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [newId('pm'), session.org_id, session.member_id, card.brand, card.number.slice(-4), card.expMonth, card.expYear, makeDefault, now],
      );
    });
    return c.redirect(`/hosted/payment-methods/${encodeURIComponent(token)}?notice=added`, 303);
  });

  app.post('/hosted/payment-methods/:token/default', async (c) => {
    const token = c.req.param('token');
    const session = await findSession(deps, token, clock());
    if (!session) return notFoundPage(c, 'This payment-method link is invalid or has expired. Ask your administrator for a new one.');
    const form = await c.req.parseBody();
    const id = typeof form.paymentMethodId === 'string' ? form.paymentMethodId : '';
    const changed = await deps.db.transaction(async (tx) => {
      await lockMember(tx, session.org_id, session.member_id);
      const { rows } = await tx.query<{ id: string }>('SELECT id FROM payment_methods WHERE id = $1 AND member_id = $2 AND org_id = $3', [
        id,
        session.member_id,
        session.org_id,
      ]);
      if (!rows[0]) return false;
      await tx.query('UPDATE payment_methods SET is_default = false WHERE member_id = $1 AND org_id = $2', [
        session.member_id,
        session.org_id,
      ]);
      await tx.query('UPDATE payment_methods SET is_default = true WHERE id = $1 AND org_id = $2', [id, session.org_id]);
      return true;
    });
    if (!changed) return htmlResponse(c, await paymentMethodsPage(deps, token, session, clock(), null, 'That card was not found.'), 400);
    return c.redirect(`/hosted/payment-methods/${encodeURIComponent(token)}?notice=default`, 303);
  });
}
