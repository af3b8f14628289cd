import { defineConfig, loadEnv, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { cspDirectives, cspSettingsFromEnv, securityHeaders } from './scripts/csp.ts';
import { prerenderLogin } from './scripts/prerender.ts';
import { cdnBehaviour } from './scripts/cdn.ts';

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
  return {
    plugins: [react(), cspMeta(cspDirectives(settings, { header: false })), prerenderLogin(), cdnBehaviour(securityHeaders(settings))],
    // amazon-cognito-identity-js bundles `buffer`, which reads `global`.
    define: { global: 'globalThis' },
    build: {
      sourcemap: false,
      target: 'es2022',
      // scripts/bundle-size.ts and the bench read it to measure what each route downloads.
      manifest: true,
      rolldownOptions: {
        treeshake: {
          // Chakra's theme module builds its full default config (every recipe) with defineConfig(),
          // an identity function; as a pure call, src/views/theme/system.ts keeps only the recipes it picks.
          manualPureFunctions: ['defineConfig'],
        },
        output: {
          codeSplitting: {
            // Everything the entry imports statically (what /login needs before it is usable) in one
            // chunk. Left to itself, Rolldown splits out each module the lazy chunks share with it
            // (Chakra's parts, React, xstate...): ~30 files, each a request and each compressed on
            // its own, about 10 kB (gzip) more than one chunk (scripts/bundle-size.ts).
            groups: [{ name: 'login', tags: ['$initial'] }],
          },
        },
      },
      // That chunk is ~550 kB minified; its gzip size has a budget (tests/unit/bundle-size.test.ts).
      chunkSizeWarningLimit: 600,
    },
    server: { host: '127.0.0.1', strictPort: true },
    // The local stack serves the build with the same policy as a header (plus frame-ancestors).
    preview: { host: '127.0.0.1', strictPort: true, headers: securityHeaders(settings) },
  };
});
