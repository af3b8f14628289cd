/**
 * `npm run build:api`: the reference API as plain JavaScript for Node (dist/api), the form a
 * deployment runs (`npm run migrate`, `npm run start:api`; docs/DEPLOYMENT.md).
 *
 * - Entries: server/main.ts (the API) and server/migrate.ts (the migrate step).
 * - One output file per source file, in the source tree's layout (dist/api/server/core/db.js...),
 *   with source maps: stack traces name the real files, and server/core/migrate.ts finds the
 *   migrations beside it as in the source (the SQL files are copied to dist/api/server/migrations).
 * - Every package stays an import, resolved at run time from node_modules: a runtime package must be
 *   a `dependency` (`npm ci --omit=dev` installs only those; `knip --production` checks it).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const ROOT = dirname(fileURLToPath(import.meta.url));
const MIGRATIONS = join(ROOT, 'server', 'migrations');

/** Copies server/migrations/*.sql into the build, beside the code that reads them. */
function copyMigrations(): Plugin {
  return {
    name: 'hardline-copy-migrations',
    generateBundle() {
      for (const file of readdirSync(MIGRATIONS).filter((name) => name.endsWith('.sql'))) {
        this.emitFile({ type: 'asset', fileName: `server/migrations/${file}`, source: readFileSync(join(MIGRATIONS, file), 'utf8') });
      }
    },
  };
}

export default defineConfig({
  root: ROOT,
  publicDir: false,
  logLevel: 'warn',
  plugins: [copyMigrations()],
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist/api',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    rolldownOptions: {
      input: { 'server/main': join(ROOT, 'server', 'main.ts'), 'server/migrate': join(ROOT, 'server', 'migrate.ts') },
      output: { format: 'es', preserveModules: true, preserveModulesRoot: ROOT, entryFileNames: '[name].js' },
    },
  },
});
