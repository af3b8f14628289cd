/**
 * The API's configuration, read from the environment once at start and parsed with valibot.
 *
 * The configuration is made of areas. An area is one valibot schema over the variables it reads
 * (`v.object({ PORT: ..., HOST: ... })`), piped into the typed value the code uses; the areas are
 * composed in one place, server/config.ts. Adding settings (billing, rate limits, a model URL) is
 * one area schema beside the code that uses it and one line there.
 *
 * Every bad variable is named, all at once: `ConfigError.problems` lists each variable with what is
 * wrong with it, and the message lists them one per line (the production entry prints it and exits).
 * A variable set to the empty string counts as unset. Secrets are never echoed back: a problem says
 * what a value should look like, not what it was.
 */
import * as v from 'valibot';
import { DEFAULT_SESSION_TIMEOUTS, type SessionTimeouts } from './db';

/** The environment as the process sees it. */
export type Env = Readonly<Record<string, string | undefined>>;

/** One area of the configuration: a schema over the variables it reads, with the typed value it makes of them. */
export type ConfigArea<T = unknown> = v.GenericSchema<Record<string, string | undefined>, T>;

/** The typed configuration of a set of areas. */
export type ConfigOf<A extends Record<string, ConfigArea>> = { [K in keyof A]: v.InferOutput<A[K]> };

export interface ConfigProblem {
  /** The environment variable. */
  variable: string;
  /** What is wrong, starting with the variable's name. */
  message: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    super(`The API is not configured:\n${problems.map((p) => `  - ${p.message}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses every area of `areas` from `env`; throws ConfigError naming every bad variable of every area. */
export function parseConfig<A extends Record<string, ConfigArea>>(areas: A, env: Env): ConfigOf<A> {
  const variables: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) variables[name] = value === '' ? undefined : value;
  const problems: ConfigProblem[] = [];
  const config: Record<string, unknown> = {};
  for (const [area, schema] of Object.entries(areas)) {
    const result = v.safeParse(schema, variables, { abortPipeEarly: true });
    if (result.success) {
      config[area] = result.output;
      continue;
    }
    for (const issue of result.issues) {
      const variable = v.getDotPath(issue) ?? area;
      // A required variable that is unset, in a schema without a message of its own for that.
      const message =
        variables[variable] === undefined && /^Invalid (key|type)/.test(issue.message) ? `${variable} is missing` : issue.message;
      if (!problems.some((p) => p.variable === variable)) problems.push({ variable, message });
    }
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return config as ConfigOf<A>;
}

// Building blocks for area schemas. Each takes the variable's name, so that its messages name it.

/** A required string (an unset variable reads as '', so it gets this message too). */
const requiredString = (name: string, hint: string) =>
  v.optional(v.pipe(v.string(`${name} is missing: ${hint}`), v.trim(), v.minLength(1, `${name} is missing: ${hint}`)), '');

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An https URL (plain http only on a loopback host: the local stack, a test), without a trailing
 * slash. `originOnly`: no path, query or fragment (a CORS origin).
 */
const publicUrl = (name: string, example: string, options: { originOnly?: boolean } = {}) =>
  v.pipe(
    requiredString(name, `set it to ${example}`),
    v.url(`${name} must be a URL such as ${example}`),
    v.check((value) => {
      const url = new URL(value);
      return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK.has(url.hostname));
    }, `${name} must be an https URL such as ${example} (plain http only for localhost)`),
    v.check((value) => {
      if (!options.originOnly) return true;
      const url = new URL(value);
      return (url.pathname === '/' || url.pathname === '') && url.search === '' && url.hash === '';
    }, `${name} must be an origin, with no path, such as ${example}`),
    v.transform((value) => (options.originOnly ? new URL(value).origin : value.replace(/\/+$/, ''))),
  );

/** A whole number in [min, max], with a default when unset. */
export const wholeNumber = (name: string, min: number, max: number, fallback: number) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d+$/, `${name} must be a whole number from ${min} to ${max}`),
      v.transform(Number),
      v.minValue(min, `${name} must be a whole number from ${min} to ${max}`),
      v.maxValue(max, `${name} must be a whole number from ${min} to ${max}`),
    ),
    String(fallback),
  );

/** `true`/`false` (also 1/0, yes/no), with a default when unset. */
const flag = (name: string, fallback: boolean) =>
  v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.toLowerCase(),
      v.picklist(['true', 'false', '1', '0', 'yes', 'no'], `${name} must be true or false`),
      v.transform((value) => value === 'true' || value === '1' || value === 'yes'),
    ),
    String(fallback),
  );

// The core areas: the HTTP server, the database, the user pool, the console, the log.

export const httpArea = v.pipe(
  v.object({
    HOST: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1)), '0.0.0.0'),
    PORT: wholeNumber('PORT', 1, 65535, 8787),
    SHUTDOWN_TIMEOUT_SECONDS: wholeNumber('SHUTDOWN_TIMEOUT_SECONDS', 1, 3600, 25),
  }),
  v.transform((e) => ({ host: e.HOST, port: e.PORT, shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_SECONDS * 1000 })),
);

const DATABASE_URL_HINT = 'a PostgreSQL connection string such as postgres://hardline:secret@db.internal:5432/hardline';

export type DatabaseConfig =
  { kind: 'postgres'; url: string; poolSize: number; timeouts: SessionTimeouts } | { kind: 'embedded'; dataDir: string };

/**
 * PostgreSQL (DATABASE_URL), or the embedded PGlite only when asked for (`--embedded` or
 * EMBEDDED_DATABASE=true, with EMBEDDED_DATA_DIR): one process, no fsync, not for a team's data.
 */
export const databaseArea = v.pipe(
  v.object({
    DATABASE_URL: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.check((value) => /^postgres(ql)?:\/\/[^\s]+$/.test(value), `DATABASE_URL must be ${DATABASE_URL_HINT}`),
      ),
    ),
    DATABASE_POOL_SIZE: wholeNumber('DATABASE_POOL_SIZE', 1, 1000, 10),
    // Each connection's limits in milliseconds (0: the server's own setting); server/core/db.ts.
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber('DATABASE_STATEMENT_TIMEOUT_MS', 0, 3_600_000, DEFAULT_SESSION_TIMEOUTS.statementMs),
    DATABASE_LOCK_TIMEOUT_MS: wholeNumber('DATABASE_LOCK_TIMEOUT_MS', 0, 3_600_000, DEFAULT_SESSION_TIMEOUTS.lockMs),
    DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: wholeNumber(
      'DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS',
      0,
      3_600_000,
      DEFAULT_SESSION_TIMEOUTS.idleInTransactionMs,
    ),
    EMBEDDED_DATABASE: flag('EMBEDDED_DATABASE', false),
    EMBEDDED_DATA_DIR: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1))),
  }),
  v.forward(
    v.partialCheck(
      [['DATABASE_URL'], ['EMBEDDED_DATABASE']],
      (e) => e.DATABASE_URL !== undefined || e.EMBEDDED_DATABASE,
      `DATABASE_URL is missing: set ${DATABASE_URL_HINT} (or start with --embedded and EMBEDDED_DATA_DIR for the embedded PGlite, one process only)`,
    ),
    ['DATABASE_URL'],
  ),
  v.forward(
    v.partialCheck(
      [['DATABASE_URL'], ['EMBEDDED_DATABASE']],
      (e) => !(e.DATABASE_URL !== undefined && e.EMBEDDED_DATABASE),
      'EMBEDDED_DATABASE is set together with DATABASE_URL: choose one (unset EMBEDDED_DATABASE and drop --embedded to use PostgreSQL)',
    ),
    ['EMBEDDED_DATABASE'],
  ),
  v.forward(
    v.partialCheck(
      [['EMBEDDED_DATABASE'], ['EMBEDDED_DATA_DIR']],
      (e) => !e.EMBEDDED_DATABASE || e.EMBEDDED_DATA_DIR !== undefined,
      'EMBEDDED_DATA_DIR is missing: the embedded database needs a directory of its own (e.g. /var/lib/hardline/api)',
    ),
    ['EMBEDDED_DATA_DIR'],
  ),
  v.transform((e): DatabaseConfig =>
    e.EMBEDDED_DATABASE
      ? { kind: 'embedded', dataDir: e.EMBEDDED_DATA_DIR ?? '' }
      : {
          kind: 'postgres',
          url: e.DATABASE_URL ?? '',
          poolSize: e.DATABASE_POOL_SIZE,
          timeouts: {
            statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
            lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
            idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
          },
        },
  ),
);

const POOL_ID = /^([\w-]+)_[0-9a-zA-Z]+$/;
const TEMPORARY_PASSWORD_DAYS_MESSAGE =
  "COGNITO_TEMPORARY_PASSWORD_DAYS must be a whole number of days from 1 to 365: the user pool's temporary password validity (TemporaryPasswordValidityDays, 7 by default)";

/** The user pool: its id and region, the console's app client (token audience), an endpoint override for cognito-local. */
export const userPoolArea = v.pipe(
  v.object({
    COGNITO_USER_POOL_ID: v.pipe(
      requiredString('COGNITO_USER_POOL_ID', 'the user pool id, such as eu-west-1_AbC123'),
      v.regex(POOL_ID, 'COGNITO_USER_POOL_ID must look like <region>_<id>, such as eu-west-1_AbC123'),
    ),
    COGNITO_REGION: v.optional(
      v.pipe(v.string(), v.trim(), v.regex(/^[a-z]{2}(-[a-z]+)+-\d$|^local$/, 'COGNITO_REGION must be an AWS region such as eu-west-1')),
    ),
    COGNITO_CLIENT_ID: requiredString('COGNITO_CLIENT_ID', "the console's app client id (an app client without a secret)"),
    // The pool's TemporaryPasswordValidityDays: how long an invitation's temporary password works
    // (docs/USERS.md "Invitations"). It must match the pool's setting; the API cannot read it.
    COGNITO_TEMPORARY_PASSWORD_DAYS: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.regex(/^\d{1,3}$/, TEMPORARY_PASSWORD_DAYS_MESSAGE),
        v.transform(Number),
        v.minValue(1, TEMPORARY_PASSWORD_DAYS_MESSAGE),
        v.maxValue(365, TEMPORARY_PASSWORD_DAYS_MESSAGE),
      ),
      '7',
    ),
    COGNITO_ENDPOINT: v.optional(
      v.pipe(
        v.string(),
        v.trim(),
        v.url('COGNITO_ENDPOINT must be a URL such as http://127.0.0.1:9229 (only for cognito-local; unset for AWS)'),
        v.transform((value) => value.replace(/\/+$/, '')),
      ),
    ),
  }),
  v.transform((e) => {
    const region = e.COGNITO_REGION ?? POOL_ID.exec(e.COGNITO_USER_POOL_ID)?.[1] ?? '';
    return {
      userPoolId: e.COGNITO_USER_POOL_ID,
      region,
      clientId: e.COGNITO_CLIENT_ID,
      /** Set for cognito-local; undefined for AWS (the SDK and the token issuer use the region's endpoint). */
      endpoint: e.COGNITO_ENDPOINT,
      /** Days a temporary password (an invitation) works: the pool's TemporaryPasswordValidityDays. */
      temporaryPasswordValidityDays: e.COGNITO_TEMPORARY_PASSWORD_DAYS,
    };
  }),
);

/** Where the console is (CORS, return links) and where the API's own hosted pages are reached. */
export const consoleArea = v.pipe(
  v.object({
    CONSOLE_ORIGIN: publicUrl('CONSOLE_ORIGIN', 'https://admin.example.com', { originOnly: true }),
    API_PUBLIC_URL: publicUrl('API_PUBLIC_URL', 'https://api.example.com'),
  }),
  v.transform((e) => ({ webOrigin: e.CONSOLE_ORIGIN, apiOrigin: e.API_PUBLIC_URL })),
);

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const logArea = v.pipe(
  v.object({
    LOG_LEVEL: v.optional(v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`), 'info'),
  }),
  v.transform((e) => ({ level: e.LOG_LEVEL })),
);
