/**
 * What a bench run needs beyond node_modules, by the measurements it takes (`--only`), so that
 * `npm run bench` on a fresh machine sets them up as `npm test` does (scripts/test/setup-test-env.ts)
 * instead of failing after the build and the seed:
 * - Chromium for everything measured in a browser (Lighthouse, User Management, INP, the heap);
 * - a PostgreSQL server for the API under load, unless DATABASE_URL names one.
 */
import type { Needs } from '../test/setup-test-env';

/** Measurements that need neither: the API over HTTP from Node, on PGlite. */
const NODE_ONLY = new Set(['export', 'import', 'copilot']);
const BROWSER = new Set(['inp', 'users', 'lighthouse']);

export function benchNeeds(only: string | undefined, databaseUrl: string | undefined): Needs {
  if (only !== undefined && NODE_ONLY.has(only)) return { chromium: false, postgresql: false };
  if (only !== undefined && BROWSER.has(only)) return { chromium: true, postgresql: false };
  const postgresql = !databaseUrl;
  // `--only load`: no browser; the whole bench: both.
  return { chromium: only === undefined, postgresql };
}
