/**
 * The API's own HTML pages, for a person whose browser opened a link or posted a form: the local
 * provider's hosted pages (server/billing/hosted.ts) and the rate limit's 429 for such a form post
 * (./rateLimit.ts). One template, built with hono/html (every interpolated value escaped), and one
 * way to answer with it: never cached.
 */
import type { Context } from 'hono';
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { AppEnv } from './module';

export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

export function htmlPage(title: string, body: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title}</title>
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

/**
 * What every page may do: nothing but its own inline style and posting its forms to this origin,
 * never framed (the hosted pages' secure headers say the same; these hold for a page answered before
 * that middleware runs, such as the rate limit's 429).
 */
const HTML_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/** Answers with a page (`Cache-Control: no-store`: it may name an account's cards or invoices). */
export async function htmlResponse(
  c: Context<AppEnv>,
  content: Html | Promise<Html>,
  status: 200 | 400 | 404 | 429 = 200,
): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', HTML_PAGE_CSP);
  c.header('X-Frame-Options', 'DENY');
  c.header('Referrer-Policy', 'no-referrer');
  return c.html(await content, status);
}
