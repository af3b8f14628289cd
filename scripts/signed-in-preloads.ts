/**
 * Vite plugin: index.html (the page of every route but /login) announces the signed-in console's
 * chunks and the dashboard's with `<link rel="modulepreload">` (issue 17).
 *
 * Without them, each chunk was found only once the chunk importing it had been fetched and run:
 * HTML -> entry (run) -> the console's some twenty chunks (run) -> the dashboard's screen -> its
 * data. On a phone's link (about 150 ms a round trip, six connections over HTTP/1.1) those waves
 * were a good part of the dashboard's time to its largest paint. Announced by the HTML, they are
 * fetched alongside the entry.
 *
 * - SIGNED_IN_ROOTS: what every signed-in page starts at once (App.tsx's console and its Chakra
 *   recipes, main.tsx's API client, prefetch.ts' route table and the Assistant's machine);
 *   DASHBOARD_ROOTS: the screen and machine of the page at `/` (routes.tsx, registry.ts). Each with
 *   the chunks it imports statically, less those the entry already brings.
 * - The links carry `data-signed-in`; login.html, made from index.html (scripts/prerender.ts),
 *   drops them: a visitor signing in needs none of it before the form is usable (the console is
 *   fetched once they start filling it in, src/main.tsx).
 * - Trade-off: a visitor without a session who opens `/` (or another console address) fetches the
 *   console for nothing before the Gate sends them to /login. Deep links of other routes also
 *   fetch the dashboard's chunk (about 10 kB gzip) that they do not show.
 */
import type { Plugin, Rolldown } from 'vite';

/** The modules every signed-in page loads at start-up (App.tsx, main.tsx, prefetch.ts, registry.ts). */
export const SIGNED_IN_ROOTS = [
  'src/views/app/SignedInApp.tsx',
  'src/views/theme/system.ts',
  'src/services/api/index.ts',
  'src/machines/chat/index.ts',
  'src/views/app/routes.tsx',
] as const;

/** What the page at `/` (index.html) starts besides the console: the dashboard's screen and machine (routes.tsx). */
export const DASHBOARD_ROOTS = ['src/views/dashboard/DashboardScreen.tsx', 'src/machines/dashboard/index.ts'] as const;

/** The attribute that marks the console's preloads in index.html (login.html drops the tags that carry it). */
export const SIGNED_IN_PRELOAD_ATTR = 'data-signed-in';

const normalise = (id: string): string => id.replace(/\\/g, '/').split('?')[0] as string;
const endsWithAny = (id: string, roots: readonly string[]): boolean => roots.some((root) => normalise(id).endsWith(`/${root}`));

/** The files to preload for `roots`: their chunks and the chunks those import statically, minus the entry's own. */
export function preloadFiles(bundle: Rolldown.OutputBundle, roots: readonly string[]): string[] {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const entryFiles = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry)) {
    const stack = [entry.fileName];
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      if (entryFiles.has(file)) continue;
      entryFiles.add(file);
      stack.push(...(byFile.get(file)?.imports ?? []));
    }
  }
  const files: string[] = [];
  const stack: string[] = [];
  for (const root of roots) {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => endsWithAny(id, [root])));
    if (!chunk) throw new Error(`signed-in chunks: no chunk holds ${root}`);
    stack.push(chunk.fileName);
  }
  const seen = new Set<string>();
  for (let file = stack.shift(); file !== undefined; file = stack.shift()) {
    if (seen.has(file) || entryFiles.has(file)) continue;
    seen.add(file);
    files.push(file);
    stack.push(...(byFile.get(file)?.imports ?? []));
  }
  return files;
}

/** Adds the signed-in console's and the dashboard's modulepreloads to index.html. */
export function signedInPreloads(): Plugin {
  let base = '/';
  return {
    name: 'hardline-signed-in-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        return preloadFiles(context.bundle, [...SIGNED_IN_ROOTS, ...DASHBOARD_ROOTS]).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}`, [SIGNED_IN_PRELOAD_ATTR]: true },
          injectTo: 'head',
        }));
      },
    },
  };
}
