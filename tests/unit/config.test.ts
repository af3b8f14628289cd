// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/services/config';

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
      VITE_STRIPE_PUBLISHABLE_KEY: 'pk_test_local_stack',
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
