// @vitest-environment node
/**
 * The console pages' preloads (scripts/build/signed-in-preloads.ts): the routes from the route
 * table's data (src/views/app/routeTable.ts), the page each is served from, and the marked links
 * login.html drops. What a build announces per page is checked on a real build in bundle-size.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { matchesRoute, pageOf, routesOf, withoutSignedInPreloads } from '../../scripts/build/signed-in-preloads';
import { ROUTE_LIST } from '../../src/views/app/routeTable';

describe('signed-in preloads', () => {
  it('reads every route of the route table with its screen and the machines it starts', () => {
    const routes = routesOf(ROUTE_LIST);
    expect(routes).toEqual([
      { path: '/', roots: ['src/views/dashboard/DashboardScreen.tsx', 'src/machines/dashboard/index.ts'] },
      { path: '/users', roots: ['src/views/users/UsersScreen.tsx', 'src/machines/usersList/index.ts'] },
      { path: '/users/activity', roots: ['src/views/users/ActivityScreen.tsx', 'src/machines/activity/index.ts'] },
      { path: '/billing', roots: ['src/views/billing/BillingOverviewScreen.tsx', 'src/machines/billingOverview/index.ts'] },
      {
        path: '/billing/user/:userId',
        roots: ['src/views/billing/UserBillingScreen.tsx', 'src/machines/userBilling/index.ts', 'src/machines/activity/index.ts'],
      },
      { path: '/ai', roots: ['src/views/assistant/AssistantScreen.tsx'] },
    ]);
  });

  it('refuses a route table without a home page, rather than building pages without preloads', () => {
    expect(() => routesOf(ROUTE_LIST.filter((route) => route.path !== '/'))).toThrow(/no route at \//);
  });

  it('serves / from index.html and every other route from a page named after its path', () => {
    expect(pageOf('/')).toBe('index.html');
    expect(pageOf('/users')).toBe('users.html');
    expect(pageOf('/users/activity')).toBe('users/activity.html');
    // A route with parameters: one page for all its addresses.
    expect(pageOf('/billing/user/:userId')).toBe('billing/user/[userId].html');
  });

  it("knows a route's addresses: a `:name` segment is any one non-empty segment", () => {
    expect(matchesRoute('/billing/user/:userId', '/billing/user/6f1c-42')).toBe(true);
    expect(matchesRoute('/billing/user/:userId', '/billing/user/')).toBe(false);
    expect(matchesRoute('/billing/user/:userId', '/billing/user/a/b')).toBe(false);
    expect(matchesRoute('/billing/user/:userId', '/billing/users/a')).toBe(false);
    expect(matchesRoute('/users', '/users')).toBe(true);
    expect(matchesRoute('/users', '/users/activity')).toBe(false);
    expect(matchesRoute('/', '/')).toBe(true);
  });

  it("drops the console's marked preloads and keeps the entry's own", () => {
    const html = [
      '<head>',
      '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime.js">',
      '<link rel="modulepreload" crossorigin href="/assets/SignedInApp.js" data-signed-in>',
      '<link rel="modulepreload" crossorigin href="/assets/console.js" data-signed-in>',
      '</head>',
    ].join('\n');
    expect(withoutSignedInPreloads(html)).toBe(
      ['<head>', '<link rel="modulepreload" crossorigin href="/assets/rolldown-runtime.js">', '</head>'].join('\n'),
    );
  });
});
