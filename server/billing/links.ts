/**
 * Links to the local provider's hosted pages. Both are credentials: whoever holds one sees the page,
 * without signing in.
 *
 * - Invoice page and PDF: `/hosted/invoices/<id>[.pdf]?expires=<unix seconds>&signature=<HMAC>`,
 *   valid INVOICE_LINK_TTL_MS. The signature covers the format, the invoice and the expiry, with a
 *   key kept in PostgreSQL (`billing_link_keys`, made by the first process that needs it), so every
 *   API process signs and checks alike. The member's billing answer lists links signed as it is
 *   read, and the console asks for a fresh one when an invoice is opened
 *   (POST /api/admin/billing/invoice-link).
 * - Payment-method page: a random token, stored hashed in `payment_method_sessions` with its expiry
 *   (PAYMENT_METHOD_LINK_TTL_MS) and the administrator who asked for it; it stops working once that
 *   administrator no longer is one (hosted.ts).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from './db';

/** How long a payment-method page link stays valid. */
export const PAYMENT_METHOD_LINK_TTL_MS = 60 * 60 * 1000;
/** How long a signed invoice link stays valid. */
const INVOICE_LINK_TTL_MS = 15 * 60 * 1000;

export type InvoiceFormat = 'page' | 'pdf';

const keys = new WeakMap<Db, Promise<Buffer>>();

async function loadKey(db: Db): Promise<Buffer> {
  await db.query('INSERT INTO billing_link_keys (id, secret) VALUES (1, $1) ON CONFLICT (id) DO NOTHING', [
    randomBytes(32).toString('base64url'),
  ]);
  const { rows } = await db.query<{ secret: string }>('SELECT secret FROM billing_link_keys WHERE id = 1');
  const secret = rows[0]?.secret;
  if (!secret) throw new Error('billing_link_keys holds no key');
  return Buffer.from(secret, 'base64url');
}

/** The signing key, read once per database handle. */
function linkKey(db: Db): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

function signature(key: Buffer, format: InvoiceFormat, invoiceId: string, expires: number): string {
  return createHmac('sha256', key).update(`${format}\n${invoiceId}\n${expires}`).digest('base64url');
}

/** A link to the invoice's page or PDF on `apiOrigin`, valid INVOICE_LINK_TTL_MS from `now`. */
export async function invoiceLinkFor(db: Db, apiOrigin: string, invoiceId: string, format: InvoiceFormat, now: Date): Promise<string> {
  const expires = Math.floor((now.getTime() + INVOICE_LINK_TTL_MS) / 1000);
  const query = new URLSearchParams({ expires: String(expires), signature: signature(await linkKey(db), format, invoiceId, expires) });
  return `${apiOrigin}${invoicePath(invoiceId, format)}?${query}`;
}

/** The path of the invoice's page or PDF (the signature goes in the query). */
function invoicePath(invoiceId: string, format: InvoiceFormat): string {
  return `/hosted/invoices/${invoiceId}${format === 'pdf' ? '.pdf' : ''}`;
}

/** Whether `expires` and `signed` make a valid, unexpired link to that invoice's page or PDF at `now`. */
export async function isValidInvoiceLink(
  db: Db,
  invoiceId: string,
  format: InvoiceFormat,
  expires: string | undefined,
  signed: string | undefined,
  now: Date,
): Promise<boolean> {
  if (!expires || !signed || !/^\d{1,12}$/.test(expires)) return false;
  const at = Number(expires);
  if (at * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(await linkKey(db), format, invoiceId, at));
  const given = Buffer.from(signed);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
