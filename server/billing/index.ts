/**
 * The billing module of the reference API: plans, subscriptions, trials, payment methods,
 * invoices, transactions and setup intents, the /api/admin/billing routes and the hosted pages
 * that stand in for the payment provider's. See README.md.
 */
import type { ServerModule } from '../core/module';
import { registerHostedPages } from './hosted';
import { registerBillingRoutes } from './routes';
import { seedBilling } from './seed';

export interface BillingModuleOptions {
  /** The current time; tests pass a fixed clock. */
  clock?: () => Date;
}

export function createBillingModule(options: BillingModuleOptions = {}): ServerModule {
  const clock = options.clock ?? (() => new Date());
  return {
    name: 'billing',
    register(app, deps) {
      registerBillingRoutes(app, deps, clock);
      registerHostedPages(app, deps, clock);
    },
    seed: seedBilling,
  };
}

export const billingModule: ServerModule = createBillingModule();

export { findBillingFixtures, type BillingFixtures } from './fixtures';
