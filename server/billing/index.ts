/**
 * The billing module of the reference API: plans, subscriptions, trials, payment methods,
 * invoices, transactions and setup intents, through a billing provider (provider.ts: `local`, the
 * default, or `stripe`, chosen by BillingSettings from config.ts), the /api/admin/billing routes,
 * the local provider's hosted pages and Stripe's webhooks. See docs/BILLING.md.
 */
import type { Database } from '../core/db';
import type { ServerModule } from '../core/module';
import type { BillingSettings } from './config';
import { registerHostedPages } from './hosted';
import { createLocalProvider } from './localProvider';
import type { BillingProvider } from './provider';
import { startBillingRemovals } from './removals';
import { registerBillingRoutes } from './routes';
import { seedBilling } from './seed';
import { createStripeProvider } from './stripeProvider';
import { registerStripeWebhooks } from './webhooks';

export interface BillingModuleOptions {
  /** The current time; tests pass a fixed clock. */
  clock?: () => Date;
  /** Which provider, and Stripe's settings (parseBillingConfig); the local provider by default. */
  settings?: BillingSettings;
}

export function createBillingModule(options: BillingModuleOptions = {}): ServerModule {
  const clock = options.clock ?? (() => new Date());
  const settings = options.settings ?? { provider: 'local' };
  /** The provider `register` made for a database, for the background work `start` runs on it. */
  const providers = new WeakMap<Database, BillingProvider>();
  return {
    name: 'billing',
    register(app, deps) {
      if (settings.provider === 'stripe') {
        const provider = createStripeProvider(settings.stripe);
        providers.set(deps.db, provider);
        registerBillingRoutes(app, deps, { db: deps.db, provider, clock });
        registerHostedPages(app, deps, clock, { paymentMethodPages: false });
        registerStripeWebhooks(app, deps, provider, clock);
      } else {
        const provider = createLocalProvider({ db: deps.db, clock, apiOrigin: deps.config.apiOrigin });
        providers.set(deps.db, provider);
        registerBillingRoutes(app, deps, { db: deps.db, provider, clock });
        registerHostedPages(app, deps, clock, { paymentMethodPages: true });
      }
    },
    seed: seedBilling,
    /**
     * Cancels, now and every hour, the subscriptions of members due to be removed for good, so
     * that the clean-up (server/users/purge.ts) can remove them (./removals.ts).
     */
    start(deps, { onError } = {}) {
      const provider =
        providers.get(deps.db) ??
        (settings.provider === 'stripe'
          ? createStripeProvider(settings.stripe)
          : createLocalProvider({ db: deps.db, clock, apiOrigin: deps.config.apiOrigin }));
      return startBillingRemovals({ db: deps.db, provider, clock }, onError ? { onError } : {});
    },
  };
}

export const billingModule: ServerModule = createBillingModule();

export { parseBillingConfig, type BillingSettings } from './config';
export { findBillingFixtures, type BillingFixtures } from './fixtures';
