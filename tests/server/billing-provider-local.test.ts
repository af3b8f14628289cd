// @vitest-environment node
/** The billing provider's behavioural suite (billing-provider.suite.ts) on the local provider. */
import { billingProviderSuite } from './billing-provider.suite';

billingProviderSuite('local');
