/**
 * Vite plugin: each console page announces the chunks its first screen needs with
 * `<link rel="modulepreload">`, so a phone fetches them at once instead of one chain after another.
 *
 * Without them, each chunk was found only once the chunk importing it had been fetched and run:
 * HTML -> entry (run) -> the console's some twenty chunks (run) -> the screen's -> its data. On a
 * phone's link (about 150 ms a round trip, six connections over HTTP/1.1) those waves were a good
 * part of the dashboard's time to its largest paint. Announced by the HTML, they are fetched
 * alongside the entry.
 *
 * - SIGNED_IN_ROOTS: what every signed-in page starts at once (App.tsx's console and its Chakra
 *   recipes, deferred.ts' API client, prefetch.ts' route table and the Assistant's machine); then
 *   the route's screen and the machines it starts, from the route table's data (routeTable.ts). Each
 *   with the chunks it imports statically, less those the entry already brings.
 * - index.html serves `/` (the dashboard) and every address without a page of its own; each other
 *   route gets one (`users.html`, `users/activity.html`, `billing.html`, `ai.html`, which `vite
 *   preview` serves for its path, as a web server does with `try_files $uri $uri.html /index.html`;
 *   and `billing/user/[userId].html` for every member's billing address, which a web server maps
 *   with a rule of its own: docs/HOSTING.md).
 * - The links carry `data-signed-in`; login.html, made from index.html (scripts/build/prerender.ts),
 *   drops them: a visitor signing in needs none of it before the form is usable (the console is
 *   fetched once they start filling it in, src/main.tsx).
 * - Trade-off: a visitor without a session who opens a console address fetches the console for
 *   nothing before the Gate sends them to /login.
 */
import type { Plugin, Rolldown } from 'vite';
import type { RouteData } from '../../src/views/app/routeTable.ts';

/** The modules every signed-in page loads at start-up (App.tsx, services/api/deferred.ts, prefetch.ts, registry.ts). */
const SIGNED_IN_ROOTS = [
  'src/views/app/SignedInApp.tsx',
  'src/views/theme/system.ts',
  'src/services/api/index.ts',
  'src/machines/chat/index.ts',
  'src/views/app/routes.tsx',
] as const;

/** A console route, with the modules its page announces. */
export interface RouteEntry {
  path: string;
  /** The screen's module and the modules of the machines it starts. */
  roots: string[];
}

/**
 * The routes of the console's route table (src/views/app/routeTable.ts: each path, its screen and
 * the machines it starts), so a new route gets its page without being listed here too.
 */
export function routesOf(table: readonly RouteData[]): RouteEntry[] {
  const routes = table.map(({ path, screen, machines }) => ({
    path,
    roots: [`src/views/${screen}.tsx`, ...machines.map((key) => `src/machines/${key}/index.ts`)],
  }));
  if (!routes.some((r) => r.path === '/')) throw new Error('signed-in preloads: the route table has no route at /');
  return routes;
}

/**
 * The page a route's addresses are served from: `index.html` for `/`, `users/activity.html` for
 * `/users/activity`, `billing/user/[userId].html` for `/billing/user/:userId` (every member's
 * billing page: a web server maps those addresses to it, docs/HOSTING.md; `vite preview` does here).
 */
export function pageOf(path: string): string {
  return path === '/' ? 'index.html' : `${path.slice(1).replace(/:(\w+)/g, '[$1]')}.html`;
}

/** Whether `pathname` is an address of the route `path` (a wouter pattern: a `:name` segment is any one non-empty segment). */
export function matchesRoute(path: string, pathname: string): boolean {
  const pattern = path.split('/');
  const segments = pathname.split('/');
  return (
    pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i]))
  );
}

/** The attribute that marks the console's preloads in index.html (login.html drops the tags that carry it). */
const SIGNED_IN_PRELOAD_ATTR = 'data-signed-in';

const normalise = (id: string): string => id.replace(/\\/g, '/').split('?')[0] as string;

/** `start` and every chunk they import statically, transitively, breadth first (import order). */
function chunkClosure(
  byFile: ReadonlyMap<string, Rolldown.OutputChunk>,
  start: readonly string[],
  skip: ReadonlySet<string> = new Set(),
): string[] {
  const seen = new Set<string>();
  const queue = [...start];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    if (seen.has(file) || skip.has(file)) continue;
    seen.add(file);
    queue.push(...(byFile.get(file)?.imports ?? []));
  }
  return [...seen];
}

/** The files to preload for `roots`: their chunks and the chunks those import statically, minus the entry's own. */
function preloadFiles(bundle: Rolldown.OutputBundle, roots: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryFiles = new Set(
    chunkClosure(
      byFile,
      chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
    ),
  );
  const rootFiles = roots.map((root) => {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => normalise(id).endsWith(`/${root}`)));
    if (!chunk) throw new Error(`signed-in preloads: no chunk holds ${root}`);
    return chunk.fileName;
  });
  return chunkClosure(byFile, rootFiles, entryFiles);
}

const linkTag = (href: string): string => `<link rel="modulepreload" crossorigin href="${href}" ${SIGNED_IN_PRELOAD_ATTR}>`;

/**
 * Adds the console's and the `/` route's modulepreloads to index.html, and writes a page of its own
 * for every other route without parameters (`users.html`, `users/activity.html`, ...): index.html
 * with that route's screen and machines announced instead of the dashboard's.
 */
export function signedInPreloads(routeTable: readonly RouteData[]): Plugin {
  let base = '/';
  const routes = routesOf(routeTable);
  const home = routes.find((r) => r.path === '/') as RouteEntry;
  return {
    name: 'hardline-signed-in-preloads',
    // The build writes the pages; `vite preview` serves them (the dev server has none).
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return preloadFiles(context.bundle, [...SIGNED_IN_ROOTS, ...home.roots]).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}`, [SIGNED_IN_PRELOAD_ATTR]: true },
          injectTo: 'head',
        }));
      },
    },
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') return;
        const html = String(index.source);
        const withoutOwn = withoutSignedInPreloads(html);
        for (const route of routes) {
          if (route === home) continue;
          const links = preloadFiles(bundle, [...SIGNED_IN_ROOTS, ...route.roots]).map((file) => linkTag(`${base}${file}`));
          this.emitFile({
            type: 'asset',
            fileName: pageOf(route.path),
            source: withoutOwn.replace('</head>', () => `    ${links.join('\n    ')}\n  </head>`),
          });
        }
      },
    },
    configurePreviewServer(server) {
      // Each address of a route with parameters gets its page, as a web server's rule does
      // (docs/HOSTING.md); `vite preview` finds the others' by their path.
      const patterned = routes.filter((route) => route.path.includes(':'));
      server.middlewares.use((req, _res, next) => {
        const [pathname = '', query] = (req.url ?? '').split('?');
        const route = patterned.find((r) => matchesRoute(r.path, pathname));
        if (route && (req.method === 'GET' || req.method === 'HEAD'))
          req.url = `${base}${encodeURI(pageOf(route.path))}${query === undefined ? '' : `?${query}`}`;
        next();
      });
    },
  };
}

/** `html` without the console's preloads (login.html's, and each route page's before its own are added). */
export function withoutSignedInPreloads(html: string): string {
  return html.replace(new RegExp(`\\s*<link [^>]*${SIGNED_IN_PRELOAD_ATTR}[^>]*>`, 'g'), '');
}
