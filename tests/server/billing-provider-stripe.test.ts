// @vitest-environment node
/**
 * The billing provider's behavioural suite (billing-provider.suite.ts) on the Stripe provider: the
 * real `stripe` SDK talking to a local double of Stripe's API (tests/support/stripe/api-double.ts).
 */
import { billingProviderSuite } from './billing-provider.suite';

billingProviderSuite('stripe');
