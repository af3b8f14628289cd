/**
 * The route table (src/views/app/routes.tsx) as its four readers use it: the router of the
 * signed-in console (SignedInApp.tsx, including the user id of /billing/user/:userId), the header's
 * title and subtitle, the sidebar's items and the one lit for the current page, and the start-up
 * prefetch (prefetch.ts). The screens are stand-ins: what is tested is which one a path opens.
 */
import { ChakraProvider } from '@chakra-ui/react';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ReactNode } from 'react';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { authMachine } from '../../../src/machines/auth';
import { MachinesProvider } from '../../../src/views/app/machinesContext';
import { prefetchScreen } from '../../../src/views/app/prefetch';
import type { Services } from '../../../src/services';
import { NAV_ITEMS, ROUTES, headingAt, pageTitleAt, routeAt } from '../../../src/views/app/routes';
import { ROUTE_LIST } from '../../../src/views/app/routeTable';
import { APP_TITLE } from '../../../src/views/shared/useDocumentTitle';
import { SignedInApp } from '../../../src/views/app/SignedInApp';
import { getSystem } from '../../../src/views/theme/system';
import { nextTurn } from '../../support/turn';

// Stand-ins for the screens; `loaded` records which screen modules have been fetched.
const { loaded, standIn } = vi.hoisted(() => {
  const loaded = new Set<string>();
  return {
    loaded,
    standIn: (name: string) => {
      loaded.add(name);
      return () => <p data-testid="screen">{name}</p>;
    },
  };
});
vi.mock('../../../src/views/dashboard/DashboardScreen', () => ({ DashboardScreen: standIn('dashboard') }));
vi.mock('../../../src/views/users/UsersScreen', () => ({ UsersScreen: standIn('users') }));
vi.mock('../../../src/views/users/ActivityScreen', () => ({ ActivityScreen: standIn('activity') }));
vi.mock('../../../src/views/billing/BillingOverviewScreen', () => ({ BillingOverviewScreen: standIn('billing overview') }));
vi.mock('../../../src/views/billing/UserBillingScreen', () => {
  standIn('user billing');
  return { UserBillingScreen: ({ userId }: { userId: string }) => <p data-testid="screen">user billing {userId}</p> };
});
vi.mock('../../../src/views/assistant/AssistantScreen', () => ({ AssistantScreen: standIn('assistant') }));
// The Assistant's conversation is not what is tested here (tests/views/assistant).
vi.mock('../../../src/views/assistant/ChatProvider', () => ({ ChatProvider: ({ children }: { children: ReactNode }) => children }));

if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}

/**
 * Renders the signed-in console at `path`, inside an awaited `act`: the console's chunk, the route's
 * screen and machines are loaded on first use (React's `use` suspends until they are here), and only
 * an awaited act lets React render again once they arrive. A test that runs first in the file (a
 * shuffled order) loads them itself instead of finding them loaded by an earlier test.
 */
async function renderConsoleAt(path: string) {
  const location = memoryLocation({ path, record: true });
  let unmount = () => undefined as void;
  // An awaited act around render, which Testing Library wraps in a synchronous one only.
  // eslint-disable-next-line testing-library/no-unnecessary-act
  await act(async () => {
    ({ unmount } = render(
      <ChakraProvider value={getSystem()}>
        <MachinesProvider machines={{}} actors={{ auth: createActor(authMachine) }}>
          <Router hook={location.hook} searchHook={location.searchHook}>
            <SignedInApp />
          </Router>
        </MachinesProvider>
      </ChakraProvider>,
    ));
  });
  return Object.assign(location, { unmount });
}

const currentNavItem = () =>
  within(screen.getByRole('navigation', { name: 'Main', hidden: true }))
    .queryAllByRole('link', { hidden: true })
    .filter((link) => link.getAttribute('aria-current') === 'page')
    .map((link) => link.textContent);

/**
 * Once the route table the prefetch asked for is here, and the turn in which the prefetch acted on it
 * is over: what the prefetch starts from the table has started by then.
 */
async function routeTableHere(): Promise<void> {
  await import('../../../src/views/app/routes');
  await nextTurn();
}

/** Machine loaders that record being called and never finish. */
const loaders = () => ({
  chat: vi.fn(() => new Promise<never>(() => undefined)),
  dashboard: vi.fn(() => new Promise<never>(() => undefined)),
  usersList: vi.fn(() => new Promise<never>(() => undefined)),
  billingOverview: vi.fn(() => new Promise<never>(() => undefined)),
  userBilling: vi.fn(() => new Promise<never>(() => undefined)),
  activity: vi.fn(() => new Promise<never>(() => undefined)),
});

describe("the route table's data (routeTable.ts, which the build scripts read)", () => {
  it('is the router table: the same paths and machines in the same order, and each route shows the screen its data names', async () => {
    expect(ROUTES.map((r) => ({ path: r.path, screen: r.screenModule, machines: r.machines }))).toEqual(
      ROUTE_LIST.map((r) => ({ path: r.path, screen: r.screen, machines: r.machines })),
    );
    for (const route of ROUTES) {
      // The screen's code is the module the data names: it exports the component named after the file.
      const exportName = route.screenModule.split('/').pop() as string;
      const module = (await route.screen.load()) as Record<string, unknown>;
      expect(Object.keys(module), route.path).toContain(exportName);
      const source = await import(/* @vite-ignore */ resolve(`src/views/${route.screenModule}.tsx`));
      expect(module[exportName], route.path).toBe((source as Record<string, unknown>)[exportName]);
    }
  });
});

describe('start-up prefetch', () => {
  it("fetches the screen of the address, its machine and the Assistant's machine", async () => {
    const machines = loaders();
    prefetchScreen('/users', machines);
    expect(machines.chat).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(machines.usersList).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(loaded).toContain('users'));
    expect([machines.dashboard, machines.billingOverview, machines.userBilling].map((m) => m.mock.calls.length)).toEqual([0, 0, 0]);
  });

  const screenOf = { dashboard: 'dashboard', billingOverview: 'billing overview', userBilling: 'user billing' } as const;
  it.each([
    ['/', 'dashboard'],
    ['/billing', 'billingOverview'],
    ['/billing/user/u-7', 'userBilling'],
  ] as const)('%s: the %s machine', async (path, key) => {
    const machines = loaders();
    prefetchScreen(path, machines);
    await vi.waitFor(() => expect(machines[key]).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(loaded).toContain(screenOf[key]));
    const others = (['dashboard', 'usersList', 'billingOverview', 'userBilling'] as const).filter((k) => k !== key);
    expect(others.map((k) => machines[k].mock.calls.length)).toEqual([0, 0, 0]);
  });

  it("/users/activity: the Activity screen and the activity machine; a member's billing page fetches it too (its card)", async () => {
    const machines = loaders();
    prefetchScreen('/users/activity', machines);
    await vi.waitFor(() => expect(machines.activity).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(loaded).toContain('activity'));
    expect(
      [machines.dashboard, machines.usersList, machines.billingOverview, machines.userBilling].map((m) => m.mock.calls.length),
    ).toEqual([0, 0, 0, 0]);
    const billing = loaders();
    prefetchScreen('/billing/user/u-7', billing);
    await vi.waitFor(() => expect(billing.userBilling).toHaveBeenCalledTimes(1));
    await vi.waitFor(() => expect(billing.activity).toHaveBeenCalledTimes(1));
    expect(billing.usersList).not.toHaveBeenCalled();
  });

  it('the Assistant and unknown paths: the Assistant machine only', async () => {
    for (const path of ['/ai', '/nowhere', '/login']) {
      const machines = loaders();
      prefetchScreen(path, machines);
      await routeTableHere();
      expect(machines.chat).toHaveBeenCalledTimes(1);
      if (path === '/ai') await vi.waitFor(() => expect(loaded).toContain('assistant'));
      expect(
        [machines.dashboard, machines.usersList, machines.billingOverview, machines.userBilling].map((m) => m.mock.calls.length),
      ).toEqual([0, 0, 0, 0]);
    }
  });
});

describe("the start-up's reads of the screen's first load (a tab with a session)", () => {
  /** Services whose API records the reads made ahead of need; nothing else is used by them. */
  function recordingServices(path: string) {
    const reads: string[] = [];
    const read = (name: string) =>
      vi.fn((...args: unknown[]) => {
        const options = args.at(-1) as { ahead?: boolean } | undefined;
        const member = typeof args[0] === 'string' ? `(${args[0]})` : '';
        reads.push(`${name}${member}${options?.ahead ? ' ahead' : ''}`);
        return new Promise<never>(() => undefined);
      });
    const services = {
      api: {
        users: { list: read('users.list'), stats: read('users.stats') },
        billing: { overview: read('billing.overview'), user: read('billing.user') },
      },
      address: { current: () => ({ path, query: '', state: null }) },
      storage: { loadUsersView: () => null },
    } as unknown as Services;
    return { services, reads };
  }

  it.each([
    ['/', ['users.stats ahead', 'billing.overview ahead']],
    ['/users', ['users.list ahead', 'users.stats ahead']],
    ['/users/activity', []],
    ['/billing', ['billing.overview ahead']],
    ['/billing/user/u-7', ['billing.user(u-7) ahead']],
    ['/ai', []],
    ['/nowhere', []],
  ])('%s: %j', async (path, expected) => {
    const { services, reads } = recordingServices(path);
    const machines = loaders();
    prefetchScreen(path, machines, services);
    // The reads start as soon as the route table is here.
    await routeTableHere();
    expect(reads.sort()).toEqual([...expected].sort());
  });

  it('without services (a tab without a session, prefetching on its first keystroke): no reads', async () => {
    const { reads } = recordingServices('/users');
    const machines = loaders();
    prefetchScreen('/users', machines);
    await routeTableHere();
    expect(reads).toEqual([]);
  });
});

describe('the signed-in console', () => {
  it.each([
    ['/', 'dashboard', 'Welcome Back', "Here's what is happening across your team today.", 'Dashboard'],
    ['/users', 'users', 'User Management', 'Find, add and manage the people on your team.', 'User Management'],
    // A section of User Management, not a navigation item of its own: 'User Management' stays lit.
    [
      '/users/activity',
      'activity',
      'User Management',
      'Who changed what, and when: every change made to members and their billing.',
      'User Management',
    ],
    [
      '/users/activity?member=u-42&kind=member.edited',
      'activity',
      'User Management',
      'Who changed what, and when: every change made to members and their billing.',
      'User Management',
    ],
    ['/billing', 'billing overview', 'Billing Overview', null, 'Billing Overview'],
    ['/billing/user/u-42', 'user billing u-42', 'User Billing', null, 'Billing Overview'],
    ['/ai', 'assistant', 'Assistant', 'Ask about activity, calls and tasks across your organization.', 'Assistant'],
  ])('%s shows its screen, title, subtitle and lit nav item', async (path, shown, title, subtitle, lit) => {
    await renderConsoleAt(path);
    expect(await screen.findByTestId('screen')).toHaveTextContent(shown);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    const texts = [
      "Here's what is happening across your team today.",
      'Find, add and manage the people on your team.',
      'Who changed what, and when: every change made to members and their billing.',
      'Ask about activity, calls and tasks across your organization.',
    ];
    for (const text of texts) {
      if (text === subtitle) expect(screen.getByText(text)).toBeInTheDocument();
      else expect(screen.queryByText(text)).not.toBeInTheDocument();
    }
    expect(currentNavItem()).toEqual([lit]);
  });

  it("names each page in the browser's title as the console goes from page to page, and the console alone once it goes", async () => {
    const location = await renderConsoleAt('/users');
    expect(await screen.findByTestId('screen')).toHaveTextContent('users');
    for (const [path, shown, page] of [
      ['/', 'dashboard', 'Dashboard'],
      ['/users', 'users', 'User Management'],
      ['/users/activity?member=u-42', 'activity', 'Activity · User Management'],
      ['/billing', 'billing overview', 'Billing Overview'],
      ['/billing/user/u-42', 'user billing u-42', 'User Billing'],
      ['/ai', 'assistant', 'Assistant'],
      ['/nowhere', null, 'Page not found'],
    ] as const) {
      // Awaited: the next screen may still have to load (see renderConsoleAt), and the one before
      // stays on screen until it has.
      await act(async () => location.navigate(path));
      if (shown === null) expect(await screen.findByText('This page does not exist.')).toBeInTheDocument();
      else await waitFor(() => expect(screen.getByTestId('screen')).toHaveTextContent(shown));
      await waitFor(() => expect(document.title).toBe(`${page} · Hardline Admin Console`));
    }
    // Signed out, the console goes: the console's name alone, as on Sign In.
    location.unmount();
    expect(document.title).toBe(APP_TITLE);
  });

  it("ends every title with the console's name, the title of index.html (and so of every prerendered page)", () => {
    const html = readFileSync(resolve(__dirname, '../../../index.html'), 'utf8');
    expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]).toBe(APP_TITLE);
    expect(pageTitleAt('/billing/user/u-1')).toBe('User Billing');
    expect(pageTitleAt('/users/activity')).toBe('Activity · User Management');
  });

  it('lists the four navigation items of SPEC §2 in order', async () => {
    await renderConsoleAt('/');
    const links = within(screen.getByRole('navigation', { name: 'Main', hidden: true })).getAllByRole('link', { hidden: true });
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['User Management', '/users'],
      ['Billing Overview', '/billing'],
      ['Assistant', '/ai'],
    ]);
    expect(NAV_ITEMS.map((item) => item.label)).toEqual(['Dashboard', 'User Management', 'Billing Overview', 'Assistant']);
  });

  it('an unknown path: the error page under "Page not found"', async () => {
    await renderConsoleAt('/nowhere');
    expect(await screen.findByText('This page does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Page not found');
    expect(screen.queryByTestId('screen')).not.toBeInTheDocument();
    expect(currentNavItem()).toEqual([]);
  });

  it('/login once signed in returns to the page first asked for', async () => {
    const location = await renderConsoleAt('/login?next=%2Fusers');
    expect(await screen.findByTestId('screen')).toHaveTextContent('users');
    expect(location.history?.at(-1)).toBe('/users');
  });
});

describe('matching', () => {
  // What the router shows at a path, by wouter's own default parser.
  function routerShows(path: string): string {
    const location = memoryLocation({ path });
    const view = render(
      <Router hook={location.hook}>
        <Switch>
          {ROUTES.map((r) => (
            <Route key={r.path} path={r.path}>
              {r.path}
            </Route>
          ))}
          <Route>none</Route>
        </Switch>
      </Router>,
    );
    const shown = view.container.textContent ?? '';
    view.unmount();
    return shown;
  }

  it.each([
    '/',
    '/users',
    '/users/',
    '/USERS',
    '/users/x',
    '/users/activity',
    '/users/activity/',
    '/Users/Activity',
    '/users/activity/x',
    '/billing',
    '/billing/',
    '/billing/user/u-1',
    '/Billing/User/u-1',
    '/billing/user/u-1/',
    '/billing/user/',
    '/billing/user/a/b',
    '/ai',
    '/ai/x',
    '/aix',
    '/login',
    '//',
  ])('the header and the prefetch agree with the router at %s', (path) => {
    const shown = routerShows(path);
    expect(routeAt(path)?.path ?? 'none').toBe(shown);
    expect(headingAt(path).title).toBe(shown === 'none' ? 'Page not found' : ROUTES.find((r) => r.path === shown)?.heading.title);
  });
});
