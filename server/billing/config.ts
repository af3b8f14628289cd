/**
 * The billing settings of a deployment, read from the environment (docs/BILLING.md):
 *
 * | variable | when | what |
 * |---|---|---|
 * | `BILLING_PROVIDER` | always (default `local`) | `local` (the simulation, never charges) or `stripe` |
 * | `STRIPE_SECRET_KEY` | stripe | a secret (`sk_…`) or restricted (`rk_…`) key, test or live |
 * | `STRIPE_WEBHOOK_SECRET` | stripe | the signing secret of the `/webhooks/stripe` endpoint (`whsec_…`) |
 * | `STRIPE_PRICE_LITE`, `STRIPE_PRICE_PRO` | stripe | the monthly Price ids of the two plans (`price_…`) |
 * | `STRIPE_PORTAL_CONFIGURATION` | optional | the Billing Portal configuration to use (`bpc_…`); the account's default otherwise |
 * | `STRIPE_API_BASE` | optional | another address for Stripe's API (stripe-mock, a test double); Stripe's own otherwise |
 *
 * `billingArea` is one valibot schema over the environment: an area of the API's configuration
 * (server/config.ts composes it with the others, so a bad billing variable is named with every other
 * bad variable when the API starts). `parseBillingConfig` reads this area alone (the local stack),
 * throwing the same ConfigError. The secret key is server-only: nothing here reaches the console,
 * whose only Stripe setting is the publishable key (VITE_STRIPE_PUBLISHABLE_KEY).
 */
import * as v from 'valibot';
import type { PlanType } from '../../src/contract/api';
import { parseConfig, type Env } from '../core/config';

export type BillingProviderKind = 'local' | 'stripe';

/** A variable that must be set when the provider is stripe ('' is unset), then its shape. */
const stripeVariable = (name: string, pattern: RegExp, what: string) =>
  v.pipe(v.string(), v.minLength(1, `${name} is required when BILLING_PROVIDER is stripe`), v.regex(pattern, `${name} must be ${what}`));

/** An optional variable: unset (''), or of its shape. */
const optionalVariable = (name: string, schema: v.GenericSchema<string, string>, what: string) =>
  v.union([v.literal(''), schema], `${name} must be ${what}`);

const VARIABLES = [
  'BILLING_PROVIDER',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'STRIPE_PRICE_LITE',
  'STRIPE_PRICE_PRO',
  'STRIPE_PORTAL_CONFIGURATION',
  'STRIPE_API_BASE',
] as const;

const LocalSchema = v.object({ BILLING_PROVIDER: v.literal('local') });

const StripeSchema = v.object({
  BILLING_PROVIDER: v.literal('stripe'),
  STRIPE_SECRET_KEY: stripeVariable(
    'STRIPE_SECRET_KEY',
    /^(sk|rk)_(test|live)_[0-9A-Za-z]+$/,
    'a Stripe secret key (sk_test_…, sk_live_…, or a restricted rk_… key)',
  ),
  STRIPE_WEBHOOK_SECRET: stripeVariable('STRIPE_WEBHOOK_SECRET', /^whsec_[0-9A-Za-z]+$/, 'a webhook signing secret (whsec_…)'),
  STRIPE_PRICE_LITE: stripeVariable('STRIPE_PRICE_LITE', /^price_[0-9A-Za-z]+$/, 'a Price id (price_…)'),
  STRIPE_PRICE_PRO: stripeVariable('STRIPE_PRICE_PRO', /^price_[0-9A-Za-z]+$/, 'a Price id (price_…)'),
  STRIPE_PORTAL_CONFIGURATION: optionalVariable(
    'STRIPE_PORTAL_CONFIGURATION',
    v.pipe(v.string(), v.regex(/^bpc_[0-9A-Za-z]+$/)),
    'a Billing Portal configuration id (bpc_…)',
  ),
  STRIPE_API_BASE: optionalVariable(
    'STRIPE_API_BASE',
    v.pipe(v.string(), v.url(), v.regex(/^https?:\/\/[^/?#]+\/?$/)),
    'an origin such as http://127.0.0.1:12111',
  ),
});

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** The Price id of each plan. */
  prices: Record<PlanType, string>;
  /** A Billing Portal configuration id, or null for the account's default. */
  portalConfiguration: string | null;
  /** Where Stripe's API is, when not api.stripe.com (a test double, stripe-mock). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
}

export type BillingSettings = { provider: 'local' } | { provider: 'stripe'; stripe: StripeSettings };

function apiOf(base: string): StripeSettings['api'] {
  if (base === '') return null;
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol };
}

/**
 * The billing part of the environment, one schema: the variables above (trimmed; unset is ''),
 * BILLING_PROVIDER defaulting to local, Stripe's settings required when it is stripe; its output
 * is the settings the billing module is made with.
 */
export const billingArea = v.pipe(
  v.record(v.string(), v.optional(v.string())),
  v.transform((env: Env) => {
    const vars: Record<string, string> = Object.fromEntries(VARIABLES.map((name) => [name, (env[name] ?? '').trim()]));
    return { ...vars, BILLING_PROVIDER: vars['BILLING_PROVIDER'] || 'local' };
  }),
  v.variant('BILLING_PROVIDER', [LocalSchema, StripeSchema], 'BILLING_PROVIDER must be local or stripe'),
  v.transform((out): BillingSettings => {
    if (out.BILLING_PROVIDER === 'local') return { provider: 'local' };
    return {
      provider: 'stripe',
      stripe: {
        secretKey: out.STRIPE_SECRET_KEY,
        webhookSecret: out.STRIPE_WEBHOOK_SECRET,
        prices: { lite: out.STRIPE_PRICE_LITE, pro: out.STRIPE_PRICE_PRO },
        portalConfiguration: out.STRIPE_PORTAL_CONFIGURATION === '' ? null : out.STRIPE_PORTAL_CONFIGURATION,
        api: apiOf(out.STRIPE_API_BASE),
      },
    };
  }),
);

/** The billing settings of `env` (process.env), or ConfigError naming every variable that is missing or malformed. */
export function parseBillingConfig(env: Env): BillingSettings {
  return parseConfig({ billing: billingArea }, env).billing;
}
