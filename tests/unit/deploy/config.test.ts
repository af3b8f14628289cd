// @vitest-environment node
/** The API's configuration (server/config.ts): every bad variable named at once, typed areas, --embedded. */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { readConfig } from '../../../server/config';
import { ConfigError, parseConfig, wholeNumber } from '../../../server/core/config';
import { DEFAULT_LIMITS } from '../../../server/core/rateLimit';
import { environmentWithFlags } from '../../../server/runtime';

const GOOD = {
  DATABASE_URL: 'postgres://hardline:secret@db.internal:5432/hardline',
  COGNITO_USER_POOL_ID: 'eu-west-1_AbC123',
  COGNITO_CLIENT_ID: '4a1b2c3d4e5f6g7h8i9j0k',
  CONSOLE_ORIGIN: 'https://admin.example.com',
  API_PUBLIC_URL: 'https://api.example.com/',
};

function problemsOf(env: Record<string, string | undefined>): Record<string, string> {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return Object.fromEntries(error.problems.map((p) => [p.variable, p.message]));
    throw error;
  }
  return {};
}

describe('the API configuration', () => {
  it('reads a deployment: PostgreSQL, the pool (region from its id), the console, defaults for the rest', () => {
    expect(readConfig(GOOD)).toEqual({
      http: { host: '0.0.0.0', port: 8787, shutdownTimeoutMs: 25_000 },
      database: {
        kind: 'postgres',
        url: GOOD.DATABASE_URL,
        poolSize: 10,
        timeouts: { statementMs: 30_000, lockMs: 10_000, idleInTransactionMs: 60_000 },
      },
      userPool: {
        userPoolId: 'eu-west-1_AbC123',
        region: 'eu-west-1',
        clientId: GOOD.COGNITO_CLIENT_ID,
        endpoint: undefined,
        temporaryPasswordValidityDays: 7,
      },
      console: { webOrigin: 'https://admin.example.com', apiOrigin: 'https://api.example.com' },
      log: { level: 'info' },
      billing: { provider: 'local' },
      rateLimits: {
        limits: {
          assistant: { perAccount: { points: 30, seconds: 60 }, perAddress: { points: 120, seconds: 60 } },
          export: { perAccount: { points: 10, seconds: 60 }, perAddress: { points: 30, seconds: 60 } },
          invites: { perAccount: { points: 30, seconds: 60 }, perAddress: { points: 60, seconds: 60 } },
          signup: { perAccount: { points: 10, seconds: 600 }, perAddress: { points: 30, seconds: 600 } },
          hostedPages: { perAccount: { points: 30, seconds: 600 }, perAddress: { points: 30, seconds: 600 } },
        },
        trustedProxyHops: 0,
      },
    });
    expect(Object.keys(DEFAULT_LIMITS)).toEqual(['assistant', 'export', 'invites', 'signup', 'hostedPages']);
  });

  it('names a bad rate limit with the other bad variables (docs/SECURITY.md, "Rate limits")', () => {
    let error: unknown;
    try {
      readConfig({ ...GOOD, CONSOLE_ORIGIN: 'ftp://x', RATE_LIMIT_EXPORT_PER_ADDRESS: '10 a minute' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.variable)).toEqual(['CONSOLE_ORIGIN', 'RATE_LIMIT_EXPORT_PER_ADDRESS']);
    expect(readConfig({ ...GOOD, RATE_LIMIT_EXPORT_PER_ADDRESS: 'off' }).rateLimits.limits.export.perAddress).toBeNull();
  });

  it('names every missing variable in one error, one line each, and what it should be', () => {
    let error: unknown;
    try {
      readConfig({});
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((p) => p.variable)).toEqual([
      'DATABASE_URL',
      'COGNITO_USER_POOL_ID',
      'COGNITO_CLIENT_ID',
      'CONSOLE_ORIGIN',
      'API_PUBLIC_URL',
    ]);
    for (const { variable } of problems) expect(message).toMatch(new RegExp(`^  - ${variable} is missing: .+$`, 'm'));
    expect(message).toContain('postgres://');
  });

  it('names every bad value, without echoing it', () => {
    const problems = problemsOf({
      ...GOOD,
      DATABASE_URL: 'mysql://root:hunter2@db/app',
      PORT: '99999',
      DATABASE_POOL_SIZE: 'many',
      DATABASE_LOCK_TIMEOUT_MS: '10s',
      COGNITO_USER_POOL_ID: 'AbC123',
      CONSOLE_ORIGIN: 'http://admin.example.com',
      API_PUBLIC_URL: 'not a url',
      LOG_LEVEL: 'loud',
      SHUTDOWN_TIMEOUT_SECONDS: '0',
      BILLING_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'pk_live_hunter2',
    });
    expect(Object.keys(problems).sort()).toEqual(
      [
        'API_PUBLIC_URL',
        'STRIPE_SECRET_KEY',
        'STRIPE_WEBHOOK_SECRET',
        'STRIPE_PRICE_LITE',
        'STRIPE_PRICE_PRO',
        'COGNITO_USER_POOL_ID',
        'CONSOLE_ORIGIN',
        'DATABASE_POOL_SIZE',
        'DATABASE_LOCK_TIMEOUT_MS',
        'DATABASE_URL',
        'LOG_LEVEL',
        'PORT',
        'SHUTDOWN_TIMEOUT_SECONDS',
      ].sort(),
    );
    expect(problems['CONSOLE_ORIGIN']).toContain('https');
    expect(Object.values(problems).join('\n')).not.toContain('hunter2');
  });

  it('wants CORS origins without a path, and plain http only on the loopback', () => {
    expect(problemsOf({ ...GOOD, CONSOLE_ORIGIN: 'https://admin.example.com/console' })['CONSOLE_ORIGIN']).toMatch(/no path/);
    expect(readConfig({ ...GOOD, CONSOLE_ORIGIN: 'http://127.0.0.1:5173', API_PUBLIC_URL: 'http://localhost:8787' }).console).toEqual({
      webOrigin: 'http://127.0.0.1:5173',
      apiOrigin: 'http://localhost:8787',
    });
  });

  it('points at cognito-local with an endpoint and an explicit region', () => {
    const { userPool } = readConfig({
      ...GOOD,
      COGNITO_USER_POOL_ID: 'local_5xQ9',
      COGNITO_REGION: 'local',
      COGNITO_ENDPOINT: 'http://127.0.0.1:9229/',
    });
    expect(userPool).toEqual({
      userPoolId: 'local_5xQ9',
      region: 'local',
      clientId: GOOD.COGNITO_CLIENT_ID,
      endpoint: 'http://127.0.0.1:9229',
      temporaryPasswordValidityDays: 7,
    });
  });

  it("reads the pool's temporary-password validity (invitations), 1 to 365 days, and names a bad one", () => {
    expect(readConfig({ ...GOOD, COGNITO_TEMPORARY_PASSWORD_DAYS: ' 3 ' }).userPool.temporaryPasswordValidityDays).toBe(3);
    const message =
      "COGNITO_TEMPORARY_PASSWORD_DAYS must be a whole number of days from 1 to 365: the user pool's temporary password validity (TemporaryPasswordValidityDays, 7 by default)";
    for (const bad of ['0', '366', '7.5', 'seven', '-1']) {
      expect(problemsOf({ ...GOOD, COGNITO_TEMPORARY_PASSWORD_DAYS: bad })).toEqual({ COGNITO_TEMPORARY_PASSWORD_DAYS: message });
    }
  });

  it('runs on the embedded PGlite only when told to, with a directory, and never with DATABASE_URL as well', () => {
    const withoutUrl = { ...GOOD, DATABASE_URL: undefined };
    expect(problemsOf(withoutUrl)['DATABASE_URL']).toMatch(/--embedded/);
    expect(problemsOf(environmentWithFlags(withoutUrl, ['--embedded']))).toEqual({
      EMBEDDED_DATA_DIR: expect.stringMatching(/EMBEDDED_DATA_DIR is missing/),
    });
    expect(readConfig(environmentWithFlags({ ...withoutUrl, EMBEDDED_DATA_DIR: '/var/lib/hardline' }, ['--embedded'])).database).toEqual({
      kind: 'embedded',
      dataDir: '/var/lib/hardline',
    });
    expect(readConfig({ ...withoutUrl, EMBEDDED_DATABASE: 'true', EMBEDDED_DATA_DIR: '/d' }).database.kind).toBe('embedded');
    expect(problemsOf({ ...GOOD, EMBEDDED_DATABASE: 'true', EMBEDDED_DATA_DIR: '/d' })['EMBEDDED_DATABASE']).toMatch(/choose one/);
    expect(() => environmentWithFlags(GOOD, ['--seed'])).toThrow('Unknown option --seed');
  });

  it('treats an empty variable as unset', () => {
    expect(problemsOf({ ...GOOD, COGNITO_CLIENT_ID: '' })['COGNITO_CLIENT_ID']).toMatch(/is missing/);
    expect(readConfig({ ...GOOD, PORT: '' }).http.port).toBe(8787);
  });

  it('composes any area: a new one is a schema over its variables, and its problems join the others', () => {
    const billingArea = v.pipe(
      v.object({
        BILLING_PROVIDER: v.picklist(['stripe', 'none'], 'BILLING_PROVIDER must be stripe or none'),
        RETRIES: wholeNumber('RETRIES', 0, 5, 2),
      }),
      v.transform((e) => ({ provider: e.BILLING_PROVIDER, retries: e.RETRIES })),
    );
    const areas = { billing: billingArea, other: v.object({ NAME: v.string('NAME is missing') }) };
    expect(parseConfig(areas, { BILLING_PROVIDER: 'stripe', NAME: 'x' })).toEqual({
      billing: { provider: 'stripe', retries: 2 },
      other: { NAME: 'x' },
    });
    expect(() => parseConfig(areas, { BILLING_PROVIDER: 'paypal', RETRIES: '9' })).toThrow(
      /BILLING_PROVIDER must be stripe or none\n {2}- RETRIES must be a whole number from 0 to 5\n {2}- NAME is missing/,
    );
    expect(() => parseConfig(areas, { NAME: 'x' })).toThrow('BILLING_PROVIDER is missing');
  });
});
