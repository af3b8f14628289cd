/**
 * The routes of SPEC §2, each declared once: its path, the screen it shows and the machines that
 * screen starts (as data, in ./routeTable.ts, which the build scripts read too), the screen's code,
 * the reads it starts ahead, the header's title and subtitle, and its entry in the navigation. The router
 * (SignedInApp.tsx), the start-up prefetch (prefetch.ts, from src/main.tsx), the header and the
 * sidebar all read this table; adding a route is adding one entry.
 *
 * It lives with the app, not the layout: it names every feature's screen and the machine registry's
 * keys, which the layout otherwise knows nothing of (the layout reads it, as it reads the app's
 * actors). It is not part of the /login JavaScript: the signed-in console imports it, and a tab with
 * a session loads it at the very start, alongside the console (prefetch.ts).
 *
 * Each screen is its own chunk, read with `use` through `preloadable` (not React.lazy): once the
 * chunk is here, prefetched or visited, the screen renders without suspending.
 */
import type { ReactNode } from 'react';
import { CreditCard, LayoutDashboard, MessageSquareText, Users, type LucideIcon } from 'lucide-react';
import { matchRoute, useParams, type Parser } from 'wouter';
import { readBillingOverviewAhead } from '../../machines/billingOverview/ahead';
import { readDashboardAhead } from '../../machines/dashboard/ahead';
import { readUserBillingAhead } from '../../machines/userBilling/ahead';
import { readUsersListAhead } from '../../machines/usersList/ahead';
import type { Services } from '../../services';
import { preloadable, type Preloadable } from './preloadable';
import { ROUTE_DATA, type RouteData } from './routeTable';

type MachineKey = RouteData['machines'][number];
/** A pattern's parameters as wouter gives them: '/billing/user/:userId' -> { userId: string }. */
type ParamsOf<Path extends string> = ReturnType<typeof useParams<Path>>;

interface PageHeading {
  title: string;
  subtitle?: string;
}

interface NavEntry {
  label: string;
  icon: LucideIcon;
}

/** One route as written in the table (`route(...)` below), beside its data (./routeTable.ts). */
interface RouteSpec<Path extends string, M> {
  /** The screen's code, a chunk of its own: the module its data names. */
  screen: Preloadable<M>;
  /** The screen, from its loaded module and the path's parameters. */
  render: (module: M, params: ParamsOf<Path>) => ReactNode;
  /**
   * Starts the reads the screen's first load makes, at the start-up of a tab with a session, so
   * that its data is on its way with its code (the machine takes the answers: ReadOptions.ahead).
   * It gets the path's parameters as the screen does.
   */
  readAhead?: (services: Services, params: ParamsOf<Path>) => void;
  heading: PageHeading;
  /** Its item in the sidebar and the mobile drawer, in table order; none for a page under one. */
  nav?: NavEntry;
  /** The page's name in the browser's tab and history (`pageTitleAt`); by default its nav label, else its title. */
  pageTitle?: string;
}

/** One route as its readers see it. */
interface AppRoute {
  readonly path: string;
  /** The screen's module under src/views/ (./routeTable.ts). */
  readonly screenModule: string;
  /** The screen with the path's parameters (a wouter Route's `component`), under its Suspense boundary. */
  readonly component: () => ReactNode;
  /** The screen's code, for the start-up prefetch (prefetch.ts). */
  readonly screen: Pick<Preloadable<unknown>, 'prefetch' | 'load'>;
  /** The machines the screen starts (keys of the machine registry). */
  readonly machines: readonly MachineKey[];
  /** Starts the first load's reads at `path` ahead of the screen (start-up of a tab with a session), for a screen that loads data. */
  readonly readAhead?: (services: Services, path: string) => void;
  readonly heading: PageHeading;
  readonly nav?: NavEntry;
  readonly pageTitle: string;
}

function route<const Path extends string, M>(data: RouteData & { readonly path: Path }, spec: RouteSpec<Path, M>): AppRoute {
  const { path, machines } = data;
  const { screen, render, readAhead, heading, nav, pageTitle = nav?.label ?? heading.title } = spec;
  function RouteScreen() {
    const params = useParams<Path>();
    return render(screen.use(), params);
  }
  return {
    path,
    screenModule: data.screen,
    component: RouteScreen,
    screen,
    machines,
    readAhead: readAhead && ((services, at) => readAhead(services, paramsAt(path, at) as ParamsOf<Path>)),
    heading,
    nav,
    pageTitle,
  };
}

/** Table order is match order (the first route whose pattern matches wins) and navigation order. */
export const ROUTES: readonly AppRoute[] = [
  route(ROUTE_DATA.dashboard, {
    screen: preloadable(() => import('../dashboard/DashboardScreen')),
    render: (m) => <m.DashboardScreen />,
    readAhead: readDashboardAhead,
    heading: { title: 'Welcome Back', subtitle: "Here's what is happening across your team today." },
    nav: { label: 'Dashboard', icon: LayoutDashboard },
  }),
  route(ROUTE_DATA.users, {
    screen: preloadable(() => import('../users/UsersScreen')),
    render: (m) => <m.UsersScreen />,
    readAhead: readUsersListAhead,
    heading: { title: 'User Management', subtitle: 'Find, add and manage the people on your team.' },
    nav: { label: 'User Management', icon: Users },
  }),
  // A section of User Management (a tab on both screens), not a fifth navigation item: the sidebar
  // keeps 'User Management' lit beneath '/users' (isCurrent). Its filters (`?member=`, `?kind=`,
  // `?page=`) are read and written by the activity machine, as the users list does with its view.
  route(ROUTE_DATA.activity, {
    screen: preloadable(() => import('../users/ActivityScreen')),
    render: (m) => <m.ActivityScreen />,
    heading: { title: 'User Management', subtitle: 'Who changed what, and when: every change made to members and their billing.' },
    pageTitle: 'Activity · User Management',
  }),
  route(ROUTE_DATA.billingOverview, {
    screen: preloadable(() => import('../billing/BillingOverviewScreen')),
    render: (m) => <m.BillingOverviewScreen />,
    readAhead: readBillingOverviewAhead,
    heading: { title: 'Billing Overview' },
    nav: { label: 'Billing Overview', icon: CreditCard },
  }),
  route(ROUTE_DATA.userBilling, {
    screen: preloadable(() => import('../billing/UserBillingScreen')),
    render: (m, { userId }) => <m.UserBillingScreen userId={userId} />,
    readAhead: (services, { userId }) => readUserBillingAhead(services, userId),
    heading: { title: 'User Billing' },
  }),
  route(ROUTE_DATA.assistant, {
    screen: preloadable(() => import('../assistant/AssistantScreen')),
    render: (m) => <m.AssistantScreen />,
    heading: { title: 'Assistant', subtitle: 'Ask about activity, calls and tasks across your organization.' },
    nav: { label: 'Assistant', icon: MessageSquareText },
  }),
];

/** The header of a path that no route matches (the router shows the error page there). */
const NOT_FOUND_HEADING: PageHeading = { title: 'Page not found' };

/**
 * The table's patterns (static segments and `:name` parameters) as wouter's default parser
 * (regexparam) reads them: whole segments, case-insensitive, an optional trailing slash; `loose`
 * also accepts the paths under the pattern. So the header, the sidebar and the prefetch agree with
 * the router's Switch (tests/views/app/routes.test.tsx holds them to it).
 */
const parsePattern: Parser = (pattern, loose) => {
  const keys: string[] = [];
  let source = '';
  for (const segment of pattern.split('/').filter(Boolean)) {
    if (segment.startsWith(':')) keys.push(segment.slice(1));
    source += segment.startsWith(':') ? '/([^/]+?)' : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
  }
  return { keys, pattern: new RegExp(`^${source}${loose ? '(?=$|/)' : '/?$'}`, 'i') };
};

function matches(pattern: string, path: string, beneath = false): boolean {
  return matchRoute(parsePattern, pattern, path, beneath)[0];
}

/** The parameters of `pattern` in `path`, as the router gives them to the screen. */
function paramsAt(pattern: string, path: string): Record<string, string | undefined> {
  return matchRoute(parsePattern, pattern, path)[1] ?? {};
}

/** The route the router shows at `path`, if any. */
export function routeAt(path: string): AppRoute | undefined {
  return ROUTES.find((r) => matches(r.path, path));
}

/** The page's name at `path`, for the browser's title (useDocumentTitle): 'User Management'. */
export function pageTitleAt(path: string): string {
  return routeAt(path)?.pageTitle ?? NOT_FOUND_HEADING.title;
}

/** The header's title and subtitle at `path` (SPEC §2 Layout). */
export function headingAt(path: string): PageHeading {
  return routeAt(path)?.heading ?? NOT_FOUND_HEADING;
}

/** The navigation items, in table order. */
export const NAV_ITEMS: ReadonlyArray<NavEntry & { href: string }> = ROUTES.flatMap((r) => (r.nav ? [{ ...r.nav, href: r.path }] : []));

/**
 * Whether the nav item at `href` is the current section: its own route or a page under it (Billing
 * stays lit on a user's billing page). Every path is under '/', so the Dashboard is lit on '/' only.
 */
export function isCurrent(href: string, path: string): boolean {
  return matches(href, path, href !== '/');
}
