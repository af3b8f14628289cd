// @vitest-environment node
/** The billing settings read from the environment (server/billing/config.ts): every bad variable named, no secret echoed. */
import { describe, expect, it } from 'vitest';
import { parseBillingConfig } from '../../server/billing/config';
import { ConfigError } from '../../server/core/config';

const STRIPE = {
  BILLING_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_51AbCdEf',
  STRIPE_WEBHOOK_SECRET: 'whsec_0123456789',
  STRIPE_PRICE_LITE: 'price_1Lite',
  STRIPE_PRICE_PRO: 'price_1Pro',
};

function problemsOf(env: Record<string, string>) {
  try {
    parseBillingConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return { problems: error.problems, message: error.message };
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseBillingConfig', () => {
  it('is the local provider when nothing is set, whatever Stripe variables are around', () => {
    expect(parseBillingConfig({})).toEqual({ provider: 'local' });
    expect(parseBillingConfig({ BILLING_PROVIDER: ' local ', STRIPE_SECRET_KEY: 'nonsense' })).toEqual({ provider: 'local' });
  });

  it('reads Stripe’s settings', () => {
    expect(parseBillingConfig({ ...STRIPE, STRIPE_PORTAL_CONFIGURATION: 'bpc_1Abc', STRIPE_API_BASE: 'http://127.0.0.1:12111' })).toEqual({
      provider: 'stripe',
      stripe: {
        secretKey: 'sk_test_51AbCdEf',
        webhookSecret: 'whsec_0123456789',
        prices: { lite: 'price_1Lite', pro: 'price_1Pro' },
        portalConfiguration: 'bpc_1Abc',
        api: { host: '127.0.0.1', port: 12111, protocol: 'http' },
      },
    });
    expect(parseBillingConfig({ ...STRIPE, STRIPE_SECRET_KEY: 'rk_live_Restricted1' })).toMatchObject({
      stripe: { api: null, portalConfiguration: null },
    });
  });

  it('names every missing or malformed variable at once, and never repeats a secret', () => {
    expect(problemsOf({ BILLING_PROVIDER: 'stripe' }).problems).toEqual([
      { variable: 'STRIPE_SECRET_KEY', message: 'STRIPE_SECRET_KEY is required when BILLING_PROVIDER is stripe' },
      { variable: 'STRIPE_WEBHOOK_SECRET', message: 'STRIPE_WEBHOOK_SECRET is required when BILLING_PROVIDER is stripe' },
      { variable: 'STRIPE_PRICE_LITE', message: 'STRIPE_PRICE_LITE is required when BILLING_PROVIDER is stripe' },
      { variable: 'STRIPE_PRICE_PRO', message: 'STRIPE_PRICE_PRO is required when BILLING_PROVIDER is stripe' },
    ]);
    const bad = problemsOf({
      ...STRIPE,
      STRIPE_SECRET_KEY: 'pk_live_PublishableOops',
      STRIPE_PRICE_PRO: 'prod_123',
      STRIPE_API_BASE: 'ftp://x/y',
    });
    expect(bad.problems.map((p) => p.variable)).toEqual(['STRIPE_SECRET_KEY', 'STRIPE_PRICE_PRO', 'STRIPE_API_BASE']);
    expect(bad.message).not.toContain('pk_live_PublishableOops');
    expect(problemsOf({ BILLING_PROVIDER: 'paypal' }).problems).toEqual([
      { variable: 'BILLING_PROVIDER', message: 'BILLING_PROVIDER must be local or stripe' },
    ]);
  });
});
