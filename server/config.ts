/**
 * The API's configuration: every area, composed here and nowhere else (server/core/config.ts has the
 * building blocks and the core areas). To add settings, write an area schema beside the code that
 * uses it (as `billingArea` in server/billing/config.ts reads BILLING_PROVIDER and STRIPE_*), add it
 * to CONFIG_AREAS, and list its variables in docs/DEPLOYMENT.md. `ApiConfig` then has it, typed, and a
 * bad value of any of its variables is named with the others when the API starts.
 */
import { billingArea } from './billing/config';
import { rateLimitArea } from './core/rateLimit';
import { consoleArea, databaseArea, httpArea, logArea, parseConfig, userPoolArea, type ConfigOf, type Env } from './core/config';

export const CONFIG_AREAS = {
  http: httpArea,
  database: databaseArea,
  userPool: userPoolArea,
  console: consoleArea,
  log: logArea,
  /** BILLING_PROVIDER (local by default) and, for stripe, its STRIPE_* variables (docs/BILLING.md). */
  billing: billingArea,
  /** RATE_LIMIT_<CALL>_PER_ACCOUNT / _PER_ADDRESS and TRUSTED_PROXY_HOPS (docs/SECURITY.md, "Rate limits"). */
  rateLimits: rateLimitArea,
};

export type ApiConfig = ConfigOf<typeof CONFIG_AREAS>;

/** The configuration from `env`; throws ConfigError naming every bad variable. */
export function readConfig(env: Env): ApiConfig {
  return parseConfig(CONFIG_AREAS, env);
}
