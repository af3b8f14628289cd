import { createHash, randomBytes } from 'node:crypto';

/** A provider-style id (`in_…`, `pm_…`, `seti_…`) with 96 random bits: unguessable, hex only. */
export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString('hex')}`;
}

/** A bearer token for a hosted page URL (256 random bits, URL-safe). */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Hosted-page tokens are stored hashed, so the table never holds a usable credential. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A stable invoice-number prefix per member, like the provider's customer prefix. */
export function invoicePrefix(memberId: string): string {
  return createHash('sha256').update(memberId).digest('hex').slice(0, 8).toUpperCase();
}
