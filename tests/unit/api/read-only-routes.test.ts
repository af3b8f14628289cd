// @vitest-environment node
/**
 * `readOnly` in the route table (src/contract/routes/route.ts): a POST that only reads may be made
 * ahead of need, as a GET may. The mark belongs on POSTs that change nothing; on anything else it
 * would either say nothing (a GET) or let the console repeat a change (a PUT, a DELETE, a POST that
 * writes).
 */
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src/contract/routes';

describe('read-only routes', () => {
  it('are POSTs, each reading what SPEC §7 sends in a body', () => {
    const marked = ROUTES.filter((route) => route.readOnly);
    expect(marked.map((route) => `${route.method} ${route.path} ${route.operation}`)).toEqual([
      'POST /api/admin/billing/user billing.user',
    ]);
    for (const route of marked) expect(route.created, route.operation).toBeUndefined();
  });
});
