import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cspDirectives, cspSettingsFromEnv, securityHeaders } from './scripts/build/csp.ts';
import { chakraLazyGlobal } from './scripts/build/chakra-lazy-global.ts';
import { chakraTreeShaking } from './scripts/build/chakra-tree-shaking.ts';
import { compileHints } from './scripts/build/compile-hints.ts';
import { prerenderLogin } from './scripts/build/prerender.ts';
import { cdnBehaviour } from './scripts/build/cdn.ts';
import { signedInPreloads } from './scripts/build/signed-in-preloads.ts';
import { ROUTE_LIST } from './src/views/app/routeTable.ts';

const ROOT = dirname(fileURLToPath(import.meta.url));
const CHAKRA_THEME = join(ROOT, 'node_modules', '@chakra-ui', 'react', 'dist', 'esm', 'theme');

/**
 * The files of Chakra's recipes that only the signed-in console uses: those src/views/theme/system.ts
 * imports (with the recipes they build on), less those the core (src/views/theme/core.ts, part of
 * the /login JavaScript) needs. Read from the two files and from Chakra's build, so the list is
 * never written twice.
 *
 * Why it is needed: '@chakra-ui/react/theme' builds Chakra's default config from every recipe, so
 * every recipe file is reachable from the entry through it, and Rolldown would put each recipe
 * some chunk uses into the entry's chunk, whoever uses it.
 */
function consoleOnlyRecipeFiles(): Set<string> {
  const exportedFrom = new Map<string, string>();
  for (const [, name, file] of readFileSync(join(CHAKRA_THEME, 'index.js'), 'utf8').matchAll(
    /export \{ (\w+) \} from '(\.\/recipes\/[\w-]+\.js)';/g,
  ))
    exportedFrom.set(name as string, resolve(CHAKRA_THEME, file as string));
  const recipeFilesOf = (source: string): Set<string> => {
    const text = readFileSync(join(ROOT, source), 'utf8');
    const names = [...text.matchAll(/import \{([^}]*)\} from '@chakra-ui\/react\/theme'/g)].flatMap(([, list]) =>
      (list as string).split(','),
    );
    const stack = names.map((name) => exportedFrom.get(name.trim())).filter((file): file is string => file !== undefined);
    const files = new Set<string>();
    for (let file = stack.pop(); file !== undefined; file = stack.pop()) {
      if (files.has(file)) continue;
      files.add(file);
      for (const [, dep] of readFileSync(file, 'utf8').matchAll(/from '(\.\/[\w-]+\.js)'/g))
        stack.push(resolve(dirname(file), dep as string));
    }
    return files;
  };
  const core = recipeFilesOf('src/views/theme/core.ts');
  const all = recipeFilesOf('src/views/theme/system.ts');
  if (all.size === 0 || core.size === 0) throw new Error('No Chakra recipe found in src/views/theme: has it changed shape?');
  return new Set([...all].filter((file) => !core.has(file)));
}

/** Ships the Content-Security-Policy inside the production build as a <meta> tag. */
function cspMeta(policy: string): Plugin {
  return {
    name: 'hardline-csp-meta',
    apply: 'build',
    transformIndexHtml: {
      order: 'pre',
      handler: () => [{ tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: policy }, injectTo: 'head-prepend' }],
    },
  };
}

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), 'VITE_'), ...process.env };
  const settings = cspSettingsFromEnv(env);
  const consoleRecipes = consoleOnlyRecipeFiles();
  return {
    plugins: [
      react(),
      signedInPreloads(ROUTE_LIST),
      compileHints(),
      cspMeta(cspDirectives(settings, { header: false })),
      prerenderLogin(),
      chakraLazyGlobal(),
      chakraTreeShaking(),
      cdnBehaviour(securityHeaders(settings)),
    ],
    // amazon-cognito-identity-js bundles `buffer`, which reads `global`.
    define: { global: 'globalThis' },
    build: {
      sourcemap: false,
      target: 'es2022',
      // scripts/build/bundle-size.ts and the bench read it to measure what each route downloads.
      manifest: true,
      rolldownOptions: {
        treeshake: {
          // Chakra's theme module builds its full default config (every recipe) with defineConfig(),
          // an identity function; as a pure call, src/views/theme/ keeps only the recipes it picks.
          manualPureFunctions: ['defineConfig'],
        },
        output: {
          codeSplitting: {
            groups: [
              // The recipes only the console uses: a chunk of their own, fetched with the console
              // (src/views/app/App.tsx). Their dependencies (Chakra's styled-system, anatomies) stay
              // where they are: in the entry's chunk, which the console imports anyway.
              { name: 'console-recipes', priority: 1, includeDependenciesRecursively: false, test: (id) => consoleRecipes.has(id) },
              // Everything the entry imports statically (what /login needs before it is usable) in
              // one chunk. Left to itself, Rolldown splits out each module the lazy chunks share with
              // it (Chakra's parts, React, xstate...): ~30 files, each a request and each compressed
              // on its own, about 10 kB (gzip) more than one chunk (scripts/build/bundle-size.ts).
              { name: 'login', tags: ['$initial'] },
            ],
          },
        },
      },
      // That chunk is ~550 kB minified; its gzip size has a budget (tests/unit/bundle-size.test.ts).
      chunkSizeWarningLimit: 600,
    },
    server: { host: '127.0.0.1', strictPort: true },
    // The local stack serves the build with the same policy as a header (plus frame-ancestors); with
    // its --https, over HTTPS and so HTTP/2 as a deployment does (scripts/stack/tls.ts).
    preview: {
      host: '127.0.0.1',
      strictPort: true,
      headers: securityHeaders(settings),
      ...(env.HARDLINE_PREVIEW_TLS_KEY && env.HARDLINE_PREVIEW_TLS_CERT
        ? { https: { key: readFileSync(env.HARDLINE_PREVIEW_TLS_KEY), cert: readFileSync(env.HARDLINE_PREVIEW_TLS_CERT) } }
        : {}),
    },
  };
});
