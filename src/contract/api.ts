/**
 * The contract of the product API (SPEC §3 and §7), as valibot schemas, by area.
 *
 * The console parses every JSON response with these; the reference API in server/ validates its
 * requests with the request schemas and answers in the response shapes, so the two sides cannot
 * drift apart silently. Response objects are not strict: fields the console does not show (SPEC
 * "other fields are not shown") are accepted and dropped.
 *
 * Which method and path each call has, with its schemas, is the route table in ./routes. The
 * activity trail (./audit) and Import CSV (./imports) are not gathered here: the console loads
 * them with the screens that use them, not with the sign-in page.
 */
export * from './shared';
export * from './account';
export * from './users';
export * from './billing';
export * from './assistant';
