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
  if (typeof url !== 'string') return null;
  // The URL parser strips leading and trailing spaces and control characters only, not a no-break space.
  const text = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    // Not a URL (a blank one included).
    return null;
  }
  if (parsed.username !== '' || parsed.password !== '') return null;
  if (parsed.protocol === 'https:') return parsed.href;
  if (parsed.protocol !== 'http:') return null;
  // An http URL's origin is never 'null', so an allowed entry with no origin (or the opaque 'null') matches none.
  return options.allowedOrigins?.some((allowed) => originOf(allowed) === parsed.origin) ? parsed.href : null;
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
