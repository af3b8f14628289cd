/**
 * Limits the API applies to every request before any route reads it (server/core/app.ts):
 *
 * - `limitBody`: a body larger than LIMITS.requestBodyBytes (64 kB) is answered 413
 *   `{ message }` without being read whole (Content-Length is checked first; a body without one is
 *   counted while it streams in and dropped at the limit).
 * - `refuseControlCharacters`: a control character in the path, a query parameter or a form field
 *   (the hosted pages' POSTs) is answered 400 naming where it was. PostgreSQL cannot store NUL in
 *   text, so such input would otherwise fail deep in a query; JSON bodies are checked by the
 *   contract's schemas (src/contract/api.ts), field by field.
 */
import { createMiddleware } from 'hono/factory';
import { bodyLimit } from 'hono/body-limit';
import { LIMITS, REQUEST_BODY_TOO_LARGE_MESSAGE, hasControlCharacters } from '../../src/domain/limits';
import { ApiError, type AppEnv } from './module';

function limiter(maxSize: number, message: string) {
  return bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, message);
    },
  });
}

/** The body limit of every route, or of its own for the routes `routes` names (ServerModule.bodyLimits). */
export function limitBody(routes: Readonly<Record<string, { maxBytes: number; message: string }>> = {}) {
  const standard = limiter(LIMITS.requestBodyBytes, REQUEST_BODY_TOO_LARGE_MESSAGE);
  const own = new Map(Object.entries(routes).map(([path, limit]) => [path, limiter(limit.maxBytes, limit.message)]));
  return createMiddleware<AppEnv>((c, next) => (own.get(c.req.path) ?? standard)(c, next));
}

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** The first query parameter (name or value) holding a control character, by name. */
function badQueryParameter(queries: Record<string, string[]>): string | null {
  for (const [name, values] of Object.entries(queries)) {
    if (hasControlCharacters(name) || values.some((value) => hasControlCharacters(value))) return name;
  }
  return null;
}

export const refuseControlCharacters = createMiddleware<AppEnv>(async (c, next) => {
  if (hasControlCharacters(c.req.path)) throw new ApiError(400, 'The path must not contain control characters.', 'path');
  const parameter = badQueryParameter(c.req.queries());
  if (parameter !== null) {
    const name = hasControlCharacters(parameter) ? 'query' : parameter;
    throw new ApiError(400, `${name} must not contain control characters`, name);
  }
  if (FORM_TYPES.has(mediaType(c.req.header('Content-Type')))) {
    // Parsed once here (Hono caches the body for the route); line breaks are allowed in form text.
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      throw new ApiError(400, 'The request body must be valid form data.');
    }
    for (const [name, value] of Object.entries(form)) {
      const values = Array.isArray(value) ? value : [value];
      const bad =
        hasControlCharacters(name) ||
        values.some((item) => typeof item === 'string' && hasControlCharacters(item, { allowLineBreaks: true }));
      if (bad) {
        const field = hasControlCharacters(name) ? 'form' : name;
        throw new ApiError(400, `${field} must not contain control characters`, field);
      }
    }
  }
  await next();
});
