/**
 * Hosted URLs from the API (invoices, the payment-method page) are opened only when they are
 * https, or on one of the local stack's own origins; anything else (javascript:, data:, http: on
 * another origin, relative or malformed URLs, URLs carrying credentials) is refused.
 */

export const UNSAFE_URL_MESSAGE = 'This link cannot be opened because it is not a secure (https) address.';

export interface SafeUrlOptions {
  /** Origins trusted even without https, e.g. the local stack's 'http://127.0.0.1:8787'. */
  readonly allowedOrigins?: readonly string[];
}

function originOf(value: string): string | null {
  let origin: string | null = null;
  try {
    origin = new URL(value).origin;
  } catch {
    // Not a URL: it has no origin.
  }
  return origin;
}

/** The normalised URL when it is safe to open, else null. */
export function safeExternalUrl(url: string | null | undefined, options: SafeUrlOptions = {}): string | null {
  // Stryker disable next-line ConditionalExpression,MethodExpression,StringLiteral: equivalent, the try below returns null too when url is not text (trim throws) or blank (new URL throws)
  if (typeof url !== 'string' || url.trim() === '') return null;
  let parsed: URL;
  try {
    // Stryker disable next-line MethodExpression: equivalent, the URL parser itself strips leading and trailing spaces
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.username !== '' || parsed.password !== '') return null;
  if (parsed.protocol === 'https:') return parsed.href;
  if (parsed.protocol !== 'http:') return null;
  // Stryker disable next-line MethodExpression,ArrayDeclaration,ConditionalExpression,LogicalOperator,StringLiteral: equivalent, only http URLs get here and their origin is never null or 'null'; the filter keeps the list clean
  const allowed = (options.allowedOrigins ?? []).map(originOf).filter((o): o is string => o !== null && o !== 'null');
  return allowed.includes(parsed.origin) ? parsed.href : null;
}

/**
 * A return path after sign-in (`/login?next=...`): only a path on this origin, never a
 * protocol-relative (`//host`, `/\host`) or absolute URL, and never the login itself.
 */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next === '/login' || next.startsWith('/login?') || next.startsWith('/login/')) return '/';
  return next;
}
