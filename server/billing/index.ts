/**
 * The billing module of the reference API: plans, subscriptions, trials, payment methods,
 * invoices, transactions and setup intents, through a billing provider (provider.ts: `local`, the
 * default, or `stripe`, chosen by BillingSettings from config.ts), the /api/admin/billing routes,
 * the local provider's hosted pages and Stripe's webhooks. See docs/BILLING.md.
 */
import type { ServerModule } from '../core/module';
import type { BillingSettings } from './config';
import { registerHostedPages } from './hosted';
import { createLocalProvider } from './localProvider';
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
  return {
    name: 'billing',
    register(app, deps) {
      if (settings.provider === 'stripe') {
        const provider = createStripeProvider(settings.stripe);
        registerBillingRoutes(app, deps, { db: deps.db, provider, clock });
        registerHostedPages(app, deps, clock, { paymentMethodPages: false });
        registerStripeWebhooks(app, deps, provider, clock);
      } else {
        const provider = createLocalProvider({ db: deps.db, clock, apiOrigin: deps.config.apiOrigin });
        registerBillingRoutes(app, deps, { db: deps.db, provider, clock });
        registerHostedPages(app, deps, clock, { paymentMethodPages: true });
      }
    },
    seed: seedBilling,
  };
}

export const billingModule: ServerModule = createBillingModule();

export { parseBillingConfig, type BillingSettings } from './config';
export { findBillingFixtures, type BillingFixtures } from './fixtures';
