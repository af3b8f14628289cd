// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/services/config';
import { LOCAL_STRIPE_PLACEHOLDER } from '../../scripts/stack/stripe-placeholder';

const ROOT = join(import.meta.dirname, '..', '..');

const valid = {
  VITE_API_BASE_URL: 'https://api.hardline.example/',
  VITE_COGNITO_USER_POOL_ID: 'us-east-1_AbC123xyz',
  VITE_COGNITO_CLIENT_ID: '1example23456789',
  VITE_STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
};

function problemsOf(env: Record<string, string | undefined>) {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('reads a real deployment: SRP by default, region from the pool id, no custom endpoint', () => {
    const config = loadConfig(valid);
    expect(config).toEqual({
      apiBaseUrl: 'https://api.hardline.example',
      cognito: {
        userPoolId: 'us-east-1_AbC123xyz',
        clientId: '1example23456789',
        endpoint: undefined,
        region: 'us-east-1',
        authFlow: 'USER_SRP_AUTH',
      },
      stripePublishableKey: 'pk_live_abc123',
      trustedOrigins: [],
    });
  });

  it('reads the local stack: the emulator endpoint, USER_PASSWORD_AUTH, and its http origins trusted', () => {
    const config = loadConfig({
      ...valid,
      VITE_API_BASE_URL: 'http://127.0.0.1:8787',
      VITE_COGNITO_USER_POOL_ID: 'local_1l2qeB4t',
      VITE_COGNITO_ENDPOINT: 'http://127.0.0.1:9229',
      VITE_AUTH_FLOW: 'USER_PASSWORD_AUTH',
      VITE_STRIPE_PUBLISHABLE_KEY: LOCAL_STRIPE_PLACEHOLDER,
    });
    expect(config.cognito).toMatchObject({ endpoint: 'http://127.0.0.1:9229', authFlow: 'USER_PASSWORD_AUTH' });
    expect(config.trustedOrigins).toEqual(['http://127.0.0.1:8787', 'http://127.0.0.1:9229']);
  });

  it('names every missing setting', () => {
    expect(problemsOf({})).toEqual(
      ['VITE_API_BASE_URL', 'VITE_COGNITO_USER_POOL_ID', 'VITE_COGNITO_CLIENT_ID', 'VITE_STRIPE_PUBLISHABLE_KEY'].map((name) => ({
        name,
        message: `${name} is missing`,
      })),
    );
  });

  it.each([
    ['VITE_API_BASE_URL', 'not a url', 'VITE_API_BASE_URL must be a URL (https://...)'],
    ['VITE_API_BASE_URL', 'ftp://files.example', 'VITE_API_BASE_URL must be an http(s) URL'],
    ['VITE_COGNITO_USER_POOL_ID', 'pool', 'VITE_COGNITO_USER_POOL_ID must look like <region>_<id>, e.g. us-east-1_AbC123'],
    ['VITE_AUTH_FLOW', 'CUSTOM_AUTH', 'VITE_AUTH_FLOW must be one of USER_SRP_AUTH, USER_PASSWORD_AUTH'],
    [
      'VITE_STRIPE_PUBLISHABLE_KEY',
      'sk_live_secret',
      'VITE_STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (starting pk_test or pk_live)',
    ],
  ])('refuses %s=%s with a message naming it', (name, value, message) => {
    expect(problemsOf({ ...valid, [name]: value })).toEqual([{ name, message }]);
  });
});

describe('the Stripe placeholder of the local stack and the bundle-size build', () => {
  it('is accepted by the console as a publishable key, and no source writes a Stripe-key-shaped literal (a secret scanner flags it)', () => {
    expect(loadConfig({ ...valid, VITE_STRIPE_PUBLISHABLE_KEY: LOCAL_STRIPE_PLACEHOLDER }).stripePublishableKey).toBe(
      LOCAL_STRIPE_PLACEHOLDER,
    );
    const keyShaped = /\b[ps]k_(test|live)_[A-Za-z0-9_]{8,}/;
    for (const file of ['scripts/stack.ts', 'scripts/build/bundle-size.ts', 'scripts/stack/stripe-placeholder.ts']) {
      expect(readFileSync(join(ROOT, file), 'utf8'), file).not.toMatch(keyShaped);
    }
  });
});
